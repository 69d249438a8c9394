package trails

import (
	"io"
	"path/filepath"
	"testing"
	"time"

	tea "github.com/charmbracelet/bubbletea"
	"github.com/charmbracelet/lipgloss"
	"github.com/charmbracelet/x/ansi"
	"github.com/muesli/termenv"

	"github.com/minotaur-game/minotaur/tui/screen"
	"github.com/minotaur-game/minotaur/tui/screen/screentest"
)

func TestMain(m *testing.M) { screentest.Main(m) }

var fixedNow = time.Date(2026, 12, 1, 21, 0, 0, 0, time.UTC)

// driver runs the screens the way bubbletea and tui's root do, but
// synchronously (screentest.Stack): every command is run and its message
// fed back before the next input (the computer's move included).
type driver struct {
	*screentest.Stack
	t testing.TB
	c *screen.Context
}

// newDriver opens first (nil: the home screen) at w × h; mono draws
// without colour. The clock moves on a second at each reading, so that
// the end screen's key guard lets the next key through.
func newDriver(t testing.TB, mono bool, w, h int, first func(c *screen.Context) screen.Screen) *driver {
	st := screen.NewStyles(nil)
	if !mono {
		r := lipgloss.NewRenderer(io.Discard)
		r.SetColorProfile(termenv.ANSI256)
		st = screen.NewStyles(r)
	}
	tick := 0
	c := &screen.Context{
		Styles: st, Width: w, Height: h, Saves: filepath.Join(t.TempDir(), "saves"),
		Now:  func() time.Time { tick++; return fixedNow.Add(time.Duration(tick) * time.Second) },
		Seed: func() uint64 { return 77 },
	}
	c.Home = func() screen.Screen {
		return &screentest.Home{C: c, Key: "r", Label: "Trails and Towers", Menu: NewMenu}
	}
	s := c.Home()
	if first != nil {
		s = first(c)
	}
	return &driver{Stack: screentest.NewStack(s), t: t, c: c}
}

// game opens a new game of setup s.
func gameOf(s Setup) func(c *screen.Context) screen.Screen {
	return func(c *screen.Context) screen.Screen { return Open(c, s) }
}

// game is the Trails game screen in the stack.
func (d *driver) game() *Screen {
	for i := len(d.Screens) - 1; i >= 0; i-- {
		if g, ok := d.Screens[i].(*Screen); ok {
			return g
		}
	}
	d.t.Fatalf("no game screen: %T on top", d.Top())
	return nil
}

// press sends keys by name: up, down, left, right, enter, esc, or a
// character.
func (d *driver) press(keys ...string) {
	for _, k := range keys {
		d.Send(screentest.Key(k))
	}
}

func (d *driver) click(x, y int) {
	d.Send(tea.MouseMsg{X: x, Y: y, Action: tea.MouseActionPress, Button: tea.MouseButtonLeft})
}

// view is the frame as drawn, and plain its text.
func (d *driver) view() string { return d.Frame(d.c) }

func (d *driver) plain() string { return ansi.Strip(d.view()) }
