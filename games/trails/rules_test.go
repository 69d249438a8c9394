package trails

import (
	"strings"
	"testing"
)

var none = boost{}

// A boost grows by one cell with each move in the same direction and starts
// again at 1 in another direction.
func TestBoostGrowsAndResets(t *testing.T) {
	p := drawn(t, 1, none, none,
		"B........",
		".........",
		".........",
		".........",
		".........",
		".........",
		".........",
		".........",
		"........R")
	steps := []struct {
		who  int
		d    Dir
		len  int
		to   Cell
		next int // the mover's next move in d
	}{
		{1, Right, 1, Cell{1, 0}, 2},
		{2, Up, 1, Cell{8, 7}, 2},
		{1, Right, 2, Cell{3, 0}, 3},
		{2, Up, 2, Cell{8, 5}, 3},
		{1, Right, 3, Cell{6, 0}, 4},
		{2, Left, 1, Cell{7, 5}, 2}, // another direction: 1 again
		{1, Down, 1, Cell{6, 1}, 2},
		{2, Left, 2, Cell{5, 5}, 3},
		{1, Down, 2, Cell{6, 3}, 3},
	}
	for i, s := range steps {
		if p.Current() != s.who {
			t.Fatalf("step %d: player %d to move, want %d", i, p.Current(), s.who)
		}
		m := mustMove(t, p, s.d)
		if m.Len != s.len || m.To != s.to {
			t.Fatalf("step %d: %s went %d to %v, want %d to %v", i, s.d, m.Len, m.To, s.len, s.to)
		}
		if got := p.Player(s.who).Next(s.d); got != s.next {
			t.Fatalf("step %d: the next move %s goes %d, want %d", i, s.d, got, s.next)
		}
	}
	same(t, p,
		"bbbbbbb..",
		"......b..",
		"......b..",
		"......B..",
		".........",
		".....Rrrr",
		"........r",
		"........r",
		"........r")
}

// A jump occupies every free cell between the jumper's cell and the target,
// the free cell before the obstacles (here a blue trail then a red one) too,
// as the original program does, and the target.
func TestJumpOverBothTrails(t *testing.T) {
	p := drawn(t, 1, boost{Right, 4}, none,
		"......R",
		"B.br...",
		".......",
		".......",
		".......",
		".......",
		".......")
	m := mustMove(t, p, Right)
	if m.Len != 5 || m.To != (Cell{5, 1}) || m.Cells != 3 {
		t.Fatalf("the jump was %+v, want 5 cells to (5, 1), 3 cells occupied", m)
	}
	same(t, p,
		"......R",
		"bbbrbB.",
		".......",
		".......",
		".......",
		".......",
		".......")
}

// Without obstacles a jump occupies every cell from the player's own.
func TestJumpOverNothingFillsTheWay(t *testing.T) {
	p := drawn(t, 2, none, boost{Up, 2},
		".....",
		".....",
		".....",
		".....",
		"B...R")
	mustMove(t, p, Up)
	same(t, p,
		".....",
		"....R",
		"....r",
		"....r",
		"B...r")
}

// A boosted move whose target is the tower takes it; the player stands on
// it; a move of one cell cannot.
func TestJumpOntoTowerTakesIt(t *testing.T) {
	p := drawn(t, 1, boost{Right, 1}, none,
		"B.T..",
		".....",
		".T...",
		".....",
		"....R")
	m := mustMove(t, p, Right)
	if m.Tower != 0 || m.To != (Cell{2, 0}) || p.Player(1).Towers != 1 || p.TowerOwner(0) != 1 {
		t.Fatalf("move %+v, Blue's towers %d, owner %d: want tower 0 taken by Blue", m, p.Player(1).Towers, p.TowerOwner(0))
	}
	if p.Over() {
		t.Fatalf("1 of 2 towers ended the game")
	}
	same(t, p,
		"bbB..",
		".....",
		".T...",
		".....",
		"....R")

	q := drawn(t, 1, none, none,
		"bbbb.",
		"...b.",
		".TBb.",
		".....",
		"....R")
	mustRefuse(t, q, Left, "(1, 2) is a tower, taken only with a boost of 2 or more")
}

// A tower passed over is not taken; the free cells on either side of it
// become the jumper's.
func TestJumpOverTowerDoesNotTakeIt(t *testing.T) {
	p := drawn(t, 1, boost{Down, 3}, none,
		"B.....",
		"......",
		"T.....",
		"......",
		"......",
		".....R")
	m := mustMove(t, p, Down)
	if m.Tower != -1 || m.To != (Cell{0, 4}) || p.TowerOwner(0) != 0 || p.Player(1).Towers != 0 {
		t.Fatalf("move %+v: the tower passed over was taken", m)
	}
	same(t, p,
		"b.....",
		"b.....",
		"T.....",
		"b.....",
		"B.....",
		".....R")
}

// A boost beyond the border slides to the border cell when it is free,
// taking every free cell on the way; otherwise it is illegal.
func TestSlideIntoTheBorder(t *testing.T) {
	p := drawn(t, 1, boost{Right, 6}, none,
		"B.b...",
		"......",
		"......",
		"......",
		"......",
		".....R")
	m := mustMove(t, p, Right)
	if !m.Border || m.To != (Cell{5, 0}) || m.Len != 7 || m.Cells != 4 {
		t.Fatalf("move %+v: want a slide of 7 to the border cell (5, 0), 4 cells", m)
	}
	same(t, p,
		"bbbbbB",
		"......",
		"......",
		"......",
		"......",
		".....R")

	for _, c := range []struct {
		row, why string
	}{
		{"B....r", "the cell next to the border, (5, 0), is taken by Red's trail"},
		{"B..b.b", "the cell next to the border, (5, 0), is taken by Blue's trail"},
		{"B....T", "the cell next to the border, (5, 0), is a tower"},
	} {
		q := drawn(t, 1, boost{Right, 6}, none,
			c.row, "......", "......", "......", "......", ".....R")
		mustRefuse(t, q, Right, c.why)
	}
	// Standing at the border, a boost in its direction has nowhere to go.
	q := drawn(t, 1, boost{Right, 2}, none,
		"bbbbbB", "......", "......", "......", "......", ".....R")
	mustRefuse(t, q, Right, "stands at the border itself")
	// A 1-cell move never leaves the field.
	q = drawn(t, 1, none, none,
		"B.....", "......", "......", "......", "......", ".....R")
	mustRefuse(t, q, Up, "up from (0, 0) leaves the field")
}

// A cell once occupied is never occupied again, by either player, and the
// players never share a cell.
func TestOccupiedCellsAreNeverTakenAgain(t *testing.T) {
	p := drawn(t, 1, boost{Right, 1}, none,
		"bbB..",
		"..R..",
		".....",
		".....",
		".....")
	mustRefuse(t, p, Left, "left from (2, 0): (1, 0) is taken by Blue's trail")
	mustRefuse(t, p, Down, "down from (2, 0): (2, 1) is taken by Red's trail")
	// A boosted move onto an occupied target is refused too.
	q := drawn(t, 1, boost{Right, 1}, none,
		"B.r..",
		".....",
		".....",
		".....",
		"....R")
	mustRefuse(t, q, Right, "(2, 0) is taken by Red's trail")
	if got := strings.Join(legalDirs(p), " "); got != "right" {
		t.Fatalf("legal moves %q, want right only", got)
	}
}

func legalDirs(p *Position) []string {
	var ds []string
	for _, d := range Dirs {
		if p.Legal(d) {
			ds = append(ds, d.String())
		}
	}
	return ds
}

// The worked example of docs/trails.md: Blue, two cells up last move,
// jumps three up over Red's trail onto the middle tower and takes it; the
// free cell after Red's trail becomes Blue's.
func TestWorkedExample(t *testing.T) {
	p := drawn(t, 1, boost{Up, 2}, boost{Left, 1},
		"bbbb.......",
		"...b.......",
		"...bb......",
		"....b......",
		"....b.T....",
		".....T.....",
		"....T......",
		"..rrrrrrR..",
		".....B.r...",
		".....b.r...",
		".....b.rrrr")
	m := mustMove(t, p, Up)
	if m.Len != 3 || m.Tower != 1 || m.Cells != 2 {
		t.Fatalf("the jump: %+v", m)
	}
	same(t, p,
		"bbbb.......",
		"...b.......",
		"...bb......",
		"....b......",
		"....b.T....",
		".....B.....",
		"....Tb.....",
		"..rrrrrrR..",
		".....b.r...",
		".....b.r...",
		".....b.rrrr")
	if p.Player(1).Next(Up) != 4 || p.Player(1).Towers != 1 {
		t.Fatalf("after the jump Blue is %+v", p.Player(1))
	}
}
