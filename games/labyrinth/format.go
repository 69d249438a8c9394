package labyrinth

import (
	"embed"
	"fmt"
	"io/fs"
	"path"
	"sort"
	"strings"
)

// exampleFields are the field files of the original Labyrinth program,
// shipped inside the binary so that `minotaur labyrinth` finds them
// wherever it runs from.
//
//go:embed fields/*.txt
var exampleFields embed.FS

// ExampleField is one of the example Labyrinth field files built into the
// game.
type ExampleField struct {
	Name string // file name, such as "field1.txt"
	Text []byte
}

// ExampleFields returns the example Labyrinth field files, by name.
func ExampleFields() []ExampleField {
	var out []ExampleField
	fs.WalkDir(exampleFields, "fields", func(p string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return nil
		}
		data, err := exampleFields.ReadFile(p)
		if err == nil {
			out = append(out, ExampleField{Name: path.Base(p), Text: data})
		}
		return nil
	})
	sort.Slice(out, func(i, j int) bool { return out[i].Name < out[j].Name })
	return out
}

// Special returns the legend entry of a field's cell, and false for an
// empty cell.
func (lab *File) Special(field int, c Cell) (Special, bool) {
	fd := &lab.Fields[field]
	ch := fd.Cells[c.X*fd.Cols+c.Y]
	if ch == '.' {
		return Special{}, false
	}
	sp, ok := lab.Legend[ch]
	return sp, ok
}

// In reports whether c is a cell of the field.
func (f *Field) In(c Cell) bool { return inField(*f, c) }

// Open reports whether a step from cell c in direction d stays on the
// field and crosses no wall.
func (f *Field) Open(c Cell, d Dir) bool {
	dr, dc := d.step()
	n := Cell{c.X + dr, c.Y + dc}
	if !f.In(c) || !f.In(n) {
		return false
	}
	switch d {
	case Up:
		return !f.WallDown[n.X*f.Cols+n.Y]
	case Left:
		return !f.WallRight[n.X*f.Cols+n.Y]
	case Down:
		return !f.WallDown[c.X*f.Cols+c.Y]
	}
	return !f.WallRight[c.X*f.Cols+c.Y]
}

// Step returns the cell next to c in direction d (which may be off the
// field).
func (c Cell) Step(d Dir) Cell {
	dr, dc := d.step()
	return Cell{c.X + dr, c.Y + dc}
}

// Opposite is the direction back.
func (d Dir) Opposite() Dir { return (d + 2) % 4 }

// Format writes a field file, so that Parse reads it back: the field count (when there are several
// fields), each field's size and lines, then the legend sorted by
// character.
func Format(lab *File) string {
	var b strings.Builder
	if len(lab.Fields) > 1 {
		fmt.Fprintf(&b, "%d\n", len(lab.Fields))
	}
	for _, f := range lab.Fields {
		fmt.Fprintf(&b, "%d %d\n", f.Rows, f.Cols)
		line := make([]byte, 0, 2*f.Cols)
		for r := 0; r < f.Rows; r++ {
			line = line[:0]
			var cells strings.Builder
			for c := 0; c < f.Cols; c++ {
				i := r*f.Cols + c
				cells.WriteRune(f.Cells[i])
				if c < f.Cols-1 {
					if f.WallRight[i] {
						cells.WriteByte('|')
					} else {
						cells.WriteByte(' ')
					}
				}
			}
			b.WriteString(cells.String() + "\n")
			if r == f.Rows-1 {
				continue
			}
			for c := 0; c < f.Cols; c++ {
				if c > 0 {
					line = append(line, ' ')
				}
				if f.WallDown[r*f.Cols+c] {
					line = append(line, '_')
				} else {
					line = append(line, '.')
				}
			}
			b.Write(line)
			b.WriteByte('\n')
		}
	}
	chars := make([]rune, 0, len(lab.Legend))
	for ch := range lab.Legend {
		chars = append(chars, ch)
	}
	sort.Slice(chars, func(i, j int) bool { return chars[i] < chars[j] })
	for _, ch := range chars {
		fmt.Fprintf(&b, "%c %s\n", ch, lab.Legend[ch].Call())
	}
	return b.String()
}

// Call is the legend's text for the special cell, such as "Exit(UP)" or
// "Sleep(2, (1, 0, 0))".
func (s Special) Call() string {
	switch s.Kind {
	case "Exit", "RubberRoom":
		return fmt.Sprintf("%s(%v)", s.Kind, s.Dir)
	case "Stun":
		return fmt.Sprintf("Stun(%d)", s.Turns)
	case "Teleport":
		return fmt.Sprintf("Teleport(%v)", s.To)
	case "Sleep":
		return fmt.Sprintf("Sleep(%d, (%d, %d, %d))", s.Turns, s.ToField, s.To.X, s.To.Y)
	}
	return s.Kind + "()"
}
