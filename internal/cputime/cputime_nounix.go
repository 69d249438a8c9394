//go:build !unix

package cputime

import "time"

// Process is the CPU time the process has used so far; this system gives
// no figure.
func Process() (time.Duration, bool) { return 0, false }
