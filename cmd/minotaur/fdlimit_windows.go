//go:build windows

package main

// openFileLimit returns 0: Windows has no per-process limit of open
// sockets to speak of.
func openFileLimit() int { return 0 }
