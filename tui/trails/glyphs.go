package trails

import "github.com/minotaur-game/minotaur/tui/screen"

// A cell's class: how it is drawn.
type class uint8

const (
	clsFree class = iota
	clsBlueTrail
	clsRedTrail
	clsBlue // where Blue stands
	clsRed
	clsTower
	clsTowerBlue // a tower Blue took
	clsTowerRed
	numClasses
)

// SGR sequences (tui/screen's).
const (
	sgrReset     = screen.SGRReset
	sgrBold      = screen.SGRBold
	sgrDim       = screen.SGRDim
	sgrUnderline = screen.SGRUnderline
	sgrReverse   = screen.SGRReverse
)

// glyphs is the table of escape prefixes: per class, plain and marked (a
// cell the player to move may go to), and the prefixes of the panel's text.
type glyphs struct {
	mono                         bool
	cell                         [numClasses]string
	marked                       [numClasses]string
	blue, red, title, faint, key string
	good, warn                   string
}

func newGlyphs(st *screen.Styles) *glyphs {
	mono := st.Mono
	g := &glyphs{mono: mono}
	if mono {
		// Without colour: the letters say whose (b/r, B/R), bold marks
		// the players and the towers still standing, underline a taken
		// tower, reverse video the cells the player may go to.
		g.cell = [numClasses]string{clsFree: sgrDim, clsBlue: sgrBold, clsRed: sgrBold, clsTower: sgrBold, clsTowerBlue: sgrUnderline, clsTowerRed: sgrUnderline}
		for i := range g.marked {
			g.marked[i] = sgrReverse
		}
		g.blue, g.red, g.title, g.faint, g.key, g.good, g.warn = sgrBold, sgrBold, sgrBold, sgrDim, sgrBold, sgrBold, sgrBold
		return g
	}
	m, in, pre := st.Palette.Map, st.Ink, screen.Prefix
	g.cell = [numClasses]string{
		clsFree:      pre(in(m.Remembered)),
		clsBlueTrail: pre(in(m.BlueTrail)),
		clsRedTrail:  pre(in(m.RedTrail)),
		clsBlue:      pre(in(m.Blue).Bold(true).Reverse(true)),
		clsRed:       pre(in(m.Red).Bold(true).Reverse(true)),
		clsTower:     pre(in(m.Key).Bold(true)),
		clsTowerBlue: pre(in(m.Blue).Bold(true)),
		clsTowerRed:  pre(in(m.Red).Bold(true)),
	}
	// A cell the player may go to keeps its attributes, in the
	// reachable ink.
	reach := pre(in(m.Reachable))
	for i, p := range g.cell {
		g.marked[i] = p + reach
	}
	g.blue, g.red = pre(in(m.Blue).Bold(true)), pre(in(m.Red).Bold(true))
	g.title, g.faint, g.key = pre(st.Warn), pre(st.Faint), pre(st.Key)
	g.good, g.warn = pre(st.Good), pre(st.Warn)
	return g
}

// paint wraps s in prefix p.
func (g *glyphs) paint(p, s string) string {
	if p == "" {
		return s
	}
	return p + s + sgrReset
}

func (g *glyphs) player(n int) string {
	if n == 2 {
		return g.red
	}
	return g.blue
}
