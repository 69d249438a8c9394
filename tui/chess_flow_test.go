package tui

import (
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
	"time"

	tea "github.com/charmbracelet/bubbletea"
	"github.com/charmbracelet/x/exp/teatest"

	"github.com/minotaur-game/minotaur/games/chess"
	tuichess "github.com/minotaur-game/minotaur/tui/chess"
	"github.com/minotaur-game/minotaur/tui/screen"
)

// The chess screens and their tests are in tui/chess; these tests drive
// them through the root model: the main menu's entry, the command line's
// game, Ctrl+C and a hang-up.

// TestChessFlowFromMenu: the main menu's "Open-world chess", a game as
// White against the computer, a typed move answered by the computer.
// openChess opens a game as `minotaur chess` does.
func openChess(set tuichess.Setup) func(*screen.Context) screen.Screen {
	return func(c *screen.Context) screen.Screen { return tuichess.Open(c, set) }
}

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
	tm.FinalModel(t, teatest.WithFinalTimeout(2*time.Minute))
}

// TestChessQuitAsks: Ctrl+C in a game with unsaved progress asks first; a
// hang-up saves the game before the program ends.
func TestChessQuitAsks(t *testing.T) {
	cfg := testConfig(t, 1)
	cfg.Open = openChess(tuichess.Setup{HotSeat: true, Seed: 1})
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
	cfg.Open = openChess(tuichess.Setup{Human: chess.Black, Level: 1, Seed: 1})
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

// TestChessContinueFromTheMainMenu: a chess game saved from its pause menu
// is continued from the main menu's Continue, at once when it is the only
// save, else from the list of saves beside the other games'; a damaged
// chess save is listed with its reason and cannot be opened.
func TestChessContinueFromTheMainMenu(t *testing.T) {
	cfg := testConfig(t, 1)
	cfg.Open = openChess(tuichess.Setup{Human: chess.White, Level: 1, Seed: 3})
	d := newDriver(t, cfg, 80, 24)
	d.keys("e2e4<enter>")
	d.keys("<esc><down><enter>") // pause, Save
	if !strings.Contains(d.screen(), "Saved as chess-") {
		t.Fatalf("the save:\n%s", d.screen())
	}
	d.keys("<down><enter>") // Quit to menu: the chess menu
	d.keys("<esc>")         // the main menu
	if d.m.Screen() != "menu" {
		t.Fatalf("not on the main menu: %s\n%s", d.m.Screen(), d.screen())
	}
	d.keys("c")
	if out := d.screen(); !strings.Contains(out, "Welcome back.") || !strings.Contains(out, "move 2") {
		t.Fatalf("Continue did not resume the chess game:\n%s", out)
	}
	// With a Minotaur game saved too, Continue lists both.
	d.keys("<esc><down><down><enter>") // pause, Quit to menu
	d.keys("<esc>")
	d.keys("n")
	d.keys("<esc>")
	d.keys("<down><enter>") // the pause menu: Save
	d.keys("<down><enter>") // Quit to menu
	d.keys("c")
	out := d.screen()
	if !strings.Contains(out, "SAVED GAMES") || !strings.Contains(out, "Chess      White vs computer (level 1) · move 2") {
		t.Fatalf("the saves list:\n%s", out)
	}
	// One set of columns for both games' rows (not Minotaur's above a
	// chess row), and one date format.
	if strings.Contains(out, "Seed") || strings.Contains(out, "Score") {
		t.Errorf("the list's columns are Minotaur's:\n%s", out)
	}
	if n := len(regexp.MustCompile(`[>| ] 20\d\d-\d\d-\d\d \d\d:\d\d  `).FindAllString(out, -1)); n != 2 {
		t.Errorf("%d of the 2 rows begin with the one date format:\n%s", n, out)
	}
	d.keys("<down><enter>")
	if out := d.screen(); !strings.Contains(out, "Welcome back.") || !strings.Contains(out, "White vs computer (level 1) · move 2") {
		t.Fatalf("the list's chess game did not resume:\n%s", out)
	}
	// A damaged chess save: listed with its reason, not opened.
	if err := os.WriteFile(filepath.Join(cfg.Saves, "chess-broken.chesssave"), []byte("{"), 0o644); err != nil {
		t.Fatal(err)
	}
	d.keys("<esc><down><down><enter><esc>") // pause, Quit to menu, the main menu
	d.keys("c")
	out = d.screen()
	if !strings.Contains(out, "Chess      damaged") {
		t.Fatalf("the damaged chess save is not listed:\n%s", out)
	}
	for i := 0; i < 5 && !cursorOn(d.screen(), "Chess      damaged"); i++ {
		d.keys("<down>")
	}
	d.keys("<enter>")
	if d.m.Screen() != "saves" || !strings.Contains(d.screen(), "chess-broken.chesssave cannot be continued") {
		t.Fatalf("the damaged save was opened, or no reason given:\n%s", d.screen())
	}
}

// cursorOn reports whether the line under the cursor ("> ") of a list holds text.
func cursorOn(frame, text string) bool {
	for _, l := range strings.Split(frame, "\n") {
		if strings.HasPrefix(strings.TrimSpace(l), "> ") && strings.Contains(l, text) {
			return true
		}
	}
	return false
}
