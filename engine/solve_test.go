package engine

import (
	"strings"
	"testing"
)

// TestSeed42IsWinnable: the README's own seed deals a campaign that can be
// won. The solver's line for each level, played in a real solo game from
// level 1 on, passes all seven levels; the line is shown with -v.
func TestSeed42IsWinnable(t *testing.T) {
	g, err := New(Config{Seed: 42, Players: 1})
	if err != nil {
		t.Fatal(err)
	}
	for n := 1; n <= CampaignLevels; n++ {
		sol := Solve(g, SolverBudget)
		if !sol.Found {
			t.Fatalf("level %d of seed 42: %s", n, sol.Reason)
		}
		var line strings.Builder
		for _, a := range sol.Line {
			line.WriteByte(byte(a))
			if _, err := g.Apply(1, a); err != nil {
				t.Fatalf("level %d: %v", n, err)
			}
		}
		t.Logf("level %d: %d actions, %d search nodes: %s", n, len(sol.Line), sol.Nodes, line.String())
		if n < CampaignLevels && g.LevelNumber() != n+1 {
			t.Fatalf("level %d not passed by its line: now level %d, %s", n, g.LevelNumber(), g.Result())
		}
	}
	if g.Result() != Won {
		t.Fatalf("seed 42 is %s after the seven lines, want won", g.Result())
	}
}

// TestSolverFindsNoLineWhenHunterHoldsTheCorridor: a hunter that reaches the
// only corridor to the key first catches every line; the solver says so
// and names it. The same level with the hunter a step farther behind, and
// a loop to lead it round, is solved, and its line wins.
func TestSolverFindsNoLineWhenHunterHoldsTheCorridor(t *testing.T) {
	trapped := tiny(t,
		"###############",
		"#P...........K#",
		"############..#",
		"#E..........H.#",
		"###############")
	sol := SolveLevel(trapped, 1, 1, SolverBudget)
	if sol.Found {
		t.Fatalf("a line was found through the hunter: %s", string(actionBytes(sol.Line)))
	}
	if !sol.Exhausted || sol.Catcher == nil || sol.Catcher.Pos != (Point{12, 3}) {
		t.Errorf("want every line caught by the hunter at (12, 3): %+v", sol)
	}
	if !strings.Contains(sol.Reason, "hunter from (12, 3)") {
		t.Errorf("the reason must name the hunter and where it starts: %q", sol.Reason)
	}

	loop := tiny(t,
		"###############",
		"#P...........K#",
		"#.#########.#.#",
		"#.............#",
		"#.###########.#",
		"#E..........H.#",
		"###############")
	sol = SolveLevel(loop, 1, 1, SolverBudget)
	if !sol.Found {
		t.Fatalf("no line round the loop: %s", sol.Reason)
	}
	g, _ := New(Config{Seed: 1, Players: 1, Levels: []Level{loop}})
	for _, a := range sol.Line {
		g.Apply(1, a)
	}
	if g.Result() != Won {
		t.Errorf("the solver's line %q ends %s, want won", string(actionBytes(sol.Line)), g.Result())
	}
}

// TestSolveLeavesTheGameAlone: Solve works on a private copy.
func TestSolveLeavesTheGameAlone(t *testing.T) {
	g, _ := New(Config{Seed: 7, Players: 1, Start: 3})
	g.Apply(1, Up)
	g.Apply(1, Left)
	before, _ := g.MarshalJSON()
	if sol := Solve(g, SolverBudget); !sol.Found {
		t.Fatalf("level 3 of seed 7 from turn 2: %s", sol.Reason)
	}
	after, _ := g.MarshalJSON()
	if string(before) != string(after) {
		t.Errorf("Solve changed the game")
	}
	if sol := Solve(mustCoop(t), SolverBudget); sol.Found || sol.Reason == "" {
		t.Errorf("co-op games are not solved: %+v", sol)
	}
}

// TestStartPlaysTheLevelAsReached: a level started directly (Config.Start)
// plays exactly as when it is reached from level 1: same maze, same
// monsters, same random turns of the wanderers.
func TestStartPlaysTheLevelAsReached(t *testing.T) {
	full, _ := New(Config{Seed: 42, Players: 1})
	for n := 1; n < 3; n++ {
		for _, a := range Solve(full, SolverBudget).Line {
			full.Apply(1, a)
		}
	}
	direct, _ := New(Config{Seed: 42, Players: 1, Start: 3})
	if full.LevelNumber() != 3 {
		t.Fatalf("setup: at level %d", full.LevelNumber())
	}
	for i := 0; i < 60 && full.Result() == InProgress && full.LevelNumber() == 3; i++ {
		a := allActions[i%len(allActions)]
		full.Apply(1, a)
		direct.Apply(1, a)
		fs, ds := full.Status(), direct.Status()
		if fs.Turn != ds.Turn || fs.Players[0] != ds.Players[0] || len(fs.Monsters) != len(ds.Monsters) {
			t.Fatalf("action %d: reached %+v, started %+v", i, fs, ds)
		}
		for j := range fs.Monsters {
			if fs.Monsters[j] != ds.Monsters[j] {
				t.Fatalf("action %d: monster %d reached %+v, started %+v", i, j, fs.Monsters[j], ds.Monsters[j])
			}
		}
	}
	if _, err := New(Config{Seed: 1, Players: 1, Start: 8}); err == nil {
		t.Errorf("a start past level 7 must be refused")
	}
}

func actionBytes(as []Action) []byte {
	b := make([]byte, len(as))
	for i, a := range as {
		b[i] = byte(a)
	}
	return b
}

func mustCoop(t *testing.T) *Game {
	t.Helper()
	g, err := New(Config{Seed: 1, Players: 2})
	if err != nil {
		t.Fatal(err)
	}
	return g
}

// TestSolverManyBonuses: a level with more bonuses than a machine word has
// bits is searched right: what was taken stays taken.
func TestSolverManyBonuses(t *testing.T) {
	row := "#P" + strings.Repeat("*", 70) + "K#"
	free := "#" + strings.Repeat(".", len(row)-3) + "E#"
	lv := tiny(t, strings.Repeat("#", len(row)), row, free, strings.Repeat("#", len(row)))
	sol := SolveLevel(lv, 1, 1, SolverBudget)
	if !sol.Found {
		t.Fatalf("no line: %s", sol.Reason)
	}
	g, _ := New(Config{Seed: 1, Players: 1, Levels: []Level{lv}})
	for _, a := range sol.Line {
		g.Apply(1, a)
	}
	if g.Result() != Won || g.passed[0].Bonuses != 70 {
		t.Fatalf("the line ends %s with %+v", g.Result(), g.passed)
	}
}
