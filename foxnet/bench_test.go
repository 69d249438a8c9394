package foxnet

import (
	"math/rand/v2"
	"slices"
	"strconv"
	"testing"
	"time"

	"github.com/minotaur-game/minotaur/games/foxhunt"
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
	b.StopTimer()
	slices.Sort(times)
	p99 := times[min(len(times)-1, len(times)*99/100)]
	b.ReportMetric(float64(p99.Microseconds())/1000, "p99-ms")
}

// BenchmarkHunterDecide101 is one decision of the computer player as a
// hunter near the fox among 64 players on 101×101 (the largest map): the
// shortest ways and the fox's territory for each of its steps.
func BenchmarkHunterDecide101(b *testing.B) { benchHunter(b, 101, 64) }

// BenchmarkHunterDecide20 is the same among 10 players on 20×20 (the load
// run's matches).
func BenchmarkHunterDecide20(b *testing.B) { benchHunter(b, 20, 10) }

func benchHunter(b *testing.B, side, players int) {
	names := make([]string, players)
	for i := range names {
		names[i] = "player" + strconv.Itoa(i)
	}
	g, err := foxhunt.New(foxhunt.Config{W: side, H: side, Rounds: foxhunt.MaxRounds, Seed: 9}, names)
	if err != nil {
		b.Fatal(err)
	}
	var r Reader
	var st *State
	for _, line := range splitLines(AppendBlock(nil, Wiki, g, Frame{Game: 1, Games: 1, Timeout: time.Second})) {
		if s, err := r.Line(line); err != nil {
			b.Fatal(err)
		} else if s != nil {
			st = s
		}
	}
	brains := make([]*Brain, len(st.Table)-1)
	for i := range brains {
		brains[i] = NewBrain(st.Table[i+1].Name, 1)
	}
	b.ReportAllocs()
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		brain := brains[i%len(brains)] // every hunter, near the fox or far
		brain.flee = 0
		brain.Decide(st)
	}
}

func splitLines(b []byte) []string {
	var out []string
	for len(b) > 0 {
		i := slices.Index(b, '\n')
		if i < 0 {
			out = append(out, string(b))
			break
		}
		out = append(out, string(b[:i]))
		b = b[i+1:]
	}
	return out
}
