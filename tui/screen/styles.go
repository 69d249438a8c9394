package screen

import (
	"strings"

	"github.com/charmbracelet/lipgloss"
	"github.com/muesli/termenv"
)

// Styles holds the style classes of text that every screen uses, built
// once per terminal (per SSH session, from that session's renderer). A
// board of cells is never drawn with Style.Render per cell: each game turns
// its cell classes once into a Tiles table of escape prefixes.
type Styles struct {
	// Mono is true when the terminal shows no colour (NO_COLOR or a plain
	// terminal): distinctions are made with bold, dim and reverse instead.
	Mono bool
	// Renderer is the terminal's renderer, for the games' own styles.
	Renderer *lipgloss.Renderer

	Title    lipgloss.Style
	Heading  lipgloss.Style
	Text     lipgloss.Style
	Faint    lipgloss.Style
	Selected lipgloss.Style
	Disabled lipgloss.Style
	Good     lipgloss.Style
	Warn     lipgloss.Style
	Bad      lipgloss.Style
	Key      lipgloss.Style // a key name in hints
	Box      lipgloss.Style // the frame of dialogs
	Hilite   lipgloss.Style // the new entry of a table
}

// NewStyles builds the styles for a terminal. Pass lipgloss.DefaultRenderer()
// (or nil) for the local terminal or the renderer of an SSH session.
func NewStyles(r *lipgloss.Renderer) *Styles {
	if r == nil {
		r = lipgloss.DefaultRenderer()
	}
	s := &Styles{Mono: r.ColorProfile() == termenv.Ascii, Renderer: r}
	ns := r.NewStyle
	s.Title = ns().Bold(true).Foreground(lipgloss.Color("9"))
	s.Heading = ns().Bold(true).Foreground(lipgloss.Color("15"))
	s.Text = ns()
	s.Faint = ns().Foreground(lipgloss.Color("244"))
	s.Selected = ns().Bold(true).Foreground(lipgloss.Color("0")).Background(lipgloss.Color("11"))
	s.Disabled = ns().Foreground(lipgloss.Color("240"))
	s.Good = ns().Foreground(lipgloss.Color("10"))
	s.Warn = ns().Bold(true).Foreground(lipgloss.Color("11"))
	s.Bad = ns().Bold(true).Foreground(lipgloss.Color("9"))
	s.Key = ns().Bold(true).Foreground(lipgloss.Color("14"))
	s.Box = ns().Border(lipgloss.RoundedBorder()).BorderForeground(lipgloss.Color("244")).Padding(0, 2)
	s.Hilite = ns().Bold(true).Foreground(lipgloss.Color("0")).Background(lipgloss.Color("10"))
	return s
}

// SGR sequences for the terminals without colour.
const (
	SGRReset     = "\x1b[0m"
	SGRBold      = "\x1b[1m"
	SGRDim       = "\x1b[2m"
	SGRUnderline = "\x1b[4m"
	SGRReverse   = "\x1b[7m"
)

// Prefix returns the escape sequence a style writes before its text.
func Prefix(st lipgloss.Style) string {
	out := st.Render("X")
	if i := strings.IndexByte(out, 'X'); i > 0 {
		return out[:i]
	}
	return ""
}

// Tiles is a glyph table: the escape prefix of each cell class of a game's
// board, written around plain characters (never a Style.Render per cell).
// Class 0 is plain.
type Tiles struct {
	prefix []string
	reset  string
}

// NewTiles builds a game's glyph table: colour[i] is the style of class i
// on a colour terminal, mono[i] its SGR prefix (SGRBold, SGRDim, ...)
// without colour. Both have one entry per class.
func NewTiles(st *Styles, colour []lipgloss.Style, mono []string) *Tiles {
	t := &Tiles{prefix: make([]string, len(colour)), reset: SGRReset}
	if st.Mono {
		copy(t.prefix, mono)
		return t
	}
	for i, s := range colour {
		t.prefix[i] = Prefix(s)
	}
	return t
}

// Prefix is the escape sequence that starts class i ("" for none).
func (t *Tiles) Prefix(i int) string { return t.prefix[i] }

// Reset ends any class.
func (t *Tiles) Reset() string { return t.reset }

// Glyph draws s in class i.
func (t *Tiles) Glyph(i int, s string) string {
	if t.prefix[i] == "" {
		return s
	}
	return t.prefix[i] + s + t.reset
}
