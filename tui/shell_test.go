package tui

import (
	"context"
	"errors"
	"strings"
	"testing"
	"time"

	"github.com/minotaur-game/minotaur/netplay"
)

// A new player's trap: the message history (Ctrl+P) is the whole game's,
// level by level, and comes back whole with a continued game.
func TestHistoryIsTheWholeGamesAndSurvivesContinue(t *testing.T) {
	cfg := testConfig(t, goldenSeed)
	d := newDriver(t, cfg, 80, 24)
	d.keys("<enter>www") // seed 4's level 1 starts under a wall
	if !d.passLevel() {
		t.Fatal("the solver's line does not pass level 1")
	}
	later(t, time.Second) // the level's score, read
	d.keys("<enter>")
	d.expectScreen("game")
	d.keys("www")
	d.keys("<ctrl+p>")
	scr := prose(d.screen())
	for _, want := range []string{"MESSAGES OF THIS GAME", "── Level 1 ──", "Level 1. Find the key", "A wall blocks the way.", "Level 1 passed", "── Level 2 ──", "Level 2 begins."} {
		if !strings.Contains(scr, want) && !strings.Contains(d.screen(), want) {
			t.Errorf("on level 2, the history lacks %q:\n%s", want, d.screen())
		}
	}
	d.keys("x")

	// Save, quit to the menu, continue: the history is the same, and the
	// welcome follows it.
	d.keys("p")
	d.expectScreen("pause")
	d.keys("<down><enter>")
	d.keys("<down><enter>")
	d.expectScreen("menu")
	d.keys("c")
	d.expectScreen("game")
	d.keys("<ctrl+p>")
	scr = prose(d.screen())
	for _, want := range []string{"── Level 1 ──", "Level 1. Find the key", "A wall blocks the way.", "Level 1 passed", "── Level 2 ──", "Level 2 begins.", "Welcome back: level 2"} {
		if !strings.Contains(scr, want) && !strings.Contains(d.screen(), want) {
			t.Errorf("after Continue, the history lacks %q:\n%s", want, d.screen())
		}
	}
}

// A new player's trap: the network screen of an SSH player, which asks
// only for a name, does not offer Tab to a next field.
func TestSSHNetworkScreenHasNoNextField(t *testing.T) {
	cfg := testConfig(t, 1)
	cfg.Connect = func(ctx context.Context, addr, name string) (*netplay.Client, *netplay.Welcome, error) {
		return nil, nil, errors.New("not in this test")
	}
	for _, size := range [][2]int{{80, 24}, {40, 12}} {
		d := newDriver(t, cfg, size[0], size[1])
		d.keys("t")
		d.expectScreen("network")
		scr := prose(d.screen())
		if !strings.Contains(scr, "Name:") || strings.Contains(scr, "Server:") {
			t.Fatalf("%v: the SSH network screen must ask for the name only:\n%s", size, d.screen())
		}
		if strings.Contains(scr, "Tab") || !strings.Contains(scr, "Enter connect") {
			t.Errorf("%v: one field, yet the keys say %q:\n%s", size, "Tab next field", d.screen())
		}
	}
	// With a server to type, both fields and Tab.
	d := newDriver(t, testConfig(t, 1), 80, 24)
	d.keys("t")
	if scr := prose(d.screen()); !strings.Contains(scr, "Server:") || !strings.Contains(scr, "Tab next field") {
		t.Errorf("the network screen with two fields:\n%s", d.screen())
	}
}

// A new player's trap: the saved-games list has a turn column, so that
// two saves of one seed on one level tell apart.
func TestSavesListShowsTheTurn(t *testing.T) {
	for _, size := range [][2]int{{80, 24}, {40, 12}} {
		cfg := testConfig(t, 1)
		twoSaves(t, &cfg)
		d := newDriver(t, cfg, size[0], size[1])
		d.keys("c")
		d.expectScreen("saves")
		var rows []string
		for _, l := range strings.Split(d.screen(), "\n") {
			if strings.Contains(l, "2025-03-14") {
				rows = append(rows, strings.TrimSpace(l))
			}
		}
		got := strings.Join(rows, " | ")
		if len(rows) != 2 || !strings.Contains(rows[0], "turn 4") || !strings.Contains(rows[1], "turn 1") {
			t.Errorf("%v: the rows do not show the turns 4 and 1 (%q):\n%s", size, got, d.screen())
		}
	}
}
