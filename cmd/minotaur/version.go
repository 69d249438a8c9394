package main

import (
	"fmt"
	"runtime"
	"runtime/debug"

	"github.com/minotaur-game/minotaur/internal/cli"
)

// version is set at build time with -ldflags "-X main.version=v1.2.3"
// (make release does, from git describe); otherwise it comes from the
// module's build information.
var version = ""

func init() {
	register(&cli.Command{Name: "version", Summary: "print the version, the commit it was built from and the Go version", Usage: versionUsage, Run: runVersion})
}

const versionUsage = "usage: minotaur version (or minotaur --version)\n"

// buildInfo is what the binary knows of its build.
type buildInfo struct {
	version string // v1.2.3, or devel
	commit  string // the VCS revision, "" when not built from a checkout
	time    string // the commit's time
	dirty   bool   // built with changes not committed
}

func readBuildInfo() buildInfo {
	b := buildInfo{version: version}
	bi, ok := debug.ReadBuildInfo()
	if b.version == "" {
		b.version = "devel"
		if ok && bi.Main.Version != "" && bi.Main.Version != "(devel)" {
			b.version = bi.Main.Version
		}
	}
	if !ok {
		return b
	}
	for _, s := range bi.Settings {
		switch s.Key {
		case "vcs.revision":
			b.commit = s.Value
		case "vcs.time":
			b.time = s.Value
		case "vcs.modified":
			b.dirty = s.Value == "true"
		}
	}
	return b
}

// versionString is the version alone ("v1.2.3", "devel").
func versionString() string { return readBuildInfo().version }

// longVersion is what minotaur version prints: the version, the commit
// (with "dirty" when built with changes not committed), the Go version
// and the platform.
func longVersion() string {
	b := readBuildInfo()
	s := "minotaur " + b.version
	if b.commit != "" {
		c := b.commit
		if len(c) > 12 {
			c = c[:12]
		}
		s += " commit " + c
		if b.dirty {
			s += "-dirty"
		}
		if b.time != "" {
			s += " (" + b.time + ")"
		}
	}
	return fmt.Sprintf("%s %s %s/%s\n", s, runtime.Version(), runtime.GOOS, runtime.GOARCH)
}

// runVersion takes no flag, and so no flag set: anything after the name
// but --help is an unexpected argument.
func runVersion(args []string, sys cli.IO) int {
	stdout, stderr := sys.Stdout, sys.Stderr
	args, status, ok := parseNoFlags("version", args, sys, versionUsage, versionUsage+"\nPrints the version of the game, the commit it was built from (\"-dirty\"\nwhen built with changes not committed) and the version of Go it was built\nwith.\n")
	if !ok {
		return status
	}
	if len(args) > 0 {
		fmt.Fprintf(stderr, "minotaur version: unexpected argument %q\n%s", args[0], versionUsage)
		return 2
	}
	fmt.Fprint(stdout, longVersion())
	return 0
}
