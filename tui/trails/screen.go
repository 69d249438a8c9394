package trails

import (
	"fmt"
	"path/filepath"

	"github.com/charmbracelet/bubbles/viewport"
	tea "github.com/charmbracelet/bubbletea"

	"github.com/minotaur-game/minotaur/games/trails"
	trailsbot "github.com/minotaur-game/minotaur/games/trails/bot"
	"github.com/minotaur-game/minotaur/tui/screen"
)

// Setup is a new game: the field, and who plays Red.
type Setup struct {
	Config   trails.Config
	VsBot    bool
	BotLevel int
	// Seed is the seed of the computer's choices, kept in the save.
	Seed uint64
}

// mode is what the screen shows over (or instead of) the field.
type mode uint8

const (
	modePlay    mode = iota
	modeRestart      // "Restart the game? (y/n)"
	modeEnd
)

// Screen is the game screen of a local game (against the computer or
// hot-seat): a screen.Game, paused with screen.Pause.
type Screen struct {
	c     *screen.Context
	setup Setup
	gl    *glyphs
	g     *trails.Game
	bot   *trailsbot.Player
	v     trails.View // the view drawn: the player to move's, or Blue's against the bot

	mode     mode
	guard    screen.KeyGuard // the end screen's
	thinking bool
	note     string
	file     string // the game's save file in the folder, once saved
	unsaved  bool
	net      *online        // a game on a server (online.go); nil at this keyboard
	moves    viewport.Model // the end screen's move list
	lay      layout         // where the field was last drawn, for the mouse
}

// New starts a new game.
func New(c *screen.Context, s Setup) (*Screen, error) {
	g, err := trails.New(s.Config, s.Seed)
	if err != nil {
		return nil, err
	}
	return newScreen(c, s, g, ""), nil
}

func newScreen(c *screen.Context, s Setup, g *trails.Game, file string) *Screen {
	sc := &Screen{c: c, setup: s, gl: newGlyphs(c.Styles), g: g, file: file}
	if s.VsBot {
		sc.bot = &trailsbot.Player{Level: s.BotLevel, Seed: g.Seed()}
	}
	sc.refresh()
	return sc
}

// Game is the game being played.
func (s *Screen) Game() *trails.Game { return s.g }

// Init starts the computer's move when it opens the game.
func (s *Screen) Init() tea.Cmd {
	if s.net != nil {
		return s.net.link.Wait()
	}
	if s.g.Over() && s.file != "" {
		// A save of a game already over (the program stopped before it
		// was removed): shown on the end screen, removed as at the end.
		file := s.file
		s.file, s.unsaved = "", false
		return screen.RemoveSave(s.c.Saves, file)
	}
	return s.botTurn()
}

// botMoveMsg is the computer's chosen move for the position after moves
// moves (a move worked out before an undo or restart is dropped).
type botMoveMsg struct {
	moves int
	dir   trails.Dir
}

// Owns claims the computer's move (online: the connection's messages), so
// that it reaches the game while help or the pause menu is shown above it
// (screen.Background).
func (s *Screen) Owns(msg tea.Msg) bool {
	if s.net != nil {
		_, _, ok := s.net.link.Unpack(msg)
		return ok
	}
	_, ok := msg.(botMoveMsg)
	return ok
}

// botTurn starts the computer's move when it is Red's turn.
func (s *Screen) botTurn() tea.Cmd {
	if s.bot == nil || s.g.Over() || s.g.Current() != 2 || s.thinking {
		return nil
	}
	s.thinking = true
	pos, bot, n := s.g.Position().Clone(), &trailsbot.Player{Level: s.bot.Level, Seed: s.bot.Seed}, len(s.g.Moves())
	return func() tea.Msg { return botMoveMsg{moves: n, dir: bot.Choose(pos)} }
}

// refresh makes the view drawn from the game.
func (s *Screen) refresh() {
	if s.net != nil {
		return // the server's states are drawn as they come
	}
	seat := s.g.Current()
	if s.bot != nil {
		seat = 1
	}
	s.v = s.g.View(seat)
	if s.g.Over() && s.mode != modeEnd {
		s.enterEnd()
	}
}

// enterEnd shows the end screen: keys are ignored for a moment (they were
// meant for the game), the move list scrolls from its start.
func (s *Screen) enterEnd() {
	s.mode = modeEnd
	s.guard = screen.NewKeyGuard(s.c.Now())
	s.moves = viewport.New(s.c.Width, max(s.c.Height-6, 3))
}

// Update handles keys, the mouse, the computer's move and saves.
func (s *Screen) Update(msg tea.Msg) (screen.Nav, tea.Cmd) {
	if s.net != nil {
		if m, err, ok := s.net.link.Unpack(msg); ok {
			return s.netUpdate(m, err)
		}
	}
	switch msg := msg.(type) {
	case botMoveMsg:
		if msg.moves != len(s.g.Moves()) || !s.thinking {
			return screen.Stay, nil // the game changed meanwhile
		}
		s.thinking = false
		return screen.Stay, s.play(msg.dir)
	case screen.SavedMsg:
		s.Saved(msg)
		if msg.Err != nil {
			s.note = screen.SaveFailed(msg.Err)
		}
		return screen.Stay, nil
	case tea.MouseMsg:
		if s.mode == modePlay && msg.Action == tea.MouseActionPress && msg.Button == tea.MouseButtonLeft {
			if d, ok := s.clicked(msg.X, msg.Y); ok {
				if s.net != nil {
					return screen.Stay, s.netMove(d)
				}
				return screen.Stay, s.human(d)
			}
		}
		var cmd tea.Cmd
		switch s.mode {
		case modeEnd:
			s.moves, cmd = s.moves.Update(msg)
		}
		return screen.Stay, cmd
	case tea.KeyMsg:
		return s.key(msg)
	}
	return screen.Stay, nil
}

// play makes a move (the player's or the computer's) and starts what
// follows: the computer's reply, or the end screen.
func (s *Screen) play(d trails.Dir) tea.Cmd {
	_, err := s.g.Move(d)
	if err != nil {
		s.note = "You cannot go " + d.String() + ": " + why(err)
		return nil
	}
	s.note = ""
	s.unsaved = true
	s.refresh()
	if s.g.Over() {
		s.unsaved = false
		file := s.file
		s.file = ""
		if file == "" {
			return nil
		}
		return screen.RemoveSave(s.c.Saves, file)
	}
	return s.botTurn()
}

// human is a move asked for at the keyboard or with the mouse.
func (s *Screen) human(d trails.Dir) tea.Cmd {
	if s.thinking {
		s.note = "The computer is thinking…"
		return nil
	}
	return s.play(d)
}

// why is the rule's reason without the direction and cell it starts with.
func why(err error) string {
	msg := err.Error()
	for i := 0; i+1 < len(msg); i++ {
		if msg[i] == ':' && msg[i+1] == ' ' {
			return msg[i+2:]
		}
	}
	return msg
}

// undo takes back the last move of Blue against the computer, and the
// computer's reply to it.
func (s *Screen) undo() {
	if s.bot == nil {
		s.note = "Undo is for a game against the computer."
		return
	}
	ms := s.g.Moves()
	n := 0
	for i := len(ms) - 1; i >= 0; i-- {
		n++
		if ms[i].Player == 1 {
			break
		}
	}
	if n == 0 || ms[len(ms)-n].Player != 1 {
		s.note = "Nothing to undo."
		return
	}
	s.g.Undo(n)
	s.thinking = false
	s.unsaved = true
	s.mode = modePlay
	s.note = fmt.Sprintf("Took back %d move%s.", n, plural(n))
	s.refresh()
}

func (s *Screen) restart() tea.Cmd {
	s.g.Restart()
	s.thinking = false
	s.mode = modePlay
	s.unsaved = true
	s.note = "A new game on the same field."
	s.refresh()
	return s.botTurn()
}

func plural(n int) string {
	if n == 1 {
		return ""
	}
	return "s"
}

// Summary is the pause menu's line about the game.
func (s *Screen) Summary() string {
	c := s.g.Config()
	return fmt.Sprintf("Trails and Towers · %d×%d · move %d · %s", c.Size, c.Size, len(s.g.Moves())+1, s.opponent())
}

// Unsaved reports whether the game has moves not yet saved.
func (s *Screen) Unsaved() bool { return s.net == nil && s.unsaved && !s.g.Over() }

// Save starts writing the game to its save file.
func (s *Screen) Save() (tea.Cmd, error) {
	data, err := encodeSave(s, s.c.Now())
	if err != nil {
		return nil, err
	}
	s.unsaved = false
	return screen.WriteSave(s.c.Saves, s.file, SavePrefix, SaveExt, data, s.c.Now()), nil
}

// Saved takes the result of a save: the game's file, or unsaved again.
func (s *Screen) Saved(msg screen.SavedMsg) {
	switch {
	case msg.Err != nil:
		s.unsaved = true
	case !s.g.Over():
		s.file = filepath.Base(msg.Path)
		s.note = "Saved as " + s.file + "."
	}
}

// Menu is where the pause menu's Quit goes: the Trails menu.
func (s *Screen) Menu() screen.Screen { return NewMenu(s.c) }

// Interrupt handles Ctrl+C: with unsaved moves the pause menu asks first
// (a second Ctrl+C quits), else the program ends.
func (s *Screen) Interrupt(top screen.Screen) (screen.Nav, tea.Cmd) {
	if p, asking := top.(*screen.Pause); asking && p.Quitting() {
		return screen.Stay, tea.Quit
	}
	if s.Unsaved() {
		p := screen.NewPause(s.c, s)
		p.AskQuit()
		return screen.Push(p), nil
	}
	return screen.Stay, tea.Quit
}

// Hangup saves a game with unsaved moves when its players are gone.
func (s *Screen) Hangup() tea.Cmd {
	if !s.Unsaved() {
		return nil
	}
	cmd, err := s.Save()
	if err != nil {
		return nil
	}
	return cmd
}
