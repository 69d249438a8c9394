package labyrinth

import (
	"strings"

	"github.com/charmbracelet/lipgloss"

	"github.com/minotaur-game/minotaur/games/labyrinth"
	"github.com/minotaur-game/minotaur/tui/screen"
)

// tileClass is how one character of a notebook sheet or of the true field
// is drawn.
type tileClass uint8

const (
	clsPlain      tileClass = iota // blank
	clsLit                         // a wall, a corner
	clsRemembered                  // a cell walked
	clsPlayer                      // '@'
	clsPartner                     // the start, 'o'
	clsKey
	clsExit     // the exit in a notebook
	clsExitOpen // the exit on the true field
	clsBonus    // the other special cells
	numClasses
)

// newTiles builds the Labyrinth's glyph table for a terminal: the colours
// of the Minotaur map's classes of the same names, and bold, dim, reverse
// and underline without colour.
func newTiles(st *screen.Styles) *screen.Tiles {
	m, in := st.Palette.Map, st.Ink
	colour := [numClasses]lipgloss.Style{
		clsPlain:      st.Renderer.NewStyle(),
		clsLit:        in(m.Lit),
		clsRemembered: in(m.Remembered),
		clsPlayer:     in(m.Player).Bold(true),
		clsPartner:    in(m.Partner).Bold(true),
		clsKey:        in(m.Key).Bold(true),
		clsExit:       in(m.Exit),
		clsExitOpen:   in(m.ExitOpen).Bold(true),
		clsBonus:      in(m.Bonus),
	}
	mono := [numClasses]string{
		clsLit:        screen.SGRBold,
		clsRemembered: screen.SGRDim,
		clsPlayer:     screen.SGRBold + screen.SGRReverse,
		clsPartner:    screen.SGRReverse,
		clsKey:        screen.SGRBold + screen.SGRUnderline,
		clsExit:       screen.SGRUnderline,
		clsExitOpen:   screen.SGRBold + screen.SGRReverse,
		clsBonus:      screen.SGRBold + screen.SGRUnderline,
	}
	return screen.NewTiles(st, colour[:], mono[:])
}

// canvas is a grid of characters with a tile class each: the drawing of a
// notebook sheet or of a true field, before a window of it is written out
// with the glyph table (never with Style.Render per character).
type canvas struct {
	w, h int
	chr  []byte
	cls  []tileClass
}

func newCanvas(w, h int) *canvas {
	cv := &canvas{w: w, h: h, chr: make([]byte, w*h), cls: make([]tileClass, w*h)}
	for i := range cv.chr {
		cv.chr[i] = ' '
	}
	return cv
}

func (cv *canvas) set(x, y int, ch byte, cl tileClass) {
	if x >= 0 && y >= 0 && x < cv.w && y < cv.h {
		cv.chr[y*cv.w+x], cv.cls[y*cv.w+x] = ch, cl
	}
}

func (cv *canvas) at(x, y int) byte {
	if x >= 0 && y >= 0 && x < cv.w && y < cv.h {
		return cv.chr[y*cv.w+x]
	}
	return ' '
}

// corners puts a '+' on every corner point that touches a wall.
func (cv *canvas) corners() {
	for y := 0; y < cv.h; y += 2 {
		for x := 0; x < cv.w; x += 2 {
			if cv.at(x-1, y) == '-' || cv.at(x+1, y) == '-' || cv.at(x, y-1) == '|' || cv.at(x, y+1) == '|' {
				cv.set(x, y, '+', clsLit)
			}
		}
	}
}

// lines writes the window of vw × vh characters from (x0, y0), each run of
// one class between its escape prefix and a reset.
func (cv *canvas) lines(t *screen.Tiles, x0, y0, vw, vh int) []string {
	out := make([]string, 0, vh)
	var b strings.Builder
	for y := y0; y < y0+vh; y++ {
		b.Reset()
		run := tileClass(255)
		for x := x0; x < x0+vw; x++ {
			ch, cl := byte(' '), clsPlain
			if x >= 0 && y >= 0 && x < cv.w && y < cv.h {
				ch, cl = cv.chr[y*cv.w+x], cv.cls[y*cv.w+x]
			}
			if cl == clsPlayer {
				b.WriteString(screen.CursorMark) // the terminal's cursor goes here
			}
			if cl != run {
				if run != 255 && t.Prefix(int(run)) != "" {
					b.WriteString(t.Reset())
				}
				b.WriteString(t.Prefix(int(cl)))
				run = cl
			}
			b.WriteByte(ch)
		}
		if run != 255 && t.Prefix(int(run)) != "" {
			b.WriteString(t.Reset())
		}
		out = append(out, b.String())
	}
	return out
}

// markClass is how a notebook mark or a special cell is drawn.
func markClass(m byte) tileClass {
	switch m {
	case '.':
		return clsRemembered
	case 'o':
		return clsPartner
	case 'K':
		return clsKey
	case 'E':
		return clsExit
	case '@':
		return clsPlayer
	}
	return clsBonus
}

// sheetCanvas draws a notebook sheet: the noted cells and walls, the frame
// of the field on the sheet drawn from the start, and the player's believed
// place as '@'. It returns the canvas and where the '@' is on it.
func sheetCanvas(nb *labyrinth.Notebook, s *labyrinth.Sheet) (cv *canvas, px, py int) {
	x0, y0, x1, y1 := nb.Bounds(s)
	rows, cols := x1-x0+1, y1-y0+1
	cv = newCanvas(2*cols+1, 2*rows+1)
	pos := func(c labyrinth.Cell) (int, int) { return 2*(c.Y-y0) + 1, 2*(c.X-x0) + 1 }
	if s.Anchored && nb.Rows > 0 && nb.Cols > 0 {
		for r := 0; r < nb.Rows; r++ {
			x, y := pos(labyrinth.Cell{X: r, Y: 0})
			cv.set(x-1, y, '|', clsLit)
			x, y = pos(labyrinth.Cell{X: r, Y: nb.Cols - 1})
			cv.set(x+1, y, '|', clsLit)
		}
		for c := 0; c < nb.Cols; c++ {
			x, y := pos(labyrinth.Cell{X: 0, Y: c})
			cv.set(x, y-1, '-', clsLit)
			x, y = pos(labyrinth.Cell{X: nb.Rows - 1, Y: c})
			cv.set(x, y+1, '-', clsLit)
		}
	}
	for side, wall := range s.Sides {
		x, y := pos(side.Cell)
		switch {
		case !wall:
		case side.Dir == labyrinth.Down:
			cv.set(x, y+1, '-', clsLit)
		default:
			cv.set(x+1, y, '|', clsLit)
		}
	}
	for c, m := range s.Marks {
		x, y := pos(c)
		cv.set(x, y, m, markClass(m))
	}
	cv.corners()
	px, py = pos(s.Pos)
	cv.set(px, py, '@', clsPlayer)
	return cv, px, py
}

// fieldCanvas draws the true main field: its walls, its special cells by
// their legend characters, the cells of player's path as '.', the exit's
// door as a gap, and the player's last place as '@'.
func fieldCanvas(g *labyrinth.Game, player int) *canvas {
	path := g.Player(player).Path
	lab := g.Lab()
	f := &lab.Fields[0]
	cv := newCanvas(2*f.Cols+1, 2*f.Rows+1)
	pos := func(c labyrinth.Cell) (int, int) { return 2*c.Y + 1, 2*c.X + 1 }
	for _, c := range path {
		x, y := pos(c)
		cv.set(x, y, '.', clsRemembered)
	}
	for r := 0; r < f.Rows; r++ {
		for c := 0; c < f.Cols; c++ {
			cell := labyrinth.Cell{X: r, Y: c}
			x, y := pos(cell)
			if c == 0 {
				cv.set(x-1, y, '|', clsLit)
			}
			if r == 0 {
				cv.set(x, y-1, '-', clsLit)
			}
			if !f.Open(cell, labyrinth.Right) {
				cv.set(x+1, y, '|', clsLit)
			}
			if !f.Open(cell, labyrinth.Down) {
				cv.set(x, y+1, '-', clsLit)
			}
			sp, ok := lab.Special(0, cell)
			if !ok {
				continue
			}
			ch := byte('?')
			if r := lab.Fields[0].Cells[r*f.Cols+c]; r < 128 {
				ch = byte(r)
			}
			cl := clsBonus
			switch sp.Kind {
			case "Key":
				cl = clsKey
			case "Exit":
				cl = clsExitOpen
				dx, dy := 0, 0
				switch sp.Dir {
				case labyrinth.Up:
					dy = -1
				case labyrinth.Left:
					dx = -1
				case labyrinth.Down:
					dy = 1
				default:
					dx = 1
				}
				cv.set(x+dx, y+dy, ' ', clsPlain)
			}
			cv.set(x, y, ch, cl)
		}
	}
	cv.corners()
	x, y := pos(g.Player(player).Body().Pos)
	cv.set(x, y, '@', clsPlayer)
	return cv
}
