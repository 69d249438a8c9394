// Package labyrinth is the referee of the console game "Лабиринт" (see
// docs/labyrinth.md): the rules of every cell kind, the turns of up to four
// players, the answers each player hears, the notebook a player keeps from
// those answers alone, a generator of random fields, and the field file
// format itself (Parse, Format, and Check of every field's exit).
//
//	lab, _ := labyrinth.Parse("field2.txt", text)
//	g, _ := labyrinth.New(lab, []labyrinth.Cell{{0, 0}, {3, 3}})
//	opening := g.Opening()        // each player's "You start at …"
//	answers, err := g.Act(labyrinth.Command{Kind: labyrinth.Step, Dir: labyrinth.Right})
//
// Like the engine, the package is pure and deterministic: no clock, no
// files, no goroutines; the only randomness (random start cells, random
// fields) comes from a math/rand/v2 source the caller passes in. Cells are
// (x, y) as the original program numbers them: x the row, y the column,
// from 0 at the top left.
package labyrinth
