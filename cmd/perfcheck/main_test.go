package main

import (
	"strings"
	"testing"
)

// TestMarks: a document's perf marks are read with their flags; a mark
// missing its value is refused with its line.
func TestMarks(t *testing.T) {
	doc := "| a row | 1.3 µs <!-- perf: ./engine BenchmarkView cpu-ns/op 1300 --> |\n" +
		"text with an example, `<!-- perf: PACKAGE BENCHMARK METRIC VALUE -->`\n" +
		"<!-- perf: ./engine BenchmarkGenerateLevel/level7 p99-cpu-ms 22.6 -benchtime=1000x -->\n"
	ms, err := parseMarks(strings.NewReader(doc))
	if err != nil {
		t.Fatal(err)
	}
	if len(ms) != 2 {
		t.Fatalf("%d marks read, want 2", len(ms))
	}
	if m := ms[1]; m.line != 3 || m.bench != "BenchmarkGenerateLevel/level7" || m.metric != "p99-cpu-ms" || m.value != 22.6 ||
		len(m.flags) != 1 || m.flags[0] != "-benchtime=1000x" {
		t.Errorf("read %+v", m)
	}
	if _, err := parseMarks(strings.NewReader("x\n<!-- perf: ./engine BenchmarkView ns/op -->")); err == nil || !strings.Contains(err.Error(), "line 2") {
		t.Errorf("a mark without a value: %v", err)
	}
}

// TestParseBench: go test's benchmark lines give every metric, the
// GOMAXPROCS suffix dropped, each run's value kept for the median.
func TestParseBench(t *testing.T) {
	out := "goos: linux\nBenchmarkView      \t  169129\t      6433 ns/op\t      1347 cpu-ns/op\t       0 B/op\t       0 allocs/op\n" +
		"BenchmarkView-2    \t  169129\t      6000 ns/op\t      1351 cpu-ns/op\t       0 B/op\t       0 allocs/op\n" +
		"BenchmarkGenerateLevel/level7         \t    1000\t   4200000 ns/op\t        22.6 p99-cpu-ms\n" +
		"PASS\n"
	r := results{}
	parseBench([]byte(out), r)
	if v := r["BenchmarkView"]["cpu-ns/op"]; len(v) != 2 || median(v) != 1349 {
		t.Errorf("cpu-ns/op of BenchmarkView: %v", v)
	}
	if v := r["BenchmarkGenerateLevel/level7"]["p99-cpu-ms"]; len(v) != 1 || v[0] != 22.6 {
		t.Errorf("p99-cpu-ms: %v", v)
	}
}
