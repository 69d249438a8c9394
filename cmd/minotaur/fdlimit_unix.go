//go:build !windows

package main

import "syscall"

// openFileLimit returns how many files this process may have open (the soft
// limit, which the Go runtime raised to the hard one at start), or 0 when it
// cannot tell.
func openFileLimit() int {
	var r syscall.Rlimit
	if err := syscall.Getrlimit(syscall.RLIMIT_NOFILE, &r); err != nil || r.Cur > 1<<30 {
		return 0
	}
	return int(r.Cur)
}
