// Package labyrinth holds the Labyrinth's screens (`minotaur labyrinth`,
// and the main menu's Labyrinth entry): its menu of fields and saved games,
// the setup's questions, the hot-seat game with its hand-over screens, the
// help, the pause menu, and the end screen that shows the true field
// beside each notebook. The rules are the referee's, in games/labyrinth
// (imported under the same name); the widgets come from tui/screen.
//
// tui opens NewMenu from its main menu and Open for a game asked for on
// the command line; the game screen is a screen.Game, so the root asks it
// before the program ends (Ctrl+C, a hang-up).
package labyrinth
