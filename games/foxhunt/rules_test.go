package foxhunt

import (
	"strings"
	"testing"
)

// drawn starts a match on a hand-drawn map; players are named A, B, C...
// in the order of their places, and fox is the fox's index.
func drawn(t *testing.T, rows []string, fox int, at ...Point) *Game {
	t.Helper()
	return drawnBy(t, Wiki, rows, fox, at...)
}

// drawnBy is drawn with the given rules.
func drawnBy(t *testing.T, rules Rules, rows []string, fox int, at ...Point) *Game {
	t.Helper()
	b, err := ParseBoard(rows)
	if err != nil {
		t.Fatal(err)
	}
	names := make([]string, len(at))
	for i := range at {
		names[i] = string(rune('A' + i))
	}
	g, err := NewOnBoard(b, Config{Rounds: 100, Seed: 7, NoRespawn: true, Rules: rules}, names, at, fox)
	if err != nil {
		t.Fatal(err)
	}
	return g
}

func mapOf(g *Game) string {
	m := g.AppendMap(nil)
	var s strings.Builder
	for y := 0; y < g.board.H; y++ {
		s.Write(m[y*g.board.W : (y+1)*g.board.W])
		s.WriteByte('\n')
	}
	return s.String()
}

// round submits the commands (seat, line pairs in arrival order) and plays
// the round.
func round(g *Game, cmds ...any) Report {
	for i := 0; i+1 < len(cmds); i += 2 {
		g.Submit(cmds[i].(int), cmds[i+1].(string))
	}
	return g.EndRound()
}

func TestGeneratedMapsAreConnectedAndRepeatable(t *testing.T) {
	for _, size := range [][2]int{{5, 5}, {10, 10}, {20, 20}, {37, 11}, {101, 101}} {
		for seed := uint64(1); seed <= 6; seed++ {
			g, err := New(Config{W: size[0], H: size[1], Rounds: 10, Seed: seed}, []string{"a", "b", "c"})
			if err != nil {
				t.Fatal(err)
			}
			if !g.board.Connected() {
				t.Fatalf("%v seed %d: a free field is cut off by indestructible walls:\n%s", size, seed, mapOf(g))
			}
			rocks := 0
			for _, c := range g.board.cells {
				if c == Rock {
					rocks++
				}
			}
			if rocks == 0 && size[0]*size[1] > 50 {
				t.Fatalf("%v seed %d: no indestructible walls at all", size, seed)
			}
			h, _ := New(Config{W: size[0], H: size[1], Rounds: 10, Seed: seed}, []string{"a", "b", "c"})
			if mapOf(g) != mapOf(h) {
				t.Fatalf("%v seed %d: the same seed drew two maps", size, seed)
			}
			for _, p := range g.players {
				if g.board.Cell(p.At) != Free {
					t.Fatalf("a player was placed on a wall at %v", p.At)
				}
			}
			if g.Fox() < 0 {
				t.Fatal("no fox")
			}
		}
	}
	for seed := uint64(100); seed < 300; seed++ {
		g, _ := New(Config{W: 5 + int(seed%30), H: 5 + int(seed%17), Rounds: 1, Seed: seed}, []string{"a"})
		if !g.board.Connected() {
			t.Fatalf("seed %d: cut off:\n%s", seed, mapOf(g))
		}
	}
	a, _ := New(Config{W: 20, H: 20, Rounds: 1, Seed: 1}, []string{"a"})
	b, _ := New(Config{W: 20, H: 20, Rounds: 1, Seed: 2}, []string{"a"})
	if mapOf(a) == mapOf(b) {
		t.Fatal("seeds 1 and 2 drew the same map")
	}
}

func TestNewRefusesBadSizes(t *testing.T) {
	for _, c := range []Config{{W: 4, H: 10, Rounds: 1}, {W: 10, H: 102, Rounds: 1}, {W: 10, H: 10, Rounds: 0}} {
		if _, err := New(c, []string{"a"}); err == nil {
			t.Errorf("%+v accepted", c)
		}
	}
}

func TestMovesStopAtWallsEdgesAndBombs(t *testing.T) {
	g := drawn(t, []string{
		"_w___",
		"_____",
		"__W__",
	}, 1, Point{0, 0}, Point{4, 2})
	round(g, 0, "d", 1, "d") // into w; off the map
	if g.players[0].At != (Point{0, 0}) || g.players[1].At != (Point{4, 2}) {
		t.Fatalf("moved into a wall or off the map: %v %v", g.players[0].At, g.players[1].At)
	}
	round(g, 0, "s", 1, "a")
	round(g, 0, "d", 1, "a") // B: into W
	if g.players[0].At != (Point{1, 1}) || g.players[1].At != (Point{3, 2}) {
		t.Fatalf("got %v %v", g.players[0].At, g.players[1].At)
	}
	round(g, 0, "b") // a bomb on (1,1)
	round(g, 0, "d")
	round(g, 0, "a") // back onto the bomb: blocked
	if g.players[0].At != (Point{2, 1}) {
		t.Fatalf("walked onto a bomb: %v", g.players[0].At)
	}
}

func TestOneCommandPerRound(t *testing.T) {
	g := drawn(t, []string{"_____"}, 1, Point{0, 0}, Point{4, 0})
	if a := g.Submit(0, "d"); a != Taken {
		t.Fatal(a)
	}
	if a := g.Submit(0, "d"); a != Already {
		t.Fatalf("second command answered %v", a)
	}
	g.EndRound()
	if g.players[0].At != (Point{1, 0}) {
		t.Fatalf("two commands moved the player to %v", g.players[0].At)
	}
	if a := g.Submit(0, "xyz"); a != Taken { // a line that is no command is still the round's
		t.Fatal(a)
	}
	if a := g.Submit(0, "d"); a != Already {
		t.Fatal(a)
	}
}

func TestParse(t *testing.T) {
	for line, want := range map[string]Command{
		"w":    {Kind: Move, Dir: Up},
		"d":    {Kind: Move, Dir: Right},
		"n":    {},
		"x":    {},
		"":     {},
		"ww":   {},
		"b":    {Kind: Throw},
		"b1":   {Kind: Throw},
		"b3w":  {Kind: Throw, Dir: Up, Dist: 3},
		"b0s":  {Kind: Throw, Dir: Down, Dist: 0},
		"b12a": {Kind: Throw, Dir: Left, Dist: ThrowRange},
		"b1n":  {Kind: Throw},
		"b2u":  {Kind: Throw},
		"bxw":  {Kind: Throw},
	} {
		if got := Parse(line); got != want {
			t.Errorf("Parse(%q) = %+v, want %+v", line, got, want)
		}
	}
}

func TestThrowLandsStopsAndFallsBack(t *testing.T) {
	g := drawn(t, []string{
		"__________",
		"___w______",
		"__________",
		"__________",
		"__________",
		"__________",
	}, 2, Point{0, 5}, Point{3, 5}, Point{9, 0})
	round(g, 0, "b3w", 1, "b9w")
	if len(g.bombs) != 2 || g.bombs[0].At != (Point{0, 2}) {
		t.Fatalf("b3w from x0 y5 landed at %+v, want x0 y2", g.bombs)
	}
	if g.bombs[1].At != (Point{3, 2}) {
		t.Fatalf("b9w towards a wall at y1 landed at %v, want just before it (y2)", g.bombs[1].At)
	}
	g = drawn(t, []string{"__________"}, 1, Point{0, 0}, Point{9, 0})
	round(g, 0, "b1n")
	if g.bombs[0].At != (Point{0, 0}) {
		t.Fatalf("b1n laid the bomb at %v, not on the own field", g.bombs[0].At)
	}
	round(g, 0, "b2d")
	if len(g.bombs) != 1 {
		t.Fatal("a second bomb was thrown with one bomb at a time")
	}
	g = drawn(t, []string{"____________"}, 1, Point{0, 0}, Point{11, 0})
	round(g, 0, "b50d")
	if g.bombs[0].At != (Point{ThrowRange, 0}) {
		t.Fatalf("b50d landed at %v, want the throw range %d", g.bombs[0].At, ThrowRange)
	}
	g = drawn(t, []string{"______"}, 1, Point{0, 0}, Point{3, 0})
	round(g, 0, "b5d")
	if g.bombs[0].At != (Point{2, 0}) {
		t.Fatalf("a bomb thrown at a player landed at %v, want the field before them", g.bombs[0].At)
	}
}

func TestFuseAndBeamStoppedByWall(t *testing.T) {
	g := drawn(t, []string{
		"_____",
		"__w__",
		"_____",
		"W____",
		"_____",
	}, 1, Point{2, 3}, Point{2, 0})
	g.players[0].Range = 3
	round(g, 0, "b") // thrown in round 1 at x2 y3
	for r := 2; r <= Fuse-1; r++ {
		if rep := g.EndRound(); rep.Exploded != 0 {
			t.Fatalf("exploded in round %d", r)
		}
	}
	rep := g.EndRound() // round 5: the fuse ends
	if rep.Exploded != 1 {
		t.Fatalf("round %d: %d bombs went off, want 1", Fuse, rep.Exploded)
	}
	if got, want := mapOf(g), "__f__\n__*__\n__*__\nW****\n__*__\n"; got != want {
		t.Fatalf("map after the explosion\n%s\nwant\n%s", got, want)
	}
	if !g.Beam(Point{2, 1}) || g.Beam(Point{2, 0}) {
		t.Fatalf("the beam did not stop at the wall at x2 y1:\n%s", mapOf(g))
	}
	if g.board.Cell(Point{2, 1}) != Free {
		t.Fatal("the destructible wall the beam hit still stands")
	}
	if g.players[1].Paralysed != 0 {
		t.Fatal("the player behind the wall was hit")
	}
	if g.Beam(Point{0, 3}) || g.board.Cell(Point{0, 3}) != Rock {
		t.Fatal("the indestructible wall was hit or destroyed")
	}
	if !g.Beam(Point{1, 3}) || !g.Beam(Point{4, 3}) || g.players[0].Paralysed != Paralysis {
		t.Fatalf("beam or paralysis missing:\n%s", mapOf(g))
	}
	if g.players[0].Range != StartRange {
		t.Fatal("a hit player kept the range special")
	}
	g.EndRound()
	if g.Beam(Point{1, 3}) {
		t.Fatal("the beam stayed into the next round")
	}
}

func TestChainReaction(t *testing.T) {
	g := drawn(t, []string{
		"_________",
		"_________",
		"_________",
	}, 0, Point{8, 0}, Point{8, 2}, Point{6, 1})
	// x0 y1 goes off this round; its beam (range 2) reaches the bomb at
	// x2 y1, whose beam reaches x4 y1, whose beam reaches C at x6 y1.
	g.bombs = []Bomb{
		{Owner: 1, At: Point{0, 1}, Fuse: 1, Range: 2},
		{Owner: 1, At: Point{2, 1}, Fuse: 4, Range: 2},
		{Owner: 2, At: Point{4, 1}, Fuse: 4, Range: 2},
	}
	rep := g.EndRound()
	if rep.Exploded != 3 {
		t.Fatalf("%d bombs went off, want all 3 in a chain:\n%s", rep.Exploded, mapOf(g))
	}
	if g.players[2].Paralysed != Paralysis {
		t.Fatalf("the player reached only by the last bomb of the chain was not hit:\n%s", mapOf(g))
	}
	if g.players[0].Paralysed != 0 || g.Beam(Point{7, 1}) {
		t.Fatalf("the beam reached beyond the last bomb's range:\n%s", mapOf(g))
	}
	if got, want := mapOf(g), "*_*_*___f\n*******__\n*_*_*___p\n"; got != want {
		t.Fatalf("map\n%s\nwant\n%s", got, want)
	}
	if len(g.bombs) != 0 {
		t.Fatal("bombs left")
	}
}

func TestBombsOnOneFieldLargestRangeDecides(t *testing.T) {
	g := drawn(t, []string{"_________"}, 1, Point{4, 0}, Point{0, 0})
	g.players[0].Bombs = 2
	round(g, 0, "b")
	g.players[0].Range = 4
	round(g, 0, "b")
	// the first bomb's fuse ends first (round 5) and sets off the second
	for i := 0; i < Fuse-3; i++ {
		g.EndRound()
	}
	rep := g.EndRound()
	if rep.Exploded != 2 {
		t.Fatalf("%d went off, want both", rep.Exploded)
	}
	if !g.Beam(Point{0, 0}) || g.players[1].Paralysed != Paralysis {
		t.Fatalf("the range-4 bomb on the same field did not decide:\n%s", mapOf(g))
	}
}

func TestTwoHuntersReachTheFoxTogether(t *testing.T) {
	g := drawn(t, []string{
		"_____",
		"_____",
		"_____",
	}, 0, Point{2, 1}, Point{1, 1}, Point{3, 1})
	round(g, 2, "a", 1, "d", 0, "n") // C's command arrived first
	if g.Fox() != 2 {
		t.Fatalf("fox is %d, want C (2), whose command came first", g.Fox())
	}
	if g.players[2].At == (Point{2, 1}) {
		t.Fatal("the new fox was not teleported")
	}
	if g.players[0].Fox || g.players[1].Fox {
		t.Fatal("two foxes")
	}
	g = drawn(t, []string{"_____", "_____", "_____"}, 0, Point{2, 1}, Point{1, 1}, Point{3, 1})
	round(g, 1, "d", 2, "a")
	if g.Fox() != 1 {
		t.Fatalf("fox is %d, want B (1), whose command came first", g.Fox())
	}
}

func TestParalysedCommandIgnored(t *testing.T) {
	g := drawn(t, []string{"______"}, 1, Point{0, 0}, Point{5, 0})
	g.players[0].Paralysed = Paralysis
	for r := 0; r < Paralysis; r++ {
		round(g, 0, "d")
		if g.players[0].At != (Point{0, 0}) {
			t.Fatalf("a paralysed player moved in round %d", r+1)
		}
	}
	round(g, 0, "d")
	if g.players[0].At != (Point{1, 0}) {
		t.Fatal("the player still cannot move after the paralysis")
	}
	g.players[0].Paralysed = 1
	round(g, 0, "b")
	if len(g.bombs) != 0 {
		t.Fatal("a paralysed player threw a bomb")
	}
}

func TestSpecialsAndShield(t *testing.T) {
	g := drawn(t, []string{
		"__r__",
		"_____",
		"__h__",
	}, 2, Point{1, 0}, Point{3, 0}, Point{4, 2})
	round(g, 0, "d", 1, "a")
	if g.players[0].Range != 2 || g.players[1].Range != 2 {
		t.Fatal("both players entering the special's field in one round must get it")
	}
	if g.board.Special(Point{2, 0}) != NoSpecial {
		t.Fatal("the special stayed after it was taken")
	}
	round(g, 0, "s")
	round(g, 0, "s")
	if g.players[0].Shield != ShieldRounds-1 {
		t.Fatalf("shield %d", g.players[0].Shield)
	}
	round(g, 0, "b")
	for i := 0; i < Fuse-1; i++ {
		g.EndRound()
	}
	if g.players[0].Paralysed != 0 || g.players[0].Range != 2 {
		t.Fatal("the shield did not protect from the player's own beam")
	}
}

func TestWallLeavesSpecialBehindAndBeamStopsAtSpecial(t *testing.T) {
	g := drawn(t, []string{"__w__b_"}, 1, Point{0, 0}, Point{6, 0})
	g.board.HideSpecial(Point{2, 0}, ExtraBomb)
	g.players[0].At = Point{3, 0}
	g.players[0].Range = 5
	round(g, 0, "b")
	for i := 0; i < Fuse-1; i++ {
		g.EndRound()
	}
	if g.board.Cell(Point{2, 0}) != Free || g.board.Special(Point{2, 0}) != ExtraBomb {
		t.Fatal("the destroyed wall did not leave its special")
	}
	if g.board.Special(Point{5, 0}) != NoSpecial {
		t.Fatal("the special the beam hit was not destroyed")
	}
	if g.Beam(Point{6, 0}) || g.players[1].Paralysed != 0 {
		t.Fatal("the beam went past the special")
	}
}

func TestScoringAsTheWiki(t *testing.T) {
	g := drawn(t, []string{"__________"}, 0, Point{0, 0}, Point{9, 0})
	var got []int
	for i := 0; i < 4; i++ {
		g.EndRound()
		got = append(got, g.players[0].Points)
	}
	if want := []int{2, 5, 9, 14}; !equal(got, want) {
		t.Fatalf("fox points %v, want %v (the wiki's example)", got, want)
	}
	for i := 4; i < 15; i++ {
		g.EndRound()
	}
	if g.players[0].Points != 135 {
		t.Fatalf("after 15 rounds %d, want 135", g.players[0].Points)
	}
	if g.players[1].Points != 0 {
		t.Fatal("a hunter scored")
	}
}

func TestLeaveAndOver(t *testing.T) {
	g := drawn(t, []string{"_____"}, 0, Point{0, 0}, Point{4, 0})
	if g.Submit(0, "q") != Quit {
		t.Fatal("q not taken as leaving")
	}
	if g.Fox() != 1 {
		t.Fatal("the fox left and nobody became the fox")
	}
	if g.Waiting() != 1 {
		t.Fatal(g.Waiting())
	}
	g2, _ := NewOnBoard(g.board, Config{Rounds: 2}, []string{"a"}, []Point{{0, 0}}, 0)
	g2.EndRound()
	if rep := g2.EndRound(); !rep.Over || !g2.Over() || g2.Submit(0, "d") != Over {
		t.Fatal("the match did not end after its rounds")
	}
}

func TestSpecialsAppearDuringTheGame(t *testing.T) {
	g := drawn(t, []string{"__________", "__________", "__________", "__________"}, 0, Point{0, 0}, Point{9, 3})
	g.respawn = true
	for i := 0; i < 200; i++ {
		g.EndRound()
	}
	n := 0
	for _, s := range g.board.specials {
		if s != NoSpecial {
			n++
		}
	}
	if n == 0 {
		t.Fatal("no special appeared in 200 rounds")
	}
}

func equal(a, b []int) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if a[i] != b[i] {
			return false
		}
	}
	return true
}

// A beam that reaches a bomb lying on a special sets it off in the same
// round (a throw may land on a special), by either rules.
func TestBeamSetsOffABombOnASpecial(t *testing.T) {
	for _, rules := range []Rules{Wiki, Reference} {
		g := drawnBy(t, rules, []string{"___r_____"}, 1, Point{8, 0}, Point{0, 0})
		g.bombs = []Bomb{
			{Owner: 0, At: Point{2, 0}, Fuse: 1, Range: 1},
			{Owner: 1, At: Point{3, 0}, Fuse: 4, Range: 1},
		}
		rep := g.EndRound()
		if rep.Exploded != 2 || len(g.bombs) != 0 {
			t.Fatalf("rules %d: %d bombs went off, want the one on the special too:\n%s", rules, rep.Exploded, mapOf(g))
		}
		if !g.Beam(Point{4, 0}) || g.board.Special(Point{3, 0}) != NoSpecial {
			t.Fatalf("rules %d: the bomb on the special did not go off in the same round:\n%s", rules, mapOf(g))
		}
	}
}

// A special under an exploding bomb is destroyed with it.
func TestSpecialUnderAnExplodingBombIsDestroyed(t *testing.T) {
	for _, rules := range []Rules{Wiki, Reference} {
		g := drawnBy(t, rules, []string{"__h______"}, 1, Point{8, 0}, Point{6, 0})
		g.bombs = []Bomb{{Owner: 0, At: Point{2, 0}, Fuse: 1, Range: 1}}
		g.EndRound()
		g.EndRound()
		if got, want := mapOf(g), "______f_p\n"; got != want {
			t.Fatalf("rules %d: the round after the bomb on the special went off\n%s\nwant\n%s", rules, got, want)
		}
	}
}

func TestReferenceMapHasABorder(t *testing.T) {
	for _, size := range [][2]int{{5, 5}, {20, 20}, {37, 11}} {
		for seed := uint64(1); seed <= 4; seed++ {
			g, err := New(Config{W: size[0], H: size[1], Rounds: 10, Seed: seed, Rules: Reference}, []string{"a", "b"})
			if err != nil {
				t.Fatal(err)
			}
			b := g.Board()
			if b.W != size[0] || b.H != size[1] {
				t.Fatalf("%v: the map is %d × %d, want the size asked for, its border included", size, b.W, b.H)
			}
			for y := 0; y < b.H; y++ {
				for x := 0; x < b.W; x++ {
					edge := x == 0 || y == 0 || x == b.W-1 || y == b.H-1
					if edge && b.Cell(Point{x, y}) != Rock {
						t.Fatalf("%v seed %d: x%d y%d of the border is not W:\n%s", size, seed, x, y, mapOf(g))
					}
				}
			}
			if !b.Connected() {
				t.Fatalf("%v seed %d: cut apart:\n%s", size, seed, mapOf(g))
			}
			for _, p := range g.Players() {
				if b.Cell(p.At) != Free {
					t.Fatalf("a player placed on %v", p.At)
				}
			}
		}
	}
}

// The reference server's bomb thrown in round r goes off at the end of
// round r+5; its hit player cannot move for 4 rounds but may throw.
func TestReferenceFuseAndParalysis(t *testing.T) {
	g := drawnBy(t, Reference, []string{"_________"}, 1, Point{4, 0}, Point{0, 0})
	round(g, 0, "b") // round 1, under A
	for r := 2; r <= 5; r++ {
		if rep := g.EndRound(); rep.Exploded != 0 {
			t.Fatalf("the bomb thrown in round 1 went off in round %d", r)
		}
	}
	if rep := g.EndRound(); rep.Exploded != 1 || g.players[0].Paralysed == 0 {
		t.Fatalf("round 6: %d went off, A paralysed %d", rep.Exploded, g.players[0].Paralysed)
	}
	for r := 1; r <= 4; r++ {
		round(g, 0, "d")
		if g.players[0].At != (Point{4, 0}) {
			t.Fatalf("A moved %d rounds after it was hit", r)
		}
		if r == 1 {
			round(g, 0, "b2a") // a throw is taken while paralysed (round 2 after)
			r++
			if len(g.bombs) != 1 || g.bombs[0].At != (Point{2, 0}) {
				t.Fatalf("a paralysed player's throw: bombs %+v", g.bombs)
			}
		}
	}
	round(g, 0, "d")
	if g.players[0].At != (Point{5, 0}) {
		t.Fatal("A still cannot move 5 rounds after it was hit")
	}
}

func TestReferenceThrowParsing(t *testing.T) {
	for line, want := range map[string]Command{
		"b":    {Kind: Throw},
		"b1":   {Kind: Throw},
		"b3w":  {Kind: Throw, Dir: Up, Dist: 3},
		"b3wx": {Kind: Throw, Dir: Up, Dist: 3},
		"b12d": {Kind: Throw},
		"bxw":  {Kind: Throw},
		"b1n":  {Kind: Throw},
		"w":    {Kind: Move, Dir: Up},
		"n":    {},
	} {
		if got := Reference.Parse(line); got != want {
			t.Errorf("Reference.Parse(%q) = %+v, want %+v", line, got, want)
		}
	}
}

// By the reference's rules a beam destroys the specials it crosses (one
// under a wall too) and goes on; its shield lasts 30 rounds.
func TestReferenceBeamsAndShield(t *testing.T) {
	g := drawnBy(t, Reference, []string{"_r_w_h_"}, 1, Point{4, 0}, Point{6, 0})
	g.board.HideSpecial(Point{3, 0}, ExtraBomb)
	g.bombs = []Bomb{{Owner: 1, At: Point{0, 0}, Fuse: 1, Range: 3}}
	g.EndRound()
	if g.board.Special(Point{1, 0}) != NoSpecial || !g.Beam(Point{2, 0}) {
		t.Fatalf("the beam stopped at the special or left it:\n%s", mapOf(g))
	}
	if g.board.Cell(Point{3, 0}) != Free || g.board.Special(Point{3, 0}) != NoSpecial {
		t.Fatalf("the wall or the special under it survived:\n%s", mapOf(g))
	}
	round(g, 0, "d")
	if g.players[0].Shield != RefShieldRounds-1 {
		t.Fatalf("shield %d after the round it was taken, want %d", g.players[0].Shield, RefShieldRounds-1)
	}
}
