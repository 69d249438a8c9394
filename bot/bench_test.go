package bot

import (
	"testing"

	"github.com/minotaur-game/minotaur/engine"
)

// benchAct measures one decision of a bot over whole level-7 games (the
// largest maze, every kind of monster), seed after seed.
func benchAct(b *testing.B, newPlayer func() Player) {
	b.ReportAllocs()
	seed := uint64(1)
	var g *engine.Game
	var p Player
	var ev []engine.Event
	for i := 0; i < b.N; i++ {
		if g == nil || g.Result() != engine.InProgress || g.LevelNumber() != 7 || g.View(1).Turn > 300 {
			b.StopTimer()
			var err error
			if g, err = engine.New(engine.Config{Seed: seed, Players: 1, Start: 7}); err != nil {
				b.Fatal(err)
			}
			seed++
			p, ev = newPlayer(), nil
			b.StartTimer()
		}
		v := g.View(1)
		a := p.Act(&v, ev)
		b.StopTimer()
		var err error
		if ev, err = g.Apply(1, a); err != nil {
			b.Fatal(err)
		}
		b.StartTimer()
	}
}

func BenchmarkReferenceAct(b *testing.B) { benchAct(b, func() Player { return NewReference() }) }

func BenchmarkNaiveAct(b *testing.B) { benchAct(b, func() Player { return NewNaive() }) }
