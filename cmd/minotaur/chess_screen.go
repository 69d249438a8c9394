package main

import (
	"errors"
	"fmt"
	"io"
	"time"

	tea "github.com/charmbracelet/bubbletea"

	"github.com/minotaur-game/minotaur/saves"
	"github.com/minotaur-game/minotaur/tui"
)

// runChessScreen plays on the terminal's screen: the game the flags ask
// for opens at once; Quit to menu leads to the chess menu and the main menu.
func runChessScreen(setup chessSetup, savesDir string, stderr io.Writer) int {
	paths, err := saves.ResolvePaths(savesDir, "", saves.LocalEnv())
	if err != nil {
		fmt.Fprintf(stderr, "minotaur chess: %s\n", programError(err))
		return 1
	}
	cfg := tui.Config{
		Saves: paths.Saves, Scores: paths.Scores, Replays: paths.Replays,
		Seed: tui.NextSeed(setup.seed), Name: osUserName(), Now: time.Now,
		Chess: &tui.ChessSetup{HotSeat: setup.hotSeat, Human: setup.human, Level: setup.level, Seed: setup.seed},
	}
	p := tea.NewProgram(tui.New(cfg), tea.WithAltScreen(), tea.WithoutSignalHandler())
	stop := onHangup(p)
	defer stop()
	if _, err := p.Run(); err != nil && !errors.Is(err, tea.ErrProgramKilled) {
		fmt.Fprintf(stderr, "minotaur chess: %s\n", programError(err))
		return 1
	}
	return 0
}
