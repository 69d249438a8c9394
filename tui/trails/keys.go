package trails

import (
	"github.com/charmbracelet/bubbles/key"
	tea "github.com/charmbracelet/bubbletea"

	"github.com/minotaur-game/minotaur/games/trails"
	"github.com/minotaur-game/minotaur/tui/keymap"
	"github.com/minotaur-game/minotaur/tui/screen"
)

// keyMap is the game's keys (docs/trails.md).
type keyMap struct {
	Up, Right, Down, Left key.Binding
	Undo, Restart, Help   key.Binding
	Pause, Quit           key.Binding
	Yes, No, Choose       key.Binding
	MenuUp, MenuDown      key.Binding
}

// keys are the game's keys as the active keymap binds them (the
// defaults: arrows, WASD, the vi-keys h j k l and the numpad move).
func keys() keyMap { return keysCache.Get() }

var keysCache = keymap.NewCached(func(m *keymap.Map) keyMap {
	const g = keymap.Trails
	return keyMap{
		Up:      m.Binding(g, "up", "↑ W", "up"),
		Right:   m.Binding(g, "right", "→ D", "right"),
		Down:    m.Binding(g, "down", "↓ S", "down"),
		Left:    m.Binding(g, "left", "← A", "left"),
		Undo:    m.Binding(g, "undo", "U", "undo (against the computer)"),
		Restart: m.Binding(g, "restart", "R", "restart"),
		Help:    m.Binding(g, "help", "?", "help"),
		Pause:   m.Binding(g, "pause", "P Esc", "pause: save, quit"),
		Quit:    m.Binding(g, "quit", "Q", "quit"),
		Yes:     key.NewBinding(key.WithKeys("y", "Y")),
		No:      key.NewBinding(key.WithKeys("n", "N", "esc")),
		Choose:  key.NewBinding(key.WithKeys("enter", " ")),
	}
})

func (s *Screen) key(msg tea.KeyMsg) (screen.Nav, tea.Cmd) {
	if s.net != nil {
		return s.netKey(msg)
	}
	switch s.mode {
	case modeRestart:
		if key.Matches(msg, keys().Yes) {
			return screen.Stay, s.restart()
		}
		s.mode = modePlay
		return screen.Stay, nil
	case modeEnd:
		if s.guard.Blocks(s.c.Now()) {
			return screen.Stay, nil // a key meant for the last move
		}
		switch {
		case key.Matches(msg, keys().Restart):
			return screen.Stay, s.restart()
		case key.Matches(msg, keys().Undo) && s.bot != nil:
			s.undo()
			return screen.Stay, nil
		case key.Matches(msg, keys().Help):
			return screen.Push(newHelpScreen(s.c)), nil
		case key.Matches(msg, keys().Choose), key.Matches(msg, keys().Quit), msg.String() == "esc":
			return screen.Replace(NewMenu(s.c)), nil
		}
		var cmd tea.Cmd
		s.moves, cmd = s.moves.Update(msg)
		return screen.Stay, cmd
	}
	s.note = ""
	switch {
	case key.Matches(msg, keys().Up):
		return screen.Stay, s.human(trails.Up)
	case key.Matches(msg, keys().Right):
		return screen.Stay, s.human(trails.Right)
	case key.Matches(msg, keys().Down):
		return screen.Stay, s.human(trails.Down)
	case key.Matches(msg, keys().Left):
		return screen.Stay, s.human(trails.Left)
	case key.Matches(msg, keys().Undo):
		s.undo()
	case key.Matches(msg, keys().Restart):
		if len(s.g.Moves()) == 0 {
			s.note = "The game has not started yet."
			return screen.Stay, nil
		}
		s.mode = modeRestart
	case key.Matches(msg, keys().Help):
		return screen.Push(newHelpScreen(s.c)), nil
	case key.Matches(msg, keys().Pause):
		return screen.Push(screen.NewPause(s.c, s)), nil
	case key.Matches(msg, keys().Quit):
		if s.Unsaved() {
			p := screen.NewPause(s.c, s)
			p.AskLeave()
			return screen.Push(p), nil
		}
		return screen.Replace(s.Menu()), nil
	default:
		if keymap.IsUnknown(msg) {
			s.note = keymap.Active().Unknown(keymap.Trails)
		}
	}
	return screen.Stay, nil
}
