package screen

import (
	"fmt"
	"strings"
	"time"

	"github.com/charmbracelet/lipgloss"
)

// The smallest terminal the screens can be used in. Below it every screen
// shows "Terminal too small: need at least 40×12" until the terminal grows.
const (
	MinWidth  = 40
	MinHeight = 12
)

// Context is what every screen shares: the terminal's size and styles, and
// what the command line gave the games. The root keeps Width and Height up
// to date; the screens read them when they draw.
type Context struct {
	Styles        *Styles
	Width, Height int
	// Saves is the folder of saved games.
	Saves string
	// Now tells the time; the screens never read the clock themselves.
	Now func() time.Time
	// Seed returns the seed of a new game (the next one each call, unless
	// the command line fixed it).
	Seed func() uint64
	// Home returns the main menu, where a game's screens go back to.
	Home func() Screen
	// Cursor is where the last frame put the terminal's cursor (the
	// player's tile; see CursorMark). The root keeps it.
	Cursor CursorAt
	// Accessible asks for the layout for screen readers and magnifiers:
	// the newest message first, monsters named in words.
	Accessible bool
}

// CursorAt is a cell of the terminal (0-based), or none (On false).
type CursorAt struct {
	X, Y int
	On   bool
}

// TooSmall reports whether the terminal is below the usable minimum.
func (c *Context) TooSmall() bool { return c.Width < MinWidth || c.Height < MinHeight }

// TooSmallView is the screen shown below the usable minimum.
func (c *Context) TooSmallView() string {
	msg := fmt.Sprintf("Terminal too small: need at least %d×%d", MinWidth, MinHeight)
	if lipgloss.Width(msg) > c.Width {
		msg = fmt.Sprintf("Terminal too small:\nneed at least %d×%d", MinWidth, MinHeight)
	}
	now := fmt.Sprintf("(now %d×%d)", c.Width, c.Height)
	block := lipgloss.JoinVertical(lipgloss.Center, c.Styles.Warn.Render(msg), c.Styles.Faint.Render(now))
	return lipgloss.Place(c.Width, c.Height, lipgloss.Center, lipgloss.Center, block)
}

// Center places a block in the middle of the terminal, its lines aligned
// on the left.
func (c *Context) Center(s string) string {
	return lipgloss.Place(c.Width, c.Height, lipgloss.Center, lipgloss.Center, Block(s))
}

// DialogWidth is the widest text that a dialog box (border and padding,
// 6 columns) holds in the terminal.
func (c *Context) DialogWidth() int { return max(c.Width-6, 20) }

// Dialog draws a box of sections in the middle of the terminal, a blank
// line between them when the terminal is tall enough, else none, so that
// the box — its title and its border — fits the terminal. Empty sections
// are left out. Wrap each section to DialogWidth first.
func (c *Context) Dialog(sections ...string) string {
	var parts []string
	for _, s := range sections {
		if s != "" {
			parts = append(parts, s)
		}
	}
	sep := "\n\n"
	if DialogHeight(sections...)+len(parts)-1 > c.Height {
		sep = "\n"
	}
	return c.Center(c.Styles.Box.Render(strings.Join(parts, sep)))
}

// DialogHeight is the height of the box of sections drawn without blank
// lines between them, its border included.
func DialogHeight(sections ...string) int {
	lines := 2
	for _, s := range sections {
		if s != "" {
			lines += strings.Count(s, "\n") + 1
		}
	}
	return lines
}

// Block pads the lines of s to one width, so that centring it moves the
// lines together.
func Block(s string) string {
	lines := strings.Split(s, "\n")
	w := 0
	for _, l := range lines {
		w = max(w, lipgloss.Width(l))
	}
	for i, l := range lines {
		if n := lipgloss.Width(l); n < w {
			lines[i] = l + strings.Repeat(" ", w-n)
		}
	}
	return strings.Join(lines, "\n")
}
