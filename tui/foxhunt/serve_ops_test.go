package foxhunt

import (
	"bufio"
	"context"
	"io"
	"log/slog"
	"net"
	"net/http"
	"strings"
	"testing"
	"time"

	"github.com/minotaur-game/minotaur/foxnet"
	"github.com/minotaur-game/minotaur/internal/cli"
	"github.com/minotaur-game/minotaur/internal/monitor"
)

// foxConn is a plain TCP client of the Fox hunt server.
type foxConn struct {
	t  *testing.T
	c  net.Conn
	br *bufio.Reader
	r  foxnet.Reader
}

func dialFox(t *testing.T, addr string) *foxConn {
	t.Helper()
	c, err := net.Dial("tcp", addr)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { c.Close() })
	c.SetReadDeadline(time.Now().Add(2 * time.Minute))
	return &foxConn{t: t, c: c, br: bufio.NewReader(c)}
}

func (f *foxConn) line() string {
	f.t.Helper()
	l, err := f.br.ReadString('\n')
	if err != nil {
		f.t.Fatalf("reading: %v", err)
	}
	return strings.TrimSuffix(l, "\n")
}

// state reads up to the end of the next state block.
func (f *foxConn) state() *foxnet.State {
	f.t.Helper()
	for {
		s, err := f.r.Line(f.line())
		if err != nil {
			f.t.Fatal(err)
		}
		if s != nil {
			return s
		}
	}
}

func (f *foxConn) send(s string) { io.WriteString(f.c, s+"\n") }

// TestFoxServeMetrics: after two players' commands, a round one of them
// let run to the timeout, a spectator and a refused connection, /metrics
// counts them.
func TestFoxServeMetrics(t *testing.T) {
	srv, err := foxnet.NewServer(foxnet.Config{Players: 2, Rounds: 5, W: 7, H: 7, Timeout: 3 * time.Second, Matches: 1,
		MaxPerAddr: 3, Logger: slog.New(slog.NewTextHandler(io.Discard, nil))})
	if err != nil {
		t.Fatal(err)
	}
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	sl, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	go srv.Serve(ln)
	go srv.ServeSpectators(sl)
	go srv.Run()
	defer func() { srv.Close(); srv.Wait() }()
	m := monitor.New(monitor.Config{Metrics: func() []monitor.Family { return foxMetrics(srv) }})
	m.SetReady("")
	mln, err := monitor.Listen("127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	go m.Serve(mln)
	defer m.Shutdown(context.Background())
	metricsURL := "http://" + mln.Addr().String()

	a, b := dialFox(t, ln.Addr().String()), dialFox(t, ln.Addr().String())
	spec := dialFox(t, sl.Addr().String())
	// The spectators' listener admits on its own goroutine: the fourth
	// connection is refused only once the spectator counts.
	for deadline := time.Now().Add(30 * time.Second); srv.Counts().Spectators < 1; time.Sleep(time.Millisecond) {
		if time.Now().After(deadline) {
			t.Fatal("the spectator was never admitted")
		}
	}
	extra := dialFox(t, ln.Addr().String())
	if l := extra.line(); !strings.Contains(l, "too many connections") {
		t.Fatalf("the fourth connection got %q", l)
	}
	// Round 1: both command; round 2: b is silent, the round ends at the
	// timeout.
	a.state()
	b.state()
	a.send("n")
	b.send("n")
	a.state()
	a.send("w")
	if s := a.state(); s.Round != 2 {
		t.Fatalf("round %d after two rounds", s.Round)
	}
	spec.state() // the spectator is served

	res, err := http.Get(metricsURL + "/metrics")
	if err != nil {
		t.Fatal(err)
	}
	defer res.Body.Close()
	body, _ := io.ReadAll(res.Body)
	for _, want := range []string{
		"minotaur_players_connected 2\n",
		`minotaur_games{kind="foxhunt"} 1` + "\n",
		"minotaur_spectators 1\n",
		"minotaur_actions_total 3\n",
		`minotaur_connections_refused_total{reason="too_many_from_addr"} 1` + "\n",
		"minotaur_foxhunt_late_rounds_total 1\n",
	} {
		if !strings.Contains(string(body), want) {
			t.Errorf("/metrics lacks %q:\n%s", want, body)
		}
	}
}

// TestFoxServeEnv: foxhunt serve reads MINOTAUR_FOXHUNT_* (never
// MINOTAUR_*, minotaur serve's); a bad value names the variable; the
// command line wins.
func TestFoxServeEnv(t *testing.T) {
	run := func(env map[string]string, args ...string) (int, string) {
		var out, errb strings.Builder
		status := runFoxServe(args, cli.IO{Stdout: &out, Stderr: &errb, Getenv: func(k string) string { return env[k] }, Now: time.Now})
		return status, errb.String()
	}
	var help strings.Builder
	runFoxServe([]string{"--help"}, cli.IO{Stdout: &help, Stderr: io.Discard})
	for _, v := range []string{"[$MINOTAUR_FOXHUNT_ADDR]", "[$MINOTAUR_FOXHUNT_MIN_ROUND]", "[$MINOTAUR_FOXHUNT_METRICS]", "[$MINOTAUR_FOXHUNT_LOG_LEVEL]", "a flag on the command line wins"} {
		if !strings.Contains(help.String(), v) {
			t.Errorf("--help lacks %q", v)
		}
	}
	status, stderr := run(map[string]string{"MINOTAUR_FOXHUNT_PLAYERS": "many"})
	if status != 2 || !strings.Contains(stderr, "MINOTAUR_FOXHUNT_PLAYERS") || !strings.Contains(stderr, "--players") {
		t.Fatalf("MINOTAUR_FOXHUNT_PLAYERS=many: status %d, stderr %q", status, stderr)
	}
	status, stderr = run(map[string]string{"MINOTAUR_FOXHUNT_SIZE": "3,3", "MINOTAUR_PLAYERS": "many"})
	if status != 2 || !strings.Contains(stderr, `--size "3,3"`) && !strings.Contains(stderr, "5 to 101") {
		t.Fatalf("MINOTAUR_FOXHUNT_SIZE=3,3: status %d, stderr %q", status, stderr)
	}
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	defer ln.Close()
	status, stderr = run(map[string]string{"MINOTAUR_FOXHUNT_SIZE": "3,3", "MINOTAUR_FOXHUNT_ADDR": ln.Addr().String(), "MINOTAUR_FOXHUNT_SPECTATE": "nonsense"},
		"--size", "9,9", "--spectate", "")
	if status != 1 || !strings.Contains(stderr, "cannot listen on "+ln.Addr().String()) {
		t.Fatalf("flags over variables: status %d, stderr %q", status, stderr)
	}
}
