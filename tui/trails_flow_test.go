package tui

import (
	"strings"
	"testing"

	rules "github.com/minotaur-game/minotaur/games/trails"
)

// Trails and Towers' screens and their tests are in tui/trails; these
// drive them through the root model: the main menu's entry, the command
// line's game, Ctrl+C.

func TestTrailsFromTheMainMenu(t *testing.T) {
	d := newDriver(t, testConfig(t, 1), 80, 24)
	if !strings.Contains(d.screen(), "Trails and Towers") {
		t.Fatalf("the main menu has no Trails entry:\n%s", d.screen())
	}
	d.keys("r")
	if !strings.Contains(d.screen(), "TRAILS AND TOWERS") || !strings.Contains(d.screen(), "Play the computer") {
		t.Fatalf("R did not open the Trails menu:\n%s", d.screen())
	}
	d.keys("<enter>")
	if !strings.Contains(d.screen(), "Blue to move (you)") {
		t.Fatalf("Enter did not start a game against the computer:\n%s", d.screen())
	}
	d.keys("<right>")
	if !strings.Contains(d.screen(), "Move 3") {
		t.Fatalf("after Blue's move and the computer's:\n%s", d.screen())
	}
	// Ctrl+C with unsaved moves asks first; a second one quits.
	d.keys("<ctrl+c>")
	if !strings.Contains(d.screen(), "unsaved") || d.quit {
		t.Fatalf("Ctrl+C did not ask:\n%s", d.screen())
	}
	d.keys("<ctrl+c>")
	if !d.quit {
		t.Fatal("a second Ctrl+C did not quit")
	}
}

func TestTrailsFromTheCommandLine(t *testing.T) {
	cfg := testConfig(t, 1)
	cfg.Trails = &TrailsSetup{Config: rules.Config{Size: 7, Towers: 1, Distance: 1, First: 1}, Seed: 3}
	d := newDriver(t, cfg, 40, 12)
	if out := d.screen(); !strings.Contains(out, "Blue to move") || !strings.Contains(out, "two players") {
		t.Fatalf("the command line's hot-seat game:\n%s", out)
	}
	d.keys("p")
	d.keys("q")
	if !strings.Contains(d.screen(), "Play the computer") {
		t.Fatalf("Quit to menu from an unstarted game:\n%s", d.screen())
	}
	d.keys("<esc>")
	if d.m.Screen() != "menu" {
		t.Fatalf("Esc from the Trails menu: %s", d.m.Screen())
	}
}
