package sshplay

import (
	"bytes"
	"io"
	"strings"
	"testing"
	"time"
)

// A paste of megabytes reaches the program no faster than the typing
// bound, measured on a clock of the test's own: the program sees the burst
// at once, then InputRate bytes for each second the client waits.
func TestTypingIsBounded(t *testing.T) {
	var clock time.Time
	ic := newInputClock(strings.NewReader(strings.Repeat("x", 3<<20)))
	ic.now = func() time.Time { return clock }
	ic.sleep = func(d time.Duration) { clock = clock.Add(d) }
	buf := make([]byte, 64<<10)
	got := 0
	for clock.Sub(time.Time{}) < 10*time.Second {
		n, err := ic.Read(buf)
		if err != nil {
			t.Fatal(err)
		}
		got += n
	}
	elapsed := clock.Sub(time.Time{}).Seconds()
	if max := InputBurst + InputRate*elapsed + 1; float64(got) > max {
		t.Errorf("%d bytes reached the program in %.1f s, more than %.0f", got, elapsed, max)
	}
	if min := InputRate * elapsed * 0.9; float64(got) < min {
		t.Errorf("only %d bytes in %.1f s: typing is held back below the bound", got, elapsed)
	}
}

// Typing within the bound is never delayed: a person's keys and a pasted
// server address go through at once.
func TestTypingWithinTheBoundIsNotDelayed(t *testing.T) {
	var clock time.Time
	ic := newInputClock(bytes.NewReader([]byte("play.example.org:7499\rwasd")))
	ic.now = func() time.Time { return clock }
	ic.sleep = func(d time.Duration) { t.Fatalf("slept %v", d) }
	out, err := io.ReadAll(ic)
	if err != nil || string(out) != "play.example.org:7499\rwasd" {
		t.Fatalf("read %q, %v", out, err)
	}
	if ic.last.Load() == 0 {
		t.Error("the idle watchdog's clock was not set")
	}
}
