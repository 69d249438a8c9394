//go:build !windows

package saves

import (
	"errors"
	"os"
	"syscall"
)

// replaceFile renames from over to; on Unix the rename is atomic and does not
// fail because a reader holds the target open.
func replaceFile(from, to string) error { return os.Rename(from, to) }

// syncDir flushes a folder's entries to the disk so that a rename inside it
// survives a power cut. File systems that cannot sync a folder are not an
// error: the rename has been done as well as they allow.
func syncDir(dir string) error {
	d, err := os.Open(dir)
	if err != nil {
		return err
	}
	err = d.Sync()
	d.Close()
	if errors.Is(err, syscall.EINVAL) || errors.Is(err, syscall.ENOTSUP) || errors.Is(err, syscall.EBADF) {
		return nil
	}
	return err
}
