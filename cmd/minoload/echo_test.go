package main

import (
	"bufio"
	"bytes"
	"context"
	"io"
	"net"
	"os"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"
)

// echoTestClient is a connection to an echo server under test.
type echoTestClient struct {
	t  *testing.T
	c  net.Conn
	br *bufio.Reader
}

func dialEcho(t *testing.T, addr, first string) *echoTestClient {
	t.Helper()
	c, err := net.Dial("tcp", addr)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { c.Close() })
	c.SetDeadline(time.Now().Add(20 * time.Second)) // a guard against a hang, not a timing
	x := &echoTestClient{t: t, c: c, br: bufio.NewReader(c)}
	if first != "" {
		x.send(first)
	}
	return x
}

func (x *echoTestClient) send(line string) {
	x.t.Helper()
	if _, err := io.WriteString(x.c, line+"\n"); err != nil {
		x.t.Fatal(err)
	}
}

// expect reads n lines and checks each is size bytes of the echo's form.
func (x *echoTestClient) expect(who string, n, size int) {
	x.t.Helper()
	for i := 0; i < n; i++ {
		line, err := x.br.ReadString('\n')
		if err != nil {
			x.t.Fatalf("%s: line %d of %d: %v", who, i+1, n, err)
		}
		if len(line) != size || strings.Trim(line[:len(line)-1], "x") != "" {
			x.t.Fatalf("%s: line %d of %d is %d bytes %q; want %d bytes of x and a newline", who, i+1, n, len(line), line[:min(len(line), 20)], size)
		}
	}
}

// marker has the client ask for one line of a size nobody else is sent
// and checks it is the next line it reads: nothing else came before it.
func (x *echoTestClient) marker(who string) {
	x.t.Helper()
	x.send("1 13 0 1 0 1")
	x.expect(who+" (nothing but its marker)", 1, 13)
}

// TestFanEchoDelivers: the fan-out echo server writes the lines a request
// asks for — to the sender, to each other player of its group, to each
// spectator of it — with the counts and sizes asked, and nothing to
// another group; the single-client echo still answers "K SIZE" to its
// sender.
func TestFanEchoDelivers(t *testing.T) {
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	defer ln.Close()
	go serveEcho(ln)
	addr := ln.Addr().String()
	a := dialEcho(t, addr, "join g1 p")
	b := dialEcho(t, addr, "join g1 p")
	w1 := dialEcho(t, addr, "join g1 w")
	w2 := dialEcho(t, addr, "join g1 w")
	c := dialEcho(t, addr, "join g2 p")
	x := dialEcho(t, addr, "join g2 w")
	all := map[string]*echoTestClient{"a": a, "b": b, "w1": w1, "w2": w2, "c": c, "x": x}
	// Each has joined once its own first request is answered.
	for who, m := range all {
		m.marker(who)
	}

	a.send("1 700 2 650 1 600 xxxxxxxx")
	a.expect("the player who asked", 1, 700)
	b.expect("its partner", 2, 650)
	w1.expect("a spectator", 1, 600)
	w2.expect("the other spectator", 1, 600)

	w1.send("3 40 0 1 0 1")
	w1.expect("a spectator's request, to itself", 3, 40)

	c.send("0 1 4 90 2 33")
	x.expect("the other group's spectator", 2, 33)

	for who, m := range all {
		m.marker(who)
	}

	single := dialEcho(t, addr, "")
	single.send("3 25 xxxx")
	single.expect("the single-client echo", 3, 25)
	single.send("1 9")
	single.expect("the single-client echo, again", 1, 9)
}

// countingListener counts the lines and bytes the server writes to each
// kind of client while the clients measure: the kind is read from the
// name of the client's hello.
type countingListener struct {
	net.Listener
	st     *stats
	mu     sync.Mutex
	conns  []*countingConn
	prefix map[string]int
}

type countingConn struct {
	net.Conn
	l                *countingListener
	kind             atomic.Int32 // -1 until the hello is read
	head             []byte
	lines, byteCount atomic.Int64
}

func (l *countingListener) Accept() (net.Conn, error) {
	c, err := l.Listener.Accept()
	if err != nil {
		return nil, err
	}
	cc := &countingConn{Conn: c, l: l}
	cc.kind.Store(-1)
	l.mu.Lock()
	l.conns = append(l.conns, cc)
	l.mu.Unlock()
	return cc, nil
}

func (c *countingConn) Read(b []byte) (int, error) {
	n, err := c.Conn.Read(b)
	if c.kind.Load() < 0 {
		c.head = append(c.head, b[:n]...)
		if i := bytes.Index(c.head, []byte(`"name":"`)); i >= 0 && len(c.head) >= i+10 {
			name := string(c.head[i+8 : i+10])
			k, ok := c.l.prefix[name]
			if !ok {
				k = nKinds // not one the test expects
			}
			c.kind.Store(int32(k))
		}
	}
	return n, err
}

func (c *countingConn) Write(b []byte) (int, error) {
	n, err := c.Conn.Write(b)
	if c.l.st.measuring.Load() {
		c.lines.Add(int64(bytes.Count(b[:n], []byte("\n"))))
		c.byteCount.Add(int64(n))
	}
	return n, err
}

// TestFanOutRecorded: what the load generator records of the traffic for
// the fan-out echo agrees with what the server wrote, counted on the
// server's side of the sockets: every line the players of a kind and the
// spectators got is counted once, in the kind of the recipient (a
// spectator's states of an action under the kind of the game watched); and
// an action gets what the protocol sends for it — a state to the player
// that acted, one to its co-op partner, one to each spectator of its game.
func TestFanOutRecorded(t *testing.T) {
	var cl *countingListener
	o := options{inproc: true, games: 3, solo: 3, watchers: 6, duration: time.Second, untilAll: true,
		ramp: 200 * time.Millisecond, think: 10 * time.Millisecond, wary: true, aiLevel: 3,
		wrap: func(ln net.Listener, st *stats) net.Listener {
			cl = &countingListener{Listener: ln, st: st, prefix: map[string]int{"ld": kindCoop, "ls": kindSolo, "lw": kindWatch}}
			return cl
		}}
	var out bytes.Buffer
	st, err := load(o, &out)
	if err != nil {
		t.Fatalf("%v\n%s", err, out.String())
	}
	var written [nKinds + 1]struct{ lines, bytes int64 }
	cl.mu.Lock()
	for _, c := range cl.conns {
		k := c.kind.Load()
		if k < 0 {
			k = nKinds
		}
		written[k].lines += c.lines.Load()
		written[k].bytes += c.byteCount.Load()
	}
	cl.mu.Unlock()
	if written[nKinds].lines != 0 {
		t.Errorf("%d lines written to clients of no kind the test knows", written[nKinds].lines)
	}

	var recorded [nKinds]struct{ lines, bytes int64 }
	for k := range nKinds {
		for role := range nRoles {
			r := k
			if role == roleWatcher {
				r = kindWatch // a spectator's state, counted under the game's kind
			}
			recorded[r].lines += st.fan[k].rx[role].lines.Load()
			recorded[r].bytes += st.fan[k].rx[role].bytes.Load()
		}
	}
	// The two sides count over the same window, read at slightly different
	// moments: lines on their way at its ends may be counted on one side
	// only.
	near := func(a, b int64) bool { return float64(abs(int(a-b))) <= 0.05*float64(max(a, b))+3 }
	for _, k := range []int{kindCoop, kindSolo, kindWatch} {
		w, r := written[k], recorded[k]
		if w.lines == 0 {
			t.Errorf("%s: the server wrote nothing while measuring", kindNames[k])
		}
		if !near(w.lines, r.lines) || !near(w.bytes, r.bytes) {
			t.Errorf("%s: the server wrote %d lines (%d bytes), the generator recorded %d (%d bytes)",
				kindNames[k], w.lines, w.bytes, r.lines, r.bytes)
		}
	}

	plan := fanPlanOf(o, st, 1, 0)
	var desc bytes.Buffer
	plan.describe(&desc)
	t.Logf("the plan:\n%s", desc.String())
	kinds := map[int]fanKind{}
	for _, fk := range plan.kinds {
		kinds[fk.kind] = fk
	}
	one := func(what string, r fanRole) {
		if r.lines < 0.9 || r.lines > 1.1 || r.size < 100 {
			t.Errorf("%s: %.2f lines of %d bytes an action; want one state", what, r.lines, r.size)
		}
	}
	one("co-op, to the player who acted", kinds[kindCoop].actor)
	one("co-op, to its partner", kinds[kindCoop].partner)
	one("solo, to the player", kinds[kindSolo].actor)
	// The spectators go to the games that last (the random bots lose solo
	// games fast): a kind's games may have had none at an action.
	watched := 0
	for _, k := range []int{kindCoop, kindSolo} {
		if kinds[k].perGame > 0 {
			watched++
			one(kindNames[k]+", to each spectator", kinds[k].watcher)
		}
	}
	if watched == 0 {
		t.Error("no action was taken in a game watched")
	}
	if p := kinds[kindSolo].partner; p.lines != 0 {
		t.Errorf("solo: %.2f lines an action to a partner", p.lines)
	}
	if fk := kinds[kindWatch]; fk.conns != 6 || fk.reqRate == 0 || fk.other.lines == 0 {
		t.Errorf("spectators: %d connections, %.0f requests, %.2f lines answered to each; want 6 and some", fk.conns, fk.reqRate, fk.other.lines)
	}
	if placed := kinds[kindCoop].watchers + kinds[kindSolo].watchers + plan.idle; placed != 6 {
		t.Errorf("%d spectators placed in the echo's groups or idle, want 6", placed)
	}
}

// TestFanEchoDrive: the fan-out echo's clients open a plan's connections
// in its groups and get, for each action they send, the lines of the
// plan: here a state to the player, one to its partner and one to the
// spectator of each of two co-op games, and bytes to match.
func TestFanEchoDrive(t *testing.T) {
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	defer ln.Close()
	go serveEcho(ln)
	plan := fanPlan{duration: 500 * time.Millisecond, kinds: []fanKind{
		{kind: kindCoop, conns: 4, groups: 2, players: 2, watchers: 2, perGame: 1, actRate: 400, actSize: 20,
			actor: fanRole{1, 700}, partner: fanRole{1, 600}, watcher: fanRole{1, 500}},
		{kind: kindWatch, conns: 2},
	}}
	res, err := driveFan(context.Background(), ln.Addr().String(), os.Getpid(), plan)
	if err != nil {
		t.Fatal(err)
	}
	if res.conns != 6 {
		t.Errorf("%d connections, want 6", res.conns)
	}
	if res.acts < 20 {
		t.Fatalf("%d actions sent while measuring: the test tests nothing", res.acts)
	}
	// Lines on their way at the window's ends are counted by one side.
	perAct := float64(res.rxLines) / float64(res.acts)
	perByte := float64(res.rxBytes) / float64(res.acts)
	if perAct < 2.7 || perAct > 3.3 || perByte < 1620 || perByte > 1980 {
		t.Errorf("%.2f lines (%.0f bytes) an action; want 3 (1800)", perAct, perByte)
	}
}
