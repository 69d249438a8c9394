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
	"github.com/minotaur-game/minotaur/internal/cli"
	"github.com/minotaur-game/minotaur/tui/screen"
)

// Command is the game's subcommand, `minotaur foxhunt serve|play|watch|bot`:
// the contest wire's server, its terminal client and its computer player.
// Its screens are its own program (launch is not needed).
func Command(screen.Launch) *cli.Command {
	return &cli.Command{
		Name: "foxhunt", Summary: "the Fox hunt, MICA 2016's bomb contest: serve, play, watch, bot",
		Usage: foxhuntUsage,
		Run:   runFoxhunt,
	}
}

const foxhuntUsage = `usage: minotaur foxhunt serve|play|watch|bot [flags]

  minotaur foxhunt serve [--addr :5000] [--spectate :5001] [--players N] [--rounds R]
                         [--size W,H] [--timeout 1s] [--bots N] [--seed S] [--data DIR]
                         [--wire wiki|mica]
  minotaur foxhunt play --server HOST:5000 [--name NAME]   a person plays in the terminal
  minotaur foxhunt watch --server HOST:5001                spectate in the terminal
  minotaur foxhunt bot --server HOST:5000 [--name NAME]    a computer player over TCP

The game and its wire are described in docs/foxhunt.md. Run
'minotaur foxhunt serve --help' for each command's flags.
`

// foxhuntCommands are the subcommands.
var foxhuntCommands = map[string]func(args []string, io cli.IO) int{
	"serve": runFoxServe,
	"bot":   runFoxBot,
	"play":  func(args []string, io cli.IO) int { return runFoxScreen(Play, args, io) },
	"watch": func(args []string, io cli.IO) int { return runFoxScreen(Watch, args, io) },
}

func runFoxhunt(args []string, io cli.IO) int {
	stdout, stderr := io.Stdout, io.Stderr
	if len(args) == 0 || args[0] == "--help" || args[0] == "-h" || args[0] == "help" {
		if len(args) == 0 {
			fmt.Fprint(stderr, foxhuntUsage)
			return 2
		}
		fmt.Fprint(stdout, foxhuntUsage)
		return 0
	}
	run, ok := foxhuntCommands[args[0]]
	if !ok {
		fmt.Fprintf(stderr, "minotaur foxhunt: unknown command %q: choose serve, play, watch or bot\n", args[0])
		return 2
	}
	return run(args[1:], io)
}

// parseSize reads --size W,H (or one number for a square map).
func parseSize(s string) (int, int, error) {
	a, b, ok := strings.Cut(s, ",")
	if !ok {
		b = a
	}
	w, err1 := strconv.Atoi(strings.TrimSpace(a))
	h, err2 := strconv.Atoi(strings.TrimSpace(b))
	if err1 != nil || err2 != nil {
		return 0, 0, fmt.Errorf("--size %q: give W,H such as 20,20", s)
	}
	return w, h, nil
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

func runFoxServe(args []string, io cli.IO) int {
	stderr := io.Stderr
	fs := pflag.NewFlagSet("foxhunt serve", pflag.ContinueOnError)
	addr := fs.String("addr", foxnet.DefaultAddr, "players' address (host:port)")
	spec := fs.String("spectate", foxnet.DefaultSpectate, "spectators' address (host:port; empty: none)")
	players := fs.Int("players", foxnet.DefaultPlayers, "players in a match, bots included")
	rounds := fs.Int("rounds", foxnet.DefaultRounds, "rounds in a match")
	size := fs.String("size", "20,20", "map size `W,H` (5 to 101 each)")
	timeout := fs.Duration("timeout", foxnet.DefaultTimeout, "the longest a round waits for commands")
	bots := fs.Int("bots", 0, "computer players filling `N` seats")
	minRound := fs.Duration("min-round", 0, "the shortest a round lasts (e.g. 300ms, so that a match of bots alone can be watched)")
	seed := fs.Uint64("seed", 0, "match k plays seed S+k-1 (default: a random seed per match)")
	data := fs.String("data", "", "folder for results.json, the tables of the last matches (default: none)")
	wire := fs.String("wire", "wiki", "the state block's dialect: wiki (the MICA wiki's texts) or mica (the reference server's)")
	maxClients := fs.Int("max-clients", foxnet.DefaultMaxClients, "most connections at once, players and spectators")
	maxPerAddr := fs.Int("max-per-addr", foxnet.DefaultMaxPerAddr, "most connections at once from one address")
	logJSON := fs.Bool("log-json", false, "the log as JSON lines")
	var logLevel slog.Level
	cli.LogLevelVar(fs, &logLevel, "the least severe lines logged: error (failures), warn (and clients that do not read),\ninfo (and players, matches, start and stop), debug (and every round that ended at --timeout)")
	metrics := fs.String("metrics", "", "serve /healthz and /metrics on `ADDR` (e.g. 127.0.0.1:9778; default: none)")
	cli.EnvNote(fs, foxServeEnv)
	short := "usage: minotaur foxhunt serve [--addr :5000] [--players N] [flags] (run 'minotaur foxhunt serve --help' for more)\n"
	if status, ok := cli.Parse(fs, args, io, cli.Usage{Prog: "minotaur foxhunt serve", Hint: short,
		Help: func(fs *pflag.FlagSet) string { return fmt.Sprintf(foxServeUsage, fs.FlagUsages()) }}); !ok {
		return status
	}
	if fs.NArg() > 0 {
		fmt.Fprintf(stderr, "minotaur foxhunt serve: unexpected argument %q\n%s", fs.Arg(0), short)
		return 2
	}
	if err := cli.ApplyEnv(fs, foxServeEnv, io.Getenv); err != nil {
		fmt.Fprintf(stderr, "minotaur foxhunt serve: %v\n%s", err, short)
		return 2
	}
	w, h, err := parseSize(*size)
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
		"bots", cfg.Bots, "rounds", cfg.Rounds, "size", fmt.Sprintf("%d,%d", cfg.W, cfg.H), "timeout", cfg.Timeout.String(), "wire", cfg.Wire.String())
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

func runFoxBot(args []string, io cli.IO) int {
	stdout, stderr := io.Stdout, io.Stderr
	fs := pflag.NewFlagSet("foxhunt bot", pflag.ContinueOnError)
	server := fs.String("server", "localhost:5000", "the server's players' address `HOST:PORT`")
	name := fs.String("name", "", "the name to play under (1 to 16 letters, digits, _ . -; default: the server's)")
	matches := fs.Int("matches", 0, "leave after `N` matches (0: stay)")
	seed := fs.Uint64("seed", 1, "the bot's own random choices")
	short := "usage: minotaur foxhunt bot --server HOST:5000 [--name NAME] [--matches N]\n"
	if status, ok := cli.Parse(fs, args, io, cli.Usage{Prog: "minotaur foxhunt bot", Hint: short, Help: withFlags(short)}); !ok {
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

// runFoxScreen is foxhunt play and foxhunt watch: the full-screen client.
func runFoxScreen(mode Mode, args []string, io cli.IO) int {
	stderr := io.Stderr
	cmd := "play"
	def := "localhost:5000"
	if mode == Watch {
		cmd, def = "watch", "localhost:5001"
	}
	fs := pflag.NewFlagSet("foxhunt "+cmd, pflag.ContinueOnError)
	server := fs.String("server", def, "the server's address `HOST:PORT` (players 5000, spectators 5001)")
	name := ""
	if mode == Play {
		fs.StringVar(&name, "name", "", "the name to play under (1 to 16 letters, digits, _ . -)")
	}
	short := fmt.Sprintf("usage: minotaur foxhunt %s --server HOST:PORT%s\n", cmd, map[bool]string{true: " [--name NAME]", false: ""}[mode == Play])
	if status, ok := cli.Parse(fs, args, io, cli.Usage{Prog: "minotaur foxhunt " + cmd, Hint: short, Help: withFlags(short)}); !ok {
		return status
	}
	if fs.NArg() > 0 {
		fmt.Fprintf(stderr, "minotaur foxhunt %s: unexpected argument %q\n%s", cmd, fs.Arg(0), short)
		return 2
	}
	r := lipgloss.DefaultRenderer()
	m := New(Options{Mode: mode, Addr: *server, Name: name, Renderer: r, Mono: r.ColorProfile() == termenv.Ascii,
		Palette: screen.ChoosePalette(io.Getenv("MINOTAUR_PALETTE"), r.HasDarkBackground)})
	if _, err := tea.NewProgram(m, tea.WithAltScreen()).Run(); err != nil {
		fmt.Fprintf(stderr, "minotaur foxhunt %s: %s\n", cmd, cli.ProgramError(err))
		return 1
	}
	return 0
}
