package tui

import (
	"path/filepath"
	"strings"
	"testing"
	"time"

	tea "github.com/charmbracelet/bubbletea"
	"github.com/charmbracelet/x/exp/teatest"

	"github.com/minotaur-game/minotaur/games/chess"
)

// The chess screens and their tests are in tui/chess; these tests drive
// them through the root model: the main menu's entry, the command line's
// game, Ctrl+C and a hang-up.

// TestChessFlowFromMenu: the main menu's "Open-world chess", a game as
// White against the computer, a typed move answered by the computer.
func TestChessFlowFromMenu(t *testing.T) {
	tm := teatest.NewTestModel(t, New(testConfig(t, 1)), teatest.WithInitialTermSize(80, 24))
	waitText(t, tm, "Open-world chess")
	tm.Send(tea.KeyMsg{Type: tea.KeyRunes, Runes: []rune{'o'}})
	waitText(t, tm, "Play White", "Hot-seat")
	tm.Send(tea.KeyMsg{Type: tea.KeyEnter})
	waitText(t, tm, "White to move")
	tm.Type("e2e4")
	tm.Send(tea.KeyMsg{Type: tea.KeyEnter})
	waitText(t, tm, "Your pawn moved e2→e4.")
	tm.Send(tea.KeyMsg{Type: tea.KeyCtrlC})
	waitText(t, tm, "unsaved progress")
	tm.Send(tea.KeyMsg{Type: tea.KeyCtrlC})
	tm.FinalModel(t, teatest.WithFinalTimeout(5*time.Second))
}

// TestChessQuitAsks: Ctrl+C in a game with unsaved progress asks first; a
// hang-up saves the game before the program ends.
func TestChessQuitAsks(t *testing.T) {
	cfg := testConfig(t, 1)
	cfg.Chess = &ChessSetup{HotSeat: true, Seed: 1}
	d := newDriver(t, cfg, 80, 24)
	if !strings.Contains(d.screen(), "White's turn — press Enter") {
		t.Fatalf("the command line's hot-seat game:\n%s", d.screen())
	}
	d.keys("<enter>e2e4<enter>")
	d.keys("<ctrl+c>")
	if !strings.Contains(d.screen(), "Y: quit without saving") || d.f.Quit {
		t.Fatalf("Ctrl+C did not ask:\n%s", d.screen())
	}
	d.keys("<ctrl+c>")
	if !d.f.Quit {
		t.Fatalf("a second Ctrl+C did not quit:\n%s", d.screen())
	}
	cfg.Chess = &ChessSetup{Human: chess.Black, Level: 1, Seed: 1}
	d = newDriver(t, cfg, 80, 24)
	if !strings.Contains(d.screen(), "Black to move") {
		t.Fatalf("the computer did not open as White:\n%s", d.screen())
	}
	d.send(HangupMsg{})
	if !d.f.Quit {
		t.Fatal("the program did not end on a hang-up")
	}
	files, _ := filepath.Glob(filepath.Join(cfg.Saves, "*.chesssave"))
	if len(files) != 1 {
		t.Fatalf("%d chess saves after the hang-up, want 1", len(files))
	}
}
