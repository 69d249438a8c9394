//go:build !linux

package cputime

import "time"

// Thread is the CPU time the calling thread has used so far; this system
// gives no figure.
func Thread() (time.Duration, bool) { return 0, false }
