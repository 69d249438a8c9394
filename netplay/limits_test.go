package netplay

import (
	"bufio"
	"bytes"
	"fmt"
	"log/slog"
	"net"
	"strings"
	"sync"
	"testing"
	"time"
)

// dialFrom connects to addr from the loopback address from (127.0.0.2 is
// another host as far as the server can tell).
func dialFrom(t *testing.T, from, addr string) *tclient {
	t.Helper()
	d := net.Dialer{LocalAddr: &net.TCPAddr{IP: net.ParseIP(from)}, Timeout: waitFor}
	c, err := d.Dial("tcp", addr)
	if err != nil {
		t.Fatalf("dial %s from %s: %v", addr, from, err)
	}
	t.Cleanup(func() { c.Close() })
	return &tclient{t: t, conn: c, r: bufio.NewReaderSize(c, 1<<16)}
}

// TestPerAddressCap: one host holds at most MaxPerAddr connections; the
// next gets server_full and says why, while another host gets in and plays.
// A closed connection frees its place.
func TestPerAddressCap(t *testing.T) {
	cfg := testConfig(t)
	cfg.MaxPerAddr = 4
	_, addr := startServer(t, cfg)
	var held []*tclient
	for range cfg.MaxPerAddr {
		held = append(held, dial(t, addr)) // silent: they never say hello
	}
	over := dial(t, addr)
	if e := over.expectError(CodeServerFull); !strings.Contains(e.Msg, "too many connections from your address (at most 4)") {
		t.Errorf("refusal %q does not say why", e.Msg)
	}
	over.expectClosed()

	other := dialFrom(t, "127.0.0.2", addr)
	other.hello("other-host")

	held[0].conn.Close()
	deadline := time.Now().Add(waitFor)
	for {
		c := dial(t, addr)
		c.send(map[string]any{"t": "hello", "v": 1, "name": "back"})
		if m := c.recv(); m.Type() == TypeWelcome {
			break
		} else if time.Now().After(deadline) {
			t.Fatalf("a closed connection never freed its place: %+v", m)
		}
		time.Sleep(10 * time.Millisecond)
	}
}

// TestHelloDeadline: a connection that sends only blank lines (or anything
// but a successful hello) is told and closed after HelloTimeout; one that
// said hello stays however quiet, within the keep-alive.
func TestHelloDeadline(t *testing.T) {
	cfg := testConfig(t)
	cfg.HelloTimeout = 300 * time.Millisecond
	_, addr := startServer(t, cfg)
	player := login(t, addr, "player")
	start := time.Now() // before the server's hello clock starts
	blank := dial(t, addr)
	pinger := dial(t, addr)
	stop := make(chan struct{})
	defer close(stop)
	go func() {
		tick := time.NewTicker(20 * time.Millisecond)
		defer tick.Stop()
		for {
			select {
			case <-stop:
				return
			case <-tick.C:
				blank.conn.Write([]byte("\n"))
				pinger.conn.Write([]byte(`{"t":"ping"}` + "\n"))
			}
		}
	}()
	if e := blank.expectError(CodeProto); !strings.Contains(e.Msg, "no hello within 300ms") {
		t.Errorf("error %q does not say why", e.Msg)
	}
	blank.expectClosed()
	if d := time.Since(start); d < cfg.HelloTimeout {
		t.Errorf("closed after %v, before the hello timeout of %v", d, cfg.HelloTimeout)
	}
	for {
		m := pinger.recv()
		if e, ok := m.(*Error); ok {
			if e.Code != CodeProto || !strings.Contains(e.Msg, "no hello") {
				t.Fatalf("pinger got %+v", e)
			}
			break
		}
	}
	pinger.expectClosed(TypePong)
	time.Sleep(cfg.HelloTimeout)
	player.send(map[string]any{"t": "ping"})
	player.expect(TypePong)
}

// TestSilentFlood is row 4 of the attack run: one host opens far more
// connections than the budget, never says hello and sends a blank line now
// and then. A player from another host still gets in at once, and once the
// hello deadline has passed the flood holds nothing.
func TestSilentFlood(t *testing.T) {
	cfg := testConfig(t)
	cfg.MaxClients = 40
	cfg.MaxPerAddr = 10
	cfg.HelloTimeout = 500 * time.Millisecond
	srv, addr := startServer(t, cfg)
	var flood []net.Conn
	for range 3 * cfg.MaxClients {
		c, err := net.Dial("tcp", addr)
		if err != nil {
			t.Fatal(err)
		}
		defer c.Close()
		flood = append(flood, c)
	}
	stop := make(chan struct{})
	var wg sync.WaitGroup
	wg.Add(1)
	go func() {
		defer wg.Done()
		for {
			select {
			case <-stop:
				return
			case <-time.After(100 * time.Millisecond):
			}
			for _, c := range flood {
				c.SetWriteDeadline(time.Now().Add(10 * time.Millisecond))
				c.Write([]byte("\n"))
			}
		}
	}()
	defer func() { close(stop); wg.Wait() }()
	// Another host is in at once, while the flood holds its places.
	a := dialFrom(t, "127.0.0.2", addr)
	a.hello("alice")
	b := dialFrom(t, "127.0.0.3", addr)
	b.hello("bob")
	startGame(t, a, b)
	// The flood is gone after the hello deadline, blank lines or not.
	deadline := time.Now().Add(waitFor)
	for srv.Stats().Clients > 2 {
		if time.Now().After(deadline) {
			t.Fatalf("%d connections still held %v after the hello deadline", srv.Stats().Clients-2, waitFor)
		}
		time.Sleep(20 * time.Millisecond)
	}
	a.act("d")
	a.expect(TypeState)
}

// TestWrongTokens: wrong tokens count as bad lines (MaxBadLines in a row
// close the connection), and the log records them at most once a second
// per address.
func TestWrongTokens(t *testing.T) {
	cfg := testConfig(t)
	var logBuf syncBuffer
	cfg.Logger = slog.New(slog.NewTextHandler(&logBuf, nil))
	_, addr := startServer(t, cfg)
	for i := range 3 {
		c := dial(t, addr)
		for j := range MaxBadLines {
			c.send(map[string]any{"t": "hello", "v": 1, "name": "x", "token": fmt.Sprintf("%032x", i*10+j)})
			e := c.expectError(CodeProto)
			if last := j == MaxBadLines-1; last != strings.Contains(e.Msg, "closed") {
				t.Fatalf("wrong token %d: %q", j+1, e.Msg)
			}
		}
		c.expectClosed()
	}
	if n := strings.Count(logBuf.String(), "resume refused"); n != 1 {
		t.Errorf("%d log lines about wrong tokens in well under a second, want 1:\n%s", n, logBuf.String())
	}
	// A right token after a wrong one still resumes a seat.
	carol, _ := pair(t, addr, "carol", "dave")
	carol.conn.Close()
	c := dial(t, addr)
	c.send(map[string]any{"t": "hello", "v": 1, "token": "0123"})
	c.expectError(CodeProto)
	c.send(map[string]any{"t": "hello", "v": 1, "token": carol.token})
	if got := c.expect(TypeWelcome).(*Welcome); got.Name != "carol" {
		t.Errorf("resumed as %q", got.Name)
	}
}

// syncBuffer is a bytes.Buffer safe for the server's goroutines.
type syncBuffer struct {
	mu sync.Mutex
	b  bytes.Buffer
}

func (s *syncBuffer) Write(p []byte) (int, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.b.Write(p)
}

func (s *syncBuffer) String() string {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.b.String()
}

func TestHostOf(t *testing.T) {
	for in, want := range map[string]string{
		"127.0.0.1:5000":            "127.0.0.1",
		"[::ffff:10.1.2.3]:7":       "10.1.2.3",
		"[2001:db8:1:2:3:4:5:6]:22": "2001:db8:1:2::/64",
		"[2001:db8:1:2:ffff::1]:22": "2001:db8:1:2::/64",
		"[fe80::1%eth0]:22":         "fe80::/64",
		"pipe":                      "pipe",
	} {
		if got := hostOfString(in); got != want {
			t.Errorf("hostOf(%s) = %s, want %s", in, got, want)
		}
	}
}
