package sshplay

import (
	"runtime"
	"testing"
	"time"
)

// BenchmarkSession is a whole visit: log in with a key, open a pty, see the
// main menu, quit.
func BenchmarkSession(b *testing.B) {
	r := newRig(b, nil)
	key := newKey(b)
	b.ReportAllocs()
	b.ResetTimer()
	for range b.N {
		c, err := r.tryDial("bench", key)
		if err != nil {
			b.Fatal(err)
		}
		tm := openTerm(b, c, 80, 24)
		tm.waitText("New game")
		tm.press("q")
		tm.wait()
		c.Close()
	}
}

// BenchmarkIdleSessions measures what a player sitting in the main menu
// costs the server: heap and goroutines per session (client side included,
// as both run in the test's process; the server's share is smaller).
func BenchmarkIdleSessions(b *testing.B) {
	const n = 50
	r := newRig(b, func(c *Config) { c.MaxSessions = n })
	key := newKey(b)
	for range b.N {
		runtime.GC()
		var before, after runtime.MemStats
		runtime.ReadMemStats(&before)
		g0 := runtime.NumGoroutine()
		terms := make([]*term, n)
		for i := range terms {
			c, err := r.tryDial("idle", key)
			if err != nil {
				b.Fatal(err)
			}
			defer c.Close()
			terms[i] = openTerm(b, c, 80, 24)
			terms[i].waitText("New game")
		}
		time.Sleep(100 * time.Millisecond) // let the first frames settle
		runtime.GC()
		runtime.ReadMemStats(&after)
		b.ReportMetric(float64(after.HeapInuse-before.HeapInuse)/n, "heap-B/session")
		b.ReportMetric(float64(runtime.NumGoroutine()-g0)/n, "goroutines/session")
		for _, tm := range terms {
			tm.press("q")
			tm.wait()
		}
	}
}
