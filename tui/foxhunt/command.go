package foxhunt

import (
	"context"
	"fmt"
	"log/slog"
	"net"
	"os"
	"os/signal"
	"strconv"
	"strings"
	"syscall"
	"time"

	tea "github.com/charmbracelet/bubbletea"
	"github.com/charmbracelet/lipgloss"
	"github.com/muesli/termenv"

	"github.com/spf13/pflag"

	"github.com/minotaur-game/minotaur/foxnet"
	"github.com/minotaur-game/minotaur/games/foxhunt"
	"github.com/minotaur-game/minotaur/internal/cli"
	"github.com/minotaur-game/minotaur/tui/screen"
)

// Command is the game's subcommand, `minotaur foxhunt serve|play|watch|bot`:
// the contest wire's server, its terminal client and its computer player.
// Its screens are its own program (launch is not needed).
func Command(screen.Launch) *cli.Command {
	c := &cli.Command{
		Name: "foxhunt", Summary: "the Fox hunt, MICA 2016's bomb contest: serve, play, watch, bot",
		Usage: foxhuntUsage,
		Subcommands: []*cli.Command{
			{Name: "serve", Summary: "run Fox hunt matches for bots and people", Usage: foxServeShort,
				Flags: func() *pflag.FlagSet { fs, _ := newServeFlags(); return fs }, Run: runFoxServe},
			{Name: "play", Summary: "a person plays on a Fox hunt server, in the terminal", Usage: screenShort(Play),
				Flags: func() *pflag.FlagSet { fs, _, _ := newScreenFlags(Play); return fs },
				Run:   func(args []string, io cli.IO) int { return runFoxScreen(Play, args, io) }},
			{Name: "watch", Summary: "spectate a Fox hunt server's matches, in the terminal", Usage: screenShort(Watch),
				Flags: func() *pflag.FlagSet { fs, _, _ := newScreenFlags(Watch); return fs },
				Run:   func(args []string, io cli.IO) int { return runFoxScreen(Watch, args, io) }},
			{Name: "bot", Summary: "a computer player on a Fox hunt server, over TCP", Usage: foxBotShort,
				Flags: func() *pflag.FlagSet { fs, _ := newBotFlags(); return fs }, Run: runFoxBot},
		},
	}
	c.Run = func(args []string, io cli.IO) int { return runFoxhunt(c, args, io) }
	return c
}

const foxhuntUsage = `usage: minotaur foxhunt serve|play|watch|bot [flags]

  minotaur foxhunt serve [--addr :5000] [--spectate :5001] [--players N] [--rounds R]
                         [--size ROWS,COLS] [--timeout 1s] [--bots N] [--seed S]
                         [--data DIR] [--wire wiki|mica]
  minotaur foxhunt play --server HOST:5000 [--name NAME]   a person plays in the terminal
  minotaur foxhunt watch --server HOST:5001                spectate in the terminal
  minotaur foxhunt bot --server HOST:5000 [--name NAME]    a computer player over TCP

The game and its wire are described in docs/foxhunt.md. Run
'minotaur foxhunt serve --help' for each command's flags.
`

func runFoxhunt(c *cli.Command, args []string, io cli.IO) int {
	stdout, stderr := io.Stdout, io.Stderr
	if len(args) == 0 || args[0] == "--help" || args[0] == "-h" || args[0] == "help" {
		if len(args) == 0 {
			fmt.Fprint(stderr, foxhuntUsage)
			return 2
		}
		fmt.Fprint(stdout, foxhuntUsage)
		return 0
	}
	sub := c.Sub(args[0])
	if sub == nil {
		fmt.Fprintf(stderr, "minotaur foxhunt: unknown command %q: choose serve, play, watch or bot\n", args[0])
		return 2
	}
	return sub.Run(args[1:], io)
}

// parseSize reads --size ROWS,COLS (or one number for a square map): the
// order of every size of the program's flags (rows first, as the wire's
// mapsize gives the height first).
func parseSize(s string) (rows, cols int, err error) {
	a, b, ok := strings.Cut(s, ",")
	if !ok {
		b = a
	}
	r, err1 := strconv.Atoi(strings.TrimSpace(a))
	c, err2 := strconv.Atoi(strings.TrimSpace(b))
	if err1 != nil || err2 != nil {
		return 0, 0, fmt.Errorf("--size %q: give ROWS,COLS such as 20,20", s)
	}
	return r, c, nil
}

const foxServeUsage = `usage: minotaur foxhunt serve [flags]

Runs Fox hunt matches for bots and people until SIGINT or SIGTERM: it waits
for --players players (the --bots count), plays --rounds rounds, then starts
a new match with the players still connected. Players connect to --addr
(plain text: nc HOST 5000), spectators to --spectate. Logs go to stderr.

Every flag can also be set by an environment variable, MINOTAUR_FOXHUNT_
and the flag's name in capitals with _ for - (named in brackets below, e.g.
MINOTAUR_FOXHUNT_PLAYERS=4); a flag on the command line wins, an empty
variable counts as unset. --metrics ADDR serves /healthz and /metrics for
the operator's tools (docs/server.md).

Flags:
%s`

// foxServeEnv starts the name of every environment variable of minotaur
// foxhunt serve: its own, so that it never takes minotaur serve's
// MINOTAUR_ADDR or MINOTAUR_DATA.
const foxServeEnv = "MINOTAUR_FOXHUNT_"

const foxServeShort = "usage: minotaur foxhunt serve [--addr :5000] [--players N] [flags] (run 'minotaur foxhunt serve --help' for more)\n"

// serveFlags are the flags of foxhunt serve, defined on a new set.
type serveFlags struct {
	addr, spec, size, data, wire *string
	players, rounds, bots        *int
	maxClients, maxPerAddr       *int
	timeout, minRound            *time.Duration
	seed                         *uint64
	logJSON                      *bool
	logLevel                     *slog.Level
	metrics                      *string
}

func newServeFlags() (*pflag.FlagSet, serveFlags) {
	fs := pflag.NewFlagSet("foxhunt serve", pflag.ContinueOnError)
	var f serveFlags
	f.addr = fs.String("addr", foxnet.DefaultAddr, "players' address `HOST:PORT`")
	f.spec = fs.String("spectate", foxnet.DefaultSpectate, "spectators' address `HOST:PORT` (empty: none)")
	f.players = fs.Int("players", foxnet.DefaultPlayers, "`N` players in a match, bots included")
	f.rounds = fs.Int("rounds", foxnet.DefaultRounds, "`R` rounds in a match")
	f.size = fs.String("size", "20,20", "map size `ROWS,COLS` (5 to 101 each; one number: a square)")
	f.timeout = fs.Duration("timeout", foxnet.DefaultTimeout, "the longest a round waits for commands (a `DURATION` such as 1s)")
	f.bots = fs.Int("bots", 0, "computer players filling `N` seats")
	f.minRound = fs.Duration("min-round", 0, "the shortest a round lasts (a `DURATION` such as 300ms, so that a match of bots alone can be watched)")
	f.seed = fs.Uint64("seed", 0, "match k plays seed `S`+k-1 (default: a random seed per match)")
	f.data = fs.String("data", "", "folder `DIR` for results.json, the tables of the last matches (default: none)")
	f.wire = fs.String("wire", "wiki", "the state block's `DIALECT`: wiki (the MICA wiki's texts) or mica (the reference server's)")
	f.maxClients = fs.Int("max-clients", foxnet.DefaultMaxClients, "most connections at once (`N`), players and spectators")
	f.maxPerAddr = fs.Int("max-per-addr", foxnet.DefaultMaxPerAddr, "most connections at once (`N`) from one address")
	f.logJSON = fs.Bool("log-json", false, "the log as JSON lines")
	f.logLevel = new(slog.Level)
	cli.LogLevelVar(fs, f.logLevel, "the least severe lines logged: error (failures), warn (and clients that do not read),\ninfo (and players, matches, start and stop), debug (and every round that ended at --timeout)")
	f.metrics = fs.String("metrics", "", "serve /healthz and /metrics on `ADDR` (e.g. 127.0.0.1:9778; default: none)")
	cli.EnvNote(fs, foxServeEnv)
	return fs, f
}

func runFoxServe(args []string, io cli.IO) int {
	stderr := io.Stderr
	fs, f := newServeFlags()
	addr, spec, players, rounds, size, timeout, bots, minRound, seed, data, wire, maxClients, maxPerAddr, logJSON := f.addr, f.spec, f.players, f.rounds, f.size, f.timeout, f.bots, f.minRound, f.seed, f.data, f.wire, f.maxClients, f.maxPerAddr, f.logJSON
	logLevel, metrics := *f.logLevel, f.metrics
	short := foxServeShort
	u := cli.Usage{Prog: "minotaur foxhunt serve", Hint: short,
		Help: func(fs *pflag.FlagSet) string { return fmt.Sprintf(foxServeUsage, fs.FlagUsages()) }}
	if status, ok := cli.Parse(fs, args, io, u); !ok {
		return status
	}
	if status, ok := u.NoArgs(fs, io); !ok {
		return status
	}
	if err := cli.ApplyEnv(fs, foxServeEnv, io.Getenv); err != nil {
		fmt.Fprintf(stderr, "minotaur foxhunt serve: %v\n%s", err, short)
		return 2
	}
	h, w, err := parseSize(*size)
	if err == nil && (h < foxhunt.MinSize || w < foxhunt.MinSize || h > foxhunt.MaxSize || w > foxhunt.MaxSize) {
		err = fmt.Errorf("--size %d,%d: each side %d to %d", h, w, foxhunt.MinSize, foxhunt.MaxSize)
	}
	if err == nil && h != w {
		// For one release: --size was W,H before.
		fmt.Fprintf(stderr, "minotaur foxhunt serve: note: --size is ROWS,COLS (it was W,H before): %d rows, %d columns\n", h, w)
	}
	if err != nil {
		fmt.Fprintf(stderr, "minotaur foxhunt serve: %v\n%s", err, short)
		return 2
	}
	d, err := foxnet.ParseDialect(*wire)
	if err != nil {
		fmt.Fprintf(stderr, "minotaur foxhunt serve: %v\n%s", err, short)
		return 2
	}
	cfg := foxnet.Config{Players: *players, Rounds: *rounds, W: w, H: h, Timeout: *timeout, Bots: *bots,
		Seed: *seed, Wire: d, DataDir: *data, MaxClients: *maxClients, MaxPerAddr: *maxPerAddr, MinRound: *minRound}
	if err := cfg.Check(); err != nil {
		fmt.Fprintf(stderr, "minotaur foxhunt serve: %v\n%s", err, short)
		return 2
	}
	if *data != "" {
		if err := os.MkdirAll(*data, 0o755); err != nil {
			fmt.Fprintf(stderr, "minotaur foxhunt serve: cannot make the data folder: %v\n", err)
			return 1
		}
	}
	cfg.Logger = cli.NewLogger(stderr, *logJSON, logLevel)
	if limit := cli.OpenFileLimit(); limit > 0 && cfg.MaxClients > limit-cli.FileReserve {
		// as minotaur serve: better to refuse the extra connections with a
		// message than to stop accepting anyone
		lowered := max(limit-cli.FileReserve, 1)
		cfg.Logger.Warn("--max-clients lowered to fit the limit of open files (raise it with ulimit -n)",
			"asked", cfg.MaxClients, "max_clients", lowered, "open_file_limit", limit)
		cfg.MaxClients = lowered
	}
	srv, err := foxnet.NewServer(cfg)
	if err != nil {
		fmt.Fprintf(stderr, "minotaur foxhunt serve: %v\n", err)
		return 2
	}
	mon, err := startMonitor(*metrics, *data, srv, cfg.Logger, io.Now)
	if err != nil {
		fmt.Fprintf(stderr, "minotaur foxhunt serve: %v\n", err)
		return 1
	}
	if mon != nil {
		defer mon.Shutdown(context.Background())
	}
	ln, err := net.Listen("tcp", *addr)
	if err != nil {
		fmt.Fprintf(stderr, "minotaur foxhunt serve: cannot listen on %s: %v (is another server running there? choose another --addr)\n", *addr, err)
		return 1
	}
	var sl net.Listener
	if *spec != "" {
		if sl, err = net.Listen("tcp", *spec); err != nil {
			ln.Close()
			fmt.Fprintf(stderr, "minotaur foxhunt serve: cannot listen on %s: %v (choose another --spectate)\n", *spec, err)
			return 1
		}
		go srv.ServeSpectators(sl)
	}
	cfg = srv.Config()
	specAddr := ""
	if sl != nil {
		specAddr = sl.Addr().String()
	}
	cfg.Logger.Info("foxhunt: listening", "addr", ln.Addr().String(), "spectate", specAddr, "players", cfg.Players,
		"bots", cfg.Bots, "rounds", cfg.Rounds, "size", fmt.Sprintf("%d,%d", cfg.H, cfg.W), "timeout", cfg.Timeout.String(), "wire", cfg.Wire.String())
	go srv.Serve(ln)
	if mon != nil {
		mon.SetReady("")
	}
	ran := make(chan struct{})
	go func() { srv.Run(); close(ran) }()
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	select {
	case <-ctx.Done():
		cfg.Logger.Info("foxhunt: shutting down", "reason", "signal")
	case <-ran:
	}
	if mon != nil {
		mon.SetReady("shutting down")
	}
	srv.Close()
	done := make(chan struct{})
	go func() { srv.Wait(); close(done) }()
	select {
	case <-done:
	case <-time.After(3 * time.Second):
	}
	return 0
}

const foxBotShort = "usage: minotaur foxhunt bot --server HOST:5000 [--name NAME] [--matches N]\n"

const foxBotUsage = foxBotShort + `
Connects the program's computer player to a Fox hunt server as an ordinary
player over TCP: it takes a seat, plays every round from the state blocks it
is sent, and stays for the next match until --matches matches are over or the
server closes the connection.
`

func newBotFlags() (*pflag.FlagSet, botFlags) {
	fs := pflag.NewFlagSet("foxhunt bot", pflag.ContinueOnError)
	var f botFlags
	f.server = fs.String("server", "localhost:5000", "the server's players' address `HOST:PORT`")
	f.name = fs.String("name", "", "the `NAME` to play under (1 to 16 letters, digits, _ . -; default: the server's)")
	f.matches = fs.Int("matches", 0, "leave after `N` matches (0: stay)")
	f.seed = fs.Uint64("seed", 1, "seed `S` of the bot's own random choices")
	return fs, f
}

// botFlags are the flags of foxhunt bot.
type botFlags struct {
	server, name *string
	matches      *int
	seed         *uint64
}

func runFoxBot(args []string, io cli.IO) int {
	stdout, stderr := io.Stdout, io.Stderr
	fs, f := newBotFlags()
	server, name, matches, seed := f.server, f.name, f.matches, f.seed
	u := cli.Usage{Prog: "minotaur foxhunt bot", Hint: foxBotShort, Help: withFlags(foxBotUsage)}
	if status, ok := cli.Parse(fs, args, io, u); !ok {
		return status
	}
	if status, ok := u.NoArgs(fs, io); !ok {
		return status
	}
	conn, err := net.DialTimeout("tcp", *server, 10*time.Second)
	if err != nil {
		fmt.Fprintf(stderr, "minotaur foxhunt bot: cannot reach %s: %v (is 'minotaur foxhunt serve' running there?)\n", *server, err)
		return 1
	}
	defer conn.Close()
	st, err := foxnet.RunBot(conn, *name, *matches, *seed)
	if err != nil {
		fmt.Fprintf(stderr, "minotaur foxhunt bot: %v\n", err)
		return 1
	}
	fmt.Fprintf(stdout, "%s played %d blocks, %d matches to their end\n", st.Name, st.Blocks, st.Matches)
	return 0
}

// withFlags is a --help of the short usage and the flags.
func withFlags(short string) func(*pflag.FlagSet) string {
	return func(fs *pflag.FlagSet) string { return fmt.Sprintf("%s\nFlags:\n%s", short, fs.FlagUsages()) }
}

// screenShort is the short usage of foxhunt play or watch.
func screenShort(mode Mode) string {
	if mode == Watch {
		return "usage: minotaur foxhunt watch --server HOST:PORT\n"
	}
	return "usage: minotaur foxhunt play --server HOST:PORT [--name NAME]\n"
}

// screenAbout is what foxhunt play or watch does, for its --help.
func screenAbout(mode Mode) string {
	if mode == Watch {
		return `
Watches a Fox hunt server's matches full-screen, round by round: the map,
the players, the bombs and the table, from the server's spectators' port
(5001 by default). Q quits.
`
	}
	return `
Plays on a Fox hunt server full-screen: you take a seat in the next match;
each round you move with the arrows or W A S D, lay a bomb with B (then a
direction and a distance 0-9, or B again for your own field), or wait with
Space; the round goes on when every player has sent a command (or at the
server's timeout). Q asks whether to leave.
`
}

// newScreenFlags is the flag set of foxhunt play or watch.
func newScreenFlags(mode Mode) (fs *pflag.FlagSet, server, name *string) {
	cmd, def := "play", "localhost:5000"
	if mode == Watch {
		cmd, def = "watch", "localhost:5001"
	}
	fs = pflag.NewFlagSet("foxhunt "+cmd, pflag.ContinueOnError)
	server = fs.String("server", def, "the server's address `HOST:PORT` (players 5000, spectators 5001)")
	name = new(string)
	if mode == Play {
		fs.StringVar(name, "name", "", "the `NAME` to play under (1 to 16 letters, digits, _ . -)")
	}
	return fs, server, name
}

// runFoxScreen is foxhunt play and foxhunt watch: the full-screen client.
func runFoxScreen(mode Mode, args []string, io cli.IO) int {
	stderr := io.Stderr
	cmd := "play"
	if mode == Watch {
		cmd = "watch"
	}
	fs, server, namep := newScreenFlags(mode)
	short := screenShort(mode)
	u := cli.Usage{Prog: "minotaur foxhunt " + cmd, Hint: short, Help: withFlags(short + screenAbout(mode))}
	if status, ok := cli.Parse(fs, args, io, u); !ok {
		return status
	}
	if status, ok := u.NoArgs(fs, io); !ok {
		return status
	}
	name := *namep
	r := lipgloss.DefaultRenderer()
	m := New(Options{Mode: mode, Addr: *server, Name: name, Renderer: r, Mono: r.ColorProfile() == termenv.Ascii,
		Palette: screen.ChoosePalette(io.Getenv("MINOTAUR_PALETTE"), r.HasDarkBackground)})
	if _, err := tea.NewProgram(m, tea.WithAltScreen()).Run(); err != nil {
		fmt.Fprintf(stderr, "minotaur foxhunt %s: %s\n", cmd, cli.ProgramError(err))
		return 1
	}
	return 0
}
