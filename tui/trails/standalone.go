package trails

import tea "github.com/charmbracelet/bubbletea"

// Standalone runs a screen as a program of its own ('minotaur trails'):
// leaving the game, or Ctrl+C, ends the program.
type Standalone struct{ S *Screen }

// Init starts the screen.
func (p Standalone) Init() tea.Cmd { return p.S.Init() }

// Update passes everything to the screen.
func (p Standalone) Update(msg tea.Msg) (tea.Model, tea.Cmd) {
	if k, ok := msg.(tea.KeyMsg); ok && k.String() == "ctrl+c" {
		return p, tea.Quit
	}
	_, cmd := p.S.Update(msg)
	if p.S.Left() {
		return p, tea.Quit
	}
	return p, cmd
}

// View draws the screen.
func (p Standalone) View() string { return p.S.View() }
