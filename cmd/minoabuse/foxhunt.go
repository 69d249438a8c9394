package main

import (
	"bufio"
	"context"
	"fmt"
	"io"
	"log/slog"
	"net"
	"os"
	"strings"
	"sync"
	"time"

	"github.com/minotaur-game/minotaur/foxnet"
	"github.com/minotaur-game/minotaur/games/foxhunt"
)

// --- the Fox hunt attacks (minoabuse foxhunt, minoabuse hostile-server) --
//
// minoabuse foxhunt runs two attacks on the Fox hunt's contest server,
// each against a fresh foxnet server in this process, in each dialect
// (--wire wiki, mica or both):
//
//   - squat: as many players as there are seats connect and never send a
//     line, over several matches (--matches); a later arrival plays at
//     once whenever it is seated. It reports whether the later arrival
//     played, in which match, what the squatters were told, and how many
//     rounds waited for their timeout.
//   - empty: a spectator watches, two players take the seats of a long
//     match on a large map (--rounds, --size) and both leave in its first
//     round; it measures how long until the spectator is told the game is
//     over and until it sees the next match start (two new players are
//     waiting), whether the spectator stayed connected, the process's CPU
//     meanwhile, and the match's result (rounds, winner).
//
// minoabuse hostile-server is the other way round: a fake contest server
// whose every string a client draws carries escape sequences, for a person
// to point `minotaur foxhunt play --server` and `watch --server` at.

// foxAttack is one of the Fox hunt attacks, run in one dialect.
type foxAttack struct {
	name string
	run  func(ctx context.Context, o options, d foxnet.Dialect) []string
}

var foxAttacks = []foxAttack{
	{"squat", squatAttack},
	{"empty", emptyMatchAttack},
}

// foxhuntAttacks runs the attacks named in o.attacks in the dialects of
// o.wire.
func foxhuntAttacks(ctx context.Context, o options, out io.Writer) error {
	dialects, err := foxDialects(o.wire, true)
	if err != nil {
		return err
	}
	ran := false
	for _, a := range foxAttacks {
		if o.attacks != "all" && !strings.Contains(","+o.attacks+",", ","+a.name+",") {
			continue
		}
		for _, d := range dialects {
			ran = true
			fmt.Fprintf(out, "\n%s attack, %s dialect\n", a.name, d)
			for _, l := range a.run(ctx, o, d) {
				fmt.Fprintf(out, "  %s\n", l)
			}
			if ctx.Err() != nil {
				return ctx.Err()
			}
		}
	}
	if !ran {
		return fmt.Errorf("--attacks %s: the foxhunt attacks are squat and empty (or all)", o.attacks)
	}
	return nil
}

func foxDialects(wire string, both bool) ([]foxnet.Dialect, error) {
	switch wire {
	case "wiki":
		return []foxnet.Dialect{foxnet.Wiki}, nil
	case "mica":
		return []foxnet.Dialect{foxnet.Mica}, nil
	case "both":
		if both {
			return []foxnet.Dialect{foxnet.Wiki, foxnet.Mica}, nil
		}
	}
	if both {
		return nil, fmt.Errorf("--wire %s: say wiki, mica or both", wire)
	}
	return nil, fmt.Errorf("--wire %s: say wiki or mica", wire)
}

// foxServer is a foxnet server in this process with its two listeners.
type foxServer struct {
	*foxnet.Server
	addr, spec string
	results    chan foxResult
	mu         sync.Mutex
	rounds     int // rounds played
	timedOut   int // of which ended by the timeout
}

func startFox(o options, cfg foxnet.Config) (*foxServer, error) {
	fs := &foxServer{results: make(chan foxResult, 64)}
	cfg.OnMatch = func(r foxnet.Result) {
		select {
		case fs.results <- foxResult{r, time.Now()}:
		default:
		}
	}
	cfg.OnRound = func(r foxnet.RoundStat) {
		fs.mu.Lock()
		fs.rounds++
		if r.TimedOut {
			fs.timedOut++
		}
		fs.mu.Unlock()
	}
	cfg.Logger = slog.New(slog.NewTextHandler(io.Discard, nil))
	if o.verbose {
		cfg.Logger = slog.New(slog.NewTextHandler(os.Stderr, &slog.HandlerOptions{Level: slog.LevelInfo}))
	}
	srv, err := foxnet.NewServer(cfg)
	if err != nil {
		return nil, err
	}
	host, _, _ := net.SplitHostPort(o.listen)
	ln, err := net.Listen("tcp", net.JoinHostPort(host, "0"))
	if err != nil {
		return nil, err
	}
	sl, err := net.Listen("tcp", net.JoinHostPort(host, "0"))
	if err != nil {
		ln.Close()
		return nil, err
	}
	fs.Server, fs.addr, fs.spec = srv, ln.Addr().String(), sl.Addr().String()
	go srv.Serve(ln)
	go srv.ServeSpectators(sl)
	go srv.Run()
	return fs, nil
}

func (fs *foxServer) stop() {
	fs.Close()
	fs.Wait()
}

// foxResult is a finished match and when the server told it.
type foxResult struct {
	foxnet.Result
	at time.Time
}

// foxConn is a player's or spectator's connection read line by line, its
// blocks through the wire's Reader.
type foxConn struct {
	c     net.Conn
	br    *bufio.Reader
	r     foxnet.Reader
	name  string
	lines []string // what it was told outside the blocks, kept for the report
}

func foxDial(addr string) (*foxConn, error) {
	c, err := net.DialTimeout("tcp", addr, 10*time.Second)
	if err != nil {
		return nil, err
	}
	return &foxConn{c: c, br: bufio.NewReader(c)}, nil
}

// next reads one line within wait; a whole block, when the line ends one,
// comes back as the state.
func (f *foxConn) next(wait time.Duration) (string, *foxnet.State, error) {
	f.c.SetReadDeadline(time.Now().Add(wait))
	l, err := f.br.ReadString('\n')
	if err != nil {
		return "", nil, err
	}
	l = strings.TrimSuffix(l, "\n")
	if name, ok := strings.CutPrefix(l, "YourName:"); ok {
		f.name = name
	}
	s, _ := f.r.Line(l)
	return l, s, nil
}

// hello reads a player's greeting up to its name.
func (f *foxConn) hello() error {
	for f.name == "" {
		if _, _, err := f.next(10 * time.Second); err != nil {
			return fmt.Errorf("no greeting: %v", err)
		}
	}
	return nil
}

func (f *foxConn) send(line string) error {
	f.c.SetWriteDeadline(time.Now().Add(5 * time.Second))
	_, err := io.WriteString(f.c, line+"\n")
	return err
}

func seated(s *foxnet.State, name string) bool {
	for _, e := range s.Table {
		if e.Name == name {
			return true
		}
	}
	return false
}

// squatAttack: the seats are taken by players who never send; a later
// arrival plays whenever it is seated.
func squatAttack(ctx context.Context, o options, d foxnet.Dialect) []string {
	const seats = 2
	rounds := o.foxRounds
	if rounds <= 0 {
		rounds = 30
	}
	w, h := o.foxW, o.foxH
	if w <= 0 {
		w, h = 15, 15
	}
	srv, err := startFox(o, foxnet.Config{Players: seats, Rounds: rounds, W: w, H: h, Timeout: o.foxTimeout, Wire: d, Pause: 100 * time.Millisecond, StartDelay: 100 * time.Millisecond})
	if err != nil {
		return []string{"the server did not start: " + err.Error()}
	}
	defer srv.stop()
	var squatters []*foxConn
	told := map[string]bool{}
	var toldMu sync.Mutex
	for i := 0; i < seats; i++ {
		sq, err := foxDial(srv.addr)
		if err != nil {
			return []string{"a squatter could not connect: " + err.Error()}
		}
		defer sq.c.Close()
		if err := sq.hello(); err != nil {
			return []string{"squatter: " + err.Error()}
		}
		squatters = append(squatters, sq)
	}
	// the squatters read what they are sent (a reader that lets its queue
	// fill is closed: that would be no squatting) and never send
	for _, sq := range squatters {
		go func() {
			for {
				l, _, err := sq.next(time.Hour)
				if err != nil {
					return
				}
				if strings.Contains(l, "seat is given up") {
					toldMu.Lock()
					told[l] = true
					toldMu.Unlock()
				}
			}
		}()
	}
	select {
	case <-ctx.Done():
		return nil
	case <-time.After(200 * time.Millisecond): // the first match is under way
	}
	late, err := foxDial(srv.addr)
	if err != nil {
		return []string{"the later arrival could not connect: " + err.Error()}
	}
	defer late.c.Close()
	if err := late.hello(); err != nil {
		return []string{"later arrival: " + err.Error()}
	}
	start := time.Now()
	matches, firstPlayed, blocks := 0, 0, 0
	var first time.Duration
	deadline := time.Now().Add(time.Duration(o.foxMatches*rounds+10) * (o.foxTimeout + 50*time.Millisecond))
	inMatch := false
	for matches < o.foxMatches && ctx.Err() == nil && time.Now().Before(deadline) {
		select {
		case <-srv.results:
			matches++
		default:
		}
		l, s, err := late.next(time.Until(deadline))
		if err != nil {
			break
		}
		if l == "game is over" {
			inMatch = false
		}
		if s == nil || !seated(s, late.name) {
			continue
		}
		blocks++
		if !inMatch {
			inMatch = true
			if firstPlayed == 0 {
				firstPlayed = matches + 1
				first = time.Since(start)
			}
		}
		late.send("n")
	}
	for len(srv.results) > 0 {
		<-srv.results
		matches++
	}
	srv.mu.Lock()
	played, timedOut := srv.rounds, srv.timedOut
	srv.mu.Unlock()
	out := []string{fmt.Sprintf("%d squatters in %d seats (they read, never send), %d rounds a match, timeout %v, over %d matches",
		seats, seats, rounds, o.foxTimeout, matches)}
	if firstPlayed == 0 {
		out = append(out, fmt.Sprintf("the later arrival never played: 0 blocks with it seated (FAIL)"))
	} else {
		out = append(out, fmt.Sprintf("the later arrival played from match %d on, %v after it came; %d blocks with it seated", firstPlayed, first.Round(time.Millisecond), blocks))
	}
	out = append(out, fmt.Sprintf("rounds played: %d, %d of them waited for the timeout", played, timedOut))
	toldMu.Lock()
	if len(told) == 0 {
		out = append(out, "the squatters were never told their seats were given up")
	}
	for l := range told {
		out = append(out, "the squatters were told: "+l)
	}
	toldMu.Unlock()
	return out
}

// emptyMatchAttack: two players leave a long match on a large map in its
// first round, a spectator watching.
func emptyMatchAttack(ctx context.Context, o options, d foxnet.Dialect) []string {
	rounds := o.foxRounds
	if rounds <= 0 {
		rounds = 100000
	}
	w, h := o.foxW, o.foxH
	if w <= 0 {
		w, h = 101, 101
	}
	srv, err := startFox(o, foxnet.Config{Players: 2, Rounds: rounds, W: w, H: h, Timeout: time.Second, Wire: d, StartDelay: 100 * time.Millisecond})
	if err != nil {
		return []string{"the server did not start: " + err.Error()}
	}
	defer srv.stop()
	spec, err := foxDial(srv.spec)
	if err != nil {
		return []string{"the spectator could not connect: " + err.Error()}
	}
	defer spec.c.Close()
	var players []*foxConn
	for i := 0; i < 2; i++ {
		p, err := foxDial(srv.addr)
		if err != nil {
			return []string{"a player could not connect: " + err.Error()}
		}
		defer p.c.Close()
		if err := p.hello(); err != nil {
			return []string{"player: " + err.Error()}
		}
		players = append(players, p)
	}
	for {
		_, s, err := spec.next(10 * time.Second)
		if err != nil {
			return []string{"the spectator saw no block: " + err.Error()}
		}
		if s != nil {
			break
		}
	}
	// both leave: one says q, the other closes its connection
	cpu0, t0 := cpuTime(), time.Now()
	players[0].send("q")
	players[1].c.Close()
	// two new players wait for the next match
	for i := 0; i < 2; i++ {
		p, err := foxDial(srv.addr)
		if err != nil {
			return []string{"a new player could not connect: " + err.Error()}
		}
		defer p.c.Close()
		go io.Copy(io.Discard, p.c)
	}
	var over, next, dropped time.Duration
	var blocks, drops int
	var res *foxResult
	lost := ""
	for ctx.Err() == nil && next == 0 {
		if res == nil {
			select {
			case r := <-srv.results:
				res = &r
			default:
			}
		}
		l, s, err := spec.next(120 * time.Second)
		if err != nil && time.Since(t0) < 2*time.Minute {
			// dropped: another spectator watches for the next match
			if dropped == 0 {
				lost, dropped = err.Error(), time.Since(t0)
			}
			drops++
			spec.c.Close()
			if spec, err = foxDial(srv.spec); err != nil {
				break
			}
			defer spec.c.Close()
			continue
		}
		if err != nil {
			break
		}
		switch {
		case l == "game is over":
			over = time.Since(t0)
		case s != nil && over > 0, s != nil && dropped > 0 && res != nil && s.Round == 1:
			// a spectator that came in the middle of the emptied match
			// missed its end: the next match's first block says round 1
			next = time.Since(t0)
		case s != nil && dropped == 0:
			blocks++
		}
	}
	cpu := cpuTime() - cpu0
	out := []string{fmt.Sprintf("2 players leave a match of %d rounds on %d × %d in its first round; a spectator watches, 2 new players wait", rounds, w, h)}
	if over > 0 {
		out = append(out, fmt.Sprintf("game is over: %v after they left, %d blocks in between", over.Round(time.Millisecond), blocks))
	}
	if dropped > 0 {
		out = append(out, fmt.Sprintf("the spectator lost its connection (%s) %v after they left, after %d blocks: it was dropped (FAIL)", lost, dropped.Round(time.Millisecond), blocks))
	}
	switch {
	case next > 0 && dropped == 0:
		out = append(out, fmt.Sprintf("the next match started %v after they left; the spectator stayed and saw it", next.Round(time.Millisecond)))
	case next > 0:
		out = append(out, fmt.Sprintf("the next match started %v after they left (seen by a new spectator; %d spectators dropped meanwhile)", next.Round(time.Millisecond), drops))
	default:
		out = append(out, "the next match was not seen to start")
	}
	out = append(out, fmt.Sprintf("CPU of this process meanwhile: %v", cpu.Round(time.Millisecond)))
	if res == nil {
		select {
		case r := <-srv.results:
			res = &r
		case <-time.After(2 * time.Minute):
		}
	}
	if r := res; r != nil {
		out = append(out, fmt.Sprintf("the emptied match ended %v after they left", r.at.Sub(t0).Round(time.Millisecond)))
		winner := r.Winner
		if winner == "" && !r.Abandoned && len(r.Table) > 0 {
			winner = r.Table[0].Name + " (from the table's top)"
		}
		left := 0
		for _, e := range r.Table {
			if e.Left {
				left++
			}
		}
		out = append(out, fmt.Sprintf("result: %d rounds played, abandoned %v, winner %q, %d of %d players marked as left", r.Rounds, r.Abandoned, winner, left, len(r.Table)))
	} else {
		out = append(out, "no result for the emptied match within 2 minutes")
	}
	return out
}

// --- the hostile server ------------------------------------------------

// hostileStrings are what the hostile server hides in every string a
// client draws: OSC 0 (window title), OSC 52 (clipboard), a screen clear,
// bidi overrides, zero-width characters, C1 controls (UTF-8 encoded and
// raw 8-bit), BEL and DEL.
var hostileStrings = []string{
	"\x1b]0;PWNED-TITLE\x07",
	"\x1b]52;c;UFdORUQtQ0xJUA==\x07", // "PWNED-CLIP"
	"\x1b[2J\x1b[H",
	"\u202eevil\u202c",
	"z\u200bw\u200dj\ufeff",
	"\u009d0;C1-TITLE\u009c",
	"\x9d0;RAW-C1\x9c",
	"\x07\x7f\x1b[31mred",
}

// hostileName is player i's name: a short one (cut at 16 characters, an
// OSC 0 still fits) or a long one (OSC 52 after the cut); the mica table's
// separators , and ; are left out of names (they would break the row, not
// the terminal), so the mica OSC 52 rides on E: lines instead.
func hostileName(i int, d foxnet.Dialect) string {
	switch i % 4 {
	case 0:
		return "\x1b]0;PWNED\x07x"
	case 1:
		if d == foxnet.Mica {
			return "\u202eevil\u202c\u200b\u009d0:C1\u009c\x1b[2J"
		}
		return "\u202elooooooooooooooong\u009d0;C1\u009c\x1b]52;c;UFdORUQtQ0xJUA==\x07"
	case 2:
		return "z\u200bw\u200dj\ufeff\x9d0:RAW\x9c\x7f"
	default:
		return "\x1b[2J\x1b[Hclear\x07"
	}
}

// hostileServer serves fake matches on --listen (players) and --spectate
// (spectators) until interrupted or --duration passes.
func hostileServer(ctx context.Context, o options, out io.Writer) error {
	ds, err := foxDialects(o.wire, false)
	if err != nil {
		return err
	}
	d := ds[0]
	ln, err := net.Listen("tcp", o.listen)
	if err != nil {
		return err
	}
	defer ln.Close()
	sl, err := net.Listen("tcp", o.spectate)
	if err != nil {
		return err
	}
	defer sl.Close()
	fmt.Fprintf(out, "hostile Fox hunt server (%s dialect): players on %s, spectators on %s; every name, table row, E: line and final table carries escape sequences\n", d, ln.Addr(), sl.Addr())
	fmt.Fprintf(out, "  minotaur foxhunt play --server %s\n  minotaur foxhunt watch --server %s\n", ln.Addr(), sl.Addr())
	ctx, cancel := context.WithTimeout(ctx, o.duration)
	defer cancel()
	go func() {
		<-ctx.Done()
		ln.Close()
		sl.Close()
	}()
	var wg sync.WaitGroup
	serve := func(l net.Listener, player bool) {
		defer wg.Done()
		for {
			c, err := l.Accept()
			if err != nil {
				return
			}
			if !loopback(c.RemoteAddr().String()) {
				c.Close()
				continue
			}
			wg.Add(1)
			go func() {
				defer wg.Done()
				defer c.Close()
				go func() { <-ctx.Done(); c.Close() }()
				hostileConn(ctx, o, d, c, player)
			}()
		}
	}
	wg.Add(2)
	go serve(ln, true)
	go serve(sl, false)
	wg.Wait()
	return nil
}

// hostileConn plays fake matches for one connection: a real foxhunt game
// (so that the blocks are well formed) whose other players have hostile
// names, with hostile E: lines, a hostile line after "game is over" and a
// pause on the final table.
func hostileConn(ctx context.Context, o options, d foxnet.Dialect, c net.Conn, player bool) {
	lines := make(chan string, 16)
	if player {
		go func() {
			defer close(lines)
			br := bufio.NewReader(c)
			for {
				l, err := br.ReadString('\n')
				if err != nil {
					return
				}
				select {
				case lines <- strings.TrimSpace(l):
				default:
				}
			}
		}()
	}
	write := func(s string) bool {
		c.SetWriteDeadline(time.Now().Add(5 * time.Second))
		_, err := io.WriteString(c, s)
		return err == nil
	}
	me := "\x1b]0;YOU-PWNED\x07me"
	if d == foxnet.Wiki {
		me = "me\x1b]52;c;UFdORUQtQ0xJUA==\x07"
	}
	if player && !write("Successfully connected to Bomberman-Server\nEnter q to disconnect.\nYourID:\x1b]0;ID\x07\nYourName:"+me+"\n") {
		return
	}
	const timeout = 500 * time.Millisecond
	rounds := o.foxRounds
	if rounds <= 0 {
		rounds = 20
	}
	for match := 1; ctx.Err() == nil; match++ {
		names := []string{me}
		for i := 0; i < 4; i++ {
			names = append(names, hostileName(i, d))
		}
		g, err := foxhunt.New(foxhunt.Config{W: 15, H: 11, Rounds: rounds, Seed: uint64(match), Rules: foxhunt.Reference}, names)
		if err != nil {
			return
		}
		f := foxnet.Frame{Game: 1, Games: 1, Timeout: timeout}
		for {
			block := foxnet.AppendBlock(nil, d, g, f)
			msg := block
			if player && d == foxnet.Mica {
				msg = append(foxnet.AppendHeader(nil, len(block)), block...)
			}
			s := string(msg)
			if player {
				for _, h := range hostileStrings {
					s += "E: " + h + "\n"
				}
				if d == foxnet.Mica && !g.Over() {
					s += "wfyc: waiting for your command\n"
				}
			}
			if g.Over() {
				s += "game is over\n"
				for _, h := range hostileStrings {
					s += "Winner: " + h + "\n"
				}
			}
			if !write(s) {
				return
			}
			if g.Over() {
				break
			}
			t := time.NewTimer(timeout)
			select {
			case l, ok := <-lines:
				if ok && l == "q" {
					t.Stop()
					return
				}
				if ok && l != "" && !strings.HasPrefix(l, "name:") {
					g.Submit(0, l)
				}
				<-t.C
			case <-t.C:
			case <-ctx.Done():
				t.Stop()
				return
			}
			g.EndRound()
		}
		select {
		case <-time.After(3 * time.Second): // the final table stays up
		case <-ctx.Done():
			return
		}
	}
}
