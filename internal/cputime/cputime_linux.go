//go:build linux

package cputime

import "time"

// rusageThread is RUSAGE_THREAD, which the syscall package does not name.
const rusageThread = 1

// Thread is the CPU time the calling thread has used so far. Call it from
// a goroutine locked to its thread (runtime.LockOSThread), or the figure
// mixes threads.
func Thread() (time.Duration, bool) {
	return rusage(rusageThread)
}
