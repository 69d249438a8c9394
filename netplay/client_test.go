package netplay

import (
	"context"
	"errors"
	"net"
	"strings"
	"testing"
)

// closingFirst is a connection to a server of another protocol that
// speaks at once: the client's reader gets its line and closes the
// connection before the hello is written, so the hello's write fails.
type closingFirst struct {
	net.Conn
	closed chan struct{}
	said   bool
}

func (c *closingFirst) Read(p []byte) (int, error) {
	if !c.said {
		c.said = true
		return copy(p, "SIZE 20 20\n"), nil
	}
	<-c.closed
	return 0, net.ErrClosed
}

func (c *closingFirst) Write(p []byte) (int, error) {
	<-c.closed // the reader closed the connection first
	return 0, net.ErrClosed
}

func (c *closingFirst) Close() error {
	select {
	case <-c.closed:
	default:
		close(c.closed)
	}
	return nil
}

// A server of another protocol is told as what it said, however the
// reader and the hello race: never as the hello's write on a connection
// the reader had closed.
func TestHandshakeTellsTheReadersReason(t *testing.T) {
	a, b := net.Pipe()
	defer b.Close()
	conn := &closingFirst{Conn: a, closed: make(chan struct{})}
	_, _, err := Handshake(context.Background(), conn, "ada", "")
	if err == nil || strings.Contains(err.Error(), "cannot send") || errors.Is(err, net.ErrClosed) {
		t.Fatalf("handshake with a server of another protocol: %v", err)
	}
}
