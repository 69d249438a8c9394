package cli

import (
	"errors"
	"io/fs"
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
