//go:build !windows

package levels

import (
	"path/filepath"
	"syscall"
	"testing"
	"time"
)

// TestParseFilePipe: a named pipe given as a level file is refused at once
// with its reason; it used to make the game wait for a writer forever.
func TestParseFilePipe(t *testing.T) {
	fifo := filepath.Join(t.TempDir(), "level.txt")
	if err := syscall.Mkfifo(fifo, 0o644); err != nil {
		t.Fatalf("cannot make a named pipe for the test: %v", err)
	}
	done := make(chan error, 1)
	go func() { _, _, err := ParseFile(fifo); done <- err }()
	select {
	case err := <-done:
		if list := errorList(t, err); len(list) != 1 || list[0].Error() != fifo+": cannot read the file: it is a named pipe (FIFO), not a regular file" {
			t.Errorf("got %v", err)
		}
	case <-time.After(2 * time.Minute):
		t.Fatal("reading a named pipe as a level file still waits after 2 minutes")
	}
}
