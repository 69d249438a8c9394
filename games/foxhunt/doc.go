// Package foxhunt holds the rules of the Fox hunt, the MICA 2016 bomb
// contest for bots: a grid of free fields and walls, one player the fox and
// every other a hunter, one command per player per round, bombs whose beams
// paralyse, specials, and points for the fox. See docs/foxhunt.md.
//
// The package is pure and deterministic: standard library only, no clock,
// no files, no goroutines; every random choice is drawn from the game's own
// math/rand/v2 source, seeded from Config.Seed. The order in which commands
// arrive is the order of the Submit calls, so the same seed and the same
// calls give the same game.
package foxhunt
