package labyrinth

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// The example fields of the original Labyrinth program ship in fields/;
// what that program printed for each is in testdata/expected/.
const (
	labDir      = "fields"
	labExpected = "testdata/expected"
)

// labyrinthDir returns the folder of the example fields; a missing field
// fails the test.
func labyrinthDir(t testing.TB) string {
	t.Helper()
	if _, err := os.Stat(filepath.Join(labDir, "field1.txt")); err != nil {
		t.Fatalf("the example Labyrinth fields are missing: %v", err)
	}
	return labDir
}

// verdicts are the lines `minotaur check` prints for a field file that
// parses: one a field, "0: OK" or "1: FAILED (0, 0)".
func verdicts(lab *File) string {
	var lines []string
	for _, r := range lab.Check() {
		lines = append(lines, r.String())
	}
	return strings.Join(lines, "\n")
}

// TestLabyrinthExpected: the five example fields give exactly the lines of
// their .expected files, as the original program printed them.
func TestLabyrinthExpected(t *testing.T) {
	dir := labyrinthDir(t)
	files, _ := filepath.Glob(filepath.Join(dir, "*.txt"))
	if len(files) < 5 {
		t.Fatalf("%d example fields in %s, want 5", len(files), dir)
	}
	for _, f := range files {
		t.Run(filepath.Base(f), func(t *testing.T) {
			want, err := os.ReadFile(filepath.Join(labExpected, strings.TrimSuffix(filepath.Base(f), ".txt")+".expected"))
			if err != nil {
				t.Fatal(err)
			}
			data, err := os.ReadFile(f)
			if err != nil {
				t.Fatal(err)
			}
			lab, err := Parse(f, data)
			if err != nil {
				t.Fatal(err)
			}
			got := verdicts(lab) + "\n"
			if got != string(want) {
				t.Errorf("got\n%swant\n%s", got, want)
			}
			if !lab.Check()[0].OK {
				t.Errorf("field 0 is escapable, yet the file does not pass")
			}
		})
	}
}

func TestLabyrinthReach(t *testing.T) {
	tests := []struct {
		name string
		data string
		want string // the Lines of the report, joined
		ok   bool
	}{
		{"open field", "2 2\n. .\n   \n. E\nE Exit(DOWN)\n", "0: OK", true},
		{"a walled-in cell is the first to fail", "3 3\n. . E\n. _ .\n.|.|.\n. _ .\n. . .\nE Exit(UP)\n", "0: FAILED (1, 1)", false},
		{"cells are (row, column), counted row by row", "2 4\nE . .|.\n. . . _\n. . . .\nE Exit(LEFT)\n", "0: FAILED (0, 3)", false},
		{"a field without an exit fails at its first cell", "1 2\n. .\n", "0: FAILED (0, 0)", false},
		{"the exit's direction need not lead off the field", "1 2\n. E\nE Exit(LEFT)\n", "0: OK", true},
		{"several exits", "1 4\nE .|. E\nE Exit(LEFT)\n", "0: OK", true},
		{"a rubber room lets you out one way only", "1 3\nE R .\nE Exit(LEFT)\nR RubberRoom(RIGHT)\n", "0: FAILED (0, 1)", false},
		{"a rubber room facing the way out", "1 3\nE L .\nE Exit(LEFT)\nL RubberRoom(LEFT)\n", "0: OK", true},
		{"a rubber room facing a wall traps you", "1 3\nE .|R\nE Exit(LEFT)\nR RubberRoom(LEFT)\n", "0: FAILED (0, 2)", false},
		{"a rubber room facing the edge traps you", "1 3\nE . D\nE Exit(UP)\nD RubberRoom(DOWN)\n", "0: FAILED (0, 2)", false},
		{"a teleport cannot be walked through", "1 4\n. T . E\nE Exit(RIGHT)\nT Teleport((0, 0))\n", "0: FAILED (0, 0)", false},
		{"a teleport across a wall", "2 3\nE|. .\n_ _ _\nT . .\nE Exit(UP)\nT Teleport((0, 0))\n", "0: FAILED (0, 1)", false},
		{"a teleport onto the exit", "2 3\nE|. T\n_ _ _\n. . .\nE Exit(UP)\nT Teleport((0, 0))\n", "0: FAILED (1, 0)", false},
		{"a teleport out of a pocket", "2 2\nE|T\n_ _\n. .\nE Exit(UP)\nT Teleport((1, 0))\nU Teleport((0, 0))\n", "0: FAILED (0, 1)", false},
		{"both ways by teleport", "2 2\nE|.\n_ _\nU .\nE Exit(UP)\nU Teleport((0, 0))\n", "0: FAILED (0, 1)", false},
		{"stun, armory, key and sleep cells are plain cells", "2\n1 5\nS A K Z E\n1 1\n.\nE Exit(RIGHT)\nS Stun(3)\nA Armory()\nK Key()\nZ Sleep(2, (1, 0, 0))\n", "0: OK\n1: FAILED (0, 0)", true},
		{"a failing dream field does not fail the file", "2\n1 1\nE\n1 1\n.\nE Exit(UP)\n", "0: OK\n1: FAILED (0, 0)", true},
		{"a failing first field fails the file", "2\n1 2\n.|E\n1 1\nE\nE Exit(UP)\n", "0: FAILED (0, 0)\n1: OK", false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			lab, err := Parse("field.txt", []byte(tt.data))
			if err != nil {
				t.Fatalf("error: %v", err)
			}
			if got := verdicts(lab); got != tt.want {
				t.Errorf("got %q, want %q", got, tt.want)
			}
			if ok := lab.Check()[0].OK; ok != tt.ok {
				t.Errorf("field 0 OK = %v, want %v", ok, tt.ok)
			}
		})
	}
}

func TestLabyrinthErrors(t *testing.T) {
	tenTeleports := "1 11\n0 1 2 3 4 5 6 7 8 9 E\nE Exit(RIGHT)\n"
	for c := '0'; c <= '9'; c++ {
		tenTeleports += string(c) + " Teleport((0, 10))\n"
	}
	tests := []struct {
		name string
		data string
		want []problem
	}{
		{"not a count nor a size", "3 x\n", []problem{{"1:1", `expected the number of fields, or the size of the first field as "X Y" (rows and columns), not "3 x"`}}},
		{"no fields", "0\n", []problem{{"1:1", "the file says it has 0 fields: it needs at least one"}}},
		{"fewer fields than counted", "2\n1 1\nE\nE Exit(UP)\n", []problem{{"4:1", `expected the size of field 1 as "X Y" (rows and columns), not "E Exit(UP)"`}}},
		{"the file ends before a field", "2\n1 1\nE\n", []problem{{"1:1", "the file says it has 2 fields, but it ends after 1"}}},
		{"a field size of zero", "0 3\n", []problem{{"1:1", "field 0 is 0 × 3: a field has 1 to 1000 rows and columns"}}},
		{"too few lines", "3 3\n. . .\n", []problem{{"1:1", "field 0 has 3 rows, so 5 lines must follow its size line, but the file has only 1 more"}}},
		{"a line too long", "1 2\n. E .\nE Exit(UP)\n", []problem{{"2:4", "this line is 5 characters long: the lines of field 0 (2 columns) have at most 2·2−1 = 3"}}},
		{"a missing cell", "1 2\nE\nE Exit(UP)\n", []problem{{"2:3", "expected cell (0, 1) of field 0 ('.' or a cell letter), the line ends"}}},
		{"a huge size with short lines", "1000 1000\n" + strings.Repeat(".\n", 1999), []problem{{"2:3", "expected cell (0, 1) of field 0 ('.' or a cell letter), the line ends"}}},
		{"a field too large", "1001 2\n", []problem{{"1:1", "field 0 is 1001 × 2: a field has 1 to 1000 rows and columns"}}},
		{"a wall where a cell belongs", "1 2\nE |\nE Exit(UP)\n", []problem{{"2:3", "expected cell (0, 1) of field 0 ('.' or a cell letter), found '|'"}}},
		{"a strange vertical wall", "1 2\n.xE\nE Exit(UP)\n", []problem{{"2:2", "expected '|' (a wall) or a space (none) between cells (0, 0) and (0, 1) of field 0, found 'x'"}}},
		{"a strange horizontal wall", "2 1\n.\n|\nE\nE Exit(UP)\n", []problem{{"3:1", "expected '_' or '-' (a wall) or a space or '.' (none) between cells (0, 0) and (1, 0) of field 0, found '|'"}}},
		{"a cell without a legend", "1 3\nQ E Q\nE Exit(UP)\n", []problem{{"2:1", `the cell 'Q' at (0, 0) of field 0 has no legend line: describe it after the fields, e.g. "Q Stun(2)"`}}},
		{"an unknown cell type", "1 1\nE\nE Exitt(UP)\n", []problem{{"3:3", `unknown cell type "Exitt": the types are Key, Exit, Stun, RubberRoom, Teleport, Armory, Sleep`}}},
		{"a wrong direction", "1 1\nE\nE Exit(NORTH)\n", []problem{{"3:8", "wrong arguments for Exit: write it as E Exit(UP) (directions are UP, LEFT, DOWN, RIGHT)"}}},
		{"a missing argument", "1 2\nS E\nE Exit(UP)\nS Stun()\n", []problem{{"4:8", "wrong arguments for Stun: write it as S Stun(2)"}}},
		{"an unclosed bracket", "1 2\nT E\nE Exit(UP)\nT Teleport((0, 1)\n", []problem{{"4:12", "cannot read the arguments of Teleport: a bracket is not closed"}}},
		{"a negative number", "1 2\nT E\nE Exit(UP)\nT Teleport((0, -1))\n", []problem{{"4:12", "cannot read the arguments of Teleport: -1 is negative"}}},
		{"no brackets", "1 1\nE\nE Exit\n", []problem{{"3:3", `expected a cell type with its arguments in brackets, such as Exit(UP), not "Exit"`}}},
		{"no space after the character", "1 1\nE\nEExit(UP)\n", []problem{{"3:2", "expected a space after the cell character 'E', as in \"E Exit(UP)\""}}},
		{"the empty cell in the legend", "1 1\nE\nE Exit(UP)\n. Stun(2)\n", []problem{{"4:1", "'.' is the empty cell and cannot be given a meaning"}}},
		{"a cell described twice", "1 1\nE\nE Exit(UP)\nE Exit(LEFT)\n", []problem{{"4:1", "the cell 'E' is described twice (first on line 3)"}}},
		{"a teleport off the field", "1 2\nT E\nE Exit(UP)\nT Teleport((5, 0))\n", []problem{{"2:1", "the teleport 'T' at (0, 0) leads to (5, 0), outside field 0 (1 × 2 cells)"}}},
		{"a sleep to a missing field", "1 2\nZ E\nE Exit(UP)\nZ Sleep(2, (1, 0, 0))\n", []problem{{"4:9", "this sleep leads to field 1, but the file has only fields 0 to 0"}}},
		{"a sleep off its field", "2\n1 2\nZ E\n1 1\n.\nE Exit(UP)\nZ Sleep(2, (1, 0, 3))\n", []problem{{"7:9", "this sleep leads to cell (0, 3) of field 1, which is outside its 1 × 1 cells"}}},
		{"a second field without a count", "1 1\nE\n1 1\n.\nE Exit(UP)\n", []problem{
			{"3:1", `expected a legend line such as "E Exit(UP)", not a field size: if the file has several fields, its first line must give their number`}}},
		{"ten teleports", tenTeleports, []problem{{"2:19", "more than 9 teleport and sleep cells: the Labyrinth allows at most 9 in a file, counted together"}}},
		{"not UTF-8", "1 1\n\xff\n", []problem{{"2:1", "this line is not UTF-8 text"}}},
		{"several problems", "1 3\nQ.E W\nE Exit(UP)\nW Wall()\n", []problem{
			{"2:1", "the cell 'Q' at (0, 0) of field 0 has no legend line"},
			{"2:2", "expected '|' (a wall) or a space (none) between cells (0, 0) and (0, 1) of field 0, found '.'"},
			{"4:3", `unknown cell type "Wall"`}}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			lab, err := Parse("field.txt", []byte(tt.data))
			if err == nil {
				t.Fatalf("accepted: %v", verdicts(lab))
			}
			list, ok := err.(ErrorList)
			if !ok {
				t.Fatalf("error %v (%T) is not an ErrorList", err, err)
			}
			matchProblems(t, list, tt.want)
		})
	}
}

type problem struct {
	pos   string // "LINE:COL", or "" for a problem of the whole file
	words string
}

func (p problem) String() string { return p.pos + ": " + p.words }

// matchProblems checks that got holds exactly the wanted problems, in order.
func matchProblems(t *testing.T, got ErrorList, want []problem) {
	t.Helper()
	ok := len(got) == len(want)
	for i := 0; ok && i < len(got); i++ {
		pos := ""
		if got[i].Line > 0 {
			pos = fmt.Sprintf("%d:%d", got[i].Line, got[i].Col)
		}
		ok = pos == want[i].pos && strings.Contains(got[i].Msg, want[i].words)
	}
	if !ok {
		var b strings.Builder
		for _, e := range got {
			fmt.Fprintf(&b, "\n\t%v", e)
		}
		t.Errorf("errors:%s\nwant %v", b.String(), want)
	}
}
