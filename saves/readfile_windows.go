//go:build windows

package saves

import "os"

// openNoWait opens a file for reading. On Windows opening a file never waits
// for another process.
func openNoWait(path string) (*os.File, error) { return os.Open(path) }
