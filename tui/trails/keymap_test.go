package trails

import (
	"strings"
	"testing"
)

// The vi-keys and the numpad move, a key that does nothing says so and
// is no move, Q leaves (asking once there is progress).
func TestViKeysNumpadUnknownAndQuit(t *testing.T) {
	d := newDriver(t, false, 80, 24, gameOf(classic(false, 0, 1)))
	d.press("z")
	if g := d.game(); len(g.g.Moves()) != 0 || !strings.Contains(d.plain(), "Unknown key — ? for help") {
		t.Fatalf("z: moves %d, note %q", len(g.g.Moves()), g.note)
	}
	d.press("l", "8")
	if g := d.game(); len(g.g.Moves()) != 2 {
		t.Fatalf("l then the numpad's 8: %d moves, note %q", len(g.g.Moves()), g.note)
	}
	d.press("q")
	if !strings.Contains(d.plain(), "Y: quit without saving") {
		t.Fatalf("Q after a move did not ask:\n%s", d.plain())
	}
}

// The terminal's cursor stands on the player to move.
func TestCursorOnThePlayerToMove(t *testing.T) {
	for _, size := range [][2]int{{80, 24}, {40, 12}} {
		d := newDriver(t, false, size[0], size[1], gameOf(classic(false, 0, 1)))
		for _, want := range []rune{'B', 'R'} {
			lines := strings.Split(d.plain(), "\n")
			at := d.c.Cursor
			if !at.On || at.Y >= len(lines) || at.X >= len([]rune(lines[at.Y])) || []rune(lines[at.Y])[at.X] != want {
				t.Fatalf("%v: the cursor is at %+v, not on %c:\n%s", size, at, want, d.plain())
			}
			d.press("right")
		}
	}
}
