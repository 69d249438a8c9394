package tui

import (
	"io"
	"strings"
	"sync/atomic"

	"github.com/charmbracelet/x/ansi"

	"github.com/minotaur-game/minotaur/tui/screen"
)

// CursorWriter is the program's output that puts the terminal's cursor
// on the player's tile after each frame. Bubble Tea hides the cursor and
// leaves it at the foot of the screen; screen readers and magnifiers
// follow the cursor, so after each full-screen frame (one write that
// starts at the top left) this writes the cursor's place and shows it,
// or hides it where no screen has put it anywhere. Set Config.Cursor to
// its Set.
type CursorWriter struct {
	io.Writer
	at atomic.Pointer[screen.CursorAt]
}

// NewCursorWriter wraps w.
func NewCursorWriter(w io.Writer) *CursorWriter { return &CursorWriter{Writer: w} }

// Set is where the cursor is to stand after the next frame.
func (o *CursorWriter) Set(c screen.CursorAt) { o.at.Store(&c) }

// Write writes p, then, after a frame, the cursor's place.
func (o *CursorWriter) Write(p []byte) (int, error) {
	n, err := o.Writer.Write(p)
	if err != nil || !strings.HasPrefix(string(p[:min(len(p), len(ansi.CursorHomePosition))]), ansi.CursorHomePosition) {
		return n, err
	}
	seq := ansi.HideCursor
	if c := o.at.Load(); c != nil && c.On {
		seq = ansi.CursorPosition(c.X+1, c.Y+1) + ansi.ShowCursor
	}
	_, err = io.WriteString(o.Writer, seq)
	return n, err
}

// Fd is the wrapped file's descriptor, so that Bubble Tea sees the
// terminal through the wrapper (its size, its raw mode); an invalid one
// for a writer that is no file.
func (o *CursorWriter) Fd() uintptr {
	if f, ok := o.Writer.(interface{ Fd() uintptr }); ok {
		return f.Fd()
	}
	return ^uintptr(0)
}

// Read reads the wrapped file (Bubble Tea's term.File has it).
func (o *CursorWriter) Read(p []byte) (int, error) {
	if r, ok := o.Writer.(io.Reader); ok {
		return r.Read(p)
	}
	return 0, io.EOF
}

// Close does nothing: the wrapped file is the caller's.
func (o *CursorWriter) Close() error { return nil }
