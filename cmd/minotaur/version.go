package main

import (
	"github.com/minotaur-game/minotaur/internal/cli"

	"fmt"
	"runtime"
	"runtime/debug"
)

// version is set at build time with -ldflags "-X main.version=v1.2.3";
// otherwise it comes from the module's build information.
var version = ""

func init() {
	register(&cli.Command{Name: "version", Summary: "print the version", Usage: "usage: minotaur version\n", Run: runVersion})
}

func versionString() string {
	v := version
	if v == "" {
		v = "devel"
		if bi, ok := debug.ReadBuildInfo(); ok && bi.Main.Version != "" && bi.Main.Version != "(devel)" {
			v = bi.Main.Version
		}
	}
	return v
}

// runVersion takes no flag, and so no flag set: anything after the name
// but --help is an unexpected argument.
func runVersion(args []string, sys cli.IO) int {
	stdout, stderr := sys.Stdout, sys.Stderr
	if len(args) > 0 && (args[0] == "--help" || args[0] == "-h") {
		fmt.Fprintln(stdout, "usage: minotaur version\n\nPrints the version of the game and of Go it was built with.")
		return 0
	}
	if len(args) > 0 {
		fmt.Fprintf(stderr, "minotaur version: unexpected argument %q\nusage: minotaur version\n", args[0])
		return 2
	}
	fmt.Fprintf(stdout, "minotaur %s (%s, %s/%s)\n", versionString(), runtime.Version(), runtime.GOOS, runtime.GOARCH)
	return 0
}
