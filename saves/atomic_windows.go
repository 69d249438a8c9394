//go:build windows

package saves

import (
	"errors"
	"os"
	"syscall"
	"time"
)

// Windows error codes that mean another process (an antivirus scanner, an
// indexer, a second copy of the game reading the file) holds the target open
// for a moment.
const (
	errorAccessDenied     syscall.Errno = 5
	errorSharingViolation syscall.Errno = 32
	errorLockViolation    syscall.Errno = 33
)

// replaceFile renames from over to, retrying for about two seconds while the
// target is held open by someone else. os.Rename uses MoveFileEx with
// MOVEFILE_REPLACE_EXISTING, which replaces the file in one step.
func replaceFile(from, to string) error {
	var err error
	delay := 5 * time.Millisecond
	for range 12 {
		err = os.Rename(from, to)
		if err == nil || !transient(err) {
			return err
		}
		time.Sleep(delay)
		delay = min(2*delay, 400*time.Millisecond)
	}
	return err
}

func transient(err error) bool {
	return errors.Is(err, errorAccessDenied) || errors.Is(err, errorSharingViolation) || errors.Is(err, errorLockViolation)
}

// syncDir does nothing on Windows: NTFS journals the rename itself and a
// folder cannot be opened for flushing.
func syncDir(dir string) error { return nil }
