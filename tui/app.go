package tui

import (
	"context"
	"strings"
	"time"

	tea "github.com/charmbracelet/bubbletea"

	"github.com/minotaur-game/minotaur/netplay"
	"github.com/minotaur-game/minotaur/saves"
	"github.com/minotaur-game/minotaur/tui/keymap"
	"github.com/minotaur-game/minotaur/tui/screen"
)

// Config is what the command line hands to the game.
type Config struct {
	// Saves is the folder of saved games, Scores the high-score file and
	// Replays the folder of replays (see saves.ResolvePaths).
	Saves   string
	Scores  string
	Replays string
	// Seed is the campaign seed of the first new game. When SeedFixed is
	// false (no --seed), later new games of the same run take the seeds
	// that follow it (see NextSeed), so that every game is a new maze.
	Seed      uint64
	SeedFixed bool
	// Levels is a custom campaign (from --level files); nil for the
	// generated campaign.
	Levels Campaign
	// Server is the --server address for network play ("" when none).
	Server string
	// Connect, when set, joins the game server instead of dialing the
	// address on the Network screen, which then asks only for a name (the
	// SSH front end joins the server of its own process, with the player's
	// token). addr is the Server field.
	Connect func(ctx context.Context, addr, name string) (*netplay.Client, *netplay.Welcome, error)
	// Host, when set, shows the solo games played from the main menu to
	// spectators: it is called (in a command) when such a game starts,
	// with the player's name and the game's seed, and the game's views,
	// the player's chat and its end go to the Audience it returns, whose
	// spectators' chat the player sees. The SSH front end lists its
	// players' games on its game server this way.
	Host func(name string, seed uint64) Audience
	// Name prefills the high-score name prompt.
	Name string
	// Notice is a line shown at the foot of the main menu when the
	// terminal has room for it (the SSH front end tells the player under
	// which identity they play); "" for none.
	Notice string
	// Now tells the time for dates and file names. It is required: the
	// front end hands its clock in (time.Now), and tui never reads the
	// clock itself.
	Now func() time.Time
	// Styles are the styles of the terminal (screen.NewStyles of the
	// default renderer when nil).
	Styles *screen.Styles
	// Open, when set, is the screen that opens instead of the main menu:
	// a game's subcommand asked for it (screen.Launching).
	Open func(c *screen.Context) screen.Screen
	// StepDelay is the pause between two steps of travel and explore, so
	// that the player sees each (0: 60 ms).
	StepDelay time.Duration
	// Palette is the palette's name as chosen (the settings, --palette,
	// MINOTAUR_PALETTE; "" is auto), which Styles were built in.
	Palette string
	// AskDark, when set, tells whether the terminal's background is dark:
	// the auto palette asks it where that is safe (a local terminal; never
	// over SSH, where auto is the dark palette).
	AskDark func() bool
	// Accessible asks for the layout for screen readers and magnifiers
	// (--accessible, or the settings): the newest message first,
	// monsters named in words ("hunter 3 east, 1 north").
	Accessible bool
	// Settings is the settings file the settings screen writes ("": the
	// screen cannot keep them) and Saved what the file held at the start
	// (the flags' choices are not in it).
	Settings string
	Saved    saves.Settings
	// Keys is the keymap file's path, shown on the settings screen.
	Keys string
	// Keymap, when set, is the player's keys (their keymap file, read by
	// the front end): New makes it the program's keymap (keymap.Use). nil
	// keeps the program's keymap (the defaults, unless a keymap was Used):
	// the SSH front end's sessions play with the server's.
	Keymap *keymap.Map
	// Cursor, when set, is told after each frame where the terminal's
	// cursor is to stand (the player's tile; On false: nowhere, hidden).
	// The front end puts it there (tui.CursorWriter).
	Cursor func(screen.CursorAt)
	// KeymapProblems are the keymap file's broken lines ("FILE:LINE:
	// what"), shown to the player on a message over the first screen.
	KeymapProblems []string
}

// NextSeed is the seed of the game after a game of seed s, when no seed was
// fixed: a SplitMix64 step, so consecutive games get unrelated mazes.
func NextSeed(s uint64) uint64 {
	s += 0x9e3779b97f4a7c15
	z := s
	z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9
	z = (z ^ (z >> 27)) * 0x94d049bb133111eb
	return z ^ (z >> 31)
}

// common is what the shell's screens share: the configuration, the
// context every game's screens share (the terminal's size and styles, the
// saves folder, the clock, the seeds, the way home to the main menu) and
// the list of games.
type common struct {
	*screen.Context
	cfg      Config
	st       *screen.Styles
	nextSeed uint64
	games    []screen.Descriptor
	// settingsOut writes the settings file (the settings screen's).
	settingsOut *settingsWriter
}

// newCommon is the shell's context for cfg, on an 80 × 24 terminal until
// the first size arrives.
func newCommon(cfg Config) *common {
	st := cfg.Styles
	if st == nil {
		st = screen.NewStyles(nil)
	}
	c := &common{cfg: cfg, st: st, nextSeed: cfg.Seed, settingsOut: &settingsWriter{}}
	c.Context = &screen.Context{
		Styles: st, Width: 80, Height: 24,
		Saves:      cfg.Saves,
		Now:        cfg.Now,
		Accessible: cfg.Accessible,
		Seed:       c.takeSeed,
		Home:       func() screen.Screen { return newMenu(c) },
	}
	c.games = gameList(c)
	return c
}

// takeSeed returns the seed for a new game.
func (c *common) takeSeed() uint64 {
	s := c.nextSeed
	if !c.cfg.SeedFixed {
		c.nextSeed = NextSeed(s)
	}
	return s
}

// Model is the root of the game's interface: the stack of screens
// (screen.Root), opened on the main menu or the game the command line
// asked for.
type Model struct {
	c    *common
	root *screen.Root
}

// Farewell is a sentence for the front end to print once the program has
// ended — that the replay of the game quit last could not be written, and
// what to do — or "".
func (m *Model) Farewell() string { return m.root.Farewell() }

// New returns the root model, showing the main menu.
func New(cfg Config) *Model {
	if cfg.Now == nil {
		panic("tui.New: Config.Now is nil; the front end must hand in its clock (time.Now)")
	}
	c := newCommon(cfg)
	first := opening(c) // a game asked for on the command line
	if first == nil {
		first = newMenu(c)
	}
	if cfg.Keymap != nil {
		keymap.Use(cfg.Keymap)
	}
	root := screen.NewRoot(c.Context, first)
	if len(cfg.KeymapProblems) > 0 {
		text := "Some lines of your keymap file were not used; those actions keep their default keys:\n\n" +
			strings.Join(cfg.KeymapProblems, "\n") + "\n\nFix the file and start again (docs/guide.md, \"Your own keys\")."
		root.Stack = append(root.Stack, screen.NewPager(c.Context, "YOUR KEYS", func(w int) string { return screen.Wrap(text, w) },
			"↑/↓ scroll · any other key: go on", false))
	}
	return &Model{c: c, root: root}
}

// Init starts the first screen.
func (m *Model) Init() tea.Cmd { return m.root.Init() }

func (m *Model) top() screen.Screen { return m.root.Top() }

// HangupMsg tells the game that its player is gone — the terminal closed,
// the connection dropped, the session idled out, the server is stopping —
// so that nothing is lost: a game with unsaved progress is saved, its
// replay written, a score at the name prompt recorded, and the program
// ends. Front ends send it instead of quitting the program.
type HangupMsg struct{}

// Update routes a message through the stack of screens.
func (m *Model) Update(msg tea.Msg) (tea.Model, tea.Cmd) {
	if _, ok := msg.(HangupMsg); ok {
		return m, m.root.Hangup()
	}
	return m, m.root.Update(msg)
}

// View draws the screen on top, and tells Config.Cursor where the
// terminal's cursor is to stand.
func (m *Model) View() string {
	v := m.root.View()
	if m.c.cfg.Cursor != nil {
		m.c.cfg.Cursor(m.c.Context.Cursor)
	}
	return v
}

// Cursor is where the last frame put the terminal's cursor.
func (m *Model) Cursor() screen.CursorAt { return m.c.Context.Cursor }
