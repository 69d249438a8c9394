package trails

import (
	"github.com/charmbracelet/bubbles/key"
	tea "github.com/charmbracelet/bubbletea"

	rules "github.com/minotaur-game/minotaur/games/trails"
)

// keyMap is the game's keys (docs/trails.md).
type keyMap struct {
	Up, Right, Down, Left key.Binding
	Undo, Restart, Help   key.Binding
	Pause, Quit           key.Binding
	Yes, No, Choose       key.Binding
	MenuUp, MenuDown      key.Binding
}

var keys = keyMap{
	Up:       key.NewBinding(key.WithKeys("up", "w", "W"), key.WithHelp("↑ W", "up")),
	Right:    key.NewBinding(key.WithKeys("right", "d", "D"), key.WithHelp("→ D", "right")),
	Down:     key.NewBinding(key.WithKeys("down", "s", "S"), key.WithHelp("↓ S", "down")),
	Left:     key.NewBinding(key.WithKeys("left", "a", "A"), key.WithHelp("← A", "left")),
	Undo:     key.NewBinding(key.WithKeys("u", "U"), key.WithHelp("U", "undo (against the computer)")),
	Restart:  key.NewBinding(key.WithKeys("r", "R"), key.WithHelp("R", "restart")),
	Help:     key.NewBinding(key.WithKeys("?", "h", "H"), key.WithHelp("?", "help")),
	Pause:    key.NewBinding(key.WithKeys("p", "P", "esc"), key.WithHelp("P Esc", "pause: save, quit")),
	Quit:     key.NewBinding(key.WithKeys("q", "Q"), key.WithHelp("Q", "quit")),
	Yes:      key.NewBinding(key.WithKeys("y", "Y")),
	No:       key.NewBinding(key.WithKeys("n", "N", "esc")),
	Choose:   key.NewBinding(key.WithKeys("enter", " ")),
	MenuUp:   key.NewBinding(key.WithKeys("up", "w", "W", "k")),
	MenuDown: key.NewBinding(key.WithKeys("down", "s", "S", "j", "tab")),
}

var pauseLabels = []string{"Continue", "Save", "Quit to menu"}

func (s *Screen) key(msg tea.KeyMsg) tea.Cmd {
	switch s.mode {
	case modeHelp:
		switch msg.String() {
		case "up", "down", "pgup", "pgdown", "k", "j":
			var cmd tea.Cmd
			s.help, cmd = s.help.Update(msg)
			return cmd
		}
		s.mode = modePlay
		s.refresh()
		return nil
	case modeRestart:
		if key.Matches(msg, keys.Yes) {
			return s.restart()
		}
		s.mode = modePlay
		return nil
	case modeQuit:
		if key.Matches(msg, keys.Yes) {
			s.left = true
			return nil
		}
		s.mode = modePause
		return nil
	case modePause:
		return s.pauseKey(msg)
	case modeEnd:
		switch {
		case key.Matches(msg, keys.Restart):
			return s.restart()
		case key.Matches(msg, keys.Undo) && s.bot != nil:
			s.undo()
			return nil
		case key.Matches(msg, keys.Help):
			s.openHelp()
			return nil
		case key.Matches(msg, keys.Choose), key.Matches(msg, keys.Quit), msg.String() == "esc":
			s.left = true
			return nil
		}
		var cmd tea.Cmd
		s.moves, cmd = s.moves.Update(msg)
		return cmd
	}
	s.note = ""
	switch {
	case key.Matches(msg, keys.Up):
		return s.human(rules.Up)
	case key.Matches(msg, keys.Right):
		return s.human(rules.Right)
	case key.Matches(msg, keys.Down):
		return s.human(rules.Down)
	case key.Matches(msg, keys.Left):
		return s.human(rules.Left)
	case key.Matches(msg, keys.Undo):
		s.undo()
	case key.Matches(msg, keys.Restart):
		if len(s.g.Moves()) == 0 {
			s.note = "The game has not started yet."
			return nil
		}
		s.mode = modeRestart
	case key.Matches(msg, keys.Help):
		s.openHelp()
	case key.Matches(msg, keys.Pause):
		s.mode, s.cursor = modePause, 0
	}
	return nil
}

func (s *Screen) pauseKey(msg tea.KeyMsg) tea.Cmd {
	switch {
	case key.Matches(msg, keys.MenuUp):
		s.cursor = (s.cursor + len(pauseLabels) - 1) % len(pauseLabels)
	case key.Matches(msg, keys.MenuDown):
		s.cursor = (s.cursor + 1) % len(pauseLabels)
	case key.Matches(msg, keys.Pause):
		s.mode = modePlay
	case key.Matches(msg, keys.Choose):
		return s.choose(s.cursor)
	case msg.String() == "c" || msg.String() == "C":
		return s.choose(0)
	case msg.String() == "q" || msg.String() == "Q":
		return s.choose(2)
	}
	return nil
}

func (s *Screen) choose(i int) tea.Cmd {
	s.cursor = i
	switch i {
	case 0:
		s.mode = modePlay
		return nil
	case 1:
		if s.saving {
			return nil
		}
		if s.opt.SavesDir == "" {
			s.note = "This game cannot be saved here."
			return nil
		}
		data, err := encodeSave(s, s.opt.Now())
		if err != nil {
			s.note = "The game was not saved: " + err.Error()
			return nil
		}
		s.saving = true
		s.note = "Saving…"
		return saveGame(s.opt.SavesDir, s.file, data, s.opt.Now())
	}
	if s.unsaved && len(s.g.Moves()) > 0 {
		s.mode = modeQuit
		return nil
	}
	s.left = true
	return nil
}

func (s *Screen) openHelp() {
	s.mode = modeHelp
	s.help = newHelp(s.w, s.h, s.gl)
}
