package main

import (
	"bufio"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"log/slog"
	"net"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"github.com/minotaur-game/minotaur/netplay"
)

// --- the lobby attacks (minoabuse lobby) --------------------------------
//
// Three attacks on what the lobby keeps for its players, each against a
// fresh game server in this process, each for --each:
//
//   - invite: connections from many loopback addresses say hello with a
//     fresh name, invite one idle player and leave, as fast as they can;
//   - daily: fresh names start a daily attempt and leave it at once, while
//     a newcomer says hello every 200 ms (its welcome is timed);
//   - chat: 50 spectators from two addresses each chat within their own
//     rate limit at once, every 5 s, while the player acts at full speed.
//
// Before and after each (the attackers gone, --settle at most), the
// process's heap, open files and goroutines are measured.

// lobbyAttack is one of the attacks: it runs until ctx is done and returns
// what it found.
type lobbyAttack struct {
	name string
	run  func(ctx context.Context, addr, data string) result
	// queue is the server's outgoing queue per client (0: the default).
	// The invitation churn runs with a long one, so that what it measures
	// is what the server keeps for the idle player, not whether the idle
	// player keeps up with the lines on a busy machine.
	queue int
}

// result is an attack's report: its lines, the connections of
// well-behaved players it keeps open for the measure after it (the idle
// player who was invited stays), and what closes them.
type result struct {
	lines []string
	keep  int
	done  func()
}

func lines(l ...string) result { return result{lines: l, done: func() {}} }

var lobbyAttacks = []lobbyAttack{
	{"invite", inviteChurn, 8192},
	{"daily", dailyFlood, 0},
	{"chat", spectatorChat, 0},
}

// lobby runs the attacks named in o.attacks, one after another.
func lobby(ctx context.Context, o options, out io.Writer) error {
	for _, a := range lobbyAttacks {
		if !strings.Contains(","+o.attacks+",", ","+a.name+",") && o.attacks != "all" {
			continue
		}
		if err := lobbyRound(ctx, o, a, out); err != nil {
			return err
		}
		if ctx.Err() != nil {
			return ctx.Err()
		}
	}
	return nil
}

func lobbyRound(ctx context.Context, o options, a lobbyAttack, out io.Writer) error {
	data, err := os.MkdirTemp("", "minoabuse-lobby-*")
	if err != nil {
		return err
	}
	defer os.RemoveAll(data)
	logger := slog.New(slog.NewTextHandler(io.Discard, nil))
	if o.verbose {
		logger = slog.New(slog.NewTextHandler(os.Stderr, &slog.HandlerOptions{Level: slog.LevelInfo}))
	}
	srv, err := netplay.NewServer(netplay.Config{DataDir: data, Logger: logger,
		MaxPerAddr: netplay.DefaultMaxPerAddr, QueueLen: a.queue})
	if err != nil {
		return err
	}
	ln, err := net.Listen("tcp", o.listen)
	if err != nil {
		return err
	}
	go srv.Serve(ln)
	time.Sleep(200 * time.Millisecond)
	base := snapshot()
	fmt.Fprintf(out, "\n%s attack for %v against %s\n", a.name, o.each, ln.Addr())
	fmt.Fprintf(out, "  before:  %s\n", base)

	var peak snap
	var peakMu sync.Mutex
	actx, stop := context.WithTimeout(ctx, o.each)
	sampling, stopSampling := context.WithCancel(ctx)
	go func() {
		for sampling.Err() == nil {
			s := snapshot()
			peakMu.Lock()
			peak = peak.max(s)
			peakMu.Unlock()
			sleep(sampling, time.Second)
		}
	}()
	res := a.run(actx, ln.Addr().String(), data)
	stop()
	stopSampling()
	deadline := time.Now().Add(o.settle)
	for srv.Stats().Clients > res.keep && time.Now().Before(deadline) {
		time.Sleep(100 * time.Millisecond)
	}
	time.Sleep(time.Second)
	after := snapshot()
	st := srv.Stats()
	res.done()
	for _, l := range res.lines {
		fmt.Fprintf(out, "  %s\n", l)
	}
	fmt.Fprintf(out, "  peak:    %s\n", peak)
	fmt.Fprintf(out, "  after:   %s (%d connections, %d players on the server, the attackers gone)\n", after, st.Clients, st.Players)
	sctx, cancel := context.WithTimeout(context.Background(), 15*time.Second)
	defer cancel()
	return srv.Shutdown(sctx)
}

// rawClient is a protocol client as cheap as can be: lines written and
// read by hand.
type rawClient struct {
	c net.Conn
	r *bufio.Reader
}

func rawDial(ctx context.Context, src *net.TCPAddr, addr string) (*rawClient, error) {
	c, err := dialFrom(ctx, src, addr)
	if err != nil {
		return nil, err
	}
	return &rawClient{c: c, r: bufio.NewReaderSize(c, 8192)}, nil
}

func (r *rawClient) send(line string) error {
	r.c.SetWriteDeadline(time.Now().Add(5 * time.Second))
	_, err := io.WriteString(r.c, line+"\n")
	return err
}

// until reads lines until one of type t (or an error message) comes, and
// returns it.
func (r *rawClient) until(t ...string) (string, map[string]any, error) {
	r.c.SetReadDeadline(time.Now().Add(10 * time.Second))
	for {
		line, err := r.r.ReadString('\n')
		if err != nil {
			return "", nil, err
		}
		var m map[string]any
		if json.Unmarshal([]byte(line), &m) != nil {
			continue
		}
		typ, _ := m["t"].(string)
		if typ == "error" {
			return typ, m, nil
		}
		for _, want := range t {
			if typ == want {
				return typ, m, nil
			}
		}
	}
}

func (r *rawClient) close() { r.c.Close() }

// drain reads and drops everything r is sent until it closes: a player
// that reads at full speed.
func (r *rawClient) drain(n *atomic.Int64) {
	buf := make([]byte, 32<<10)
	for {
		r.c.SetReadDeadline(time.Time{})
		k, err := r.r.Read(buf)
		if n != nil {
			n.Add(int64(k))
		}
		if err != nil {
			return
		}
	}
}

// workers runs f on n goroutines until ctx is done; worker i's source
// addresses are of the family fam.
func workers(ctx context.Context, n int, f func(i, round int)) {
	var wg sync.WaitGroup
	for i := range n {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for round := 0; ctx.Err() == nil; round++ {
				f(i, round)
			}
		}()
	}
	wg.Wait()
}

// inviters is how many connections at once the invitation churn runs.
var inviters = 16

// inviteChurn: fresh names invite an idle player and leave.
func inviteChurn(ctx context.Context, addr, _ string) result {
	idle, err := rawDial(ctx, &net.TCPAddr{IP: net.IPv4(127, 0, 0, 2)}, addr)
	if err != nil {
		return lines("the idle player cannot connect: " + err.Error())
	}
	idle.send(`{"t":"hello","v":1,"name":"idle"}`)
	if _, _, err := idle.until("welcome"); err != nil {
		idle.close()
		return lines("the idle player: " + err.Error())
	}
	var read atomic.Int64
	go idle.drain(&read)
	pinging, stopPinging := context.WithCancel(context.Background())
	go func() { // a sign of life: the idle player is not silent
		for pinging.Err() == nil {
			idle.send(`{"t":"ping"}`)
			sleep(pinging, 5*time.Second)
		}
	}()
	var sent, refused, failed atomic.Int64
	var codesMu sync.Mutex
	codes := map[string]int{}
	start := time.Now()
	workers(ctx, inviters, func(i, round int) {
		// The workers over 1000 addresses: no address holds more
		// connections than the server allows.
		src := source(3, (i*4+round)%1000)
		c, err := rawDial(ctx, src, addr)
		if err != nil {
			failed.Add(1)
			sleep(ctx, 10*time.Millisecond)
			return
		}
		defer c.close()
		c.send(fmt.Sprintf(`{"t":"hello","v":1,"name":"c%d_%d"}`, i, round))
		c.send(`{"t":"invite","to":"idle"}`)
		switch typ, m, err := c.until("invite_sent"); {
		case err != nil:
			failed.Add(1)
		case typ == "error":
			refused.Add(1)
			code, _ := m["code"].(string)
			codesMu.Lock()
			codes[code]++
			codesMu.Unlock()
		default:
			sent.Add(1)
		}
		c.send(`{"t":"bye"}`)
	})
	d := time.Since(start)
	return result{lines: []string{fmt.Sprintf("%d invitations sent (%.0f/s), %d refused %v, %d failed; the idle player read %.1f MiB and stays connected for the measure after",
		sent.Load(), float64(sent.Load())/d.Seconds(), refused.Load(), codes, failed.Load(), float64(read.Load())/(1<<20))},
		keep: 1, done: func() { stopPinging(); idle.close() }}
}

// dailyFlood: fresh names start a daily attempt and leave it at once,
// while a newcomer's hello is timed.
func dailyFlood(ctx context.Context, addr, data string) result {
	var started, limited, failed atomic.Int64
	var hello latencies
	var helloErr error
	var wg sync.WaitGroup
	wg.Add(1)
	go func() {
		defer wg.Done()
		for n := 0; ctx.Err() == nil; n++ {
			t0 := time.Now()
			c, err := rawDial(ctx, &net.TCPAddr{IP: net.IPv4(127, 0, 0, 3)}, addr)
			if err != nil {
				helloErr = err
				return
			}
			c.send(fmt.Sprintf(`{"t":"hello","v":1,"name":"newcomer%d"}`, n))
			if _, _, err := c.until("welcome"); err != nil && ctx.Err() == nil {
				helloErr = err
			}
			hello.add(time.Since(t0))
			c.close()
			sleep(ctx, 200*time.Millisecond)
		}
	}()
	start := time.Now()
	workers(ctx, 32, func(i, round int) {
		src := source(4, (i*64+round)%60000)
		c, err := rawDial(ctx, src, addr)
		if err != nil {
			failed.Add(1)
			sleep(ctx, 10*time.Millisecond)
			return
		}
		defer c.close()
		c.send(fmt.Sprintf(`{"t":"hello","v":1,"name":"d%d_%d"}`, i, round))
		c.send(`{"t":"solo","daily":true}`)
		typ, m, err := c.until("start")
		switch {
		case err != nil:
			failed.Add(1)
		case typ == "error":
			if m["code"] == "rate_limited" {
				limited.Add(1)
			} else {
				failed.Add(1)
			}
		default:
			started.Add(1)
			c.send(`{"t":"leave"}`)
			c.until("over")
		}
		c.send(`{"t":"bye"}`)
	})
	d := time.Since(start)
	wg.Wait()
	size := int64(0)
	if files, _ := filepath.Glob(filepath.Join(data, "daily", "*.json")); len(files) > 0 {
		if st, err := os.Stat(files[0]); err == nil {
			size = st.Size()
		}
	}
	out := []string{fmt.Sprintf("%d daily attempts begun (%.0f/s), %d refused (rate_limited), %d failed; the day's table file %.1f KiB",
		started.Load(), float64(started.Load())/d.Seconds(), limited.Load(), failed.Load(), float64(size)/1024)}
	if helloErr != nil {
		out = append(out, "a newcomer's hello FAILED: "+helloErr.Error())
	}
	out = append(out, fmt.Sprintf("a newcomer's hello meanwhile: %d samples, p50 %v, p99 %v, max %v", hello.n(),
		hello.pct(0.5).Round(10*time.Microsecond), hello.pct(0.99).Round(10*time.Microsecond), hello.pct(1).Round(10*time.Microsecond)))
	return lines(out...)
}

// spectatorChat: 50 spectators from two addresses chat within their own
// limit, all at once every 5 s, while the player acts at full speed.
func spectatorChat(ctx context.Context, addr, _ string) result {
	player, err := rawDial(ctx, &net.TCPAddr{IP: net.IPv4(127, 0, 0, 2)}, addr)
	if err != nil {
		return lines("the player cannot connect: " + err.Error())
	}
	defer player.close()
	player.send(`{"t":"hello","v":1,"name":"player"}`)
	player.send(`{"t":"solo","daily":false}`)
	_, m, err := player.until("start")
	if err != nil || m["game"] == nil {
		return lines(fmt.Sprintf("the player's game did not start: %v %v", err, m))
	}
	game := m["game"].(string)
	var fans []*rawClient
	for i := range 50 {
		c, err := rawDial(ctx, &net.TCPAddr{IP: net.IPv4(127, 0, 1, byte(1+i%2))}, addr)
		if err != nil {
			return lines("a spectator cannot connect: " + err.Error())
		}
		defer c.close()
		c.send(fmt.Sprintf(`{"t":"hello","v":1,"name":"fan%d"}`, i))
		c.send(fmt.Sprintf(`{"t":"watch","game":%q}`, game))
		if _, _, err := c.until("start"); err != nil {
			return lines("a spectator cannot watch: " + err.Error())
		}
		go c.drain(nil)
		fans = append(fans, c)
	}
	// The player reads at full speed and acts as fast as it can (a new
	// game when one ends).
	var states, chats atomic.Int64
	var dropped atomic.Bool
	done := make(chan struct{})
	go func() {
		moves := []string{"d", "s", "a", "w"}
		for n := 0; ; n++ {
			select {
			case <-done:
				return
			case <-time.After(time.Millisecond):
			}
			player.send(`{"t":"act","a":"` + moves[n%4] + `"}`)
		}
	}()
	reading := make(chan struct{})
	go func() {
		defer close(reading)
		for {
			player.c.SetReadDeadline(time.Now().Add(30 * time.Second))
			line, err := player.r.ReadString('\n')
			if err != nil {
				if ctx.Err() == nil {
					dropped.Store(true)
				}
				return
			}
			switch {
			case strings.HasPrefix(line, `{"t":"state"`):
				states.Add(1)
			case strings.HasPrefix(line, `{"t":"chat"`):
				chats.Add(1)
			case strings.HasPrefix(line, `{"t":"over"`):
				player.send(`{"t":"solo","daily":false}`)
			}
		}
	}()
	rounds := 0
	for ctx.Err() == nil {
		for _, c := range fans {
			for k := range netplay.ChatBurst {
				c.send(fmt.Sprintf(`{"t":"chat","text":"go %d"}`, k))
			}
		}
		rounds++
		sleep(ctx, 5*time.Second+50*time.Millisecond)
	}
	close(done)
	player.close()
	<-reading
	verdict := "the player stayed connected"
	if dropped.Load() {
		verdict = "the player was DROPPED"
	}
	return lines(fmt.Sprintf("%d rounds of 50 spectators × %d lines; the player read %d states and %d chat lines; %s",
		rounds, netplay.ChatBurst, states.Load(), chats.Load(), verdict))
}
