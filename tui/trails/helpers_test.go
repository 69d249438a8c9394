package trails

import (
	"io"
	"os"
	"path/filepath"
	"reflect"
	"testing"
	"time"

	tea "github.com/charmbracelet/bubbletea"
	"github.com/charmbracelet/lipgloss"
	"github.com/charmbracelet/x/ansi"
	"github.com/muesli/termenv"

	"github.com/minotaur-game/minotaur/tui/screen"
)

func TestMain(m *testing.M) {
	lipgloss.SetColorProfile(termenv.Ascii)
	time.Local = time.UTC
	os.Exit(m.Run())
}

var fixedNow = time.Date(2026, 12, 1, 21, 0, 0, 0, time.UTC)

// home stands for tui's main menu: its R key opens the Trails menu, as the
// main menu's does.
type home struct{ c *screen.Context }

func (h *home) Init() tea.Cmd { return nil }
func (h *home) Update(msg tea.Msg) (screen.Nav, tea.Cmd) {
	if k, ok := msg.(tea.KeyMsg); ok && (k.String() == "r" || k.String() == "R") {
		m := NewMenu(h.c)
		return screen.Replace(m), nil
	}
	return screen.Stay, nil
}
func (h *home) View() string { return h.c.Center("MINOTAUR\n\nR  Trails and Towers") }

// driver runs the screens the way bubbletea and tui's root do, but
// synchronously: every command is run and its message fed back before the
// next input (the computer's move included).
type driver struct {
	t     testing.TB
	c     *screen.Context
	stack []screen.Screen
	quit  bool
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
	c.Home = func() screen.Screen { return &home{c} }
	d := &driver{t: t, c: c}
	s := c.Home()
	if first != nil {
		s = first(c)
	}
	d.stack = []screen.Screen{s}
	d.run(s.Init())
	return d
}

// game opens a new game of setup s.
func gameOf(s Setup) func(c *screen.Context) screen.Screen {
	return func(c *screen.Context) screen.Screen { return Open(c, s) }
}

func (d *driver) top() screen.Screen { return d.stack[len(d.stack)-1] }

// game is the Trails game screen in the stack.
func (d *driver) game() *Screen {
	for i := len(d.stack) - 1; i >= 0; i-- {
		if g, ok := d.stack[i].(*Screen); ok {
			return g
		}
	}
	d.t.Fatalf("no game screen: %T on top", d.top())
	return nil
}

func (d *driver) apply(n screen.Nav) {
	switch n.Op {
	case screen.OpPush:
		d.stack = append(d.stack, n.To)
		d.run(n.To.Init())
	case screen.OpPop:
		if len(d.stack) > 1 {
			d.stack = d.stack[:len(d.stack)-1]
		}
	case screen.OpReplace:
		d.stack = []screen.Screen{n.To}
		d.run(n.To.Init())
	}
}

func (d *driver) send(msg tea.Msg) {
	if msg == nil || d.quit {
		return
	}
	switch msg := msg.(type) {
	case tea.BatchMsg:
		for _, c := range msg {
			d.run(c)
		}
		return
	case tea.QuitMsg, screen.QuitMsg:
		d.quit = true
		return
	}
	if v := reflect.ValueOf(msg); v.Kind() == reflect.Slice && v.Type().Elem() == reflect.TypeOf(tea.Cmd(nil)) {
		for i := 0; i < v.Len(); i++ {
			d.run(v.Index(i).Interface().(tea.Cmd))
		}
		return
	}
	n, cmd := d.top().Update(msg)
	d.apply(n)
	d.run(cmd)
}

func (d *driver) run(c tea.Cmd) {
	if c != nil {
		d.send(c())
	}
}

// press sends keys by name: up, down, left, right, enter, esc, or a
// character.
func (d *driver) press(keys ...string) {
	types := map[string]tea.KeyType{"up": tea.KeyUp, "down": tea.KeyDown, "left": tea.KeyLeft, "right": tea.KeyRight, "enter": tea.KeyEnter, "esc": tea.KeyEsc}
	for _, k := range keys {
		if t, ok := types[k]; ok {
			d.send(tea.KeyMsg{Type: t})
		} else {
			d.send(tea.KeyMsg{Type: tea.KeyRunes, Runes: []rune(k)})
		}
	}
}

func (d *driver) click(x, y int) {
	d.send(tea.MouseMsg{X: x, Y: y, Action: tea.MouseActionPress, Button: tea.MouseButtonLeft})
}

// view is the frame as drawn, and plain its text.
func (d *driver) view() string {
	if d.c.TooSmall() {
		return d.c.TooSmallView()
	}
	return d.top().View()
}

func (d *driver) plain() string { return ansi.Strip(d.view()) }
