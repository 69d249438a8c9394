// Command minotaur is the game: a turn-based maze roguelike for the terminal.
//
//	minotaur [flags]               play (full-screen, opens the main menu)
//	minotaur check FILE...         validate level files
//	minotaur gen [--seed N] ...    print a generated level
//	minotaur labyrinth [FIELD|random] [--players N] [--start X,Y]... [--script FILE]
//	minotaur trails [--size N] [--towers T] [--vs human|bot] [--script FILE]
//	minotaur chess [--vs bot|human] [--bot-level 1-3] [--color C] [--script FILE]
//	minotaur replay [--headless] FILE
//	minotaur serve [--addr :7777]  run the network game server
//	minotaur balance [--seeds A-B] measure the levels with bots and the solver
//	minotaur version               print the version (also --version)
//	minotaur help [COMMAND]        a command's help
//	minotaur completion SHELL      completions for bash, zsh or fish
//	minotaur man                   the manual page, minotaur(6)
//
// This is the only package that reads the clock (to draw a seed) or the
// environment; it wires the other packages together.
package main

import (
	"errors"
	"fmt"
	"io"
	"os"
	"sort"
	"strings"
	"time"

	tea "github.com/charmbracelet/bubbletea"

	"github.com/minotaur-game/minotaur/internal/cli"
	"github.com/minotaur-game/minotaur/internal/spell"
	"github.com/minotaur-game/minotaur/tui"
	"github.com/minotaur-game/minotaur/tui/screen"
)

// commands are the program's own subcommands, by name.
var commands = map[string]*cli.Command{}

// register adds a subcommand of the program's own; each command's file
// calls it from init. A game's subcommand is the game's own, made by its
// descriptor in the list of games (tui.Games) and reached through it.
func register(c *cli.Command) { commands[c.Name] = c }

// gameCommand is the subcommand of the game of the list named name: ok
// false when no game of the list has it.
func gameCommand(name string) (c *cli.Command, ok bool) {
	for _, g := range tui.Games() {
		if g.Command != nil && g.Name == name {
			return g.Command(launch), true
		}
	}
	return nil, false
}

// processIO is what a command is handed: the process's standard input,
// environment and clock, and the given outputs.
func processIO(stdout, stderr io.Writer) cli.IO {
	return cli.IO{Stdin: os.Stdin, Stdout: stdout, Stderr: stderr, Getenv: os.Getenv, Now: time.Now}
}

// launch runs the program full-screen with a game's subcommand's screen
// first (screen.Launch).
func launch(sys cli.IO, l screen.Launching) int {
	cfg, ok := prepare(sys, l.Prog, choices{saves: l.Saves})
	if !ok {
		return 1
	}
	cfg.Seed, cfg.Open = tui.NextSeed(l.Seed), l.Open
	out := tui.NewCursorWriter(os.Stdout)
	cfg.Cursor = out.Set
	opts := []tea.ProgramOption{tea.WithAltScreen(), tea.WithoutSignalHandler(), tea.WithOutput(out)}
	if l.Mouse {
		opts = append(opts, tea.WithMouseCellMotion())
	}
	p := tea.NewProgram(tui.New(cfg), opts...)
	stop := onHangup(p)
	defer stop()
	_, err := p.Run()
	// A replay still being written (the player quit as the game ended)
	// is waited for, so that it is not lost.
	if !screen.WaitWrites(10 * time.Second) {
		fmt.Fprintf(sys.Stderr, "%s: the replay was still being written after 10 s; it may be incomplete\n", l.Prog)
	}
	if err != nil && !errors.Is(err, tea.ErrProgramKilled) {
		fmt.Fprintf(sys.Stderr, "%s: %s\n", l.Prog, cli.ProgramError(err))
		return 1
	}
	return 0
}

// isGameName reports whether name is a game's name in the list of games.
func isGameName(name string) bool {
	for _, g := range tui.Games() {
		if g.Name == name {
			return true
		}
	}
	return false
}

// lookup finds a subcommand: a game's through the list of games, any
// other by its name.
func lookup(name string) (*cli.Command, bool) {
	if c, ok := gameCommand(name); ok {
		return c, true
	}
	if isGameName(name) {
		return nil, false
	}
	c, ok := commands[name]
	return c, ok
}

// playCommand runs when no subcommand is named. The play command's file sets it.
var playCommand func(args []string, sys cli.IO) int

func main() {
	os.Exit(run(os.Args[1:], os.Stdout, os.Stderr))
}

func run(args []string, stdout, stderr io.Writer) int {
	if len(args) > 0 && !strings.HasPrefix(args[0], "-") {
		name := args[0]
		if c, ok := lookup(name); ok {
			return c.Run(args[1:], processIO(stdout, stderr))
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
	return playCommand(args, processIO(stdout, stderr))
}

// commandNames are the subcommands this binary runs, in order.
func commandNames() []string {
	names := make([]string, 0, len(commands))
	for n := range commands {
		if _, ok := lookup(n); ok {
			names = append(names, n)
		}
	}
	for _, g := range tui.Games() {
		if g.Command != nil {
			names = append(names, g.Name)
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
		c, _ := lookup(n)
		fmt.Fprintf(&b, "  minotaur %-*s  %s\n", w, n, c.Summary)
	}
	return b.String()
}

// closest returns the command name nearest to s by edit distance, if it is
// near enough to be a typo.
func closest(s string) string {
	best, bestD := "", 3
	for _, n := range commandNames() {
		if d := spell.Distance(s, n); d < bestD || (d == bestD && best == "" && strings.HasPrefix(n, s)) {
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
