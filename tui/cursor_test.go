package tui

import (
	"bytes"
	"testing"

	"github.com/charmbracelet/x/ansi"

	"github.com/minotaur-game/minotaur/tui/screen"
)

// After a frame the writer puts the cursor on the cell it was given (1-based
// on the wire) and shows it, or hides it when no screen put it anywhere;
// other writes (the renderer's own sequences) pass as they are.
func TestCursorWriter(t *testing.T) {
	var b bytes.Buffer
	w := NewCursorWriter(&b)
	w.Write([]byte(ansi.CursorHomePosition + "frame"))
	if got := b.String(); got != ansi.CursorHomePosition+"frame"+ansi.HideCursor {
		t.Fatalf("a frame with no cursor: %q", got)
	}
	b.Reset()
	w.Set(screen.CursorAt{X: 14, Y: 1, On: true})
	w.Write([]byte(ansi.CursorHomePosition + "frame"))
	if got := b.String(); got != ansi.CursorHomePosition+"frame\x1b[2;15H"+ansi.ShowCursor {
		t.Fatalf("a frame with the cursor at 14,1: %q", got)
	}
	b.Reset()
	w.Write([]byte(ansi.ShowCursor))
	if got := b.String(); got != ansi.ShowCursor {
		t.Fatalf("the renderer's own write was changed: %q", got)
	}
}
