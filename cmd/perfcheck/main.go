// Command perfcheck re-runs the benchmarks behind the figures of
// docs/performance.md and prints each figure beside what the benchmark
// gives now, so that a stale figure shows up (`make perf-check`).
//
// The figures it checks are marked in the document, one HTML comment a
// figure, invisible on the rendered page:
//
//	<!-- perf: PACKAGE BENCHMARK METRIC VALUE [go test flags…] -->
//
// for example <!-- perf: ./engine BenchmarkView cpu-ns/op 1350 -->. A mark
// quoted as code (a backtick before it) is an example and is skipped.
// BENCHMARK may name a sub-benchmark (BenchmarkGenerateLevel/level7),
// METRIC is any unit the benchmark reports (ns/op, cpu-ns/op, B/op,
// allocs/op, p99-cpu-µs …), and the flags are given to go test as they
// are (-benchtime=1000x). Every benchmark runs with -cpu 1 -benchmem and
// -count N; the median of the N runs is compared. The load average is
// printed before and after: on a shared machine a wall-clock figure
// means little without it.
package main

import (
	"bufio"
	"bytes"
	"flag"
	"fmt"
	"io"
	"math"
	"os"
	"os/exec"
	"regexp"
	"slices"
	"strconv"
	"strings"
)

// mark is one figure of the document.
type mark struct {
	line   int
	pkg    string
	bench  string // Benchmark… or Benchmark…/sub
	metric string
	value  float64
	flags  []string
}

var markRe = regexp.MustCompile(`<!--\s*perf:\s*(.*?)\s*-->`)

// parseMarks reads the marks of a document.
func parseMarks(r io.Reader) ([]mark, error) {
	var out []mark
	sc := bufio.NewScanner(r)
	sc.Buffer(make([]byte, 0, 1<<16), 1<<20)
	for n := 1; sc.Scan(); n++ {
		text := sc.Text()
		for _, ix := range markRe.FindAllStringSubmatchIndex(text, -1) {
			if ix[0] > 0 && text[ix[0]-1] == '`' {
				continue // a mark quoted as code: an example, not a figure
			}
			m := []string{text[ix[0]:ix[1]], text[ix[2]:ix[3]]}
			f := strings.Fields(m[1])
			if len(f) < 4 {
				return nil, fmt.Errorf("line %d: a perf mark needs a package, a benchmark, a metric and a value: %q", n, m[0])
			}
			v, err := strconv.ParseFloat(f[3], 64)
			if err != nil || !strings.HasPrefix(f[1], "Benchmark") {
				return nil, fmt.Errorf("line %d: %q: write <!-- perf: ./pkg BenchmarkName metric number [flags] -->", n, m[0])
			}
			out = append(out, mark{line: n, pkg: f[0], bench: f[1], metric: f[2], value: v, flags: f[4:]})
		}
	}
	return out, sc.Err()
}

// run is one go test invocation: a package, a top-level benchmark, flags.
type run struct {
	pkg, top string
	flags    []string
}

func (r run) key() string { return r.pkg + " " + r.top + " " + strings.Join(r.flags, " ") }

// results are the values each benchmark line gave: name → metric → values.
type results map[string]map[string][]float64

var suffix = regexp.MustCompile(`-\d+$`)

// parseBench reads go test -bench output.
func parseBench(out []byte, into results) {
	for _, line := range strings.Split(string(out), "\n") {
		f := strings.Fields(line)
		if len(f) < 4 || !strings.HasPrefix(f[0], "Benchmark") {
			continue
		}
		name := suffix.ReplaceAllString(f[0], "")
		if into[name] == nil {
			into[name] = map[string][]float64{}
		}
		for i := 2; i+1 < len(f); i += 2 {
			v, err := strconv.ParseFloat(f[i], 64)
			if err != nil {
				break
			}
			into[name][f[i+1]] = append(into[name][f[i+1]], v)
		}
	}
}

func median(v []float64) float64 {
	s := slices.Clone(v)
	slices.Sort(s)
	if len(s)%2 == 1 {
		return s[len(s)/2]
	}
	return (s[len(s)/2-1] + s[len(s)/2]) / 2
}

// loadavg is the first three fields of /proc/loadavg, or "unknown".
func loadavg() string {
	b, err := os.ReadFile("/proc/loadavg")
	if err != nil {
		return "unknown"
	}
	f := strings.Fields(string(b))
	if len(f) < 3 {
		return "unknown"
	}
	return strings.Join(f[:3], " ")
}

func main() {
	doc := flag.String("doc", "docs/performance.md", "the document whose perf marks are checked")
	count := flag.Int("count", 3, "runs of each benchmark; the median is compared")
	fail := flag.Float64("fail", 0, "exit 1 when a figure is now more than this many times the documented one (0: never)")
	only := flag.String("run", "", "check only the benchmarks whose name matches this regular expression")
	list := flag.Bool("list", false, "list the marks and run nothing")
	flag.Parse()
	if err := check(os.Stdout, *doc, *count, *fail, *only, *list); err != nil {
		fmt.Fprintln(os.Stderr, "perfcheck:", err)
		os.Exit(1)
	}
}

func check(w io.Writer, doc string, count int, fail float64, only string, list bool) error {
	f, err := os.Open(doc)
	if err != nil {
		return fmt.Errorf("%w (run it from the repository's root, or give -doc)", err)
	}
	marks, err := parseMarks(f)
	f.Close()
	if err != nil {
		return fmt.Errorf("%s: %w", doc, err)
	}
	if only != "" {
		re, err := regexp.Compile(only)
		if err != nil {
			return fmt.Errorf("-run %q: %w", only, err)
		}
		marks = slices.DeleteFunc(marks, func(m mark) bool { return !re.MatchString(m.bench) })
	}
	if len(marks) == 0 {
		return fmt.Errorf("%s has no perf marks to check", doc)
	}
	if list {
		for _, m := range marks {
			fmt.Fprintf(w, "%s:%d\t%s %s %s %g %s\n", doc, m.line, m.pkg, m.bench, m.metric, m.value, strings.Join(m.flags, " "))
		}
		return nil
	}
	var runs []run
	seen := map[string]bool{}
	for _, m := range marks {
		r := run{pkg: m.pkg, top: strings.SplitN(m.bench, "/", 2)[0], flags: m.flags}
		if !seen[r.key()] {
			seen[r.key()] = true
			runs = append(runs, r)
		}
	}
	fmt.Fprintf(w, "load average before: %s\n", loadavg())
	got := map[string]results{}
	for _, r := range runs {
		args := append([]string{"test", "-run", "^$", "-bench", "^" + r.top + "$", "-benchmem", "-cpu", "1",
			"-count", strconv.Itoa(count)}, r.flags...)
		args = append(args, r.pkg)
		fmt.Fprintf(w, "go %s   (load average %s)\n", strings.Join(args, " "), loadavg())
		cmd := exec.Command("go", args...)
		var stderr bytes.Buffer
		cmd.Stderr = &stderr
		out, err := cmd.Output()
		if err != nil {
			return fmt.Errorf("go %s: %v\n%s%s", strings.Join(args, " "), err, out, stderr.Bytes())
		}
		res := results{}
		parseBench(out, res)
		got[r.key()] = res
	}
	fmt.Fprintf(w, "load average after: %s\n\n", loadavg())
	fmt.Fprintf(w, "%-44s %-14s %14s %14s %7s\n", "benchmark", "metric", "documented", "now", "ratio")
	stale := 0
	for _, m := range marks {
		r := run{pkg: m.pkg, top: strings.SplitN(m.bench, "/", 2)[0], flags: m.flags}
		vals := got[r.key()][m.bench][m.metric]
		if len(vals) == 0 {
			fmt.Fprintf(w, "%-44s %-14s %14g %14s %7s  (line %d: the benchmark reported no %s)\n", m.bench, m.metric, m.value, "-", "-", m.line, m.metric)
			stale++
			continue
		}
		now := median(vals)
		ratio := now / m.value
		switch {
		case m.value == 0 && now == 0:
			ratio = 1
		case m.value == 0:
			ratio = math.Inf(1)
		}
		note := ""
		if fail > 0 && ratio > fail {
			note = fmt.Sprintf("  STALE (line %d)", m.line)
			stale++
		}
		fmt.Fprintf(w, "%-44s %-14s %14g %14.4g %7.2f%s\n", m.bench, m.metric, m.value, now, ratio, note)
	}
	if fail > 0 && stale > 0 {
		return fmt.Errorf("%d figures are more than %g times what %s says", stale, fail, doc)
	}
	return nil
}
