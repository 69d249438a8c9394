package tui

import (
	"testing"

	tea "github.com/charmbracelet/bubbletea"
)

// Defect 1 of issue 23: while "Terminal too small" hides the board, game
// keys do nothing — a player cannot walk into what they cannot see.
func TestTooSmallTerminalPlaysNoKeys(t *testing.T) {
	d := newDriver(t, testConfig(t, 42), 80, 24)
	d.keys("n")
	d.expectScreen("game")
	g := d.game()
	before := g.Status().Players[0].Pos
	turn := g.Status().Turn
	d.send(tea.WindowSizeMsg{Width: 30, Height: 10})
	d.keys("<down><down><down>sdX>TO ")
	d.send(tea.MouseMsg{X: 5, Y: 5, Action: tea.MouseActionRelease, Button: tea.MouseButtonLeft})
	d.send(tea.WindowSizeMsg{Width: 80, Height: 24})
	d.expectScreen("game")
	if st := g.Status(); st.Turn != turn || st.Players[0].Pos != before {
		t.Fatalf("keys typed while the terminal was too small were played: turn %d → %d, player %v → %v", turn, st.Turn, before, st.Players[0].Pos)
	}
	// Esc still works: it opens the pause menu.
	d.send(tea.WindowSizeMsg{Width: 30, Height: 10})
	d.keys("<esc>")
	d.send(tea.WindowSizeMsg{Width: 80, Height: 24})
	d.expectScreen("pause")
}
