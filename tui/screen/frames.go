package screen

import (
	"fmt"
	"strings"
	"time"

	"github.com/charmbracelet/lipgloss"
	"github.com/charmbracelet/x/ansi"
)

// HandOver is the box shown between two players' turns on one shared
// screen: it names whose turn it is and shows nothing private. detail is a
// line about the game (its turn, its field); note, when not "", a warning
// under it.
func HandOver(c *Context, player int, detail, note string) string {
	st := c.Styles
	tw := c.DialogWidth()
	return c.Dialog(st.Title.Render(Wrap(fmt.Sprintf("Player %d's turn — press Enter", player), tw)),
		Wrap(detail, tw),
		st.Faint.Render(Wrap("The others look away. Esc: pause (save, quit).", tw)),
		warn(st, Wrap(note, tw)))
}

// warn renders a warning, or nothing for none.
func warn(st *Styles, s string) string {
	if s == "" {
		return ""
	}
	return st.Warn.Render(s)
}

// KeyGrace is how long after an end screen appears it ignores keys, so
// that a key still held or typed ahead during play can neither dismiss the
// result before it is read nor type into a prompt.
const KeyGrace = 500 * time.Millisecond

// KeyGuard ignores the keys of an end screen's first KeyGrace.
type KeyGuard struct{ opened time.Time }

// NewKeyGuard starts guarding at now, when the screen appears.
func NewKeyGuard(now time.Time) KeyGuard { return KeyGuard{opened: now} }

// Blocks reports whether a key that arrives at now is to be ignored.
func (g KeyGuard) Blocks(now time.Time) bool { return now.Sub(g.opened) < KeyGrace }

// Holds is Blocks for a prompt that keys type into: a key it ignores
// keeps it closed for KeyGrace more, so that a key held down from play
// (its repeats come every few hundredths of a second) types nothing
// however long it is held; the first key after a half second's quiet is
// taken.
func (g *KeyGuard) Holds(now time.Time) bool {
	if g.Blocks(now) {
		g.opened = now
		return true
	}
	return false
}

// EndHints are the keys every game's end frame answers the same way:
// R plays again (the same setup, a new game), Enter or Esc goes back to
// the game's menu.
const EndHints = "R: play again · Enter: menu"

// EndFrame lays out a game's end screen over the whole terminal: the
// result (in the Good style) and a faint note on the first line (the note
// on a line of its own when both do not fit), a heading, the body's lines
// (cut to the height left), and the keys' hints on the last lines. The
// heading and the hints wrap — the hints a whole " · "-separated part at a
// time — so that nothing is cut off.
func EndFrame(c *Context, result, note, heading string, body []string, hints string) string {
	st := c.Styles
	w := c.Width
	var top []string
	if ansi.StringWidth(result+note) <= w {
		top = append(top, st.Good.Render(result)+st.Faint.Render(note))
	} else {
		top = append(top, st.Good.Render(Fit(result, w)))
		if n := strings.TrimPrefix(note, " · "); n != "" {
			top = append(top, st.Faint.Render(Fit(n, w)))
		}
	}
	for _, l := range strings.Split(Wrap(heading, w), "\n") {
		top = append(top, st.Heading.Render(l))
	}
	foot := WrapParts(strings.Split(hints, " · "), " · ", w)
	var b strings.Builder
	for _, l := range top {
		b.WriteString(l + "\n")
	}
	room := max(c.Height-len(top)-1-len(foot), 0)
	for i, l := range body {
		if i == room {
			break
		}
		b.WriteString(l + "\n")
	}
	b.WriteString("\n")
	for i, l := range foot {
		if i > 0 {
			b.WriteString("\n")
		}
		b.WriteString(st.Faint.Render(Fit(l, w)))
	}
	return b.String()
}

// WrapParts joins parts with sep into lines of at most w columns, a whole
// part at a time (a part wider than w alone on its line).
func WrapParts(parts []string, sep string, w int) []string {
	var lines []string
	cur := ""
	for _, p := range parts {
		switch {
		case cur == "":
			cur = p
		case ansi.StringWidth(cur)+ansi.StringWidth(sep)+ansi.StringWidth(p) <= w:
			cur += sep + p
		default:
			lines = append(lines, cur)
			cur = p
		}
	}
	if cur != "" {
		lines = append(lines, cur)
	}
	return lines
}

// Columns sets two blocks of lines side by side, gap columns apart, the
// pair centred in w columns; left is padded to leftW.
func Columns(left, right []string, leftW, rightW, gap, w int) []string {
	margin := max((w-leftW-gap-rightW)/2, 0)
	out := make([]string, 0, max(len(left), len(right)))
	for i := 0; i < max(len(left), len(right)); i++ {
		line := strings.Repeat(" ", margin)
		if i < len(left) {
			line += left[i]
		}
		line += strings.Repeat(" ", max(margin+leftW-lipgloss.Width(line), 0)+gap)
		if i < len(right) {
			line += right[i]
		}
		out = append(out, line)
	}
	return out
}
