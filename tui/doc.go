// Package tui is the full-screen terminal interface of the program, built
// on bubbletea (the Elm architecture), lipgloss and bubbles: the shell —
// the root Model, the main menu, Continue, the network screen and the
// lobby — and, in games.go, the list of games from which they are built.
// Each game's screens are its package's (tui/minotaur, tui/labyrinth,
// tui/trails, tui/chess, tui/foxhunt), on what tui/screen shares.
//
// The root routes to one screen at a time, kept on a stack (screen.Root).
// A screen never touches the stack: its Update returns, beside its
// tea.Cmd, a screen.Nav — Stay, Push, Pop or Replace — and the root
// applies it as soon as that Update returns (so that keys typed right
// after reach the new screen), then runs the new screen's Init. Ctrl+C and
// hang-ups go to the game in the stack (a screen.Game).
//
//	m := tui.New(tui.Config{Saves: dir, Scores: file, Replays: rdir, Seed: seed, Now: time.Now})
//	_, err := tea.NewProgram(m, tea.WithAltScreen()).Run()
//
// The replay viewer (`minotaur replay FILE`) is NewReplay. Styles are
// built once per terminal with screen.NewStyles (over SSH, from the
// session's renderer) and handed in with Config.Styles.
package tui
