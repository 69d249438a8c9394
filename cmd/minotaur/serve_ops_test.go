package main

import (
	"bufio"
	"context"
	"io"
	"net"
	"net/http"
	"strings"
	"testing"
	"time"

	"github.com/minotaur-game/minotaur/engine"
	"github.com/minotaur-game/minotaur/internal/monitor"
	"github.com/minotaur-game/minotaur/internal/testboard"
	"github.com/minotaur-game/minotaur/netplay"
	"github.com/spf13/pflag"
)

// TestServeEnv: a flag's variable configures serve, a bad value names the
// variable, and the command line wins over the variable.
func TestServeEnv(t *testing.T) {
	t.Setenv("MINOTAUR_GRACE", "soon")
	_, stderr, status := runCmd("serve", "--data", t.TempDir())
	if status != 2 || !strings.Contains(stderr, "MINOTAUR_GRACE") || !strings.Contains(stderr, "--grace") {
		t.Fatalf("MINOTAUR_GRACE=soon: status %d, stderr %q", status, stderr)
	}
	t.Setenv("MINOTAUR_GRACE", "0s")
	if _, stderr, status := runCmd("serve", "--data", t.TempDir()); status != 2 || !strings.Contains(stderr, "--grace must be positive") {
		t.Fatalf("MINOTAUR_GRACE=0s: status %d, stderr %q", status, stderr)
	}
	// The flag wins: the bad variable is not read, and the port taken
	// is the flag's.
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	defer ln.Close()
	t.Setenv("MINOTAUR_ADDR", "127.0.0.1:1")
	_, stderr, status = runCmd("serve", "--grace", "1m", "--addr", ln.Addr().String(), "--data", t.TempDir())
	if status != 1 || !strings.Contains(stderr, "cannot listen on "+ln.Addr().String()) {
		t.Fatalf("flags over variables: status %d, stderr %q", status, stderr)
	}
	// MINOTAUR_ADDR alone picks the port.
	t.Setenv("MINOTAUR_GRACE", "")
	t.Setenv("MINOTAUR_ADDR", ln.Addr().String())
	if _, stderr, status := runCmd("serve", "--data", t.TempDir()); status != 1 || !strings.Contains(stderr, "cannot listen on "+ln.Addr().String()) {
		t.Fatalf("MINOTAUR_ADDR: status %d, stderr %q", status, stderr)
	}
}

// TestServeBadAddrNoStop: a server that could not listen never started:
// its log says nothing of a stop.
func TestServeBadAddrNoStop(t *testing.T) {
	_, stderr, status := runCmd("serve", "--addr", "nonsense", "--data", t.TempDir())
	if status != 1 || !strings.Contains(stderr, "cannot listen on nonsense") {
		t.Fatalf("status %d, stderr %q", status, stderr)
	}
	if strings.Contains(stderr, "stopped") {
		t.Errorf("a server that never listened logs a stop:\n%s", stderr)
	}
}

// TestServeMetrics: after a co-op game's moves, a spectator and a refused
// connection, /metrics counts them.
func TestServeMetrics(t *testing.T) {
	lv := testboard.Level(t,
		"+-------+",
		"|PP..K.E|",
		"+-------+")
	srv, err := netplay.NewServer(netplay.Config{Levels: []engine.Level{lv}, LobbyInterval: -1, Seed: func() uint64 { return 7 }, MaxPerAddr: 2})
	if err != nil {
		t.Fatal(err)
	}
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	go srv.Serve(ln)
	defer srv.Shutdown(context.Background())
	addr := ln.Addr().String()
	m := monitor.New(monitor.Config{Metrics: func() []monitor.Family { return serveMetrics(srv) }})
	m.SetReady("")
	mln, err := monitor.Listen("127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	go m.Serve(mln)
	defer m.Shutdown(context.Background())
	metricsURL := "http://" + mln.Addr().String()
	metrics := func() string {
		res, err := http.Get(metricsURL + "/metrics")
		if err != nil {
			t.Fatal(err)
		}
		defer res.Body.Close()
		b, _ := io.ReadAll(res.Body)
		return string(b)
	}
	if body := metrics(); !strings.Contains(body, "minotaur_players_connected 0\n") || !strings.Contains(body, `minotaur_games{kind="chess"} 0`) {
		t.Fatalf("an empty server's metrics:\n%s", body)
	}

	ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
	defer cancel()
	ada, _, err := netplay.Dial(ctx, addr, "ada", "")
	if err != nil {
		t.Fatal(err)
	}
	defer ada.Close()
	bob, _, err := netplay.Dial(ctx, addr, "bob", "")
	if err != nil {
		t.Fatal(err)
	}
	defer bob.Close()
	ada.Invite("bob")
	for started := false; !started; {
		m, err := bob.NextContext(ctx)
		if err != nil {
			t.Fatal(err)
		}
		switch m.(type) {
		case *netplay.Invited:
			bob.Accept("ada")
		case *netplay.Start:
			started = true
		}
	}
	// Four skips, each seat on its turn; the state after the last says
	// the server took it.
	const moves = 4
	acted := 0
	for acted < moves {
		var msg netplay.Message
		var who *netplay.Client
		select {
		case msg = <-ada.Messages():
			who = ada
		case msg = <-bob.Messages():
			who = bob
		case <-ctx.Done():
			t.Fatalf("after %d moves: %v", acted, ctx.Err())
		}
		if st, ok := msg.(*netplay.State); ok && st.YourTurn {
			who.Act(engine.Skip)
			acted++
			if acted == moves {
				for {
					if m, err := who.NextContext(ctx); err != nil {
						t.Fatal(err)
					} else if _, ok := m.(*netplay.State); ok {
						break
					}
				}
			}
		}
	}

	// A spectator, through the server's in-process pipe (not counted in
	// the limits), watches the game.
	eve, _, err := netplay.Handshake(ctx, srv.Pipe(), "eve", "")
	if err != nil {
		t.Fatal(err)
	}
	defer eve.Close()
	for watching := false; !watching; {
		m, err := eve.NextContext(ctx)
		if err != nil {
			t.Fatal(err)
		}
		switch m := m.(type) {
		case *netplay.Lobby:
			if len(m.Games) == 1 {
				eve.Watch(m.Games[0].Game)
			}
		case *netplay.Start, *netplay.State:
			watching = true
		}
	}

	// A third connection from the loopback is one too many.
	c, err := net.Dial("tcp", addr)
	if err != nil {
		t.Fatal(err)
	}
	line, _ := bufio.NewReader(c).ReadString('\n')
	c.Close()
	if !strings.Contains(line, "server_full") {
		t.Fatalf("the third connection got %q", line)
	}

	body := metrics()
	for _, want := range []string{
		"minotaur_players_connected 3\n",
		`minotaur_games{kind="minotaur"} 1` + "\n",
		`minotaur_games{kind="trails"} 0` + "\n",
		"minotaur_spectators 1\n",
		"minotaur_actions_total 4\n",
		`minotaur_connections_refused_total{reason="too_many_from_addr"} 1` + "\n",
		`minotaur_connections_refused_total{reason="server_full"} 0` + "\n",
		"# TYPE minotaur_actions_total counter\n",
	} {
		if !strings.Contains(body, want) {
			t.Errorf("/metrics lacks %q:\n%s", want, body)
		}
	}
}

// TestServeHelpNamesVariables: --help names every flag's variable.
func TestServeHelpNamesVariables(t *testing.T) {
	out, _, status := runCmd("serve", "--help")
	if status != 0 {
		t.Fatalf("status %d", status)
	}
	fs, _ := newServeFlags()
	fs.VisitAll(func(f *pflag.Flag) {
		if v := "[$MINOTAUR_" + strings.ToUpper(strings.ReplaceAll(f.Name, "-", "_")) + "]"; !strings.Contains(out, v) {
			t.Errorf("--help does not name %s for --%s", v, f.Name)
		}
	})
	if !strings.Contains(out, "a flag on the command line wins") {
		t.Error("--help does not say that a flag wins over its variable")
	}
}
