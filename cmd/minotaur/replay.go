package main

import (
	"encoding/json"
	"fmt"
	"io"

	"github.com/minotaur-game/minotaur/engine"
	"github.com/minotaur-game/minotaur/internal/cli"
	"github.com/minotaur-game/minotaur/levels"
	"github.com/minotaur-game/minotaur/saves"
	"github.com/spf13/pflag"
)

func init() {
	register(&cli.Command{Name: "replay", Summary: "watch a recorded game, or print its outcome as JSON (--headless)", Usage: replayShortUsage,
		Flags: func() *pflag.FlagSet { fs, _ := newReplayFlags(); return fs }, Run: runReplay})
}

// watchReplay plays a replay back on screen and returns the exit status.
// The terminal interface's file sets it; without it, only --headless works.
var watchReplay func(path string, r saves.Replay, levels []engine.Level, stdout, stderr io.Writer) int

const replayShortUsage = "usage: minotaur replay [--headless] FILE (run 'minotaur replay --help' for more)\n"

const replayUsage = `usage: minotaur replay [--headless] FILE

Plays back a recorded game (a file from the replays folder, see
docs/files.md). On screen: Space pauses, → plays one step, ← goes one step
back, ] and [ go to the next and previous level, g goes to a turn, + and -
change the speed, Q quits.

With --headless nothing is drawn: the moves are played at once and the
outcome is printed as one JSON object:
  {"result": "won|lost|in_progress", "level": 3, "turn": 17, "score": 1234,
   "key": false, "players": [{"x": 5, "y": 7, "state": "active"}],
   "monsters": [{"kind": "H", "x": 9, "y": 3}],
   "levels": [{"level": 1, "turns": 20, "bonuses": 1, "score": 400}]}

Flags:
  --headless   print the outcome as JSON instead of showing the game

Exit status: 0 done, 1 the replay cannot be read or played, 2 usage error.
`

// replayFlags are the flags of minotaur replay, defined on a new set.
type replayFlags struct {
	headless *bool
}

func newReplayFlags() (*pflag.FlagSet, replayFlags) {
	fs := pflag.NewFlagSet("replay", pflag.ContinueOnError)
	headless := fs.Bool("headless", false, "print the outcome as JSON instead of showing the game")
	return fs, replayFlags{headless}
}

func runReplay(args []string, sys cli.IO) int {
	stdout, stderr := sys.Stdout, sys.Stderr
	fs, f := newReplayFlags()
	headless := f.headless
	if status, ok := cli.Parse(fs, args, sys, cli.Usage{Prog: "minotaur replay", Hint: replayShortUsage, Help: cli.Text(replayUsage)}); !ok {
		return status
	}
	switch fs.NArg() {
	case 0:
		fmt.Fprintf(stderr, "minotaur replay: no replay file given\n%s", replayShortUsage)
		return 2
	case 1:
	default:
		fmt.Fprintf(stderr, "minotaur replay: one replay file at a time, not %d\n%s", fs.NArg(), replayShortUsage)
		return 2
	}
	path := fs.Arg(0)
	r, err := saves.ReadReplay(path)
	if err != nil {
		fmt.Fprintf(stderr, "minotaur replay: %v\n", err)
		return 1
	}
	lvs, err := replayLevels(path, r)
	if err != nil {
		fmt.Fprintf(stderr, "minotaur replay: %v\n", err)
		return 1
	}
	if !*headless {
		if watchReplay == nil {
			fmt.Fprintln(stderr, "minotaur replay: watching on screen is not built in; use --headless")
			return 2
		}
		return watchReplay(path, r, lvs, stdout, stderr)
	}
	g, err := r.Run(lvs)
	if err != nil {
		fmt.Fprintf(stderr, "minotaur replay: %s: %v\n", path, err)
		return 1
	}
	out, err := json.Marshal(saves.OutcomeOf(g))
	if err != nil {
		fmt.Fprintf(stderr, "minotaur replay: %v\n", err)
		return 1
	}
	fmt.Fprintf(stdout, "%s\n", out)
	return 0
}

// replayLevels parses the level-file texts a replay carries; nil for a
// replay of the generated campaign. Problems are named as
// "FILE level N:LINE:COL: message".
func replayLevels(path string, r saves.Replay) ([]engine.Level, error) {
	return levels.ReplayLevels(path, r.Levels)
}
