package levels

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"

	"github.com/minotaur-game/minotaur/engine"
)

// base is a small valid level that the cases below break one rule at a time.
// Its map starts on line 2.
const base = `name: Base
+-------+
|P.....K|
|.+-+-+.|
|.......|
|.+-+-+.|
|H..*..E|
+-------+
`

// edit replaces the n-th line (1-based) of base.
func edit(lines map[int]string) string {
	ls := strings.Split(strings.TrimSuffix(base, "\n"), "\n")
	for n, s := range lines {
		ls[n-1] = s
	}
	return strings.Join(ls, "\n") + "\n"
}

// problem is an expected error or warning: its position and words that its
// message must contain.
type problem struct {
	pos   string // "LINE:COL", or "" for a problem of the whole file
	words string
}

func (p problem) String() string { return p.pos + ": " + p.words }

// matchProblems checks that got holds exactly the wanted problems, in order.
func matchProblems(t *testing.T, kind string, got ErrorList, want []problem) {
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
		t.Errorf("%s:%s\nwant %v", kind, b.String(), want)
	}
}

func errorList(t *testing.T, err error) ErrorList {
	t.Helper()
	if err == nil {
		return nil
	}
	var list ErrorList
	if !errors.As(err, &list) {
		t.Fatalf("error %v (%T) is not an ErrorList", err, err)
	}
	return list
}

func TestParseErrors(t *testing.T) {
	tests := []struct {
		name string
		data string
		want []problem
	}{
		{"empty file", "", []problem{{"", "the file is empty"}}},
		{"only a BOM", "\uFEFF", []problem{{"", "the file is empty"}}},
		{"no map", "# just a comment\nname: Nothing\n\n", []problem{{"", "no map: no line starts with a map character"}}},
		{"a map drawn with #", "#####\n#P.K#\n#..E#\n#####\n", []problem{{"", "lines that start with # are comments: draw walls with + - |, not #"}}},
		{"unknown header key", "nmae: Base\n" + base[len("name: Base\n"):], []problem{
			{"1:1", `unknown header key "nmae" (did you mean "name"?): the known keys are name and author`}}},
		{"unknown header key far from any known", "difficulty: hard\n" + base, []problem{
			{"1:1", `unknown header key "difficulty": the known keys are name and author`}}},
		{"malformed header line", "  my first level\n" + base, []problem{
			{"1:3", `malformed header line: expected "name: …" or "author: …" before the map`}}},
		{"header key given twice", "name: A\n" + base, []problem{
			{"2:1", "the name is given twice (first on line 1)"}}},
		{"short row", edit(map[int]string{4: "|.+-+-+."}), []problem{
			{"4:9", "this row is 8 tiles wide, the other rows are 9: every row of the map must be equally wide (is a tile missing?)"}}},
		{"long row", edit(map[int]string{5: "|........|"}), []problem{
			{"5:10", "this row is 10 tiles wide, the other rows are 9"}}},
		{"unknown character", edit(map[int]string{5: "|...x...|"}), []problem{
			{"5:5", "unknown character 'x' in the map: walls are + - |, floor is ., objects are P K E H W M * ^ ?"}}},
		{"a run of unknown characters", edit(map[int]string{5: "|#######|"}), []problem{
			{"5:2", "7 unknown characters '#' in the map"}}},
		{"a space inside a row", edit(map[int]string{5: "|... ...|"}), []problem{
			{"5:5", "unknown character ' ' (a space) in the map"}}},
		{"a tab inside a row", edit(map[int]string{5: "|...\t...|"}), []problem{
			{"5:5", "unknown character a tab in the map"}}},
		{"columns count runes", edit(map[int]string{5: "|.éé.x..|"}), []problem{
			{"5:3", "2 unknown characters 'é'"}, {"5:6", "unknown character 'x'"}}},
		{"not UTF-8", edit(map[int]string{5: "|..\xff....|"}), []problem{
			{"5:4", "this line is not UTF-8 text: save the file as UTF-8"}}},
		{"a gap in the border", edit(map[int]string{4: "..+-+-+.|"}), []problem{
			{"4:1", "the border is open: this floor tile is a gap in the outer wall; make it a wall (only the exit may be a door in the outer wall)"}}},
		{"a long gap in the border", edit(map[int]string{8: "+-.....-+"}), []problem{
			{"8:3", "the border is open: the outer wall has a gap of 5 tiles from here to 8:7; close it with walls"}}},
		{"an object in the border", edit(map[int]string{3: "|P......|", 4: "|.+-+-+.K"}), []problem{
			{"4:9", "the border is open: the key K stands in the outer wall; move it inside"}}},
		{"no key", edit(map[int]string{3: "|P......|"}), []problem{
			{"2:1", "the map has no key: put one K on a floor tile"}}},
		{"two keys", edit(map[int]string{5: "|..K....|"}), []problem{
			{"5:4", "a second key K: a level has exactly one key (the first is at 3:8)"}}},
		{"no exit", edit(map[int]string{7: "|H..*...|"}), []problem{
			{"2:1", "the map has no exit: put one E on a floor tile or as a door in the outer wall"}}},
		{"two exits", edit(map[int]string{5: "|.E.....|"}), []problem{
			{"7:8", "a second exit E: a level has exactly one exit (the first is at 5:3)"}}},
		{"no start", edit(map[int]string{3: "|......K|"}), []problem{
			{"2:1", "the map has no player start: put a P on a floor tile"}}},
		{"three starts", edit(map[int]string{5: "|...P..P|"}), []problem{
			{"5:8", "too many player starts: a level has one or two P (one for each player), and 3:2 and 5:5 are already starts"}}},
		{"two Minotaurs", edit(map[int]string{5: "|...M.M.|"}), []problem{
			{"5:7", "a second Minotaur M: a level has at most one (the first is at 5:5)"}}},
		{"key walled in", edit(map[int]string{3: "|P....|K|", 4: "|.+-+-+-|"}), []problem{
			{"3:8", "the key is walled in: no path from the start at 3:2 reaches it"}}},
		{"key behind the locked exit", edit(map[int]string{3: "|P....EK|", 4: "|.+-+-+-|", 7: "|H..*...|"}), []problem{
			{"3:8", "the key is walled in: no path from the start at 3:2 reaches it without going through the exit, which stays locked until the key is found"}}},
		{"each start is named", edit(map[int]string{3: "|P...|PK|", 4: "|.+-+-+-|"}), []problem{
			{"3:8", "the key is walled in: no path from the start at 3:2 reaches it"},
			{"7:8", "the exit is walled in: no path from the start at 3:7 reaches it"}}},
		{"both starts are named", edit(map[int]string{3: "|P.|P...|", 4: "|.++-+-+|", 5: "|.....|K|", 6: "|.+-+-+-|"}), []problem{
			{"5:8", "the key is walled in: no path from the starts at 3:2 and 3:5 reaches it"},
			{"7:8", "the exit is walled in: no path from the start at 3:5 reaches it"}}},
		{"exit walled in", edit(map[int]string{6: "|.+-+-+-|", 7: "|H..*.|E|"}), []problem{
			{"7:8", "the exit is walled in: no path from the start at 3:2 reaches it"}}},
		{"exit door in a corner", edit(map[int]string{7: "|H..*...|", 8: "+-------E"}), []problem{
			{"8:9", "the exit is walled in: no path from the start at 3:2 reaches it"}}},
		{"monster beside a start", edit(map[int]string{3: "|PH....K|"}), []problem{
			{"3:3", "the hunter H stands next to the player start at 3:2: a monster must start at least two tiles away from every start"}}},
		{"monster diagonal to a start", edit(map[int]string{4: "|.W-+-+.|"}), []problem{
			{"4:3", "the wanderer W stands next to the player start at 3:2"}}},
		{"too narrow", "++\nPK\nE+\n", []problem{
			{"1:1", "the map is only 3 rows × 2 columns: a level needs at least 3 × 3 tiles"}}},
		{"too few rows", "+-+-+\n|PKE|\n", []problem{
			{"1:1", "the map is only 2 rows × 5 columns: a level needs at least 3 × 3 tiles"}}},
		{"too wide", "+" + strings.Repeat("-", 255) + "+\n|PKE" + strings.Repeat(".", 252) + "|\n+" + strings.Repeat("-", 255) + "+\n", []problem{
			{"1:256", "the map is 257 columns wide: a level is at most 255"}}},
		{"too tall", "+-+\n" + strings.Repeat("|.|\n", 255) + "|P|\n|K|\n|E|\n+-+\n", []problem{
			{"256:1", "the map has 260 rows: a level has at most 255 (this is row 256)"}}},
		{"a blank line splits the map", strings.Replace(base, "|.......|\n", "|.......|\n\n", 1), []problem{
			{"6:1", "a blank line splits the map: the rows of the map must follow each other"}}},
		{"a comment splits the map", strings.Replace(base, "|.......|\n", "|.......|\n# middle\n# more\n", 1), []problem{
			{"6:1", "a comment splits the map"}}},
		{"text after the map", base + "\n# fine\nauthor: late\n", []problem{
			{"11:1", "unexpected text after the map: only blank lines and # comments may follow the map"}}},
		{"a Labyrinth file", "\n3 3\n. . .\n", []problem{
			{"2:1", "this is a field file of the console game Labyrinth, not a level"}}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			l, _, err := Parse("test.txt", []byte(tt.data))
			if err == nil {
				t.Fatalf("Parse accepted the level:\n%s", Format(l))
			}
			list := errorList(t, err)
			matchProblems(t, "errors", list, tt.want)
			for _, e := range list {
				if e.File != "test.txt" {
					t.Errorf("error %q names file %q, want test.txt", e, e.File)
				}
			}
		})
	}
}

func TestParseLevel(t *testing.T) {
	const text = `# A comment before the header.
name:  Two Loops 
Author: ada

+-+-+-+-+-+
|P..|.....|
+.+.+.+-+.+
|W..|*|.?K|
+-+.+.+.+.+
|H.^..M|..E
+-+-+-+-+-+
# and one after it

`
	want := engine.Level{
		Name: "Two Loops", Author: "ada", Rows: 7, Cols: 11,
		Starts:  []engine.Point{{X: 1, Y: 1}},
		Key:     engine.Point{X: 9, Y: 3},
		Exit:    engine.Point{X: 10, Y: 5},
		Bonuses: []engine.Placed{{Pos: engine.Point{X: 5, Y: 3}, Kind: '*'}, {Pos: engine.Point{X: 8, Y: 3}, Kind: '?'}, {Pos: engine.Point{X: 3, Y: 5}, Kind: '^'}},
		// reading order: row by row, left to right
		Monsters: []engine.Placed{{Pos: engine.Point{X: 1, Y: 3}, Kind: 'W'}, {Pos: engine.Point{X: 1, Y: 5}, Kind: 'H'}, {Pos: engine.Point{X: 6, Y: 5}, Kind: 'M'}},
	}
	picture := []string{
		"###########",
		"#...#.....#",
		"#.#.#.###.#",
		"#...#.#...#",
		"###.#.#.#.#",
		"#......#..E",
		"###########",
	}
	for _, row := range picture {
		for _, c := range row {
			want.Wall = append(want.Wall, c == '#')
		}
	}
	variants := map[string]string{
		"plain":                  text,
		"CRLF line ends":         strings.ReplaceAll(text, "\n", "\r\n"),
		"a BOM":                  "\uFEFF" + text,
		"trailing blanks":        strings.ReplaceAll(text, "\n", " \t \n"),
		"no final line end":      strings.TrimRight(text, "\n"),
		"BOM, CRLF and trailing": "\uFEFF" + strings.ReplaceAll(text, "\n", "  \r\n"),
	}
	for name, data := range variants {
		t.Run(name, func(t *testing.T) {
			l, warnings, err := Parse("two-loops.txt", []byte(data))
			if err != nil {
				t.Fatalf("Parse: %v", err)
			}
			if len(warnings) > 0 {
				t.Errorf("warnings: %v", warnings)
			}
			if !reflect.DeepEqual(l, want) {
				t.Errorf("Parse gave\n%+v\nwant\n%+v", l, want)
			}
			if err := l.Validate(); err != nil {
				t.Errorf("an accepted level fails Validate: %v", err)
			}
		})
	}
}

func TestParseSeveralProblems(t *testing.T) {
	const text = `nmae: Broken
+-+-+-+-+
|P.H...K|
|.+-+-+.|
|.......
|.+-+-+.|
|K..x..E|
+-----.-+
`
	_, _, err := Parse("broken.txt", []byte(text))
	list := errorList(t, err)
	matchProblems(t, "errors", list, []problem{
		{"1:1", `unknown header key "nmae"`},
		{"5:9", "this row is 8 tiles wide, the other rows are 9"},
		{"7:2", "a second key K: a level has exactly one key (the first is at 3:8)"},
		{"7:5", "unknown character 'x'"},
	})
	if got := err.Error(); got != "broken.txt:1:1: unknown header key \"nmae\" (did you mean \"name\"?): the known keys are name and author (and 3 more errors)" {
		t.Errorf("Error() = %q", got)
	}

	// Once the map is a board, its rules are checked together.
	const text2 = `+-+-+-+-+
|PH....K|
|.+-+-+.|
|.......|
|.+-+-+-|
|M..M.|E|
+-----.-+
`
	_, _, err = Parse("rules.txt", []byte(text2))
	matchProblems(t, "errors", errorList(t, err), []problem{
		{"2:3", "the hunter H stands next to the player start at 2:2"},
		{"6:5", "a second Minotaur M"},
		{"6:8", "the exit is walled in: no path from the start at 2:2 reaches it"},
		{"7:7", "the border is open: this floor tile is a gap in the outer wall"},
	})
}

func TestParseWarnings(t *testing.T) {
	tests := []struct {
		name string
		data string
		want []problem
	}{
		{"none", base, nil},
		{"a dead pocket", edit(map[int]string{4: "|.+-+++.|", 5: "|...|.|.|", 6: "|.+-+++.|"}), []problem{
			{"5:6", "dead pocket: this floor tile cannot be reached from any start, and the exit cannot be reached from there"}}},
		{"a pocket with things in it", edit(map[int]string{4: "|.+---+.|", 5: "|..|W^|.|", 6: "|.+---+.|"}), []problem{
			{"5:5", "dead pocket: 2 floor tiles from here cannot be reached from any start, and the exit cannot be reached from there; it holds the wanderer W, the torch bonus ^"}}},
		{"floor behind the exit is no pocket", edit(map[int]string{6: "|.+-+-+-|", 7: "|H..*.E.|"}), nil},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			l, warnings, err := Parse("test.txt", []byte(tt.data))
			if err != nil {
				t.Fatalf("Parse: %v", err)
			}
			matchProblems(t, "warnings", warnings, tt.want)
			if err := l.Validate(); err != nil {
				t.Errorf("an accepted level fails Validate: %v", err)
			}
		})
	}
}

func TestParseFile(t *testing.T) {
	dir := t.TempDir()
	missing := filepath.Join(dir, "missing.txt")
	_, _, err := ParseFile(missing)
	list := errorList(t, err)
	if len(list) != 1 || list[0].Error() != missing+": cannot read the file: no such file or directory" {
		t.Errorf("missing file: %v", list)
	}
	_, _, err = ParseFile(dir)
	if list := errorList(t, err); len(list) != 1 || list[0].Error() != dir+": cannot read the file: it is a folder, not a regular file" {
		t.Errorf("folder: %v", list)
	}
	good := filepath.Join(dir, "good.txt")
	if err := os.WriteFile(good, []byte(base), 0o644); err != nil {
		t.Fatal(err)
	}
	l, _, err := ParseFile(good)
	if err != nil || l.Name != "Base" {
		t.Errorf("ParseFile(good) = %q, %v", l.Name, err)
	}
}
