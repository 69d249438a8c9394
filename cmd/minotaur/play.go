package main

import (
	"errors"
	"fmt"
	"io"
	"os"
	"os/signal"
	"os/user"
	"time"

	tea "github.com/charmbracelet/bubbletea"
	"github.com/spf13/pflag"

	"github.com/minotaur-game/minotaur/internal/cli"
	"github.com/minotaur-game/minotaur/levels"
	"github.com/minotaur-game/minotaur/saves"
	"github.com/minotaur-game/minotaur/tui"
	"github.com/minotaur-game/minotaur/tui/screen"
)

func init() { playCommand = runPlay }

// playCLI is the game's own command, without a subcommand: its help
// resolves the paths first, so that it shows them.
func playCLI(f *playFlags, sys cli.IO) cli.Usage {
	return cli.Usage{Prog: "minotaur", Hint: playShortUsage, Help: func(fs *pflag.FlagSet) string {
		return playUsage(fs, pathsHelp(f.choices, sys))
	}}
}

const playShortUsage = "usage: minotaur [--data DIR] [--saves DIR] [--scores FILE] [--level FILE]... [--seed N] [--server ADDR] [--name NAME] [--palette P]\n" +
	"       minotaur COMMAND [ARGS] (run 'minotaur --help' for more)\n"

// playFlags are the flags of the game itself.
type playFlags struct {
	choices
	levels  []string
	seed    uint64
	version bool
}

func newPlayFlags() (*pflag.FlagSet, *playFlags) {
	f := &playFlags{}
	fs := pflag.NewFlagSet("minotaur", pflag.ContinueOnError)
	fs.SortFlags = false
	fs.StringVar(&f.data, "data", "", "keep saves, scores and replays in the folder `DIR`\n(default: the user's data folder; or "+saves.DataEnv+")")
	fs.StringVar(&f.saves, "saves", "", "keep saved games in the folder `DIR`")
	fs.StringVar(&f.scores, "scores", "", "keep the high-score table in `FILE`")
	fs.StringArrayVar(&f.levels, "level", nil, "play this level `FILE` instead of the generated levels;\nrepeat it to play several files in order as a campaign")
	cli.SeedVar(fs, &f.seed, 0, "campaign seed `N` (unsigned 64-bit); same seed, same mazes\n(default: drawn from the clock)")
	fs.StringVar(&f.server, "server", "", "game server `ADDR` (host:port) for network play")
	fs.StringVar(&f.name, "name", "", "player `NAME` for the high scores (default: the settings', else your user name)")
	fs.StringVar(&f.palette, "palette", "", "colours: `P` is auto, dark, light or high-contrast\n(default: "+paletteEnv+", else the settings', else auto)")
	fs.StringVar(&f.keys, "keys", "", "read your keys from the keymap `FILE` (default: keys.txt in the\nconfig folder; see docs/guide.md, \"Your own keys\")")
	fs.BoolVar(&f.accessible, "accessible", false, "the layout for screen readers and magnifiers: the newest message\nfirst, monsters named in words (default: the settings')")
	fs.BoolVar(&f.version, "version", false, "print the version and exit (as 'minotaur version')")
	return fs, f
}

// playUsage is the text of 'minotaur --help'.
func playUsage(fs *pflag.FlagSet, files string) string {
	s := "usage: minotaur [flags]            play (full-screen; opens the main menu)\n" +
		"       minotaur COMMAND [ARGS]     (run 'minotaur COMMAND --help' for more)\n\n" +
		"Flags:\n" + fs.FlagUsages() + "\n" + files + "\n" +
		"Settings (name, palette, layout, server) are kept in the settings file,\n" +
		"which the main menu's Settings screen writes; the flags win over it.\n" +
		"NO_COLOR or CLICOLOR=0 draw without colour.\n"
	return s + "\nCommands:\n" + usageCommands() +
		"\nIn the game: W A S D or the arrows move, Space waits, F uses a freeze from\n" +
		"your pocket, X looks, > or T travels to the key (then the exit), O explores,\n" +
		"a click travels to a tile, H or ? shows the help, P or Esc pauses (save, quit);\n" +
		"h j k l and the numpad's 8 4 6 2 move too, 5 waits. Your own keys: a keymap\n" +
		"file (--keys FILE, else keys.txt in the config folder).\n" +
		"The player's guide is docs/guide.md.\n"
}

func runPlay(args []string, sys cli.IO) int {
	stderr := sys.Stderr
	fs, f := newPlayFlags()
	u := playCLI(f, sys)
	if status, ok := cli.Parse(fs, args, sys, u); !ok {
		return status
	}
	if f.version {
		return runVersion(fs.Args(), sys)
	}
	if status, ok := u.NoArgs(fs, sys); !ok {
		return status
	}
	if f.palette != "" {
		if err := screen.CheckPaletteName(f.palette); err != nil {
			fmt.Fprintf(stderr, "minotaur: --palette %s: %v\n%s", f.palette, err, playShortUsage)
			return 2
		}
	}
	cfg, ok := prepare(sys, "minotaur", f.choices)
	if !ok {
		return 1
	}
	cfg.Seed, cfg.SeedFixed = f.seed, fs.Changed("seed")
	if !cfg.SeedFixed {
		// The only read of the clock for a seed: once, here.
		cfg.Seed = tui.NextSeed(uint64(sys.Now().UnixNano()))
	}
	if len(f.levels) > 0 {
		campaign, ok := loadLevels(f.levels, stderr)
		if !ok {
			return 1
		}
		cfg.Levels = campaign
	}
	out := tui.NewCursorWriter(os.Stdout)
	cfg.Cursor = out.Set
	p := tea.NewProgram(tui.New(cfg), tea.WithAltScreen(), tea.WithoutSignalHandler(), tea.WithMouseCellMotion(), tea.WithOutput(out))
	stop := onHangup(p)
	defer stop()
	final, err := p.Run()
	// A replay still being written (the player quit as the game ended)
	// is waited for, so that it is not lost.
	if !screen.WaitWrites(10 * time.Second) {
		fmt.Fprintf(stderr, "%s: the replay was still being written after 10 s; it may be incomplete\n", "minotaur")
	}
	if err != nil && !errors.Is(err, tea.ErrProgramKilled) {
		fmt.Fprintf(stderr, "minotaur: %s\n", cli.ProgramError(err))
		return 1
	}
	if m, ok := final.(*tui.Model); ok && m.Farewell() != "" {
		fmt.Fprintf(stderr, "minotaur: %s\n", m.Farewell())
	}
	return 0
}

// onHangup makes a closed terminal (SIGHUP), a polite kill (SIGTERM) or an
// interrupt from outside (SIGINT; in the game Ctrl+C is a key) save the game
// before the program ends, as tui.HangupMsg does; a program that has not
// ended hangupGrace later is killed. The returned func stops listening.
func onHangup(p *tea.Program) (stop func()) {
	sig := make(chan os.Signal, 1)
	signal.Notify(sig, hangupSignals...)
	done := make(chan struct{})
	go func() {
		select {
		case <-sig:
			p.Send(tui.HangupMsg{})
			select {
			case <-time.After(hangupGrace):
				p.Kill()
			case <-done:
			}
		case <-done:
		}
	}()
	return func() {
		signal.Stop(sig)
		close(done)
	}
}

// hangupGrace bounds how long saving may take once the player is gone.
const hangupGrace = 5 * time.Second

// loadLevels parses the --level files. Every problem of every file is
// printed, one line each; any error refuses the whole campaign.
func loadLevels(files []string, stderr io.Writer) (tui.Campaign, bool) {
	var out tui.Campaign
	ok := true
	for _, path := range files {
		data, rerr := levels.ReadFile(path)
		if rerr != nil {
			fmt.Fprintln(stderr, rerr)
			ok = false
			continue
		}
		l, warns, err := levels.Parse(path, data)
		for _, w := range warns {
			fmt.Fprintf(stderr, "%s (warning)\n", w)
		}
		if err != nil {
			var list levels.ErrorList
			if errors.As(err, &list) {
				for _, e := range list {
					fmt.Fprintln(stderr, e)
				}
			} else {
				fmt.Fprintln(stderr, err)
			}
			ok = false
			continue
		}
		out = append(out, tui.LevelFile{Level: l, Text: string(data)})
	}
	if !ok {
		fmt.Fprintln(stderr, "minotaur: the level files above have errors; fix them (see 'minotaur check') and try again")
	}
	return out, ok
}

// osUserName is the name of the user running the game, or "": the
// environment's when it says (USER, USERNAME, LOGNAME), and only otherwise
// the user database's, which may need a lookup through the C library.
func osUserName() string {
	for _, v := range []string{"USER", "USERNAME", "LOGNAME"} {
		if s := os.Getenv(v); s != "" {
			return s
		}
	}
	if u, err := user.Current(); err == nil && u.Username != "" {
		return u.Username
	}
	return ""
}
