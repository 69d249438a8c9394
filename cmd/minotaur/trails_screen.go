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

func init() { trailsScreen = runTrailsScreen }

// runTrailsScreen plays the game full-screen; leaving it shows the Trails
// menu and the main menu, as from the main menu.
func runTrailsScreen(f trailsFlags, stderr io.Writer) int {
	paths, err := saves.ResolvePaths(f.saves, "", saves.LocalEnv())
	if err != nil {
		fmt.Fprintf(stderr, "minotaur trails: %s\n", programError(err))
		return 1
	}
	cfg := tui.Config{
		Saves: paths.Saves, Scores: paths.Scores, Replays: paths.Replays,
		Seed: tui.NextSeed(f.seed), Name: osUserName(), Now: time.Now,
		Trails: &tui.TrailsSetup{Config: f.cfg, VsBot: f.vs == "bot", BotLevel: f.botLevel, Seed: f.seed},
	}
	p := tea.NewProgram(tui.New(cfg), tea.WithAltScreen(), tea.WithoutSignalHandler(), tea.WithMouseCellMotion())
	stop := onHangup(p)
	defer stop()
	if _, err := p.Run(); err != nil && !errors.Is(err, tea.ErrProgramKilled) {
		fmt.Fprintf(stderr, "minotaur trails: %s\n", programError(err))
		return 1
	}
	return 0
}
