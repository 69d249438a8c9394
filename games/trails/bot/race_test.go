//go:build race

package bot

// raceEnabled: the race detector slows the bots' searches about twenty
// times, so the long matches play fewer games under it.
const raceEnabled = true
