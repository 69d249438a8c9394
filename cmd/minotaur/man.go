package main

import (
	"fmt"
	"io"
	"strings"

	"github.com/spf13/pflag"

	"github.com/minotaur-game/minotaur/internal/cli"
)

func init() {
	register(&cli.Command{Name: "man", Summary: "print the manual page, minotaur(6), in roff (man -l to read it)", Usage: manUsage, Run: runMan})
}

const manUsage = "usage: minotaur man\n"

func runMan(args []string, sys cli.IO) int {
	args, status, ok := parseNoFlags("man", args, sys, manUsage, manUsage+"\nPrints the manual page of the program, made from the flag sets its commands\nparse, in roff: read it with 'minotaur man | man -l -', or install it as\nminotaur.6 ('make man' writes it).\n")
	if !ok {
		return status
	}
	if len(args) > 0 {
		fmt.Fprintf(sys.Stderr, "minotaur man: unexpected argument %q\n%s", args[0], manUsage)
		return 2
	}
	writeMan(sys.Stdout, commandTree(), versionString())
	return 0
}

// roff escapes s for running text: backslashes, hyphens (so that flags
// are searchable and copy as ASCII) and a dot or quote at a line's start.
func roff(s string) string {
	s = strings.NewReplacer(`\`, `\e`, "-", `\-`).Replace(s)
	lines := strings.Split(s, "\n")
	for i, l := range lines {
		if strings.HasPrefix(l, ".") || strings.HasPrefix(l, "'") {
			lines[i] = `\&` + l
		}
	}
	return strings.Join(lines, "\n")
}

// manFlags writes a node's flags as a tagged list.
func manFlags(w io.Writer, n *node) {
	for _, f := range n.visibleFlags() {
		name, usage := pflag.UnquoteUsage(f)
		fmt.Fprint(w, ".TP\n")
		if f.Shorthand != "" {
			fmt.Fprintf(w, `\fB\-%s\fR, `, f.Shorthand)
		}
		fmt.Fprintf(w, `\fB\-\-%s\fR`, roff(f.Name))
		if takesValue(f) && name != "" {
			fmt.Fprintf(w, ` \fI%s\fR`, roff(placeholder(name)))
		}
		fmt.Fprintln(w)
		text := strings.Join(strings.Fields(usage), " ")
		if f.DefValue != "" && f.DefValue != "0" && f.DefValue != "false" && f.DefValue != "[]" && !strings.Contains(usage, "default") {
			text += " (default " + f.DefValue + ")"
		}
		fmt.Fprintln(w, roff(text))
	}
}

// usageLines are a command's usage lines without "usage: " and the
// "(run … --help …)" hint.
func usageLines(c *cli.Command) []string {
	var out []string
	for _, l := range strings.Split(strings.TrimRight(c.Usage, "\n"), "\n") {
		l = strings.TrimSpace(strings.TrimPrefix(strings.TrimSpace(l), "usage:"))
		if i := strings.Index(l, "(run '"); i >= 0 {
			l = strings.TrimSpace(l[:i])
		}
		if strings.HasPrefix(l, "minotaur ") {
			out = append(out, l)
		}
	}
	return out
}

// writeMan writes minotaur(6): the game's flags, then every command and
// subcommand with its usage and its flags, from the same tree as the
// completions.
func writeMan(w io.Writer, t *node, version string) {
	fmt.Fprintf(w, ".\\\" minotaur(6), made by 'minotaur man' from the flag sets of its commands.\n")
	fmt.Fprintf(w, ".TH MINOTAUR 6 \"\" \"minotaur %s\" \"Games\"\n", roff(version))
	fmt.Fprint(w, `.SH NAME
minotaur \- a turn\-based maze roguelike for the terminal, and four more games
.SH SYNOPSIS
.B minotaur
[\fIflags\fR]
.br
.B minotaur
\fICOMMAND\fR [\fIflags\fR] [\fIarguments\fR]
.SH DESCRIPTION
Walk through seven generated mazes, each larger than the last: find the key,
reach the exit, and don't get caught by hunters, wanderers and \(em on level 7 \(em
the Minotaur, who leaps over walls.
Without a command the game opens full\-screen on its main menu, from which the
other games (the Labyrinth, Trails and Towers, Open\-world chess and the Fox
hunt) and network play are reached too.
The commands check and generate level files, play the other games headless
or full\-screen, run the network servers, and measure the levels with bots.
.PP
In the game: W A S D or the arrows move, Space waits, F uses a freeze,
X looks, > or T travels to the key (then the exit), O explores, H or ? shows
the help, P or Esc pauses (save, quit).
.PP
A usage error prints one line naming the problem and the usage, and exits
with status 2; a command that fails exits with status 1.
.SH OPTIONS
`)
	manFlags(w, t)
	fmt.Fprint(w, ".TP\n\\fB\\-\\-help\\fR, \\fB\\-h\\fR\nprint the help and the paths the game uses\n")
	fmt.Fprint(w, ".SH COMMANDS\n")
	for _, c := range t.subs {
		c.each(func(n *node) {
			fmt.Fprintf(w, ".SS \"minotaur %s\"\n", roff(strings.Join(n.path, " ")))
			fmt.Fprintln(w, roff(strings.ToUpper(n.summary[:1])+n.summary[1:]+"."))
			if lines := usageLines(n.cmd); len(lines) > 0 {
				fmt.Fprint(w, ".PP\n.nf\n")
				for _, l := range lines {
					fmt.Fprintln(w, roff(l))
				}
				fmt.Fprint(w, ".fi\n")
			}
			manFlags(w, n)
		})
	}
	fmt.Fprint(w, `.SH ENVIRONMENT
.TP
.B NO_COLOR
when set, the game draws without colour.
.TP
.BR XDG_CONFIG_HOME ", " HOME
the per\-user folder of saved games, scores and replays when the folder of the
executable cannot be written to (see \fBminotaur \-\-help\fR for the paths in use).
.SH FILES
.TP
.I saves/ highscores.json replays/
next to the executable when its folder can be written to, else in the
per\-user data folder (minotaur/ in the user configuration folder);
\fB\-\-saves\fR and \fB\-\-scores\fR choose others.
.SH EXIT STATUS
0 done, 1 failed (a file that cannot be read, a level with errors, a server
that cannot listen), 2 a usage error.
.SH EXAMPLES
.nf
minotaur \-\-seed 42
minotaur check my\-level.txt
minotaur gen \-\-seed 42 \-\-level\-number 7 > level7.txt
minotaur \-\-level level7.txt
minotaur serve \-\-addr :7777 \-\-ssh :2222
source <(minotaur completion bash)
.fi
.SH SEE ALSO
The player's guide, docs/guide.md, and docs/ in the source:
https://github.com/minotaur\-game/minotaur
`)
}

// placeholder is a flag's value as the manual shows it: the name its
// usage gives (`FILE`), or for a type name pflag made up, a word.
func placeholder(name string) string {
	switch name {
	case "int", "uint", "uint64", "int64":
		return "N"
	case "string", "stringArray", "strings":
		return "VALUE"
	case "duration":
		return "DURATION"
	}
	return name
}
