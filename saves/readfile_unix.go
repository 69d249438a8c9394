//go:build !windows

package saves

import (
	"os"
	"syscall"
)

// openNoWait opens a file for reading without waiting: opening a named pipe
// that no process writes to would otherwise block until one does.
func openNoWait(path string) (*os.File, error) {
	return os.OpenFile(path, os.O_RDONLY|syscall.O_NONBLOCK, 0)
}
