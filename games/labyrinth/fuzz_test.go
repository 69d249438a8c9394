package labyrinth

import (
	"os"
	"path/filepath"
	"sort"
	"testing"
)

// FuzzLabyrinth: Parse never panics, its errors come as a sorted ErrorList,
// and Check gives one verdict a field that agrees with a plain search from
// every cell.
func FuzzLabyrinth(f *testing.F) {
	fields, _ := filepath.Glob("fields/*.txt")
	if len(fields) == 0 {
		f.Fatal("the example Labyrinth fields are missing from fields/")
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
		lab, err := Parse("fuzz.txt", data)
		if err != nil {
			if list, ok := err.(ErrorList); !ok || len(list) == 0 || !sort.IsSorted(list) {
				t.Fatalf("bad error list %v", err)
			}
			return
		}
		results := lab.Check()
		if len(results) != len(lab.Fields) {
			t.Fatalf("%d results for %d fields", len(results), len(lab.Fields))
		}
		for i, fd := range lab.Fields {
			if fd.Rows*fd.Cols > 400 {
				continue
			}
			if want := naiveFieldCheck(lab, i); results[i] != want {
				t.Errorf("field %d: Check says %v, a search from every cell says %v", i, results[i], want)
			}
		}
	})
}

// naiveFieldCheck searches from each cell in turn, stepping by the rules
// written out plainly: the reference for the reversed-graph search.
func naiveFieldCheck(lab *File, f int) FieldResult {
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
