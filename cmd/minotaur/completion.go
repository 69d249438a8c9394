package main

import (
	"fmt"
	"io"
	"strings"

	"github.com/spf13/pflag"

	"github.com/minotaur-game/minotaur/internal/cli"
)

func init() {
	register(&cli.Command{Name: "completion", Summary: "print the shell completions for bash, zsh or fish", Usage: completionUsage, Run: runCompletion})
}

// shells are the shells completion writes for.
var shells = []string{"bash", "zsh", "fish"}

const completionUsage = "usage: minotaur completion bash|zsh|fish\n"

const completionHelp = completionUsage + `
Prints the shell's completions of every command, subcommand and flag of the
program, made from the flag sets the commands parse:

  bash   source <(minotaur completion bash)    (in ~/.bashrc), or save it as
         /usr/share/bash-completion/completions/minotaur
  zsh    minotaur completion zsh > "${fpath[1]}/_minotaur"
  fish   minotaur completion fish > ~/.config/fish/completions/minotaur.fish
`

func runCompletion(args []string, sys cli.IO) int {
	args, status, ok := parseNoFlags("completion", args, sys, completionUsage, completionHelp)
	if !ok {
		return status
	}
	if len(args) != 1 {
		fmt.Fprintf(sys.Stderr, "minotaur completion: name one shell: bash, zsh or fish\n%s", completionUsage)
		return 2
	}
	t := commandTree()
	switch args[0] {
	case "bash":
		writeBash(sys.Stdout, t)
	case "zsh":
		writeZsh(sys.Stdout, t)
	case "fish":
		writeFish(sys.Stdout, t)
	default:
		fmt.Fprintf(sys.Stderr, "minotaur completion: no completions for %q: choose bash, zsh or fish\n%s", args[0], completionUsage)
		return 2
	}
	return 0
}

// id is a node's name in the generated functions: minotaur,
// minotaur_foxhunt, minotaur_foxhunt_serve.
func (n *node) id() string { return strings.Join(append([]string{"minotaur"}, n.path...), "_") }

// words are what a word that is not a flag completes to: the
// subcommands, or the words of the argument.
func (n *node) words() []string {
	out := append([]string(nil), n.args...)
	for _, s := range n.subs {
		out = append(out, s.path[len(s.path)-1])
	}
	return out
}

// flagWords are --name (and -x) of every flag, --help included.
func (n *node) flagWords(valued bool) []string {
	var out []string
	add := func(f *pflag.Flag) {
		if valued && !takesValue(f) {
			return
		}
		out = append(out, "--"+f.Name)
		if f.Shorthand != "" {
			out = append(out, "-"+f.Shorthand)
		}
	}
	for _, f := range n.visibleFlags() {
		add(f)
	}
	if !valued {
		out = append(out, "--help")
	}
	return out
}

// writeBash writes the bash completion: a function that finds the command
// the words typed so far name (skipping flags and their values), then
// completes its subcommands or its flags; a flag's value, and an argument
// that is not a subcommand, complete as file names (complete -o default).
func writeBash(w io.Writer, t *node) {
	fmt.Fprint(w, "# bash completion for minotaur, made by 'minotaur completion bash' from its flag sets.\n\n")
	table := func(name string, f func(*node) []string) {
		fmt.Fprintf(w, "_minotaur_%s() {\n    case \"$1\" in\n", name)
		t.each(func(n *node) { fmt.Fprintf(w, "    %s) echo %q ;;\n", n.id(), " "+strings.Join(f(n), " ")+" ") })
		fmt.Fprint(w, "    esac\n}\n\n")
	}
	table("words", (*node).words)
	table("flags", func(n *node) []string { return n.flagWords(false) })
	table("valued", func(n *node) []string { return n.flagWords(true) })
	fmt.Fprint(w, `_minotaur() {
    local cur="${COMP_WORDS[COMP_CWORD]}" at=minotaur i w skip=0
    COMPREPLY=()
    for ((i = 1; i < COMP_CWORD; i++)); do
        w="${COMP_WORDS[i]}"
        if ((skip)); then skip=0; continue; fi
        case "$w" in
        --*=*) ;;
        -*) case "$(_minotaur_valued "$at")" in *" $w "*) skip=1 ;; esac ;;
        *) case "$(_minotaur_words "$at")" in *" $w "*)
               case "$(_minotaur_flags "${at}_$w")" in *[!\ ]*) at="${at}_$w" ;; esac ;;
           esac ;;
        esac
    done
    if ((skip)); then
        return 0 # a flag's value: file names
    fi
    case "$cur" in
    -*) COMPREPLY=($(compgen -W "$(_minotaur_flags "$at")" -- "$cur")) ;;
    *) COMPREPLY=($(compgen -W "$(_minotaur_words "$at")" -- "$cur")) ;;
    esac
    return 0
}

complete -o default -F _minotaur minotaur
`)
}

// writeZsh writes the zsh completion: the bash one, through zsh's
// bashcompinit (the same tables, so the same words).
func writeZsh(w io.Writer, t *node) {
	fmt.Fprint(w, "#compdef minotaur\n# zsh completion for minotaur, made by 'minotaur completion zsh': the bash\n# completion run by zsh's bashcompinit.\n\n")
	fmt.Fprint(w, "autoload -U +X bashcompinit && bashcompinit\n\n")
	writeBash(w, t)
}

// writeFish writes the fish completion: one complete line per command,
// subcommand and flag, each with its description.
func writeFish(w io.Writer, t *node) {
	fmt.Fprint(w, "# fish completion for minotaur, made by 'minotaur completion fish' from its flag sets.\n\n")
	// The condition that the words typed so far name the node n: for the
	// game itself, that no command is named yet.
	cond := func(n *node) string {
		if len(n.path) == 0 {
			return "__fish_use_subcommand"
		}
		var c []string
		for _, p := range n.path {
			c = append(c, "__fish_seen_subcommand_from "+p)
		}
		if len(n.subs) > 0 {
			var names []string
			for _, s := range n.subs {
				names = append(names, s.path[len(s.path)-1])
			}
			c = append(c, "not __fish_seen_subcommand_from "+strings.Join(names, " "))
		}
		return strings.Join(c, "; and ")
	}
	t.each(func(n *node) {
		for _, s := range n.subs {
			fmt.Fprintf(w, "complete -c minotaur -f -n %s -a %s -d %s\n", fishQuote(cond(n)), s.path[len(s.path)-1], fishQuote(s.summary))
		}
		if len(n.args) > 0 {
			fmt.Fprintf(w, "complete -c minotaur -f -n %s -a %s\n", fishQuote(cond(n)), fishQuote(strings.Join(n.args, " ")))
		}
		for _, f := range n.visibleFlags() {
			line := fmt.Sprintf("complete -c minotaur -n %s -l %s", fishQuote(cond(n)), f.Name)
			if f.Shorthand != "" {
				line += " -s " + f.Shorthand
			}
			if takesValue(f) {
				line += " -r"
			}
			_, usage := pflag.UnquoteUsage(f)
			fmt.Fprintf(w, "%s -d %s\n", line, fishQuote(firstLine(usage)))
		}
		fmt.Fprintf(w, "complete -c minotaur -n %s -l help -s h -d 'show the help'\n", fishQuote(cond(n)))
	})
}

// fishQuote quotes s for fish: single quotes, with \ and ' escaped.
func fishQuote(s string) string {
	return "'" + strings.NewReplacer(`\`, `\\`, `'`, `\'`).Replace(s) + "'"
}

// firstLine is the first line of a flag's usage.
func firstLine(s string) string {
	l, _, _ := strings.Cut(s, "\n")
	return strings.TrimSuffix(strings.TrimSpace(l), ";")
}
