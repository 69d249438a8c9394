package labyrinth

import (
	"flag"
	"path/filepath"
	"strconv"
	"sync/atomic"
	"testing"
	"time"

	"github.com/charmbracelet/x/ansi"

	"github.com/minotaur-game/minotaur/tui/screen"
	"github.com/minotaur-game/minotaur/tui/screen/screentest"
)

// The Labyrinth's screens are driven here by a root of the tests' own,
// which applies their screen changes as tui's root model does; the tests
// of tui drive them through that model (its main menu, Ctrl+C, a hang-up).

func TestMain(m *testing.M) { screentest.Main(m) }

// fixedNow is the clock of the tests.
var fixedNow = time.Date(2025, 3, 14, 15, 9, 26, 0, time.UTC)

// Config is what a test opens: the saves folder, and a game asked for on
// the command line (nil: the main menu).
type Config struct {
	Saves     string
	Labyrinth *Setup
	seed      uint64
	clock     *atomic.Int64 // the clock's offset from fixedNow
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

// driver runs the screens the way bubbletea and tui's root do, but
// synchronously (screentest.Stack).
type driver struct {
	*screentest.Stack
	t testing.TB
	c *screen.Context
}

func newDriver(t testing.TB, cfg Config, w, h int) *driver {
	c := &screen.Context{
		Styles: screen.NewStyles(nil), Width: w, Height: h, Saves: cfg.Saves,
		Now:  func() time.Time { return fixedNow.Add(time.Duration(cfg.clock.Load())) },
		Seed: func() uint64 { return cfg.seed },
	}
	c.Home = func() screen.Screen { return &screentest.Home{C: c, Key: "l", Label: "Labyrinth", Menu: NewMenu} }
	first := c.Home()
	if cfg.Labyrinth != nil {
		first = Open(c, cfg.Labyrinth)
	}
	return &driver{Stack: screentest.NewStack(first), t: t, c: c}
}

// labGame returns the Labyrinth game screen in the stack, if any.
func (d *driver) labGame() *labGameScreen {
	for i := len(d.Screens) - 1; i >= 0; i-- {
		if g, ok := d.Screens[i].(*labGameScreen); ok {
			return g
		}
	}
	return nil
}

// keys sends keys: single characters, or names in angle brackets
// (<enter>, <esc>, <up>, <down>, <left>, <right>, <space>).
func (d *driver) keys(s string) {
	for _, k := range screentest.Keys(d.t, s) {
		d.Send(k)
	}
}

// screen is the plain text of the frame, as the root draws it.
func (d *driver) screen() string { return ansi.Strip(d.Frame(d.c)) }

// name names the screen on top: "menu" (the main menu), "labyrinth-menu",
// "labyrinth-setup", "labyrinth", "labyrinth-help", "labyrinth-pause",
// "labyrinth-end".
func (d *driver) name() string {
	switch d.Top().(type) {
	case *screentest.Home:
		return "menu"
	case *labMenuScreen:
		return "labyrinth-menu"
	case *labSetupScreen:
		return "labyrinth-setup"
	case *labGameScreen:
		return "labyrinth"
	case *labHelpScreen:
		return "labyrinth-help"
	case *screen.Pause:
		return "labyrinth-pause"
	case *labEndScreen:
		return "labyrinth-end"
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

var _ = flag.Bool("update", false, "rewrite the golden files under testdata/")

func itoa(n int) string { return strconv.Itoa(n) }
