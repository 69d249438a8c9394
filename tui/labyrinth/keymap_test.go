package labyrinth

import (
	"strings"
	"testing"
)

// A vi-key is a step (its answer comes), a key that does nothing says so
// and costs no turn, and Q before any move goes back to the menu.
func TestViKeyUnknownKeyAndQuit(t *testing.T) {
	d := newDriver(t, field2(t), 80, 24)
	d.keys("<enter>")
	before := d.labGame().stage
	d.keys("z")
	if !strings.Contains(d.screen(), "Unknown key — ? for help") || d.labGame().stage != before || before != labPlay {
		t.Fatalf("z did not say it is unknown, or cost a turn:\n%s", d.screen())
	}
	d.keys("q")
	d.expectScreen("labyrinth-menu")

	d = newDriver(t, field2(t), 80, 24)
	d.keys("<enter>j")
	if d.labGame().stage != labAnswered {
		t.Fatalf("j did not step down:\n%s", d.screen())
	}
}

// The terminal's cursor stands on the player's '@' in the notebook.
func TestCursorOnThePlayer(t *testing.T) {
	for _, size := range [][2]int{{80, 24}, {40, 12}} {
		d := newDriver(t, field2(t), size[0], size[1])
		d.keys("<enter>")
		lines := strings.Split(d.screen(), "\n")
		at := d.c.Cursor
		if !at.On || at.Y >= len(lines) || at.X >= len([]rune(lines[at.Y])) || []rune(lines[at.Y])[at.X] != '@' {
			t.Fatalf("%v: the cursor is at %+v, not on @:\n%s", size, at, d.screen())
		}
	}
}
