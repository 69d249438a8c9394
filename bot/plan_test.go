package bot

import (
	"testing"

	"github.com/minotaur-game/minotaur/engine"
)

// pincerBoards are levels 3 of seeds 15 and 25 of the campaign under the
// hearing rules, as boards: a hunter that hears the bot and a wanderer meet
// it from two sides. Without the planner (and exploring toward the hunter
// it hears) the bot is caught between them; planning with the engine's own
// rules, it passes.
var pincerBoards = map[string][]string{
	"seed 15": {
		"+-----------+",
		"|....K......|",
		"|.+-+.+.+.+.|",
		"|....W|.|E|.|",
		"|.+---+.|.+.|",
		"|?|^....|...|",
		"|.+.+-+.|.+-+",
		"|...|...|...|",
		"|.+-+.+.+-+.|",
		"|PP...|....H|",
		"+-----+-----+"},
	"seed 25": {
		"+-----------+",
		"|*.........E|",
		"|.+-----+.+.|",
		"|.|.....|...|",
		"|.+.+.+.+-+.|",
		"|H..|.|.|W..|",
		"+---+.|.|.+.|",
		"|P..|.|.|.|.|",
		"|P+.+.+.+.+.|",
		"|......?...K|",
		"+-----------+"},
}

func TestReferencePlansItsWayOutOfAPincer(t *testing.T) {
	for name, rows := range pincerBoards {
		old := NewReference()
		old.noPlan, old.noAvoid = true, true
		g := newGame(t, rows...)
		ev, acts := run(t, g, old, 400)
		if g.Result() != engine.Lost || !has(ev, engine.EvCaught) {
			t.Fatalf("%s: setup: without its planner the bot should be caught; %v after %s", name, g.Result(), acts)
		}
		g = newGame(t, rows...)
		ev, acts = run(t, g, NewReference(), 400)
		if g.Result() != engine.Won {
			t.Errorf("%s: planning with the engine's rules the bot should pass; %v after %s (caught: %v)",
				name, g.Result(), acts, has(ev, engine.EvCaught))
		}
	}
}

func TestReferenceExploresAwayFromAHeardHunter(t *testing.T) {
	// Seed 15's pincer: the hunter in the bottom right hears the bot at
	// once. Exploring the nearest unknown tile, toward it, the bot is
	// caught even without its planner's help; exploring the tiles out of
	// the hunter's hearing first, it passes without the planner.
	rows := pincerBoards["seed 15"]
	near := NewReference()
	near.noPlan, near.noAvoid = true, true
	g := newGame(t, rows...)
	if ev, acts := run(t, g, near, 400); g.Result() != engine.Lost || !has(ev, engine.EvCaught) {
		t.Fatalf("setup: exploring toward the hunter the bot should be caught; %v after %s", g.Result(), acts)
	}
	away := NewReference()
	away.noPlan = true
	g = newGame(t, rows...)
	if ev, acts := run(t, g, away, 400); g.Result() != engine.Won {
		t.Errorf("exploring away from the hunter it hears, the bot should pass; %v after %s (caught: %v)",
			g.Result(), acts, has(ev, engine.EvCaught))
	}
}

func TestReferencePlansTheSameEveryTime(t *testing.T) {
	// The worlds the planner draws come from the view alone: two bots
	// fed the same game play the same actions.
	rows := pincerBoards["seed 15"]
	_, first := run(t, newGame(t, rows...), NewReference(), 400)
	_, second := run(t, newGame(t, rows...), NewReference(), 400)
	if first != second {
		t.Fatalf("the same game played twice gave\n%s\n%s", first, second)
	}
}

func TestPlannerWorldAgreesWithTheView(t *testing.T) {
	// Level 3 of a campaign, at its start: every tile the player knows is
	// as it knows it; unknown rooms are floor and unknown posts wall; the
	// key, unseen, lies on a tile the player has not seen lit.
	g, err := engine.New(engine.Config{Seed: 7, Players: 1, Start: 3})
	if err != nil {
		t.Fatal(err)
	}
	v := g.View(1)
	b := NewReference()
	b.Act(&v, nil)
	p, _ := seatPos(&v)
	for w := 0; w < planWorlds; w++ {
		wd, ok := b.drawWorld(&v, b.k.idx(p), w)
		if !ok {
			t.Fatalf("world %d could not be drawn", w)
		}
		for i, wall := range b.planWall {
			x, y := i%v.Cols, i/v.Cols
			c := v.Map[i]
			switch {
			case c != ' ' && wall != (c == '+' || c == '-' || c == '|'):
				t.Fatalf("world %d: known tile (%d, %d) %q drawn as wall=%v", w, x, y, c, wall)
			case c == ' ' && x%2 == 1 && y%2 == 1 && wall:
				t.Fatalf("world %d: unknown room (%d, %d) drawn as wall", w, x, y)
			case c == ' ' && x%2 == 0 && y%2 == 0 && !wall:
				t.Fatalf("world %d: unknown post (%d, %d) drawn as floor", w, x, y)
			}
		}
		key := -1
		for i, d := range wd.toKey {
			if d == 0 {
				key = i
			}
		}
		if key < 0 || v.Light[key] == engine.Lit {
			t.Fatalf("world %d: the unseen key was drawn at tile %d, lit: %v", w, key, key >= 0 && v.Light[key] == engine.Lit)
		}
	}
}

// TestPlanWorkIsBounded: the planner's work for one decision is bounded by
// a count of moves played forward (planBudget), not by the clock: over
// whole level-7 games, where planning is dearest, no decision plays more
// than the budget and one world beyond it, and where the worlds cost more
// than the budget the bot still decides, on the worlds it searched.
func TestPlanWorkIsBounded(t *testing.T) {
	// The most one world can take: the first action, then planDepth
	// turns of every action from planBeam positions, for each first action.
	worldMax := len(candidates) * (1 + planDepth*planBeam*len(candidates))
	cut, planned, most := 0, 0, 0
	for seed := uint64(1); seed <= 12; seed++ {
		g, err := engine.New(engine.Config{Seed: seed, Players: 1, Start: 7})
		if err != nil {
			t.Fatal(err)
		}
		b := NewReference()
		var ev []engine.Event
		for g.Result() == engine.InProgress && g.LevelNumber() == 7 && g.TurnNumber() < 300 {
			v := g.View(1)
			b.planSteps, b.planCut = 0, false
			a := b.Act(&v, ev)
			if b.planSteps > 0 {
				planned++
			}
			if b.planCut {
				cut++
			}
			most = max(most, b.planSteps)
			if b.planSteps > planBudget+worldMax {
				t.Fatalf("seed %d turn %d: the planner played %d moves, over its budget of %d and one world", seed, v.Turn, b.planSteps, planBudget)
			}
			if ev, err = g.Apply(1, a); err != nil {
				t.Fatal(err)
			}
		}
	}
	if cut == 0 {
		t.Fatalf("%d planned decisions, none over the budget (at most %d moves): the test does not reach it", planned, most)
	}
	t.Logf("%d planned decisions, %d cut by the budget; at most %d moves", planned, cut, most)
}
