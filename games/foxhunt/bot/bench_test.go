package bot

import (
	"strconv"
	"testing"

	"github.com/minotaur-game/minotaur/games/foxhunt"
	"github.com/minotaur-game/minotaur/internal/cputime"
)

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
	st := ViewOf(g)
	brains := make([]*Brain, len(st.Table)-1)
	for i := range brains {
		brains[i] = NewBrain(st.Table[i+1].Name, 1)
	}
	b.ReportAllocs()
	b.ResetTimer()
	cpu := cputime.Start()
	for i := 0; i < b.N; i++ {
		brain := brains[i%len(brains)] // every hunter, near the fox or far
		brain.flee = 0
		brain.Decide(st)
	}
	cpu.Report(b)
}
