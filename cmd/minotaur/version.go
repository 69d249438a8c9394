package main

import (
	"fmt"
	"io"
	"runtime"
	"runtime/debug"
)

// version is set at build time with -ldflags "-X main.version=v1.2.3";
// otherwise it comes from the module's build information.
var version = ""

func init() {
	register(command{name: "version", summary: "print the version", run: runVersion})
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

func runVersion(args []string, stdout, stderr io.Writer) int {
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
