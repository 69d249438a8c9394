// Command foxload is a load run for the Fox hunt's server: it starts
// --matches servers in its own process, each on a loopback port of its own
// (from --base-port), and connects --players computer players to each over
// TCP (minotaur foxhunt bot's code, one goroutine and one connection each),
// so that the matches run at once. Every round is timed from its start to
// the moment every command was in; a round that had to wait for its
// timeout is late. It prints the figures, late rounds among them (a
// figure, not a failure: on a busy machine the bots are late, not the
// server), and the machine's load average before and after the run, which
// the figures depend on; it exits 1 only when a match did not play all its
// rounds.
//
//	foxload --matches 50 --players 10 --rounds 200
package main

import (
	"flag"
	"fmt"
	"net"
	"os"
	"runtime"
	"slices"
	"strconv"
	"strings"
	"sync"
	"time"

	"github.com/minotaur-game/minotaur/foxnet"
)

func main() {
	matches := flag.Int("matches", 50, "matches at once (one server each)")
	players := flag.Int("players", 10, "bots in each match")
	rounds := flag.Int("rounds", 200, "rounds in each match")
	size := flag.Int("size", 20, "map side")
	timeout := flag.Duration("timeout", time.Second, "the round timeout")
	base := flag.Int("base-port", 17520, "the first loopback port")
	wire := flag.String("wire", "mica", "dialect: wiki or mica")
	flag.Parse()
	d, err := foxnet.ParseDialect(*wire)
	if err != nil {
		fmt.Fprintln(os.Stderr, "foxload:", err)
		os.Exit(2)
	}
	loadBefore := loadAverage()
	var mu sync.Mutex
	var waits []time.Duration
	var works []time.Duration
	late := 0
	var done sync.WaitGroup
	var servers []*foxnet.Server
	start := time.Now()
	for m := 0; m < *matches; m++ {
		srv, err := foxnet.NewServer(foxnet.Config{Players: *players, Rounds: *rounds, W: *size, H: *size, Timeout: *timeout,
			Seed: uint64(m + 1), Wire: d, Matches: 1, MaxPerAddr: *players + 1,
			OnRound: func(r foxnet.RoundStat) {
				mu.Lock()
				waits = append(waits, r.Wait)
				works = append(works, r.Work)
				if r.TimedOut {
					late++
				}
				mu.Unlock()
			}})
		if err != nil {
			fmt.Fprintln(os.Stderr, "foxload:", err)
			os.Exit(2)
		}
		addr := "127.0.0.1:" + strconv.Itoa(*base+m)
		ln, err := net.Listen("tcp", addr)
		if err != nil {
			fmt.Fprintf(os.Stderr, "foxload: cannot listen on %s: %v\n", addr, err)
			os.Exit(1)
		}
		go srv.Serve(ln)
		done.Add(1)
		go func() { defer done.Done(); srv.Run() }()
		servers = append(servers, srv)
		for p := 0; p < *players; p++ {
			go func() {
				c, err := net.Dial("tcp", addr)
				if err != nil {
					fmt.Fprintln(os.Stderr, "foxload:", err)
					return
				}
				defer c.Close()
				foxnet.RunBot(c, "", 1, uint64(m*1000+p))
			}()
		}
	}
	done.Wait()
	elapsed := time.Since(start)
	slices.Sort(waits)
	slices.Sort(works)
	pct := func(v []time.Duration, p int) time.Duration {
		if len(v) == 0 {
			return 0
		}
		return v[min(len(v)-1, len(v)*p/100)]
	}
	var ms runtime.MemStats
	runtime.ReadMemStats(&ms)
	fmt.Printf("%d matches at once, %d bots each (%d connections), %d rounds, %dx%d, timeout %v, wire %s, GOMAXPROCS %d\n",
		*matches, *players, *matches**players, *rounds, *size, *size, *timeout, d, runtime.GOMAXPROCS(0))
	fmt.Printf("rounds played: %d in %v (%.0f rounds/s)\n", len(waits), elapsed.Round(time.Millisecond), float64(len(waits))/elapsed.Seconds())
	fmt.Printf("wait for every command: p50 %v  p99 %v  max %v\n", pct(waits, 50), pct(waits, 99), pct(waits, 100))
	fmt.Printf("play and queue the block: p50 %v  p99 %v  max %v\n", pct(works, 50), pct(works, 99), pct(works, 100))
	share := 0.0
	if len(waits) > 0 {
		share = 100 * float64(late) / float64(len(waits))
	}
	fmt.Printf("late rounds (ended by the timeout): %d of %d (%.2f %%)\n", late, len(waits), share)
	fmt.Printf("memory: %d MiB from the system\n", ms.Sys>>20)
	fmt.Printf("load average (1, 5, 15 min): %s before, %s after, on %d CPUs\n", loadBefore, loadAverage(), runtime.NumCPU())
	if len(waits) != *matches**rounds {
		fmt.Printf("rounds missing: %d of %d\n", *matches**rounds-len(waits), *matches**rounds)
		os.Exit(1)
	}
}

// loadAverage is the machine's load average as /proc/loadavg gives it
// ("unknown" where there is none).
func loadAverage() string {
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
