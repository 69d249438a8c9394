//go:build unix

package netplay

import (
	"net"
	"syscall"
)

// rawConn is c's descriptor, for writes that never wait (tryWrite); nil
// for a connection without one.
func rawConn(c net.Conn) syscall.RawConn {
	sc, ok := c.(syscall.Conn)
	if !ok {
		return nil
	}
	rc, err := sc.SyscallConn()
	if err != nil {
		return nil
	}
	return rc
}

// tryWrite writes p to the socket as far as its buffer takes it now,
// without waiting: n bytes went. Anything short of all of p — a full
// buffer, an error, a deadline passed — is for a writer that waits (its
// own write reports an error that is one).
func tryWrite(rc syscall.RawConn, p []byte) (n int) {
	rc.Write(func(fd uintptr) bool {
		n, _ = syscall.Write(int(fd), p)
		return true // never wait for the socket: a writer goroutine does
	})
	return max(n, 0)
}
