package chess

import (
	"strings"
	"testing"

	"github.com/minotaur-game/minotaur/games/chess"
)

// A key that does nothing says so; a typed move's letters are no unknown
// keys.
func TestUnknownKey(t *testing.T) {
	d := botGame(t, 5, chess.White, 80, 24)
	d.keys("z")
	if !strings.Contains(d.screen(), "Unknown key — ? for help") {
		t.Fatalf("z did not say it is unknown:\n%s", d.screen())
	}
	d.keys("e")
	if strings.Contains(d.screen(), "Unknown key") {
		t.Fatalf("e, a typed move's start, is called unknown:\n%s", d.screen())
	}
}

// The terminal's cursor stands on the board's cursor and follows it.
func TestTerminalCursorOnTheBoardCursor(t *testing.T) {
	d := botGame(t, 5, chess.White, 80, 24)
	d.screen()
	at := d.c.Cursor
	d.keys("<up>")
	d.screen()
	if !at.On || d.c.Cursor.X != at.X || d.c.Cursor.Y != at.Y-1 {
		t.Fatalf("the cursor went from %+v to %+v on ↑", at, d.c.Cursor)
	}
}
