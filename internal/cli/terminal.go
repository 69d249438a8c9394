package cli

import (
	"errors"
	"io"
	"io/fs"
	"os"
)

// ProgramError is the sentence for an error that ended a full-screen
// program. Without a terminal to draw on (no /dev/tty: the game started
// from a service, a pipe or cron; no console on Windows) bubbletea reports
// "could not open a new TTY: …"; the player is told instead what the game
// needs and what works without a terminal.
func ProgramError(err error) string {
	var pe *fs.PathError
	if errors.As(err, &pe) && (pe.Path == "/dev/tty" || pe.Path == "CONIN$" || pe.Path == "CONOUT$") {
		return "there is no terminal to draw the game on (" + pe.Error() + "). " +
			"Run it in a terminal window, or over SSH with a terminal (ssh -t); " +
			"to check a recorded game without one, use 'minotaur replay --headless FILE'"
	}
	return err.Error()
}

// IsTerminal reports whether w is a terminal (a character device such as
// a console or a pseudo-terminal): where a progress line may be drawn and
// redrawn. A file, a pipe or a buffer is not.
func IsTerminal(w io.Writer) bool {
	f, ok := w.(*os.File)
	if !ok || f == nil {
		return false
	}
	st, err := f.Stat()
	return err == nil && st.Mode()&os.ModeCharDevice != 0 && f.Name() != os.DevNull
}
