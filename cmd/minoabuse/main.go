// Command minoabuse attacks a Minotaur server on loopback the way the
// safety review's attack run did, and measures what well-behaved players
// see meanwhile; it also measures how many SSH players a server holds.
// Every connection goes to 127.0.0.0/8 only, from many loopback source
// addresses (127.1.x.y and 127.2.x.y: Linux routes the whole /8 to lo), and
// every run is bounded in time.
//
//	minoabuse soak --hostile 4000 --duration 2m
//
// starts a game server with its SSH front end in this process (default
// limits: --max-clients 4096, --max-per-addr 32) and runs --hostile hostile
// clients against it for --duration, from a second process at nice 10 (they
// would run on other machines; on this small one, their own CPU should not
// count against the server's): silent TCP connections, TCP
// connections that send a blank line every 2 s, half-open SSH connections
// (a version line, then nothing), silent SSH connections, SSH sessions that
// storm their window size and never read, and session floods (many
// sessions on one connection, many connections of one key); 40 hostile
// clients share each source address, more than --max-per-addr allows. Each
// hostile client starts again as soon as the server drops it (200 ms after
// a refusal). Two TCP players play co-op and an SSH player plays a solo
// game, first alone for --control (what the machine gives them now), then
// under the attack; a new TCP player and a new SSH player come in the
// middle of it. It prints their latencies in both phases, what the server
// did to the hostile clients, and the process's open files and goroutines
// before, at the peak and after the hostile clients stopped.
//
//	minoabuse lobby --each 30s
//
// runs three attacks on what the lobby keeps, each against a fresh server
// in this process: invitation churn (fresh names invite an idle player
// and leave), a daily flood (fresh names start a daily attempt and leave
// it, while a newcomer's hello is timed) and spectator chat (50 spectators
// from two addresses chatting within their limits while the player acts at
// full speed); it prints the heap, open files and goroutines before, at
// the peak and after each (see lobby.go).
//
//	minoabuse foxhunt [--attacks squat,empty] [--wire wiki|mica|both]
//
// runs two attacks on the Fox hunt's contest server, each against a fresh
// foxnet server in this process: squatting (players who connect and never
// send hold the seats over --matches matches: does a later arrival play?)
// and the empty match (both players leave a --rounds match on a --size
// map: how long until the next match starts, do the spectators stay?); see
// foxhunt.go.
//
//	minoabuse hostile-server --listen 127.0.0.1:5000 --spectate 127.0.0.1:5001 [--wire mica]
//
// is a fake Fox hunt server whose names, table rows, E: lines and final
// table carry escape sequences (window title, clipboard, screen clear,
// bidi, zero-width, C1), for `minotaur foxhunt play` and `watch` to be
// pointed at; it serves until interrupted or --duration passes.
//
//	minotaur serve --ssh 127.0.0.1:2222 --data /tmp/cap &
//	minoabuse ssh --addr 127.0.0.1:2222 --players 500 --burst 100 --pid $!
//
// logs --burst SSH players in at once (their first screen's latency), then
// the others over --ramp, all playing (80×24, a key every --think on
// average) for --duration, and prints the latency from a key to the screen
// that answers it and the server's memory per session.
package main

import (
	"bufio"
	"bytes"
	"context"
	"crypto/ed25519"
	"crypto/rand"
	"errors"
	"fmt"
	"io"
	"log/slog"
	mrand "math/rand/v2"
	"net"
	"os"
	"os/exec"
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
	gossh "golang.org/x/crypto/ssh"

	"github.com/minotaur-game/minotaur/engine"
	"github.com/minotaur-game/minotaur/games/foxhunt"
	"github.com/minotaur-game/minotaur/netplay"
	"github.com/minotaur-game/minotaur/saves"
	"github.com/minotaur-game/minotaur/sshplay"
)

func main() {
	os.Exit(run(os.Args[1:], os.Stdout, os.Stderr))
}

const usage = `usage: minoabuse soak [flags]    hostile clients against an in-process server
       minoabuse ssh --addr HOST:PORT [flags]    SSH capacity of a running server
       minoabuse attack --tcp HOST:PORT --ssh HOST:PORT [flags]    only the hostile clients (what soak runs)
       minoabuse lobby [--attacks invite,daily,chat] [--each 30s]    invite churn, daily flood, spectator chat against an in-process server
       minoabuse foxhunt [--attacks squat,empty] [--wire wiki|mica|both]    seat squatting and an emptied match against an in-process Fox hunt server
       minoabuse hostile-server [--listen ADDR] [--spectate ADDR] [--wire wiki|mica]    a fake Fox hunt server sending escape sequences, for play and watch

Flags:
%s`

type options struct {
	hostile  int
	duration time.Duration
	settle   time.Duration
	control  time.Duration
	addr     string
	players  int
	burst    int
	ramp     time.Duration
	think    time.Duration
	pid      int
	verbose  bool
	profile  string
	tcp, ssh string // attack: the targets
	attacks  string // lobby: which attacks
	each     time.Duration
	listen   string // lobby: the server's address; hostile-server: the players' address
	// foxhunt and hostile-server
	spectate   string
	wire       string
	foxRounds  int
	foxSize    string
	foxW, foxH int
	foxMatches int
	foxTimeout time.Duration
}

func run(args []string, stdout, stderr io.Writer) int {
	fs := pflag.NewFlagSet("minoabuse", pflag.ContinueOnError)
	fs.SetOutput(io.Discard)
	var o options
	fs.IntVar(&o.hostile, "hostile", 4000, "soak: hostile clients at once")
	fs.DurationVar(&o.duration, "duration", 2*time.Minute, "how long the attack (soak) or the play (ssh) lasts")
	fs.DurationVar(&o.control, "control", 20*time.Second, "soak: how long the well-behaved players play before the attack, for comparison")
	fs.DurationVar(&o.settle, "settle", 30*time.Second, "soak: the longest wait, after the attack, for the server to let go of everything")
	fs.StringVar(&o.addr, "addr", "127.0.0.1:2222", "ssh: the SSH address of the server")
	fs.IntVar(&o.players, "players", 500, "ssh: SSH players at once")
	fs.IntVar(&o.burst, "burst", 100, "ssh: players who log in at the same moment first")
	fs.DurationVar(&o.ramp, "ramp", 20*time.Second, "ssh: time over which the players after the burst log in")
	fs.DurationVar(&o.think, "think", time.Second, "ssh: mean time between a player's keys")
	fs.IntVar(&o.pid, "pid", 0, "ssh: process id of the server, for its memory (Linux)")
	fs.BoolVar(&o.verbose, "verbose", false, "soak: the server's log on stderr")
	fs.StringVar(&o.tcp, "tcp", "", "attack: the game server's TCP address")
	fs.StringVar(&o.ssh, "ssh", "", "attack: the game server's SSH address")
	fs.StringVar(&o.attacks, "attacks", "all", "lobby: the attacks to run, of invite,daily,chat (or all)")
	fs.DurationVar(&o.each, "each", 30*time.Second, "lobby: how long each attack lasts")
	fs.IntVar(&inviters, "inviters", 16, "lobby: connections at once of the invitation churn")
	fs.StringVar(&o.listen, "listen", "127.0.0.1:0", "lobby: the loopback address the server listens on")
	fs.StringVar(&o.spectate, "spectate", "127.0.0.1:0", "hostile-server: the loopback address spectators connect to")
	fs.StringVar(&o.wire, "wire", "", "foxhunt: the dialects, wiki, mica or both (default both); hostile-server: wiki or mica (default mica)")
	fs.IntVar(&o.foxRounds, "rounds", 0, "foxhunt, hostile-server: rounds a match (default: squat 30, empty 100000, hostile-server 20)")
	fs.StringVar(&o.foxSize, "size", "", "foxhunt: the map's `ROWS,COLS`, rows first as every size of minotaur's flags (default: squat 15,15, empty 101,101)")
	fs.IntVar(&o.foxMatches, "matches", 4, "foxhunt: matches the squatting lasts")
	fs.DurationVar(&o.foxTimeout, "timeout", 100*time.Millisecond, "foxhunt: the squatting's round timeout")
	fs.StringVar(&o.profile, "cpuprofile", "", "soak: write a CPU profile of the process (server and clients) to `FILE`")
	if err := fs.Parse(args); err != nil {
		if errors.Is(err, pflag.ErrHelp) {
			fmt.Fprintf(stdout, usage, fs.FlagUsages())
			return 0
		}
		fmt.Fprintf(stderr, "minoabuse: %v\n", err)
		return 2
	}
	switch fs.Arg(0) {
	case "soak", "ssh", "attack", "lobby", "foxhunt", "hostile-server":
	default:
		fmt.Fprintf(stderr, "minoabuse: say soak, lobby, ssh, foxhunt or hostile-server\n"+usage, fs.FlagUsages())
		return 2
	}
	if fs.NArg() != 1 {
		fmt.Fprintf(stderr, "minoabuse: one command, not %q\n"+usage, strings.Join(fs.Args(), " "), fs.FlagUsages())
		return 2
	}
	if o.wire == "" {
		o.wire = "both"
		if fs.Arg(0) == "hostile-server" {
			o.wire = "mica"
		}
	}
	if _, err := foxDialects(o.wire, fs.Arg(0) != "hostile-server"); err != nil {
		fmt.Fprintf(stderr, "minoabuse: %v\n", err)
		return 2
	}
	if o.foxSize != "" {
		if _, err := fmt.Sscanf(o.foxSize, "%d,%d", &o.foxH, &o.foxW); err != nil || o.foxW < foxhunt.MinSize || o.foxH < foxhunt.MinSize || o.foxW > foxhunt.MaxSize || o.foxH > foxhunt.MaxSize {
			fmt.Fprintf(stderr, "minoabuse: --size %s: say ROWS,COLS, each %d to %d\n", o.foxSize, foxhunt.MinSize, foxhunt.MaxSize)
			return 2
		}
	}
	if o.foxMatches < 1 || o.foxTimeout < 10*time.Millisecond || o.foxRounds < 0 {
		fmt.Fprintln(stderr, "minoabuse: --matches must be positive, --timeout at least 10ms, --rounds not negative")
		return 2
	}
	if o.duration <= 0 || o.hostile < 0 || o.players < 1 || o.burst < 0 || o.burst > o.players {
		fmt.Fprintln(stderr, "minoabuse: --duration, --players must be positive, --burst at most --players")
		return 2
	}
	if !loopback(o.addr) || !loopback(o.listen) || !loopback(o.spectate) {
		fmt.Fprintf(stderr, "minoabuse: %s, %s or %s is not a loopback address: this tool attacks only this machine\n", o.addr, o.listen, o.spectate)
		return 2
	}
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt)
	defer stop()
	var err error
	switch fs.Arg(0) {
	case "soak":
		err = soak(ctx, o, stdout, stderr)
	case "attack":
		err = attack(ctx, o, stdout)
	case "lobby":
		err = lobby(ctx, o, stdout)
	case "foxhunt":
		err = foxhuntAttacks(ctx, o, stdout)
	case "hostile-server":
		err = hostileServer(ctx, o, stdout)
	default:
		err = capacity(ctx, o, stdout)
	}
	if err != nil {
		fmt.Fprintf(stderr, "minoabuse: %v\n", err)
		return 1
	}
	return 0
}

func loopback(addr string) bool {
	host, _, err := net.SplitHostPort(addr)
	if err != nil {
		return false
	}
	ip := net.ParseIP(host)
	return ip != nil && ip.IsLoopback()
}

// source returns the loopback source address number i of a family
// (127.<family>.x.y, y from 1 to 250).
func source(family, i int) *net.TCPAddr {
	return &net.TCPAddr{IP: net.IPv4(127, byte(family), byte(i/250), byte(i%250+1))}
}

func dialFrom(ctx context.Context, src *net.TCPAddr, addr string) (net.Conn, error) {
	d := net.Dialer{LocalAddr: src, Timeout: 10 * time.Second}
	return d.DialContext(ctx, "tcp", addr)
}

// --- the soak ---------------------------------------------------------

// kinds of hostile clients, and how many of every 40 slots each takes.
var kinds = []struct {
	name  string
	share int
	run   func(ctx context.Context, h *hostile, src *net.TCPAddr) outcome
}{
	{"silent TCP", 15, silentTCP},
	{"blank lines TCP", 12, blankTCP},
	{"half-open SSH", 6, halfOpenSSH},
	{"silent SSH", 4, silentSSH},
	{"SSH resize storm, never reads", 1, resizeStorm},
	{"SSH session flood", 2, sessionFlood},
}

// outcome is how one hostile connection ended.
type outcome int

const (
	refused outcome = iota // turned away at once (server_full, closed before the handshake)
	cut                    // dropped by the server later (deadline, per-key cap…)
	failed                 // could not connect, or another error
	stopped                // still open when the attack ended
)

// hostile is what the soak's hostile clients share.
type hostile struct {
	tcp, ssh string
	signer   gossh.Signer   // a key for the storms
	shared   []gossh.Signer // the few keys of the session floods
	count    [8][4]atomic.Int64
}

func soak(ctx context.Context, o options, out, errOut io.Writer) error {
	data, err := os.MkdirTemp("", "minoabuse-*")
	if err != nil {
		return err
	}
	defer os.RemoveAll(data)
	logger := slog.New(slog.NewTextHandler(io.Discard, nil))
	if o.verbose {
		logger = slog.New(slog.NewTextHandler(errOut, nil))
	}
	game, err := netplay.NewServer(netplay.Config{DataDir: data, Logger: logger})
	if err != nil {
		return err
	}
	sshSrv, err := sshplay.New(sshplay.Config{DataDir: data, Game: game, Logger: logger})
	if err != nil {
		return err
	}
	tcpLn, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		return err
	}
	sshLn, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		return err
	}
	go game.Serve(tcpLn)
	go sshSrv.Serve(sshLn)
	h := &hostile{tcp: tcpLn.Addr().String(), ssh: sshLn.Addr().String()}

	time.Sleep(200 * time.Millisecond)
	base := snapshot()
	if o.profile != "" {
		var buf bytes.Buffer
		if err := pprof.StartCPUProfile(&buf); err != nil {
			return err
		}
		defer func() {
			pprof.StopCPUProfile()
			if err := saves.WriteFile(o.profile, buf.Bytes()); err != nil {
				fmt.Fprintf(errOut, "minoabuse: %v\n", err)
			}
		}()
	}
	fmt.Fprintf(out, "server: TCP %s, SSH %s, --max-clients %d, --max-per-addr %d, hello and handshake deadlines 10s\n",
		h.tcp, h.ssh, netplay.DefaultMaxClients, netplay.DefaultMaxPerAddr)
	fmt.Fprintf(out, "baseline: %s\n", base)

	// The well-behaved players play from the start: first alone (the
	// control: what this machine gives them now), then under attack.
	playing, stopPlaying := context.WithCancel(ctx)
	defer stopPlaying()
	var good sync.WaitGroup
	var tcpLat, sshLat phased
	var tcpErr, sshErr error
	var sshFirst time.Duration
	good.Add(2)
	go func() { defer good.Done(); tcpErr = playPair(playing, h.tcp, &tcpLat) }()
	go func() { defer good.Done(); sshFirst, sshErr = playSSH(playing, h.ssh, &sshLat) }()
	sleep(ctx, o.control)
	tcpLat.phase.Store(1)
	sshLat.phase.Store(1)

	// The hostile clients run in a process of their own, as they would on
	// other machines; it is niced, so that on this small machine their
	// own CPU does not count against the server's.
	attacker, attackOut, err := startAttacker(ctx, o, h.tcp, h.ssh, errOut)
	if err != nil {
		return err
	}

	var peak snap
	var peakMu sync.Mutex
	sampling, stopSampling := context.WithCancel(ctx)
	go func() {
		for sampling.Err() == nil {
			s := snapshot()
			s.clients = game.Stats().Clients
			peakMu.Lock()
			peak = peak.max(s)
			peakMu.Unlock()
			sleep(sampling, time.Second)
		}
	}()

	// Newcomers log in while the attack is in full swing.
	sleep(ctx, o.duration/2)
	newTCP, newTCPErr := newcomerTCP(ctx, h.tcp)
	newSSH, newSSHErr := newcomerSSH(ctx, h.ssh)
	sleep(ctx, o.duration-o.duration/2)
	stopPlaying()
	good.Wait()
	attackErr := attacker.Wait() // the attacker stops after --duration
	stopSampling()

	// The server lets go of everything: the hostile clients are gone,
	// the good players have left.
	deadline := time.Now().Add(o.settle)
	for game.Stats().Clients > 0 && time.Now().Before(deadline) {
		time.Sleep(100 * time.Millisecond)
	}
	time.Sleep(2 * time.Second) // connections lingering after their session
	after := snapshot()
	if o.verbose {
		pprof.Lookup("goroutine").WriteTo(errOut, 1)
	}

	fmt.Fprintf(out, "\nhostile clients (%d at once, for %v, in a process at nice 10):\n", o.hostile, o.duration)
	out.Write(attackOut.Bytes())
	if attackErr != nil {
		fmt.Fprintf(out, "  the attacker failed: %v\n", attackErr)
	}
	fmt.Fprintf(out, "\nwell-behaved players (from 127.0.0.2-6), %v alone, then %v under attack:\n", o.control, o.duration)
	report(out, "  TCP co-op, action → state, alone       ", &tcpLat.l[0], tcpErr)
	report(out, "  TCP co-op, action → state, under attack", &tcpLat.l[1], tcpErr)
	report(out, "  SSH solo, key → screen, alone          ", &sshLat.l[0], sshErr)
	report(out, "  SSH solo, key → screen, under attack   ", &sshLat.l[1], sshErr)
	if sshErr == nil {
		fmt.Fprintf(out, "  SSH first screen before the attack: %v\n", sshFirst.Round(time.Millisecond))
	}
	fmt.Fprintf(out, "  in the middle of the attack, a new TCP player is welcomed after %v (%v), a new SSH player sees the menu after %v (%v)\n",
		newTCP.Round(10*time.Microsecond), orOK(newTCPErr), newSSH.Round(time.Millisecond), orOK(newSSHErr))
	fmt.Fprintf(out, "\nopen files and goroutines of the server's process (the server and the well-behaved players):\n")
	fmt.Fprintf(out, "  baseline:            %s\n", base)
	fmt.Fprintf(out, "  peak during attack:  %s, %d connections held by the game server\n", peak, peak.clients)
	fmt.Fprintf(out, "  after (%v settle):  %s\n", o.settle, after)

	start := time.Now()
	sctx, cancel := context.WithTimeout(context.Background(), 15*time.Second)
	defer cancel()
	err = errors.Join(sshSrv.Shutdown(sctx), game.Shutdown(sctx))
	fmt.Fprintf(out, "shutdown: %v (err %v)\n", time.Since(start).Round(time.Millisecond), err)
	return nil
}

// startAttacker starts this program again as the hostile clients
// (minoabuse attack), niced when nice is there; its report is written to
// the returned buffer when it ends.
func startAttacker(ctx context.Context, o options, tcp, ssh string, errOut io.Writer) (*exec.Cmd, *bytes.Buffer, error) {
	self, err := os.Executable()
	if err != nil {
		return nil, nil, err
	}
	args := []string{self, "attack", "--tcp", tcp, "--ssh", ssh, "--hostile", strconv.Itoa(o.hostile), "--duration", o.duration.String()}
	if nice, err := exec.LookPath("nice"); err == nil {
		args = append([]string{nice, "-n", "10"}, args...)
	}
	cmd := exec.CommandContext(ctx, args[0], args[1:]...)
	var buf bytes.Buffer
	cmd.Stdout, cmd.Stderr = &buf, errOut
	return cmd, &buf, cmd.Start()
}

// attack runs the hostile clients against tcp and ssh for o.duration and
// writes what became of their connections.
func attack(ctx context.Context, o options, out io.Writer) error {
	if !loopback(o.tcp) || !loopback(o.ssh) {
		return fmt.Errorf("%s or %s is not a loopback address: this tool attacks only this machine", o.tcp, o.ssh)
	}
	h := &hostile{tcp: o.tcp, ssh: o.ssh, signer: newSigner()}
	for range 3 {
		h.shared = append(h.shared, newSigner())
	}
	attack, stopAttack := context.WithTimeout(ctx, o.duration)
	defer stopAttack()
	var wg sync.WaitGroup
	total := 0
	for _, k := range kinds {
		total += k.share
	}
	for i := range o.hostile {
		slot, k := i%total, 0
		for slot >= kinds[k].share {
			slot -= kinds[k].share
			k++
		}
		// 40 slots share a source address: more than --max-per-addr.
		src := source(1, i/40)
		wg.Add(1)
		go func() {
			defer wg.Done()
			sleep(attack, time.Duration(mrand.Int64N(int64(5*time.Second)))) // a ramp of 5 s
			for attack.Err() == nil {
				res := kinds[k].run(attack, h, src)
				h.count[k][res].Add(1)
				if res == failed || res == refused {
					sleep(attack, 200*time.Millisecond)
				}
			}
		}()
	}
	wg.Wait()
	fmt.Fprintf(out, "  %-32s %9s %9s %9s %9s\n", "kind", "refused", "cut", "failed", "at end")
	for k, kd := range kinds {
		c := &h.count[k]
		fmt.Fprintf(out, "  %-32s %9d %9d %9d %9d\n", kd.name, c[refused].Load(), c[cut].Load(), c[failed].Load(), c[stopped].Load())
	}
	return nil
}

func sleep(ctx context.Context, d time.Duration) {
	t := time.NewTimer(d)
	defer t.Stop()
	select {
	case <-ctx.Done():
	case <-t.C:
	}
}

// snap is a measure of the process.
type snap struct {
	fds, goroutines, clients int
	heap                     uint64
}

func snapshot() snap {
	runtime.GC()
	var m runtime.MemStats
	runtime.ReadMemStats(&m)
	fds, _ := os.ReadDir("/proc/self/fd")
	return snap{fds: len(fds), goroutines: runtime.NumGoroutine(), heap: m.HeapInuse}
}

func (s snap) max(o snap) snap {
	return snap{fds: max(s.fds, o.fds), goroutines: max(s.goroutines, o.goroutines), clients: max(s.clients, o.clients), heap: max(s.heap, o.heap)}
}

func (s snap) String() string {
	return fmt.Sprintf("%d open files, %d goroutines, heap %.1f MiB", s.fds, s.goroutines, float64(s.heap)/(1<<20))
}

// hold reads c until the server closes it or the attack ends, and says
// which.
func hold(ctx context.Context, c net.Conn, first func(line []byte) outcome) outcome {
	stop := context.AfterFunc(ctx, func() { c.Close() })
	defer stop()
	defer c.Close()
	br := bufio.NewReader(c)
	line, err := br.ReadSlice('\n')
	if ctx.Err() != nil {
		return stopped
	}
	res := cut
	if first != nil {
		res = first(line)
	}
	if err != nil {
		return res
	}
	io.Copy(io.Discard, br) // read until the server closes; how it ends says nothing more
	if ctx.Err() != nil {
		return stopped
	}
	return res
}

func gameRefusal(line []byte) outcome {
	if bytes.Contains(line, []byte(`"server_full"`)) {
		return refused
	}
	return cut
}

func silentTCP(ctx context.Context, h *hostile, src *net.TCPAddr) outcome {
	c, err := dialFrom(ctx, src, h.tcp)
	if err != nil {
		return failed
	}
	return hold(ctx, c, gameRefusal)
}

func blankTCP(ctx context.Context, h *hostile, src *net.TCPAddr) outcome {
	c, err := dialFrom(ctx, src, h.tcp)
	if err != nil {
		return failed
	}
	done := make(chan struct{})
	defer close(done)
	go func() {
		t := time.NewTicker(2 * time.Second)
		defer t.Stop()
		for {
			select {
			case <-done:
				return
			case <-t.C:
				c.SetWriteDeadline(time.Now().Add(time.Second))
				if _, err := c.Write([]byte("\n")); err != nil {
					return
				}
			}
		}
	}()
	return hold(ctx, c, gameRefusal)
}

// sshRefusal: an SSH connection refused by the budget is closed before the
// server's version line.
func sshRefusal(line []byte) outcome {
	if len(line) == 0 {
		return refused
	}
	return cut
}

func halfOpenSSH(ctx context.Context, h *hostile, src *net.TCPAddr) outcome {
	c, err := dialFrom(ctx, src, h.ssh)
	if err != nil {
		return failed
	}
	c.Write([]byte("SSH-2.0-OpenSSH_9.6\r\n"))
	return hold(ctx, c, sshRefusal)
}

func silentSSH(ctx context.Context, h *hostile, src *net.TCPAddr) outcome {
	c, err := dialFrom(ctx, src, h.ssh)
	if err != nil {
		return failed
	}
	return hold(ctx, c, sshRefusal)
}

// login opens an SSH connection from src as user with key.
func login(ctx context.Context, src *net.TCPAddr, addr, user string, key gossh.Signer) (*gossh.Client, error) {
	nc, err := dialFrom(ctx, src, addr)
	if err != nil {
		return nil, err
	}
	nc.SetDeadline(time.Now().Add(15 * time.Second))
	cc, chans, reqs, err := gossh.NewClientConn(nc, addr, &gossh.ClientConfig{
		User: user, Auth: []gossh.AuthMethod{gossh.PublicKeys(key)},
		HostKeyCallback: gossh.InsecureIgnoreHostKey(), // loopback only, a throwaway server
	})
	if err != nil {
		nc.Close()
		return nil, err
	}
	nc.SetDeadline(time.Time{})
	return gossh.NewClient(cc, chans, reqs), nil
}

// waitClosed waits for the server to close c, or the attack to end.
func waitClosed(ctx context.Context, c *gossh.Client) outcome {
	stop := context.AfterFunc(ctx, func() { c.Close() })
	defer stop()
	c.Wait()
	if ctx.Err() != nil {
		return stopped
	}
	return cut
}

// loginOutcome says how a failed login ended: refused when the server
// closed the connection during the handshake (the budget: a closed
// connection, or a reset when the client's version line was unread),
// failed when the connection could not be made.
func loginOutcome(err error) outcome {
	if strings.Contains(err.Error(), "handshake failed") {
		return refused
	}
	return failed
}

func resizeStorm(ctx context.Context, h *hostile, src *net.TCPAddr) outcome {
	c, err := login(ctx, src, h.ssh, "storm", h.signer)
	if err != nil {
		return loginOutcome(err)
	}
	defer c.Close()
	sess, err := c.NewSession()
	if err != nil {
		return cut
	}
	if sess.RequestPty("xterm-256color", 24, 80, nil) != nil {
		return cut
	}
	sess.StdoutPipe() // never read
	sess.StderrPipe()
	if sess.Shell() != nil {
		return cut
	}
	for i := range 600 {
		w, hh := 80, 24
		if i%2 == 1 {
			w, hh = sshplay.MaxWidth, sshplay.MaxHeight
		}
		if sess.WindowChange(hh, w) != nil {
			break
		}
		if i%20 == 19 {
			sleep(ctx, 20*time.Millisecond)
		}
	}
	return waitClosed(ctx, c)
}

func sessionFlood(ctx context.Context, h *hostile, src *net.TCPAddr) outcome {
	c, err := login(ctx, src, h.ssh, "flood", h.shared[mrand.IntN(len(h.shared))])
	if err != nil {
		return loginOutcome(err)
	}
	defer c.Close()
	for range 10 {
		sess, err := c.NewSession()
		if err != nil {
			continue // one session per connection
		}
		sess.RequestPty("xterm", 24, 80, nil)
		sess.Stdout, sess.Stderr = io.Discard, io.Discard
		sess.Shell()
	}
	return waitClosed(ctx, c)
}

func newSigner() gossh.Signer {
	_, k, _ := ed25519.GenerateKey(rand.Reader)
	s, err := gossh.NewSignerFromKey(k)
	if err != nil {
		panic(err)
	}
	return s
}

// --- the well-behaved players --------------------------------------------

// recorder takes latencies.
type recorder interface{ add(time.Duration) }

// phased records into l[phase].
type phased struct {
	phase atomic.Int32
	l     [2]latencies
}

func (p *phased) add(d time.Duration) { p.l[p.phase.Load()].add(d) }

func orOK(err error) string {
	if err != nil {
		return "FAILED: " + err.Error()
	}
	return "ok"
}

// newcomerTCP is a player who comes to the lobby (from 127.0.0.5) and
// leaves; it returns how long the welcome took.
func newcomerTCP(ctx context.Context, addr string) (time.Duration, error) {
	start := time.Now()
	c, err := dialFrom(ctx, &net.TCPAddr{IP: net.IPv4(127, 0, 0, 5)}, addr)
	if err != nil {
		return 0, err
	}
	hctx, cancel := context.WithTimeout(ctx, 10*time.Second)
	defer cancel()
	cl, _, err := netplay.Handshake(hctx, c, "newcomer", "")
	if err != nil {
		return 0, err
	}
	d := time.Since(start)
	cl.Close()
	return d, nil
}

// newcomerSSH is a player who logs in over SSH (from 127.0.0.6) and
// leaves; it returns how long the menu took to show.
func newcomerSSH(ctx context.Context, addr string) (time.Duration, error) {
	start := time.Now()
	t, err := openSSH(ctx, &net.TCPAddr{IP: net.IPv4(127, 0, 0, 6)}, addr, "newcomer", newSigner())
	if err != nil {
		return 0, err
	}
	defer t.client.Close()
	if err := t.waitFor(ctx, "New game", 10*time.Second); err != nil {
		return 0, err
	}
	return time.Since(start), nil
}

// latencies collects durations.
type latencies struct {
	mu sync.Mutex
	d  []time.Duration
}

func (l *latencies) add(d time.Duration) {
	l.mu.Lock()
	l.d = append(l.d, d)
	l.mu.Unlock()
}

func (l *latencies) pct(p float64) time.Duration {
	l.mu.Lock()
	defer l.mu.Unlock()
	if len(l.d) == 0 {
		return 0
	}
	sort.Slice(l.d, func(i, j int) bool { return l.d[i] < l.d[j] })
	return l.d[min(len(l.d)-1, int(p*float64(len(l.d))))]
}

func (l *latencies) n() int {
	l.mu.Lock()
	defer l.mu.Unlock()
	return len(l.d)
}

func report(out io.Writer, what string, l *latencies, err error) {
	if err != nil {
		fmt.Fprintf(out, "%s: FAILED: %v\n", what, err)
		return
	}
	fmt.Fprintf(out, "%s: %d samples, p50 %v, p99 %v, max %v\n", what, l.n(),
		l.pct(0.5).Round(10*time.Microsecond), l.pct(0.99).Round(10*time.Microsecond), l.pct(1).Round(10*time.Microsecond))
}

// playPair connects two TCP players from two addresses of their own; they
// play co-op games, a random move every 100 ms or so, until ctx is done.
func playPair(ctx context.Context, addr string, lat recorder) error {
	var cl [2]*netplay.Client
	names := [2]string{"alice", "bob"}
	for i := range cl {
		c, err := dialFrom(ctx, &net.TCPAddr{IP: net.IPv4(127, 0, 0, byte(2+i))}, addr)
		if err != nil {
			return err
		}
		hctx, cancel := context.WithTimeout(ctx, 10*time.Second)
		cl[i], _, err = netplay.Handshake(hctx, c, names[i], "")
		cancel()
		if err != nil {
			return fmt.Errorf("%s cannot join: %w", names[i], err)
		}
		defer cl[i].Close()
	}
	if err := cl[0].Invite("bob"); err != nil {
		return err
	}
	errs := make(chan error, 2)
	for i, c := range cl {
		go func() { errs <- playSeat(ctx, c, i == 0, lat) }()
	}
	err := errors.Join(<-errs, <-errs)
	if ctx.Err() != nil {
		return nil
	}
	return err
}

// playSeat plays one seat: acts when it is its turn and times the state
// that answers; the inviter invites again after every game.
func playSeat(ctx context.Context, c *netplay.Client, inviter bool, lat recorder) error {
	moves := []engine.Action{engine.Up, engine.Left, engine.Down, engine.Right, engine.Skip}
	var sent time.Time
	for {
		m, err := c.NextContext(ctx)
		if err != nil {
			if ctx.Err() != nil {
				return nil
			}
			return err
		}
		switch m := m.(type) {
		case *netplay.Invited:
			c.Accept(m.From)
		case *netplay.Over:
			if inviter {
				c.Invite("bob")
			}
		case *netplay.Error:
			if m.Code != netplay.CodeNotYourTurn && m.Code != netplay.CodeNoSuchPlayer {
				return fmt.Errorf("server error %s: %s", m.Code, m.Msg)
			}
		case *netplay.State:
			if !sent.IsZero() {
				lat.add(time.Since(sent))
				sent = time.Time{}
			}
			if m.YourTurn {
				sleep(ctx, time.Duration(50+mrand.IntN(100))*time.Millisecond)
				sent = time.Now()
				if err := c.Act(moves[mrand.IntN(len(moves))]); err != nil {
					return err
				}
			}
		}
	}
}

// sshTerm is an SSH session whose output is watched.
type sshTerm struct {
	client *gossh.Client
	in     io.Writer
	mu     sync.Mutex
	buf    []byte        // output since the last take
	kick   chan struct{} // output arrived
	ended  chan struct{}
	// loggedIn is when the SSH handshake and login were done.
	loggedIn time.Time
}

func openSSH(ctx context.Context, src *net.TCPAddr, addr, user string, key gossh.Signer) (*sshTerm, error) {
	c, err := login(ctx, src, addr, user, key)
	if err != nil {
		return nil, err
	}
	sess, err := c.NewSession()
	if err != nil {
		c.Close()
		return nil, err
	}
	t := &sshTerm{client: c, kick: make(chan struct{}, 1), ended: make(chan struct{}), loggedIn: time.Now()}
	if err := sess.RequestPty("xterm-256color", 24, 80, nil); err != nil {
		c.Close()
		return nil, err
	}
	t.in, _ = sess.StdinPipe()
	outp, _ := sess.StdoutPipe()
	sess.Stderr = io.Discard
	go func() {
		defer close(t.ended)
		b := make([]byte, 32<<10)
		for {
			n, err := outp.Read(b)
			if n > 0 {
				t.mu.Lock()
				t.buf = append(t.buf, b[:n]...)
				if len(t.buf) > 1<<16 {
					t.buf = t.buf[len(t.buf)-1<<15:]
				}
				t.mu.Unlock()
				select {
				case t.kick <- struct{}{}:
				default:
				}
			}
			if err != nil {
				return
			}
		}
	}()
	if err := sess.Shell(); err != nil {
		c.Close()
		return nil, err
	}
	return t, nil
}

// take returns the output since the last take.
func (t *sshTerm) take() []byte {
	t.mu.Lock()
	defer t.mu.Unlock()
	b := t.buf
	t.buf = nil
	return b
}

// waitFor waits until the output (since the last take) contains text.
func (t *sshTerm) waitFor(ctx context.Context, text string, d time.Duration) error {
	deadline := time.NewTimer(d)
	defer deadline.Stop()
	var seen []byte
	for {
		seen = append(seen, t.take()...)
		if bytes.Contains(seen, []byte(text)) {
			return nil
		}
		select {
		case <-t.kick:
		case <-t.ended:
			return errors.New("the session ended")
		case <-deadline.C:
			return fmt.Errorf("no %q after %v", text, d)
		case <-ctx.Done():
			return ctx.Err()
		}
	}
}

// key presses a key and returns how long the screen took to answer, or
// false when it did not within d.
func (t *sshTerm) key(ctx context.Context, k string, d time.Duration) (time.Duration, bool) {
	t.take()
	start := time.Now()
	if _, err := io.WriteString(t.in, k); err != nil {
		return 0, false
	}
	select {
	case <-t.kick:
		return time.Since(start), true
	case <-time.After(d):
	case <-ctx.Done():
	case <-t.ended:
	}
	return 0, false
}

// playSSH logs a player in from 127.0.0.4 and plays solo games (Space,
// waiting a turn, which always redraws) until ctx is done.
func playSSH(ctx context.Context, addr string, lat recorder) (time.Duration, error) {
	start := time.Now()
	t, err := openSSH(ctx, &net.TCPAddr{IP: net.IPv4(127, 0, 0, 4)}, addr, "carol", newSigner())
	if err != nil {
		return 0, fmt.Errorf("cannot log in: %w", err)
	}
	defer t.client.Close()
	if err := t.waitFor(ctx, "New game", 10*time.Second); err != nil {
		return 0, err
	}
	first := time.Since(start)
	if err := playKeys(ctx, t, 100*time.Millisecond, lat); err != nil && ctx.Err() == nil {
		return first, err
	}
	return first, nil
}

// playKeys starts a new game and waits turns (Space) every think or so,
// timing the screen's answer; a game that ends is followed by a new one.
func playKeys(ctx context.Context, t *sshTerm, think time.Duration, lat recorder) error {
	if _, ok := t.key(ctx, "\r", 5*time.Second); !ok {
		return errors.New("no new game")
	}
	missed := 0
	for ctx.Err() == nil {
		sleep(ctx, time.Duration(mrand.Int64N(int64(2*think)+1)))
		if d, ok := t.key(ctx, " ", 2*time.Second); ok {
			lat.add(d)
			missed = 0
			continue
		}
		if missed++; missed >= 2 {
			// The game is over and Space took the player to the menu,
			// or the high-score table asks a name: Enter goes on.
			t.key(ctx, "\r", time.Second)
		}
		select {
		case <-t.ended:
			return errors.New("the session ended")
		default:
		}
	}
	return nil
}

// --- SSH capacity ----------------------------------------------------------

func capacity(ctx context.Context, o options, out io.Writer) error {
	mem0 := procRSS(o.pid)
	var first, keys, handshake, firstByte latencies
	var failures atomic.Int64
	var terms []*sshTerm
	var mu sync.Mutex
	playing, stopPlaying := context.WithCancel(ctx)
	defer stopPlaying()
	var wg sync.WaitGroup
	join := func(i int) {
		defer wg.Done()
		key := newSigner()
		start := time.Now()
		t, err := openSSH(ctx, source(2, i), o.addr, fmt.Sprintf("p%d", i), key)
		if err == nil {
			handshake.add(t.loggedIn.Sub(start))
			select {
			case <-t.kick:
				firstByte.add(time.Since(start))
			case <-time.After(30 * time.Second):
			}
			err = t.waitFor(ctx, "New game", 30*time.Second)
		}
		if err != nil {
			failures.Add(1)
			fmt.Fprintf(os.Stderr, "player %d: %v\n", i, err)
			return
		}
		first.add(time.Since(start))
		mu.Lock()
		terms = append(terms, t)
		mu.Unlock()
		go playKeys(playing, t, o.think, &keys)
	}
	wg.Add(o.burst)
	for i := range o.burst {
		go join(i)
	}
	wg.Wait()
	fmt.Fprintf(out, "burst of %d logins at once: first screen p50 %v, p99 %v, max %v (%d failed)\n", o.burst,
		first.pct(0.5).Round(time.Millisecond), first.pct(0.99).Round(time.Millisecond), first.pct(1).Round(time.Millisecond), failures.Load())
	fmt.Fprintf(out, "  of which: connection and SSH handshake p50 %v, p99 %v; first byte of the screen p50 %v, p99 %v\n",
		handshake.pct(0.5).Round(time.Millisecond), handshake.pct(0.99).Round(time.Millisecond),
		firstByte.pct(0.5).Round(time.Millisecond), firstByte.pct(0.99).Round(time.Millisecond))
	rest := o.players - o.burst
	for i := range rest {
		wg.Add(1)
		go join(o.burst + i)
		sleep(ctx, o.ramp/time.Duration(max(rest, 1)))
	}
	wg.Wait()
	fmt.Fprintf(out, "%d players logged in (%d failed); all logins: first screen p50 %v, p99 %v\n", len(terms), failures.Load(),
		first.pct(0.5).Round(time.Millisecond), first.pct(0.99).Round(time.Millisecond))
	keys = latencies{} // measure with everybody in
	sleep(ctx, o.duration)
	mem1 := procRSS(o.pid)
	report(out, fmt.Sprintf("%d players, a key every %v: key → screen", len(terms), o.think), &keys, nil)
	if o.pid > 0 && len(terms) > 0 {
		fmt.Fprintf(out, "server memory: %.1f MiB before, %.1f MiB with %d sessions: %.0f KiB per session\n",
			float64(mem0)/(1<<20), float64(mem1)/(1<<20), len(terms), float64(mem1-mem0)/float64(len(terms))/1024)
	}
	stopPlaying()
	for _, t := range terms {
		t.client.Close()
	}
	return nil
}

// procRSS reads a process's resident memory from /proc (Linux), or 0.
func procRSS(pid int) int64 {
	if pid <= 0 {
		return 0
	}
	data, err := os.ReadFile("/proc/" + strconv.Itoa(pid) + "/status")
	if err != nil {
		return 0
	}
	for _, line := range strings.Split(string(data), "\n") {
		if f := strings.Fields(line); len(f) >= 2 && f[0] == "VmRSS:" {
			kb, _ := strconv.ParseInt(f[1], 10, 64)
			return kb << 10
		}
	}
	return 0
}
