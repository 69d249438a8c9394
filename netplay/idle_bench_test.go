package netplay

import (
	"bufio"
	"context"
	"fmt"
	"net"
	"runtime"
	"strings"
	"testing"
	"time"
)

// BenchmarkIdleConnections measures what an idle player costs the server:
// 500 clients connect over loopback, say hello and read their welcome,
// lobby and daily lines, then sit in the lobby. The heap and the stacks in
// use after a collection, less what they were before, over 500, are the
// bytes of one idle connection (the clients' sockets, a few hundred bytes
// each, included).
func BenchmarkIdleConnections(b *testing.B) {
	const n = 500
	for range b.N {
		cfg := Config{LobbyInterval: time.Hour, MaxClients: n + 8, MaxPerAddr: n + 8, PingAfter: time.Hour, DropAfter: 2 * time.Hour}
		srv, err := NewServer(cfg)
		if err != nil {
			b.Fatal(err)
		}
		ln, err := net.Listen("tcp", "127.0.0.1:0")
		if err != nil {
			b.Fatal(err)
		}
		go srv.Serve(ln)
		inUse := func() (uint64, int) {
			runtime.GC()
			runtime.GC()
			var ms runtime.MemStats
			runtime.ReadMemStats(&ms)
			return ms.HeapInuse + ms.StackInuse, runtime.NumGoroutine()
		}
		before, g0 := inUse()
		conns := make([]net.Conn, 0, n)
		for i := range n {
			c, err := net.Dial("tcp", ln.Addr().String())
			if err != nil {
				b.Fatal(err)
			}
			conns = append(conns, c)
			fmt.Fprintf(c, `{"t":"hello","v":1,"name":"idle%d"}`+"\n", i)
			r := bufio.NewReader(c)
			for seen := 0; seen < 3; {
				c.SetReadDeadline(time.Now().Add(time.Minute))
				l, err := r.ReadString('\n')
				if err != nil {
					b.Fatal(err)
				}
				if strings.HasPrefix(l, `{"t":"welcome"`) || strings.HasPrefix(l, `{"t":"lobby"`) || strings.HasPrefix(l, `{"t":"daily"`) {
					seen++
				}
			}
		}
		after, g1 := inUse()
		b.ReportMetric(float64(after-before)/n, "bytes/conn")
		b.ReportMetric(float64(g1-g0)/n, "goroutines/conn")
		for _, c := range conns {
			c.Close()
		}
		ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
		srv.Shutdown(ctx)
		cancel()
	}
}
