// Package screen is what every game's screens share: the Screen interface
// and the navigation a screen asks of the root (Stay, Push, Pop, Replace),
// the Context (the terminal's size and styles, the saves folder, the clock,
// the next seed, the way home to the main menu), the text helpers (Fit,
// Wrap, Window, Block), the style classes, the keys of lists with their
// help, the one-line Input, Dialog boxes, the Pager (bubbles' viewport)
// for texts longer than the terminal, and the widgets of a game in play:
// the pause menu (Pause), the hand-over box (HandOver), the end-screen frame
// (EndFrame) with its half-second key guard (KeyGuard), and a game's saved
// files (WriteSave, ListSaves, ReadSave, RemoveSave).
//
// A game's screens live in a package of their own under tui/ (tui/labyrinth)
// and import this one, never tui; tui imports them and opens them from its
// main menu. This package imports no game and no game's screens.
//
// As in the rest of the interface, files are read and written only in
// tea.Cmds, never in Update, and the time comes from Context.Now.
package screen
