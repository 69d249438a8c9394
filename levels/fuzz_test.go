package levels

import (
	"os"
	"path/filepath"
	"reflect"
	"sort"
	"testing"
	"unicode/utf8"
)

// FuzzParse: Parse never panics; what it accepts passes engine Validate and
// formats to a file that parses to the same level; what it rejects comes
// with positioned, sorted errors.
func FuzzParse(f *testing.F) {
	for _, name := range exampleNames(f) {
		f.Add(readExample(f, name))
	}
	f.Add([]byte(base))
	f.Add([]byte("\uFEFFname: x\r\n+++\r\n|P|\r\n|K|\r\n|E|\r\n+++\r\n"))
	f.Fuzz(func(t *testing.T, data []byte) {
		l, warnings, err := Parse("fuzz.txt", data)
		if err != nil {
			list, ok := err.(ErrorList)
			if !ok || len(list) == 0 {
				t.Fatalf("error %v (%T) is not a non-empty ErrorList", err, err)
			}
			if !sort.IsSorted(list) {
				t.Errorf("errors are not sorted: %v", list)
			}
			for _, e := range list {
				if e.Line < 0 || e.Col < 0 || e.Msg == "" || !utf8.ValidString(e.Msg) {
					t.Errorf("bad error %#v", e)
				}
			}
			return
		}
		if err := l.Validate(); err != nil {
			t.Fatalf("accepted a level that fails Validate: %v\n%q", err, data)
		}
		if !sort.IsSorted(warnings) {
			t.Errorf("warnings are not sorted: %v", warnings)
		}
		text := Format(l)
		l2, _, err := Parse("fuzz.txt", []byte(text))
		if err != nil {
			t.Fatalf("Format of an accepted level does not parse: %v\n%s", err, text)
		}
		if !reflect.DeepEqual(l, l2) {
			t.Fatalf("Format then Parse changed the level:\n%s", text)
		}
	})
}

// FuzzLabyrinth: Check never panics on a Labyrinth file, gives one line a
// field, and agrees with a plain search from every cell.
func FuzzLabyrinth(f *testing.F) {
	fields, _ := filepath.Glob("labyrinth/*.txt")
	if len(fields) == 0 {
		f.Fatal("the example Labyrinth fields are missing from labyrinth/")
	}
	for _, name := range fields {
		data, err := os.ReadFile(name)
		if err != nil {
			f.Fatal(err)
		}
		if len(data) < 4096 {
			f.Add(data)
		}
	}
	f.Add([]byte("1 3\nE R .\nE Exit(LEFT)\nR RubberRoom(RIGHT)\n"))
	f.Add([]byte("2 3\nE|. T\n_ _ _\n. . .\nE Exit(UP)\nT Teleport((0, 0))\n"))
	f.Add([]byte("2\n1 5\nS A K Z E\n1 1\n.\nE Exit(RIGHT)\nS Stun(3)\nA Armory()\nK Key()\nZ Sleep(2, (1, 0, 0))\n"))
	f.Fuzz(func(t *testing.T, data []byte) {
		r := Check("fuzz.txt", data)
		if !r.Labyrinth {
			return
		}
		if r.Err != nil {
			if list, ok := r.Err.(ErrorList); !ok || len(list) == 0 || !sort.IsSorted(list) {
				t.Fatalf("bad error list %v", r.Err)
			}
			return
		}
		lab, err := ParseLabyrinth("fuzz.txt", data)
		if err != nil {
			t.Fatal(err)
		}
		if len(r.Fields) != len(lab.Fields) {
			t.Fatalf("%d results for %d fields", len(r.Fields), len(lab.Fields))
		}
		for i, fd := range lab.Fields {
			if fd.Rows*fd.Cols > 400 {
				continue
			}
			if want := naiveFieldCheck(lab, i); r.Fields[i] != want {
				t.Errorf("field %d: Check says %v, a search from every cell says %v", i, r.Fields[i], want)
			}
		}
	})
}

// naiveFieldCheck searches from each cell in turn, stepping by the rules
// written out plainly: the reference for the reversed-graph search.
func naiveFieldCheck(lab *Labyrinth, f int) FieldResult {
	fd := lab.Fields[f]
	kind := func(r, c int) Special { return lab.Legend[fd.Cells[r*fd.Cols+c]] }
	for r0 := 0; r0 < fd.Rows; r0++ {
		for c0 := 0; c0 < fd.Cols; c0++ {
			seen := map[Cell]bool{{r0, c0}: true}
			stack := []Cell{{r0, c0}}
			found := false
			for len(stack) > 0 && !found {
				cur := stack[len(stack)-1]
				stack = stack[:len(stack)-1]
				here := kind(cur.X, cur.Y)
				if here.Kind == "Exit" {
					found = true
					break
				}
				moves := []struct {
					d      Dir
					dr, dc int
					open   bool
				}{
					{Up, -1, 0, cur.X > 0 && !fd.WallDown[(cur.X-1)*fd.Cols+cur.Y]},
					{Left, 0, -1, cur.Y > 0 && !fd.WallRight[cur.X*fd.Cols+cur.Y-1]},
					{Down, 1, 0, cur.X < fd.Rows-1 && !fd.WallDown[cur.X*fd.Cols+cur.Y]},
					{Right, 0, 1, cur.Y < fd.Cols-1 && !fd.WallRight[cur.X*fd.Cols+cur.Y]},
				}
				for _, m := range moves {
					if !m.open || here.Kind == "RubberRoom" && here.Dir != m.d {
						continue
					}
					next := Cell{cur.X + m.dr, cur.Y + m.dc}
					if sp := kind(next.X, next.Y); sp.Kind == "Teleport" {
						next = sp.To
					}
					if !seen[next] {
						seen[next] = true
						stack = append(stack, next)
					}
				}
			}
			if !found {
				return FieldResult{Field: f, Failed: Cell{r0, c0}}
			}
		}
	}
	return FieldResult{Field: f, OK: true}
}
