package engine

import (
	"math/rand/v2"
	"testing"
)

// TestTeamViewIsTheUnionOfTheSeats plays random co-op games and checks, at
// every step, that a spectator's view shows exactly what the two seats see
// together: each tile as lit as the brighter of the seats sees it, the
// same characters, and only the monsters one of the seats sees.
func TestTeamViewIsTheUnionOfTheSeats(t *testing.T) {
	for seed := uint64(1); seed <= 20; seed++ {
		g, err := New(Config{Seed: seed, Players: 2})
		if err != nil {
			t.Fatal(err)
		}
		rng := rand.New(rand.NewPCG(seed, 7))
		for step := 0; step < 150 && g.Result() == InProgress; step++ {
			checkTeamView(t, g, seed, step)
			if _, err := g.Apply(g.Turn(), allActions[rng.IntN(5)]); err != nil {
				t.Fatalf("seed %d step %d: %v", seed, step, err)
			}
		}
	}
}

func checkTeamView(t *testing.T, g *Game, seed uint64, step int) {
	t.Helper()
	team := g.TeamView()
	if team.Seat != 0 || team.YourTurn {
		t.Fatalf("seed %d step %d: team view of seat %d, your turn %v: want seat 0, nobody's turn", seed, step, team.Seat, team.YourTurn)
	}
	var seats []View
	for s := 1; s <= 2; s++ {
		if g.seats[s-1].State == Active {
			seats = append(seats, g.View(s))
		}
	}
	if len(seats) == 0 {
		return
	}
	for i := range team.Light {
		want := seats[0].Light[i]
		for _, v := range seats[1:] {
			want = max(want, v.Light[i])
		}
		if team.Light[i] != want {
			t.Fatalf("seed %d step %d: tile %d is %v for the team, %v for the brightest seat", seed, step, i, team.Light[i], want)
		}
		for _, v := range seats {
			if v.Light[i] == want && team.Map[i] != v.Map[i] {
				t.Fatalf("seed %d step %d: tile %d shows %q to the team, %q to a seat that sees it as well", seed, step, i, team.Map[i], v.Map[i])
			}
		}
	}
	seen := map[Point]bool{}
	for _, v := range seats {
		for _, m := range v.Monsters {
			seen[m.Pos] = true
		}
	}
	if len(team.Monsters) != len(seen) {
		t.Fatalf("seed %d step %d: the team sees %d monsters, the seats %d", seed, step, len(team.Monsters), len(seen))
	}
	for _, m := range team.Monsters {
		if !seen[m.Pos] {
			t.Fatalf("seed %d step %d: the team sees a monster at %v that no seat sees", seed, step, m.Pos)
		}
	}
}

// TestTeamViewOfASoloGame: a spectator of a solo game sees exactly what the
// player sees, tile for tile, and the same monsters.
func TestTeamViewOfASoloGame(t *testing.T) {
	for seed := uint64(1); seed <= 10; seed++ {
		g, err := New(Config{Seed: seed, Players: 1})
		if err != nil {
			t.Fatal(err)
		}
		rng := rand.New(rand.NewPCG(seed, 9))
		for step := 0; step < 100 && g.Result() == InProgress; step++ {
			team, me := g.TeamView(), g.View(1)
			if string(team.Map) != string(me.Map) || len(team.Monsters) != len(me.Monsters) {
				t.Fatalf("seed %d step %d: the spectator's map or monsters differ from the player's", seed, step)
			}
			for i := range me.Light {
				if team.Light[i] != me.Light[i] {
					t.Fatalf("seed %d step %d: tile %d is %v for the spectator, %v for the player", seed, step, i, team.Light[i], me.Light[i])
				}
			}
			if _, err := g.Apply(1, allActions[rng.IntN(5)]); err != nil {
				t.Fatal(err)
			}
		}
	}
}

// TestViewIntoAllocatesNothing: once a View has its storage, a seat's
// view and the team's view of level 7 are written into it without any
// allocation (a server builds one for every state it sends).
func TestViewIntoAllocatesNothing(t *testing.T) {
	lv, err := Generate(1, 7)
	if err != nil {
		t.Fatal(err)
	}
	g, err := New(Config{Seed: 1, Players: 2, Levels: []Level{lv}})
	if err != nil {
		t.Fatal(err)
	}
	var v View
	g.ViewInto(&v, 1)
	if n := testing.AllocsPerRun(50, func() { g.ViewInto(&v, 2) }); n != 0 {
		t.Errorf("a seat's view costs %v allocations, want none", n)
	}
	g.TeamViewInto(&v)
	if n := testing.AllocsPerRun(50, func() { g.TeamViewInto(&v) }); n != 0 {
		t.Errorf("the team's view costs %v allocations, want none", n)
	}
}
