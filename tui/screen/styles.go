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
	// Palette is the colours of every role, the games' boards included
	// (Dark unless the player chose another).
	Palette *Palette

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

// NewStyles builds the styles for a terminal in the Dark palette. Pass
// lipgloss.DefaultRenderer() (or nil) for the local terminal or the
// renderer of an SSH session.
func NewStyles(r *lipgloss.Renderer) *Styles { return NewStylesWith(r, nil) }

// NewStylesWith builds the styles for a terminal in palette p (nil: Dark).
// Without colour (NO_COLOR, CLICOLOR=0, a plain terminal) the palette
// changes nothing.
func NewStylesWith(r *lipgloss.Renderer, p *Palette) *Styles {
	if r == nil {
		r = lipgloss.DefaultRenderer()
	}
	if p == nil {
		p = &Dark
	}
	s := &Styles{Mono: r.ColorProfile() == termenv.Ascii, Renderer: r, Palette: p}
	t := p.Text
	s.Title = s.Ink(t.Title).Bold(true)
	s.Heading = s.Ink(t.Heading).Bold(true)
	s.Text = r.NewStyle()
	s.Faint = s.Ink(t.Faint)
	s.Selected = s.Ink(t.Selected).Bold(true)
	s.Disabled = s.Ink(t.Disabled)
	s.Good = s.Ink(t.Good)
	s.Warn = s.Ink(t.Warn).Bold(true)
	s.Bad = s.Ink(t.Bad).Bold(true)
	s.Key = s.Ink(t.Key).Bold(true)
	s.Box = r.NewStyle().Border(lipgloss.RoundedBorder()).BorderForeground(lipgloss.Color(t.Border.Fg)).Padding(0, 2)
	s.Hilite = s.Ink(t.Hilite).Bold(true)
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
