package cli

import (
	"bytes"
	"strings"
	"testing"

	"github.com/spf13/pflag"
)

// TestParse: --help and -h print the help on the standard output with
// status 0, a bad flag prints "PROG: error" and the hint on the standard
// error with status 2, good flags are parsed and the command goes on.
func TestParse(t *testing.T) {
	u := Usage{Prog: "minotaur demo", Hint: "usage: minotaur demo [--n N]\n",
		Help: func(fs *pflag.FlagSet) string { return "help\n" + fs.FlagUsages() }}
	for _, tt := range []struct {
		args           []string
		status         int
		ok             bool
		stdout, stderr string
	}{
		{[]string{"--n", "3", "x"}, 0, true, "", ""},
		{[]string{"--help"}, 0, false, "help\n      --n int   a number\n", ""},
		{[]string{"-h"}, 0, false, "help\n      --n int   a number\n", ""},
		{[]string{"--bogus"}, 2, false, "", "minotaur demo: unknown flag: --bogus\nusage: minotaur demo [--n N]\n"},
		{[]string{"--n", "x"}, 2, false, "", "minotaur demo: invalid argument \"x\" for \"--n\" flag: must be an integer\nusage: minotaur demo [--n N]\n"},
	} {
		var out, errb bytes.Buffer
		fs := pflag.NewFlagSet("demo", pflag.ContinueOnError)
		n := fs.Int("n", 0, "a number")
		status, ok := Parse(fs, tt.args, IO{Stdout: &out, Stderr: &errb}, u)
		if status != tt.status || ok != tt.ok || out.String() != tt.stdout || errb.String() != tt.stderr {
			t.Errorf("%v: status %d, ok %v, stdout %q, stderr %q; want %d, %v, %q, %q",
				tt.args, status, ok, out.String(), errb.String(), tt.status, tt.ok, tt.stdout, tt.stderr)
		}
		if tt.ok && (*n != 3 || fs.NArg() != 1) {
			t.Errorf("%v: --n %d, %d arguments", tt.args, *n, fs.NArg())
		}
	}
}

// TestFail: a usage error found after the parse reads like a bad flag.
func TestFail(t *testing.T) {
	var errb bytes.Buffer
	u := Usage{Prog: "minotaur demo", Hint: "usage: minotaur demo\n"}
	if status := u.Fail(IO{Stderr: &errb}, "one field at a time, not %d", 2); status != 2 {
		t.Errorf("status %d", status)
	}
	if want := "minotaur demo: one field at a time, not 2\nusage: minotaur demo\n"; errb.String() != want {
		t.Errorf("stderr %q, want %q", errb.String(), want)
	}
}

// TestRenamed: a flag's old name sets the same value, with a note naming
// the new spelling; the new name says nothing; --help leaves the old out.
func TestRenamed(t *testing.T) {
	u := Usage{Prog: "minotaur demo", Hint: "usage\n", Help: func(fs *pflag.FlagSet) string { return fs.FlagUsages() }}
	for _, tt := range []struct {
		args         []string
		n            int
		stderr       string
		statusNoArgs int
	}{
		{[]string{"--level", "4"}, 4, "minotaur demo: note: --level is now --level-number N; the old spelling goes in the next release\n", 0},
		{[]string{"--level-number", "5"}, 5, "", 0},
		{[]string{"--level-number", "5", "x"}, 5, "minotaur demo: unexpected argument \"x\"\nusage\n", 2},
	} {
		var out, errb bytes.Buffer
		fs := pflag.NewFlagSet("demo", pflag.ContinueOnError)
		n := fs.Int("level-number", 1, "a level `N`")
		Renamed(fs, "level", "level-number", "--level-number N")
		sys := IO{Stdout: &out, Stderr: &errb}
		if _, ok := Parse(fs, tt.args, sys, u); !ok {
			t.Fatalf("%v: refused", tt.args)
		}
		status, _ := u.NoArgs(fs, sys)
		if *n != tt.n || errb.String() != tt.stderr || status != tt.statusNoArgs {
			t.Errorf("%v: n %d, stderr %q, NoArgs %d; want %d, %q, %d", tt.args, *n, errb.String(), status, tt.n, tt.stderr, tt.statusNoArgs)
		}
	}
	var out bytes.Buffer
	fs := pflag.NewFlagSet("demo", pflag.ContinueOnError)
	fs.Int("level-number", 1, "a level `N`")
	Renamed(fs, "level", "level-number", "--level-number N")
	Parse(fs, []string{"--help"}, IO{Stdout: &out, Stderr: &out}, u)
	if strings.Contains(out.String(), "--level ") {
		t.Errorf("--help shows the old name:\n%s", out.String())
	}
}
