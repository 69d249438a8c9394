package minotaur

import (
	"path/filepath"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	tea "github.com/charmbracelet/bubbletea"
	"github.com/charmbracelet/x/ansi"

	"github.com/minotaur-game/minotaur/engine"
	"github.com/minotaur-game/minotaur/internal/testboard"
	"github.com/minotaur-game/minotaur/tui/screen"
	"github.com/minotaur-game/minotaur/tui/screen/screentest"
)

func TestMain(m *testing.M) { screentest.Main(m) }

// fixedNow is the clock of the tests.
var fixedNow = time.Date(2025, 3, 14, 15, 9, 26, 0, time.UTC)

// testClock is the clock of a test: it stands at fixedNow until the test
// moves it on with later.
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

// testSettings is what the shell hands Minotaur's screens in the tests:
// the context's part (the saves folder, the clock, the seed) and
// Minotaur's Config.
type testSettings struct {
	Saves, Scores, Replays string
	Seed                   uint64
	Levels                 Campaign
	Name                   string
	Now                    func() time.Time
	Host                   func(name string, seed uint64) Audience
	StepDelay              time.Duration
	Accessible             bool
}

// testConfig returns settings whose files live in a fresh folder, and
// whose clock stands still until later moves it.
func testConfig(t testing.TB, seed uint64) testSettings {
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
	return testSettings{
		Saves: filepath.Join(dir, "saves"), Scores: filepath.Join(dir, "highscores.json"),
		Replays: filepath.Join(dir, "replays"), Seed: seed, Name: "ada",
		Now: c.now,
	}
}

// testEnv is the env of Minotaur's screens on a w × h terminal.
func testEnv(t testing.TB, w, h int) *env {
	cfg := testConfig(t, 1)
	return newEnv(&screen.Context{Styles: screen.NewStyles(nil), Width: w, Height: h, Saves: cfg.Saves, Now: cfg.Now,
		Seed: func() uint64 { return 1 }, Home: func() screen.Screen { return &screentest.Home{} }},
		&Config{Scores: cfg.Scores, Replays: cfg.Replays, Name: cfg.Name})
}

// Model stands for tui's root in Minotaur's tests: the stack of screens
// (screen.Root) opened on a stand-in main menu (home) that offers
// Minotaur's items.
type Model struct {
	*screen.Root
	c *env
}

// HangupMsg stands for tui.HangupMsg: the player is gone.
type HangupMsg struct{}

// New is the stand-in root on the settings, showing the stand-in menu.
func New(cfg testSettings) *Model {
	m := &Model{}
	seed := cfg.Seed
	ctx := &screen.Context{Styles: screen.NewStyles(nil), Width: 80, Height: 24, Saves: cfg.Saves, Now: cfg.Now,
		Seed: func() uint64 { return seed },
		Home: func() screen.Screen { return &home{m: m} }, Accessible: cfg.Accessible}
	m.c = newEnv(ctx, &Config{Scores: cfg.Scores, Replays: cfg.Replays, Levels: cfg.Levels, Name: cfg.Name,
		Host: cfg.Host, StepDelay: cfg.StepDelay})
	m.Root = screen.NewRoot(ctx, &home{m: m})
	return m
}

// Update routes a message through the stack.
func (m *Model) Update(msg tea.Msg) (tea.Model, tea.Cmd) {
	if _, ok := msg.(HangupMsg); ok {
		return m, m.Root.Hangup()
	}
	return m, m.Root.Update(msg)
}

func (m *Model) top() screen.Screen { return m.Top() }

// game returns the game screen in the stack, if any.
func (m *Model) game() *gameScreen {
	for i := len(m.Stack) - 1; i >= 0; i-- {
		if g, ok := m.Stack[i].(*gameScreen); ok {
			return g
		}
	}
	return nil
}

// home stands for the main menu: N or Enter a new game (its first item),
// I the high scores, H or ? the help, Q quits.
type home struct{ m *Model }

func (h *home) Init() tea.Cmd { return nil }
func (h *home) TellsEnded()   {}
func (h *home) View() string  { return "MAIN MENU\nN new game · I scores\nH help · Q quit" }
func (h *home) Update(msg tea.Msg) (screen.Nav, tea.Cmd) {
	k, ok := msg.(tea.KeyMsg)
	if !ok {
		return screen.Stay, nil
	}
	c := h.m.c
	switch strings.ToLower(k.String()) {
	case "n", "enter":
		s, err := NewGame(c.Context, c.cfg)
		if err != nil {
			panic(err)
		}
		return screen.Replace(s), nil
	case "i":
		return screen.Push(HighScores(c.Context, c.cfg)), nil
	case "h", "?":
		return screen.Push(Help(c.Context, c.cfg)), nil
	case "q":
		return screen.Stay, tea.Quit
	}
	return screen.Stay, nil
}

// driver runs a Model the way bubbletea does, but synchronously
// (screentest.Feeder): every command is run and its message fed back
// before the next input.
type driver struct {
	t testing.TB
	m *Model
	f screentest.Feeder
}

func newDriver(t testing.TB, cfg testSettings, w, h int) *driver {
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
	return g.sess.(*LocalSession).Game()
}

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

// Screen names the screen on top (tests only): "menu", "game", "help",
// "pause", "passed", "end", "scores", "watch", "confirm".
func (m *Model) Screen() string {
	switch m.top().(type) {
	case *home:
		return "menu"
	case *gameScreen:
		return "game"
	case *helpScreen:
		return "help"
	case *pauseScreen:
		return "pause"
	case *passedScreen:
		return "passed"
	case *endScreen:
		return "end"
	case *scoresScreen:
		return "scores"
	case *watchScreen:
		return "watch"
	case *confirmScreen:
		return "confirm"
	case *screen.Pager:
		return "history"
	}
	return "unknown"
}

// prose is the words of the screen in order, one space apart, box borders
// left out: a sentence wrapped over lines of a dialog reads whole in it.
func prose(screen string) string {
	return strings.Join(strings.Fields(strings.NewReplacer("│", " ", "╭", " ", "╮", " ", "╰", " ", "╯", " ", "─", " ").Replace(screen)), " ")
}

// golden compares text with testdata/name.golden (rewritten with -update).
func golden(t *testing.T, name, got string) { t.Helper(); screentest.Golden(t, name, got) }

// corridor is a one-corridor level: the start, the key two steps east,
// the exit two more.
func corridor() engine.Level {
	lv := engine.Level{Name: "Corridor", Rows: 3, Cols: 7, Wall: make([]bool, 21),
		Starts: []engine.Point{{X: 1, Y: 1}}, Key: engine.Point{X: 3, Y: 1}, Exit: engine.Point{X: 5, Y: 1}}
	for i := range lv.Wall {
		lv.Wall[i] = i < 7 || i >= 14 || i == 7 || i == 13
	}
	return lv
}

// planLoss plays seed on an engine game: level 1 passed along the solver's
// winning line, then level 2 lost by walking into a monster. It returns the
// actions of each part.
func planLoss(t *testing.T, seed uint64) (pass, lose []engine.Action, score int) {
	g, err := engine.New(engine.Config{Seed: seed, Players: 1})
	if err != nil {
		t.Fatal(err)
	}
	sol := engine.Solve(g, engine.SolverBudget)
	pass = sol.Line
	for _, a := range pass {
		if _, err := g.Apply(1, a); err != nil {
			t.Fatalf("seed %d: the solver's line: %v", seed, err)
		}
	}
	if g.LevelNumber() != 2 {
		t.Fatalf("seed %d: level 1 was not passed by the plan", seed)
	}
	for i := 0; i < 400 && g.Result() == engine.InProgress; i++ {
		st := g.Status()
		a, ok := stepToward(g, st.Monsters[0].Pos, nil)
		if !ok {
			a = engine.Skip
		}
		g.Apply(1, a)
		lose = append(lose, a)
	}
	if g.Result() != engine.Lost {
		t.Fatalf("seed %d: level 2 was not lost by the plan", seed)
	}
	return pass, lose, g.Score()
}
