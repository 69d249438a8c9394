package trails

import (
	"encoding/json"
	"strings"
	"testing"
)

// playScript plays script (directions separated by spaces) on the classic
// field, both seats from the script, as `minotaur trails --vs human
// --script` does, and returns the game and the answer lines.
func playScript(t *testing.T, script string) (*Game, []string) {
	t.Helper()
	g, err := New(Classic(), 0)
	if err != nil {
		t.Fatal(err)
	}
	var out strings.Builder
	if err := RunScript(g, strings.NewReader(strings.ReplaceAll(script, " ", "\n")), &out, nil); err != nil {
		t.Fatal(err)
	}
	return g, strings.Split(strings.TrimSuffix(out.String(), "\n"), "\n")
}

func owner(g *Game, c Cell) int {
	what, _ := g.Position().At(c)
	return what
}

// On move 13 Blue jumps from (5, 0) to (8, 0) over a free (6, 0) and Red's
// (7, 0): like the original program, the free cell before Red's trail
// becomes Blue's too, and Red, standing on (7, 0), is boxed in.
func TestJumpTakesTheFreeCellBeforeAnObstacle(t *testing.T) {
	g, lines := playScript(t, "R L D L R U U U R U R U R")
	if owner(g, Cell{6, 0}) != 1 {
		t.Errorf("(6, 0) holds %d after Blue's jump over it, want Blue's trail (1)", owner(g, Cell{6, 0}))
	}
	want := []string{"P1: R -> (8, 0)", "WINNER 1 MOVE 13"}
	if got := lines[len(lines)-2:]; strings.Join(got, "\n") != strings.Join(want, "\n") {
		t.Errorf("the game ended\n%s\nwant\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
	if _, r := g.Winner(); r != NoMove || g.Result() != "Red had no move left." {
		t.Errorf("the result %q (%v), want Red boxed in", g.Result(), r)
	}
}

// The same rule for a slide into the border: Red, boosted to the left, slides
// to (0, 10) and every free cell of the way becomes Red's, the ones before
// Blue's trail on (1, 10) too, which leaves Blue without a move.
func TestSlideTakesEveryFreeCellOfTheWay(t *testing.T) {
	g, lines := playScript(t, "D U D L D D R L D L D L D L")
	for x := 0; x <= 10; x++ {
		if x == 1 {
			continue
		}
		if w := owner(g, Cell{x, 10}); w != 2 {
			t.Errorf("(%d, 10) holds %d after Red's slide, want Red's trail (2)", x, w)
		}
	}
	want := []string{"P2: L -> (0, 10)", "WINNER 2 MOVE 14"}
	if got := lines[len(lines)-2:]; strings.Join(got, "\n") != strings.Join(want, "\n") {
		t.Errorf("the game ended\n%s\nwant\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
}

// A game saved as version 1 was played under the earlier jump fill (only the
// free cells after the last non-free one): it loads and plays on under those
// rules, and saves again as version 1; a new game saves as version 2.
func TestVersion1SavesKeepTheirRules(t *testing.T) {
	const moves = "RLDLRUUURURURL" // move 14, Red into (6, 0), is legal only under version 1
	v1 := `{"format":"minotaur-trails","version":1,"config":{"size":11,"towers":3,"distance":1,"first":1},"seed":7,"moves":"` + moves + `"}`
	g, err := Load([]byte(v1))
	if err != nil {
		t.Fatalf("a version-1 save was refused: %v", err)
	}
	if g.Over() || owner(g, Cell{6, 0}) != 2 || len(g.Moves()) != 14 {
		t.Fatalf("the version-1 game: over %v, (6, 0) holds %d, %d moves", g.Over(), owner(g, Cell{6, 0}), len(g.Moves()))
	}
	g.Undo(2)
	if _, err := g.Move(Right); err != nil || owner(g, Cell{6, 0}) != 0 {
		t.Fatalf("after undo, Blue's jump under version 1: %v, (6, 0) holds %d, want free", err, owner(g, Cell{6, 0}))
	}
	data, _ := json.Marshal(g)
	if !strings.Contains(string(data), `"version":1`) {
		t.Errorf("a version-1 game saved as %s", data)
	}
	v2 := strings.Replace(v1, `"version":1`, `"version":2`, 1)
	if _, err := Load([]byte(v2)); err == nil || !strings.Contains(err.Error(), "move 14") {
		t.Errorf("the same moves as version 2: %v, want move 14 refused", err)
	}
	n, _ := New(Classic(), 0)
	if data, _ := json.Marshal(n); !strings.Contains(string(data), `"version":2`) {
		t.Errorf("a new game saved as %s", data)
	}
}
