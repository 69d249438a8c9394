// Package cli is what every subcommand of the program shares: the shape
// of a command (its name, summary, usage, flag set and Run), what a
// command is handed to run (IO: its standard streams, the environment and
// the clock, which cmd/minotaur alone reads and passes down), and the one
// way a command parses its flags and says a usage error. A game's
// subcommand is the game's own (tui/<game>/command.go), offered through
// the list of games; cmd/minotaur runs it like its own commands.
//
// It imports only pflag and the standard library.
package cli

import (
	"errors"
	"fmt"
	"io"
	"time"

	"github.com/spf13/pflag"
)

// IO is what a command is handed to run: its standard streams, the
// environment's variables and the clock. cmd/minotaur fills it from the
// process; a test fills it with buffers.
type IO struct {
	Stdin          io.Reader
	Stdout, Stderr io.Writer
	// Getenv reads an environment variable ("" when unset).
	Getenv func(key string) string
	// Now reads the clock (a seed drawn when none is given).
	Now func() time.Time
}

// Command is one subcommand: `minotaur NAME [flags] [args]`.
type Command struct {
	Name string
	// Summary is its line in the list of commands.
	Summary string
	// Usage is its usage ("usage: minotaur NAME …"), as a usage error
	// ends.
	Usage string
	// Flags builds the command's flag set, with the defaults Run uses, so
	// that tooling (completions, a manual page) reads the real flags;
	// nil for a command without flags.
	Flags func() *pflag.FlagSet
	// Run runs the command on the arguments after its name and returns
	// the exit status: 0 done, 1 failed, 2 a usage error.
	Run func(args []string, io IO) int
	// Subcommands are the commands under this one (`minotaur foxhunt
	// serve`), for help, completions and the manual page; Run still
	// dispatches to them. Their names are the words after this one's.
	Subcommands []*Command
}

// Sub is the subcommand named name, or nil.
func (c *Command) Sub(name string) *Command {
	for _, s := range c.Subcommands {
		if s.Name == name {
			return s
		}
	}
	return nil
}

// Usage is how a command tells its usage: Prog starts every error line
// ("minotaur check"), Hint follows an error on the standard error (the
// short usage, ending in a newline), Help is --help's text on the
// standard output, made from the parsed flag set.
type Usage struct {
	Prog string
	Hint string
	Help func(fs *pflag.FlagSet) string
}

// Text is a Help that prints s whatever the flags.
func Text(s string) func(*pflag.FlagSet) string { return func(*pflag.FlagSet) string { return s } }

// Parse parses args into fs. ok false means the command ends here with
// status: --help or -h printed the help on the standard output (0), or a
// bad flag printed "PROG: error" and the hint on the standard error (2).
func Parse(fs *pflag.FlagSet, args []string, sys IO, u Usage) (status int, ok bool) {
	fs.SetOutput(io.Discard) // pflag's own messages are replaced by these
	err := fs.Parse(args)
	switch {
	case err == nil:
		fs.Visit(func(f *pflag.Flag) {
			if to := f.Annotations[renamedTo]; len(to) == 1 {
				fmt.Fprintf(sys.Stderr, "%s: note: --%s is now %s; the old spelling goes in the next release\n", u.Prog, f.Name, to[0])
			}
		})
		return 0, true
	case errors.Is(err, pflag.ErrHelp):
		fmt.Fprint(sys.Stdout, u.Help(fs))
		return 0, false
	}
	return u.Fail(sys, "%v", err), false
}

// Fail prints a usage error, "PROG: " and the sentence, then the hint,
// on the standard error, and returns the usage error's status, 2.
func (u Usage) Fail(sys IO, format string, a ...any) int {
	fmt.Fprintf(sys.Stderr, u.Prog+": "+format+"\n%s", append(a, u.Hint)...)
	return 2
}

// renamedTo is the annotation of a flag's old name: the new spelling.
const renamedTo = "cli-renamed-to"

// Renamed keeps the old name of a renamed flag for one release: old sets
// the same value as the flag now named name, is left out of --help, the
// completions and the manual page, and Parse notes on the standard error
// that it is now spelled spelling (e.g. "--level-number N").
func Renamed(fs *pflag.FlagSet, old, name, spelling string) {
	f := fs.Lookup(name)
	fs.AddFlag(&pflag.Flag{Name: old, Value: f.Value, DefValue: f.DefValue, NoOptDefVal: f.NoOptDefVal,
		Usage: "old name of --" + name, Hidden: true, Annotations: map[string][]string{renamedTo: {spelling}}})
}

// NoArgs is the check of a command that takes flags only: an argument
// left after the flags is a usage error (status 2, ok false).
func (u Usage) NoArgs(fs *pflag.FlagSet, sys IO) (status int, ok bool) {
	if fs.NArg() > 0 {
		return u.Fail(sys, "unexpected argument %q", fs.Arg(0)), false
	}
	return 0, true
}
