package foxhunt

import "testing"

// parseSize reads rows first: --size 15,30 is 15 rows of 30 columns, the
// order of every size of the program's flags.
func TestParseSizeRowsFirst(t *testing.T) {
	for _, tc := range []struct {
		in         string
		rows, cols int
	}{{"15,30", 15, 30}, {"21", 21, 21}, {" 9 , 11 ", 9, 11}} {
		r, c, err := parseSize(tc.in)
		if err != nil || r != tc.rows || c != tc.cols {
			t.Errorf("%q: %d rows, %d cols, %v; want %d, %d", tc.in, r, c, err, tc.rows, tc.cols)
		}
	}
	if _, _, err := parseSize("x,4"); err == nil {
		t.Error("x,4 is read")
	}
}
