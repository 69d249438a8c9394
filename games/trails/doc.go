// Package trails is the referee of Trails and Towers (docs/trails.md): two
// players lay trails on a square field from opposite corners, moving up,
// down, left or right; moving on in the same direction builds a boost that
// jumps over occupied cells, and a boosted jump onto a tower takes it. The
// first to take more than half of the towers wins; a player left with no
// legal move at the start of their turn loses.
//
//	g, _ := trails.New(trails.Classic())
//	m, err := g.Move(trails.Right)   // err says why an illegal move is illegal
//	v := g.View(1)                    // what seat 1's screen draws
//	data, _ := json.Marshal(g)        // a save: the setup and the moves
//	h, _ := trails.Load(data)         // replayed through the same rules
//
// Like the engine, the package is pure and deterministic: no clock, no
// files, no goroutines, standard library only. The computer player (bot.go)
// draws its choices among equal moves from a math/rand/v2 source made from
// the game's seed. Cells are (x, y): x the column, y the row, from 0 at the
// top left.
package trails
