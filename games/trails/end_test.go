package trails

import (
	"encoding/json"
	"math"
	"strings"
	"testing"
)

// A player with no legal move at the start of their turn loses; a boost
// can be the way out.
func TestNoMoveLoses(t *testing.T) {
	rows := []string{
		".....",
		".....",
		".....",
		"....b",
		"..B.R"}
	p := drawn(t, 1, none, none, rows...)
	mustMove(t, p, Right)
	w, r := p.Winner()
	if w != 1 || r != NoMove {
		t.Fatalf("winner %d (%v), want Blue because Red has no move", w, r)
	}
	if got := result(p); got != "Red had no move left." {
		t.Fatalf("result %q", got)
	}
	if _, err := p.Move(Up); err == nil || err.Error() != ErrOver.Error() {
		t.Fatalf("a move after the end: %v, want %q", err, ErrOver)
	}

	// The same, but Red's last move was up: the next up is a boost of 2,
	// which jumps over Blue's trail to (4, 2).
	p = drawn(t, 1, none, boost{Up, 1}, rows...)
	mustMove(t, p, Right)
	if p.Over() || !p.Legal(Up) || legalDirs(p)[0] != "up" || len(legalDirs(p)) != 1 {
		t.Fatalf("Red's boost up should be its one move (legal: %v)", legalDirs(p))
	}
	mustMove(t, p, Up)
	same(t, p,
		".....",
		".....",
		"....R",
		"....b",
		"..bBr")
}

// Taking more than half of the towers wins at once; half or less does not.
func TestWinByTowers(t *testing.T) {
	p := drawn(t, 2, none, boost{Left, 1},
		"X......",
		"B......",
		".......",
		".......",
		".......",
		".T.....",
		".....YR")
	// Red (1 of 3) jumps left two cells onto nothing: (4, 6) is free.
	mustMove(t, p, Left)
	if p.Over() {
		t.Fatal("the game ended without a second tower")
	}
	mustMove(t, p, Down) // Blue
	mustMove(t, p, Up)   // Red to (4, 5)
	mustMove(t, p, Down) // Blue
	mustMove(t, p, Left) // Red to (3, 5)
	mustMove(t, p, Down) // Blue
	m := mustMove(t, p, Left)
	if m.Tower != 1 || m.To != (Cell{1, 5}) {
		t.Fatalf("Red's boost left: %+v, want tower 1 at (1, 5) taken", m)
	}
	w, r := p.Winner()
	if w != 2 || r != ByTowers || result(p) != "Red took 2 of 3 towers." {
		t.Fatalf("winner %d (%v) %q, want Red by towers", w, r, result(p))
	}
}

// One tower of one: the first to take it wins.
func TestOneTowerWins(t *testing.T) {
	p := drawn(t, 1, boost{Right, 1}, none,
		"B.T..",
		".....",
		".....",
		".....",
		"....R")
	mustMove(t, p, Right)
	if w, r := p.Winner(); w != 1 || r != ByTowers {
		t.Fatalf("winner %d (%v), want Blue with 1 of 1", w, r)
	}
}

func TestClassicSetup(t *testing.T) {
	g, err := New(Classic(), 1)
	if err != nil {
		t.Fatal(err)
	}
	// The original program's classic: one free cell of the diagonal
	// between neighbouring towers.
	want := []Cell{{3, 7}, {5, 5}, {7, 3}}
	if got := g.Config().TowerCells(); !equalCells(got, want) {
		t.Fatalf("towers %v, want %v", got, want)
	}
	v := g.View(1)
	if v.Rows[0][0] != 'B' || v.Rows[10][10] != 'R' || v.Rows[5][5] != 'T' || v.Rows[3][7] != 'T' || v.Rows[7][3] != 'T' {
		t.Fatalf("the classic field:\n%s", strings.Join(v.Rows, "\n"))
	}
	if v.Current != 1 || len(v.Legal) != 2 || v.Legal[0].Dir != Right || v.Legal[1].Dir != Down {
		t.Fatalf("Blue's first moves: %+v", v.Legal)
	}
	if k := []int{v.Towers[0].K, v.Towers[1].K, v.Towers[2].K}; k[0] != -1 || k[1] != 0 || k[2] != 1 {
		t.Fatalf("tower numbers %v, want -1 0 1", k)
	}
	// --first 2: Red opens.
	c := Classic()
	c.First = 2
	g, _ = New(c, 1)
	if g.Current() != 2 {
		t.Fatalf("--first 2: player %d opens", g.Current())
	}
}

// Custom --size, --towers and --distance place the towers on the diagonal
// joining the free corners, centred, D diagonal steps apart.
func TestCustomSetup(t *testing.T) {
	for _, c := range []struct {
		cfg  Config
		want []Cell
	}{
		{Config{Size: 13, Towers: 5, Distance: 2, First: 1}, []Cell{{2, 10}, {4, 8}, {6, 6}, {8, 4}, {10, 2}}},
		{Config{Size: 5, Towers: 1, Distance: 1, First: 1}, []Cell{{2, 2}}},
		{Config{Size: 5, Towers: 3, Distance: 2, First: 2}, []Cell{{0, 4}, {2, 2}, {4, 0}}}, // the free corners
		{Config{Size: 25, Towers: 25, Distance: 1, First: 1}, nil},
	} {
		g, err := New(c.cfg, 0)
		if err != nil {
			t.Fatalf("%+v: %v", c.cfg, err)
		}
		got := g.Config().TowerCells()
		if c.want != nil && !equalCells(got, c.want) {
			t.Fatalf("%+v: towers %v, want %v", c.cfg, got, c.want)
		}
		v := g.View(0)
		n := 0
		for _, r := range v.Rows {
			n += strings.Count(r, "T")
		}
		if n != c.cfg.Towers || v.Size != c.cfg.Size {
			t.Fatalf("%+v: %d towers drawn on a field of %d", c.cfg, n, v.Size)
		}
	}
}

// Each limit of a setup is refused with the sentence that names it.
func TestSetupRefusals(t *testing.T) {
	for _, c := range []struct {
		cfg Config
		why string
	}{
		{Config{Size: 3, Towers: 1, Distance: 1, First: 1}, "--size 3: the field's side is 5 to 25 cells"},
		{Config{Size: 27, Towers: 1, Distance: 1, First: 1}, "--size 27: the field's side is 5 to 25 cells"},
		{Config{Size: 10, Towers: 1, Distance: 1, First: 1}, "--size 10: the field's side must be odd"},
		{Config{Size: 11, Towers: 0, Distance: 1, First: 1}, "--towers 0: there is at least 1 tower"},
		{Config{Size: 11, Towers: 4, Distance: 1, First: 1}, "--towers 4: the number of towers must be odd"},
		{Config{Size: 11, Towers: 3, Distance: 0, First: 1}, "--distance 0: towers stand at least 1 diagonal step apart"},
		{Config{Size: 11, Towers: 3, Distance: 1, First: 3}, "--first 3: player 1 or player 2 moves first"},
		{Config{Size: 11, Towers: 5, Distance: 3, First: 1}, "--towers 5 --distance 3: the outer towers would stand at (11, -1) and (-1, 11), outside the 11 × 11 field; at this distance at most 3 towers fit"},
		{Config{Size: 5, Towers: 7, Distance: 1, First: 1}, "at most 5 towers fit"},
		{Config{Size: 11, Towers: 3, Distance: 6, First: 1}, "at this distance only 1 tower fits"},
		// Products that do not fit in an int are refused too, not wrapped
		// round into a setup of billions of towers.
		{Config{Size: 11, Towers: 1<<32 + 1, Distance: 1 << 32, First: 1}, "--towers 4294967297 --distance 4294967296: the outer towers would stand outside the 11 × 11 field; at this distance only 1 tower fits"},
		{Config{Size: 11, Towers: 3, Distance: math.MaxInt, First: 1}, "--towers 3 --distance 9223372036854775807: the outer towers would stand outside the 11 × 11 field"},
		{Config{Size: 25, Towers: math.MaxInt, Distance: 1, First: 1}, "outside the 25 × 25 field; at this distance at most 25 towers fit"},
	} {
		_, err := New(c.cfg, 0)
		if err == nil || !strings.Contains(err.Error(), c.why) {
			t.Errorf("%+v: %v, want %q", c.cfg, err, c.why)
		}
	}
}

// A game saved and loaded goes on as the original; a save of another
// format, a bad setup or an illegal move is refused.
func TestSaveRoundTrip(t *testing.T) {
	g, _ := New(Classic(), 42)
	for _, d := range []Dir{Right, Left, Right, Up, Down, Left, Down, Up} {
		if _, err := g.Move(d); err != nil {
			t.Fatal(err)
		}
	}
	data, err := json.Marshal(g)
	if err != nil {
		t.Fatal(err)
	}
	h, err := Load(data)
	if err != nil {
		t.Fatal(err)
	}
	if h.Seed() != 42 || strings.Join(h.View(1).Rows, "/") != strings.Join(g.View(1).Rows, "/") || h.Current() != g.Current() {
		t.Fatalf("loaded %s", data)
	}
	for _, d := range []Dir{Right, Left, Right} {
		a, errA := g.Move(d)
		b, errB := h.Move(d)
		if a != b || (errA == nil) != (errB == nil) {
			t.Fatalf("the loaded game went on differently: %+v/%v vs %+v/%v", a, errA, b, errB)
		}
	}
	for _, s := range []string{
		`not json`,
		`{"format":"minotaur-save","version":1}`,
		`{"format":"minotaur-trails","version":3,"config":{"size":11,"towers":3,"distance":1,"first":1}}`,
		`{"format":"minotaur-trails","version":0,"config":{"size":11,"towers":3,"distance":1,"first":1}}`,
		`{"format":"minotaur-trails","version":1,"config":{"size":12,"towers":3,"distance":1,"first":1}}`,
		`{"format":"minotaur-trails","version":1,"config":{"size":11,"towers":3,"distance":1,"first":1},"moves":"U"}`,
		`{"format":"minotaur-trails","version":1,"config":{"size":11,"towers":3,"distance":1,"first":1},"moves":"RX"}`,
	} {
		if _, err := Load([]byte(s)); err == nil {
			t.Errorf("accepted %s", s)
		}
	}
}

func TestUndoAndMoveAs(t *testing.T) {
	g, _ := New(Classic(), 0)
	before := strings.Join(g.View(1).Rows, "/")
	g.Move(Right)
	g.Move(Left)
	g.Move(Right)
	if n := g.Undo(2); n != 2 || len(g.Moves()) != 1 || g.Current() != 2 {
		t.Fatalf("undo 2 took back %d, %d moves left, player %d to move", n, len(g.Moves()), g.Current())
	}
	if p := g.Position().Player(1); p.Pos != (Cell{1, 0}) || p.Next(Right) != 2 {
		t.Fatalf("after undo Blue is %+v", p)
	}
	g.Restart()
	if strings.Join(g.View(1).Rows, "/") != before || len(g.Moves()) != 0 {
		t.Fatal("restart did not bring back the start")
	}
	if _, err := g.MoveAs(2, Left); err != ErrNotYourTurn {
		t.Fatalf("Red moved on Blue's turn: %v", err)
	}
	if _, err := g.MoveAs(1, Down); err != nil {
		t.Fatal(err)
	}
}

func TestParseDir(t *testing.T) {
	for s, d := range map[string]Dir{"U": Up, "l": Left, "D": Down, "r": Right, "up": Up, "Left": Left, " down ": Down, "RIGHT": Right} {
		if got, err := ParseDir(s); err != nil || got != d {
			t.Errorf("%q: %v %v, want %v", s, got, err, d)
		}
	}
	for _, s := range []string{"W", "a", "S", "x", "", "upp"} {
		if _, err := ParseDir(s); err == nil {
			t.Errorf("%q read as a direction", s)
		}
	}
	if _, err := ParseDir("W"); !strings.Contains(err.Error(), "WASD is for the keyboard only") {
		t.Errorf("W: %v", err)
	}
}

func equalCells(a, b []Cell) bool {
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
