package tui

import (
	"context"
	"crypto/sha256"
	"fmt"
	"path/filepath"
	"time"

	tea "github.com/charmbracelet/bubbletea"

	"github.com/minotaur-game/minotaur/engine"
	"github.com/minotaur-game/minotaur/netplay"
	"github.com/minotaur-game/minotaur/saves"
	"github.com/minotaur-game/minotaur/tui/chess"
	"github.com/minotaur-game/minotaur/tui/labyrinth"
	"github.com/minotaur-game/minotaur/tui/screen"
	"github.com/minotaur-game/minotaur/tui/trails"
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
	// Styles are the styles of the terminal (NewStyles of the default
	// renderer when nil).
	Styles *Styles
	// Labyrinth, when set, opens a Labyrinth game (`minotaur labyrinth`)
	// instead of the main menu.
	Labyrinth *LabyrinthSetup
	// Trails, when set, opens a Trails and Towers game (`minotaur
	// trails`) instead of the main menu.
	Trails *TrailsSetup
	// Chess, when set, opens a game of Open-world chess (`minotaur chess`)
	// instead of the main menu.
	Chess *ChessSetup
	// StepDelay is the pause between two steps of travel and explore, so
	// that the player sees each (0: 60 ms).
	StepDelay time.Duration
}

// LabyrinthSetup is a Labyrinth game asked for on the command line
// (`minotaur labyrinth FIELD`): the game opens on it instead of the menu.
type LabyrinthSetup = labyrinth.Setup

// TrailsSetup is a Trails and Towers game asked for on the command line.
type TrailsSetup = trails.Setup

// ChessSetup is a chess game asked for on the command line (`minotaur
// chess`): the game opens on it instead of the menu.
type ChessSetup = chess.Setup

// LevelFile is a level of a custom campaign and the text of the file it
// was read from, which replays carry so that they play back without the
// file.
type LevelFile struct {
	Level engine.Level
	Text  string
}

// Campaign is a custom campaign: its levels in order, each with its text.
type Campaign []LevelFile

// Levels returns the campaign's levels (nil for an empty campaign, which
// means the generated one).
func (c Campaign) Levels() []engine.Level {
	if len(c) == 0 {
		return nil
	}
	out := make([]engine.Level, len(c))
	for i, f := range c {
		out[i] = f.Level
	}
	return out
}

// Texts returns the texts of the campaign's level files (nil for an empty
// campaign).
func (c Campaign) Texts() []string {
	if len(c) == 0 {
		return nil
	}
	out := make([]string, len(c))
	for i, f := range c {
		out[i] = f.Text
	}
	return out
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

// ScoresFile is the high-score table of games played on levels: scores
// itself for the generated campaign (levels nil), else a table of that set
// of level files' own beside it, highscores-levels-<hash>.json, named from
// a SHA-256 of the files' texts in order — so that a hand-made level (one
// corridor) cannot top the campaign's table, and the same files played
// again share their table.
func ScoresFile(scores string, levels Campaign) string {
	if len(levels) == 0 {
		return scores
	}
	h := sha256.New()
	for _, f := range levels {
		fmt.Fprintf(h, "%d\n%s", len(f.Text), f.Text)
	}
	return filepath.Join(filepath.Dir(scores), fmt.Sprintf("highscores-levels-%x.json", h.Sum(nil)[:6]))
}

// scores is the high-score table of the games of this run.
func (c *common) scores() saves.ScoreTable {
	return saves.ScoreTable{Path: ScoresFile(c.cfg.Scores, c.cfg.Levels)}
}

// common is what every screen shares: the configuration, the styles and the
// terminal's size.
type common struct {
	cfg      Config
	st       *Styles
	w, h     int
	nextSeed uint64
	// sc is what the other games' screens share (see screens), made when
	// the first of them opens.
	sc *screen.Context
}

// screens returns the context of the other games' screens (tui/screen):
// the same size, styles, saves folder, clock and seeds, and the way home
// to this main menu.
func (c *common) screens() *screen.Context {
	if c.sc == nil {
		c.sc = &screen.Context{
			Styles: c.st.Styles,
			Saves:  c.cfg.Saves,
			Now:    c.cfg.Now,
			Seed:   c.takeSeed,
			Home:   func() screen.Screen { return newMenu(c) },
		}
	}
	c.sc.Width, c.sc.Height = c.w, c.h
	return c.sc
}

// resize takes the terminal's new size.
func (c *common) resize(w, h int) {
	c.w, c.h = w, h
	if c.sc != nil {
		c.sc.Width, c.sc.Height = w, h
	}
}

// view is the shared context of the terminal's size, for the helpers of
// tui/screen.
func (c *common) view() screen.Context {
	return screen.Context{Styles: c.st.Styles, Width: c.w, Height: c.h}
}

// now returns the current time.
func (c *common) now() time.Time { return c.cfg.Now() }

// takeSeed returns the seed for a new game.
func (c *common) takeSeed() uint64 {
	s := c.nextSeed
	if !c.cfg.SeedFixed {
		c.nextSeed = NextSeed(s)
	}
	return s
}

// tooSmall reports whether the terminal is below the usable minimum.
func (c *common) tooSmall() bool { v := c.view(); return v.TooSmall() }

// tooSmallView is the screen shown below the usable minimum.
func (c *common) tooSmallView() string { v := c.view(); return v.TooSmallView() }

// center places a block in the middle of the terminal, its lines aligned
// on the left.
func (c *common) center(s string) string { v := c.view(); return v.Center(s) }

// Model is the root of the game's interface: it owns the stack of screens,
// handles the keys that work everywhere (Ctrl+C) and the terminal's size,
// and routes every other message to the screen on top.
type Model struct {
	c     *common
	stack []screen.Screen
	// farewell is what the player must still be told when the program
	// ends (see Farewell).
	farewell string
}

// Farewell is a sentence for the front end to print once the program has
// ended — that the replay of the game quit last could not be written, and
// what to do — or "".
func (m *Model) Farewell() string { return m.farewell }

// New returns the root model, showing the main menu.
func New(cfg Config) *Model {
	if cfg.Now == nil {
		panic("tui.New: Config.Now is nil; the front end must hand in its clock (time.Now)")
	}
	st := cfg.Styles
	if st == nil {
		st = NewStyles(nil)
	}
	c := &common{cfg: cfg, st: st, w: 80, h: 24, nextSeed: cfg.Seed}
	if cfg.Labyrinth != nil {
		// The game opens on the setup's questions, or at once on the game
		// when the command line answered them all.
		return &Model{c: c, stack: []screen.Screen{labyrinth.Open(c.screens(), cfg.Labyrinth)}}
	}
	if cfg.Trails != nil {
		return &Model{c: c, stack: []screen.Screen{trails.Open(c.screens(), *cfg.Trails)}}
	}
	if cfg.Chess != nil {
		return &Model{c: c, stack: []screen.Screen{chess.Open(c.screens(), *cfg.Chess)}}
	}
	return &Model{c: c, stack: []screen.Screen{newMenu(c)}}
}

// Init starts the main menu.
func (m *Model) Init() tea.Cmd { return m.top().Init() }

func (m *Model) top() screen.Screen { return m.stack[len(m.stack)-1] }

// game returns the game screen in the stack, if any.
func (m *Model) game() *gameScreen {
	for i := len(m.stack) - 1; i >= 0; i-- {
		if g, ok := m.stack[i].(*gameScreen); ok {
			return g
		}
	}
	return nil
}

// otherGame returns the screen of another game than Minotaur in the
// stack (a screen.Game, such as the Labyrinth's), if any.
func (m *Model) otherGame() screen.Game {
	for i := len(m.stack) - 1; i >= 0; i-- {
		if g, ok := m.stack[i].(screen.Game); ok {
			return g
		}
	}
	return nil
}

// Update routes a message, and carries out the screen change that the
// screen's Update returns.
func (m *Model) Update(msg tea.Msg) (tea.Model, tea.Cmd) {
	switch msg := msg.(type) {
	case tea.WindowSizeMsg:
		m.c.resize(msg.Width, msg.Height)
		if m.c.tooSmall() {
			m.stopTrip() // a trip does not walk on unseen
		}
		var cmds []tea.Cmd
		var navs []screen.Nav
		for _, s := range m.stack {
			n, cmd := s.Update(msg)
			cmds, navs = append(cmds, cmd), append(navs, n)
		}
		for _, n := range navs {
			cmds = append(cmds, m.apply(n))
		}
		return m, tea.Batch(cmds...)
	case tea.KeyMsg:
		if msg.Type == tea.KeyCtrlC {
			n, cmd := m.interrupt()
			return m, tea.Batch(cmd, m.apply(n))
		}
		if m.c.tooSmall() && msg.Type != tea.KeyEsc {
			// The screen cannot be seen: no key may act on it unseen
			// (Esc still opens the pause menu or goes back).
			m.stopTrip()
			return m, nil
		}
		if msg.Type == tea.KeyRunes && len(msg.Runes) > 1 && !msg.Paste {
			return m, m.typed(msg)
		}
	case tea.MouseMsg:
		if m.c.tooSmall() {
			return m, nil
		}
	case screen.QuitMsg:
		return m, tea.Quit
	case EndedMsg:
		// A replay that could not be written is told on the screen that
		// shows it (the menu, the end screen), else once the program
		// has ended (Farewell).
		switch m.top().(type) {
		case *menuScreen, *endScreen:
		default:
			if msg.Err != nil {
				m.farewell = replayFailed(msg.Err)
			}
		}
	case HangupMsg:
		return m, m.hangup()
	}
	if s := m.owner(msg); s != nil {
		// A game's report while help, the pause menu or a level's
		// score is shown: the screen whose session it is takes it (and
		// waits for the next), instead of the screen on top dropping it.
		n, cmd := s.Update(msg)
		return m, tea.Batch(cmd, m.apply(n))
	}
	n, cmd := m.top().Update(msg)
	return m, tea.Batch(cmd, m.apply(n))
}

// stopTrip stops a travel or exploration under way, which must not walk
// on while the board cannot be seen.
func (m *Model) stopTrip() {
	if g, ok := m.top().(*gameScreen); ok {
		g.stopTrip()
	}
}

// background is a screen that keeps receiving what its session or
// connection reports while another screen is shown above it.
type background interface {
	// owns reports whether msg is the screen's to handle.
	owns(msg tea.Msg) bool
}

// owner returns the screen under the top one that owns msg, or nil.
func (m *Model) owner(msg tea.Msg) screen.Screen {
	for i := len(m.stack) - 2; i >= 0; i-- {
		if b, ok := m.stack[i].(background); ok && b.owns(msg) {
			return m.stack[i]
		}
		if b, ok := m.stack[i].(screen.Background); ok && b.Owns(msg) {
			return m.stack[i] // a game's screens' own (tui/trails)
		}
	}
	return nil
}

// apply carries out a screen change and returns the new screen's Init
// command.
func (m *Model) apply(n screen.Nav) tea.Cmd {
	switch n.Op {
	case screen.OpPush:
		m.stack = append(m.stack, n.To)
		return n.To.Init()
	case screen.OpPop:
		if len(m.stack) > 1 {
			m.stack = m.stack[:len(m.stack)-1]
		}
	case screen.OpReplace:
		m.stack = []screen.Screen{n.To}
		return n.To.Init()
	}
	return nil
}

// typed handles several runes that arrived together (fast typing, or keys
// sent by a script) one at a time. When a key starts a command (a screen
// change, a save), the rest waits until that command has reported.
func (m *Model) typed(msg tea.KeyMsg) tea.Cmd {
	for i, r := range msg.Runes {
		one := tea.KeyMsg{Type: tea.KeyRunes, Runes: []rune{r}, Alt: msg.Alt}
		_, cmd := m.Update(one)
		if cmd != nil && i+1 < len(msg.Runes) {
			rest := tea.KeyMsg{Type: tea.KeyRunes, Runes: msg.Runes[i+1:], Alt: msg.Alt}
			return tea.Sequence(cmd, func() tea.Msg { return rest })
		}
		if cmd != nil {
			return cmd
		}
	}
	return nil
}

// interrupt handles Ctrl+C: it asks first when a game has unsaved progress
// (a second Ctrl+C quits), else it quits, writing the game's replay.
func (m *Model) interrupt() (screen.Nav, tea.Cmd) {
	if e, ok := m.top().(*endScreen); ok && e.stage == endName {
		// A score that makes the table is kept even when the player
		// leaves at the name prompt.
		entry := saves.Entry{Name: e.name.Value(), Score: e.view.Score, Level: e.view.Level, Seed: e.view.Seed}
		table, now := m.c.scores(), m.c.now()
		return screen.Stay, tea.Sequence(func() tea.Msg {
			table.Add(entry, now)
			return nil
		}, func() tea.Msg { return screen.QuitMsg{} })
	}
	if g := m.otherGame(); g != nil {
		return g.Interrupt(m.top())
	}
	g := m.game()
	if g == nil {
		return screen.Stay, tea.Quit
	}
	if _, ok := forfeiter(g.sess); ok {
		// A game a server keeps: Ctrl+C asks (and quits keeping the seat
		// when asked again) — giving the seat up is never done unasked.
		if q, asking := m.top().(*forfeitScreen); asking && q.program {
			return q.quitKeeping()
		}
		return screen.Push(forfeitConfirm(m.c, g, true)), nil
	}
	if _, asking := m.top().(*confirmScreen); !asking && unsaved(g.sess) {
		return screen.Push(quitConfirm(m.c, g, true)), nil
	}
	return screen.Stay, tea.Sequence(g.sess.End(), func() tea.Msg { return screen.QuitMsg{} })
}

// HangupMsg tells the game that its player is gone — the terminal closed,
// the connection dropped, the session idled out, the server is stopping —
// so that nothing is lost: a game with unsaved progress is saved, its
// replay written, a score at the name prompt recorded, and the program
// ends. Front ends send it instead of quitting the program.
type HangupMsg struct{}

// hangup saves what a player who is gone would lose, then quits.
func (m *Model) hangup() tea.Cmd {
	quit := func() tea.Msg { return screen.QuitMsg{} }
	if e, ok := m.top().(*endScreen); ok && e.stage == endName {
		_, cmd := m.interrupt() // records the score, then quits
		return cmd
	}
	if g := m.otherGame(); g != nil {
		if save := g.Hangup(); save != nil {
			return tea.Sequence(save, quit)
		}
		return tea.Quit
	}
	g := m.game()
	if g == nil {
		return tea.Quit
	}
	if f, kept := g.sess.(Forfeiter); kept {
		// A network game is kept by the server: leaving it would give the
		// seat up, while a closed connection keeps it for a resume.
		return tea.Sequence(f.Keep(), quit)
	}
	if _, kept := g.sess.(Resumable); kept {
		return tea.Quit
	}
	if sv, ok := g.sess.(Saver); ok && sv.Unsaved() {
		return tea.Sequence(sv.Save(), g.sess.End(), quit)
	}
	return tea.Sequence(g.sess.End(), quit)
}

// View draws the screen on top.
func (m *Model) View() string {
	if m.c.tooSmall() {
		return m.c.tooSmallView()
	}
	return m.top().View()
}
