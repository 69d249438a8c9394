package sshplay

import (
	"crypto/ed25519"
	"runtime"
	"slices"
	"sync"
	"testing"
	"time"

	"github.com/minotaur-game/minotaur/netplay"
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
	r := newRigWith(b, func(g *netplay.Config) { g.MaxPerAddr = 2 * n }, func(c *Config) { c.MaxSessions = n })
	for range b.N {
		runtime.GC()
		var before, after runtime.MemStats
		runtime.ReadMemStats(&before)
		g0 := runtime.NumGoroutine()
		terms := make([]*term, n)
		for i := range terms {
			c, err := r.tryDial("idle", newKey(b)) // a key holds 4 sessions at most
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

// BenchmarkLoginBurst logs 100 players in at the same moment (each with its
// own key) and reports the slowest first screen (p99 of 100 is the 99th).
// Client and server share the test's process and its cores.
func BenchmarkLoginBurst(b *testing.B) {
	const n = 100
	r := newRigWith(b, func(g *netplay.Config) { g.MaxPerAddr = 2 * n }, func(c *Config) { c.MaxSessions = n })
	keys := make([]ed25519.PrivateKey, n)
	for i := range keys {
		keys[i] = newKey(b)
	}
	b.ReportAllocs()
	var p99 time.Duration
	for range b.N {
		var mu sync.Mutex
		var lat []time.Duration
		var terms []*term
		var wg sync.WaitGroup
		for i := range n {
			wg.Add(1)
			go func() {
				defer wg.Done()
				start := time.Now()
				c, err := r.tryDial("burst", keys[i])
				if err != nil {
					b.Error(err)
					return
				}
				tm := openTerm(b, c, 80, 24)
				tm.waitText("New game")
				mu.Lock()
				lat = append(lat, time.Since(start))
				terms = append(terms, tm)
				mu.Unlock()
			}()
		}
		wg.Wait()
		slices.Sort(lat)
		p99 = max(p99, lat[len(lat)*99/100-1])
		b.StopTimer()
		for _, tm := range terms {
			tm.press("q")
			tm.wait()
		}
		b.StartTimer()
	}
	b.ReportMetric(float64(p99)/float64(time.Millisecond), "p99-first-screen-ms")
}
