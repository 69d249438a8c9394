// Package foxhunt is the Fox hunt in the terminal: the screen a person
// plays on (WASD, B then a direction and a distance, Space for nothing) and
// the screen a spectator watches on, both drawn from the state blocks a
// server sends (foxnet's wire, either dialect), and the local match of the
// main menu, which runs a foxnet server with computer players in process.
//
// All I/O — reading the connection, writing a command, starting the local
// server — happens in tea.Cmds, never in Update. The map is drawn from a
// glyph table rendered once per terminal, never with a Style.Render per
// field.
package foxhunt
