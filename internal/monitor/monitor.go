// Package monitor is what a server offers the operator's tools on its
// --metrics address: /healthz, ready once the game port listens and
// failing while the data folder cannot be written, and /metrics, the
// server's counters in the Prometheus text format. docs/server.md lists
// the counters.
//
// It answers HTTP/1.1 GET and HEAD itself, one request a connection,
// rather than through net/http: every command of the program's single
// binary pays for the packages it links at start, and net/http (with
// crypto/tls, HTTP/2 and compression) cost `minotaur version` a tenth of
// its start-up for two fixed pages (docs/performance.md, "Start-up").
//
// It knows no server: each server's command hands it a function that
// reads its counters (Config.Metrics) and says when it listens (SetReady).
package monitor

import (
	"bufio"
	"context"
	"errors"
	"fmt"
	"io"
	"net"
	"os"
	"path/filepath"
	"sort"
	"strconv"
	"strings"
	"sync"
	"time"

	"github.com/minotaur-game/minotaur/saves"
)

// ProbeFile is the file /healthz writes and removes in the data folder to
// learn that it can be written. It is a dot file: no server reads it.
const ProbeFile = ".health-probe"

// DefaultProbeEvery is how long a probe's answer is kept: /healthz writes
// to the disk at most this often, however often it is asked.
const DefaultProbeEvery = 5 * time.Second

// Config is what a Monitor watches.
type Config struct {
	// DataDir is the folder /healthz checks can be written; "" for none.
	DataDir string
	// Metrics reads the server's counters for /metrics (nil: none).
	Metrics func() []Family
	// Now reads the clock, for the probe's cache (default time.Now).
	Now func() time.Time
	// ProbeEvery is how long a probe's answer is kept (default
	// DefaultProbeEvery).
	ProbeEvery time.Duration
}

// Monitor answers /healthz and /metrics.
type Monitor struct {
	cfg Config

	mu       sync.Mutex
	notReady string // why the server is not ready; "" when ready
	probed   time.Time
	probeErr error
	ln       net.Listener
	closed   bool
	conns    sync.WaitGroup
	reading  map[net.Conn]bool // connections whose request is not read yet
}

// New makes a Monitor of a server that is not ready yet ("starting").
func New(cfg Config) *Monitor {
	if cfg.Now == nil {
		cfg.Now = time.Now
	}
	if cfg.ProbeEvery <= 0 {
		cfg.ProbeEvery = DefaultProbeEvery
	}
	return &Monitor{cfg: cfg, notReady: "starting: the game port does not listen yet"}
}

// SetReady says the server serves players (why == "") or why it does not
// (starting, shutting down).
func (m *Monitor) SetReady(why string) {
	m.mu.Lock()
	m.notReady = why
	m.mu.Unlock()
}

// Health is what /healthz says: nil when ready, else why not.
func (m *Monitor) Health() error {
	m.mu.Lock()
	defer m.mu.Unlock()
	if m.notReady != "" {
		return errors.New(m.notReady)
	}
	if m.cfg.DataDir == "" {
		return nil
	}
	now := m.cfg.Now()
	if m.probed.IsZero() || now.Sub(m.probed) >= m.cfg.ProbeEvery || now.Before(m.probed) {
		m.probed, m.probeErr = now, probe(m.cfg.DataDir)
	}
	return m.probeErr
}

// probe writes a small file in dir through the atomic writer every save
// goes through, and removes it.
func probe(dir string) error {
	path := filepath.Join(dir, ProbeFile)
	if err := saves.WriteFile(path, []byte("ok\n")); err != nil {
		return fmt.Errorf("the data folder cannot be written: %v", err)
	}
	if err := os.Remove(path); err != nil {
		return fmt.Errorf("the data folder cannot be written: %v", err)
	}
	return nil
}

// Limits of a request, as an http.Server of the standard library would be
// configured for two small pages.
const (
	maxHeader   = 8 << 10          // the request line and headers
	readTimeout = 10 * time.Second // reading the request
	connTimeout = 20 * time.Second // the whole exchange
)

// response is an answer: status, content type and body.
type response struct {
	status int
	ctype  string
	body   string
	extra  string // further header lines, each ending in CRLF
}

var statusText = map[int]string{
	200: "OK", 400: "Bad Request", 404: "Not Found", 405: "Method Not Allowed",
	431: "Request Header Fields Too Large", 503: "Service Unavailable", 505: "HTTP Version Not Supported",
}

const plain = "text/plain; charset=utf-8"

// answer is the response to a request for target with method.
func (m *Monitor) answer(method, target string) response {
	path, _, _ := strings.Cut(target, "?")
	switch path {
	case "/healthz", "/metrics":
	default:
		return response{status: 404, ctype: plain, body: "not found: this address serves /healthz and /metrics\n", extra: "X-Content-Type-Options: nosniff\r\n"}
	}
	if method != "GET" && method != "HEAD" {
		return response{status: 405, ctype: plain, body: "method not allowed: ask with GET\n", extra: "Allow: GET, HEAD\r\nX-Content-Type-Options: nosniff\r\n"}
	}
	if path == "/healthz" {
		if err := m.Health(); err != nil {
			return response{status: 503, ctype: plain, body: fmt.Sprintf("unavailable: %v\n", err), extra: "Cache-Control: no-store\r\n"}
		}
		return response{status: 200, ctype: plain, body: "ok\n", extra: "Cache-Control: no-store\r\n"}
	}
	var fams []Family
	if m.cfg.Metrics != nil {
		fams = m.cfg.Metrics()
	}
	var b strings.Builder
	WriteText(&b, fams)
	return response{status: 200, ctype: "text/plain; version=0.0.4; charset=utf-8", body: b.String()}
}

// serveConn reads one request from c, answers it and closes c.
func (m *Monitor) serveConn(c net.Conn) {
	defer m.conns.Done()
	defer c.Close()
	start := time.Now()
	c.SetDeadline(start.Add(connTimeout))
	c.SetReadDeadline(start.Add(readTimeout))
	m.mu.Lock()
	if m.closed {
		m.mu.Unlock()
		return
	}
	if m.reading == nil {
		m.reading = map[net.Conn]bool{}
	}
	m.reading[c] = true
	m.mu.Unlock()
	lr := &io.LimitedReader{R: c, N: maxHeader}
	method, target, res := readRequest(lr, bufio.NewReaderSize(lr, 1024))
	m.mu.Lock()
	delete(m.reading, c)
	m.mu.Unlock()
	if res.status == 0 {
		res = m.answer(method, target)
	}
	head := fmt.Sprintf("HTTP/1.1 %d %s\r\nContent-Type: %s\r\nContent-Length: %d\r\n%sConnection: close\r\n\r\n",
		res.status, statusText[res.status], res.ctype, len(res.body), res.extra)
	if method == "HEAD" {
		io.WriteString(c, head)
	} else {
		io.WriteString(c, head+res.body)
	}
	// Close the sending side and read what the client still sends (a
	// little, briefly): closing with unread data would reset the
	// connection and could lose the answer on the client's side.
	if tc, ok := c.(*net.TCPConn); ok {
		tc.CloseWrite()
		c.SetReadDeadline(time.Now().Add(500 * time.Millisecond))
		io.Copy(io.Discard, io.LimitReader(c, 64<<10))
	}
}

// readRequest reads a request's line and headers from r, which reads lr:
// its method and target, or the error response (status not 0) for a
// request that is not one.
func readRequest(lr *io.LimitedReader, r *bufio.Reader) (method, target string, bad response) {
	fail := func() response {
		if lr.N == 0 { // the limit was reached before the headers' end
			return response{status: 431, ctype: plain, body: "the request's headers are too long\n"}
		}
		return response{status: 400, ctype: plain, body: "not an HTTP request\n"}
	}
	first, err := r.ReadString('\n')
	if err != nil {
		return "", "", fail()
	}
	parts := strings.Split(strings.TrimRight(first, "\r\n"), " ")
	if len(parts) != 3 || parts[0] == "" || !strings.HasPrefix(parts[1], "/") || !strings.HasPrefix(parts[2], "HTTP/") {
		return "", "", response{status: 400, ctype: plain, body: "not an HTTP request\n"}
	}
	if parts[2] != "HTTP/1.1" && parts[2] != "HTTP/1.0" {
		return "", "", response{status: 505, ctype: plain, body: "HTTP/1.1 only\n"}
	}
	for {
		l, err := r.ReadString('\n')
		if err != nil {
			return "", "", fail()
		}
		if strings.TrimRight(l, "\r\n") == "" {
			return parts[0], parts[1], response{}
		}
	}
}

// Listen opens addr for Serve: a taken or wrong address is an error before
// the server starts.
func Listen(addr string) (net.Listener, error) {
	ln, err := net.Listen("tcp", addr)
	if err != nil {
		return nil, fmt.Errorf("cannot listen on %s for --metrics: %v (choose another --metrics)", addr, err)
	}
	return ln, nil
}

// Serve answers on ln until Shutdown.
func (m *Monitor) Serve(ln net.Listener) error {
	m.mu.Lock()
	if m.closed {
		m.mu.Unlock()
		ln.Close()
		return nil
	}
	m.ln = ln
	m.mu.Unlock()
	var pause time.Duration
	for {
		c, err := ln.Accept()
		if err != nil {
			m.mu.Lock()
			closed := m.closed
			m.mu.Unlock()
			if closed {
				return nil
			}
			// Out of file descriptors and the like: wait and accept again,
			// as net/http's server does.
			if te, ok := err.(interface{ Temporary() bool }); ok && te.Temporary() {
				pause = min(max(2*pause, 5*time.Millisecond), time.Second)
				time.Sleep(pause)
				continue
			}
			return err
		}
		pause = 0
		m.conns.Add(1)
		go m.serveConn(c)
	}
}

// Shutdown stops Serve, closes the connections that have sent no whole
// request yet, and waits for the requests being answered (at most until
// ctx is done).
func (m *Monitor) Shutdown(ctx context.Context) error {
	m.mu.Lock()
	m.closed = true
	ln := m.ln
	for c := range m.reading {
		c.Close()
	}
	m.mu.Unlock()
	if ln != nil {
		ln.Close()
	}
	done := make(chan struct{})
	go func() { m.conns.Wait(); close(done) }()
	select {
	case <-done:
		return nil
	case <-ctx.Done():
		return ctx.Err()
	}
}

// Family is one metric: its samples, one per set of labels.
type Family struct {
	Name string
	Help string
	// Type is "counter" (only grows while the server runs) or "gauge".
	Type    string
	Samples []Sample
}

// Sample is one value of a Family.
type Sample struct {
	// Labels are name, value pairs.
	Labels [][2]string
	Value  float64
}

// Counter is a family of one counter without labels.
func Counter(name, help string, v uint64) Family {
	return Family{Name: name, Help: help, Type: "counter", Samples: []Sample{{Value: float64(v)}}}
}

// Gauge is a family of one gauge without labels.
func Gauge(name, help string, v int) Family {
	return Family{Name: name, Help: help, Type: "gauge", Samples: []Sample{{Value: float64(v)}}}
}

// Labelled is a family of one sample per value of the label, in the
// order of the label's values; every value of always is written, 0 when
// counts lacks it, so that a dashboard sees each series from the start.
func Labelled[N int | uint64](name, help, typ, label string, counts map[string]N, always ...string) Family {
	keys := append([]string(nil), always...)
	for k := range counts {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	f := Family{Name: name, Help: help, Type: typ}
	for i, k := range keys {
		if i > 0 && keys[i-1] == k {
			continue
		}
		f.Samples = append(f.Samples, Sample{Labels: [][2]string{{label, k}}, Value: float64(counts[k])})
	}
	return f
}

// WriteText writes fams in the Prometheus text exposition format
// (version 0.0.4).
func WriteText(w io.Writer, fams []Family) error {
	var b strings.Builder
	for _, f := range fams {
		fmt.Fprintf(&b, "# HELP %s %s\n# TYPE %s %s\n", f.Name, escapeHelp(f.Help), f.Name, f.Type)
		for _, s := range f.Samples {
			b.WriteString(f.Name)
			if len(s.Labels) > 0 {
				b.WriteByte('{')
				for i, l := range s.Labels {
					if i > 0 {
						b.WriteByte(',')
					}
					fmt.Fprintf(&b, "%s=\"%s\"", l[0], escapeLabel(l[1]))
				}
				b.WriteByte('}')
			}
			b.WriteByte(' ')
			b.WriteString(strconv.FormatFloat(s.Value, 'g', -1, 64))
			b.WriteByte('\n')
		}
	}
	_, err := io.WriteString(w, b.String())
	return err
}

func escapeHelp(s string) string {
	return strings.NewReplacer(`\`, `\\`, "\n", `\n`).Replace(s)
}

func escapeLabel(s string) string {
	return strings.NewReplacer(`\`, `\\`, "\n", `\n`, `"`, `\"`).Replace(s)
}
