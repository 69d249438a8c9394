package cputime

import (
	"runtime"
	"testing"
	"time"
)

// TestThreadCounts: a thread that works for a while is told it used CPU
// time, and no more than the whole process.
func TestThreadCounts(t *testing.T) {
	runtime.LockOSThread()
	defer runtime.UnlockOSThread()
	t0, ok := Thread()
	if !ok {
		if runtime.GOOS == "linux" {
			t.Fatal("no thread CPU time on linux")
		}
		return
	}
	p0, _ := Process()
	x := 0
	for i := 0; i < 50_000_000; i++ {
		x ^= i * i
	}
	t1, _ := Thread()
	p1, _ := Process()
	if t1 <= t0 {
		t.Errorf("50 million multiplications counted %v of thread time (x=%d)", t1-t0, x)
	}
	if p1-p0 < t1-t0 {
		t.Errorf("the thread used %v, the whole process only %v", t1-t0, p1-p0)
	}
}

// TestThreadFine: the thread's clock moves in steps far finer than the
// scheduler's tick, so that one decision of a bot can be measured.
func TestThreadFine(t *testing.T) {
	runtime.LockOSThread()
	defer runtime.UnlockOSThread()
	t0, ok := Thread()
	if !ok {
		if runtime.GOOS == "linux" {
			t.Fatal("no thread CPU time on linux")
		}
		return
	}
	steps := 0
	for prev := t0; steps < 100; {
		now, _ := Thread()
		if now < prev {
			t.Fatalf("the thread's clock went back from %v to %v", prev, now)
		}
		if now > prev {
			steps++
			if steps > 10 && now-prev > 500*time.Microsecond {
				t.Fatalf("the thread's clock moved by %v at once", now-prev)
			}
		}
		prev = now
	}
}
