//go:build !linux

package netplay

import "os"

// dataSync flushes f's content to the disk (fsync; FlushFileBuffers on
// Windows).
func dataSync(f *os.File) error { return f.Sync() }
