//go:build !race

package trails

const raceEnabled = false
