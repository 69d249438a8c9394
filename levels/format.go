package levels

import (
	"strings"

	"github.com/minotaur-game/minotaur/engine"
	"github.com/minotaur-game/minotaur/safetext"
)

// Format writes a level in the level-file format: a header with the name
// and author when they are set, then the map, one line per row, walls
// redrawn `+ - |` from their neighbours and every object in its place.
// Parse reads the result back to the same level (two starts on one tile
// come back as one start, which the engine treats alike).
//
// Format expects a level that passes Validate; of a level whose tiles do
// not match its size it writes only the header and a comment saying so.
func Format(l engine.Level) string {
	var b strings.Builder
	if name := headerValue(l.Name); name != "" {
		b.WriteString("name: " + name + "\n")
	}
	if author := headerValue(l.Author); author != "" {
		b.WriteString("author: " + author + "\n")
	}
	if l.Rows <= 0 || l.Cols <= 0 || len(l.Wall) != l.Rows*l.Cols {
		b.WriteString("# this level has no map: its tiles do not match its size\n")
		return b.String()
	}
	g := l.Glyphs()
	b.Grow(len(g) + l.Rows)
	for y := 0; y < l.Rows; y++ {
		b.Write(g[y*l.Cols : (y+1)*l.Cols])
		b.WriteByte('\n')
	}
	return b.String()
}

// headerValue makes a name or author fit on one header line and safe to
// draw: line breaks and tabs become spaces, escape sequences, controls and
// invisible characters go (safetext.Clean), surrounding space goes.
func headerValue(s string) string {
	// Line breaks become spaces; then the one cleaning function, so that
	// an escape sequence goes whole, with its parameters.
	s = strings.Map(func(r rune) rune {
		switch r {
		case '\n', '\r', '\v', '\f', 0x85, '\u2028', '\u2029':
			return ' '
		}
		return r
	}, s)
	return strings.TrimSpace(safetext.Clean(s))
}
