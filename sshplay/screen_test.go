package sshplay

import (
	"strings"

	"github.com/charmbracelet/x/ansi"
)

// screen is a small terminal emulator for the tests: enough of VT100 to
// follow what Bubble Tea draws (text, cursor moves, erasing), so that a test
// reads the screen a player sees rather than the raw byte stream.
type screen struct {
	w, h     int
	cells    [][]rune
	row, col int
	state    byte
	parser   *ansi.Parser
	pending  []byte // the start of a sequence cut by a read
}

func newScreen(w, h int) *screen {
	s := &screen{w: w, h: h, parser: ansi.NewParser()}
	s.cells = make([][]rune, h)
	for i := range s.cells {
		s.cells[i] = blankRow(w)
	}
	return s
}

func blankRow(w int) []rune {
	r := make([]rune, w)
	for i := range r {
		r[i] = ' '
	}
	return r
}

// write feeds output of the program to the screen.
func (s *screen) write(b []byte) {
	b = append(s.pending, b...)
	s.pending = nil
	for len(b) > 0 {
		seq, width, n, state := ansi.DecodeSequence(b, s.state, s.parser)
		if n == len(b) && state != ansi.NormalState {
			s.pending = append([]byte(nil), b...)
			return
		}
		s.state = state
		b = b[n:]
		s.apply(seq, width)
	}
}

func (s *screen) apply(seq []byte, width int) {
	switch {
	case len(seq) == 0:
	case width > 0:
		rs := []rune(string(seq))
		if len(rs) == width { // plain characters, one cell each
			for _, r := range rs {
				s.put(r)
			}
			return
		}
		s.put(rs[0]) // a wide character, or a cluster: its first rune
		for i := 1; i < width; i++ {
			s.put(' ')
		}
	case seq[0] == '\r':
		s.col = 0
	case seq[0] == '\n':
		s.lineFeed()
	case seq[0] == '\b':
		s.col = max(0, s.col-1)
	case ansi.HasCsiPrefix(seq):
		s.csi(ansi.Cmd(s.parser.Command()))
	}
}

func (s *screen) put(r rune) {
	if s.col >= s.w {
		s.col = 0
		s.lineFeed()
	}
	s.cells[s.row][s.col] = r
	s.col++
}

func (s *screen) lineFeed() {
	if s.row < s.h-1 {
		s.row++
		return
	}
	copy(s.cells, s.cells[1:])
	s.cells[s.h-1] = blankRow(s.w)
}

func (s *screen) param(i, def int) int {
	v, _ := s.parser.Param(i, def)
	if v == 0 && def != 0 {
		return def
	}
	return v
}

func (s *screen) csi(c ansi.Cmd) {
	clampRow := func(r int) int { return min(max(r, 0), s.h-1) }
	clampCol := func(c int) int { return min(max(c, 0), s.w-1) }
	if c.Prefix() == '?' {
		if c.Final() == 'h' || c.Final() == 'l' {
			if n := s.param(0, 0); n == 1049 || n == 47 || n == 1047 {
				s.erase(0, s.h)
				s.row, s.col = 0, 0
			}
		}
		return
	}
	switch c.Final() {
	case 'A':
		s.row = clampRow(s.row - s.param(0, 1))
	case 'B':
		s.row = clampRow(s.row + s.param(0, 1))
	case 'C':
		s.col = clampCol(s.col + s.param(0, 1))
	case 'D':
		s.col = clampCol(s.col - s.param(0, 1))
	case 'G':
		s.col = clampCol(s.param(0, 1) - 1)
	case 'd':
		s.row = clampRow(s.param(0, 1) - 1)
	case 'H', 'f':
		s.row, s.col = clampRow(s.param(0, 1)-1), clampCol(s.param(1, 1)-1)
	case 'J':
		switch s.param(0, 0) {
		case 0:
			s.eraseLine(s.col, s.w)
			s.erase(s.row+1, s.h)
		case 1:
			s.erase(0, s.row)
			s.eraseLine(0, s.col+1)
		default:
			s.erase(0, s.h)
		}
	case 'K':
		switch s.param(0, 0) {
		case 0:
			s.eraseLine(s.col, s.w)
		case 1:
			s.eraseLine(0, s.col+1)
		default:
			s.eraseLine(0, s.w)
		}
	}
}

func (s *screen) erase(from, to int) {
	for r := from; r < to; r++ {
		s.cells[r] = blankRow(s.w)
	}
}

func (s *screen) eraseLine(from, to int) {
	for c := from; c < min(to, s.w); c++ {
		s.cells[s.row][c] = ' '
	}
}

// String returns the screen's lines, trailing blanks cut.
func (s *screen) String() string {
	lines := make([]string, s.h)
	for i, r := range s.cells {
		lines[i] = strings.TrimRight(string(r), " ")
	}
	return strings.Join(lines, "\n")
}
