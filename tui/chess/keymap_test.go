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
