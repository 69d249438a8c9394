//go:build !windows

package cli

import "syscall"

// FileReserve is the number of open files a server keeps out of its
// --max-clients: the listeners, the log, the data folder's files being
// written.
const FileReserve = 64

// OpenFileLimit returns how many files this process may have open (the soft
// limit, which the Go runtime raised to the hard one at start), or 0 when it
// cannot tell.
func OpenFileLimit() int {
	var r syscall.Rlimit
	if err := syscall.Getrlimit(syscall.RLIMIT_NOFILE, &r); err != nil || r.Cur > 1<<30 {
		return 0
	}
	return int(r.Cur)
}
