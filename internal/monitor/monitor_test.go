package monitor

import (
	"context"
	"io"
	"net"
	"net/http"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

// serve answers on a free port of the loopback until the test ends, and
// returns the base URL.
func serve(t *testing.T, m *Monitor) string {
	t.Helper()
	ln, err := Listen("127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	done := make(chan error, 1)
	go func() { done <- m.Serve(ln) }()
	t.Cleanup(func() {
		if err := m.Shutdown(context.Background()); err != nil {
			t.Error(err)
		}
		if err := <-done; err != nil {
			t.Errorf("Serve: %v", err)
		}
	})
	return "http://" + ln.Addr().String()
}

// get asks the server at base for path: its status and body.
func get(t *testing.T, base, path string) (int, string) {
	t.Helper()
	res, err := http.Get(base + path)
	if err != nil {
		t.Fatal(err)
	}
	defer res.Body.Close()
	b, err := io.ReadAll(res.Body)
	if err != nil {
		t.Fatal(err)
	}
	return res.StatusCode, string(b)
}

// TestHealth: /healthz fails while the server starts, answers once it is
// ready, fails with the reason while the data folder cannot be written
// (here: it is gone), keeping a probe's answer for ProbeEvery, and comes
// back once the folder can be written again.
func TestHealth(t *testing.T) {
	dir := filepath.Join(t.TempDir(), "data")
	if err := os.Mkdir(dir, 0o755); err != nil {
		t.Fatal(err)
	}
	now := time.Date(2026, 1, 2, 3, 4, 5, 0, time.UTC)
	m := New(Config{DataDir: dir, Now: func() time.Time { return now }})
	ts := serve(t, m)

	if code, body := get(t, ts, "/healthz"); code != http.StatusServiceUnavailable || !strings.Contains(body, "starting") {
		t.Fatalf("before ready: %d %q", code, body)
	}
	m.SetReady("")
	if code, body := get(t, ts, "/healthz"); code != http.StatusOK || body != "ok\n" {
		t.Fatalf("ready: %d %q", code, body)
	}
	if _, err := os.Stat(filepath.Join(dir, ProbeFile)); !os.IsNotExist(err) {
		t.Errorf("the probe left %s behind: %v", ProbeFile, err)
	}

	if err := os.Remove(dir); err != nil {
		t.Fatal(err)
	}
	if code, _ := get(t, ts, "/healthz"); code != http.StatusOK {
		t.Errorf("a probe's answer is kept for %v: got %d at once", DefaultProbeEvery, code)
	}
	now = now.Add(DefaultProbeEvery)
	code, body := get(t, ts, "/healthz")
	if code != http.StatusServiceUnavailable || !strings.Contains(body, "the data folder cannot be written") || !strings.Contains(body, "data") {
		t.Fatalf("data folder gone: %d %q", code, body)
	}
	if err := os.Mkdir(dir, 0o755); err != nil {
		t.Fatal(err)
	}
	now = now.Add(DefaultProbeEvery)
	if code, body := get(t, ts, "/healthz"); code != http.StatusOK {
		t.Fatalf("data folder back: %d %q", code, body)
	}

	m.SetReady("shutting down")
	if code, body := get(t, ts, "/healthz"); code != http.StatusServiceUnavailable || !strings.Contains(body, "shutting down") {
		t.Fatalf("shutting down: %d %q", code, body)
	}
}

// TestMetricsText: /metrics writes each family's HELP and TYPE, then its
// samples with their labels escaped; other paths are 404.
func TestMetricsText(t *testing.T) {
	m := New(Config{Metrics: func() []Family {
		return []Family{
			Gauge("x_players", "Players now.", 3),
			Labelled("x_refused_total", "Refused.", "counter", "reason", map[string]uint64{"server_full": 2, `a"b`: 1}, "too_many"),
			Counter("x_actions_total", "Actions\nsince start.", 12),
		}
	}})
	ts := serve(t, m)
	code, body := get(t, ts, "/metrics")
	want := `# HELP x_players Players now.
# TYPE x_players gauge
x_players 3
# HELP x_refused_total Refused.
# TYPE x_refused_total counter
x_refused_total{reason="a\"b"} 1
x_refused_total{reason="server_full"} 2
x_refused_total{reason="too_many"} 0
# HELP x_actions_total Actions\nsince start.
# TYPE x_actions_total counter
x_actions_total 12
`
	if code != http.StatusOK || body != want {
		t.Fatalf("/metrics: %d\n%s\nwant\n%s", code, body, want)
	}
	if code, _ := get(t, ts, "/"); code != http.StatusNotFound {
		t.Errorf("/: %d, want 404", code)
	}
}

// TestRequests: HEAD has the headers of GET and no body, another method
// is refused with the methods allowed, and a request that is not HTTP or
// whose headers are too long is answered with an error, not a hang.
func TestRequests(t *testing.T) {
	m := New(Config{})
	m.SetReady("")
	ts := serve(t, m)
	res, err := http.Head(ts + "/healthz")
	if err != nil {
		t.Fatal(err)
	}
	res.Body.Close()
	if res.StatusCode != http.StatusOK || res.ContentLength != 3 || res.Header.Get("Cache-Control") != "no-store" {
		t.Errorf("HEAD /healthz: %d, length %d, %v", res.StatusCode, res.ContentLength, res.Header)
	}
	res, err = http.Post(ts+"/metrics", "text/plain", strings.NewReader("x"))
	if err != nil {
		t.Fatal(err)
	}
	res.Body.Close()
	if res.StatusCode != http.StatusMethodNotAllowed || res.Header.Get("Allow") != "GET, HEAD" {
		t.Errorf("POST /metrics: %d, Allow %q", res.StatusCode, res.Header.Get("Allow"))
	}
	if code, _ := get(t, ts, "/metrics?x=1"); code != http.StatusOK {
		t.Errorf("/metrics with a query: %d", code)
	}
	for _, c := range []struct{ req, want string }{
		{"hello\r\n\r\n", "HTTP/1.1 400 "},
		{"GET /healthz HTTP/1.1\r\nX: " + strings.Repeat("a", 9000) + "\r\n\r\n", "HTTP/1.1 431 "},
		{"GET /healthz HTTP/2.0\r\n\r\n", "HTTP/1.1 505 "},
	} {
		conn, err := net.Dial("tcp", strings.TrimPrefix(ts, "http://"))
		if err != nil {
			t.Fatal(err)
		}
		conn.SetDeadline(time.Now().Add(10 * time.Second))
		io.WriteString(conn, c.req)
		b, _ := io.ReadAll(conn)
		conn.Close()
		if !strings.HasPrefix(string(b), c.want) {
			t.Errorf("%.30q: answered %.60q, want %q", c.req, b, c.want)
		}
	}
}

// TestShutdownIdle: a connection that sends nothing does not hold up
// Shutdown (its read would otherwise wait for the read timeout).
func TestShutdownIdle(t *testing.T) {
	m := New(Config{})
	ln, err := Listen("127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	done := make(chan error, 1)
	go func() { done <- m.Serve(ln) }()
	conn, err := net.Dial("tcp", ln.Addr().String())
	if err != nil {
		t.Fatal(err)
	}
	defer conn.Close()
	// The connection is being read once a request on another is answered.
	if code, _ := get(t, "http://"+ln.Addr().String(), "/healthz"); code != http.StatusServiceUnavailable {
		t.Fatalf("/healthz before ready: %d", code)
	}
	ctx, cancel := context.WithTimeout(context.Background(), readTimeout/2)
	defer cancel()
	if err := m.Shutdown(ctx); err != nil {
		t.Fatalf("Shutdown with an idle connection: %v", err)
	}
	if err := <-done; err != nil {
		t.Errorf("Serve: %v", err)
	}
}
