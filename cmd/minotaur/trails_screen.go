package main

import (
	"errors"
	"fmt"
	"io"
	"time"

	tea "github.com/charmbracelet/bubbletea"

	"github.com/minotaur-game/minotaur/saves"
	"github.com/minotaur-game/minotaur/tui"
	trailsui "github.com/minotaur-game/minotaur/tui/trails"
)

func init() { trailsScreen = runTrailsScreen }

// runTrailsScreen plays the game full-screen.
func runTrailsScreen(f trailsFlags, stderr io.Writer) int {
	paths, err := saves.ResolvePaths(f.saves, "", saves.LocalEnv())
	if err != nil {
		fmt.Fprintf(stderr, "minotaur trails: %s\n", programError(err))
		return 1
	}
	s, err := trailsui.New(trailsui.Setup{Config: f.cfg, VsBot: f.vs == "bot", BotLevel: f.botLevel, Seed: f.seed},
		trailsui.Options{SavesDir: paths.Saves, Now: time.Now, Mono: tui.NewStyles(nil).Mono})
	if err != nil {
		fmt.Fprintf(stderr, "minotaur trails: %v\n", err)
		return 1
	}
	p := tea.NewProgram(trailsui.Standalone{S: s}, tea.WithAltScreen(), tea.WithMouseCellMotion(), tea.WithoutSignalHandler())
	stop := onHangup(p)
	defer stop()
	if _, err := p.Run(); err != nil && !errors.Is(err, tea.ErrProgramKilled) {
		fmt.Fprintf(stderr, "minotaur trails: %s\n", programError(err))
		return 1
	}
	return 0
}
