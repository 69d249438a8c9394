package netplay

import (
	"testing"

	"github.com/minotaur-game/minotaur/engine"
	"github.com/minotaur-game/minotaur/internal/cputime"
)

// stateBuilder builds level-7 state lines the way a game's room does:
// the view, the sentences and the told events into storage kept from one
// state to the next, the line into a pooled buffer that goes back to the
// pool once written.
type stateBuilder struct {
	g        *engine.Game
	names    [2]string
	view     engine.View
	said     []string
	happened []engine.Event
}

func newStateBuilder(tb testing.TB) *stateBuilder {
	lv, err := engine.Generate(3, 7)
	if err != nil {
		tb.Fatal(err)
	}
	g, err := engine.New(engine.Config{Seed: 3, Players: 2, Levels: []engine.Level{lv}})
	if err != nil {
		tb.Fatal(err)
	}
	return &stateBuilder{g: g, names: [2]string{"alice", "bob"}}
}

// line builds seat 1's state telling ev and hands the line to a writer
// that drops it; it returns the line's length.
func (s *stateBuilder) line(seq int64, ev []engine.Event) int {
	s.said, s.happened = toldInto(ev, 1, s.names, s.said, s.happened)
	s.g.ViewInto(&s.view, 1)
	line, buf := newState(seq, s.view, s.names, s.said, s.happened).pooledLine()
	n := len(line)
	*buf = line[:0]
	lineBufs.Put(buf)
	return n
}

// BenchmarkStateLevel7 builds and encodes one `state` line of level 7, as
// a room does for each seat after an action: here seat 1 stepped and its
// partner took the key (a sentence naming the partner, one allocation).
func BenchmarkStateLevel7(b *testing.B) {
	s := newStateBuilder(b)
	ev := []engine.Event{{Kind: engine.EvMoved, Seat: 1}, {Kind: engine.EvTookKey, Seat: 2, Item: engine.Key}}
	b.ReportAllocs()
	n := 0
	cpu := cputime.Start()
	for i := 0; i < b.N; i++ {
		n = s.line(int64(i), ev)
	}
	cpu.Report(b)
	b.ReportMetric(float64(n), "bytes/line")
}

// BenchmarkStateLevel7Step is BenchmarkStateLevel7 for a plain step,
// which tells no sentence: most of the lines a server sends.
func BenchmarkStateLevel7Step(b *testing.B) {
	s := newStateBuilder(b)
	ev := []engine.Event{{Kind: engine.EvMoved, Seat: 1}}
	b.ReportAllocs()
	cpu := cputime.Start()
	for i := 0; i < b.N; i++ {
		s.line(int64(i), ev)
	}
	cpu.Report(b)
}

// TestStateLineAllocatesNothing: after the first, a level-7 state line of a
// plain step costs no allocation (the server sends one to every player
// after every action).
func TestStateLineAllocatesNothing(t *testing.T) {
	s := newStateBuilder(t)
	ev := []engine.Event{{Kind: engine.EvMoved, Seat: 1}}
	s.line(1, ev)
	if n := testing.AllocsPerRun(100, func() { s.line(2, ev) }); n != 0 {
		t.Errorf("a state line of a step costs %v allocations, want none", n)
	}
}

// BenchmarkAct plays actions through the server core (no network): the
// request line parsed, the turn applied, both seats' states built, queued
// and written as a session's writer does. It is BenchmarkWatchedAct's
// co-op game with nobody watching.
func BenchmarkAct(b *testing.B) { benchWatched(b, "coop", 1, 0) }
