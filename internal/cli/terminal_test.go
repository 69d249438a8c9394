package cli

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
)

// TestNoTerminalSentence: without a terminal, the player reads what the
// game needs and what to do, not bubbletea's "could not open a new TTY".
func TestNoTerminalSentence(t *testing.T) {
	// What bubbletea v1.3.10 returns when /dev/tty cannot be opened.
	err := fmt.Errorf("could not open a new TTY: %w", &fs.PathError{Op: "open", Path: "/dev/tty", Err: syscall.ENXIO})
	got := ProgramError(err)
	if strings.Contains(got, "could not open a new TTY") || !strings.Contains(got, "there is no terminal to draw the game on") ||
		!strings.Contains(got, "Run it in a terminal") || !strings.Contains(got, "/dev/tty") {
		t.Errorf("without a terminal the player reads %q", got)
	}
	if got := ProgramError(errors.New("something else")); got != "something else" {
		t.Errorf("another error reads %q", got)
	}
}

// A buffer, a file and the null device are not terminals: a progress
// line is not written to them.
func TestIsTerminalNotForFilesAndBuffers(t *testing.T) {
	f, err := os.Create(filepath.Join(t.TempDir(), "out"))
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	null, err := os.OpenFile(os.DevNull, os.O_WRONLY, 0)
	if err != nil {
		t.Fatal(err)
	}
	defer null.Close()
	for _, w := range []io.Writer{&bytes.Buffer{}, f, null} {
		if IsTerminal(w) {
			t.Errorf("%T is taken for a terminal", w)
		}
	}
}
