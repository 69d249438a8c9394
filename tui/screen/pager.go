package screen

import (
	"strings"

	"github.com/charmbracelet/bubbles/viewport"
	tea "github.com/charmbracelet/bubbletea"
)

// Pager shows a text that may be longer than the terminal — a log, a
// history of messages, a help page — under a title and above a hint, the
// text scrolled in bubbles' viewport: ↑/↓ (W/S, K/J) a line, PgUp/PgDn
// (Space) a page, the mouse wheel three lines; any other key returns to
// the screen below.
type Pager struct {
	c      *Context
	title  string
	hint   string
	text   func(w int) string
	vp     viewport.Model
	foot   bool // open at the end of the text (the latest message)
	shownW int  // the width the text was last wrapped to; 0: not yet
	shownH int
}

// ScrollHint is a pager's hint that names every key that scrolls, so
// that "other keys" is true (a hint wraps a whole " · " part at a time).
const ScrollHint = "↑↓ WS JK line · PgUp/Dn Space page · other keys: back"

// NewPager returns a pager of the text that text(w) returns, wrapped to w
// columns (it is asked again when the width changes). foot opens it at the
// end of the text rather than at its top.
func NewPager(c *Context, title string, text func(w int) string, hint string, foot bool) *Pager {
	return &Pager{c: c, title: title, hint: hint, text: text, foot: foot}
}

// Init does nothing.
func (p *Pager) Init() tea.Cmd { return nil }

// layout sizes the viewport to the terminal and wraps the text again when
// the width changed; it returns the hint's lines.
func (p *Pager) layout() string {
	w := max(20, p.c.Width-4)
	hint := strings.Join(WrapParts(strings.Split(p.hint, " · "), " · ", w), "\n")
	h := max(1, p.c.Height-3-strings.Count(hint, "\n")-1)
	if w != p.shownW || h != p.shownH {
		// at the foot where it was asked for, or where the player scrolled
		// to it (a text that fitted whole was at its top and foot alike:
		// it opens as asked again)
		atFoot := p.foot
		if p.shownW != 0 && !(p.vp.AtTop() && p.vp.AtBottom()) {
			atFoot = p.vp.AtBottom()
		}
		p.vp.Width, p.vp.Height = w, h
		p.vp.SetContent(p.text(w))
		if atFoot {
			p.vp.GotoBottom()
		}
		p.shownW, p.shownH = w, h
	}
	return hint
}

// WheelLines is how many lines a turn of the mouse wheel scrolls a pager.
const WheelLines = 3

// Wheel is the lines a mouse message scrolls: −WheelLines for the wheel
// up, +WheelLines down, 0 for any other mouse message.
func Wheel(msg tea.MouseMsg) int {
	if msg.Action != tea.MouseActionPress {
		return 0
	}
	switch msg.Button {
	case tea.MouseButtonWheelUp:
		return -WheelLines
	case tea.MouseButtonWheelDown:
		return WheelLines
	}
	return 0
}

// Update scrolls (the keys, and the mouse wheel), or returns.
func (p *Pager) Update(msg tea.Msg) (Nav, tea.Cmd) {
	if m, ok := msg.(tea.MouseMsg); ok {
		p.layout()
		if n := Wheel(m); n < 0 {
			p.vp.ScrollUp(-n)
		} else if n > 0 {
			p.vp.ScrollDown(n)
		}
		return Stay, nil
	}
	k, ok := msg.(tea.KeyMsg)
	if !ok {
		return Stay, nil
	}
	p.layout()
	switch k.String() {
	case "up", "k", "w", "K", "W":
		p.vp.ScrollUp(1)
	case "down", "j", "s", "J", "S":
		p.vp.ScrollDown(1)
	case "pgup":
		p.vp.PageUp()
	case "pgdown", " ":
		p.vp.PageDown()
	default:
		return Pop(), nil
	}
	return Stay, nil
}

// View draws the title, the part of the text in view and the hint.
func (p *Pager) View() string {
	st := p.c.Styles
	hint := p.layout()
	return Fit(st.Title.Render(p.title), p.c.Width) + "\n\n" + p.vp.View() + "\n\n" + st.Faint.Render(hint)
}
