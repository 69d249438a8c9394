package engine

import (
	"errors"
	"testing"
)

func TestBumpsCostNoTurn(t *testing.T) {
	g := newTiny(t, 1,
		"#######",
		"#P..K.#",
		"#E#####",
		"#######")
	tests := []struct {
		move string
		want EventKind
	}{
		{"w", EvBumpedWall},
		{"a", EvBumpedWall},
		{"s", EvBumpedExit},
	}
	for _, tc := range tests {
		ev := play(t, g, tc.move)
		if len(ev) != 1 || ev[0].Kind != tc.want {
			t.Errorf("move %q: events %s, want only %s", tc.move, kinds(ev), tc.want)
		}
		if g.View(1).Turn != 0 {
			t.Errorf("move %q: turn %d, want 0: a bump must cost no turn", tc.move, g.View(1).Turn)
		}
		v := g.View(1)
		if p, _ := v.Player(1); p.Pos != (Point{1, 1}) {
			t.Errorf("move %q: player moved to %v", tc.move, p.Pos)
		}
	}
	play(t, g, ".")
	if g.View(1).Turn != 1 {
		t.Errorf("a skip must cost a turn: turn %d", g.View(1).Turn)
	}
}

func TestKeyOpensExitAndScore(t *testing.T) {
	g := newTiny(t, 1,
		"#######",
		"#P..K.#",
		"#E#####",
		"#######")
	ev := play(t, g, "ddd")
	if !hasEvent(ev, EvTookKey) || !g.View(1).Key {
		t.Fatalf("stepping on the key must take it: %s", kinds(ev))
	}
	if g.View(1).Map[1*7+4] == 'K' {
		t.Errorf("the key is still drawn after it was taken")
	}
	ev = play(t, g, "aaas")
	for _, k := range []EventKind{EvEscaped, EvLevelPassed, EvGameWon} {
		if !hasEvent(ev, k) {
			t.Errorf("escaping the only level: missing %s in %s", k, kinds(ev))
		}
	}
	if g.Result() != Won {
		t.Fatalf("result %v, want won", g.Result())
	}
	// 7 turns, the final step onto the exit included.
	want := ScoreLevel(1, 7, 0)
	if got := g.Status().Passed; len(got) != 1 || got[0] != want {
		t.Errorf("passed %+v, want %+v", got, want)
	}
	if g.Score() != 100+293 {
		t.Errorf("score %d, want %d", g.Score(), 100+293)
	}
	if _, err := g.Apply(1, Skip); !errors.Is(err, ErrGameOver) {
		t.Errorf("Apply after the end: %v, want ErrGameOver", err)
	}
}

func TestScoreArithmetic(t *testing.T) {
	tests := []struct{ turns, bonuses, want int }{
		{0, 0, 400},
		{20, 1, 100 + 280 + 20},
		{300, 2, 140},
		{450, 3, 160},
		{299, 0, 101},
	}
	for _, tc := range tests {
		if got := ScoreLevel(1, tc.turns, tc.bonuses).Score; got != tc.want {
			t.Errorf("ScoreLevel(turns=%d, bonuses=%d) = %d, want %d", tc.turns, tc.bonuses, got, tc.want)
		}
	}
}

func TestFreezeGoesIntoThePocket(t *testing.T) {
	g := newTiny(t, 1,
		"#############",
		"#P*....H....#",
		"#.###########",
		"#K.........E#",
		"#############")
	ev := play(t, g, "d")
	if hasEvent(ev, EvFroze) || !hasEvent(ev, EvTookBonus) {
		t.Fatalf("taking * must pocket it, not use it: %s", kinds(ev))
	}
	if v := g.View(1); v.Freezes != 1 {
		t.Fatalf("the view shows %d freezes in the pocket, want 1", v.Freezes)
	}
	if g.monsterAt(0) == (Point{7, 1}) {
		t.Fatalf("the hunter, which hears the player 5 steps away, must not be frozen by a pocketed freeze")
	}
	if g.bonuses != 1 {
		t.Errorf("bonuses taken %d, want 1 (its +20 counts when taken)", g.bonuses)
	}
}

func TestFreezeStopsMonstersThreeActions(t *testing.T) {
	g := newTiny(t, 1,
		"###########",
		"#P.....H..#",
		"#.#########",
		"#K.......E#",
		"###########")
	g.seats[0].Freezes = 2
	start := g.monsterAt(0)
	turns := g.turns
	ev := play(t, g, "f")
	if !hasEvent(ev, EvFroze) || g.turns != turns+1 {
		t.Fatalf("using a freeze is the turn's action: %s, turns %d→%d", kinds(ev), turns, g.turns)
	}
	if g.seats[0].Freezes != 1 || g.View(1).Freezes != 1 {
		t.Fatalf("pocket holds %d after using one of 2", g.seats[0].Freezes)
	}
	for round := 1; round <= 3; round++ {
		if round > 1 {
			play(t, g, ".")
		}
		if g.monsterAt(0) != start {
			t.Fatalf("round %d: frozen hunter moved to %v", round, g.monsterAt(0))
		}
	}
	play(t, g, ".")
	if g.monsterAt(0) == start {
		t.Errorf("the hunter must move again on its 4th action")
	}
}

func TestFreezeWithEmptyPocketCostsNoTurn(t *testing.T) {
	g := newTiny(t, 1,
		"###########",
		"#P.......H#",
		"#.#########",
		"#K.......E#",
		"###########")
	start, turns := g.monsterAt(0), g.turns
	ev := play(t, g, "f")
	if !hasEvent(ev, EvNoFreeze) || len(ev) != 1 {
		t.Fatalf("an empty pocket must only say so: %s", kinds(ev))
	}
	if g.turns != turns || g.monsterAt(0) != start {
		t.Errorf("an empty pocket must cost no turn: turns %d→%d, hunter %v→%v", turns, g.turns, start, g.monsterAt(0))
	}
}

func TestPocketEmptiesAtLevelEnd(t *testing.T) {
	a := tiny(t, "#######", "#P*.K.#", "#.....#", "#....E#", "#######")
	g, err := New(Config{Seed: 1, Players: 1, Levels: []Level{a, a}})
	if err != nil {
		t.Fatal(err)
	}
	play(t, g, "dd")
	if g.View(1).Freezes != 1 {
		t.Fatalf("setup: the freeze was not pocketed")
	}
	ev := play(t, g, "dssd")
	if !hasEvent(ev, EvLevelPassed) || g.LevelNumber() != 2 {
		t.Fatalf("setup: level 1 not passed: %s", kinds(ev))
	}
	if v := g.View(1); v.Freezes != 0 {
		t.Errorf("a freeze left in the pocket must be lost when the level ends; level 2 starts with %d", v.Freezes)
	}
	if g.passed[0].Bonuses != 1 {
		t.Errorf("the pocketed freeze's +20 must count: %+v", g.passed[0])
	}
}

func TestTorchWidensLight(t *testing.T) {
	rows := []string{
		"#############",
		"#...........#",
		"#...........#",
		"#.....P^....#",
		"#...........#",
		"#...........#",
		"#K.........E#",
		"#############"}
	g := newTiny(t, 1, rows...)
	far := Point{2, 3} // 4 tiles left of the player
	if _, l := viewAt(g, far); l != Penumbra {
		t.Fatalf("without torch, 4 tiles away is %v, want penumbra", l)
	}
	if _, l := viewAt(g, Point{3, 3}); l != Lit {
		t.Fatalf("without torch, 3 tiles away is %v, want lit", l)
	}
	play(t, g, "d")
	if !g.View(1).Torch {
		t.Fatalf("the torch was not lit")
	}
	play(t, g, "a")
	if _, l := viewAt(g, far); l != Lit {
		t.Errorf("with torch, 4 tiles away is %v, want lit", l)
	}
	if _, l := viewAt(g, Point{0, 3}); l != Penumbra {
		t.Errorf("with torch, 6 tiles away is %v, want penumbra", l)
	}
}

func viewAt(g *Game, p Point) (byte, Light) {
	v := g.View(1)
	return v.At(p)
}

func TestCompassMarksPathToKeyThenExit(t *testing.T) {
	g := newTiny(t, 1,
		"###############",
		"#P?...........#",
		"#############.#",
		"#K............#",
		"#E#############",
		"###############")
	ev := play(t, g, "d")
	var marked []Point
	for _, e := range ev {
		if e.Kind == EvCompass {
			marked = e.Path
		}
	}
	if len(marked) != CompassTiles {
		t.Fatalf("compass marked %d tiles, want %d: %v", len(marked), CompassTiles, marked)
	}
	for i, p := range marked {
		if want := (Point{3 + i, 1}); p != want {
			t.Errorf("mark %d at %v, want %v", i, p, want)
		}
	}
	v := g.View(1)
	if len(v.Compass) != CompassTiles {
		t.Errorf("view shows %d compass marks", len(v.Compass))
	}
	last := marked[CompassTiles-1]
	if c, l := v.At(last); l == Unseen || c != '.' {
		t.Errorf("a compass mark beyond sight must be revealed: %q %v", c, l)
	}
	play(t, g, "d")
	if len(g.View(1).Compass) != CompassTiles-1 {
		t.Errorf("walking on a mark must remove it: %d left", len(g.View(1).Compass))
	}
}

func TestCaptureWhenSteppingOntoMonster(t *testing.T) {
	g := newTiny(t, 1,
		"#######",
		"#P.H..#",
		"#.#####",
		"#K...E#",
		"#######")
	// The hunter is 2 away: it chases and steps next to the player.
	play(t, g, ".")
	if g.monsterAt(0) != (Point{2, 1}) {
		t.Fatalf("hunter at %v, want (2, 1)", g.monsterAt(0))
	}
	ev := play(t, g, "d")
	if !hasEvent(ev, EvCaught) || g.Result() != Lost {
		t.Fatalf("walking into the hunter must be capture and, solo, game over: %s", kinds(ev))
	}
	if !hasEvent(ev, EvGameLost) {
		t.Errorf("missing game_lost in %s", kinds(ev))
	}
}

func TestCaptureBySwap(t *testing.T) {
	// The swap rule, checked directly: the player went A→B while the
	// monster went B→A in the same round.
	g := newTiny(t, 1,
		"#######",
		"#P...H#",
		"#.#####",
		"#K...E#",
		"#######")
	g.seats[0].Prev, g.seats[0].Pos, g.seats[0].Moved = Point{2, 1}, Point{3, 1}, true
	g.mons[0].Prev, g.mons[0].Pos = Point{3, 1}, Point{2, 1}
	ev := g.captureAfterStep(0, nil)
	if !hasEvent(ev, EvCaught) || g.seats[0].State != Caught {
		t.Errorf("swapping tiles with a monster must be capture: %s", kinds(ev))
	}
}

// The hunter board: the player's way to the key runs along the top corridor;
// the hunter below can cut it off on the right, or chase around the left.
var hunterBoard = []string{
	"###########",
	"#P.......K#",
	"#.#######.#",
	"#....H...E#",
	"###########"}

func TestHunterInterceptsBeforeKey(t *testing.T) {
	g := newTiny(t, 1, hunterBoard...)
	play(t, g, ".")
	if got := g.monsterAt(0); got != (Point{6, 3}) {
		t.Errorf("before the key the hunter must head to cut the player off (right): at %v, want (6, 3)", got)
	}
}

func TestHunterChasesAfterKey(t *testing.T) {
	g := newTiny(t, 1, hunterBoard...)
	g.keyed = true
	play(t, g, ".")
	if got := g.monsterAt(0); got != (Point{4, 3}) {
		t.Errorf("after the key the hunter must chase (left): at %v, want (4, 3)", got)
	}
}

func TestHunterChasesWhenClose(t *testing.T) {
	g := newTiny(t, 1,
		"###########",
		"#.P......K#",
		"#.#######.#",
		"#.H......E#",
		"###########")
	// Path distance to the player is 3: intercept; then 2 or less: chase.
	play(t, g, ".")
	play(t, g, ".")
	if got := g.monsterAt(0); got != (Point{1, 2}) && got != (Point{1, 1}) {
		t.Errorf("a hunter near the player must chase it: at %v", got)
	}
}

func TestWandererChasesThenSearchesThenForgets(t *testing.T) {
	g := newTiny(t, 1,
		"###########",
		"#.W..P...E#",
		"######.####",
		"######.####",
		"######.####",
		"#K.....####",
		"###########")
	if !g.canSee(g.monsterAt(0), g.seats[0].Pos, WandererSight) {
		t.Fatalf("setup: the wanderer should see the player")
	}
	play(t, g, ".")
	m := g.mons[0]
	if !m.HasTarget || m.Target != (Point{5, 1}) || m.Pos != (Point{3, 1}) {
		t.Fatalf("a wanderer that sees the player chases it: %+v", m)
	}

	// Out of sight, it walks to the last-seen tile, then forgets it.
	g = newTiny(t, 1,
		"#############",
		"#P.K.E#.....#",
		"#######.#W..#",
		"#######.....#",
		"#############")
	g.mons[0].Target, g.mons[0].HasTarget = Point{7, 1}, true
	var path []Point
	for i := 0; i < 5; i++ {
		play(t, g, ".")
		path = append(path, g.monsterAt(0))
	}
	if path[2] != (Point{7, 1}) {
		t.Errorf("the wanderer must take the shortest way to (7, 1) in 3 steps: %v", path)
	}
	if g.mons[0].HasTarget {
		t.Errorf("having reached the tile with nothing in sight, it forgets it")
	}
	if path[3] != (Point{7, 2}) || path[4] != (Point{7, 3}) {
		t.Errorf("then it wanders on along the corridor, not back: %v", path)
	}
}

func TestWandererFollowsCorridorsAndTurnsAtDeadEnds(t *testing.T) {
	// The wanderer lives in a corridor with a bend and two dead ends, out of
	// the player's reach.
	g2 := newTiny(t, 1,
		"#############",
		"#P.K.E#.W...#",
		"#######.#####",
		"#######.#####",
		"#############")
	var xs []Point
	for i := 0; i < 20; i++ {
		play(t, g2, ".")
		xs = append(xs, g2.monsterAt(0))
	}
	// It may first step right into the dead end at (11,1): from there it
	// must turn back; afterwards it goes left without turning.
	turns := 0
	for i := 2; i < len(xs); i++ {
		if xs[i] == xs[i-2] && xs[i] != xs[i-1] {
			turns++
			if p := xs[i-1]; p != (Point{11, 1}) && p != (Point{7, 3}) {
				t.Errorf("the wanderer turned back at %v, which is no dead end: %v", p, xs)
			}
		}
	}
	if turns < 2 {
		t.Errorf("in 20 actions the wanderer must turn at both dead ends: %v", xs)
	}
}

func TestWandererChoosesAtRandomAtJunctions(t *testing.T) {
	rows := []string{
		"#########",
		"#P#.....#",
		"#.#.###.#",
		"#.#W###.#",
		"#.#.###.#",
		"#K#.....#",
		"#E#######",
		"#########"}
	seen := map[Point]bool{}
	for seed := uint64(0); seed < 40; seed++ {
		g, err := New(Config{Seed: seed, Players: 1, Levels: []Level{tiny(t, rows...)}})
		if err != nil {
			t.Fatal(err)
		}
		play(t, g, ".")
		seen[g.monsterAt(0)] = true
	}
	if !seen[Point{3, 2}] || !seen[Point{3, 4}] {
		t.Errorf("over 40 seeds a wanderer at a fork should go both ways: %v", seen)
	}
}

var arena = []string{
	"###################",
	"#P................#",
	"#.................#",
	"#.................#",
	"#.................#",
	"#.................#",
	"#.................#",
	"#.................#",
	"#.................#",
	"#..........######.#",
	"#K........E#M.....#",
	"###################"}

func TestMinotaurCycle(t *testing.T) {
	g := newTiny(t, 1, arena...)
	start := g.monsterAt(0)
	for i := 0; i < MinotaurRest; i++ {
		ev := play(t, g, ".")
		if g.monsterAt(0) != start || hasEvent(ev, EvMinotaurAims) {
			t.Fatalf("action %d: the Minotaur starts the level resting: %s at %v", i+1, kinds(ev), g.monsterAt(0))
		}
	}
	ev := play(t, g, ".")
	if !hasEvent(ev, EvMinotaurAims) {
		t.Fatalf("4th action: the Minotaur must aim: %s", kinds(ev))
	}
	// The player at (1,1) is 11 away; the landing centre is 6 steps along
	// the line from (12,10): (6, 5) after rounding.
	centre := g.mons[0].Centre
	if cheb(centre, start) != MinotaurLeapRange {
		t.Errorf("landing centre %v is %d from %v, want %d", centre, cheb(centre, start), start, MinotaurLeapRange)
	}
	v := g.View(1)
	if len(v.Marks) != 9 {
		t.Errorf("the marks must cover the 3×3 area: %v", v.Marks)
	}
	if _, l := v.At(centre); l == Lit {
		t.Fatalf("setup: the centre should be outside the light")
	}
	ev = play(t, g, ".")
	if hasEvent(ev, EvMinotaurLeaps) || g.monsterAt(0) != start {
		t.Fatalf("the Minotaur must wait one action after aiming: %s", kinds(ev))
	}
	ev = play(t, g, ".")
	if !hasEvent(ev, EvMinotaurLeaps) || g.monsterAt(0) != centre {
		t.Fatalf("second action after aiming: leap to %v: %s at %v", centre, kinds(ev), g.monsterAt(0))
	}
	if len(g.View(1).Marks) != 0 {
		t.Errorf("marks must vanish after the leap")
	}
	for i := 0; i < MinotaurRest; i++ {
		ev = play(t, g, ".")
		if g.monsterAt(0) != centre || hasEvent(ev, EvMinotaurAims) {
			t.Fatalf("rest action %d: %s", i+1, kinds(ev))
		}
	}
	ev = play(t, g, ".")
	if !hasEvent(ev, EvMinotaurAims) {
		t.Fatalf("after resting the Minotaur aims again: %s", kinds(ev))
	}
	// The player is now within 6: the centre is the player's tile; staying
	// there for two moves is capture.
	if g.mons[0].Centre != (Point{1, 1}) {
		t.Errorf("near the player, the centre must be the player's tile: %v", g.mons[0].Centre)
	}
	play(t, g, ".")
	ev = play(t, g, ".")
	if !hasEvent(ev, EvCaught) || g.Result() != Lost {
		t.Errorf("a player left in the marked area is caught: %s", kinds(ev))
	}
}

func TestMinotaurTwoMovesAreEnoughToEscape(t *testing.T) {
	g := newTiny(t, 1, arena...)
	g.seats[0].Pos = Point{8, 7}
	g.mons[0].Phase, g.mons[0].Count = phaseReady, 0
	ev := play(t, g, ".")
	if !hasEvent(ev, EvMinotaurAims) || g.mons[0].Centre != (Point{8, 7}) {
		t.Fatalf("aim at the player: %s centre %v", kinds(ev), g.mons[0].Centre)
	}
	ev = play(t, g, "ww")
	if hasEvent(ev, EvCaught) || g.Result() != InProgress {
		t.Errorf("two steps out of the area must save the player: %s", kinds(ev))
	}
}

func TestFreezeExtendsMinotaurPhase(t *testing.T) {
	rows := append([]string(nil), arena...)
	rows[1] = "#P*...............#"[:19]
	g := newTiny(t, 1, rows...)
	g.seats[0].Pos = Point{1, 1}
	g.seats[0].Freezes = 1
	g.mons[0].Phase, g.mons[0].Count = phaseReady, 0
	play(t, g, ".") // aims
	centre := g.mons[0].Centre
	ev := play(t, g, "f") // uses the freeze
	if !hasEvent(ev, EvFroze) {
		t.Fatalf("setup: no freeze used: %s", kinds(ev))
	}
	for i := 0; i < FreezeActions; i++ {
		ev = play(t, g, ".")
		if hasEvent(ev, EvMinotaurLeaps) {
			t.Fatalf("the frozen Minotaur leapt after %d actions", i+1)
		}
		if len(g.View(1).Marks) != 9 {
			t.Fatalf("the marks must stay while it is frozen")
		}
	}
	ev = play(t, g, ".")
	if !hasEvent(ev, EvMinotaurLeaps) || g.monsterAt(0) != centre {
		t.Errorf("after the freeze the pending leap happens: %s", kinds(ev))
	}
}

func TestStepOntoRestingMinotaurIsCapture(t *testing.T) {
	g := newTiny(t, 1,
		"#######",
		"#P..M.#",
		"#.#####",
		"#K...E#",
		"#######")
	moveMonster(g, 0, Point{2, 1})
	ev := play(t, g, "d")
	if !hasEvent(ev, EvCaught) {
		t.Errorf("stepping onto the resting Minotaur is capture: %s", kinds(ev))
	}
}

func TestViewHidesMonstersOutsideLight(t *testing.T) {
	g := newTiny(t, 1,
		"#############",
		"#P.........W#",
		"#.###########",
		"#K.........E#",
		"#############")
	v := g.View(1)
	if len(v.Monsters) != 0 {
		t.Errorf("a monster 10 tiles away must not be in the view: %+v", v.Monsters)
	}
	if c, _ := v.At(Point{11, 1}); c == 'W' {
		t.Errorf("the map must not show monsters")
	}
	g.mons[0].Pos = Point{3, 1}
	if v := g.View(1); len(v.Monsters) != 1 {
		t.Errorf("a monster 2 tiles away in the light must be seen: %+v", v.Monsters)
	}
	g.mons[0].Pos = Point{5, 1}
	if v := g.View(1); len(v.Monsters) != 0 {
		t.Errorf("a monster in penumbra must not be seen: %+v", v.Monsters)
	}
}

func TestItemsRememberedAsLastSeenInLight(t *testing.T) {
	g := newTiny(t, 1,
		"###########",
		"#P...*....#",
		"#.#########",
		"#K.......E#",
		"###########")
	if c, l := viewAt(g, Point{5, 1}); l != Penumbra && l != Unseen || c == '*' {
		t.Fatalf("a bonus in penumbra must not be shown: %q %v", c, l)
	}
	play(t, g, "dd") // (3,1): the bonus 2 away is lit
	if c, l := viewAt(g, Point{5, 1}); l != Lit || c != '*' {
		t.Fatalf("a bonus in light is shown: %q %v", c, l)
	}
	play(t, g, "aa")
	if c, l := viewAt(g, Point{5, 1}); l == Lit || c != '*' {
		t.Errorf("a bonus seen before stays on the map as remembered: %q %v", c, l)
	}
}

func TestCoopTurnOrderAndRounds(t *testing.T) {
	g := newTiny(t, 2,
		"###########",
		"#PP.......#",
		"#.#######.#",
		"#K......WE#",
		"###########")
	if g.Turn() != 1 {
		t.Fatalf("seat 1 begins a round, Turn()=%d", g.Turn())
	}
	if _, err := g.Apply(2, Skip); !errors.Is(err, ErrNotYourTurn) {
		t.Errorf("seat 2 out of turn: %v, want ErrNotYourTurn", err)
	}
	w := g.monsterAt(0)
	if _, err := g.Apply(1, Skip); err != nil {
		t.Fatal(err)
	}
	if g.monsterAt(0) != w {
		t.Errorf("monsters must wait for seat 2")
	}
	if g.Turn() != 2 {
		t.Errorf("after seat 1, Turn()=%d, want 2", g.Turn())
	}
	if _, err := g.Apply(2, Right); err != nil {
		t.Fatal(err)
	}
	if g.monsterAt(0) == w {
		t.Errorf("monsters act after seat 2")
	}
	if g.Turn() != 1 || g.View(1).Turn != 1 {
		t.Errorf("one round = one turn: Turn()=%d turn=%d", g.Turn(), g.View(1).Turn)
	}
	v := g.View(1)
	if p, ok := v.Player(2); !ok || p.Pos != (Point{3, 1}) {
		t.Errorf("partners always see each other: %+v", v.Players)
	}
}

func TestCoopCaughtPlayerSitsOutAndReturns(t *testing.T) {
	lv1 := tiny(t,
		"#######",
		"#P..H.#",
		"#P#####",
		"#.....#",
		"#K...E#",
		"#######")
	lv2 := tiny(t,
		"#######",
		"#PP.K.#",
		"#.#####",
		"#....E#",
		"#######")
	g, err := New(Config{Seed: 3, Players: 2, Levels: []Level{lv1, lv2}})
	if err != nil {
		t.Fatal(err)
	}
	moveMonster(g, 0, Point{2, 1})
	ev, _ := g.Apply(1, Right) // into the hunter
	if !hasEvent(ev, EvCaught) || g.seats[0].State != Caught {
		t.Fatalf("seat 1 must be caught: %s", kinds(ev))
	}
	if g.Result() != InProgress || g.Turn() != 2 {
		t.Fatalf("co-op goes on with seat 2: result %v turn %d", g.Result(), g.Turn())
	}
	var all []Event
	for _, m := range "ssdddd" {
		if g.Turn() != 2 {
			t.Fatalf("seat 2 plays alone: Turn()=%d before %q", g.Turn(), m)
		}
		ev, err := g.Apply(2, Action(m))
		if err != nil {
			t.Fatal(err)
		}
		all = append(all, ev...)
	}
	if !hasEvent(all, EvLevelPassed) || g.LevelNumber() != 2 {
		t.Fatalf("seat 2 escaping alone passes the level: %s", kinds(all))
	}
	// Round 1: seat 1 caught, seat 2 steps; then five rounds of seat 2 alone.
	if got := g.Status().Passed[0].Turns; got != 6 {
		t.Errorf("co-op turns count rounds begun: %d, want 6", got)
	}
	for i := 0; i < 2; i++ {
		if g.seats[i].State != Active {
			t.Errorf("on the next level seat %d must be back: %v", i+1, g.seats[i].State)
		}
	}
}

func TestCoopBothCaughtLoses(t *testing.T) {
	g := newTiny(t, 2,
		"#######",
		"#P..H.#",
		"#P#####",
		"#.....#",
		"#K...E#",
		"#######")
	moveMonster(g, 0, Point{2, 1})
	g.Apply(1, Right)
	if g.Result() != InProgress {
		t.Fatalf("one caught is not a loss in co-op")
	}
	ev, err := g.Apply(2, Up) // to (1,1), next to the hunter, which steps on it
	if err != nil {
		t.Fatal(err)
	}
	if g.Result() != Lost || !hasEvent(ev, EvGameLost) {
		t.Errorf("both caught: result %v, events %s", g.Result(), kinds(ev))
	}
}

func TestAwaySeatLeavesBoardAndTurnPasses(t *testing.T) {
	g := newTiny(t, 2,
		"###########",
		"#PP.......#",
		"#.#######.#",
		"#K......WE#",
		"###########")
	g.Apply(1, Skip)
	w := g.monsterAt(0)
	ev, err := g.SetAway(2, true)
	if err != nil {
		t.Fatal(err)
	}
	if !hasEvent(ev, EvSeatAway) || g.seats[1].State != Away {
		t.Fatalf("seat 2 must be away: %s %v", kinds(ev), g.seats[1].State)
	}
	if g.monsterAt(0) == w {
		t.Errorf("when the absent seat had the turn, the round ends: monsters act")
	}
	if g.Turn() != 1 {
		t.Errorf("turn passes to seat 1, got %d", g.Turn())
	}
	g.Apply(1, Skip) // a turn is played without seat 2
	ev, _ = g.SetAway(2, false)
	if !hasEvent(ev, EvSeatBack) || g.seats[1].State != Away {
		t.Errorf("a returning seat waits for the next level: %s %v", kinds(ev), g.seats[1].State)
	}
	if g.Turn() != 1 {
		t.Errorf("the returning seat is not asked to act: Turn()=%d", g.Turn())
	}
}

// A seat that comes back before another turn began was
// not missed by any round: it takes its place again, where it stood.
func TestSeatBackBeforeATurnPassedPlaysOn(t *testing.T) {
	for _, tc := range []struct {
		name  string
		first Action // seat 1's action before seat 2 drops (0: none)
	}{{"dropped on its own turn", Skip}, {"dropped on the partner's turn", 0}} {
		t.Run(tc.name, func(t *testing.T) {
			g := newTiny(t, 2, coopBoard...)
			play(t, g, "s")   // seat 1 down
			g.Apply(2, Right) // seat 2 right: turn 1 ends
			if tc.first != 0 {
				g.Apply(1, tc.first) // turn 2: seat 2 to move
			}
			turn, pos := g.Status().Turn, g.seats[1].Pos
			g.SetAway(2, true)
			ev, err := g.SetAway(2, false)
			if err != nil {
				t.Fatal(err)
			}
			if !hasEvent(ev, EvSeatBack) || g.seats[1].State != Active || g.seats[1].Pos != pos {
				t.Fatalf("back on turn %d, which it left on: %s, state %v at %v, want active at %v", turn, kinds(ev), g.seats[1].State, g.seats[1].Pos, pos)
			}
			if g.Status().Turn != turn {
				t.Errorf("coming back played a turn: %d → %d", turn, g.Status().Turn)
			}
			if g.Turn() == 0 {
				t.Fatal("nobody has the turn")
			}
			if _, err := g.Apply(g.Turn(), Skip); err != nil {
				t.Errorf("the game does not go on: %v", err)
			}
		})
	}
}

func TestNewRefusesBadLevels(t *testing.T) {
	tests := map[string][]string{
		"open border": {"#####", "#P.K.", "#E###", "#####"},
		"key walled":  {"#######", "#P#K..#", "#.#####", "#E....#", "#######"},
		"exit walled": {"#######", "#P..K.#", "#######", "#E....#", "#######"},
	}
	for name, rows := range tests {
		t.Run(name, func(t *testing.T) {
			_, err := New(Config{Seed: 1, Players: 1, Levels: []Level{tiny(t, rows...)}})
			if err == nil {
				t.Errorf("New accepted a level with %s", name)
			}
		})
	}
	if _, err := New(Config{Seed: 1, Players: 3}); err == nil {
		t.Errorf("New accepted 3 players")
	}
}

var coopBoard = []string{
	"###########",
	"#PP.......#",
	"#.#######.#",
	"#K.......E#",
	"###########"}

func TestReturnerComesOnWhenTheBoardEmpties(t *testing.T) {
	g := newTiny(t, 2, coopBoard...)
	g.SetAway(2, true)
	g.Apply(1, Skip)
	g.SetAway(2, false) // back after a turn without it: waiting for the next level
	if g.seats[1].State != Away {
		t.Fatalf("a returner waits for the next level while the partner plays: %v", g.seats[1].State)
	}
	ev, _ := g.SetAway(1, true)
	if !hasEvent(ev, EvSeatEnters) || g.seats[1].State != Active || g.Turn() != 2 {
		t.Errorf("when the partner leaves, the waiting seat comes on at once: %s, %v, turn %d", kinds(ev), g.seats[1].State, g.Turn())
	}
	if g.seats[1].Pos != (Point{2, 1}) {
		t.Errorf("it comes on at its start tile, not %v", g.seats[1].Pos)
	}
}

func TestCaughtAndAwayWaitsThenAbandonLoses(t *testing.T) {
	g := newTiny(t, 2,
		"#######",
		"#P..H.#",
		"#P#####",
		"#.....#",
		"#K...E#",
		"#######")
	moveMonster(g, 0, Point{2, 1})
	g.Apply(1, Right) // caught
	ev, _ := g.SetAway(2, true)
	if g.Result() != InProgress || hasEvent(ev, EvGameLost) {
		t.Fatalf("one caught and one away is not yet a loss: the away player may come back: %s", kinds(ev))
	}
	if g.Turn() != 0 {
		t.Errorf("nobody can act while the game waits: Turn()=%d", g.Turn())
	}
	// Coming back: the board is empty, so seat 2 plays on at once.
	ev, _ = g.SetAway(2, false)
	if g.seats[1].State != Active || g.Turn() != 2 {
		t.Fatalf("the returner plays on: %s %v", kinds(ev), g.seats[1].State)
	}
	g.SetAway(2, true)
	ev, _ = g.Abandon(2)
	if g.Result() != Lost || !hasEvent(ev, EvGameLost) {
		t.Errorf("caught, and the partner gone for good, is a loss: %v %s", g.Result(), kinds(ev))
	}
}

func TestAbandonedSeatStaysOut(t *testing.T) {
	lv2 := tiny(t,
		"#######",
		"#PP.K.#",
		"#.#####",
		"#....E#",
		"#######")
	g, err := New(Config{Seed: 1, Players: 2, Levels: []Level{tiny(t, coopBoard...), lv2}})
	if err != nil {
		t.Fatal(err)
	}
	ev, _ := g.Abandon(2)
	if !hasEvent(ev, EvSeatGone) || g.seats[1].State != Away || g.Result() != InProgress {
		t.Fatalf("the partner plays on alone: %s %v", kinds(ev), g.seats[1].State)
	}
	play(t, g, "ss") // to the key at (1,3)
	play(t, g, "dddddddd")
	if g.LevelNumber() != 2 {
		t.Fatalf("seat 1 passes the level alone: level %d, %v", g.LevelNumber(), g.Result())
	}
	if g.seats[1].State != Away {
		t.Errorf("a seat gone for good stays out on the next level: %v", g.seats[1].State)
	}
	if ev, _ := g.SetAway(2, false); len(ev) != 0 {
		t.Errorf("a gone seat cannot come back: %s", kinds(ev))
	}
}

// TestHunterInterceptsAtDistanceThree pins the boundary of the chase rule:
// at path distance 3 the hunter still intercepts (down, onto the player's
// way to the key), where a chase would step left toward the player.
func TestHunterInterceptsAtDistanceThree(t *testing.T) {
	g := newTiny(t, 1,
		"#########",
		"#########",
		"#..H#####",
		"#P.....K#",
		"#E#######",
		"#########")
	play(t, g, ".")
	if got := g.monsterAt(0); got != (Point{3, 3}) {
		t.Errorf("at distance 3 the hunter must cut the player off at (3, 3), not chase: at %v", got)
	}
	g = newTiny(t, 1,
		"#########",
		"#########",
		"#..H#####",
		"#P.....K#",
		"#E#######",
		"#########")
	moveMonster(g, 0, Point{2, 2})
	play(t, g, ".")
	if got := g.monsterAt(0); got != (Point{1, 2}) {
		t.Errorf("at distance 2 the hunter chases (left, toward the player): at %v", got)
	}
}

// TestSightingReportedOnce: a monster coming into the player's light is
// reported once (EvSighted, for that seat), not again while it stays in
// light, and again when it comes back after leaving it.
func TestSightingReportedOnce(t *testing.T) {
	g := newTiny(t, 1,
		"###############",
		"#P...........W#",
		"#.#############",
		"#K...........E#",
		"###############")
	w := &g.mons[0]
	sighted := func(ev []Event) int {
		n := 0
		for _, e := range ev {
			if e.Kind == EvSighted {
				if e.Seat != 1 || e.Monster != Wanderer {
					t.Fatalf("sighting %+v", e)
				}
				n++
			}
		}
		return n
	}
	if n := sighted(play(t, g, ".")); n != 0 {
		t.Fatalf("a wanderer 12 tiles off was sighted")
	}
	w.Pos, w.Dir = Point{3, 1}, 1 // two tiles from the player, in light
	w.Frozen = 5
	if n := sighted(play(t, g, ".")); n != 1 {
		t.Fatalf("the wanderer stepping into light: %d sightings, want 1", n)
	}
	if n := sighted(play(t, g, ".")); n != 0 {
		t.Fatalf("a wanderer still in light is sighted again")
	}
	w.Pos = Point{9, 1}
	if n := sighted(play(t, g, ".")); n != 0 {
		t.Fatalf("a wanderer out of light is sighted")
	}
	w.Pos = Point{2, 1}
	if n := sighted(play(t, g, ".")); n != 1 {
		t.Fatalf("the wanderer back in light: %d sightings, want 1", n)
	}
	if v := g.View(1); len(v.Monsters) != 1 {
		t.Fatalf("the view shows %d monsters", len(v.Monsters))
	}
}
