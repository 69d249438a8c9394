//go:build windows

package cli

// FileReserve is the number of open files a server keeps out of its
// --max-clients: the listeners, the log, the data folder's files being
// written.
const FileReserve = 64

// OpenFileLimit returns 0: Windows has no per-process limit of open
// sockets to speak of.
func OpenFileLimit() int { return 0 }
