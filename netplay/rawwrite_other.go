//go:build !unix

package netplay

import (
	"net"
	"syscall"
)

// rawConn is nil where a write that never waits is not written: every
// line for another client than the reader's goes through a writer
// goroutine.
func rawConn(net.Conn) syscall.RawConn { return nil }

func tryWrite(syscall.RawConn, []byte) int { return 0 }
