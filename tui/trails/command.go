package trails

import (
	"fmt"

	"github.com/spf13/pflag"

	"github.com/minotaur-game/minotaur/games/trails"
	trailsbot "github.com/minotaur-game/minotaur/games/trails/bot"
	"github.com/minotaur-game/minotaur/internal/cli"
	"github.com/minotaur-game/minotaur/tui/screen"
)

// Command is the game's subcommand, `minotaur trails`: a headless game
// (--script), or the game opened full-screen through launch.
func Command(launch screen.Launch) *cli.Command {
	return &cli.Command{
		Name: "trails", Summary: "play Trails and Towers: lay trails, boost, take the towers",
		Usage: trailsShortUsage,
		Flags: func() *pflag.FlagSet { return commandFlags(&trailsFlags{cfg: trails.Classic()}) },
		Run:   func(args []string, io cli.IO) int { return runTrails(args, io, launch) },
	}
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
  --distance D      diagonal steps between towers (default 2, the classic)
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

// commandFlags is the command's flag set, parsed into f.
func commandFlags(f *trailsFlags) *pflag.FlagSet {
	fs := pflag.NewFlagSet("trails", pflag.ContinueOnError)
	fs.SortFlags = false
	fs.IntVar(&f.cfg.Size, "size", f.cfg.Size, "the field's side `N`: odd, 5 to 25")
	fs.IntVar(&f.cfg.Towers, "towers", f.cfg.Towers, "the number of towers `T`: odd, 1 or more")
	fs.IntVar(&f.cfg.Distance, "distance", f.cfg.Distance, "`D` diagonal steps between towers")
	fs.StringVar(&f.vs, "vs", "bot", "Red is a second player at this keyboard or the computer: `human|bot`")
	fs.IntVar(&f.botLevel, "bot-level", 2, "the computer's strength `L`, 1 to 3")
	fs.IntVar(&f.cfg.First, "first", 1, "the player who moves first, `1|2` (1 is Blue)")
	fs.Uint64Var(&f.seed, "seed", 0, "seed `S` of the computer's choices (default: drawn from the clock)")
	fs.StringVar(&f.saves, "saves", "", "keep saved games in the folder `DIR`")
	fs.StringVar(&f.script, "script", "", "headless: read one direction a line from `FILE` (- the standard input)")
	return fs
}

var trailsCLI = cli.Usage{Prog: "minotaur trails", Hint: trailsShortUsage, Help: cli.Text(trailsUsage)}

func runTrails(args []string, io cli.IO, launch screen.Launch) int {
	f := trailsFlags{cfg: trails.Classic()}
	fs := commandFlags(&f)
	usage := func(format string, a ...any) int { return trailsCLI.Fail(io, format, a...) }
	if status, ok := cli.Parse(fs, args, io, trailsCLI); !ok {
		return status
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
		fmt.Fprintf(io.Stderr, "minotaur trails: %v\n", err)
		return 1
	}
	if !fs.Changed("seed") {
		// The only read of the clock for a seed: once, here.
		f.seed = uint64(io.Now().UnixNano())
	}
	if f.script != "" {
		return runTrailsScript(f, io)
	}
	// The game plays full-screen; leaving it shows the Trails menu and the
	// main menu, as from the main menu.
	set := Setup{Config: f.cfg, VsBot: f.vs == "bot", BotLevel: f.botLevel, Seed: f.seed}
	return launch(io, screen.Launching{Prog: "minotaur trails", Saves: f.saves, Seed: f.seed, Mouse: true,
		Open: func(c *screen.Context) screen.Screen { return Open(c, set) }})
}

// runTrailsScript plays a headless game (trails.RunScript) from the script
// file or the standard input.
func runTrailsScript(f trailsFlags, io cli.IO) int {
	stdout, stderr := io.Stdout, io.Stderr
	in, _, closeScript, err := cli.OpenScript(f.script, io.Stdin)
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
