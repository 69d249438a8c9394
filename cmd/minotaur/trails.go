package main

import (
	"errors"
	"fmt"
	"io"
	"time"

	"github.com/spf13/pflag"

	"github.com/minotaur-game/minotaur/games/trails"
	trailsbot "github.com/minotaur-game/minotaur/games/trails/bot"
)

func init() {
	register(command{name: "trails", summary: "play Trails and Towers: lay trails, boost, take the towers", run: runTrails})
}

const trailsShortUsage = "usage: minotaur trails [--size N] [--towers T] [--distance D] [--vs human|bot] [--bot-level 1-3] [--first 1|2] [--seed S] [--script FILE|-]\n" +
	"(run 'minotaur trails --help' for more)\n"

const trailsUsage = `usage: minotaur trails [flags]
       minotaur trails --script FILE|- [flags]

Plays Trails and Towers (see docs/trails.md): Blue starts in the top-left
corner, Red in the bottom-right; each move goes up, down, left or right, one
cell further each time in the same direction (the boost), jumping over
occupied cells; a boosted jump onto a tower takes it. Whoever takes more than
half of the towers wins; a player with no legal move loses.

Flags:
  --size N          the field's side: odd, 5 to 25 (default 11)
  --towers T        the number of towers: odd, 1 or more (default 3)
  --distance D      diagonal steps between towers (default 1)
  --vs human|bot    Red is a second player at this keyboard, or the computer
                    (default bot)
  --bot-level L     the computer's strength, 1 to 3 (default 2)
  --first 1|2       the player who moves first (default 1, Blue)
  --seed S          the seed of the computer's choices (default: drawn from
                    the clock); the same seed gives the same game
  --saves DIR       keep saved games in the folder DIR
  --script FILE|-   headless: read one direction a line (U, L, D or R, or up,
                    left, down, right) from FILE or the standard input, for
                    each move not the computer's; print each move as
                    "P<n>: <dir> -> (x, y)[ takes tower k]", an illegal one as
                    "P<n>: illegal: <why>", and last "WINNER <n> MOVE <m>" or
                    "NO WINNER"

Exit status: 0 the game was played, 1 a setup out of limits or a script that
cannot be read, 2 usage error.
`

// trailsFlags are the command's options.
type trailsFlags struct {
	cfg      trails.Config
	vs       string
	botLevel int
	seed     uint64
	saves    string
	script   string
}

// trailsScreen opens the full-screen game; the screen's file sets it.
var trailsScreen func(f trailsFlags, stderr io.Writer) int

func runTrails(args []string, stdout, stderr io.Writer) int {
	fs := pflag.NewFlagSet("trails", pflag.ContinueOnError)
	fs.SetOutput(io.Discard)
	fs.SortFlags = false
	f := trailsFlags{cfg: trails.Classic()}
	fs.IntVar(&f.cfg.Size, "size", f.cfg.Size, "")
	fs.IntVar(&f.cfg.Towers, "towers", f.cfg.Towers, "")
	fs.IntVar(&f.cfg.Distance, "distance", f.cfg.Distance, "")
	fs.StringVar(&f.vs, "vs", "bot", "")
	fs.IntVar(&f.botLevel, "bot-level", 2, "")
	fs.IntVar(&f.cfg.First, "first", 1, "")
	fs.Uint64Var(&f.seed, "seed", 0, "")
	fs.StringVar(&f.saves, "saves", "", "")
	fs.StringVar(&f.script, "script", "", "")
	usage := func(format string, a ...any) int {
		fmt.Fprintf(stderr, "minotaur trails: "+format+"\n%s", append(a, trailsShortUsage)...)
		return 2
	}
	if err := fs.Parse(args); err != nil {
		if errors.Is(err, pflag.ErrHelp) {
			fmt.Fprint(stdout, trailsUsage)
			return 0
		}
		return usage("%v", err)
	}
	switch {
	case fs.NArg() > 0:
		return usage("unexpected argument %q: the game is set up with flags", fs.Arg(0))
	case f.vs != "human" && f.vs != "bot":
		return usage("--vs %q: play against a human (at this keyboard) or the bot", f.vs)
	case f.botLevel < trails.MinBotLevel || f.botLevel > trails.MaxBotLevel:
		return usage("--bot-level %d: the bot's levels are %d to %d", f.botLevel, trails.MinBotLevel, trails.MaxBotLevel)
	case fs.Changed("bot-level") && f.vs != "bot":
		return usage("--bot-level is for a game against the bot (--vs bot)")
	case f.cfg.First != 1 && f.cfg.First != 2:
		return usage("--first %d: player 1 (Blue) or player 2 (Red) moves first", f.cfg.First)
	}
	if err := f.cfg.Validate(); err != nil {
		fmt.Fprintf(stderr, "minotaur trails: %v\n", err)
		return 1
	}
	if !fs.Changed("seed") {
		// The only read of the clock for a seed: once, here.
		f.seed = uint64(time.Now().UnixNano())
	}
	if f.script != "" {
		return runTrailsScript(f, stdout, stderr)
	}
	if trailsScreen == nil {
		fmt.Fprintln(stderr, "minotaur trails: the game screen is not built into this binary; play with --script")
		return 2
	}
	return trailsScreen(f, stderr)
}

// runTrailsScript plays a headless game (trails.RunScript) from the script
// file or the standard input.
func runTrailsScript(f trailsFlags, stdout, stderr io.Writer) int {
	in, _, closeScript, err := openScript(f.script)
	if err != nil {
		fmt.Fprintf(stderr, "minotaur trails: cannot read the script: %v\n", err)
		return 1
	}
	defer closeScript()
	g, err := trails.New(f.cfg, f.seed)
	if err != nil { // validated above
		fmt.Fprintf(stderr, "minotaur trails: %v\n", err)
		return 1
	}
	computer := map[int]func(*trails.Position) trails.Dir{}
	if f.vs == "bot" {
		bot := &trailsbot.Player{Level: f.botLevel, Seed: f.seed}
		computer[2] = bot.Choose
	}
	if err := trails.RunScript(g, in, stdout, computer); err != nil {
		fmt.Fprintf(stderr, "minotaur trails: cannot read the script: %v\n", err)
		return 1
	}
	return 0
}
