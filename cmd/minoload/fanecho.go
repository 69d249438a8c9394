package main

import (
	"bufio"
	"context"
	"fmt"
	"io"
	"math"
	"math/rand/v2"
	"net"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"time"
)

// The fan-out echo: the same traffic as the measured run, to the same
// recipients (see echo.go).
//
// Its wire: a connection's first line is "join GROUP p" (a player of the
// group) or "join GROUP w" (a spectator of it); every line after it is a
// request "NA SA NP SP NW SW …", which the echo server answers with NA
// lines of SA bytes to the sender, NP lines of SP bytes to each other
// player of its group and NW lines of SW bytes to each spectator of it,
// newline included, one write per line. It parses nothing else: no game.

// fanRole is what one recipient gets.
type fanRole struct {
	lines float64 // lines (an action's spectator: to each spectator)
	size  int     // bytes of a line, newline included
}

// fanKind is the traffic of one kind of client, measured in the run.
type fanKind struct {
	kind     int
	conns    int     // connections of the kind
	groups   int     // its games at once (0: spectators)
	players  int     // players of a game (1 or 2)
	watchers int     // spectators in its games in the echo (spread over them in turn)
	perGame  float64 // spectators of its game at an action, on average, in the run
	actRate  float64 // actions a second, all its players together
	actSize  int     // bytes of an action line
	reqRate  float64 // other lines a second from its connections
	reqSize  int
	actor    fanRole // for each action: to the player that acted
	partner  fanRole // to its partner
	watcher  fanRole // to each spectator of its game
	other    fanRole // for each other line, to its sender
	folded   bool    // its players sent no other line while measuring: the other lines they got go with the actions, to the actor
}

// fanPlan is the traffic of the fan-out echo.
type fanPlan struct {
	kinds    []fanKind // the players' kinds, then the spectators (kindWatch)
	idle     int       // spectators in no game (between games in the run), answered only to themselves
	duration time.Duration
}

// groupsOf returns the games of kind k at once and the players of each.
func groupsOf(o options, k int) (groups, players int) {
	switch k {
	case kindCoop:
		return o.games, 2
	case kindSolo:
		return o.solo, 1
	case kindBot:
		return o.bots, 1
	case kindDaily:
		return o.daily, 1
	case kindTrails:
		return o.trails, 2
	case kindTrailsAI:
		return o.trailsAI, 1
	case kindChess:
		return o.chess, 2
	case kindChessAI:
		return o.chessAI, 1
	case kindLab:
		return o.lab, 2
	case kindFox:
		return o.fox, 2
	}
	return 0, 0
}

// fanPlanOf makes the fan-out echo's plan from what the clients counted
// while measuring for secs.
func fanPlanOf(o options, st *stats, secs float64, d time.Duration) fanPlan {
	plan := fanPlan{duration: d}
	per := func(c *lineCount, n int64) fanRole {
		l := c.lines.Load()
		if l == 0 || n == 0 {
			return fanRole{}
		}
		return fanRole{lines: float64(l) / float64(n), size: int(math.Round(float64(c.bytes.Load()) / float64(l)))}
	}
	size := func(c *lineCount) int {
		if l := c.lines.Load(); l > 0 {
			return int(math.Round(float64(c.bytes.Load()) / float64(l)))
		}
		return 0
	}
	placed := 0
	for k := range nKinds {
		f := &st.fan[k]
		fk := fanKind{kind: k, actSize: size(&f.acts), reqSize: size(&f.reqs),
			actRate: float64(f.acts.lines.Load()) / secs, reqRate: float64(f.reqs.lines.Load()) / secs,
			other: per(&f.rx[roleOther], f.reqs.lines.Load())}
		if k == kindWatch {
			fk.conns = o.watchers
		} else {
			fk.groups, fk.players = groupsOf(o, k)
			fk.conns = fk.groups * fk.players
			acts := f.acts.lines.Load()
			fk.actor = per(&f.rx[roleActor], acts)
			fk.partner = per(&f.rx[rolePartner], acts)
			if wa := f.watcherActs.Load(); wa > 0 && acts > 0 {
				fk.watcher = per(&f.rx[roleWatcher], wa)
				fk.perGame = float64(wa) / float64(acts)
				fk.watchers = int(math.Round(fk.perGame * float64(fk.groups)))
			}
			if f.reqs.lines.Load() == 0 && f.rx[roleOther].lines.Load() > 0 && acts > 0 {
				// Nothing of its own to answer them: they go with the
				// actions, to the player that acted.
				o := per(&f.rx[roleOther], acts)
				n := fk.actor.lines + o.lines
				fk.actor = fanRole{lines: n, size: int(math.Round((fk.actor.lines*float64(fk.actor.size) + o.lines*float64(o.size)) / n))}
				fk.folded = true
			}
		}
		if fk.conns == 0 {
			continue
		}
		placed += fk.watchers
		plan.kinds = append(plan.kinds, fk)
	}
	// Rounding may place one spectator too many: take it from the games
	// with the most.
	for placed > o.watchers {
		best := -1
		for i := range plan.kinds {
			if fk := &plan.kinds[i]; fk.watchers > 0 && (best < 0 || fk.watchers*plan.kinds[best].groups > plan.kinds[best].watchers*fk.groups) {
				best = i
			}
		}
		plan.kinds[best].watchers--
		placed--
	}
	plan.idle = o.watchers - placed
	return plan
}

// linesOut returns the lines a second the plan sends, all connections.
func (p fanPlan) linesOut() float64 {
	var n float64
	for _, fk := range p.kinds {
		n += fk.reqRate * fk.other.lines
		if fk.groups > 0 {
			n += fk.actRate * (fk.actor.lines + float64(fk.players-1)*fk.partner.lines + fk.watcher.lines*float64(fk.watchers)/float64(fk.groups))
		}
	}
	return n
}

// describe writes the plan, a line a kind.
func (p fanPlan) describe(out io.Writer) {
	for _, fk := range p.kinds {
		var parts []string
		if fk.groups > 0 {
			s := fmt.Sprintf("%.0f actions/s; an action: %.2f lines of %d B to the player", fk.actRate, fk.actor.lines, fk.actor.size)
			if fk.players > 1 {
				s += fmt.Sprintf(", %.2f of %d B to its partner", fk.partner.lines, fk.partner.size)
			}
			if fk.watcher.lines > 0 {
				s += fmt.Sprintf(", %.2f of %d B to each of %.2f spectators (%d spectators in %d games in the echo)",
					fk.watcher.lines, fk.watcher.size, fk.perGame, fk.watchers, fk.groups)
			}
			if fk.folded {
				s += " (its other lines included)"
			}
			parts = append(parts, s)
		}
		if fk.reqRate > 0 {
			parts = append(parts, fmt.Sprintf("%.0f other lines/s in, each answered with %.2f lines of %d B (lobby, start, over, notices, pings)",
				fk.reqRate, fk.other.lines, fk.other.size))
		}
		fmt.Fprintf(out, "  fan-out of %-10s %s\n", kindNames[fk.kind]+":", strings.Join(parts, "; "))
	}
}

// The echo server's side.

var joinPrefix = []byte("join ")

// echoMember is one connection of a group.
type echoMember struct {
	c     net.Conn
	moved atomic.Int64 // when its write deadline was last moved (unix ns)
}

// write writes one line; the deadline is moved at most once a second, as
// the game server moves its own.
func (m *echoMember) write(b []byte) error {
	if now := time.Now(); now.UnixNano()-m.moved.Load() > int64(time.Second) {
		m.moved.Store(now.UnixNano())
		m.c.SetWriteDeadline(now.Add(10 * time.Second))
	}
	_, err := m.c.Write(b)
	return err
}

type echoGroup struct {
	mu                sync.Mutex
	players, watchers []*echoMember // replaced, never changed in place: a reader may hold the old ones
}

type echoGroups struct {
	mu sync.Mutex
	m  map[string]*echoGroup
}

func newEchoGroups() *echoGroups { return &echoGroups{m: map[string]*echoGroup{}} }

func (gs *echoGroups) join(id string, m *echoMember, watcher bool) *echoGroup {
	gs.mu.Lock()
	g := gs.m[id]
	if g == nil {
		g = &echoGroup{}
		gs.m[id] = g
	}
	gs.mu.Unlock()
	g.mu.Lock()
	if watcher {
		g.watchers = append(g.watchers[:len(g.watchers):len(g.watchers)], m)
	} else {
		g.players = append(g.players[:len(g.players):len(g.players)], m)
	}
	g.mu.Unlock()
	return g
}

func (g *echoGroup) leave(m *echoMember) {
	without := func(list []*echoMember) []*echoMember {
		out := make([]*echoMember, 0, len(list))
		for _, x := range list {
			if x != m {
				out = append(out, x)
			}
		}
		return out
	}
	g.mu.Lock()
	g.players, g.watchers = without(g.players), without(g.watchers)
	g.mu.Unlock()
}

func (g *echoGroup) members() (players, watchers []*echoMember) {
	g.mu.Lock()
	defer g.mu.Unlock()
	return g.players, g.watchers
}

// echoLines holds a line of each size asked for: SIZE-1 bytes 'x' and a
// newline, shared by every writer.
var echoLines struct {
	sync.RWMutex
	m map[int][]byte
}

func echoLine(size int) []byte {
	echoLines.RLock()
	b := echoLines.m[size]
	echoLines.RUnlock()
	if b != nil {
		return b
	}
	b = []byte(strings.Repeat("x", size-1) + "\n")
	echoLines.Lock()
	if echoLines.m == nil {
		echoLines.m = map[int][]byte{}
	}
	echoLines.m[size] = b
	echoLines.Unlock()
	return b
}

// parseRequest reads the six numbers at the head of a request.
func parseRequest(line []byte, n *[6]int) bool {
	i := 0
	for k := range n {
		for i < len(line) && line[i] == ' ' {
			i++
		}
		v, digits := 0, 0
		for ; i < len(line) && line[i] >= '0' && line[i] <= '9' && digits < 6; i++ {
			v, digits = v*10+int(line[i]-'0'), digits+1
		}
		if digits == 0 {
			return false
		}
		n[k] = v
	}
	for k := 0; k < 6; k += 2 {
		if n[k] > 64 || n[k] > 0 && (n[k+1] < 1 || n[k+1] > 1<<16) {
			return false
		}
	}
	return true
}

// fanConn serves a member of a group: its first line (join) given.
func fanConn(c net.Conn, br *bufio.Reader, join []byte, gs *echoGroups) {
	f := strings.Fields(string(join))
	if len(f) != 3 || f[2] != "p" && f[2] != "w" {
		return
	}
	me := &echoMember{c: c}
	g := gs.join(f[1], me, f[2] == "w")
	defer g.leave(me)
	var n [6]int
	for {
		line, err := br.ReadSlice('\n')
		if err != nil || !parseRequest(line, &n) {
			return
		}
		players, watchers := g.members()
		if n[0] > 0 {
			b := echoLine(n[1])
			for range n[0] {
				if me.write(b) != nil {
					return
				}
			}
		}
		if n[2] > 0 {
			b := echoLine(n[3])
			for _, p := range players {
				for i := 0; i < n[2] && p != me; i++ {
					if p.write(b) != nil {
						break // its own reader ends it
					}
				}
			}
		}
		if n[4] > 0 {
			b := echoLine(n[5])
			for _, w := range watchers {
				for i := 0; i < n[4] && w != me; i++ {
					if w.write(b) != nil {
						break
					}
				}
			}
		}
	}
}

// The clients' side.

// fanResult is what the fan-out echo measured.
type fanResult struct {
	echoResult
	conns            int
	acts             int64 // actions sent while measuring
	rxLines, rxBytes int64 // lines the clients received while measuring
}

// runFanEcho replays plan against a fan-out echo server of its own.
func runFanEcho(ctx context.Context, plan fanPlan) (fanResult, error) {
	addr, pid, stop, err := startEcho()
	if err != nil {
		return fanResult{}, err
	}
	defer stop()
	return driveFan(ctx, addr, pid, plan)
}

// fanClient is one connection of the fan-out echo.
type fanClient struct {
	fk      *fanKind
	group   string
	watcher bool
	actRate float64 // actions a second
	reqRate float64 // other lines a second
	c       net.Conn
}

// draw returns n lines of x on average: its whole part, and one more with
// the probability of its fraction.
func draw(x float64, rng *rand.Rand) int {
	k := int(x)
	if rng.Float64() < x-float64(k) {
		k++
	}
	return k
}

// driveFan plays plan's traffic against the fan-out echo server at addr,
// whose process is pid, and measures it for plan.duration.
func driveFan(ctx context.Context, addr string, pid int, plan fanPlan) (fanResult, error) {
	var res fanResult
	var clients []*fanClient
	var watchKind *fanKind
	for i := range plan.kinds {
		fk := &plan.kinds[i]
		if fk.kind == kindWatch {
			watchKind = fk
			continue
		}
		for g := range fk.groups {
			for range fk.players {
				clients = append(clients, &fanClient{fk: fk, group: kindNames[fk.kind] + "." + strconv.Itoa(g),
					actRate: fk.actRate / float64(fk.conns), reqRate: fk.reqRate / float64(fk.conns)})
			}
		}
	}
	if watchKind != nil {
		reqRate := watchKind.reqRate / float64(watchKind.conns)
		for i := range plan.kinds {
			fk := &plan.kinds[i]
			for j := range fk.watchers {
				clients = append(clients, &fanClient{fk: watchKind, watcher: true, reqRate: reqRate,
					group: kindNames[fk.kind] + "." + strconv.Itoa(j%fk.groups)})
			}
		}
		for j := range plan.idle {
			clients = append(clients, &fanClient{fk: watchKind, watcher: true, reqRate: reqRate, group: "idle." + strconv.Itoa(j)})
		}
	}
	res.conns = len(clients)

	ctx, cancel := context.WithCancel(ctx)
	var wg sync.WaitGroup
	defer func() { cancel(); wg.Wait() }()
	var measuring atomic.Bool
	var acts, rxLines, rxBytes atomic.Int64
	errc := make(chan error, 2*len(clients))
	fail := func(err error) {
		if ctx.Err() == nil {
			errc <- err
		}
	}
	busiest := 0.0
	for i, x := range clients {
		c, err := net.Dial("tcp", addr)
		if err != nil {
			return res, err
		}
		x.c = c
		role := "p"
		if x.watcher {
			role = "w"
		}
		if _, err := c.Write([]byte("join " + x.group + " " + role + "\n")); err != nil {
			c.Close()
			return res, err
		}
		busiest = max(busiest, x.actRate+x.reqRate)
		wg.Add(2)
		go func() { <-ctx.Done(); c.Close() }()
		go func() {
			defer wg.Done()
			br := bufio.NewReaderSize(c, 64*1024)
			for {
				line, err := br.ReadSlice('\n')
				if err != nil {
					fail(err)
					return
				}
				if measuring.Load() {
					rxLines.Add(1)
					rxBytes.Add(int64(len(line)))
				}
			}
		}()
		go func() {
			defer wg.Done()
			x.send(ctx, rand.New(rand.NewPCG(uint64(i), 11)), &measuring, &acts, fail)
		}()
	}
	// Every connection at work: two mean intervals of the busiest.
	warm := 5 * time.Second
	if busiest > 0 {
		warm = min(time.Duration(2/busiest*float64(time.Second))+time.Second, warm)
	}
	select {
	case <-time.After(warm):
	case err := <-errc:
		return res, err
	}
	var failed error
	if res.secs, res.cpuPerSec, res.rss, failed = measureEcho(ctx, pid, plan.duration, errc, &measuring); failed != nil {
		return res, failed
	}
	res.acts = acts.Load()
	res.requests = res.acts
	res.rxLines, res.rxBytes = rxLines.Load(), rxBytes.Load()
	return res, nil
}

// send sends the client's actions and other lines, at random intervals of
// the mean its rates make, until ctx ends.
func (x *fanClient) send(ctx context.Context, rng *rand.Rand, measuring *atomic.Bool, acts *atomic.Int64, fail func(error)) {
	rate := x.actRate + x.reqRate
	if rate <= 0 {
		return
	}
	interval := float64(time.Second) / rate
	timer := time.NewTimer(time.Duration(rng.Float64() * 2 * interval))
	defer timer.Stop()
	fk := x.fk
	var buf []byte
	for {
		select {
		case <-ctx.Done():
			return
		case <-timer.C:
		}
		timer.Reset(time.Duration(rng.Float64() * 2 * interval))
		var n [6]int
		pad := fk.reqSize
		act := rng.Float64()*rate < x.actRate
		if act {
			pad = fk.actSize
			n = [6]int{draw(fk.actor.lines, rng), fk.actor.size, 0, fk.partner.size, draw(fk.watcher.lines, rng), fk.watcher.size}
			if fk.players > 1 {
				n[2] = draw(fk.partner.lines, rng)
			}
		} else {
			n = [6]int{draw(fk.other.lines, rng), fk.other.size, 0, 1, 0, 1}
		}
		for k := 0; k < 6; k += 2 {
			if n[k+1] < 1 {
				n[k], n[k+1] = 0, 1
			}
		}
		buf = buf[:0]
		for k, v := range n {
			if k > 0 {
				buf = append(buf, ' ')
			}
			buf = strconv.AppendInt(buf, int64(v), 10)
		}
		buf = append(buf, ' ')
		for len(buf) < pad-1 {
			buf = append(buf, 'x')
		}
		buf = append(buf, '\n')
		x.c.SetWriteDeadline(time.Now().Add(10 * time.Second))
		if _, err := x.c.Write(buf); err != nil {
			fail(err)
			return
		}
		if act && measuring.Load() {
			acts.Add(1)
		}
	}
}
