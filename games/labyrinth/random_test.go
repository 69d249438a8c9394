package labyrinth

import (
	"encoding/json"
	"math/rand/v2"
	"strings"
	"testing"
)

// TestRandomGames plays many games of random commands on the example
// fields and on generated ones: no panic, every place on its field, bullets
// within 0 to 3, turns that only go forward, each answer to a player of the
// game, and a game saved at any moment goes on exactly like the original.
func TestRandomGames(t *testing.T) {
	var labs []*File
	for _, ex := range ExampleFields() {
		labs = append(labs, parse(t, string(ex.Text)))
	}
	labs = append(labs, parse(t, dreamField), parse(t, "2\n1 3\nZ . Y\n1 3\n. A .\nZ Sleep(9, (1, 0, 0))\nY Sleep(9, (1, 0, 2))\nA Armory()\n"))
	for seed := uint64(0); seed < 6; seed++ {
		lab, _ := Generate(6, 7, rand.New(rand.NewPCG(seed, 3)))
		labs = append(labs, lab)
	}
	for li, lab := range labs {
		for seed := uint64(0); seed < 20; seed++ {
			rng := rand.New(rand.NewPCG(seed, uint64(li)))
			n := 1 + rng.IntN(MaxPlayers)
			var starts []Cell
			for range n {
				starts = append(starts, RandomStart(lab, rng))
			}
			g, err := New(lab, starts)
			if err != nil {
				t.Fatal(err)
			}
			var saved []byte
			var rest []Command
			var after strings.Builder // the original's answers after the save
			turn := g.Turn()
			for step := 0; step < 300 && !g.Over(); step++ {
				cmd := Command{Kind: Kind(rng.IntN(4)), Dir: Dir(rng.IntN(4))}
				if rng.IntN(3) > 0 {
					cmd.Kind = Step
				}
				if step == 100 {
					saved, _ = json.Marshal(g)
				}
				if saved != nil {
					rest = append(rest, cmd)
				}
				answers, err := g.Act(cmd)
				if err != nil {
					t.Fatalf("field %d seed %d: %v", li, seed, err)
				}
				if saved != nil {
					for _, l := range lines(answers) {
						after.WriteString(l + "\n")
					}
				}
				for _, a := range answers {
					if err := a.Check(n); err != nil || len(a.Says) == 0 {
						t.Fatalf("field %d seed %d: answer %+v: %v", li, seed, a, err)
					}
				}
				if g.Turn() < turn {
					t.Fatalf("field %d seed %d: the turn went back", li, seed)
				}
				turn = g.Turn()
				for p := 1; p <= n; p++ {
					for _, l := range g.Player(p).Levels {
						if !lab.Fields[l.Field].In(l.Pos) || l.Bullets < 0 || l.Bullets > MaxBullets || l.Stun < 0 {
							t.Fatalf("field %d seed %d: player %d at %+v", li, seed, p, l)
						}
					}
				}
			}
			if saved == nil {
				continue
			}
			h, err := Load(lab, saved)
			if err != nil {
				t.Fatalf("field %d seed %d: %v", li, seed, err)
			}
			// The commands after the save, on the loaded game, give the
			// same answers and the same final state as on the original.
			final, _ := json.Marshal(g)
			if got, want := replay(h, rest), after.String()+string(final); got != want {
				t.Fatalf("field %d seed %d: the loaded game went on differently:\n%s\n---\n%s", li, seed, got, want)
			}
		}
	}
}

func replay(g *Game, cmds []Command) string {
	var b strings.Builder
	for _, c := range cmds {
		answers, err := g.Act(c)
		if err != nil {
			break
		}
		for _, l := range lines(answers) {
			b.WriteString(l + "\n")
		}
	}
	data, _ := json.Marshal(g)
	return b.String() + string(data)
}
