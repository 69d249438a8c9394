// Command minoload is a load generator for the Minotaur game server: it
// opens bot clients in pairs, each pair plays co-op games of random legal
// moves (a new game as soon as one ends), and it reports the latency from
// an action to the state that answers it, the throughput, and the server's
// memory.
//
//	minotaur serve --addr 127.0.0.1:7777 --data /tmp/minoload --max-per-addr 2100 &
//	minoload --addr 127.0.0.1:7777 --games 1000 --duration 60s --pid $!
//
// Every bot connects from 127.0.0.1, so the server must allow that many
// connections from one address (--max-per-addr, 32 by default).
//
// With --inproc it starts a server in its own process instead (then the
// memory reported is the whole process's, bots included).
package main

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"math/rand/v2"
	"net"
	"os"
	"os/signal"
	"runtime"
	"runtime/pprof"
	"sort"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"github.com/spf13/pflag"

	"github.com/minotaur-game/minotaur/netplay"
	"github.com/minotaur-game/minotaur/saves"
)

func main() {
	os.Exit(run(os.Args[1:], os.Stdout, os.Stderr))
}

type options struct {
	addr     string
	games    int
	duration time.Duration
	ramp     time.Duration
	think    time.Duration
	pid      int
	inproc   bool
	data     string
	profile  string
}

const usage = `usage: minoload [flags]

Opens 2×--games bot connections to a Minotaur server; each pair plays co-op
games of random legal moves, thinking --think on average before a move.
After the ramp-up it measures for --duration and prints the latency from an
action to the state that answers it (percentiles), the throughput and the
server's memory (--pid, or --inproc).

Flags:
%s`

func run(args []string, stdout, stderr io.Writer) int {
	fs := pflag.NewFlagSet("minoload", pflag.ContinueOnError)
	fs.SetOutput(io.Discard)
	var o options
	fs.StringVar(&o.addr, "addr", "127.0.0.1:7777", "the server's address")
	fs.IntVar(&o.games, "games", 100, "concurrent games (two connections each)")
	fs.DurationVar(&o.duration, "duration", 30*time.Second, "how long to measure, after the ramp-up")
	fs.DurationVar(&o.ramp, "ramp", 10*time.Second, "time over which the pairs connect")
	fs.DurationVar(&o.think, "think", 250*time.Millisecond, "mean time a bot thinks before a move (uniform in 0..2×think)")
	fs.IntVar(&o.pid, "pid", 0, "process id of the server, to report its memory and CPU (Linux)")
	fs.BoolVar(&o.inproc, "inproc", false, "start a server in this process instead of using --addr")
	fs.StringVar(&o.data, "data", "", "with --inproc: the server's data folder (empty: games in memory only)")
	fs.StringVar(&o.profile, "cpuprofile", "", "write a CPU profile of this process while measuring (with --inproc: the server's too)")
	if err := fs.Parse(args); err != nil {
		if errors.Is(err, pflag.ErrHelp) {
			fmt.Fprintf(stdout, usage, fs.FlagUsages())
			return 0
		}
		fmt.Fprintf(stderr, "minoload: %v\nusage: minoload [flags] (run 'minoload --help' for more)\n", err)
		return 2
	}
	if o.games < 1 || o.duration <= 0 || o.think < 0 || o.ramp < 0 {
		fmt.Fprintln(stderr, "minoload: --games, --duration must be positive and --think, --ramp not negative")
		return 2
	}
	if err := load(o, stdout); err != nil {
		fmt.Fprintf(stderr, "minoload: %v\n", err)
		return 1
	}
	return 0
}

// stats is what the bots measure.
type stats struct {
	measuring atomic.Bool
	acts      atomic.Int64 // actions answered while measuring
	states    atomic.Int64 // states received while measuring
	started   atomic.Int64 // games started while measuring
	finished  atomic.Int64 // games over while measuring
	connected atomic.Int64
	dropped   atomic.Int64
	mu        sync.Mutex
	lat       []int32 // microseconds
	errs      map[string]int
}

func (s *stats) addErr(code string) {
	s.mu.Lock()
	s.errs[code]++
	s.mu.Unlock()
}

func load(o options, out io.Writer) error {
	var srv *netplay.Server
	if o.inproc {
		var err error
		srv, err = netplay.NewServer(netplay.Config{DataDir: o.data, MaxClients: 2*o.games + 16, MaxPerAddr: 2*o.games + 16})
		if err != nil {
			return err
		}
		ln, err := net.Listen("tcp", "127.0.0.1:0")
		if err != nil {
			return err
		}
		go srv.Serve(ln)
		o.addr = ln.Addr().String()
		defer srv.Shutdown(context.Background())
	}
	st := &stats{errs: map[string]int{}}
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt)
	defer stop()
	ctx, cancel := context.WithCancel(ctx)
	defer cancel()

	fmt.Fprintf(out, "minoload: %d games (%d connections) against %s, think %v, ramp %v, measure %v\n",
		o.games, 2*o.games, o.addr, o.think, o.ramp, o.duration)
	var wg sync.WaitGroup
	start := time.Now()
	for i := 0; i < o.games; i++ {
		if o.ramp > 0 {
			due := start.Add(time.Duration(int64(o.ramp) * int64(i) / int64(o.games)))
			time.Sleep(time.Until(due))
		}
		if ctx.Err() != nil {
			break
		}
		wg.Add(1)
		go func(i int) {
			defer wg.Done()
			if err := playPair(ctx, o, st, i); err != nil && ctx.Err() == nil {
				st.addErr("pair: " + err.Error())
			}
		}(i)
	}
	// Let the last pairs start their games.
	time.Sleep(time.Second)
	cpu0, _ := procCPU(o.pid)
	rss0 := procMem(o.pid)
	if o.profile != "" {
		// The profile is kept in memory and written like every file of the
		// project, through saves.WriteFile.
		var buf bytes.Buffer
		if err := pprof.StartCPUProfile(&buf); err != nil {
			return err
		}
		defer func() {
			pprof.StopCPUProfile()
			if err := saves.WriteFile(o.profile, buf.Bytes()); err != nil {
				fmt.Fprintf(os.Stderr, "minoload: %v\n", err)
			}
		}()
	}
	st.measuring.Store(true)
	t0 := time.Now()
	peak := rss0
	tick := time.NewTicker(time.Second)
	end := time.After(o.duration)
measure:
	for {
		select {
		case <-tick.C:
			if m := procMem(o.pid); m.rss > peak.rss {
				peak.rss = m.rss
			}
		case <-end:
			break measure
		case <-ctx.Done():
			break measure
		}
	}
	tick.Stop()
	st.measuring.Store(false)
	elapsed := time.Since(t0)
	cpu1, _ := procCPU(o.pid)
	rss1 := procMem(o.pid)
	var ms runtime.MemStats
	if o.inproc {
		runtime.ReadMemStats(&ms)
	}
	var stats netplay.Stats
	if srv != nil {
		stats = srv.Stats()
	}
	cancel()
	wg.Wait()

	st.mu.Lock()
	lat := st.lat
	st.mu.Unlock()
	sort.Slice(lat, func(i, j int) bool { return lat[i] < lat[j] })
	pct := func(p float64) time.Duration {
		if len(lat) == 0 {
			return 0
		}
		i := int(p / 100 * float64(len(lat)-1))
		return time.Duration(lat[i]) * time.Microsecond
	}
	fmt.Fprintf(out, "connections: %d connected, %d dropped by the server\n", st.connected.Load(), st.dropped.Load())
	fmt.Fprintf(out, "measured %.1fs: %d actions (%.0f/s), %d states (%.0f/s), %d games started, %d finished\n",
		elapsed.Seconds(), st.acts.Load(), float64(st.acts.Load())/elapsed.Seconds(),
		st.states.Load(), float64(st.states.Load())/elapsed.Seconds(), st.started.Load(), st.finished.Load())
	fmt.Fprintf(out, "action→state latency: p50 %v  p90 %v  p99 %v  p99.9 %v  max %v  (%d samples)\n",
		pct(50), pct(90), pct(99), pct(99.9), pct(100), len(lat))
	if o.pid > 0 {
		fmt.Fprintf(out, "server memory: RSS %.1f MiB at the end, peak %.1f MiB while measuring (VmHWM %.1f MiB)\n",
			mib(rss1.rss), mib(max(peak.rss, rss1.rss)), mib(rss1.hwm))
		if cpu1 > cpu0 {
			fmt.Fprintf(out, "server CPU: %.0f%% of one core while measuring\n", 100*(cpu1-cpu0).Seconds()/elapsed.Seconds())
		}
	}
	if o.inproc {
		fmt.Fprintf(out, "process memory (server and bots): Sys %.1f MiB, heap in use %.1f MiB, goroutines %d; server: %d clients, %d games\n",
			mib(int64(ms.Sys)), mib(int64(ms.HeapInuse)), runtime.NumGoroutine(), stats.Clients, stats.Games)
	}
	if len(st.errs) > 0 {
		var keys []string
		for k := range st.errs {
			keys = append(keys, k)
		}
		sort.Strings(keys)
		for _, k := range keys {
			fmt.Fprintf(out, "error %s: %d\n", k, st.errs[k])
		}
	}
	return nil
}

func mib(b int64) float64 { return float64(b) / (1 << 20) }

type mem struct{ rss, hwm int64 }

// procMem reads a process's resident memory from /proc (Linux).
func procMem(pid int) mem {
	var m mem
	if pid <= 0 {
		return m
	}
	data, err := os.ReadFile("/proc/" + strconv.Itoa(pid) + "/status")
	if err != nil {
		return m
	}
	for _, line := range strings.Split(string(data), "\n") {
		f := strings.Fields(line)
		if len(f) < 2 {
			continue
		}
		kb, _ := strconv.ParseInt(f[1], 10, 64)
		switch f[0] {
		case "VmRSS:":
			m.rss = kb << 10
		case "VmHWM:":
			m.hwm = kb << 10
		}
	}
	return m
}

// procCPU reads a process's CPU time (user+system) from /proc (Linux,
// 100 ticks a second).
func procCPU(pid int) (time.Duration, error) {
	if pid <= 0 {
		return 0, nil
	}
	data, err := os.ReadFile("/proc/" + strconv.Itoa(pid) + "/stat")
	if err != nil {
		return 0, err
	}
	s := string(data)
	f := strings.Fields(s[strings.LastIndexByte(s, ')')+2:])
	if len(f) < 13 {
		return 0, errors.New("short stat")
	}
	u, _ := strconv.ParseInt(f[11], 10, 64)
	k, _ := strconv.ParseInt(f[12], 10, 64)
	return time.Duration(u+k) * 10 * time.Millisecond, nil
}

// bot is one connection.
type bot struct {
	name    string
	partner string
	inviter bool
	o       options
	st      *stats
	rng     *rand.Rand
	conn    net.Conn
	wmu     sync.Mutex
	w       *bufio.Writer
	seat    int
	sentAt  atomic.Int64 // when the pending action was sent (unix ns), 0 none
	timer   *time.Timer
}

// playPair connects two bots and plays until ctx ends.
func playPair(ctx context.Context, o options, st *stats, i int) error {
	a := &bot{name: fmt.Sprintf("ld%da", i), partner: fmt.Sprintf("ld%db", i), inviter: true, o: o, st: st,
		rng: rand.New(rand.NewPCG(uint64(i), 1))}
	b := &bot{name: fmt.Sprintf("ld%db", i), partner: fmt.Sprintf("ld%da", i), o: o, st: st,
		rng: rand.New(rand.NewPCG(uint64(i), 2))}
	for _, x := range []*bot{b, a} {
		if err := x.connect(ctx); err != nil {
			return err
		}
	}
	errc := make(chan error, 2)
	go func() { errc <- b.loop(ctx) }()
	go func() { errc <- a.loop(ctx) }()
	err := <-errc
	a.conn.Close()
	b.conn.Close()
	<-errc
	return err
}

func (x *bot) connect(ctx context.Context) error {
	var d net.Dialer
	c, err := d.DialContext(ctx, "tcp", x.o.addr)
	if err != nil {
		return err
	}
	x.conn = c
	x.w = bufio.NewWriter(c)
	x.st.connected.Add(1)
	go func() { <-ctx.Done(); c.Close() }()
	return x.send(`{"t":"hello","v":1,"name":"` + x.name + `"}`)
}

func (x *bot) send(line string) error {
	x.wmu.Lock()
	defer x.wmu.Unlock()
	x.conn.SetWriteDeadline(time.Now().Add(30 * time.Second))
	x.w.WriteString(line)
	x.w.WriteByte('\n')
	return x.w.Flush()
}

// botState is the part of a state the bots read.
type botState struct {
	YourTurn bool     `json:"your_turn"`
	Key      bool     `json:"key"`
	Map      []string `json:"map"`
	Players  []struct {
		Seat  int    `json:"seat"`
		X     int    `json:"x"`
		Y     int    `json:"y"`
		State string `json:"state"`
	} `json:"players"`
}

type botMsg struct {
	T    string `json:"t"`
	Seat int    `json:"seat"`
	Code string `json:"code"`
	From string `json:"from"`
}

var (
	prefixState = []byte(`{"t":"state"`)
	prefixLobby = []byte(`{"t":"lobby"`)
)

// loop reads the server's lines and plays.
func (x *bot) loop(ctx context.Context) error {
	br := bufio.NewReaderSize(x.conn, 64*1024)
	for {
		line, err := br.ReadSlice('\n')
		if err != nil {
			if ctx.Err() != nil {
				return nil
			}
			x.st.dropped.Add(1)
			return fmt.Errorf("%s: %v", x.name, err)
		}
		if hasPrefix(line, prefixLobby) {
			continue
		}
		if hasPrefix(line, prefixState) {
			now := time.Now()
			var s botState
			if err := json.Unmarshal(line, &s); err != nil {
				return err
			}
			if sent := x.sentAt.Swap(0); sent != 0 && x.st.measuring.Load() {
				x.st.mu.Lock()
				x.st.lat = append(x.st.lat, int32(now.Sub(time.Unix(0, sent))/time.Microsecond))
				x.st.mu.Unlock()
				x.st.acts.Add(1)
			}
			if x.st.measuring.Load() {
				x.st.states.Add(1)
			}
			if s.YourTurn {
				x.plan(&s)
			}
			continue
		}
		var m botMsg
		if err := json.Unmarshal(line, &m); err != nil {
			return err
		}
		switch m.T {
		case netplay.TypeWelcome:
			if x.inviter {
				x.send(`{"t":"invite","to":"` + x.partner + `"}`)
			}
		case netplay.TypePing:
			x.send(`{"t":"pong"}`)
		case netplay.TypeInvited:
			x.send(`{"t":"accept","from":"` + m.From + `"}`)
		case netplay.TypeStart:
			x.seat = m.Seat
			if x.inviter && x.st.measuring.Load() {
				x.st.started.Add(1)
			}
		case netplay.TypeOver:
			if x.timer != nil {
				x.timer.Stop()
			}
			x.sentAt.Store(0)
			if x.inviter {
				if x.st.measuring.Load() {
					x.st.finished.Add(1)
				}
				x.send(`{"t":"invite","to":"` + x.partner + `"}`)
			}
		case netplay.TypeError:
			if m.Code == netplay.CodeNoSuchPlayer && x.inviter {
				// The partner has not said hello yet: invite again soon.
				time.AfterFunc(50*time.Millisecond, func() { x.send(`{"t":"invite","to":"` + x.partner + `"}`) })
				continue
			}
			x.st.addErr(m.Code)
		}
	}
}

func hasPrefix(b, p []byte) bool { return len(b) >= len(p) && string(b[:len(p)]) == string(p) }

// plan sends a random legal move after thinking.
func (x *bot) plan(s *botState) {
	a := "."
	for _, p := range s.Players {
		if p.Seat != x.seat {
			continue
		}
		var legal []string
		for _, d := range []struct {
			a      string
			dx, dy int
		}{{"w", 0, -1}, {"a", -1, 0}, {"s", 0, 1}, {"d", 1, 0}} {
			nx, ny := p.X+d.dx, p.Y+d.dy
			if ny < 0 || ny >= len(s.Map) || nx < 0 || nx >= len(s.Map[ny]) {
				continue
			}
			switch c := s.Map[ny][nx]; {
			case c == '+' || c == '-' || c == '|' || c == ' ':
			case c == 'E' && !s.Key:
			default:
				legal = append(legal, d.a)
			}
		}
		if len(legal) > 0 && x.rng.IntN(8) != 0 {
			a = legal[x.rng.IntN(len(legal))]
		}
	}
	think := time.Duration(0)
	if x.o.think > 0 {
		think = time.Duration(x.rng.Int64N(int64(2 * x.o.think)))
	}
	line := `{"t":"act","a":"` + a + `"}`
	x.timer = time.AfterFunc(think, func() {
		x.sentAt.Store(time.Now().UnixNano())
		x.send(line)
	})
}
