package tui

import (
	"strings"
	"testing"
	"time"

	tea "github.com/charmbracelet/bubbletea"

	"github.com/minotaur-game/minotaur/games/labyrinth"
	tuichess "github.com/minotaur-game/minotaur/tui/chess"
)

// Every game's menu takes ? (docs/guide.md, "The same keys in every
// game"): it opens that game's help, and a key goes back to the menu; the
// main menu's help names all five games.
func TestEveryGameMenuOpensItsHelp(t *testing.T) {
	for _, tc := range []struct{ letter, menu, help string }{
		{"l", "LABYRINTH", "LABYRINTH — HELP"},
		{"r", "TRAILS AND TOWERS", "TRAILS AND TOWERS — HELP"},
		{"o", "OPEN-WORLD CHESS", "OPEN-WORLD CHESS — HELP"},
		{"f", "Fox hunt", "FOX HUNT — HELP"},
	} {
		for _, size := range [][2]int{{80, 24}, {40, 12}} {
			d := newDriver(t, testConfig(t, 1), size[0], size[1])
			d.keys(tc.letter)
			if !strings.Contains(d.screen(), tc.menu) {
				t.Fatalf("%s did not open %s's menu:\n%s", tc.letter, tc.menu, d.screen())
			}
			d.keys("?")
			if !strings.Contains(d.screen(), tc.help) {
				t.Fatalf("%v: ? in %s's menu did not open its help:\n%s", size, tc.menu, d.screen())
			}
			d.keys("x")
			if !strings.Contains(d.screen(), tc.menu) {
				t.Fatalf("%v: a key in %s's help did not go back to the menu:\n%s", size, tc.menu, d.screen())
			}
		}
	}
}

// The main menu's Help names the five games; a game's letter opens that
// game's own help, and a key goes back to the list.
func TestMainMenuHelpNamesAllFiveGames(t *testing.T) {
	for _, size := range [][2]int{{80, 24}, {40, 12}} {
		d := newDriver(t, testConfig(t, 1), size[0], size[1])
		d.keys("?")
		s := d.screen()
		for _, want := range []string{"Minotaur", "Labyrinth", "Trails and Towers", "Open-world chess", "Fox hunt"} {
			if !strings.Contains(s, want) {
				t.Fatalf("%v: the main menu's help does not name %s:\n%s", size, want, s)
			}
		}
		if size[0] == 80 && !strings.Contains(s, "Esc or P pause") {
			t.Fatalf("the main menu's help does not tell the keys every game shares:\n%s", s)
		}
		d.keys("f")
		if !strings.Contains(d.screen(), "FOX HUNT — HELP") {
			t.Fatalf("%v: F did not open the Fox hunt's help:\n%s", size, d.screen())
		}
		d.keys("x")
		d.keys("n")
		d.expectScreen("help")
		if !strings.Contains(d.screen(), "HELP") || strings.Contains(d.screen(), "FIVE GAMES") {
			t.Fatalf("%v: N did not open Minotaur's help:\n%s", size, d.screen())
		}
	}
}

// Leaving a game asks only when something would be lost: never before
// the first move (chess and the Labyrinth asked even then), and once a
// move is made, it asks.
func TestQuitAsksNeverAtMoveZero(t *testing.T) {
	cfg := testConfig(t, 1)
	cfg.Open = openChess(tuichess.Setup{HotSeat: true, Seed: 1})
	d := newDriver(t, cfg, 80, 24)
	d.keys("<enter><esc>q")
	if strings.Contains(d.screen(), "unsaved") || !strings.Contains(d.screen(), "OPEN-WORLD CHESS") {
		t.Fatalf("chess: Quit before the first move did not go to the chess menu:\n%s", d.screen())
	}
	d = newDriver(t, cfg, 80, 24)
	d.keys("<enter>e2e4<enter><esc>q")
	if !strings.Contains(d.screen(), "Y: quit without saving") {
		t.Fatalf("chess: Quit after a move did not ask:\n%s", d.screen())
	}

	cfg = labConfig(t, "field2.txt", labyrinth.Cell{X: 0, Y: 0}, labyrinth.Cell{X: 3, Y: 3})
	d = newDriver(t, cfg, 80, 24)
	d.keys("<enter><esc>q")
	if strings.Contains(d.screen(), "unsaved") {
		t.Fatalf("Labyrinth: Quit before the first move asked:\n%s", d.screen())
	}
	d.expectScreen("labyrinth-menu")
	d = newDriver(t, cfg, 80, 24)
	d.keys("<enter>d<enter><esc>q")
	if !strings.Contains(d.screen(), "Y: quit without saving") {
		t.Fatalf("Labyrinth: Quit after a move did not ask:\n%s", d.screen())
	}
}

// A key held down from play into the high-score name prompt types
// nothing however long it is held ("adawww" before); the first key after
// a half second's quiet is taken.
func TestHeldKeyDoesNotTypeIntoTheName(t *testing.T) {
	cfg := testConfig(t, 9)
	cfg.Levels = Campaign{{Level: corridor(), Text: "(corridor)"}}
	d := newDriver(t, cfg, 80, 24)
	d.keys("<enter>")
	d.send(tea.KeyMsg{Type: tea.KeyRunes, Runes: []rune("dddd  dd")})
	d.keys("<space><enter>")
	d.expectScreen("end")
	for i := 0; i < 15; i++ { // W held for 1.5 s, a repeat every 100 ms
		later(t, 100*time.Millisecond)
		d.keys("w")
	}
	if !strings.Contains(d.screen(), "Your name: ada_") {
		t.Fatalf("a held key typed into the name prompt:\n%s", d.screen())
	}
	later(t, 600*time.Millisecond)
	d.keys("x")
	if !strings.Contains(d.screen(), "Your name: adax_") {
		t.Fatalf("a key after a quiet half second was not typed:\n%s", d.screen())
	}
}

// A one-player Labyrinth's pause menu says "1 player" ("1 players").
func TestLabyrinthOnePlayerSummary(t *testing.T) {
	d := newDriver(t, labConfig(t, "field1.txt", labyrinth.Cell{X: 0, Y: 0}), 80, 24)
	d.keys("<enter><esc>")
	if s := d.screen(); !strings.Contains(s, "· 1 player") || strings.Contains(s, "1 players") {
		t.Fatalf("the summary of a one-player game:\n%s", s)
	}
}
