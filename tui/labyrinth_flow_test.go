package tui

import (
	"path/filepath"
	"strings"
	"testing"
	"time"

	tea "github.com/charmbracelet/bubbletea"
	"github.com/charmbracelet/x/exp/teatest"

	"github.com/minotaur-game/minotaur/games/labyrinth"
	tuilab "github.com/minotaur-game/minotaur/tui/labyrinth"
	"github.com/minotaur-game/minotaur/tui/screen"
)

// The Labyrinth's screens and their tests are in tui/labyrinth; these
// tests drive them through the root model: the main menu's entry, the
// command line's game, Ctrl+C and a hang-up.

// labConfig is a test configuration that opens a Labyrinth game on an
// example field, as `minotaur labyrinth FIELD --start ...` does.
func labConfig(t *testing.T, field string, starts ...labyrinth.Cell) Config {
	t.Helper()
	cfg := testConfig(t, 1)
	for _, ex := range labyrinth.ExampleFields() {
		if ex.Name == field {
			lab, err := labyrinth.Parse(ex.Name, ex.Text)
			if err != nil {
				t.Fatal(err)
			}
			set := &tuilab.Setup{Name: ex.Name, Text: string(ex.Text), Lab: lab, Players: len(starts), Starts: starts, Seed: 1}
			cfg.Open = func(c *screen.Context) screen.Screen { return tuilab.Open(c, set) }
			return cfg
		}
	}
	t.Fatalf("no example field %s", field)
	return cfg
}

// TestLabyrinthQuitAsks: Ctrl+C in a game with unsaved progress asks
// first; a hang-up saves the game before the program ends.
func TestLabyrinthQuitAsks(t *testing.T) {
	cfg := labConfig(t, "field2.txt", labyrinth.Cell{X: 0, Y: 0}, labyrinth.Cell{X: 3, Y: 3})
	d := newDriver(t, cfg, 80, 24)
	d.keys("<enter>d<enter>")
	d.keys("<ctrl+c>")
	d.expectScreen("labyrinth-pause")
	if !strings.Contains(d.screen(), "Y: quit without saving") || d.f.Quit {
		t.Fatalf("Ctrl+C did not ask:\n%s", d.screen())
	}
	d.keys("n")
	d.expectScreen("labyrinth")
	d.keys("<ctrl+c>")
	d.keys("<ctrl+c>")
	if !d.f.Quit {
		t.Fatalf("a second Ctrl+C did not quit:\n%s", d.screen())
	}
	d = newDriver(t, cfg, 80, 24)
	d.keys("<enter>d<enter>")
	d.send(HangupMsg{})
	if !d.f.Quit {
		t.Fatal("the program did not end on a hang-up")
	}
	files, _ := filepath.Glob(filepath.Join(cfg.Saves, "*.labsave"))
	if len(files) != 1 {
		t.Fatalf("%d saves after the hang-up, want 1", len(files))
	}
}

// TestLabyrinthFlowFromMenu drives the program as bubbletea runs it: the
// main menu's Labyrinth entry, field1, one player who types a start, a
// stun that passes by itself, and the way out (field1 has no key, so the
// exit opens without one).
func TestLabyrinthFlowFromMenu(t *testing.T) {
	tm := teatest.NewTestModel(t, New(testConfig(t, 1)), teatest.WithInitialTermSize(80, 24))
	waitText(t, tm, "Labyrinth")
	tm.Send(tea.KeyMsg{Type: tea.KeyRunes, Runes: []rune{'l'}})
	waitText(t, tm, "field5.txt", "random")
	tm.Send(tea.KeyMsg{Type: tea.KeyEnter})
	waitText(t, tm, "How many players?")
	tm.Type("1")
	waitText(t, tm, "Player 1, where do you start?")
	tm.Type("1,1")
	tm.Send(tea.KeyMsg{Type: tea.KeyEnter})
	waitText(t, tm, "You start at (1, 1)", "Player 1 · turn 1")
	tm.Type("w") // onto the stun: turns 2 and 3 pass by themselves
	waitText(t, tm, "Player 1 · turn 4")
	tm.Type("d")
	waitText(t, tm, "Player 1 · turn 5")
	tm.Type("w")
	waitText(t, tm, "PLAYER 1 GOT OUT IN TURN 5")
	later(t, time.Second) // the result read
	tm.Send(tea.KeyMsg{Type: tea.KeyEnter})
	waitText(t, tm, "Player 1: the true field and the real path")
	tm.Send(tea.KeyMsg{Type: tea.KeyCtrlC})
	final := tm.FinalModel(t, teatest.WithFinalTimeout(2*time.Minute)).(*Model)
	if final.Screen() != "labyrinth-end" {
		t.Fatalf("the program ended on %s", final.Screen())
	}
}

// TestLabyrinthContinueFromTheMainMenu: a Labyrinth game saved from the
// pause menu is continued from the main menu's Continue, as a Minotaur,
// Trails or chess game is, and listed beside a Minotaur save.
func TestLabyrinthContinueFromTheMainMenu(t *testing.T) {
	cfg := labConfig(t, "field2.txt", labyrinth.Cell{X: 0, Y: 0}, labyrinth.Cell{X: 3, Y: 3})
	d := newDriver(t, cfg, 80, 24)
	d.keys("<enter>d<enter>")
	d.keys("<esc><down><enter>") // pause, Save
	if !strings.Contains(d.screen(), "Saved as labyrinth-") {
		t.Fatalf("the save:\n%s", d.screen())
	}
	d.keys("<down><enter>") // Quit to menu: the Labyrinth menu
	d.keys("<esc>")         // the main menu
	if d.m.Screen() != "menu" {
		t.Fatalf("not on the main menu: %s\n%s", d.m.Screen(), d.screen())
	}
	d.keys("c")
	d.expectScreen("labyrinth")
	if out := d.screen(); !strings.Contains(out, "Welcome back.") || !strings.Contains(out, "Player 2's turn") {
		t.Fatalf("Continue did not resume the Labyrinth game:\n%s", out)
	}
	// With a Minotaur game saved too, Continue lists both.
	d.keys("<esc><down><down><enter>") // pause, Quit to menu: the Labyrinth menu
	d.keys("<esc>")                    // the main menu
	d.keys("n")
	d.keys("<esc>")
	d.keys("<down><enter>") // the pause menu: Save
	d.keys("<down><enter>") // Quit to menu
	d.keys("c")
	out := d.screen()
	if !strings.Contains(out, "SAVED GAMES") || !strings.Contains(out, "Labyrinth  field2.txt") {
		t.Fatalf("the saves list:\n%s", out)
	}
}
