package main

import (
	"fmt"
	"strings"

	"github.com/spf13/pflag"

	"github.com/minotaur-game/minotaur/internal/cli"
)

func init() {
	register(&cli.Command{Name: "help", Summary: "show the help of the game or of a command (help foxhunt serve)", Usage: helpUsage, Run: runHelp})
}

const helpUsage = "usage: minotaur help [COMMAND [SUBCOMMAND]]\n"

// runHelp prints the help of the command named by args, as COMMAND --help
// does; with no command, the game's own (minotaur --help).
func runHelp(args []string, sys cli.IO) int {
	args, status, ok := parseNoFlags("help", args, sys, helpUsage, helpUsage+"\nPrints the help of a command, as 'minotaur COMMAND --help' does; of the\ngame itself with no command.\n")
	if !ok {
		return status
	}
	if len(args) == 0 {
		return run([]string{"--help"}, sys.Stdout, sys.Stderr)
	}
	c, ok := lookup(args[0])
	if !ok {
		fmt.Fprintf(sys.Stderr, "minotaur help: no command %q", args[0])
		if s := closest(args[0]); s != "" {
			fmt.Fprintf(sys.Stderr, " (did you mean %q?)", s)
		}
		fmt.Fprintf(sys.Stderr, "\ncommands: %s\n", strings.Join(commandNames(), ", "))
		return 2
	}
	at := c
	for _, name := range args[1:] {
		sub := at.Sub(name)
		if sub == nil {
			var names []string
			for _, s := range at.Subcommands {
				names = append(names, s.Name)
			}
			if len(names) == 0 {
				fmt.Fprintf(sys.Stderr, "minotaur help: %s has no subcommands\n", strings.Join(args[:len(args)-1], " "))
			} else {
				fmt.Fprintf(sys.Stderr, "minotaur help: %s has no command %q: choose %s\n", c.Name, name, strings.Join(names, ", "))
			}
			return 2
		}
		at = sub
	}
	return c.Run(append(append([]string(nil), args[1:]...), "--help"), sys)
}

// parseNoFlags is cli.Parse for a command that takes no flags but --help
// (version, help, completion, man): its arguments, or the status it ends
// with (ok false) after --help or a flag it does not know.
func parseNoFlags(name string, args []string, sys cli.IO, short, help string) (rest []string, status int, ok bool) {
	fs := pflag.NewFlagSet(name, pflag.ContinueOnError)
	if status, ok := cli.Parse(fs, args, sys, cli.Usage{Prog: "minotaur " + name, Hint: short, Help: cli.Text(help)}); !ok {
		return nil, status, false
	}
	return fs.Args(), 0, true
}

// node is a command of the program's tree, as completions and the
// manual page read it: the game itself at the root, its commands, and
// their subcommands.
type node struct {
	path    []string // the words after "minotaur"
	cmd     *cli.Command
	flags   *pflag.FlagSet // nil: no flags but --help
	subs    []*node
	args    []string // the words its arguments may be (help: the commands)
	summary string
}

// commandTree is the whole program: the game's flags, each command's real
// flag set (Command.Flags) and each subcommand's.
func commandTree() *node {
	fs, _ := newPlayFlags()
	root := &node{flags: fs, summary: "play (full-screen; opens the main menu)"}
	var walk func(path []string, c *cli.Command) *node
	walk = func(path []string, c *cli.Command) *node {
		n := &node{path: path, cmd: c, summary: c.Summary}
		if c.Flags != nil {
			n.flags = c.Flags()
		}
		for _, s := range c.Subcommands {
			n.subs = append(n.subs, walk(append(append([]string(nil), path...), s.Name), s))
		}
		return n
	}
	for _, name := range commandNames() {
		c, _ := lookup(name)
		n := walk([]string{name}, c)
		switch name {
		case "help":
			n.args = commandNames()
		case "completion":
			n.args = shells
		}
		root.subs = append(root.subs, n)
	}
	return root
}

// each calls f on n and every node under it, depth first.
func (n *node) each(f func(*node)) {
	f(n)
	for _, s := range n.subs {
		s.each(f)
	}
}

// visibleFlags are n's flags but the old names kept for one release.
func (n *node) visibleFlags() []*pflag.Flag {
	var out []*pflag.Flag
	if n.flags != nil {
		n.flags.VisitAll(func(f *pflag.Flag) {
			if !f.Hidden && f.Name != "help" {
				out = append(out, f)
			}
		})
	}
	return out
}

// takesValue reports whether f is followed by a value (--seed N), not a
// switch (--headless).
func takesValue(f *pflag.Flag) bool { return f.NoOptDefVal == "" }
