package main

import (
	"context"
	"fmt"
	"log/slog"
	"net"
	"os"
	"os/signal"
	"path/filepath"
	"runtime"
	"sync/atomic"
	"syscall"
	"time"

	"github.com/minotaur-game/minotaur/internal/cli"
	"github.com/minotaur-game/minotaur/internal/monitor"
	"github.com/minotaur-game/minotaur/netplay"
	"github.com/minotaur-game/minotaur/sshplay"
	"github.com/minotaur-game/minotaur/tui"
	"github.com/spf13/pflag"
)

func init() {
	register(&cli.Command{Name: "serve", Summary: "run the network game server", Usage: serveShortUsage,
		Flags: func() *pflag.FlagSet { fs, _ := newServeFlags(); return fs }, Run: runServe})
}

const serveShortUsage = "usage: minotaur serve [--addr :7777] [--data DIR] [flags] (run 'minotaur serve --help' for more)\n"

const serveUsage = `usage: minotaur serve [flags]

Runs the game server until SIGINT or SIGTERM (Ctrl+C): co-op games, solo
games, the daily challenge (the same seed for everyone each UTC day, one try
per name) and spectators. Players connect with the game's Network screen
(minotaur --server HOST:PORT), bots and nc speak the line protocol of
docs/protocol.md. Every game in progress is written to the data folder after
every round and at shutdown, and is resumed when the server starts again;
the daily challenge's tables are kept there too. Logs go to stderr.

Every flag can also be set by an environment variable, MINOTAUR_ and the
flag's name in capitals with _ for - (named in brackets below, e.g.
MINOTAUR_MAX_CLIENTS=100); a flag on the command line wins, an empty
variable counts as unset, and --level's variable lists files separated as
in PATH. --metrics ADDR serves /healthz and /metrics for the operator's
tools (docs/server.md).

Flags:
%s`

// serveFlags are the flags of minotaur serve, defined on a new set.
type serveFlags struct {
	addr       *string
	data       *string
	grace      *time.Duration
	maxClients *int
	maxPerAddr *int
	pingAfter  *time.Duration
	dropAfter  *time.Duration
	logJSON    *bool
	levelFiles *[]string
	seed       *uint64
	sshAddr    *string
	idle       *int
	sshMax     *int
	bots       *int
	logLevel   *slog.Level
	metrics    *string
	computer   *string
	thinkers   *int
	thinkTime  *time.Duration
}

// serveEnv starts the name of every environment variable of minotaur serve.
const serveEnv = "MINOTAUR_"

func newServeFlags() (*pflag.FlagSet, serveFlags) {
	fs := pflag.NewFlagSet("serve", pflag.ContinueOnError)
	addr := fs.String("addr", netplay.DefaultAddr, "address to listen on (host:port; :PORT for every interface)")
	data := fs.String("data", defaultServerData(), "folder where games in progress are kept")
	grace := fs.Duration("grace", netplay.DefaultGrace, "how long a disconnected player's seat is kept")
	maxClients := fs.Int("max-clients", netplay.DefaultMaxClients, "most connections at once, TCP and SSH together; more get server_full\n(lowered to fit the limit of open files, ulimit -n)")
	maxPerAddr := fs.Int("max-per-addr", netplay.DefaultMaxPerAddr, "most connections at once from one address (an IPv6 /64), loopback included")
	pingAfter := fs.Duration("ping-after", netplay.DefaultPingAfter, "silence after which a client is pinged")
	dropAfter := fs.Duration("drop-after", netplay.DefaultDropAfter, "silence after which a client is dropped")
	logJSON := fs.Bool("log-json", false, "write the log as JSON lines instead of text")
	levelFiles := fs.StringArray("level", nil, "every game plays this level `FILE` instead of the generated campaign;\nrepeat it for a campaign of several levels")
	seed := new(uint64)
	cli.SeedVar(fs, seed, 0, "every game plays this seed (default: a random seed per game)")
	sshAddr := fs.String("ssh", "", "also serve the game over SSH on `ADDR` (e.g. :2222): players run ssh -p 2222 HOST")
	idle := fs.Int("idle", 30, "close an SSH session after this many `MINUTES` without a key press (0: never)")
	sshMax := fs.Int("ssh-max-sessions", sshplay.DefaultMaxSessions, "most SSH sessions at once (each also counts in --max-clients)")
	bots := fs.Int("bots", 0, "start `N` reference bots in the server's lobby (bot, bot2, …): a lone player invites one for co-op")
	logLevel := new(slog.Level)
	cli.LogLevelVar(fs, logLevel, "the least severe lines logged: error (failures), warn (and refused connections),\ninfo (and players, games, start and stop), debug (and every action a game refused)")
	metrics := fs.String("metrics", "", "serve /healthz and /metrics on `ADDR` (e.g. 127.0.0.1:9777; default: none)")
	computer := fs.String("computer-games", "", fmt.Sprintf("most games against the computer at once, per kind: `N` for every kind, or KIND=N,… (default %d each; 0: none)", netplay.DefaultComputerGames))
	thinkers := fs.Int("thinkers", 0, "goroutines on which the computer players think (default: processors less one, at least one)")
	thinkTime := fs.Duration("think-time", netplay.DefaultThinkTime, "deadline of one computer move; past it the computer's first level moves instead")
	cli.EnvNote(fs, serveEnv)
	return fs, serveFlags{addr, data, grace, maxClients, maxPerAddr, pingAfter, dropAfter, logJSON, levelFiles, seed, sshAddr, idle, sshMax, bots, logLevel, metrics, computer, thinkers, thinkTime}
}

func runServe(args []string, sys cli.IO) int {
	stderr := sys.Stderr
	fs, f := newServeFlags()
	addr, data, grace, maxClients, maxPerAddr, pingAfter, dropAfter, logJSON, levelFiles, seed, sshAddr, idle, sshMax, bots := f.addr, f.data, f.grace, f.maxClients, f.maxPerAddr, f.pingAfter, f.dropAfter, f.logJSON, f.levelFiles, f.seed, f.sshAddr, f.idle, f.sshMax, f.bots
	if status, ok := cli.Parse(fs, args, sys, cli.Usage{Prog: "minotaur serve", Hint: serveShortUsage, Help: func(fs *pflag.FlagSet) string { return fmt.Sprintf(serveUsage, fs.FlagUsages()) }}); !ok {
		return status
	}
	if fs.NArg() > 0 {
		fmt.Fprintf(stderr, "minotaur serve: unexpected argument %q\n%s", fs.Arg(0), serveShortUsage)
		return 2
	}
	if err := cli.ApplyEnv(fs, serveEnv, sys.Getenv); err != nil {
		fmt.Fprintf(stderr, "minotaur serve: %v\n%s", err, serveShortUsage)
		return 2
	}
	switch {
	case *grace <= 0:
		fmt.Fprintf(stderr, "minotaur serve: --grace must be positive, not %v\n%s", *grace, serveShortUsage)
		return 2
	case *maxClients < 1:
		fmt.Fprintf(stderr, "minotaur serve: --max-clients must be at least 1, not %d\n%s", *maxClients, serveShortUsage)
		return 2
	case *maxPerAddr < 1:
		fmt.Fprintf(stderr, "minotaur serve: --max-per-addr must be at least 1, not %d\n%s", *maxPerAddr, serveShortUsage)
		return 2
	case *sshMax < 1:
		fmt.Fprintf(stderr, "minotaur serve: --ssh-max-sessions must be at least 1, not %d\n%s", *sshMax, serveShortUsage)
		return 2
	case *pingAfter <= 0 || *dropAfter <= *pingAfter:
		fmt.Fprintf(stderr, "minotaur serve: --drop-after (%v) must be longer than --ping-after (%v), both positive\n%s", *dropAfter, *pingAfter, serveShortUsage)
		return 2
	case *idle < 0 || *idle > 1_000_000:
		fmt.Fprintf(stderr, "minotaur serve: --idle must be 0 (never) or a number of minutes up to 1000000, not %d\n%s", *idle, serveShortUsage)
		return 2
	case *data == "":
		fmt.Fprintf(stderr, "minotaur serve: no data folder: name one with --data DIR\n%s", serveShortUsage)
		return 2
	}

	log := cli.NewLogger(stderr, *logJSON, *f.logLevel)
	if limit := cli.OpenFileLimit(); limit > 0 && *maxClients > limit-cli.FileReserve {
		// Beyond the limit of open files, accept fails for every port
		// (TCP and SSH alike): better to say server_full to the extra
		// connections than to stop accepting anyone.
		lowered := max(limit-cli.FileReserve, 1)
		log.Warn("--max-clients lowered to fit the limit of open files (raise it with ulimit -n)",
			"asked", *maxClients, "max_clients", lowered, "open_file_limit", limit)
		*maxClients = lowered
	}
	if *bots < 0 || *bots > maxServerBots {
		fmt.Fprintf(stderr, "minotaur serve: --bots %d: give 0 to %d\n", *bots, maxServerBots)
		return 2
	}
	computerGames, err := netplay.ParseComputerGames(*f.computer)
	switch {
	case err != nil:
		fmt.Fprintf(stderr, "minotaur serve: --computer-games: %v\n%s", err, serveShortUsage)
		return 2
	case *f.thinkers < 0 || *f.thinkers > 1024:
		fmt.Fprintf(stderr, "minotaur serve: --thinkers must be 0 (the default) to 1024, not %d\n%s", *f.thinkers, serveShortUsage)
		return 2
	case *f.thinkTime <= 0:
		fmt.Fprintf(stderr, "minotaur serve: --think-time must be positive, not %v\n%s", *f.thinkTime, serveShortUsage)
		return 2
	}
	// The thinkers run at the lowest priority on threads of their own
	// (docs/server.md, "The computer's moves"): while they think, Go is
	// lent a processor more for each, so that the people's goroutines keep
	// every processor of the machine.
	thinkers := *f.thinkers
	if thinkers == 0 {
		thinkers = netplay.DefaultThinkers()
	}
	procs := runtime.GOMAXPROCS(0)
	cfg := netplay.Config{
		DataDir: *data, Grace: *grace, MaxClients: *maxClients, MaxPerAddr: *maxPerAddr,
		PingAfter: *pingAfter, DropAfter: *dropAfter,
		ComputerGames: computerGames, Thinkers: thinkers, ThinkTime: *f.thinkTime,
		Processors: func(extra int) { runtime.GOMAXPROCS(procs + extra) },
	}
	var campaign tui.Campaign
	if len(*levelFiles) > 0 {
		var ok bool
		if campaign, ok = loadLevels(*levelFiles, stderr); !ok {
			return 1
		}
		cfg.Levels = campaign.Levels()
	}
	if fs.Changed("seed") {
		n := *seed
		cfg.Seed = func() uint64 { return n }
	}

	cfg.Logger = log
	var mon *monitor.Monitor
	var counted atomic.Pointer[netplay.Server]
	if *f.metrics != "" {
		mln, err := monitor.Listen(*f.metrics)
		if err != nil {
			fmt.Fprintf(stderr, "minotaur serve: %v\n", err)
			return 1
		}
		mon = monitor.New(monitor.Config{DataDir: *data, Now: sys.Now, Metrics: func() []monitor.Family { return serveMetrics(counted.Load()) }})
		go func() {
			if err := mon.Serve(mln); err != nil {
				log.Error("metrics listener failed", "err", err)
			}
		}()
		defer mon.Shutdown(context.Background())
		log.Info("serving health and metrics", "addr", mln.Addr().String())
	}
	// The port first: a server that cannot listen has not started (and
	// neither resumes nor saves games).
	ln, err := net.Listen("tcp", *addr)
	if err != nil {
		fmt.Fprintf(stderr, "minotaur serve: cannot listen on %s: %v (is another server running there? choose another --addr)\n", *addr, err)
		return 1
	}
	srv, err := netplay.NewServer(cfg)
	if err != nil {
		ln.Close()
		fmt.Fprintf(stderr, "minotaur serve: %v\n", err)
		return 1
	}
	counted.Store(srv)
	log.Info("listening", "addr", ln.Addr().String(), "data", *data, "version", versionString(),
		"grace", grace.String(), "max_clients", *maxClients, "max_per_addr", *maxPerAddr, "levels", len(cfg.Levels))

	served := make(chan error, 2)
	var sshSrv *sshplay.Server
	if *sshAddr != "" {
		scfg := sshplay.Config{DataDir: *data, Game: srv, Logger: log, Levels: campaign,
			MaxSessions: min(*sshMax, *maxClients)}
		if fs.Changed("seed") {
			scfg.Seed, scfg.SeedFixed = cfg.Seed, true
		}
		if sshSrv, err = startSSH(*sshAddr, scfg, *idle, served); err != nil {
			fmt.Fprintf(stderr, "minotaur serve: %v\n", err)
			ln.Close()
			srv.Shutdown(context.Background())
			return 1
		}
	}

	startServerBots(srv, *bots, log)

	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	go func() { served <- srv.Serve(ln) }()
	if mon != nil {
		mon.SetReady("") // the port listens: connections wait in its queue
	}
	status := 0
	select {
	case <-ctx.Done():
		log.Info("shutting down", "reason", "signal")
	case err := <-served:
		log.Error("listener failed", "err", err)
		status = 1
	}
	stop() // a second Ctrl+C kills at once
	if mon != nil {
		mon.SetReady("shutting down")
	}
	sctx, cancel := context.WithTimeout(context.Background(), 15*time.Second)
	defer cancel()
	if sshSrv != nil {
		// First, so that SSH players in network games are marked away
		// (their seats kept) before the game server stops.
		if err := sshSrv.Shutdown(sctx); err != nil {
			log.Error("ssh shutdown", "err", err)
			status = 1
		}
	}
	if err := srv.Shutdown(sctx); err != nil {
		log.Error("shutdown", "err", err)
		status = 1
	}
	return status
}

// startSSH serves the game over SSH beside the TCP port (see sshplay); its
// solo games play the server's campaign (--level, --seed).
func startSSH(addr string, cfg sshplay.Config, idleMinutes int, served chan<- error) (*sshplay.Server, error) {
	cfg.Idle = time.Duration(idleMinutes) * time.Minute
	if idleMinutes == 0 {
		cfg.Idle = -1 // never
	}
	log := cfg.Logger
	s, err := sshplay.New(cfg)
	if err != nil {
		return nil, err
	}
	ln, err := net.Listen("tcp", addr)
	if err != nil {
		return nil, fmt.Errorf("cannot listen for SSH on %s: %v (is another server running there? choose another --ssh)", addr, err)
	}
	log.Info("listening for ssh", "addr", ln.Addr().String(), "host_key", s.Fingerprint(), "idle_minutes", idleMinutes,
		"max_sessions", cfg.MaxSessions)
	go func() { served <- s.Serve(ln) }()
	return s, nil
}

// defaultServerData is the per-user folder for the server's games.
func defaultServerData() string {
	dir, err := os.UserConfigDir()
	if err != nil {
		return "minotaur-server"
	}
	return filepath.Join(dir, "minotaur", "server")
}
