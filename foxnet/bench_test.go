package foxnet

import (
	"math/rand/v2"
	"slices"
	"strconv"
	"testing"
	"time"

	"github.com/minotaur-game/minotaur/games/foxhunt"
	"github.com/minotaur-game/minotaur/internal/cputime"
)

// BenchmarkRound64On101 plays rounds of 64 players on a 101×101 map: every
// player's command submitted (moves and bombs at random), the round played
// and its block built in both dialects, as the server does each round. It
// reports the 99th percentile of a round as p99-ms.
func BenchmarkRound64On101(b *testing.B) {
	names := make([]string, 64)
	for i := range names {
		names[i] = "player" + strconv.Itoa(i)
	}
	rng := rand.New(rand.NewPCG(1, 2))
	cmds := []string{"w", "a", "s", "d", "b", "b3w", "b2d", "n"}
	newGame := func() *foxhunt.Game {
		g, err := foxhunt.New(foxhunt.Config{W: 101, H: 101, Rounds: foxhunt.MaxRounds, Seed: 9}, names)
		if err != nil {
			b.Fatal(err)
		}
		return g
	}
	g := newGame()
	var buf []byte
	times := make([]time.Duration, 0, b.N)
	b.ReportAllocs()
	b.ResetTimer()
	cpu := cputime.Start()
	for i := 0; i < b.N; i++ {
		start := time.Now()
		for s := range names {
			g.Submit(s, cmds[rng.IntN(len(cmds))])
		}
		g.EndRound()
		buf = AppendBlock(buf[:0], Wiki, g, Frame{Game: 1, Games: 1, Timeout: time.Second})
		buf = AppendBlock(buf[:0], Mica, g, Frame{Game: 1, Games: 1, Timeout: time.Second})
		times = append(times, time.Since(start))
	}
	cpu.Report(b)
	b.StopTimer()
	slices.Sort(times)
	p99 := times[min(len(times)-1, len(times)*99/100)]
	b.ReportMetric(float64(p99.Microseconds())/1000, "p99-ms")
}
