package trails

import (
	"fmt"
	"time"

	"github.com/charmbracelet/bubbles/viewport"
	tea "github.com/charmbracelet/bubbletea"

	rules "github.com/minotaur-game/minotaur/games/trails"
)

// Minimum terminal size: every screen fits whole at 40×12.
const (
	MinWidth  = 40
	MinHeight = 12
)

// Setup is a new game: the field, and who plays Red.
type Setup struct {
	Config   rules.Config
	VsBot    bool
	BotLevel int
	// Seed is the seed of the computer's choices, kept in the save.
	Seed uint64
}

// Options are what the screen needs from its host: the saves folder (""
// when the game cannot be saved), the clock for the save's date, and
// whether the terminal shows colour.
type Options struct {
	SavesDir string
	Now      func() time.Time
	Mono     bool
}

// mode is what the screen shows over (or instead of) the field.
type mode uint8

const (
	modePlay mode = iota
	modeHelp
	modePause
	modeRestart // "Restart the game? (y/n)"
	modeQuit    // "Quit without saving? (y/n)"
	modeEnd
)

// Screen is the game screen of a local game (against the bot or hot-seat).
// It is a tea.Model; a host shows it until Left reports true.
type Screen struct {
	setup Setup
	opt   Options
	gl    *glyphs
	g     *rules.Game
	bot   *rules.Bot
	v     rules.View // the view drawn: the player to move's, or Blue's against the bot

	w, h     int
	mode     mode
	cursor   int // the pause menu's
	thinking bool
	note     string
	file     string // the game's save file in the folder, once saved
	unsaved  bool
	saving   bool
	left     bool
	help     viewport.Model
	moves    viewport.Model // the end screen's move list
	lay      layout         // where the field was last drawn, for the mouse
}

// New starts a new game.
func New(s Setup, opt Options) (*Screen, error) {
	g, err := rules.New(s.Config, s.Seed)
	if err != nil {
		return nil, err
	}
	return newScreen(s, opt, g, ""), nil
}

func newScreen(s Setup, opt Options, g *rules.Game, file string) *Screen {
	if opt.Now == nil {
		opt.Now = func() time.Time { return time.Time{} }
	}
	sc := &Screen{setup: s, opt: opt, gl: newGlyphs(opt.Mono), g: g, file: file, w: 80, h: 24}
	if s.VsBot {
		sc.bot = &rules.Bot{Level: s.BotLevel, Seed: g.Seed()}
	}
	sc.refresh()
	return sc
}

// Left reports whether the player has left the game (the host then shows
// its menu, or ends).
func (s *Screen) Left() bool { return s.left }

// Game is the game being played.
func (s *Screen) Game() *rules.Game { return s.g }

// Init starts the computer's move when it opens the game.
func (s *Screen) Init() tea.Cmd { return s.botTurn() }

// botMoveMsg is the computer's chosen move for the position after moves
// moves (a move worked out before an undo or restart is dropped).
type botMoveMsg struct {
	moves int
	dir   rules.Dir
}

// botTurn starts the computer's move when it is Red's turn.
func (s *Screen) botTurn() tea.Cmd {
	if s.bot == nil || s.g.Over() || s.g.Current() != 2 || s.thinking {
		return nil
	}
	s.thinking = true
	pos, bot, n := s.g.Position().Clone(), &rules.Bot{Level: s.bot.Level, Seed: s.bot.Seed}, len(s.g.Moves())
	return func() tea.Msg { return botMoveMsg{moves: n, dir: bot.Choose(pos)} }
}

// refresh makes the view drawn from the game.
func (s *Screen) refresh() {
	seat := s.g.Current()
	if s.bot != nil {
		seat = 1
	}
	s.v = s.g.View(seat)
	if s.g.Over() && s.mode != modeEnd && s.mode != modeHelp {
		s.mode = modeEnd
		s.moves = viewport.New(s.w, max(s.h-6, 3))
		s.moves.SetContent(s.moveList(s.w))
	}
}

// Update handles keys, the mouse, the computer's move and saves.
func (s *Screen) Update(msg tea.Msg) (tea.Model, tea.Cmd) {
	switch msg := msg.(type) {
	case tea.WindowSizeMsg:
		s.w, s.h = msg.Width, msg.Height
		s.help.Width, s.help.Height = s.w, max(s.h-2, 1)
		if s.mode == modeEnd {
			s.moves.Width, s.moves.Height = s.w, max(s.h-6, 3)
			s.moves.SetContent(s.moveList(s.w))
		}
		return s, nil
	case botMoveMsg:
		if msg.moves != len(s.g.Moves()) || !s.thinking {
			return s, nil // the game changed meanwhile
		}
		s.thinking = false
		return s, s.play(msg.dir)
	case savedMsg:
		s.saving = false
		if msg.err != nil {
			s.note = msg.err.Error()
		} else {
			s.file, s.unsaved = msg.file, false
			s.note = "Saved as " + msg.file + "."
		}
		return s, nil
	case tea.MouseMsg:
		if s.mode == modePlay && msg.Action == tea.MouseActionPress && msg.Button == tea.MouseButtonLeft {
			if d, ok := s.clicked(msg.X, msg.Y); ok {
				return s, s.human(d)
			}
		}
		if s.mode == modeEnd || s.mode == modeHelp {
			var cmd tea.Cmd
			if s.mode == modeEnd {
				s.moves, cmd = s.moves.Update(msg)
			} else {
				s.help, cmd = s.help.Update(msg)
			}
			return s, cmd
		}
		return s, nil
	case tea.KeyMsg:
		return s, s.key(msg)
	}
	return s, nil
}

// play makes a move (the player's or the computer's) and starts what
// follows: the computer's reply, or the end screen.
func (s *Screen) play(d rules.Dir) tea.Cmd {
	m, err := s.g.Move(d)
	if err != nil {
		s.note = "You cannot go " + d.String() + ": " + why(err)
		return nil
	}
	s.note = ""
	s.unsaved = true
	_ = m
	s.refresh()
	if s.g.Over() {
		s.unsaved = false
		return removeSave(s.opt.SavesDir, s.file)
	}
	return s.botTurn()
}

// human is a move asked for at the keyboard or with the mouse.
func (s *Screen) human(d rules.Dir) tea.Cmd {
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
