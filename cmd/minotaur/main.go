// Command minotaur is the game: a turn-based maze roguelike for the terminal.
//
//	minotaur [flags]               play (full-screen, opens the main menu)
//	minotaur check FILE...         validate level files
//	minotaur gen [--seed N] ...    print a generated level
//	minotaur labyrinth FIELD|random [--players N] [--start X,Y]... [--script FILE]
//	minotaur trails [--size N] [--towers T] [--vs human|bot] [--script FILE]
//	minotaur chess [--vs bot|human] [--bot-level 1-3] [--color C] [--script FILE]
//	minotaur replay [--headless] FILE
//	minotaur serve [--addr :7777]  run the network game server
//	minotaur balance [--seeds A-B] measure the levels with bots and the solver
//	minotaur version               print the version
//
// This is the only package that reads the clock (to draw a seed) or the
// environment; it wires the other packages together.
package main

import (
	"fmt"
	"io"
	"os"
	"sort"
	"strings"

	"github.com/minotaur-game/minotaur/tui"
)

// command is one subcommand. run gets the arguments after the command's name
// and returns the exit status.
type command struct {
	name    string
	summary string
	run     func(args []string, stdout, stderr io.Writer) int
}

var commands = map[string]command{}

// register adds a subcommand; each command's file calls it from init. A
// game's subcommand is registered under its descriptor's Command in the
// list of games (tui.Games) and reached through the list: a game the list
// does not name has none.
func register(c command) { commands[c.name] = c }

// gameCommand is the subcommand of the game of the list whose Command is
// name: ok false when no game of the list has it; run nil when this
// binary has none for it.
func gameCommand(name string) (c command, ok bool) {
	for _, g := range tui.Games() {
		if g.Command != "" && g.Command == name {
			return commands[name], true
		}
	}
	return command{}, false
}

// isGameName reports whether name is a game's name or subcommand in the
// list of games.
func isGameName(name string) bool {
	for _, g := range tui.Games() {
		if g.Name == name || g.Command == name {
			return true
		}
	}
	return false
}

// lookup finds a subcommand: a game's through the list of games, any
// other by its name.
func lookup(name string) (command, bool) {
	if c, ok := gameCommand(name); ok {
		return c, c.run != nil
	}
	if isGameName(name) {
		return command{}, false
	}
	c, ok := commands[name]
	return c, ok
}

// playCommand runs when no subcommand is named. The play command's file sets it.
var playCommand func(args []string, stdout, stderr io.Writer) int

func main() {
	os.Exit(run(os.Args[1:], os.Stdout, os.Stderr))
}

func run(args []string, stdout, stderr io.Writer) int {
	if len(args) > 0 && !strings.HasPrefix(args[0], "-") {
		name := args[0]
		if c, ok := lookup(name); ok {
			return c.run(args[1:], stdout, stderr)
		}
		fmt.Fprintf(stderr, "minotaur: unknown command %q", name)
		if s := closest(name); s != "" {
			fmt.Fprintf(stderr, " (did you mean %q?)", s)
		}
		fmt.Fprintln(stderr)
		fmt.Fprintln(stderr, "commands: "+strings.Join(commandNames(), ", ")+"; run 'minotaur --help' for more")
		return 2
	}
	if playCommand == nil {
		fmt.Fprintln(stderr, "minotaur: the game screen is not built into this binary")
		return 2
	}
	return playCommand(args, stdout, stderr)
}

// commandNames are the subcommands this binary runs, in order.
func commandNames() []string {
	names := make([]string, 0, len(commands))
	for n := range commands {
		if _, ok := lookup(n); ok {
			names = append(names, n)
		}
	}
	sort.Strings(names)
	return names
}

// usageCommands lists the subcommands for --help texts.
func usageCommands() string {
	var b strings.Builder
	w := 0
	for _, n := range commandNames() {
		w = max(w, len(n))
	}
	for _, n := range commandNames() {
		fmt.Fprintf(&b, "  minotaur %-*s  %s\n", w, n, commands[n].summary)
	}
	return b.String()
}

// closest returns the command name nearest to s by edit distance, if it is
// near enough to be a typo.
func closest(s string) string {
	best, bestD := "", 3
	for _, n := range commandNames() {
		if d := editDistance(s, n); d < bestD || (d == bestD && best == "" && strings.HasPrefix(n, s)) {
			best, bestD = n, d
		}
	}
	if best == "" {
		for _, n := range commandNames() {
			if strings.HasPrefix(n, s) && s != "" {
				return n
			}
		}
	}
	return best
}

func editDistance(a, b string) int {
	ra, rb := []rune(a), []rune(b)
	prev := make([]int, len(rb)+1)
	cur := make([]int, len(rb)+1)
	for j := range prev {
		prev[j] = j
	}
	for i := 1; i <= len(ra); i++ {
		cur[0] = i
		for j := 1; j <= len(rb); j++ {
			cost := 1
			if ra[i-1] == rb[j-1] {
				cost = 0
			}
			cur[j] = min(prev[j]+1, cur[j-1]+1, prev[j-1]+cost)
		}
		prev, cur = cur, prev
	}
	return prev[len(rb)]
}
