package chess

import (
	"strings"

	"github.com/charmbracelet/lipgloss"

	"github.com/minotaur-game/minotaur/games/chess"
	"github.com/minotaur-game/minotaur/tui/screen"
)

// The cell classes of the board's glyph table.
const (
	clPlain = iota
	clWhite
	clBlack
	clBonus
	clEmpty
	clFog
	clOpen
	clCursor
	clTarget
	clSelected
	clLabel
	clCount
)

// newTiles builds the board's glyph table for a terminal: colours, or
// bold, dim, underline and reverse without them.
func newTiles(st *screen.Styles) *screen.Tiles {
	ns := st.Renderer.NewStyle
	colour := make([]lipgloss.Style, clCount)
	mono := make([]string, clCount)
	colour[clPlain] = ns()
	m, in := st.Palette.Map, st.Ink
	colour[clWhite] = in(m.White).Bold(true)
	colour[clBlack] = in(m.Black).Bold(true)
	colour[clBonus] = in(m.Key).Bold(true)
	colour[clEmpty] = in(m.Empty)
	colour[clFog] = in(m.Fog)
	colour[clOpen] = in(m.Open)
	colour[clCursor] = ns().Reverse(true)
	colour[clTarget] = in(m.Target)
	colour[clSelected] = in(m.Cursor).Bold(true)
	colour[clLabel] = st.Faint
	mono[clWhite] = screen.SGRBold
	mono[clBonus] = screen.SGRBold
	mono[clEmpty] = screen.SGRDim
	mono[clFog] = screen.SGRDim
	mono[clOpen] = screen.SGRDim
	mono[clCursor] = screen.SGRReverse
	mono[clTarget] = screen.SGRUnderline
	mono[clSelected] = screen.SGRBold + screen.SGRReverse
	mono[clLabel] = screen.SGRDim
	return screen.NewTiles(st, colour, mono)
}

// cellW is the width of a cell on the board: the piece's letter and HP
// (or a bonus, or fog), and the turns left before an open cell closes.
const cellW = 3

// boardW and boardH are the board's size on screen: the rank numbers on
// the left, the files under it.
const (
	boardW = 2 + 8*cellW
	boardH = 9
)

var superscript = [...]string{"⁰", "¹", "²", "³", "⁴", "⁵", "⁶", "⁷", "⁸", "⁹"}

// bonusGlyph is how a bonus shows on the board.
func bonusGlyph(b chess.Bonus) string {
	switch b {
	case chess.Regen:
		return "+"
	case chess.HPUpgrade:
		return "^"
	case chess.Damage:
		return "!"
	case chess.KingHPUpgrade:
		return "$"
	case chess.AddPiece:
		return "&"
	}
	return " "
}

// pieceText is a piece as it shows: its letter (capital for White) and HP.
func pieceText(p chess.Piece) string {
	l := string(p.Kind.Letter())
	if p.Color == chess.Black {
		l = strings.ToLower(l)
	}
	hp := "+" // 10 or more
	switch {
	case p.HP < 0:
		hp = "?" // never in a checked view; no control byte either way
	case p.HP < 10:
		hp = string(rune('0' + p.HP))
	}
	return l + hp
}

// cellText is a cell's three characters and its class.
func cellText(c chess.Cell) (string, int) {
	if c.Sight == chess.Fog {
		return "░░░", clFog
	}
	var text string
	class := clEmpty
	switch {
	case !c.Piece.Empty():
		text = pieceText(c.Piece)
		class = clWhite
		if c.Piece.Color == chess.Black {
			class = clBlack
		}
	case c.Bonus != chess.NoBonus:
		text, class = bonusGlyph(c.Bonus)+" ", clBonus
	default:
		text = "· "
	}
	if c.Sight == chess.Open {
		return text + superscript[max(0, min(c.Left, 9))], clOpen
	}
	return text + " ", class
}

// marks are what a board shows over the view: the cursor, the piece
// picked and the cells it may go to.
type marks struct {
	cursor   chess.Sq // NoSq: none
	selected chess.Sq
	targets  [64]bool
}

func noMarks() marks { return marks{cursor: chess.NoSq, selected: chess.NoSq} }

// flipped reports whether a side sees its board turned: Black plays from the top.
func flipped(side chess.Color) bool { return side == chess.Black }

// rowSq is the cell at a screen row (0 the top) and column of the board.
func rowSq(side chess.Color, row, col int) chess.Sq {
	if flipped(side) {
		return chess.At(7-col, row)
	}
	return chess.At(col, 7-row)
}

// boardLines draws a side's view: eight ranks and the files' letters.
func boardLines(v *chess.View, t *screen.Tiles, mk marks) []string {
	lines := make([]string, 0, boardH)
	var b strings.Builder
	for row := 0; row < 8; row++ {
		b.Reset()
		rank := rowSq(v.Side, row, 0).Rank()
		b.WriteString(t.Glyph(clLabel, string(rune('1'+rank))+" "))
		for col := 0; col < 8; col++ {
			s := rowSq(v.Side, row, col)
			text, class := cellText(v.Cells[s])
			switch {
			case s == mk.cursor:
				class = clCursor
				b.WriteString(screen.CursorMark) // the terminal's cursor: the board's
			case s == mk.selected:
				class = clSelected
			case mk.targets[s]:
				class = clTarget
			}
			b.WriteString(t.Glyph(class, text))
		}
		lines = append(lines, b.String())
	}
	b.Reset()
	b.WriteString("  ")
	for col := 0; col < 8; col++ {
		f := rowSq(v.Side, 0, col).File()
		b.WriteString(string(rune('a'+f)) + "  ")
	}
	lines = append(lines, t.Glyph(clLabel, b.String()))
	return lines
}

// cellAt is the board cell under a screen position relative to the
// board's top left, if any.
func cellAt(side chess.Color, x, y int) (chess.Sq, bool) {
	if y < 0 || y >= 8 || x < 2 || x >= boardW {
		return chess.NoSq, false
	}
	return rowSq(side, y, (x-2)/cellW), true
}

// kindsLine lists pieces by their letters, the most valuable first.
func kindsLine(ks []chess.Kind, c chess.Color) string {
	if len(ks) == 0 {
		return "none"
	}
	order := []chess.Kind{chess.King, chess.Queen, chess.Rook, chess.Bishop, chess.Knight, chess.Pawn}
	var parts []string
	for _, k := range order {
		n := 0
		for _, x := range ks {
			if x == k {
				n++
			}
		}
		if n == 0 {
			continue
		}
		l := string(k.Letter())
		if c == chess.Black {
			l = strings.ToLower(l)
		}
		if n > 1 {
			l = strings.Repeat(l, min(n, 8))
		}
		parts = append(parts, l)
	}
	return strings.Join(parts, " ")
}

// legend explains the board's marks in one or two short lines.
func legend(t *screen.Tiles) []string {
	g := func(cl int, s string) string { return t.Glyph(cl, s) }
	return []string{
		g(clBonus, "+") + " regen " + g(clBonus, "^") + " max HP " + g(clBonus, "!") + " damage",
		g(clBonus, "$") + " king HP " + g(clBonus, "&") + " new piece " + g(clFog, "░") + " fog",
	}
}
