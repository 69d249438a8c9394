//go:build ignore

// Startup measures what `minotaur version` costs to start, against a Go
// hello world built the same way: the CPU time (user + system, from the
// kernel's accounting of each child process) of interleaved pairs, one
// run of each, and the median of the pairs' ratios. Both are built as
// make release builds (CGO_ENABLED=0, -trimpath, -ldflags "-s -w"), and
// the game once more as a plain `go build` (cgo where the machine has a C
// compiler), to show what a pure-Go build saves.
//
//	go run scripts/startup.go [-pairs 300]    (make startup)
package main

import (
	"flag"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"sort"
)

func main() {
	pairs := flag.Int("pairs", 300, "interleaved pairs of runs")
	flag.Parse()
	dir, err := os.MkdirTemp("", "minotaur-startup-")
	check(err)
	defer os.RemoveAll(dir)

	hello := filepath.Join(dir, "hello")
	check(os.MkdirAll(hello, 0o755))
	check(os.WriteFile(filepath.Join(hello, "go.mod"), []byte("module hello\n\ngo 1.21\n"), 0o644))
	check(os.WriteFile(filepath.Join(hello, "main.go"), []byte("package main\n\nimport \"fmt\"\n\nfunc main() { fmt.Println(\"hello, world\") }\n"), 0o644))
	pure := []string{"CGO_ENABLED=0"}
	build(hello, pure, filepath.Join(dir, "hello.bin"), ".")
	build(".", pure, filepath.Join(dir, "minotaur"), "./cmd/minotaur")
	build(".", nil, filepath.Join(dir, "minotaur-default"), "./cmd/minotaur")

	h := []string{filepath.Join(dir, "hello.bin")}
	for _, c := range []struct {
		name string
		cmd  []string
	}{
		{"minotaur version (CGO_ENABLED=0, as make release)", []string{filepath.Join(dir, "minotaur"), "version"}},
		{"minotaur version (plain go build)", []string{filepath.Join(dir, "minotaur-default"), "version"}},
	} {
		var ratios, hs, ms []float64
		for i := 0; i < *pairs; i++ {
			var a, b float64
			if i%2 == 0 { // alternate which runs first
				a, b = cpu(h), cpu(c.cmd)
			} else {
				b, a = cpu(c.cmd), cpu(h)
			}
			hs, ms = append(hs, a), append(ms, b)
			ratios = append(ratios, b/a)
		}
		fmt.Printf("%-52s %6.2f ms CPU, hello world %5.2f ms: %.2f× (median of %d interleaved pairs)\n",
			c.name, median(ms)*1e3, median(hs)*1e3, median(ratios), *pairs)
	}
}

// cpu runs the command and returns its CPU time (user + system) in
// seconds.
func cpu(argv []string) float64 {
	cmd := exec.Command(argv[0], argv[1:]...)
	check(cmd.Run())
	st := cmd.ProcessState
	return (st.UserTime() + st.SystemTime()).Seconds()
}

func build(dir string, env []string, out, pkg string) {
	cmd := exec.Command("go", "build", "-trimpath", "-ldflags", "-s -w", "-o", out, pkg)
	cmd.Dir = dir
	cmd.Env = append(os.Environ(), env...)
	cmd.Stderr = os.Stderr
	check(cmd.Run())
}

func median(xs []float64) float64 {
	s := append([]float64(nil), xs...)
	sort.Float64s(s)
	if len(s)%2 == 1 {
		return s[len(s)/2]
	}
	return (s[len(s)/2-1] + s[len(s)/2]) / 2
}

func check(err error) {
	if err != nil {
		fmt.Fprintln(os.Stderr, "startup:", err)
		os.Exit(1)
	}
}
