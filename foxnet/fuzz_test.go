package foxnet

import (
	"strings"
	"testing"

	"github.com/minotaur-game/minotaur/games/foxhunt"
	"github.com/minotaur-game/minotaur/games/foxhunt/bot"
)

// FuzzReader: no input makes the Reader panic, a state it returns is
// consistent with its header, and the bot can answer it (players off the
// map, on walls, the same name twice).
func FuzzReader(f *testing.F) {
	f.Add(fixtureText(f, "wiki-block1.txt"))
	f.Add(fixtureText(f, "reference-v0.5.5.transcript"))
	f.Add("game:1/1,round:1/1,players:1,mapsize:x01y01,timeout:1.00s,\n\nmap:\n_|\n\nscoretable:\nname:a,score:1,x:0,y:0;\n/scoretable\n")
	f.Fuzz(func(t *testing.T, text string) {
		var r Reader
		for _, line := range strings.Split(text, "\n") {
			s, err := r.Line(line)
			if err != nil || s == nil {
				continue
			}
			if len(s.Rows) != s.H || len(s.Table) != s.Players {
				t.Fatalf("inconsistent state %+v", s)
			}
			for _, row := range s.Rows {
				if len(row) != s.W {
					t.Fatalf("row %q of a %d-wide map", row, s.W)
				}
			}
			// the bot answers any state it can read, as fox and as hunter
			for _, e := range s.Table {
				b := bot.NewBrain(e.Name, 1)
				b.Decide(&s.View)
				b.Decide(&s.View)
			}
		}
	})
}

// FuzzCommands: no line a player can send makes a round panic or break the
// rules' invariants.
func FuzzCommands(f *testing.F) {
	for _, s := range []string{"w", "b3w", "b99999999999999999999d", "b", "bxw", "q", "n", "\x00"} {
		f.Add(s, s)
	}
	f.Fuzz(func(t *testing.T, a, b string) {
		g, err := foxhunt.New(foxhunt.Config{W: 9, H: 7, Rounds: 20, Seed: 3}, []string{"x", "y", "z"})
		if err != nil {
			t.Fatal(err)
		}
		for i := 0; i < 12; i++ {
			g.Submit(0, a)
			g.Submit(1, b)
			g.Submit(2, "b1d")
			g.EndRound()
			for _, p := range g.Players() {
				if !p.Gone && g.Board().Cell(p.At) != foxhunt.Free {
					t.Fatalf("a player stands in a wall at %v", p.At)
				}
			}
			AppendBlock(nil, Wiki, g, Frame{})
		}
	})
}

func fixtureText(f *testing.F, name string) string {
	b, err := readFixture(name)
	if err != nil {
		f.Fatalf("fixture missing: %v", err)
	}
	return b
}
