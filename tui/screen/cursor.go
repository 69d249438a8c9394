package screen

import (
	"strings"

	"github.com/charmbracelet/x/ansi"
)

// CursorMark marks where the terminal's cursor is to stand — on the
// player's tile, which screen readers and magnifiers follow. A screen
// writes it just before the player's character; it is an escape string
// (APC) that measures no width, so that it goes through lipgloss' layout;
// the root takes it out of the frame (TakeCursor) and the front end puts
// the cursor there.
const CursorMark = "\x1b_minotaur:cursor\x1b\\"

// TakeCursor removes every cursor mark from a frame: the frame without
// them, and the cell of the first (0-based column and row); ok is false
// when the frame has none.
func TakeCursor(frame string) (out string, x, y int, ok bool) {
	i := strings.Index(frame, CursorMark)
	if i < 0 {
		return frame, 0, 0, false
	}
	before := frame[:i]
	y = strings.Count(before, "\n")
	line := before[strings.LastIndexByte(before, '\n')+1:]
	x = ansi.StringWidth(line)
	return strings.ReplaceAll(frame, CursorMark, ""), x, y, true
}
