package main

import (
	"fmt"

	"github.com/minotaur-game/minotaur/internal/cli"
	"github.com/minotaur-game/minotaur/levels"
	"github.com/minotaur-game/minotaur/safetext"
	"github.com/minotaur-game/minotaur/tui"
	"github.com/minotaur-game/minotaur/tui/screen"
	"github.com/spf13/pflag"
)

func init() {
	register(&cli.Command{Name: "check", Summary: "validate level files (and Labyrinth field files)", Usage: checkShortUsage,
		Run: runCheck})
}

const checkShortUsage = "usage: minotaur check FILE... (run 'minotaur check --help' for more)\n"

const checkUsage = `usage: minotaur check FILE...

Checks level files (see docs/levels.md) and prints one line per file,
"FILE: OK" followed by its warnings, or one line per problem,
"FILE:LINE:COL: message". Field files of the console game Labyrinth are
recognised by their content and get one line per field, "0: OK" or
"1: FAILED (x, y)", prefixed "FILE: " when several files are checked.

Exit status: 0 every file is valid, 1 some file is not, 2 usage error.
`

// checkFlags is the set check parses: --help alone (its Command has no
// Flags).
func checkFlags() *pflag.FlagSet { return pflag.NewFlagSet("check", pflag.ContinueOnError) }

func runCheck(args []string, sys cli.IO) int {
	stdout, stderr := sys.Stdout, sys.Stderr
	fs := checkFlags()
	if status, ok := cli.Parse(fs, args, sys, cli.Usage{Prog: "minotaur check", Hint: checkShortUsage, Help: cli.Text(checkUsage)}); !ok {
		return status
	}
	files := fs.Args()
	if len(files) == 0 {
		fmt.Fprintf(stderr, "minotaur check: no file to check: name one or more level files\n%s", checkShortUsage)
		return 2
	}
	status := 0
	for _, f := range files {
		r := checkFile(f)
		for _, line := range r.Lines(len(files) > 1) {
			fmt.Fprintln(stdout, line)
		}
		if !r.OK() {
			status = 1
		}
	}
	return status
}

// checkFile reads and checks the file at path: a file of a game of the
// list that has a checker and recognises it (the Labyrinth's field
// files), or else a Minotaur level file (levels.Check).
func checkFile(path string) screen.CheckReport {
	data, err := levels.ReadFile(path)
	if err != nil {
		return levels.Report{File: path, Err: levels.ErrorList{err.(*levels.ParseError)}}
	}
	name := safetext.Clean(path) // printed to the terminal in every line
	for _, g := range tui.Games() {
		if g.Check == nil {
			continue
		}
		if r, mine := g.Check(name, data); mine {
			return r
		}
	}
	return levels.Check(path, data)
}
