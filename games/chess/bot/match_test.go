package bot

import (
	"flag"
	"math/rand/v2"
	"testing"
	"time"

	"github.com/minotaur-game/minotaur/games/chess"
	"github.com/minotaur-game/minotaur/internal/cputime"
	"github.com/minotaur-game/minotaur/internal/testenv"
)

var (
	gamesFlag  = flag.Int("games", 0, "games per pairing in TestMatch and TestMatchTable (default 6, 40 under make test-long; docs/chess.md: 200)")
	matchTable = flag.Bool("table", false, "play TestMatchTable and print the table of docs/chess.md")
)

// matchGames is how many games each pairing plays: -games, else 6 in the
// quick suite and 40 under make test-long.
func matchGames() int {
	if *gamesFlag > 0 {
		return *gamesFlag
	}
	return testenv.Pick(6, 40)
}

// slowest is the longest level-3 decision the matches saw.
var slowest time.Duration

// MaxPlies ends a measured game without a winner.
const maxPlies = 400

// match plays a game between two levels: white at level w, black at b.
func match(seed uint64, w, b int) (winner chess.Color, decided bool) {
	winner, decided, _ = matchPlies(seed, w, b)
	return winner, decided
}

// matchPlies is match, with the number of turns the game lasted.
func matchPlies(seed uint64, w, b int) (winner chess.Color, decided bool, plies int) {
	g := chess.New(rand.NewPCG(seed, 0xc4e55))
	levels := [2]int{w, b}
	for ply := 0; ply < maxPlies && !g.Over(); ply++ {
		side := g.ToMove()
		v := g.View(side)
		start := time.Now()
		m, ok := Choose(&v, levels[side], rand.New(rand.NewPCG(seed, uint64(ply))))
		if d := time.Since(start); levels[side] == Levels && d > slowest {
			// A slow decision is timed twice more and the least kept: on a
			// busy machine one run also times the wait behind others.
			for range 2 {
				start = time.Now()
				Choose(&v, levels[side], rand.New(rand.NewPCG(seed, uint64(ply))))
				d = min(d, time.Since(start))
			}
			slowest = max(slowest, d) // for the table's reader; never a pass or a fail
		}
		if !ok {
			panic("no move offered to the side to move")
		}
		if _, err := g.Apply(m); err != nil {
			panic(err)
		}
	}
	winner, drawn, over := g.Result()
	return winner, over && !drawn, g.Ply()
}

// TestMatch: level 3 wins at least 80 % of its games against level 1 and
// 95 % against a random mover, each side half the time (-games 200 for the
// figures of docs/chess.md).
func TestMatch(t *testing.T) {
	games := matchGames()
	for _, c := range []struct {
		name     string
		opponent int
		want     float64
	}{{"vs level 1", 1, 0.80}, {"vs random", Random, 0.95}} {
		t.Run(c.name, func(t *testing.T) {
			wins := 0
			for i := 0; i < games; i++ {
				color := chess.Color(i % 2)
				lv := [2]int{c.opponent, c.opponent}
				lv[color] = 3
				if w, ok := match(uint64(1000+i), lv[0], lv[1]); ok && w == color {
					wins++
				}
			}
			rate := float64(wins) / float64(games)
			t.Logf("level 3 %s: %d of %d games won (%.1f %%)", c.name, wins, games, 100*rate)
			if rate < c.want {
				t.Errorf("level 3 %s won %.1f %%, want at least %.0f %%", c.name, 100*rate, 100*c.want)
			}
		})
	}
}

// TestBotSeesOnlyItsView: two games that differ only in White's fog give
// White the same view, and the bot the same move at every level.
func TestBotSeesOnlyItsView(t *testing.T) {
	base := chess.Start()
	hidden := base
	hidden.Board[chess.At(0, 4)] = chess.NewPiece(chess.Queen, chess.Black) // a5: in White's fog
	hidden.Bonus[chess.At(7, 5)] = chess.Damage                             // h6: in White's fog
	a := chess.Setup(base, chess.White, rand.NewPCG(1, 1))
	b := chess.Setup(hidden, chess.White, rand.NewPCG(1, 1))
	va, vb := a.View(chess.White), b.View(chess.White)
	if va.Cells != vb.Cells {
		t.Fatal("the views differ: the fog let something through")
	}
	for level := Random; level <= Levels; level++ {
		for seed := uint64(1); seed <= 5; seed++ {
			ma, _ := Choose(&va, level, rand.New(rand.NewPCG(seed, 0)))
			mb, _ := Choose(&vb, level, rand.New(rand.NewPCG(seed, 0)))
			if ma != mb {
				t.Errorf("level %d seed %d: %v with nothing in the fog, %v with a queen there", level, seed, ma, mb)
			}
		}
	}
}

// BenchmarkChoose: a level-3 move in the middle of a game (docs/chess.md).
func BenchmarkChoose(b *testing.B) {
	g := chess.New(rand.NewPCG(3, 0xc4e55))
	for ply := 0; ply < 30; ply++ {
		v := g.View(g.ToMove())
		m, _ := Choose(&v, 2, rand.New(rand.NewPCG(3, uint64(ply))))
		g.Apply(m)
	}
	v := g.View(g.ToMove())
	rng := rand.New(rand.NewPCG(1, 2))
	b.ReportAllocs()
	cpu := cputime.Start()
	for b.Loop() {
		Choose(&v, 3, rng)
	}
	cpu.Report(b)
}

// TestMatchTable prints the table of docs/chess.md: each level against
// each weaker one (-table -games 200 -run TestMatchTable -v), and checks
// what the table claims: the stronger side never loses more games than it
// wins. It is long, so it plays only when asked for (TestMatch keeps the
// strongest pairings in every run).
func TestMatchTable(t *testing.T) {
	if !*matchTable {
		t.Skip("a table for a reader: run it with -table")
	}
	games := matchGames()
	for _, p := range [][2]int{{3, 0}, {3, 1}, {3, 2}, {2, 1}, {2, 0}, {1, 0}} {
		wins, losses, plies := 0, 0, 0
		for i := 0; i < games; i++ {
			color := chess.Color(i % 2)
			lv := [2]int{p[1], p[1]}
			lv[color] = p[0]
			w, ok, n := matchPlies(uint64(1000+i), lv[0], lv[1])
			plies += n
			switch {
			case ok && w == color:
				wins++
			case ok:
				losses++
			}
		}
		t.Logf("slowest level-3 decision so far: %v", slowest)
		t.Logf("| level %d | %s | %d | %d | %d | %d | %.0f |", p[0], name(p[1]), games, wins, losses, games-wins-losses, float64(plies)/float64(games))
		if losses > wins {
			t.Errorf("level %d against %s: %d wins, %d losses", p[0], name(p[1]), wins, losses)
		}
	}
}

func name(level int) string {
	if level == Random {
		return "random mover"
	}
	return "level " + string(rune('0'+level))
}

// BenchmarkChooseStart: a level-3 move from the starting position.
func BenchmarkChooseStart(b *testing.B) {
	g := chess.New(rand.NewPCG(3, 0xc4e55))
	v := g.View(chess.White)
	rng := rand.New(rand.NewPCG(1, 2))
	b.ReportAllocs()
	cpu := cputime.Start()
	for b.Loop() {
		Choose(&v, 3, rng)
	}
	cpu.Report(b)
}
