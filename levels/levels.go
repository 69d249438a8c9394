// Package levels reads, checks and writes level files, the text format in
// which players draw their own mazes (docs/levels.md), and checks the field
// files of the console game "Лабиринт" for compatibility.
//
//	l, warnings, err := levels.Parse("two-loops.txt", data) // every problem, positioned
//	text := levels.Format(l)                                // back to a level file
//	report := levels.Check("field.txt", data)               // what `minotaur check` prints
//
// Errors and warnings are ErrorLists of ParseErrors printed as
// FILE:LINE:COL: message, sorted by position. A level that Parse accepts
// also passes engine.Level.Validate.
package levels
