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
