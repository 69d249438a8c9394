package chess

import (
	"fmt"
	"math/rand/v2"
	"strings"

	"github.com/spf13/pflag"

	"github.com/minotaur-game/minotaur/games/chess"
	chessbot "github.com/minotaur-game/minotaur/games/chess/bot"
	"github.com/minotaur-game/minotaur/internal/cli"
	"github.com/minotaur-game/minotaur/tui/screen"
)

// Command is the game's subcommand, `minotaur chess`: a headless game
// (--script), or the game opened full-screen through launch.
func Command(launch screen.Launch) *cli.Command {
	return &cli.Command{
		Name: "chess", Summary: "play Open-world chess: pieces with hit points, bonuses and a fog of war",
		Usage: chessShortUsage,
		Flags: func() *pflag.FlagSet { return commandFlags(new(chessFlags)) },
		Run:   func(args []string, io cli.IO) int { return runChess(args, io, launch) },
	}
}

const chessShortUsage = "usage: minotaur chess [--vs bot|human] [--bot-level 1-3] [--color white|black] [--seed S] [--script FILE|-]\n" +
	"(run 'minotaur chess --help' for more)\n"

const chessUsage = `usage: minotaur chess [flags]
       minotaur chess --script FILE|- [flags]

Plays Open-world chess (see docs/chess.md): chess whose pieces have hit
points and fight when they meet, bonus cells, and a fog of war: each side
sees two cells around its pieces, and a cell it stops seeing closes again
after five of its turns.

Flags:
  --vs bot|human       against the computer (default) or hot-seat: two
                       players at one screen, each turn behind a hand-over
                       screen since each side sees only its own fog
  --bot-level N        the computer's level, 1 to 3 (default 2)
  --color white|black  your side against the computer (default white)
  --seed S             the seed of the bonuses and of every random draw
                       (default: drawn from the clock)
  --saves DIR          keep saved games in the folder DIR
  --script FILE|-      headless: read one move a line from FILE (or the
                       standard input) in coordinate notation (e2e4, e7e8q,
                       e1g1 castles) for the side to move — not the
                       computer's; print one line per move with what the
                       mover saw happen, and last "WINNER white|black MOVE m"
                       or "NO WINNER"

Exit status: 0 the game was played (an illegal move in a script is answered
and the same side moves again), 1 the script could not be read, 2 usage
error.
`

// chessFlags are the command's options.
type chessFlags struct {
	vs     string
	level  int
	color  string
	seed   uint64
	saves  string
	script string
}

// commandFlags is the command's flag set, parsed into f.
func commandFlags(f *chessFlags) *pflag.FlagSet {
	fs := pflag.NewFlagSet("chess", pflag.ContinueOnError)
	fs.SortFlags = false
	fs.StringVar(&f.vs, "vs", "bot", "against the computer or hot-seat: `bot|human`")
	fs.IntVar(&f.level, "bot-level", 2, "the computer's level `N`, 1 to 3")
	fs.StringVar(&f.color, "color", "white", "your side against the computer, `white|black`")
	fs.Uint64Var(&f.seed, "seed", 0, "seed `S` of the bonuses and every random draw (default: drawn from the clock)")
	fs.StringVar(&f.saves, "saves", "", "keep saved games in the folder `DIR`")
	fs.StringVar(&f.script, "script", "", "headless: read one move a line from `FILE` (- the standard input)")
	return fs
}

var chessCLI = cli.Usage{Prog: "minotaur chess", Hint: chessShortUsage, Help: cli.Text(chessUsage)}

func runChess(args []string, io cli.IO, launch screen.Launch) int {
	var f chessFlags
	fs := commandFlags(&f)
	usage := func(format string, a ...any) int { return chessCLI.Fail(io, format, a...) }
	if status, ok := cli.Parse(fs, args, io, chessCLI); !ok {
		return status
	}
	var human chess.Color
	switch {
	case fs.NArg() > 0:
		return usage("chess takes no arguments, only flags (%s)", strings.Join(fs.Args(), " "))
	case f.vs != "bot" && f.vs != "human":
		return usage("--vs %q: play against the bot or a human (hot-seat)", f.vs)
	case f.level < 1 || f.level > chessbot.Levels:
		return usage("--bot-level %d: the computer plays at level 1 to %d", f.level, chessbot.Levels)
	case f.color == "white":
		human = chess.White
	case f.color == "black":
		human = chess.Black
	default:
		return usage("--color %q: white or black", f.color)
	}
	if f.vs == "human" && (fs.Changed("bot-level") || fs.Changed("color")) {
		return usage("--bot-level and --color are for a game against the bot (--vs bot)")
	}
	if !fs.Changed("seed") {
		// The only read of the clock for a seed: once, here.
		f.seed = uint64(io.Now().UnixNano())
	}
	setup := chessSetup{seed: f.seed, hotSeat: f.vs == "human", human: human, level: f.level}
	if f.script != "" {
		return runChessScript(setup, f.script, io)
	}
	// The game the flags ask for opens at once; Quit to menu leads to the
	// chess menu and the main menu.
	set := Setup{HotSeat: setup.hotSeat, Human: setup.human, Level: setup.level, Seed: setup.seed}
	return launch(io, screen.Launching{Prog: "minotaur chess", Saves: f.saves, Seed: f.seed,
		Open: func(c *screen.Context) screen.Screen { return Open(c, set) }})
}

// chessSetup is a new game as the flags describe it.
type chessSetup struct {
	seed    uint64
	hotSeat bool
	human   chess.Color // against the bot
	level   int
}

// game and bot make the game and the computer from the seed as the screen
// does, so that a seed gives the same game in a script and on the screen.
func (s chessSetup) game() *chess.Game { return chess.New(rand.NewPCG(s.seed, chess.SeedSalt)) }

func (s chessSetup) bot() chessbot.Player {
	return chessbot.Player{Level: s.level, Seed: s.seed ^ chessbot.SeedSalt}
}

// runChessScript plays a headless game (chess.RunScript) from the script
// file or the standard input; the bot plays the side that is not human's,
// unless both sides are played at this keyboard.
func runChessScript(setup chessSetup, script string, io cli.IO) int {
	stdout, stderr := io.Stdout, io.Stderr
	in, _, closeScript, err := cli.OpenScript(script, io.Stdin)
	if err != nil {
		fmt.Fprintf(stderr, "minotaur chess: cannot read the script: %v\n", err)
		return 1
	}
	defer closeScript()
	g := setup.game()
	computer := map[chess.Color]func(*chess.View) (chess.Move, bool){}
	if !setup.hotSeat {
		computer[setup.human.Other()] = setup.bot().Move
	}
	if err := chess.RunScript(g, in, stdout, computer); err != nil {
		fmt.Fprintf(stderr, "minotaur chess: cannot read the script: %v\n", err)
		return 1
	}
	return 0
}
