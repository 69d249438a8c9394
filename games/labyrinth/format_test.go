package labyrinth

import (
	"testing"
)

// TestExampleFieldsEmbedded: the five example fields are built in, and each
// is the file that ships in labyrinth/.
func TestExampleFieldsEmbedded(t *testing.T) {
	ex := ExampleFields()
	if len(ex) != 5 {
		t.Fatalf("%d built-in example fields, want 5", len(ex))
	}
	for i, e := range ex {
		if want := "field" + string(rune('1'+i)) + ".txt"; e.Name != want {
			t.Errorf("example %d is %s, want %s", i, e.Name, want)
		}
		lab, err := Parse(e.Name, e.Text)
		if err != nil {
			t.Errorf("%s: %v", e.Name, err)
		} else if !lab.Check()[0].OK {
			t.Errorf("%s: %v", e.Name, verdicts(lab))
		}
	}
}

// TestFormatRoundTrip: every example field, written back out and
// read again, is the same field with the same verdicts.
func TestFormatRoundTrip(t *testing.T) {
	for _, e := range ExampleFields() {
		t.Run(e.Name, func(t *testing.T) {
			lab, err := Parse(e.Name, e.Text)
			if err != nil {
				t.Fatal(err)
			}
			text := Format(lab)
			back, err := Parse("formatted", []byte(text))
			if err != nil {
				t.Fatalf("the formatted field does not parse: %v\n%s", err, text)
			}
			if again := Format(back); again != text {
				t.Fatalf("formatting is not stable:\n%s\n---\n%s", text, again)
			}
			for f := range lab.Fields {
				a, b := lab.Fields[f], back.Fields[f]
				if string(a.Cells) != string(b.Cells) || a.Rows != b.Rows || a.Cols != b.Cols {
					t.Errorf("field %d cells differ", f)
				}
				for i := range a.Cells {
					r, c := i/a.Cols, i%a.Cols
					if c < a.Cols-1 && a.WallRight[i] != b.WallRight[i] || r < a.Rows-1 && a.WallDown[i] != b.WallDown[i] {
						t.Errorf("field %d: the walls of cell (%d, %d) differ", f, r, c)
					}
				}
			}
			if got, want := verdicts(back), verdicts(lab); got != want {
				t.Errorf("verdicts %q, want %q", got, want)
			}
		})
	}
}

func TestFieldOpen(t *testing.T) {
	lab, err := Parse("f", []byte("2 2\n.|.\n_ .\n. .\n"))
	if err != nil {
		t.Fatal(err)
	}
	f := &lab.Fields[0]
	tests := []struct {
		c    Cell
		d    Dir
		want bool
	}{
		{Cell{0, 0}, Right, false}, {Cell{0, 1}, Left, false}, {Cell{0, 0}, Down, false}, {Cell{1, 0}, Up, false},
		{Cell{0, 1}, Down, true}, {Cell{1, 1}, Up, true}, {Cell{1, 0}, Right, true}, {Cell{1, 1}, Left, true},
		{Cell{0, 0}, Up, false}, {Cell{0, 0}, Left, false}, {Cell{1, 1}, Down, false}, {Cell{1, 1}, Right, false},
	}
	for _, tt := range tests {
		if got := f.Open(tt.c, tt.d); got != tt.want {
			t.Errorf("Open(%v, %v) = %v, want %v", tt.c, tt.d, got, tt.want)
		}
	}
}
