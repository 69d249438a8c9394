package main

import (
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"strings"
	"testing"

	"github.com/spf13/pflag"
)

// Every command, every subcommand and every flag of their real flag sets
// is in each shell's completions.
func TestCompletionsHaveEveryCommandAndFlag(t *testing.T) {
	tree := commandTree()
	for _, sh := range shells {
		out, errs, code := runCmd("completion", sh)
		if code != 0 {
			t.Fatalf("completion %s: exit %d: %s", sh, code, errs)
		}
		tree.each(func(n *node) {
			if len(n.path) > 0 && !strings.Contains(out, n.path[len(n.path)-1]) {
				t.Errorf("%s: no command %q", sh, strings.Join(n.path, " "))
			}
			for _, f := range n.visibleFlags() {
				want := "--" + f.Name
				if sh == "fish" {
					want = "-l " + f.Name
				}
				if !strings.Contains(out, want) {
					t.Errorf("%s: minotaur %s: no flag --%s", sh, strings.Join(n.path, " "), f.Name)
				}
			}
		})
	}
	// The tree is the whole program: each command, and foxhunt's own.
	for _, name := range commandNames() {
		found := false
		for _, n := range tree.subs {
			found = found || n.path[0] == name
		}
		if !found {
			t.Errorf("command %s is not in the tree completions and the manual read", name)
		}
	}
	if _, _, code := runCmd("completion", "tcsh"); code != 2 {
		t.Errorf("completion tcsh: exit %d, want 2", code)
	}
}

// bashComplete sources the bash completion in a real bash and completes
// the words; the last word is the one being completed.
func bashComplete(t *testing.T, script string, words ...string) []string {
	t.Helper()
	bash, err := exec.LookPath("bash")
	if err != nil {
		t.Fatalf("bash is needed for this test: %v", err)
	}
	var quoted []string
	for _, w := range words {
		quoted = append(quoted, "'"+w+"'")
	}
	cmd := exec.Command(bash, "--norc", "--noprofile", "-c",
		`source "$1" || exit 1; COMP_WORDS=(`+strings.Join(quoted, " ")+`); COMP_CWORD=$((${#COMP_WORDS[@]} - 1)); _minotaur; printf '%s\n' "${COMPREPLY[@]}"`, "x", script)
	out, err := cmd.CombinedOutput()
	if err != nil {
		t.Fatalf("bash: %v\n%s", err, out)
	}
	return strings.Fields(string(out))
}

// A real bash completes subcommands, nested ones and flags from the
// script 'minotaur completion bash' prints.
func TestBashCompletes(t *testing.T) {
	if runtime.GOOS == "windows" {
		t.Skip("bash completion is for Unix shells")
	}
	out, _, _ := runCmd("completion", "bash")
	script := filepath.Join(t.TempDir(), "minotaur.bash")
	if err := os.WriteFile(script, []byte(out), 0o644); err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		words []string
		want  string
	}{
		{[]string{"minotaur", "ge"}, "gen"},
		{[]string{"minotaur", "foxhunt", "se"}, "serve"},
		{[]string{"minotaur", "gen", "--level-n"}, "--level-number"},
		{[]string{"minotaur", "foxhunt", "serve", "--spe"}, "--spectate"},
		{[]string{"minotaur", "--se"}, "--seed --server"},
		{[]string{"minotaur", "--seed", "4", "--ver"}, "--version"},
		{[]string{"minotaur", "help", "lab"}, "labyrinth"},
		{[]string{"minotaur", "completion", "f"}, "fish"},
		{[]string{"minotaur", "balance", "--level", "x.txt", "--jo"}, "--jobs"},
	} {
		got := strings.Join(bashComplete(t, script, tc.words...), " ")
		if got != tc.want {
			t.Errorf("%q completes to %q, want %q", strings.Join(tc.words, " "), got, tc.want)
		}
	}
	// A flag's value completes as file names (complete -o default): the
	// function offers nothing of its own.
	if got := bashComplete(t, script, "minotaur", "--level", ""); len(got) != 0 {
		t.Errorf("--level's value completes to %q, want file names", got)
	}
}

// The README's line, on the real binary: source <(minotaur completion
// bash) registers the completion.
func TestBashSourcesTheBinarysCompletion(t *testing.T) {
	if testing.Short() || runtime.GOOS == "windows" {
		t.Skip("builds the binary; bash completion is for Unix shells")
	}
	bin := gameBinary(t)
	cmd := exec.Command("bash", "--norc", "--noprofile", "-c", `source <(minotaur completion bash); complete -p minotaur`)
	cmd.Env = append(os.Environ(), "PATH="+filepath.Dir(bin)+string(os.PathListSeparator)+os.Getenv("PATH"))
	out, err := cmd.CombinedOutput()
	if err != nil || !strings.Contains(string(out), "complete -o default -F _minotaur minotaur") {
		t.Errorf("bash: %v: %s", err, out)
	}
}

// The manual page names every command and subcommand, and every flag.
func TestManListsEveryCommand(t *testing.T) {
	out, errs, code := runCmd("man")
	if code != 0 {
		t.Fatalf("man: exit %d: %s", code, errs)
	}
	if !strings.HasPrefix(out, ".\\\"") || !strings.Contains(out, ".TH MINOTAUR 6") {
		t.Errorf("not a roff page:\n%.200s", out)
	}
	commandTree().each(func(n *node) {
		if len(n.path) > 0 && !strings.Contains(out, `.SS "minotaur `+roff(strings.Join(n.path, " "))+`"`) {
			t.Errorf("no section for minotaur %s", strings.Join(n.path, " "))
		}
		for _, f := range n.visibleFlags() {
			if !strings.Contains(out, `\fB\-\-`+roff(f.Name)+`\fR`) {
				t.Errorf("minotaur %s: no --%s", strings.Join(n.path, " "), f.Name)
			}
		}
	})
	// Every flag the manual and the completions show has a description.
	commandTree().each(func(n *node) {
		for _, f := range n.visibleFlags() {
			if _, usage := pflag.UnquoteUsage(f); strings.TrimSpace(usage) == "" {
				t.Errorf("minotaur %s --%s: no description", strings.Join(n.path, " "), f.Name)
			}
		}
	})
}

// man -l renders the page without a warning, where man is installed.
func TestManRenders(t *testing.T) {
	man, err := exec.LookPath("man")
	if err != nil || runtime.GOOS == "windows" {
		t.Skip("man is not installed")
	}
	out, _, _ := runCmd("man")
	page := filepath.Join(t.TempDir(), "minotaur.6")
	if err := os.WriteFile(page, []byte(out), 0o644); err != nil {
		t.Fatal(err)
	}
	cmd := exec.Command(man, "--warnings", "-l", page)
	cmd.Env = append(os.Environ(), "MANWIDTH=80", "MAN_KEEP_FORMATTING=0", "PAGER=cat")
	text, err := cmd.Output()
	if err != nil {
		t.Fatalf("man -l: %v", err)
	}
	for _, want := range []string{"MINOTAUR(6)", "foxhunt serve", "--level-number"} {
		if !strings.Contains(string(text), want) {
			t.Errorf("the rendered page has no %q", want)
		}
	}
}

// --version and help COMMAND.
func TestVersionAndHelp(t *testing.T) {
	v, _, code := runCmd("--version")
	w, _, _ := runCmd("version")
	if code != 0 || v != w || !strings.HasPrefix(v, "minotaur ") || !strings.Contains(v, runtime.Version()) {
		t.Errorf("--version: exit %d, %q; version: %q", code, v, w)
	}
	for _, args := range [][]string{{"gen"}, {"foxhunt", "serve"}, {"foxhunt", "play"}, {"version"}} {
		h, _, code := runCmd(append([]string{"help"}, args...)...)
		want, _, _ := runCmd(append(args, "--help")...)
		if code != 0 || h != want || h == "" {
			t.Errorf("help %s: exit %d, not %s --help", strings.Join(args, " "), code, strings.Join(args, " "))
		}
	}
	if _, errs, code := runCmd("help", "gne"); code != 2 || !strings.Contains(errs, `did you mean "gen"`) {
		t.Errorf("help gne: exit %d, %q", code, errs)
	}
	if h, _, code := runCmd("help"); code != 0 || !strings.Contains(h, "Commands:") {
		t.Errorf("help: exit %d, %q", code, h)
	}
}
