//go:build !unix

package netplay

import "net"

// rawConn is nil where a write that never waits is not written: every
// line for another client than the reader's goes through a writer
// goroutine.
func rawConn(net.Conn) rawWriter { return nil }
