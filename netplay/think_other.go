//go:build !linux

package netplay

// lowerThinker does nothing where a thread's priority cannot be set
// alone: thinkers are ordinary goroutines there, bounded by their number.
func lowerThinker() {}
