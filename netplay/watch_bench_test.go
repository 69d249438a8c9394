package netplay

import (
	"bufio"
	"bytes"
	"fmt"
	"io"
	"testing"
	"time"

	"github.com/minotaur-game/minotaur/engine"
	"github.com/minotaur-game/minotaur/internal/cputime"
)

// BenchmarkWatchedAct is BenchmarkAct with spectators: the same co-op game
// (and a solo game) played through the server core (no network) with 0, 1
// and 10 sessions watching it, every line drained and written (through a
// buffer to io.Discard, as a session's writer does). Each op is one action:
// the request parsed, the turn applied, the players' and the spectators'
// states built and queued. BenchmarkSpectatorCost turns the difference into
// a share.
func BenchmarkWatchedAct(b *testing.B) {
	for _, mode := range []string{"coop", "solo"} {
		for _, level := range []int{1, 7} {
			for _, watchers := range []int{0, 1, 10} {
				b.Run(fmt.Sprintf("%s/level=%d/watchers=%d", mode, level, watchers), func(b *testing.B) {
					benchWatched(b, mode, level, watchers)
				})
			}
		}
	}
}

func benchWatched(b *testing.B, mode string, level, watchers int) {
	g := newBenchGame(b, mode, level, watchers)
	b.ReportAllocs()
	b.ResetTimer()
	cpu := cputime.Start()
	for i := 0; i < b.N; i++ {
		g.step(i)
	}
	cpu.Report(b)
	b.StopTimer()
	g.check(b)
	b.ReportMetric(float64(g.lines)/float64(b.N), "lines/op")
}

// BenchmarkSpectatorCost measures what a spectator adds to a game's cost
// (target: under 5 %). Two servers play the same game side by side, one
// unwatched and one with 1 or 10 spectators; each op is one action in each,
// timed separately, so that the two are measured under the same load of the
// machine. It reports both times per action and the cost of one spectator
// in percent of the unwatched action ("%/watcher").
func BenchmarkSpectatorCost(b *testing.B) {
	for _, mode := range []string{"coop", "solo"} {
		for _, level := range []int{1, 7} {
			for _, watchers := range []int{1, 10} {
				b.Run(fmt.Sprintf("%s/level=%d/watchers=%d", mode, level, watchers), func(b *testing.B) {
					spectatorCost(b, mode, level, watchers)
				})
			}
		}
	}
}

func spectatorCost(b *testing.B, mode string, level, watchers int) {
	plain, watched := newBenchGame(b, mode, level, 0), newBenchGame(b, mode, level, watchers)
	var tPlain, tWatched time.Duration
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		t0 := time.Now()
		plain.step(i)
		t1 := time.Now()
		watched.step(i)
		t2 := time.Now()
		tPlain += t1.Sub(t0)
		tWatched += t2.Sub(t1)
	}
	b.StopTimer()
	plain.check(b)
	watched.check(b)
	p, w := float64(tPlain)/float64(b.N), float64(tWatched)/float64(b.N)
	b.ReportMetric(p, "unwatched-ns/act")
	b.ReportMetric(w, "watched-ns/act")
	b.ReportMetric(100*(w-p)/p/float64(watchers), "%/watcher")
}

// benchGame is a co-op or solo game on a server core, with spectators.
type benchGame struct {
	players  []*Session
	watchers []*Session
	lines    int           // lines drained since the timer started
	last     []byte        // the players' last line, when keep
	lastSeen [][]byte      // each spectator's last line, when keep
	w        *bufio.Writer // the writers' buffer, to io.Discard
	keep     bool          // keep a copy of the lines (their storage is reused once written)
	steps    int           // the steps played: the next is step(steps)
	moves    [2][]byte     // seat 1's two actions, there and back
}

// benchWalk returns the actions that take seat 1 from its start to a
// floor tile next to it and back: each costs a turn, so that every action
// is seen by every spectator.
func benchWalk(b *testing.B, lv engine.Level) (back, forth []byte) {
	b.Helper()
	act := func(a byte) []byte { return []byte(`{"t":"act","a":"` + string(a) + `"}`) }
	s := lv.Starts[0]
	for _, d := range []struct {
		dx, dy      int
		forth, back byte
	}{{1, 0, 'd', 'a'}, {-1, 0, 'a', 'd'}, {0, 1, 's', 'w'}, {0, -1, 'w', 's'}} {
		p := engine.Point{X: s.X + d.dx, Y: s.Y + d.dy}
		if !lv.IsWall(p) && (len(lv.Starts) < 2 || p != lv.Starts[1]) {
			return act(d.back), act(d.forth)
		}
	}
	b.Fatal("the start has no free floor next to it")
	return nil, nil
}

// newBenchGame starts a game on a board of the size of the given level
// of the campaign (1 or 7) with no monsters, so that it never ends: a
// hand-made 7 × 9 one, or level 7 of seed 3 (21 × 23) with its monsters
// taken off.
func newBenchGame(b *testing.B, mode string, level, watchers int) *benchGame {
	b.Helper()
	var lv engine.Level
	switch level {
	case 1:
		starts := "#PP.....#"
		if mode == "solo" {
			starts = "#P......#"
		}
		lv = parseLevel(b,
			"#########",
			starts,
			"#.#####.#",
			"#...K...#",
			"#.#####.#",
			"#......E#",
			"#########",
		)
	case 7:
		var err error
		if lv, err = engine.Generate(3, 7); err != nil {
			b.Fatal(err)
		}
		lv.Monsters = nil
	default:
		b.Fatalf("no bench board for level %d", level)
	}
	back, forth := benchWalk(b, lv)
	srv, err := NewServer(Config{Levels: []engine.Level{lv}, LobbyInterval: -1, PingAfter: time.Hour, DropAfter: 2 * time.Hour})
	if err != nil {
		b.Fatal(err)
	}
	g := &benchGame{moves: [2][]byte{forth, back}, lastSeen: make([][]byte, watchers), w: bufio.NewWriterSize(io.Discard, 4096)}
	names := []string{"alice", "bob"}
	if mode == "solo" {
		names = names[:1]
	}
	for _, name := range names {
		s, _ := srv.Attach(name, nil)
		s.Handle([]byte(`{"t":"hello","v":1,"name":"` + name + `"}`))
		g.players = append(g.players, s)
	}
	if mode == "solo" {
		g.players[0].Handle([]byte(`{"t":"solo"}`))
	} else {
		g.players[0].Handle([]byte(`{"t":"invite","to":"bob"}`))
		g.players[1].Handle([]byte(`{"t":"accept","from":"alice"}`))
	}
	var id string
	for l, ok := g.players[0].take(); ok; l, ok = g.players[0].take() {
		line := l.bytes()
		if m, err := DecodeMessage(bytes.TrimSuffix(line, []byte("\n"))); err == nil {
			if s, ok := m.(*Start); ok {
				id = s.Game
			}
		}
	}
	if id == "" {
		b.Fatal("alice got no start")
	}
	for i := 0; i < watchers; i++ {
		name := fmt.Sprintf("w%d", i)
		w, _ := srv.Attach(name, nil)
		w.Handle([]byte(`{"t":"hello","v":1,"name":"` + name + `"}`))
		w.Handle([]byte(`{"t":"watch","game":"` + id + `"}`))
		g.watchers = append(g.watchers, w)
	}
	g.drain()
	g.lines = 0
	return g
}

// Seat 1 walks there and back, seat 2 skips: the game never ends. Alone,
// seat 1 walks on every op.
var benchSkip = []byte(`{"t":"act","a":"."}`)

func (g *benchGame) step(i int) {
	g.steps = i + 1
	if len(g.players) == 1 {
		g.players[0].Handle(g.moves[i%2])
	} else if i%2 == 0 {
		g.players[0].Handle(g.moves[(i/2)%2])
	} else {
		g.players[1].Handle(benchSkip)
	}
	g.drain()
}

// drain takes every queued line and writes it as a session's writer does
// (to io.Discard): a player's line goes back to the pool of line storage,
// a spectator's shared line is put together with its seq.
func (g *benchGame) drain() {
	defer g.w.Flush()
	for _, s := range g.players {
		for l, ok := s.take(); ok; l, ok = s.take() {
			if g.keep {
				g.last = bytes.Clone(l.bytes())
			}
			l.writeTo(g.w)
			g.lines++
		}
	}
	for i, s := range g.watchers {
		for l, ok := s.take(); ok; l, ok = s.take() {
			if g.keep {
				g.lastSeen[i] = bytes.Clone(l.bytes())
			}
			l.writeTo(g.w)
			g.lines++
		}
	}
}

// check plays one more action, untimed, and fails the benchmark unless
// the players and every spectator were sent states.
func (g *benchGame) check(b *testing.B) {
	b.Helper()
	g.keep = true
	g.step(g.steps)
	isState := func(line []byte) bool {
		if len(line) == 0 {
			return false
		}
		m, err := DecodeMessage(line[:len(line)-1])
		return err == nil && m.Type() == TypeState
	}
	if !isState(g.last) {
		b.Fatalf("the actions were answered with %q", g.last)
	}
	for i, line := range g.lastSeen {
		if !isState(line) {
			b.Fatalf("spectator %d was last sent %q, not a state", i, line)
		}
	}
}
