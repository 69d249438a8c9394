//go:build unix

package netplay

import (
	"bufio"
	"fmt"
	"net"
	"strings"
	"testing"
	"time"

	"github.com/minotaur-game/minotaur/engine"
)

// TestOthersStatesNeedNoWriter: over real sockets with room in their
// buffers, a co-op action's states reach the player, the partner and a
// spectator without a writer goroutine started for any of them.
func TestOthersStatesNeedNoWriter(t *testing.T) {
	cfg := testConfig(t)
	cfg.Levels = []engine.Level{writeByLevel(t)}
	srv, addr := startServer(t, cfg)
	alice, bob := pair(t, addr, "alice", "bob")
	carol := login(t, addr, "carol")
	carol.send(map[string]any{"t": "watch", "game": alice.game})
	carol.expect(TypeStart)
	carol.expect(TypeState)
	alice.expect(TypeChat) // carol is watching
	bob.expect(TypeChat)
	before := srv.writers.Load()
	alice.act("d")
	for _, c := range []*tclient{alice, bob, carol} {
		c.expect(TypeState)
	}
	if n := srv.writers.Load() - before; n != 0 {
		t.Errorf("%d writer goroutines started for one action's states; want none (each socket had room)", n)
	}
}

// socketPair is a session on the server end of a loopback TCP connection
// with a small socket buffer, set up as ServeConn sets one up, and the
// client end.
func socketPair(t *testing.T, srv *Server, name string) (*Session, net.Conn) {
	t.Helper()
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
	ss, err := srv.Attach(name, sc)
	if err != nil {
		t.Fatal(err)
	}
	ss.conn, ss.selfWrite, ss.raw = sc, true, rawConn(sc)
	if ss.raw == nil {
		t.Fatal("a TCP connection has no descriptor to write to without waiting")
	}
	return ss, client
}

func paddedLine(i int) []byte {
	return fmt.Appendf(nil, `{"t":"n","i":%d,"pad":"%s"}`+"\n", i, strings.Repeat("x", 500))
}

// TestOwedLinesInOrderThroughAFullSocket: lines a reader queued for
// another client go out in the order queued, whole, whether the socket
// took them at once or a writer waited for the rest: bursts of them are
// more than the socket's buffer holds.
func TestOwedLinesInOrderThroughAFullSocket(t *testing.T) {
	srv, err := NewServer(testConfig(t))
	if err != nil {
		t.Fatal(err)
	}
	actor, actorEnd := socketPair(t, srv, "actor")
	other, client := socketPair(t, srv, "other")
	go func() { // the actor's client reads all it gets
		buf := make([]byte, 4096)
		for {
			if _, err := actorEnd.Read(buf); err != nil {
				return
			}
		}
	}()
	before := srv.writers.Load()
	const bursts, burst = 20, 120 // 120 lines of 530 bytes: more than the socket holds
	got := make(chan error, 1)
	next := make(chan struct{})
	go func() {
		br := bufio.NewReader(client)
		for i := 1; i <= bursts*burst; i++ {
			l, err := br.ReadBytes('\n')
			if err != nil {
				got <- fmt.Errorf("line %d: %v", i, err)
				return
			}
			if want := paddedLine(i); string(l) != string(want) {
				got <- fmt.Errorf("line %d is %.40q…, want %.40q…", i, l, want)
				return
			}
			if i%burst == 0 {
				next <- struct{}{}
			}
		}
		got <- nil
	}()
	for b := 0; b < bursts; b++ {
		// What readLoop does around a line whose answer is a burst.
		actor.handling.Store(true)
		actor.queue(outLine{b: []byte(`{"t":"pong"}` + "\n")})
		for i := 1; i <= burst; i++ {
			if !other.queueBy(outLine{b: paddedLine(b*burst + i)}, actor) {
				t.Fatalf("line %d was not queued: %s", b*burst+i, other.reason())
			}
		}
		actor.handled()
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
	if srv.writers.Load() == before {
		t.Error("no writer goroutine took what the full socket did not: the test did not fill it")
	}
}

// TestOwedLinesDropANonReader: queueing a reader's lines for a client
// that does not read never waits for it; once its socket is full and
// QueueLen lines are queued, it is dropped, as with a writer goroutine.
func TestOwedLinesDropANonReader(t *testing.T) {
	cfg := testConfig(t)
	cfg.QueueLen = 16
	srv, err := NewServer(cfg)
	if err != nil {
		t.Fatal(err)
	}
	actor, actorEnd := socketPair(t, srv, "actor")
	other, _ := socketPair(t, srv, "other")
	go func() {
		buf := make([]byte, 4096)
		for {
			if _, err := actorEnd.Read(buf); err != nil {
				return
			}
		}
	}()
	n := 0
	for ; n < 10000; n++ {
		actor.handling.Store(true)
		ok := other.queueBy(outLine{b: paddedLine(n)}, actor)
		actor.handled()
		if !ok {
			break
		}
	}
	if n == 10000 {
		t.Fatal("10,000 lines were queued for a client that reads none")
	}
	select {
	case <-other.Done():
	case <-time.After(waitFor):
		t.Fatal("the session was not closed")
	}
	if r := other.reason(); !strings.Contains(r, "queue full") {
		t.Errorf("closed for %q, want the queue full", r)
	}
	if actor.isDone() {
		t.Errorf("the actor was closed too: %s", actor.reason())
	}
}
