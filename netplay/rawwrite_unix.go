//go:build unix

package netplay

import (
	"net"
	"syscall"
)

// sockWriter writes to a socket's descriptor without waiting.
type sockWriter struct{ rc syscall.RawConn }

// rawConn is c's descriptor, for writes that never wait (writeNow); nil
// for a connection without one.
func rawConn(c net.Conn) rawWriter {
	sc, ok := c.(syscall.Conn)
	if !ok {
		return nil
	}
	rc, err := sc.SyscallConn()
	if err != nil {
		return nil
	}
	return sockWriter{rc}
}

// tryWrite writes p to the socket as far as its buffer takes it now,
// without waiting: n bytes went. Anything short of all of p — a full
// buffer, an error, a deadline passed — is for a writer that waits (its
// own write reports an error that is one).
func (w sockWriter) tryWrite(p []byte) (n int) {
	w.rc.Write(func(fd uintptr) bool {
		n, _ = syscall.Write(int(fd), p)
		return true // never wait for the socket: a writer goroutine does
	})
	return max(n, 0)
}
