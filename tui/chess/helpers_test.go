package chess

import (
	"flag"
	"os"
	"path/filepath"
	"reflect"
	"strconv"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	tea "github.com/charmbracelet/bubbletea"
	"github.com/charmbracelet/lipgloss"
	"github.com/charmbracelet/x/ansi"
	"github.com/muesli/termenv"

	"github.com/minotaur-game/minotaur/tui/screen"
)

// The chess screens are driven here by a root of the tests' own, which
// applies their screen changes as tui's root model does.

func TestMain(m *testing.M) {
	lipgloss.SetColorProfile(termenv.Ascii)
	time.Local = time.UTC
	os.Exit(m.Run())
}

// fixedNow is the clock of the tests.
var fixedNow = time.Date(2025, 3, 14, 15, 9, 26, 0, time.UTC)

// Config is what a test opens: the saves folder, and a game asked for on
// the command line (nil: the main menu).
type Config struct {
	Saves string
	Chess *Setup
	seed  uint64
	clock *atomic.Int64 // the clock's offset from fixedNow
}

var clocks = map[testing.TB]*atomic.Int64{}

// testConfig returns a configuration whose files live in a fresh folder,
// and whose clock stands still until later moves it.
func testConfig(t testing.TB, seed uint64) Config {
	c := clocks[t]
	if c == nil {
		c = new(atomic.Int64)
		clocks[t] = c
		t.Cleanup(func() { delete(clocks, t) })
	}
	return Config{Saves: filepath.Join(t.TempDir(), "saves"), seed: seed, clock: c}
}

// later moves the clock of t's configurations on by d.
func later(t testing.TB, d time.Duration) {
	c := clocks[t]
	if c == nil {
		t.Fatal("later: the test has no testConfig")
	}
	c.Add(int64(d))
}

// home stands for tui's main menu, where the chess screens go back to:
// its O key opens the chess menu, as the main menu's does.
type home struct{ c *screen.Context }

func (h *home) Init() tea.Cmd { return nil }
func (h *home) Update(msg tea.Msg) (screen.Nav, tea.Cmd) {
	if k, ok := msg.(tea.KeyMsg); ok && (k.String() == "o" || k.String() == "O") {
		return screen.Replace(NewMenu(h.c)), nil
	}
	return screen.Stay, nil
}
func (h *home) View() string { return h.c.Center("MINOTAUR\n\nO  Open-world chess") }

// driver runs the screens the way bubbletea and tui's root do, but
// synchronously: every command is run and its message fed back before the
// next input.
type driver struct {
	t     testing.TB
	c     *screen.Context
	stack []screen.Screen
	quit  bool
}

func newDriver(t testing.TB, cfg Config, w, h int) *driver {
	c := &screen.Context{
		Styles: screen.NewStyles(nil), Width: w, Height: h, Saves: cfg.Saves,
		Now:  func() time.Time { return fixedNow.Add(time.Duration(cfg.clock.Load())) },
		Seed: func() uint64 { return cfg.seed },
	}
	c.Home = func() screen.Screen { return &home{c} }
	d := &driver{t: t, c: c}
	first := c.Home()
	if cfg.Chess != nil {
		first = Open(c, *cfg.Chess)
	}
	d.stack = []screen.Screen{first}
	d.run(first.Init())
	return d
}

func (d *driver) top() screen.Screen { return d.stack[len(d.stack)-1] }

// game returns the chess game screen in the stack, if any.
func (d *driver) game() *gameScreen {
	for i := len(d.stack) - 1; i >= 0; i-- {
		if g, ok := d.stack[i].(*gameScreen); ok {
			return g
		}
	}
	return nil
}

// apply carries out a screen change.
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

// send feeds one message and everything its commands report.
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
		for i := 0; i < v.Len(); i++ { // tea.Sequence: in order
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

// keys sends keys: single characters, or names in angle brackets
// (<enter>, <esc>, <up>, <down>, <left>, <right>, <space>).
func (d *driver) keys(s string) {
	for len(s) > 0 {
		if s[0] == '<' {
			end := strings.IndexByte(s, '>')
			d.send(namedKey(d.t, s[1:end]))
			s = s[end+1:]
			continue
		}
		d.send(tea.KeyMsg{Type: tea.KeyRunes, Runes: []rune{rune(s[0])}})
		s = s[1:]
	}
}

func namedKey(t testing.TB, name string) tea.KeyMsg {
	types := map[string]tea.KeyType{
		"enter": tea.KeyEnter, "esc": tea.KeyEsc, "up": tea.KeyUp, "down": tea.KeyDown,
		"left": tea.KeyLeft, "right": tea.KeyRight, "space": tea.KeySpace, "backspace": tea.KeyBackspace,
	}
	k, ok := types[name]
	if !ok {
		t.Fatalf("unknown key <%s>", name)
	}
	return tea.KeyMsg{Type: k}
}

// screen is the plain text of the frame, as the root draws it.
func (d *driver) screen() string {
	if d.c.TooSmall() {
		return ansi.Strip(d.c.TooSmallView())
	}
	return ansi.Strip(d.top().View())
}

// name names the screen on top: "menu" (the main menu), "chess-menu",
// "chess", "chess-help", "chess-log", "chess-pause", "chess-end".
func (d *driver) name() string {
	switch d.top().(type) {
	case *home:
		return "menu"
	case *menuScreen:
		return "chess-menu"
	case *gameScreen:
		return "chess"
	case *helpScreen:
		return "chess-help"
	case *screen.Pager:
		return "chess-log"
	case *screen.Pause:
		return "chess-pause"
	case *endScreen:
		return "chess-end"
	}
	return "unknown"
}

// expectScreen fails unless the top screen is want.
func (d *driver) expectScreen(want string) {
	d.t.Helper()
	if got := d.name(); got != want {
		d.t.Fatalf("screen is %q, want %q; it shows:\n%s", got, want, d.screen())
	}
}

// updating reports -update, which rewrites the golden files.
var update = flag.Bool("update", false, "rewrite the golden files under testdata/")

func updating() bool { return *update }

// golden compares text with testdata/name.golden (rewritten with -update).
func golden(t *testing.T, name, got string) {
	t.Helper()
	path := filepath.Join("testdata", name+".golden")
	if updating() {
		if err := os.WriteFile(path, []byte(got), 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	want, err := os.ReadFile(path)
	if err != nil {
		t.Fatalf("%v (run go test -update to create it)", err)
	}
	if string(want) != got {
		t.Errorf("%s differs from %s:\n--- got ---\n%s\n--- want ---\n%s", name, path, got, want)
	}
}

// checkFits fails when a frame is larger than the terminal.
func checkFits(t *testing.T, frame string, w, h int) {
	t.Helper()
	lines := strings.Split(frame, "\n")
	if len(lines) > h {
		t.Errorf("the frame has %d lines, the terminal %d", len(lines), h)
	}
	for i, l := range lines {
		if n := len([]rune(l)); n > w {
			t.Errorf("line %d is %d columns wide, the terminal %d: %q", i+1, n, w, l)
		}
	}
}

func itoa(n int) string { return strconv.Itoa(n) }
