package main

import (
	"fmt"
	"io"

	tea "github.com/charmbracelet/bubbletea"

	"github.com/minotaur-game/minotaur/engine"
	"github.com/minotaur-game/minotaur/internal/cli"
	"github.com/minotaur-game/minotaur/saves"
	"github.com/minotaur-game/minotaur/tui"
)

func init() { watchReplay = watchOnScreen }

// watchOnScreen plays a replay back full-screen: Space pauses, → plays one
// move, ← goes one back, ] and [ go to the next and previous level, g to a
// turn, + and - change the speed, Q quits.
func watchOnScreen(path string, r saves.Replay, levels []engine.Level, stdout, stderr io.Writer) int {
	m, err := tui.NewReplay(r, levels, replayStyles(processIO(stdout, stderr)))
	if err != nil {
		fmt.Fprintf(stderr, "minotaur replay: %s: %v\n", path, err)
		return 1
	}
	if _, err := tea.NewProgram(m, tea.WithAltScreen()).Run(); err != nil {
		fmt.Fprintf(stderr, "minotaur replay: %s\n", cli.ProgramError(err))
		return 1
	}
	return 0
}
