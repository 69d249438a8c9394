// Package tui is the full-screen terminal interface of Minotaur, built on
// bubbletea (the Elm architecture), lipgloss and bubbles.
//
// A root Model routes to one screen at a time — main menu, game, help,
// pause, level passed, game over / victory, high scores, saved games — kept
// on a stack. A screen never touches the stack: its Update returns, beside
// its tea.Cmd, a nav value — stay, push(s), pop() or replace(s) — and the
// root applies it as soon as that Update returns (so that keys typed right
// after reach the new screen), then runs the new screen's Init.
//
// The game screen talks to a Session (LocalSession for a solo game in this
// process; RemoteSession for co-op on a server). Session holds what every
// session does — seat, view, act, next report, info, end — and what only
// some do is an optional interface checked where it matters: Saver,
// Chatter, Resumable. What a player sees of a game — the map, the side
// panel and the message log — is a board, drawn only from an engine.View
// and the engine's events; the game screen and the replay viewer each own
// one and add their own status line and key hints (rendered from their key
// maps with bubbles' help). Every file is read and written in tea.Cmds,
// never inside Update, and the time comes from Config.Now.
//
//	m := tui.New(tui.Config{Saves: dir, Scores: file, Replays: rdir, Seed: seed, Now: time.Now})
//	_, err := tea.NewProgram(m, tea.WithAltScreen()).Run()
//
// The replay viewer (`minotaur replay FILE`) is NewReplay.
//
// Styles are built once per terminal with NewStyles (over SSH, from the
// session's renderer) and passed down. The map is drawn from a pre-rendered
// glyph table into one strings.Builder, and each frame is cached until the
// game changes or the terminal is resized.
package tui
