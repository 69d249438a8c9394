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

func newGlyphs(mono bool) *glyphs {
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
	const (
		blue, red, yellow = "\x1b[94m", "\x1b[91m", "\x1b[93m"
		onGreen           = "\x1b[42m"
	)
	g.cell = [numClasses]string{
		clsFree:      "\x1b[90m",
		clsBlueTrail: "\x1b[34m",
		clsRedTrail:  "\x1b[31m",
		clsBlue:      sgrBold + blue + sgrReverse,
		clsRed:       sgrBold + red + sgrReverse,
		clsTower:     sgrBold + yellow,
		clsTowerBlue: sgrBold + blue,
		clsTowerRed:  sgrBold + red,
	}
	for i, p := range g.cell {
		g.marked[i] = p + onGreen + "\x1b[30m"
	}
	g.blue, g.red, g.title, g.faint, g.key = sgrBold+blue, sgrBold+red, sgrBold+yellow, "\x1b[90m", sgrBold+"\x1b[96m"
	g.good, g.warn = "\x1b[92m", sgrBold+yellow
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
