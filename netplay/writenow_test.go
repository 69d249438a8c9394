//go:build unix

package netplay

import (
	"bufio"
	"fmt"
	"net"
	"strings"
	"testing"
	"time"
)

// nowPair is a session on the server end of a loopback TCP connection
// with small socket buffers, as ServeConn sets one up, and the client end.
func nowPair(t *testing.T, cfg Config) (*Session, net.Conn) {
	t.Helper()
	srv, err := NewServer(cfg)
	if err != nil {
		t.Fatal(err)
	}
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	defer ln.Close()
	client, err := net.Dial("tcp", ln.Addr().String())
	if err != nil {
		t.Fatal(err)
	}
	sc, err := ln.Accept()
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { client.Close(); sc.Close() })
	sc.(*net.TCPConn).SetWriteBuffer(4096)
	client.(*net.TCPConn).SetReadBuffer(16384)
	ss, err := srv.Attach("test", sc)
	if err != nil {
		t.Fatal(err)
	}
	ss.conn, ss.selfWrite, ss.raw = sc, true, rawConn(sc)
	if ss.raw == nil {
		t.Fatal("a TCP connection has no descriptor to write to at once")
	}
	return ss, client
}

func nowLine(i int) []byte {
	return fmt.Appendf(nil, `{"t":"n","i":%d,"pad":"%s"}`+"\n", i, strings.Repeat("x", 500))
}

// TestWriteNowInOrder: state lines for another client than the one whose
// line is handled go out in the order queued, whole, whether the socket
// took them at once or a writer waited for the rest — bursts of them are
// more than the socket's buffer holds.
func TestWriteNowInOrder(t *testing.T) {
	ss, client := nowPair(t, testConfig(t))
	// One line into an empty socket is written before queueNow returns:
	// no writer is left behind.
	ss.queueNow(outLine{b: nowLine(0)})
	ss.qmu.Lock()
	writing, queued := ss.writing, len(ss.q)
	ss.qmu.Unlock()
	if writing || queued != 0 {
		t.Errorf("after one line to an empty socket: writing %v, %d queued; want it written at once", writing, queued)
	}
	const bursts, burst = 20, 120 // 120 lines of 530 bytes: more than the socket holds
	got := make(chan error, 1)
	next := make(chan struct{})
	go func() {
		br := bufio.NewReader(client)
		for i := 0; i <= bursts*burst; i++ {
			l, err := br.ReadBytes('\n')
			if err != nil {
				got <- fmt.Errorf("line %d: %v", i, err)
				return
			}
			if want := nowLine(i); string(l) != string(want) {
				got <- fmt.Errorf("line %d is %.40q…, want %.40q…", i, l, want)
				return
			}
			if i > 0 && i%burst == 0 {
				next <- struct{}{}
			}
		}
		got <- nil
	}()
	for b := 0; b < bursts; b++ {
		for i := 1; i <= burst; i++ {
			if !ss.queueNow(outLine{b: nowLine(b*burst + i)}) {
				t.Fatalf("line %d was not queued: %s", b*burst+i, ss.reason())
			}
		}
		select {
		case <-next:
		case err := <-got:
			t.Fatal(err)
		case <-time.After(waitFor):
			t.Fatalf("burst %d never arrived whole", b)
		}
	}
	if err := <-got; err != nil {
		t.Fatal(err)
	}
}

// TestWriteNowDropsANonReader: queueing for a client that does not read
// never waits for it; once its socket is full and its queue holds
// QueueLen lines, it is dropped, as with a writer goroutine.
func TestWriteNowDropsANonReader(t *testing.T) {
	cfg := testConfig(t)
	cfg.QueueLen = 16
	ss, _ := nowPair(t, cfg)
	n := 0
	for ; n < 10000 && ss.queueNow(outLine{b: nowLine(n)}); n++ {
	}
	if n == 10000 {
		t.Fatal("10,000 lines were queued for a client that reads none")
	}
	select {
	case <-ss.Done():
	case <-time.After(waitFor):
		t.Fatal("the session was not closed")
	}
	if r := ss.reason(); !strings.Contains(r, "queue full") {
		t.Errorf("closed for %q, want the queue full", r)
	}
}
