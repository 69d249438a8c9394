// Command minoload is a load generator for the Minotaur game server. It opens
// bot clients of four kinds and keeps them busy:
//
//   - co-op pairs (--games): two connections that invite each other and play
//     co-op games of random legal moves (by default not onto or next to a
//     monster in sight: --wary), a new game as soon as one ends;
//   - solo players (--solo): one connection each, solo games of random legal
//     moves run by the server;
//   - reference bots (--bots): solo games played by the project's reference
//     bot from its state messages (more CPU on this side: ~0.1 ms a move);
//   - spectators (--watchers): each watches one of the games the players
//     above are playing, the least watched of a few drawn at random, and
//     moves on to another when it ends;
//   - the other kinds (kinds.go): the daily challenge (--daily), Trails and
//     chess between people (--trails, --chess) and against the server's
//     computer (--trails-ai, --chess-ai), the Labyrinth (--labyrinth) and
//     the Fox hunt (--foxhunt), each measured on its own.
//
// With --echo it then replays the same traffic against raw echo servers
// (echo.go, fanecho.go) and reports the server's CPU per action over the
// echoes': the fan-out echo (the same lines, of the same sizes, to the same
// connections — the player who acted, its partner, the spectators of its
// game) and the single-client echo of earlier runs (each line answered to
// the client that sent it).
//
// It reports the latency from a player's action to the state that answers
// it — for the player, and for the spectators of its game (the generator
// knows when its own players acted: a spectator's state is matched to the
// action by game, level, turn and seat) — as percentiles, the throughput, the
// connections the server dropped and the server's memory and CPU.
//
//	minotaur serve --addr 127.0.0.1:7777 --data /tmp/minoload --max-clients 6000 --max-per-addr 6000 &
//	minoload --addr 127.0.0.1:7777 --games 1000 --solo 1000 --watchers 2000 --duration 60s --pid $!
//
// Every client connects from 127.0.0.1, so the server must allow that many
// connections in all and from one address (--max-clients, 4096 by default;
// --max-per-addr, 32 by default).
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
	"slices"
	"sort"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"github.com/spf13/pflag"

	"github.com/minotaur-game/minotaur/bot"
	"github.com/minotaur-game/minotaur/engine"
	"github.com/minotaur-game/minotaur/netplay"
	"github.com/minotaur-game/minotaur/saves"
)

func main() {
	os.Exit(run(os.Args[1:], os.Stdout, os.Stderr))
}

type options struct {
	addr     string
	games    int
	solo     int
	bots     int
	watchers int
	duration time.Duration
	ramp     time.Duration
	think    time.Duration
	pid      int
	inproc   bool
	data     string
	profile  string
	memprof  string
	wary     bool
	untilAll bool
	// the other kinds (kinds.go): games of each
	daily, trails, trailsAI, chess, chessAI, lab, fox int
	aiLevel                                           int
	// aiPause: the computer's games play and pause by turns, this long
	// each, while measuring (pause.go)
	aiPause      time.Duration
	echo         bool
	echoDuration time.Duration
	// wrap, when set, wraps the listener of the server of --inproc (tests:
	// to count what the server writes)
	wrap func(net.Listener, *stats) net.Listener
}

// players is the number of player connections of every kind.
func (o options) players() int {
	return 2*o.games + o.solo + o.bots + o.daily + 2*o.trails + o.trailsAI + 2*o.chess + o.chessAI + 2*o.lab + 2*o.fox
}

const usage = `usage: minoload [flags]

Opens bot connections to a Minotaur server: --games co-op pairs, --solo solo
players and --bots reference bots (solo games), which play on, thinking
--think on average before a move, and --watchers spectators of their games.
After the ramp-up it measures for --duration (with --until-all, on until
every kind of client has been measured at work) and prints the latency from an
action to the state that answers it, for the players and for the spectators
(percentiles), the throughput, dropped connections and the server's memory
(--pid, or --inproc).

With --echo (and --pid) it then replays the traffic it measured against
two raw echo servers, each a process of its own, for --echo-duration each,
and prints their CPU per action beside the server's: the fan-out echo (the
same connections, grouped as the games were; for each action the lines the
server sent for an action of that kind, of the same sizes, to the player who
acted, its partner and each spectator of its game; the clients' other lines
answered with the other lines their kind got) and the single-client echo
(each line answered to its sender with the mean lines the server sent per
line it got).

Flags:
%s`

func run(args []string, stdout, stderr io.Writer) int {
	fs := pflag.NewFlagSet("minoload", pflag.ContinueOnError)
	fs.SetOutput(io.Discard)
	var o options
	fs.StringVar(&o.addr, "addr", "127.0.0.1:7777", "the server's address")
	fs.IntVar(&o.games, "games", 100, "concurrent co-op games (two connections each)")
	fs.IntVar(&o.solo, "solo", 0, "concurrent solo games of random legal moves (one connection each)")
	fs.IntVar(&o.bots, "bots", 0, "concurrent solo games played by the reference bot (one connection each)")
	fs.IntVar(&o.watchers, "watchers", 0, "spectators of the games above (one connection each)")
	fs.DurationVar(&o.duration, "duration", 30*time.Second, "how long to measure, after the ramp-up")
	fs.DurationVar(&o.ramp, "ramp", 10*time.Second, "time over which the clients connect")
	fs.DurationVar(&o.think, "think", 250*time.Millisecond, "mean time a bot thinks before a move (uniform in 0..2×think)")
	fs.IntVar(&o.pid, "pid", 0, "process id of the server, to report its memory and CPU (Linux)")
	fs.BoolVar(&o.inproc, "inproc", false, "start a server in this process instead of using --addr")
	fs.BoolVar(&o.untilAll, "until-all", false, "measure on after --duration until every client has connected and each kind was measured at work (an action answered, a co-op and a solo game begun, a watch begun); for tests on a busy machine")
	fs.StringVar(&o.data, "data", "", "with --inproc: the server's data folder (empty: games in memory only)")
	fs.BoolVar(&o.wary, "wary", true, "random bots do not step onto or next to a monster they see (their games last longer); --wary=false: any legal step")
	fs.IntVar(&o.daily, "daily", 0, "Minotaur players who play the daily challenge once, then solo games (one connection each; the server takes 16 attempts a day from one address)")
	fs.IntVar(&o.trails, "trails", 0, "concurrent Trails games between two people (two connections each)")
	fs.IntVar(&o.trailsAI, "trails-ai", 0, "concurrent Trails games against the server's computer (one connection each)")
	fs.IntVar(&o.chess, "chess", 0, "concurrent chess games between two people (two connections each)")
	fs.IntVar(&o.chessAI, "chess-ai", 0, "concurrent chess games against the server's computer (one connection each)")
	fs.IntVar(&o.lab, "labyrinth", 0, "concurrent Labyrinth games between two people (two connections each)")
	fs.IntVar(&o.fox, "foxhunt", 0, "concurrent Fox hunt games between two people (two connections each)")
	fs.IntVar(&o.aiLevel, "ai-level", 3, "the computer's level in --trails-ai and --chess-ai games")
	fs.DurationVar(&o.aiPause, "ai-pause", 0, "while measuring, the --trails-ai and --chess-ai games play and pause by turns, this long each, and the Minotaur players' latency is reported apart for the two (the first second of each span left out): the same load with and without the computer's games, in the same minutes")
	fs.BoolVar(&o.echo, "echo", false, "after measuring, replay the same traffic against raw echo servers (processes of their own): the fan-out echo (the same lines to the same recipients) and the single-client echo; report their CPU per action beside the server's (needs --pid)")
	fs.DurationVar(&o.echoDuration, "echo-duration", 20*time.Second, "how long to measure each echo baseline")
	echoServer := fs.Bool("echo-serve", false, "run the echo server of --echo (minoload starts it itself)")
	fs.MarkHidden("echo-serve")
	fs.StringVar(&o.profile, "cpuprofile", "", "write a CPU profile of this process while measuring (with --inproc: the server's too)")
	fs.StringVar(&o.memprof, "memprofile", "", "write a profile of this process's allocations at the end of the measurement (with --inproc: the server's too)")
	if err := fs.Parse(args); err != nil {
		if errors.Is(err, pflag.ErrHelp) {
			fmt.Fprintf(stdout, usage, fs.FlagUsages())
			return 0
		}
		fmt.Fprintf(stderr, "minoload: %v\nusage: minoload [flags] (run 'minoload --help' for more)\n", err)
		return 2
	}
	if *echoServer {
		return echoServe(stdout)
	}
	switch {
	case o.echo && o.pid <= 0:
		fmt.Fprintln(stderr, "minoload: --echo compares with the server of --pid: give its process id")
		return 2
	case fs.NArg() > 0:
		fmt.Fprintf(stderr, "minoload: unexpected argument %q: every setting is a flag (run 'minoload --help')\n", fs.Arg(0))
		return 2
	case min(o.games, o.solo, o.bots, o.watchers, o.daily, o.trails, o.trailsAI, o.chess, o.chessAI, o.lab, o.fox) < 0:
		fmt.Fprintln(stderr, "minoload: the numbers of games and clients must not be negative")
		return 2
	case o.players() == 0:
		fmt.Fprintln(stderr, "minoload: nothing to play: give --games, --solo, --bots, --daily, --trails, --trails-ai, --chess, --chess-ai, --labyrinth or --foxhunt (spectators need games to watch)")
		return 2
	case o.aiLevel < 1 || o.aiLevel > 3:
		fmt.Fprintln(stderr, "minoload: --ai-level is 1 to 3")
		return 2
	case o.aiPause < 0 || o.aiPause > 0 && o.aiPause <= pauseSettle:
		fmt.Fprintf(stderr, "minoload: --ai-pause must be longer than %v (the first %v of each span is left out), or 0\n", pauseSettle, pauseSettle)
		return 2
	case o.duration <= 0 || o.think < 0 || o.ramp < 0:
		fmt.Fprintln(stderr, "minoload: --duration must be positive and --think, --ramp not negative")
		return 2
	}
	if _, err := load(o, stdout); err != nil {
		fmt.Fprintf(stderr, "minoload: %v\n", err)
		return 1
	}
	return 0
}

// Kinds of client.
const (
	kindCoop = iota
	kindSolo
	kindBot
	kindWatch
	kindDaily
	kindTrails
	kindTrailsAI
	kindChess
	kindChessAI
	kindLab
	kindFox
	nKinds
)

var kindNames = [nKinds]string{"co-op", "solo", "bots", "watchers", "daily", "trails", "trails-ai", "chess", "chess-ai", "labyrinth", "foxhunt"}

// minotaurKind reports whether clients of kind k play Minotaur.
func minotaurKind(k int) bool { return k <= kindBot || k == kindDaily }

// latencies collects samples in microseconds.
type latencies struct {
	mu sync.Mutex
	us []int32
}

func (l *latencies) add(d time.Duration) {
	l.mu.Lock()
	l.us = append(l.us, int32(d/time.Microsecond))
	l.mu.Unlock()
}

// sorted returns a sorted copy of the samples.
func (l *latencies) sorted() []int32 {
	l.mu.Lock()
	lat := slices.Clone(l.us)
	l.mu.Unlock()
	slices.Sort(lat)
	return lat
}

// pct is the p-th percentile of sorted samples, 0 with none.
func pct(lat []int32, p float64) time.Duration {
	if len(lat) == 0 {
		return 0
	}
	return time.Duration(lat[int(p/100*float64(len(lat)-1))]) * time.Microsecond
}

// percentile is the p-th percentile of the samples, 0 with none.
func (l *latencies) percentile(p float64) time.Duration { return pct(l.sorted(), p) }

// line reports the percentiles.
func (l *latencies) line() string {
	lat := l.sorted()
	if len(lat) == 0 {
		return "no samples"
	}
	return fmt.Sprintf("p50 %v  p90 %v  p99 %v  p99.9 %v  max %v  (%d samples)",
		pct(lat, 50), pct(lat, 90), pct(lat, 99), pct(lat, 99.9), pct(lat, 100), len(lat))
}

// allAtWork reports whether every client has connected and each kind of
// client given was measured at work: an action answered for each kind of
// player, a game begun for the random players (co-op and solo, whose games
// are short), a watch begun for the spectators.
func allAtWork(o options, st *stats) bool {
	if sum(&st.connected) < int64(o.players()+o.watchers) {
		return false
	}
	for k := range nKinds {
		if n, _ := groupsOf(o, k); n > 0 && (st.acts[k].Load() == 0 || (k == kindCoop || k == kindSolo) && st.started[k].Load() == 0) {
			return false
		}
	}
	return o.watchers == 0 || st.watches.Load() > 0
}

// stats is what the clients measure.
type stats struct {
	measuring   atomic.Bool
	acts        [nKinds]atomic.Int64 // actions answered while measuring
	states      atomic.Int64         // states players received while measuring
	watchStates atomic.Int64         // states spectators received while measuring
	watches     atomic.Int64         // watches begun while measuring
	started     [nKinds]atomic.Int64
	finished    [nKinds]atomic.Int64
	won         [nKinds]atomic.Int64
	connected   [nKinds]atomic.Int64
	dropped     [nKinds]atomic.Int64
	listed      atomic.Int64 // most games a lobby counted (listed and left out)
	players     latencies    // Minotaur's players, every kind
	paused      pauses       // --ai-pause: the spans and the players' latency in each (pause.go)
	spectators  latencies
	lat         [nKinds]latencies // by kind
	mu          sync.Mutex
	errs        map[string]int
	// the traffic while measuring, for the echo baselines (echo.go): in
	// all, and by kind and recipient for the fan-out echo
	txLines, txBytes, rxLines, rxBytes atomic.Int64
	fan                                [nKinds]fanCount
	secs                               float64 // measured
}

// fanCount is the traffic of one kind of client while measuring: the
// lines its clients sent (actions and the rest), and the lines the server
// sent for its actions — to the player that acted, to its partner, to
// each spectator of its game — and the other lines its clients got.
type fanCount struct {
	acts, reqs lineCount // sent: actions; every other line (hello, invite, accept, solo, watch, pong)
	// received, by role (roleActor…roleOther)
	rx [nRoles]lineCount
	// the spectators of the game at each action, summed over the actions
	watcherActs atomic.Int64
}

type lineCount struct{ lines, bytes atomic.Int64 }

func (c *lineCount) add(n int) {
	c.lines.Add(1)
	c.bytes.Add(int64(n))
}

// Roles of a line a client received.
const (
	roleActor   = iota // a state that tells the recipient's own action
	rolePartner        // a state that tells the partner's action
	roleWatcher        // a spectator's state that tells an action in the game it watches (counted under the game's kind)
	roleOther          // everything else: lobby lists, welcome, start, over, invitations, pings, a game's first state, a spectator's first state
	nRoles
)

var roleNames = [nRoles]string{"actor", "partner", "spectator", "other"}

var prefixAct = `{"t":"act"`

// sent counts a line a client of kind sent (n bytes, newline included).
func (s *stats) sent(kind int, line string, n int) {
	if s.measuring.Load() {
		s.txLines.Add(1)
		s.txBytes.Add(int64(n))
		if strings.HasPrefix(line, prefixAct) {
			s.fan[kind].acts.add(n)
		} else {
			s.fan[kind].reqs.add(n)
		}
	}
}

func (s *stats) received(n int) {
	if s.measuring.Load() {
		s.rxLines.Add(1)
		s.rxBytes.Add(int64(n))
	}
}

// got counts a line of n bytes received in role, under kind: the
// recipient's kind, or for a spectator's state of an action, the kind of
// the game watched.
func (s *stats) got(kind, role, n int) {
	if s.measuring.Load() {
		s.fan[kind].rx[role].add(n)
	}
}

// errCount is the number of errors whose key begins with prefix.
func (s *stats) errCount(prefix string) int {
	s.mu.Lock()
	defer s.mu.Unlock()
	n := 0
	for k, c := range s.errs {
		if strings.HasPrefix(k, prefix) {
			n += c
		}
	}
	return n
}

func (s *stats) addErr(code string) {
	s.mu.Lock()
	s.errs[code]++
	s.mu.Unlock()
}

func sum(a *[nKinds]atomic.Int64) int64 {
	var n int64
	for i := range a {
		n += a[i].Load()
	}
	return n
}

// action is one action a player sent: the level and turn of the state it
// answered, the seat, and when it was sent (unix ns).
type action struct {
	level, turn, seat int
	sent              int64
}

// game is a game one of the generator's players is playing.
type game struct {
	id       string
	kind     int // of its players
	idx      int // in registry.list, -1 once over
	watchers int // under registry.mu
	mu       sync.Mutex
	recent   [8]action // the last actions, a ring
	next     int
}

// acted records an action.
func (g *game) acted(a action) {
	g.mu.Lock()
	g.recent[g.next%len(g.recent)] = a
	g.next++
	g.mu.Unlock()
}

// sentAt returns when the last action of seat on level and turn was sent.
// A seat may act twice on one turn number: a round begins with its first
// action, so a seat alone on the board (its partner caught) acts on the turn
// of the round before, then on that turn again.
func (g *game) sentAt(level, turn, seat int) (int64, bool) {
	g.mu.Lock()
	defer g.mu.Unlock()
	var last int64
	for _, a := range g.recent {
		if a.sent > last && a.level == level && a.turn == turn && a.seat == seat {
			last = a.sent
		}
	}
	return last, last != 0
}

// registry holds the games in progress of the generator's players.
type registry struct {
	mu   sync.Mutex
	list []*game
	byID map[string]*game
	rng  *rand.Rand
}

func newRegistry() *registry {
	return &registry{byID: map[string]*game{}, rng: rand.New(rand.NewPCG(1, 2))}
}

// join returns the game with the id played by clients of kind, added when
// new (both players of a co-op game join it).
func (r *registry) join(id string, kind int) *game {
	r.mu.Lock()
	defer r.mu.Unlock()
	if g := r.byID[id]; g != nil {
		return g
	}
	g := &game{id: id, kind: kind, idx: len(r.list)}
	r.list = append(r.list, g)
	r.byID[id] = g
	return g
}

// remove takes a game that is over out of the registry (again: nothing).
func (r *registry) remove(g *game) {
	r.mu.Lock()
	if i := g.idx; i >= 0 {
		last := r.list[len(r.list)-1]
		r.list[i], last.idx = last, i
		r.list = r.list[:len(r.list)-1]
		delete(r.byID, g.id)
		g.idx = -1
	}
	r.mu.Unlock()
}

// pick returns the least watched of four games drawn at random, counted as
// watched once more; nil when no game is in progress.
func (r *registry) pick() *game {
	r.mu.Lock()
	defer r.mu.Unlock()
	var best *game
	for i := 0; i < 4 && len(r.list) > 0; i++ {
		if g := r.list[r.rng.IntN(len(r.list))]; best == nil || g.watchers < best.watchers {
			best = g
		}
	}
	if best != nil {
		best.watchers++
	}
	return best
}

// watching returns the number of spectators of g (picked for it, their
// watch not ended).
func (r *registry) watching(g *game) int {
	r.mu.Lock()
	defer r.mu.Unlock()
	return g.watchers
}

func (r *registry) unwatch(g *game) {
	if g == nil {
		return
	}
	r.mu.Lock()
	g.watchers--
	r.mu.Unlock()
}

// load runs the load of o, writes the report to out and returns what the
// clients counted.
func load(o options, out io.Writer) (*stats, error) {
	total := o.players() + o.watchers
	st := &stats{errs: map[string]int{}, paused: pauses{every: o.aiPause}}
	var srv *netplay.Server
	if o.inproc {
		var err error
		srv, err = netplay.NewServer(netplay.Config{DataDir: o.data, MaxClients: total + 16, MaxPerAddr: total + 16})
		if err != nil {
			return nil, err
		}
		ln, err := net.Listen("tcp", "127.0.0.1:0")
		if err != nil {
			return nil, err
		}
		if o.wrap != nil {
			ln = o.wrap(ln, st)
		}
		go srv.Serve(ln)
		o.addr = ln.Addr().String()
		defer srv.Shutdown(context.Background())
	}
	reg := newRegistry()
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt)
	defer stop()
	ctx, cancel := context.WithCancel(ctx)
	defer cancel()

	fmt.Fprintf(out, "minoload: %d co-op games, %d solo, %d reference-bot games, %d spectators (%d connections) against %s, think %v, ramp %v, measure %v\n",
		o.games, o.solo, o.bots, o.watchers, total, o.addr, o.think, o.ramp, o.duration)
	if n := o.players() - (2*o.games + o.solo + o.bots); n > 0 {
		fmt.Fprintf(out, "minoload: and %d daily, %d Trails games between people, %d against the computer (level %d), %d chess games between people, %d against the computer, %d Labyrinth games, %d Fox hunts (%d connections)\n",
			o.daily, o.trails, o.trailsAI, o.aiLevel, o.chess, o.chessAI, o.lab, o.fox, n)
	}
	// The clients connect in an even mix over the ramp: each slot starts a
	// co-op pair, a solo player, a bot or a spectator, spectators last in
	// every round so that they find games.
	var slots []func(i int) error
	for i := 0; i < o.games; i++ {
		slots = append(slots, func(i int) error { return playPair(ctx, o, st, reg, i) })
	}
	for i := 0; i < o.solo; i++ {
		slots = append(slots, func(i int) error { return playAlone(ctx, o, st, reg, kindSolo, i) })
	}
	for i := 0; i < o.bots; i++ {
		slots = append(slots, func(i int) error { return playAlone(ctx, o, st, reg, kindBot, i) })
	}
	for i := 0; i < o.daily; i++ {
		slots = append(slots, func(i int) error { return playAlone(ctx, o, st, reg, kindDaily, i) })
	}
	sizes := []int{o.games, o.solo, o.bots, o.daily}
	for _, kn := range []struct{ kind, n int }{{kindTrails, o.trails}, {kindTrailsAI, o.trailsAI}, {kindChess, o.chess},
		{kindChessAI, o.chessAI}, {kindLab, o.lab}, {kindFox, o.fox}} {
		for i := 0; i < kn.n; i++ {
			slots = append(slots, func(int) error { return playKind(ctx, o, st, kn.kind, i) })
		}
		sizes = append(sizes, kn.n)
	}
	slots = interleave(slots, sizes...)
	for i := 0; i < o.watchers; i++ {
		slots = append(slots, func(i int) error { return watch(ctx, o, st, reg, i) })
	}
	slots = spread(slots, len(slots)-o.watchers, o.watchers)
	var wg sync.WaitGroup
	start := time.Now()
	for n, slot := range slots {
		if o.ramp > 0 {
			due := start.Add(time.Duration(int64(o.ramp) * int64(n) / int64(len(slots))))
			time.Sleep(time.Until(due))
		}
		if ctx.Err() != nil {
			break
		}
		wg.Add(1)
		go func() {
			defer wg.Done()
			if err := slot(n); err != nil && ctx.Err() == nil {
				st.addErr("client: " + err.Error())
			}
		}()
	}
	// Let the last clients start their games.
	time.Sleep(time.Second)
	cpu0, _ := procCPU(o.pid)
	self0, _ := procCPU(os.Getpid())
	rss0 := procMem(o.pid)
	if o.profile != "" {
		// The profile is kept in memory and written like every file of the
		// project, through saves.WriteFile.
		var buf bytes.Buffer
		if err := pprof.StartCPUProfile(&buf); err != nil {
			return nil, err
		}
		defer func() {
			pprof.StopCPUProfile()
			if err := saves.WriteFile(o.profile, buf.Bytes()); err != nil {
				fmt.Fprintf(os.Stderr, "minoload: %v\n", err)
			}
		}()
	}
	t0 := time.Now()
	st.paused.begin(t0)
	st.measuring.Store(true)
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
			if !o.untilAll || allAtWork(o, st) {
				break measure
			}
			end = time.After(20 * time.Millisecond) // and look again
		case <-ctx.Done():
			break measure
		}
	}
	tick.Stop()
	st.measuring.Store(false)
	elapsed := time.Since(t0)
	st.secs = elapsed.Seconds()
	if o.memprof != "" {
		var buf bytes.Buffer
		if err := pprof.Lookup("allocs").WriteTo(&buf, 0); err != nil {
			return nil, fmt.Errorf("cannot write the memory profile: %v", err)
		}
		if err := saves.WriteFile(o.memprof, buf.Bytes()); err != nil {
			return nil, fmt.Errorf("cannot write the memory profile: %v", err)
		}
	}
	cpu1, _ := procCPU(o.pid)
	self1, _ := procCPU(os.Getpid())
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

	per := func(a *[nKinds]atomic.Int64) string {
		var parts []string
		for k := 0; k < nKinds; k++ {
			if n := a[k].Load(); n > 0 {
				parts = append(parts, fmt.Sprintf("%s %d", kindNames[k], n))
			}
		}
		if len(parts) == 0 {
			return ""
		}
		return " (" + strings.Join(parts, ", ") + ")"
	}
	secs := elapsed.Seconds()
	fmt.Fprintf(out, "connections: %d connected%s, %d dropped by the server%s\n",
		sum(&st.connected), per(&st.connected), sum(&st.dropped), per(&st.dropped))
	acts := sum(&st.acts)
	fmt.Fprintf(out, "measured %.1fs: players %d actions%s (%.0f/s), %d states (%.0f/s); spectators %d states (%.0f/s), %d watches begun\n",
		secs, acts, per(&st.acts), float64(acts)/secs, st.states.Load(), float64(st.states.Load())/secs,
		st.watchStates.Load(), float64(st.watchStates.Load())/secs, st.watches.Load())
	fmt.Fprintf(out, "games started %d%s, finished %d%s, won %d%s\n",
		sum(&st.started), per(&st.started), sum(&st.finished), per(&st.finished), sum(&st.won), per(&st.won))
	if o.watchers > 0 {
		fmt.Fprintf(out, "lobby: at most %d games in progress counted in one list (listed and left out)\n", st.listed.Load())
	}
	fmt.Fprintf(out, "players' action→state latency:    %s\n", st.players.line())
	st.paused.report(out)
	if o.watchers > 0 {
		fmt.Fprintf(out, "spectators' action→state latency: %s\n", st.spectators.line())
	}
	for k := 0; k < nKinds; k++ {
		if k != kindWatch && st.connected[k].Load() > 0 {
			fmt.Fprintf(out, "  %-10s %s; errors %d\n", kindNames[k]+":", st.lat[k].line(), st.errCount(kindNames[k]+" "))
		}
	}
	if o.pid > 0 {
		fmt.Fprintf(out, "server memory: RSS %.1f MiB at the end, peak %.1f MiB while measuring (VmHWM %.1f MiB)\n",
			mib(rss1.rss), mib(max(peak.rss, rss1.rss)), mib(rss1.hwm))
		if cpu1 > cpu0 {
			fmt.Fprintf(out, "server CPU: %.0f%% of one core while measuring, %.0f µs an action\n",
				100*(cpu1-cpu0).Seconds()/secs, float64((cpu1-cpu0).Microseconds())/float64(max(acts, 1)))
		}
	}
	if o.echo && cpu1 > cpu0 && acts > 0 && st.txLines.Load() > 0 && st.rxLines.Load() > 0 {
		tx, rx := float64(st.txLines.Load()), float64(st.rxLines.Load())
		plan := echoPlan{conns: o.players(), rate: tx / secs, reqSize: int(float64(st.txBytes.Load()) / tx),
			linesPerReq: rx / tx, answerSize: int(float64(st.rxBytes.Load()) / rx), actions: float64(acts) / secs,
			duration: o.echoDuration, serverCPUPerSecs: (cpu1 - cpu0).Seconds() / secs}
		fmt.Fprintf(out, "traffic: %.0f lines/s in (%d bytes each), %.0f lines/s out (%d bytes each), %.2f out per line in\n",
			plan.rate, plan.reqSize, rx/secs, plan.answerSize, plan.linesPerReq)
		serverUS := plan.serverCPUPerSecs / plan.actions * 1e6
		fan := fanPlanOf(o, st, secs, o.echoDuration)
		fan.describe(out)
		var ratios []string
		if res, err := runFanEcho(context.Background(), fan); err != nil {
			fmt.Fprintf(out, "echo baseline, fan-out: failed: %v\n", err)
		} else {
			echoUS := res.cpuPerSec * res.secs / float64(max(res.acts, 1)) * 1e6
			fmt.Fprintf(out, "echo baseline, fan-out (the same lines to the same recipients): %d connections, %.0f actions/s, %.0f lines/s out (the run: %.0f; the plan: %.0f) for %.1fs: %.0f%% of one core, %.0f µs an action; RSS %.1f MiB\n",
				res.conns, float64(res.acts)/res.secs, float64(res.rxLines)/res.secs, rx/secs, fan.linesOut(), res.secs, 100*res.cpuPerSec, echoUS, mib(res.rss.rss))
			ratios = append(ratios, fmt.Sprintf("fan-out %.0f µs / %.0f µs = %.2f×", serverUS, echoUS, serverUS/max(echoUS, 1e-9)))
		}
		if res, err := runEcho(context.Background(), plan); err != nil {
			fmt.Fprintf(out, "echo baseline, single client: failed: %v\n", err)
		} else {
			echoUS := res.cpuPerSec / plan.actions * 1e6
			fmt.Fprintf(out, "echo baseline, single client (each line answered to its sender): %d connections, %.0f lines/s in for %.1fs: %.0f%% of one core, %.0f µs an action's traffic; RSS %.1f MiB\n",
				plan.conns, float64(res.requests)/res.secs, res.secs, 100*res.cpuPerSec, echoUS, mib(res.rss.rss))
			ratios = append(ratios, fmt.Sprintf("single client %.0f µs / %.0f µs = %.2f×", serverUS, echoUS, serverUS/max(echoUS, 1e-9)))
		}
		if len(ratios) > 0 {
			fmt.Fprintf(out, "server cost per action over the echo's: %s\n", strings.Join(ratios, "; "))
		}
	}
	if self1 > self0 && !o.inproc {
		fmt.Fprintf(out, "load generator CPU: %.0f%% of one core while measuring\n", 100*(self1-self0).Seconds()/secs)
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
	return st, nil
}

// interleave mixes slots made of runs of sizes n… (in that order) so that
// each run is spread evenly over the whole.
func interleave(slots []func(int) error, sizes ...int) []func(int) error {
	var out []func(int) error
	base := 0
	for _, n := range sizes {
		out = spread(append(out, slots[base:base+n]...), len(out), n)
		base += n
	}
	return out
}

// spread returns slots whose first a items and last b items are mixed
// evenly, each run in its order.
func spread(slots []func(int) error, a, b int) []func(int) error {
	if a == 0 || b == 0 {
		return slots
	}
	out := make([]func(int) error, 0, a+b)
	i, j := 0, 0
	for i < a || j < b {
		// Take from the run that is furthest behind its share.
		if j >= b || (i < a && i*b <= j*a) {
			out = append(out, slots[i])
			i++
		} else {
			out = append(out, slots[a+j])
			j++
		}
	}
	return out
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

// client is one connection.
type client struct {
	kind    int
	name    string
	partner string // co-op: the other seat's name
	inviter bool   // co-op: this one invites
	o       options
	st      *stats
	reg     *registry
	rng     *rand.Rand
	conn    net.Conn
	wmu     sync.Mutex
	w       *bufio.Writer
	seat    int
	game    atomic.Pointer[game] // the game played or watched
	player  bot.Player           // kindBot: the reference bot of the game
	planned bool                 // an action is pending: planned, maybe sent, not answered
	sentAt  atomic.Int64         // when the pending action was sent (unix ns), 0 none
	timer   *time.Timer
	// A spectator's last watch requests (under wmu), a ring.
	watchTimes [netplay.ChatBurst]time.Time
	watchNext  int
	// A spectator's last state: the level and turn the next action answers.
	level, turn int
	seen        bool
	dailyDone   bool // kindDaily: the day's attempt was asked for
	states      int  // states received since the last start
}

func newClient(kind int, name string, i int, o options, st *stats, reg *registry) *client {
	return &client{kind: kind, name: name, o: o, st: st, reg: reg, rng: rand.New(rand.NewPCG(uint64(i), uint64(kind)))}
}

// playPair connects two co-op bots and plays until ctx ends.
func playPair(ctx context.Context, o options, st *stats, reg *registry, i int) error {
	a := newClient(kindCoop, fmt.Sprintf("ld%da", i), 2*i, o, st, reg)
	b := newClient(kindCoop, fmt.Sprintf("ld%db", i), 2*i+1, o, st, reg)
	a.partner, a.inviter, b.partner = b.name, true, a.name
	for _, x := range []*client{b, a} {
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

// playAlone connects a solo player (random moves, or the reference bot)
// and plays solo games until ctx ends.
func playAlone(ctx context.Context, o options, st *stats, reg *registry, kind, i int) error {
	prefix := "ls"
	switch kind {
	case kindBot:
		prefix = "lb"
	case kindDaily:
		prefix = "dy" + strconv.FormatInt(time.Now().Unix()%100000, 10) + "x" // a name not yet in the day's table
	}
	x := newClient(kind, fmt.Sprintf("%s%d", prefix, i), i, o, st, reg)
	if err := x.connect(ctx); err != nil {
		return err
	}
	defer x.conn.Close()
	return x.loop(ctx)
}

// watch connects a spectator and watches games until ctx ends.
func watch(ctx context.Context, o options, st *stats, reg *registry, i int) error {
	x := newClient(kindWatch, fmt.Sprintf("lw%d", i), i, o, st, reg)
	if err := x.connect(ctx); err != nil {
		return err
	}
	defer x.conn.Close()
	return x.loop(ctx)
}

func (x *client) connect(ctx context.Context) error {
	var d net.Dialer
	c, err := d.DialContext(ctx, "tcp", x.o.addr)
	if err != nil {
		return err
	}
	x.conn = c
	x.w = bufio.NewWriter(c)
	x.st.connected[x.kind].Add(1)
	go func() { <-ctx.Done(); c.Close() }()
	return x.send(`{"t":"hello","v":1,"name":"` + x.name + `","bot":true}`)
}

func (x *client) send(line string) error {
	x.wmu.Lock()
	defer x.wmu.Unlock()
	x.conn.SetWriteDeadline(time.Now().Add(30 * time.Second))
	x.w.WriteString(line)
	x.w.WriteByte('\n')
	x.st.sent(x.kind, line, len(line)+1)
	return x.w.Flush()
}

// wireState is the part of a state the random bots read.
type wireState struct {
	Level    int      `json:"level"`
	Turn     int      `json:"turn"`
	YourTurn bool     `json:"your_turn"`
	Key      bool     `json:"key"`
	Map      []string `json:"map"`
	Players  []struct {
		Seat int `json:"seat"`
		X    int `json:"x"`
		Y    int `json:"y"`
	} `json:"players"`
	Monsters []struct {
		X int `json:"x"`
		Y int `json:"y"`
	} `json:"monsters"`
}

// watchState is the part of a state the spectators read.
type watchState struct {
	Level    int `json:"level"`
	Turn     int `json:"turn"`
	Happened []struct {
		Kind string `json:"kind"`
		Seat int    `json:"seat"`
	} `json:"happened"`
}

type wireMsg struct {
	T      string `json:"t"`
	Seat   int    `json:"seat"`
	Game   string `json:"game"`
	Code   string `json:"code"`
	From   string `json:"from"`
	Result string `json:"result"`
}

// wireLobby is the part of a lobby list the spectators read.
type wireLobby struct {
	Games     []json.RawMessage `json:"games"`
	MoreGames int               `json:"more_games"`
}

var (
	prefixState = []byte(`{"t":"state"`)
	prefixLobby = []byte(`{"t":"lobby"`)
)

// loop reads the server's lines and plays (or watches).
func (x *client) loop(ctx context.Context) error {
	return readLines(ctx, x.conn, x.st, x.kind, x.name, x.lobby, x.state, x.message)
}

// lobby counts the games a spectator's lobby list offers.
func (x *client) lobby(line []byte) {
	if x.kind != kindWatch {
		return
	}
	var l wireLobby
	if json.Unmarshal(line, &l) != nil {
		return
	}
	for n := int64(len(l.Games) + l.MoreGames); ; {
		old := x.st.listed.Load()
		if n <= old || x.st.listed.CompareAndSwap(old, n) {
			return
		}
	}
}

// maxLine bounds a line from the server that readLines puts together.
const maxLine = 16 << 20

// readLines reads a client's lines from the server until ctx ends (nil)
// or the connection fails (counted as dropped for kind): lobby lists go
// to lobby, states to state (which counts each in its role for the
// fan-out echo), every other message, decoded, to message.
func readLines(ctx context.Context, conn net.Conn, st *stats, kind int, name string,
	lobby func([]byte), state func([]byte, time.Time) error, message func(*wireMsg)) error {
	br := bufio.NewReaderSize(conn, 64*1024)
	var long []byte // a line longer than br's buffer, put together
	for {
		line, err := br.ReadSlice('\n')
		for err == bufio.ErrBufferFull && len(long)+len(line) < maxLine {
			// A Labyrinth state carries every answer since the game
			// began: a long game's lines outgrow the buffer.
			long = append(long, line...)
			line, err = br.ReadSlice('\n')
		}
		if long != nil {
			if err == nil {
				line = append(long, line...)
			}
			long = nil
		}
		if err != nil {
			if ctx.Err() != nil {
				return nil
			}
			st.dropped[kind].Add(1)
			return fmt.Errorf("%s: %v", name, err)
		}
		st.received(len(line))
		if hasPrefix(line, prefixLobby) {
			st.got(kind, roleOther, len(line))
			lobby(line)
			continue
		}
		if hasPrefix(line, prefixState) {
			// state counts the line in its role
			if err := state(line, time.Now()); err != nil {
				return err
			}
			continue
		}
		st.got(kind, roleOther, len(line))
		var m wireMsg
		if err := json.Unmarshal(line, &m); err != nil {
			return fmt.Errorf("%s: %q: %v", name, line, err)
		}
		message(&m)
	}
}

// message handles every message but states and lobby lists.
func (x *client) message(m *wireMsg) {
	measuring := x.st.measuring.Load()
	switch m.T {
	case netplay.TypeWelcome:
		x.next()
	case netplay.TypePing:
		x.send(`{"t":"pong"}`)
	case netplay.TypeInvited:
		x.send(`{"t":"accept","from":"` + m.From + `"}`)
	case netplay.TypeStart:
		x.seat, x.states = m.Seat, 0
		switch {
		case x.kind == kindWatch:
			if measuring {
				x.st.watches.Add(1)
			}
		default:
			x.game.Store(x.reg.join(m.Game, x.kind))
			if x.kind == kindBot {
				x.player = bot.NewReference()
			}
			if (x.inviter || x.kind != kindCoop) && measuring {
				x.st.started[x.kind].Add(1)
			}
		}
	case netplay.TypeOver:
		if x.timer != nil {
			x.timer.Stop()
		}
		x.planned = false
		x.sentAt.Store(0)
		g := x.game.Swap(nil)
		if x.kind == kindWatch {
			x.reg.unwatch(g)
			x.seen = false
			x.next()
			return
		}
		if g != nil {
			x.reg.remove(g)
		}
		if (x.inviter || x.kind != kindCoop) && measuring {
			x.st.finished[x.kind].Add(1)
			if m.Result == "won" {
				x.st.won[x.kind].Add(1)
			}
		}
		x.next()
	case netplay.TypeError:
		switch {
		case m.Code == netplay.CodeNoSuchPlayer && x.inviter:
			// The partner has not said hello yet, or is still in its
			// last game: invite again soon.
			time.AfterFunc(50*time.Millisecond, x.next)
		case m.Code == netplay.CodeNotInGame && x.kind == kindWatch:
			// The game ended before the watch began: another one.
			x.reg.unwatch(x.game.Swap(nil))
			time.AfterFunc(20*time.Millisecond, x.next)
		case m.Code == netplay.CodeRateLimited && x.kind == kindWatch:
			// Too many watches in a row (the games it picked ended at
			// once): another one in a while, counted.
			x.st.addErr(kindNames[x.kind] + " " + m.Code)
			x.reg.unwatch(x.game.Swap(nil))
			time.AfterFunc(time.Second, x.next)
		default:
			x.st.addErr(kindNames[x.kind] + " " + m.Code)
		}
	}
}

// next starts what the client does after hello and after each game: an
// invitation, a solo game or a watch.
func (x *client) next() {
	switch x.kind {
	case kindCoop:
		if x.inviter {
			x.send(`{"t":"invite","to":"` + x.partner + `"}`)
		}
	case kindSolo, kindBot:
		x.send(`{"t":"solo"}`)
	case kindDaily:
		if !x.dailyDone {
			x.dailyDone = true
			x.send(`{"t":"solo","daily":true}`)
			return
		}
		x.send(`{"t":"solo"}`)
	case kindWatch:
		// Runs on the loop's goroutine or, after a wait, on a timer's: the
		// loop does not touch x.game until the start that answers.
		if wait := x.watchBudget(); wait > 0 {
			// The server allows ChatBurst watches a window, as a person
			// would switch games: wait for the budget.
			time.AfterFunc(wait, x.next)
			return
		}
		g := x.reg.pick()
		if g == nil {
			time.AfterFunc(100*time.Millisecond, x.next)
			return
		}
		x.game.Store(g)
		x.send(`{"t":"watch","game":"` + g.id + `"}`)
	}
}

// watchBudget returns how long to wait before the next watch request may
// be sent (the server's limit: ChatBurst a window), and when it is 0 counts
// one sent now.
func (x *client) watchBudget() time.Duration {
	x.wmu.Lock()
	defer x.wmu.Unlock()
	const window = netplay.DefaultChatWindow + 100*time.Millisecond
	oldest := x.watchTimes[x.watchNext]
	if wait := time.Until(oldest.Add(window)); !oldest.IsZero() && wait > 0 {
		return wait
	}
	x.watchTimes[x.watchNext] = time.Now()
	x.watchNext = (x.watchNext + 1) % len(x.watchTimes)
	return 0
}

// state handles a state line received at now.
func (x *client) state(line []byte, now time.Time) error {
	measuring := x.st.measuring.Load()
	if x.kind == kindWatch {
		return x.watched(line, now, measuring)
	}
	if measuring {
		x.st.states.Add(1)
	}
	x.st.got(x.kind, x.stateRole(line), len(line))
	var bs *netplay.State
	if x.kind == kindBot {
		m, err := netplay.DecodeMessage(line[:len(line)-1])
		if err != nil {
			return err
		}
		bs = m.(*netplay.State)
	}
	if x.planned {
		// Only the state that answers the pending action (it tells this
		// seat's action) counts; others (a spectator came, the partner
		// skipped) come meanwhile.
		if !x.answers(line, bs) {
			return nil
		}
		x.planned = false
		if sent := x.sentAt.Swap(0); sent != 0 && measuring {
			x.st.players.add(now.Sub(time.Unix(0, sent)))
			x.st.paused.add(sent, now)
			x.st.lat[x.kind].add(now.Sub(time.Unix(0, sent)))
			x.st.acts[x.kind].Add(1)
		}
	}
	if bs != nil {
		if bs.YourTurn && x.player != nil {
			x.plan(x.player.Act(&bs.View, bs.Happened), bs.Level, bs.Turn)
		}
		return nil
	}
	// Only a state that asks for a move is read in full (the generator
	// shares the machine with the server).
	if !bytes.Contains(line, yourTurn) {
		return nil
	}
	var s wireState
	if err := json.Unmarshal(line, &s); err != nil {
		return fmt.Errorf("%s: %v", x.name, err)
	}
	if s.YourTurn {
		x.plan(randomMove(&s, x.seat, x.o.wary, x.rng), s.Level, s.Turn)
	}
	return nil
}

// answers reports whether a state tells this seat's own action: a step, a
// skip, a bump or a freeze.
func (x *client) answers(line []byte, s *netplay.State) bool {
	if s != nil {
		for _, e := range s.Happened {
			switch e.Kind {
			case engine.EvMoved, engine.EvSkipped, engine.EvBumpedWall, engine.EvBumpedExit, engine.EvFroze, engine.EvNoFreeze:
				if e.Seat == x.seat {
					return true
				}
			}
		}
		return false
	}
	// The random bots only step and skip.
	if x.seat < 1 || x.seat > 2 {
		return false
	}
	return bytes.Contains(line, acted[x.seat-1][0]) || bytes.Contains(line, acted[x.seat-1][1])
}

// stateRole is the role of a player's state for the fan-out echo: a
// game's first state answers the start (other); after it every state
// answers an action (the server sends states for actions only; notices
// are chat lines): the player's own in a solo game, in a co-op game its
// own when it tells its step or skip, else its partner's (a partner's
// skip is told to nobody else, so the line tells nothing of it).
func (x *client) stateRole(line []byte) int {
	x.states++
	switch {
	case x.states == 1:
		return roleOther
	case x.kind != kindCoop:
		return roleActor
	case x.seat >= 1 && x.seat <= 2 && (bytes.Contains(line, acted[x.seat-1][0]) || bytes.Contains(line, acted[x.seat-1][1])):
		return roleActor
	}
	return rolePartner
}

var (
	yourTurn = []byte(`"your_turn":true`)
	acted    = [2][2][]byte{
		{[]byte(`{"kind":"moved","seat":1}`), []byte(`{"kind":"skipped","seat":1}`)},
		{[]byte(`{"kind":"moved","seat":2}`), []byte(`{"kind":"skipped","seat":2}`)},
	}
)

// watched handles a spectator's state.
func (x *client) watched(line []byte, now time.Time, measuring bool) error {
	level, turn, seat, ok := scanWatched(line)
	if !ok {
		// Not in the form the server writes: read it the slow way.
		var s watchState
		if err := json.Unmarshal(line, &s); err != nil {
			return fmt.Errorf("%s: %v", x.name, err)
		}
		level, turn, seat = s.Level, s.Turn, 0
		for _, e := range s.Happened {
			if e.Seat > 0 && (e.Kind == "moved" || e.Kind == "skipped") {
				seat = e.Seat
				break
			}
		}
	}
	if measuring {
		x.st.watchStates.Add(1)
	}
	// For the fan-out echo: the first state of a watch (the game as it
	// is) answers the watch; every one after it is the spectator's share
	// of an action in the game it watches.
	x.states++
	if g := x.game.Load(); g != nil && x.states > 1 {
		x.st.got(g.kind, roleWatcher, len(line))
	} else {
		x.st.got(kindWatch, roleOther, len(line))
	}
	// The state that answers an action tells the seat's step or skip; the
	// action was taken on the level and turn of the state before.
	if g := x.game.Load(); g != nil && x.seen && measuring && seat > 0 {
		if sent, ok := g.sentAt(x.level, x.turn, seat); ok {
			x.st.spectators.add(now.Sub(time.Unix(0, sent)))
		}
	}
	x.level, x.turn, x.seen = level, turn, true
	return nil
}

var (
	levelKey    = []byte(`"level":`)
	turnKey     = []byte(`"turn":`)
	happenedKey = []byte(`"happened":[`)
	movedKey    = []byte(`{"kind":"moved","seat":`)
	skippedKey  = []byte(`{"kind":"skipped","seat":`)
)

// scanWatched reads a state line's level and turn and the seat of the first
// step or skip it tells (0: none) without decoding the line (a spectator
// reads thousands a second on the cores the server uses): the first
// "level" and "turn" of a state line are the view's, before any event.
// ok is false when the line is not in that form.
func scanWatched(line []byte) (level, turn, seat int, ok bool) {
	num := func(key []byte) (int, bool) {
		i := bytes.Index(line, key)
		if i < 0 {
			return 0, false
		}
		n, digits := 0, 0
		for _, c := range line[i+len(key):] {
			if c < '0' || c > '9' {
				break
			}
			n, digits = n*10+int(c-'0'), digits+1
		}
		return n, digits > 0
	}
	var okLevel, okTurn bool
	level, okLevel = num(levelKey)
	turn, okTurn = num(turnKey)
	if !okLevel || !okTurn {
		return 0, 0, 0, false
	}
	i := bytes.Index(line, happenedKey)
	if i < 0 {
		return level, turn, 0, true
	}
	events := line[i:]
	first := -1
	for _, key := range [][]byte{movedKey, skippedKey} {
		if j := bytes.Index(events, key); j >= 0 && (first < 0 || j < first) {
			if k := j + len(key); k < len(events) && events[k] >= '1' && events[k] <= '2' {
				first, seat = j, int(events[k]-'0')
			}
		}
	}
	return level, turn, seat, true
}

func abs(n int) int {
	if n < 0 {
		return -n
	}
	return n
}

func hasPrefix(b, p []byte) bool { return len(b) >= len(p) && string(b[:len(p)]) == string(p) }

// randomMove returns a random legal step of seat, or now and then a skip.
// A wary bot does not step onto or next to a monster it sees, unless every
// step does.
func randomMove(s *wireState, seat int, wary bool, rng *rand.Rand) engine.Action {
	for _, p := range s.Players {
		if p.Seat != seat {
			continue
		}
		var legal, safe [4]engine.Action
		n, nsafe := 0, 0
		for _, d := range []struct {
			a      engine.Action
			dx, dy int
		}{{engine.Up, 0, -1}, {engine.Left, -1, 0}, {engine.Down, 0, 1}, {engine.Right, 1, 0}} {
			nx, ny := p.X+d.dx, p.Y+d.dy
			if ny < 0 || ny >= len(s.Map) || nx < 0 || nx >= len(s.Map[ny]) {
				continue
			}
			switch c := s.Map[ny][nx]; {
			case c == '+' || c == '-' || c == '|' || c == ' ':
			case c == 'E' && !s.Key:
			default:
				legal[n] = d.a
				n++
				near := false
				for _, m := range s.Monsters {
					near = near || abs(m.X-nx)+abs(m.Y-ny) <= 1
				}
				if !near {
					safe[nsafe] = d.a
					nsafe++
				}
			}
		}
		if wary && nsafe > 0 {
			legal, n = safe, nsafe
		}
		if n > 0 && rng.IntN(8) != 0 {
			return legal[rng.IntN(n)]
		}
	}
	return engine.Skip
}

// plan sends the action after thinking, and tells the game's spectators'
// side when it went.
func (x *client) plan(a engine.Action, level, turn int) {
	think := time.Duration(0)
	if x.o.think > 0 {
		think = time.Duration(x.rng.Int64N(int64(2 * x.o.think)))
	}
	line := `{"t":"act","a":"` + string(rune(a)) + `"}`
	g, seat := x.game.Load(), x.seat
	x.planned = true
	x.timer = time.AfterFunc(think, func() {
		now := time.Now().UnixNano()
		x.sentAt.Store(now)
		if g != nil {
			g.acted(action{level: level, turn: turn, seat: seat, sent: now})
			if x.st.measuring.Load() {
				x.st.fan[x.kind].watcherActs.Add(int64(x.reg.watching(g)))
			}
		}
		x.send(line)
	})
}
