//go:build race

package bot_test

// raceEnabled: the race detector makes the bots about ten times slower.
const raceEnabled = true
