package levels

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/minotaur-game/minotaur/games/labyrinth"
)

// TestCheckLabyrinthFiles: check reads a field file from disk and prints
// games/labyrinth's verdicts on it, one line a field, as the original
// program does; every example field passes.
func TestCheckLabyrinthFiles(t *testing.T) {
	ex := labyrinth.ExampleFields()
	if len(ex) != 5 {
		t.Fatalf("%d built-in example fields, want 5", len(ex))
	}
	dir := t.TempDir()
	for _, e := range ex {
		t.Run(e.Name, func(t *testing.T) {
			path := filepath.Join(dir, e.Name)
			if err := os.WriteFile(path, e.Text, 0o644); err != nil {
				t.Fatal(err)
			}
			r := CheckFile(path)
			if !r.Labyrinth {
				t.Fatalf("not recognised as a Labyrinth file")
			}
			lab, err := labyrinth.Parse(e.Name, e.Text)
			if err != nil {
				t.Fatal(err)
			}
			var want []string
			for _, f := range lab.Check() {
				want = append(want, f.String())
			}
			if got := strings.Join(r.Lines(false), "\n"); got != strings.Join(want, "\n") {
				t.Errorf("got\n%s\nwant\n%s", got, strings.Join(want, "\n"))
			}
			if !r.OK() {
				t.Errorf("field 0 is escapable, yet the file does not pass")
			}
		})
	}
}

// TestCheckLabyrinthVerdicts: the file passes when field 0 is escapable
// from every cell; a failing dream field is printed but does not count.
func TestCheckLabyrinthVerdicts(t *testing.T) {
	tests := []struct {
		name string
		data string
		want string // the Lines of the report, joined
		ok   bool
	}{
		{"open field", "2 2\n. .\n   \n. E\nE Exit(DOWN)\n", "0: OK", true},
		{"a walled-in cell is the first to fail", "3 3\n. . E\n. _ .\n.|.|.\n. _ .\n. . .\nE Exit(UP)\n", "0: FAILED (1, 1)", false},
		{"a failing dream field does not fail the file", "2\n1 1\nE\n1 1\n.\nE Exit(UP)\n", "0: OK\n1: FAILED (0, 0)", true},
		{"a failing first field fails the file", "2\n1 2\n.|E\n1 1\nE\nE Exit(UP)\n", "0: FAILED (0, 0)\n1: OK", false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			r := Check("field.txt", []byte(tt.data))
			if r.Err != nil {
				t.Fatalf("error: %v", r.Err)
			}
			if got := strings.Join(r.Lines(false), "\n"); got != tt.want {
				t.Errorf("got %q, want %q", got, tt.want)
			}
			if r.OK() != tt.ok {
				t.Errorf("OK() = %v, want %v", r.OK(), tt.ok)
			}
		})
	}
}

func TestLabyrinthNamedLines(t *testing.T) {
	r := Check("f.txt", []byte("2\n1 1\nE\n1 1\n.\nE Exit(UP)\n"))
	got := strings.Join(r.Lines(true), "\n")
	if want := "f.txt: 0: OK\nf.txt: 1: FAILED (0, 0)"; got != want {
		t.Errorf("got %q, want %q", got, want)
	}
}

// TestCheckLabyrinthErrors: a field file's problems print as a level
// file's do, FILE:LINE:COL: message, sorted, in an ErrorList.
func TestCheckLabyrinthErrors(t *testing.T) {
	r := Check("field.txt", []byte("1 3\nQ.E W\nE Exit(UP)\nW Wall()\n"))
	if !r.Labyrinth {
		t.Fatal("not recognised as a Labyrinth file")
	}
	if r.OK() {
		t.Fatalf("accepted: %v", r.Lines(false))
	}
	matchProblems(t, "errors", errorList(t, r.Err), []problem{
		{"2:1", "the cell 'Q' at (0, 0) of field 0 has no legend line"},
		{"2:2", "expected '|' (a wall) or a space (none) between cells (0, 0) and (0, 1) of field 0, found '.'"},
		{"4:3", `unknown cell type "Wall"`}})
	want := []string{
		`field.txt:2:1: the cell 'Q' at (0, 0) of field 0 has no legend line: describe it after the fields, e.g. "Q Stun(2)"`,
		`field.txt:2:2: expected '|' (a wall) or a space (none) between cells (0, 0) and (0, 1) of field 0, found '.'`,
		`field.txt:4:3: unknown cell type "Wall": the types are Key, Exit, Stun, RubberRoom, Teleport, Armory, Sleep`,
	}
	if got := strings.Join(r.Lines(false), "\n"); got != strings.Join(want, "\n") {
		t.Errorf("got\n%s\nwant\n%s", got, strings.Join(want, "\n"))
	}
}
