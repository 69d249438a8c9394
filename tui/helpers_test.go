package tui

import (
	"path/filepath"
	"reflect"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	tea "github.com/charmbracelet/bubbletea"
	"github.com/charmbracelet/x/ansi"

	"github.com/minotaur-game/minotaur/engine"
	"github.com/minotaur-game/minotaur/internal/testboard"
	"github.com/minotaur-game/minotaur/tui/minotaur"
	"github.com/minotaur-game/minotaur/tui/screen"
	"github.com/minotaur-game/minotaur/tui/screen/screentest"
)

func TestMain(m *testing.M) { screentest.Main(m) }

// fixedNow is the clock of the tests.
var fixedNow = time.Date(2025, 3, 14, 15, 9, 26, 0, time.UTC)

// testClock is the clock of a test: it stands at fixedNow until the test
// moves it on with later (safe to call while a teatest program runs).
type testClock struct{ offset atomic.Int64 }

func (c *testClock) now() time.Time { return fixedNow.Add(time.Duration(c.offset.Load())) }

var (
	clocksMu sync.Mutex
	clocks   = map[testing.TB]*testClock{}
)

// later moves the clock of t's configurations on by d: what a player does
// after a pause (pressing a key on an end screen, which ignores the keys
// of its first half second).
func later(t testing.TB, d time.Duration) {
	clocksMu.Lock()
	c := clocks[t]
	clocksMu.Unlock()
	if c == nil {
		t.Fatal("later: the test has no testConfig")
	}
	c.offset.Add(int64(d))
}

// testConfig returns a configuration whose files live in a fresh folder,
// and whose clock stands still until later moves it.
func testConfig(t testing.TB, seed uint64) Config {
	dir := t.TempDir()
	clocksMu.Lock()
	c := clocks[t]
	if c == nil {
		c = &testClock{}
		clocks[t] = c
		t.Cleanup(func() {
			clocksMu.Lock()
			delete(clocks, t)
			clocksMu.Unlock()
		})
	}
	clocksMu.Unlock()
	return Config{
		Saves: filepath.Join(dir, "saves"), Scores: filepath.Join(dir, "highscores.json"),
		Replays: filepath.Join(dir, "replays"), Seed: seed, SeedFixed: true, Name: "ada",
		Now: c.now,
	}
}

// driver runs a Model the way bubbletea does, but synchronously
// (screentest.Feeder): every command is run and its message fed back
// before the next input.
type driver struct {
	t testing.TB
	m *Model
	f screentest.Feeder
}

func newDriver(t testing.TB, cfg Config, w, h int) *driver {
	d := &driver{t: t, m: New(cfg)}
	d.f.Update = func(msg tea.Msg) tea.Cmd { _, cmd := d.m.Update(msg); return cmd }
	d.run(d.m.Init())
	d.send(tea.WindowSizeMsg{Width: w, Height: h})
	return d
}

// send feeds one message and everything its commands report.
func (d *driver) send(msg tea.Msg) { d.f.Send(msg) }

func (d *driver) run(c tea.Cmd) { d.f.Run(c) }

// keys sends keys: single characters, or names in angle brackets
// (<enter>, <esc>, <up>, <down>, <left>, <right>, <space>, <ctrl+c>, <ctrl+p>).
func (d *driver) keys(s string) {
	for _, k := range screentest.Keys(d.t, s) {
		d.send(k)
	}
}

// screen is the plain text of the frame.
func (d *driver) screen() string { return ansi.Strip(d.m.View()) }

// expectScreen fails unless the top screen is want.
func (d *driver) expectScreen(want string) {
	d.t.Helper()
	if got := d.m.Screen(); got != want {
		d.t.Fatalf("screen is %q, want %q; it shows:\n%s", got, want, d.screen())
	}
}

// game returns the game being played.
func (d *driver) game() *engine.Game {
	d.t.Helper()
	g := d.m.game()
	if g == nil {
		d.t.Fatalf("no game is being played; the screen shows:\n%s", d.screen())
	}
	return g.Session().(*minotaur.LocalSession).Game()
}

// golden compares text with testdata/name.golden (rewritten with -update).
func golden(t *testing.T, name, got string) { t.Helper(); screentest.Golden(t, name, got) }

// stepToward and actKey are testboard's, for the tests here.
var (
	stepToward = testboard.StepToward
	actKey     = testboard.Key
)

// passLevel plays the current level to its end through the keys, along the
// engine solver's winning line (testboard.PassLevel).
func (d *driver) passLevel() bool { return testboard.PassLevel(d.game(), func(k string) { d.keys(k) }) }

// loseGame walks into the nearest monster until the player is caught.
func (d *driver) loseGame() bool { return testboard.LoseGame(d.game(), func(k string) { d.keys(k) }) }

// Screen names the screen on top (tests only): "menu", "saves",
// "network", "lobby", and Minotaur's "game", "help", "pause", "passed",
// "end", "scores", "watch", "confirm", and for the Labyrinth
// "labyrinth-menu", "labyrinth-setup", "labyrinth", "labyrinth-help",
// "labyrinth-pause", "labyrinth-end".
func (m *Model) Screen() string {
	switch m.top().(type) {
	case *menuScreen:
		return "menu"
	case *savesScreen:
		return "saves"
	case *networkScreen:
		return "network"
	case *lobbyScreen:
		return "lobby"
	case *settingsScreen:
		return "settings"
	}
	// The games' screens are their packages' own; the pause menu of a
	// game other than Minotaur is tui/screen's.
	t := reflect.TypeOf(m.top())
	if t.Kind() == reflect.Pointer {
		t = t.Elem()
	}
	switch t.PkgPath() + "." + t.Name() {
	case minPkg + ".gameScreen":
		return "game"
	case "github.com/minotaur-game/minotaur/tui.gamesHelp", minPkg + ".helpScreen":
		return "help"
	case minPkg + ".pauseScreen":
		return "pause"
	case minPkg + ".passedScreen":
		return "passed"
	case minPkg + ".endScreen":
		return "end"
	case minPkg + ".scoresScreen":
		return "scores"
	case minPkg + ".watchScreen":
		return "watch"
	case minPkg + ".confirmScreen":
		return "confirm"
	case minPkg + ".moreScreen":
		return "more"
	case minPkg + ".seedScreen":
		return "seed"
	case minPkg + ".tutorialScreen":
		return "tutorial"
	case minPkg + ".replaysScreen":
		return "replays"
	case minPkg + ".replayScreen":
		return "replay"
	case labPkg + ".labMenuScreen":
		return "labyrinth-menu"
	case labPkg + ".labSetupScreen":
		return "labyrinth-setup"
	case labPkg + ".labGameScreen":
		return "labyrinth"
	case labPkg + ".labHelpScreen":
		return "labyrinth-help"
	case screenPkg + ".Pause":
		return "labyrinth-pause"
	case screenPkg + ".Pager":
		return "history"
	case labPkg + ".labEndScreen":
		return "labyrinth-end"
	}
	return "unknown"
}

const (
	minPkg    = "github.com/minotaur-game/minotaur/tui/minotaur"
	labPkg    = "github.com/minotaur-game/minotaur/tui/labyrinth"
	screenPkg = "github.com/minotaur-game/minotaur/tui/screen"
)

// minotaurGame is Minotaur's game screen as the tests read it.
type minotaurGame interface{ Session() minotaur.Session }

// game returns Minotaur's game screen in the stack, if any.
func (m *Model) game() minotaurGame {
	for i := len(m.root.Stack) - 1; i >= 0; i-- {
		if g, ok := m.root.Stack[i].(minotaurGame); ok {
			return g
		}
	}
	return nil
}

// testCommon is the shell's context of a test, on a w × h terminal.
func testCommon(t testing.TB, w, h int) *common { return testCommonStyles(t, nil, w, h) }

// testCommonStyles is testCommon in the styles st (nil: the default).
func testCommonStyles(t testing.TB, st *screen.Styles, w, h int) *common {
	cfg := testConfig(t, 1)
	cfg.Styles = st
	c := newCommon(cfg)
	c.Width, c.Height = w, h
	return c
}

// prose is the words of the screen in order, one space apart, box borders
// left out: a sentence wrapped over lines of a dialog reads whole in it.
func prose(screen string) string {
	return strings.Join(strings.Fields(strings.NewReplacer("│", " ", "╭", " ", "╮", " ", "╰", " ", "╯", " ", "─", " ").Replace(screen)), " ")
}
