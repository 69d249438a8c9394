package bot

import (
	"runtime"
	"slices"
	"testing"
	"time"

	"github.com/minotaur-game/minotaur/engine"
	"github.com/minotaur-game/minotaur/internal/cputime"
	"github.com/minotaur-game/minotaur/internal/testboard"
)

// benchAct measures one decision of a bot over whole level-7 games (the
// largest maze, every kind of monster), seed after seed, and reports the
// slowest decisions too (p99, max): those where the planner runs.
//
// The CPU time of each decision is read from the thread's clock (the
// goroutine locked to its thread), which other work on the machine
// hardly moves: cpu-ns/op is the mean, p99-cpu-µs and max-cpu-µs the
// slowest. p99-µs and max-µs are the wall times.
func benchAct(b *testing.B, newPlayer func() Player) {
	b.ReportAllocs()
	runtime.LockOSThread()
	defer runtime.UnlockOSThread()
	took := make([]time.Duration, 0, b.N)
	cpu := make([]time.Duration, 0, b.N)
	var cpuSum time.Duration
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
		c0, _ := cputime.Thread()
		t0 := time.Now()
		a := p.Act(&v, ev)
		took = append(took, time.Since(t0))
		c1, _ := cputime.Thread()
		cpu = append(cpu, c1-c0)
		cpuSum += c1 - c0
		b.StopTimer()
		var err error
		if ev, err = g.Apply(1, a); err != nil {
			b.Fatal(err)
		}
		b.StartTimer()
	}
	b.StopTimer()
	slices.Sort(took)
	b.ReportMetric(float64(took[len(took)*99/100].Microseconds()), "p99-µs")
	b.ReportMetric(float64(took[len(took)-1].Microseconds()), "max-µs")
	if _, ok := cputime.Thread(); ok {
		slices.Sort(cpu)
		b.ReportMetric(float64(cpuSum)/float64(len(cpu)), "cpu-ns/op")
		b.ReportMetric(float64(cpu[len(cpu)*99/100].Microseconds()), "p99-cpu-µs")
		b.ReportMetric(float64(cpu[len(cpu)-1].Microseconds()), "max-cpu-µs")
	}
}

func BenchmarkReferenceAct(b *testing.B) { benchAct(b, func() Player { return NewReference() }) }

func BenchmarkNaiveAct(b *testing.B) { benchAct(b, func() Player { return NewNaive() }) }

// BenchmarkReferencePlan measures one decision of the planner alone (six
// worlds drawn and searched), at the moment of the seed-5 pincer board
// where the bot without it goes wrong: the cost of a decision when no safe
// way exists. BenchmarkReferenceAct measures the mean over whole games.
func BenchmarkReferencePlan(b *testing.B) {
	b.ReportAllocs()
	g, err := engine.New(engine.Config{Seed: 1, Players: 1, Levels: []engine.Level{testboard.Level(b, pincerBoards["seed 15"]...)}})
	if err != nil {
		b.Fatal(err)
	}
	bot := NewReference()
	var ev []engine.Event
	for i := 0; i < 14; i++ {
		v := g.View(1)
		if ev, err = g.Apply(1, bot.Act(&v, ev)); err != nil {
			b.Fatal(err)
		}
	}
	v := g.View(1)
	bot.observe(&v, ev)
	p, _ := seatPos(&v)
	b.ResetTimer()
	cpu := cputime.Start()
	for i := 0; i < b.N; i++ {
		if _, ok := bot.plan(&v, bot.k.idx(p), engine.Skip); !ok {
			b.Fatal("no world drawn")
		}
	}
	cpu.Report(b)
}
