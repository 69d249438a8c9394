//go:build unix && !linux

package cputime

import (
	"syscall"
	"time"
)

// Process is the CPU time, user and system, the process has used so far.
func Process() (time.Duration, bool) {
	return rusage(syscall.RUSAGE_SELF)
}

func rusage(who int) (time.Duration, bool) {
	var ru syscall.Rusage
	if err := syscall.Getrusage(who, &ru); err != nil {
		return 0, false
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano()), true
}
