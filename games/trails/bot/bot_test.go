package bot

import (
	"flag"
	"fmt"
	"testing"
	"time"

	"github.com/minotaur-game/minotaur/games/trails"
	"github.com/minotaur-game/minotaur/internal/cputime"
	"github.com/minotaur-game/minotaur/internal/testenv"
)

var matchGames = flag.Int("match", 0, "play this many games for each pair of bot levels and print the match table (docs/trails.md)")

// playBots plays a whole classic game between two bot levels (blue, red)
// and returns the winner.
func playBots(t testing.TB, cfg trails.Config, blue, red int, seed uint64) (int, int) {
	g, err := trails.New(cfg, seed)
	if err != nil {
		t.Fatal(err)
	}
	bots := [2]*Player{{Level: blue, Seed: seed}, {Level: red, Seed: seed ^ 0x5eed}}
	for !g.Over() {
		d := bots[g.Current()-1].Choose(g.Position())
		if _, err := g.Move(d); err != nil {
			t.Fatalf("seed %d: the level %d bot chose an illegal move: %v", seed, bots[g.Current()-1].Level, err)
		}
	}
	w, _ := g.Winner()
	return w, len(g.Moves())
}

// The bot is deterministic for the same seed and plays only legal moves.
func TestBotDeterministic(t *testing.T) {
	for level := 1; level <= 3; level++ {
		a, ma := playBots(t, trails.Classic(), level, 2, 7)
		b, mb := playBots(t, trails.Classic(), level, 2, 7)
		if a != b || ma != mb {
			t.Fatalf("level %d: the same seed gave %d in %d moves, then %d in %d", level, a, ma, b, mb)
		}
	}
}

// The bot takes a tower that wins at once, at every level.
func TestBotTakesTheWinningTower(t *testing.T) {
	// On 7 × 7 with one tower in the middle, Blue goes right twice, to
	// (3, 0), then down one: its next move down jumps two cells onto the
	// tower, (3, 3), and wins.
	g, err := trails.New(trails.Config{Size: 7, Towers: 1, Distance: 1, First: 1}, 1)
	if err != nil {
		t.Fatal(err)
	}
	for _, d := range []trails.Dir{trails.Right, trails.Up, trails.Right, trails.Up, trails.Down, trails.Left} {
		if _, err := g.Move(d); err != nil {
			t.Fatal(err)
		}
	}
	if m, err := g.Position().Plan(trails.Down); err != nil || m.Tower != 0 || m.To != (trails.Cell{X: 3, Y: 3}) {
		t.Fatalf("Blue's move down is %+v, %v: not the jump onto the tower", m, err)
	}
	for level := trails.MinBotLevel; level <= trails.MaxBotLevel; level++ {
		if d := (&Player{Level: level}).Choose(g.Position()); d != trails.Down {
			t.Errorf("level %d chose %s, not the winning jump down", level, d)
		}
	}
}

// Level 3 beats level 1 from both sides: 20 games a side under make
// test-long, 4 in the quick suite (the full 200 games: -match 100).
func TestLevel3BeatsLevel1(t *testing.T) {
	games := testenv.Pick(4, 20)
	switch {
	case raceEnabled:
		games = 2 // the strength is measured without the detector
	case testing.Short():
		games = 6
	}
	wins := 0
	for seed := uint64(1); seed <= uint64(games); seed++ {
		if w, _ := playBots(t, trails.Classic(), 3, 1, seed); w == 1 {
			wins++
		}
		if w, _ := playBots(t, trails.Classic(), 1, 3, seed); w == 2 {
			wins++
		}
	}
	if wins*10 < 2*games*9 {
		t.Fatalf("level 3 won %d of %d games against level 1, want at least 90 %%", wins, 2*games)
	}
}

// TestMatchTable prints the match table of docs/trails.md: go test
// ./games/trails/bot -run MatchTable -match 100 (each pair plays 100 games
// with each colour).
func TestMatchTable(t *testing.T) {
	if *matchGames == 0 {
		t.Skip("run with -match N to print the table")
	}
	n := *matchGames
	fmt.Printf("| Blue \\ Red | level 1 | level 2 | level 3 |\n|---|---|---|---|\n")
	for blue := 1; blue <= 3; blue++ {
		fmt.Printf("| level %d |", blue)
		for red := 1; red <= 3; red++ {
			wins, moves := 0, 0
			for seed := uint64(1); seed <= uint64(n); seed++ {
				w, m := playBots(t, trails.Classic(), blue, red, seed)
				if w == 1 {
					wins++
				}
				moves += m
			}
			fmt.Printf(" %.0f %% (%.0f moves) |", 100*float64(wins)/float64(n), float64(moves)/float64(n))
		}
		fmt.Println()
	}
}

func BenchmarkBotClassic(b *testing.B) {
	for level := 1; level <= 3; level++ {
		b.Run(fmt.Sprintf("level%d", level), func(b *testing.B) {
			// Positions from a level-2 self-play game, so the bot is
			// timed on the openings, middle and ends of a real game.
			g, _ := trails.New(trails.Classic(), 3)
			var ps []*trails.Position
			for bot := (&Player{Level: 2, Seed: 3}); !g.Over(); {
				ps = append(ps, g.Position().Clone())
				g.Move(bot.Choose(g.Position()))
			}
			bot := &Player{Level: level, Seed: 1}
			b.ReportAllocs()
			b.ResetTimer()
			var slowest time.Duration
			cpu := cputime.Start()
			for i := 0; i < b.N; i++ {
				start := time.Now()
				bot.Choose(ps[i%len(ps)])
				slowest = max(slowest, time.Since(start))
			}
			cpu.Report(b)
			b.ReportMetric(float64(slowest.Microseconds())/1000, "max-ms")
		})
	}
}
