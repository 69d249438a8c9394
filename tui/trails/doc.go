// Package trails holds the screens of Trails and Towers (docs/trails.md):
// the game — the field, both trails, the towers, the cells the player to
// move may reach, each player's boost — played against the computer or
// hot-seat, with undo, restart, help, pause and save, and the end screen
// with the whole move list.
//
// Everything on the field is drawn from a games/trails View, the one way
// a seat's screen is made; the glyphs of the field are escape prefixes
// built once (glyphs.go), never a lipgloss Render per cell. The rules run
// in the games/trails package; the computer's move is worked out in a
// tea.Cmd on a copy of the position, and file I/O (saves) also happens only
// in commands.
package trails
