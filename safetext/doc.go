// Package safetext is the one place where text from outside the program —
// a server's lines, a client's, a file's (level names, saved names,
// replays), a command line — is made safe to draw in a terminal.
//
// The rule (docs/protocol.md, "Text on screen"): every string that came
// over the wire or out of a file passes Clean before it is drawn. Clean
// removes escape sequences, control characters and invisible characters
// (bidirectional controls, zero-width and tag characters) and collapses
// runs of spaces; Name also trims and cuts a name to a width; Cut cuts
// text to a number of characters.
//
// A decoded message is cleaned with one call, whatever its type: All
// walks a value and cleans every exported string in it, in place — the
// fields of structs, the elements of slices and arrays, through pointers
// and interfaces. A new wire message needs nothing more than
// safetext.All(&msg) where it is decoded.
//
// The package imports only the standard library and the terminal-width
// package the game draws with, so every package may use it.
package safetext
