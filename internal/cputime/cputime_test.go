package cputime

import (
	"runtime"
	"testing"
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
