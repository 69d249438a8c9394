package labyrinth

import (
	"testing"
)

// notebookOf plays commands and returns player 1's notebook, drawn from
// player 1's answers only.
func notebookOf(t *testing.T, g *Game, cmds ...string) *Notebook {
	t.Helper()
	var nb Notebook
	for _, a := range g.Opening() {
		if a.Player == 1 {
			nb.Observe(a)
		}
	}
	for _, s := range cmds {
		c, err := ParseCommand(s)
		if err != nil {
			t.Fatal(err)
		}
		answers, err := g.Act(c)
		if err != nil {
			t.Fatal(err)
		}
		for _, a := range answers {
			if a.Player == 1 {
				nb.Observe(a)
			}
		}
	}
	return &nb
}

func TestNotebookWallsAndSteps(t *testing.T) {
	g := newGame(t, "2 3\n. .|.\n_ . .\n. . S\nS Stun(1)\n", cell(0, 0))
	nb := notebookOf(t, g, "S", "D", "D", "S", "D")
	s := nb.Sheet()
	if nb.Rows != 2 || nb.Cols != 3 || !s.Anchored {
		t.Fatalf("size %d×%d anchored %v", nb.Rows, nb.Cols, s.Anchored)
	}
	if s.Pos != cell(1, 2) {
		t.Fatalf("the notebook places the player at %v, want (1, 2)", s.Pos)
	}
	if !s.Sides[SideOf(cell(0, 0), Down)] || !s.Sides[SideOf(cell(0, 1), Right)] {
		t.Errorf("bumped walls missing: %v", s.Sides)
	}
	if open, known := s.Sides[SideOf(cell(0, 1), Left)]; !known || open {
		t.Errorf("the side crossed between (0, 0) and (0, 1) is not noted as open")
	}
	if s.Marks[cell(0, 0)] != 'o' || s.Marks[cell(1, 2)] != 'S' || s.Marks[cell(1, 1)] != '.' {
		t.Errorf("marks %v", s.Marks)
	}
}

// TestNotebookRubberRoomLie: the notebook believes the lie, so it is wrong
// about where the player stands — as a paper notebook would be.
func TestNotebookRubberRoomLie(t *testing.T) {
	g := newGame(t, "2 3\n. R .\n. . .\n. . .\nR RubberRoom(RIGHT)\n", cell(0, 0))
	nb := notebookOf(t, g, "D", "S")
	at(t, g, 1, 0, cell(0, 1))
	if nb.Sheet().Pos != cell(1, 1) {
		t.Fatalf("the notebook says %v; the lie puts the player at (1, 1)", nb.Sheet().Pos)
	}
	// Leaving for real marks the cell the notebook believes it left.
	nb = notebookOf(t, newGame(t, "1 3\n. R .\nR RubberRoom(RIGHT)\n", cell(0, 0)), "D", "D")
	if nb.Sheet().Marks[cell(0, 1)] != 'R' || nb.Sheet().Pos != cell(0, 2) {
		t.Fatalf("marks %v at %v", nb.Sheet().Marks, nb.Sheet().Pos)
	}
}

// TestNotebookSheets: a teleport or a waking starts a new sheet; being shot
// brings the player back to the start sheet.
func TestNotebookSheets(t *testing.T) {
	g := newGame(t, "1 4\n. T . .\nT Teleport((0, 3))\n", cell(0, 0))
	nb := notebookOf(t, g, "D", "A")
	if len(nb.Sheets) != 2 || nb.Current != 1 || nb.Sheets[1].Anchored {
		t.Fatalf("%d sheets, current %d", len(nb.Sheets), nb.Current)
	}
	if nb.Sheets[0].Marks[cell(0, 1)] != 'T' {
		t.Errorf("the teleport is not marked on the first sheet: %v", nb.Sheets[0].Marks)
	}
	if nb.Sheet().Pos != cell(0, -1) {
		t.Errorf("on the new sheet the player is at %v, want (0, -1)", nb.Sheet().Pos)
	}

	g = newGame(t, "1 5\n. . T A .\nA Armory()\nT Teleport((0, 0))\n", cell(0, 4), cell(0, 0))
	var nb2 Notebook
	for _, a := range g.Opening() {
		if a.Player == 2 {
			nb2.Observe(a)
		}
	}
	for _, s := range []string{"A", "D", "W", "D", "XA"} {
		c, _ := ParseCommand(s)
		answers, _ := g.Act(c)
		for _, a := range answers {
			if a.Player == 2 {
				nb2.Observe(a)
			}
		}
	}
	// Player 2 stepped on the teleport (a new sheet), was shot: back at
	// the start, on the first sheet.
	if len(nb2.Sheets) != 2 {
		t.Fatalf("%d sheets, want 2", len(nb2.Sheets))
	}
	if nb2.Current != 0 || nb2.Sheet().Pos != cell(0, 0) {
		t.Fatalf("after being shot the notebook is on sheet %d at %v", nb2.Current, nb2.Sheet().Pos)
	}
}

func TestNotebookExitDoor(t *testing.T) {
	g := newGame(t, "1 3\nK . E\nK Key()\nE Exit(UP)\n", cell(0, 1))
	nb := notebookOf(t, g, "D", "W")
	if nb.Sheet().Marks[cell(0, 2)] != 'E' || nb.Sheet().Doors[cell(0, 2)] != Up {
		t.Fatalf("the exit is not noted: %v %v", nb.Sheet().Marks, nb.Sheet().Doors)
	}
}
