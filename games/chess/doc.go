// Package chess is the referee of Open-world chess (see docs/chess.md):
// chess whose pieces have hit points and fight when they meet, bonus cells,
// and a fog of war kept for each side that closes again five of that side's
// turns after a cell was last in sight.
//
//	g := chess.New(rand.NewPCG(seed, chess.SeedSalt))
//	v := g.View(chess.White)          // all that White may know
//	moves := chess.Moves(&v)          // offered from White's view only
//	told, err := g.Apply(moves[0])    // told[White], told[Black]: the events each side saw
//
// Like the engine, the package is pure and deterministic: no clock, no files,
// no goroutines; every random draw (bonus kinds and cells, regen, damage, the
// bonuses that appear when fog opens) comes from the source given to New,
// which is saved with the game. The fog is enforced where a side's View and
// its events are built: a side (its screen, its log, its bot, the wire) gets
// only those.
package chess
