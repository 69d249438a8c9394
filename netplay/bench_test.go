package netplay

import (
	"testing"

	"github.com/minotaur-game/minotaur/engine"
)

// BenchmarkStateLevel7 builds and encodes one `state` line of level 7.
func BenchmarkStateLevel7(b *testing.B) {
	lv, err := engine.Generate(3, 7)
	if err != nil {
		b.Fatal(err)
	}
	g, err := engine.New(engine.Config{Seed: 3, Players: 2, Levels: []engine.Level{lv}})
	if err != nil {
		b.Fatal(err)
	}
	names := [2]string{"alice", "bob"}
	ev := []engine.Event{{Kind: engine.EvMoved, Seat: 1}, {Kind: engine.EvTookKey, Seat: 1, Item: engine.Key}}
	b.ReportAllocs()
	n := 0
	for i := 0; i < b.N; i++ {
		v := g.View(1)
		sentences, happened := told(ev, 1, names)
		n = len(newState(int64(i), v, names, sentences, happened).line())
	}
	b.ReportMetric(float64(n), "bytes/line")
}

// BenchmarkAct plays actions through the server core (no network): the
// request line parsed, the turn applied, both seats' states built, queued
// and written as a session's writer does. It is BenchmarkWatchedAct's
// co-op game with nobody watching.
func BenchmarkAct(b *testing.B) { benchWatched(b, "coop", 1, 0) }
