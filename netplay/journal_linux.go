package netplay

import (
	"os"
	"syscall"
)

// dataSync flushes f's content to the disk, and of its metadata only what
// reading it back needs (its length): fdatasync, cheaper than fsync.
func dataSync(f *os.File) error {
	sc, err := f.SyscallConn()
	if err != nil {
		return f.Sync()
	}
	var serr error
	if err := sc.Control(func(fd uintptr) {
		for {
			serr = syscall.Fdatasync(int(fd))
			if serr != syscall.EINTR {
				return
			}
		}
	}); err != nil {
		return f.Sync()
	}
	if serr != nil {
		return &os.PathError{Op: "fdatasync", Path: f.Name(), Err: serr}
	}
	return nil
}
