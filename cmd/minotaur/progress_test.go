package main

import (
	"bytes"
	"strings"
	"testing"
	"time"
)

// The progress line says the seeds done of all, the rate and the time
// left, and says it again each tick on one line of the terminal.
func TestProgressLine(t *testing.T) {
	for _, tc := range []struct {
		done, total int
		elapsed     time.Duration
		want        string
	}{
		{0, 20, 0, "balance: 0/20 seeds, started"},
		{5, 20, 10 * time.Second, "balance: 5/20 seeds, 0.5 seeds/s, 30 s left"},
		{1, 1000, 2 * time.Second, "balance: 1/1000 seeds, 0.5 seeds/s, 33 min 18 s left"},
		{20, 20, 40 * time.Second, "balance: 20/20 seeds, 0.5 seeds/s"},
	} {
		if got := progressLine("seeds", tc.done, tc.total, tc.elapsed); got != tc.want {
			t.Errorf("%d/%d after %v: %q, want %q", tc.done, tc.total, tc.elapsed, got, tc.want)
		}
	}
	var b bytes.Buffer
	start := time.Unix(1000, 0)
	p := &progress{w: &b, what: "seeds", total: 4, start: start}
	ticks, stop, ended := make(chan time.Time), make(chan struct{}), make(chan struct{})
	go func() { p.run(stop, ticks); close(ended) }()
	p.done.Add(1)
	ticks <- start.Add(time.Second)
	p.done.Add(1)
	ticks <- start.Add(2 * time.Second)
	close(stop)
	<-ended
	want := "\rbalance: 1/4 seeds, 1 seeds/s, 3 s left\x1b[K\rbalance: 2/4 seeds, 1 seeds/s, 2 s left\x1b[K\r\x1b[K"
	if b.String() != want {
		t.Errorf("the terminal got %q, want %q", b.String(), want)
	}
}

// Not on a terminal (here a buffer, as a pipe or a file), balance writes
// no progress: its standard error is the one closing line.
func TestBalanceNoProgressOffATerminal(t *testing.T) {
	_, errs, code := runCmd("balance", "--seeds", "1-2", "--levels", "1", "--no-campaign")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errs)
	}
	if strings.Contains(errs, "\r") || strings.Count(errs, "\n") != 1 || !strings.HasPrefix(errs, "balance: 2 seeds measured in") {
		t.Errorf("stderr off a terminal: %q", errs)
	}
}
