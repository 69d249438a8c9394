// Package minotaur is Minotaur's screens: the game, its board (map, side
// panel, message log), look, travel and explore, help, pause, level
// passed, game over / victory, high scores, the replay viewer and the
// watch screen of a game on a server.
//
// The shell (tui) opens them through its list of games, on a
// screen.Context and a Config of Minotaur's settings: NewGame, Continue,
// HighScores, Help, Online; the game screen is a screen.Game, so the root
// handles Ctrl+C and hang-ups without knowing it.
//
// The game screen talks to a Session (LocalSession for a solo game in this
// process; RemoteSession for co-op on a server, through the lobby's
// connection). Session holds what every session does — seat, view, act,
// next report, info, end — and what only some do is an optional interface
// checked where it matters: Saver, Chatter, Resumable, Forfeiter. What a
// player sees of a game — the map, the side panel and the message log — is
// a board, drawn only from an engine.View and the engine's events; the
// game screen, the watch screen and the replay viewer each own one and add
// their own status line and key hints. Every file is read and written in
// tea.Cmds, never inside Update, and the time comes from the Context.
//
// Styles are built once per terminal over the shell's screen.Styles (over
// SSH, from the session's renderer). The map is drawn from a pre-rendered
// glyph table into one strings.Builder, and each frame is cached until the
// game changes or the terminal is resized.
package minotaur
