//go:build linux

package cputime

import (
	"syscall"
	"time"
	"unsafe"
)

// Clocks of clock_gettime: the process's and the calling thread's CPU
// time, both to the nanosecond (getrusage counts in scheduler ticks).
const (
	clockProcessCPU = 2
	clockThreadCPU  = 3
)

func clock(id uintptr) (time.Duration, bool) {
	var ts syscall.Timespec
	if _, _, errno := syscall.Syscall(syscall.SYS_CLOCK_GETTIME, id, uintptr(unsafe.Pointer(&ts)), 0); errno != 0 {
		return 0, false
	}
	return time.Duration(ts.Nano()), true
}

// Process is the CPU time, user and system, the process has used so far.
func Process() (time.Duration, bool) { return clock(clockProcessCPU) }

// Thread is the CPU time the calling thread has used so far. Call it from
// a goroutine locked to its thread (runtime.LockOSThread), or the figure
// mixes threads.
func Thread() (time.Duration, bool) { return clock(clockThreadCPU) }
