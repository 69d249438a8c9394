package main

import (
	"strings"
	"testing"

	"github.com/spf13/pflag"
)

// TestFlagSetsAreTheRealFlags: every command's flag set (what completions
// and a manual page will read) is not empty, and its --help tells of each
// flag in it.
func TestFlagSetsAreTheRealFlags(t *testing.T) {
	for _, name := range commandNames() {
		c, _ := lookup(name)
		if c.Flags == nil {
			continue
		}
		help, _, code := runCmd(name, "--help")
		if code != 0 {
			t.Errorf("%s --help: exit %d", name, code)
			continue
		}
		n := 0
		c.Flags().VisitAll(func(f *pflag.Flag) {
			n++
			if f.Name != "help" && !strings.Contains(help, "--"+f.Name) {
				t.Errorf("%s: --%s is in its flag set but not in its --help", name, f.Name)
			}
		})
		if n == 0 {
			t.Errorf("%s: an empty flag set", name)
		}
	}
}
