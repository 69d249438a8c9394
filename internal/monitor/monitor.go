// Package monitor is what a server offers the operator's tools on its
// --metrics address (standard library net/http only): /healthz, ready once
// the game port listens and failing while the data folder cannot be
// written, and /metrics, the server's counters in the Prometheus text
// format. docs/server.md lists the counters.
//
// It knows no server: each server's command hands it a function that
// reads its counters (Config.Metrics) and says when it listens (SetReady).
package monitor

import (
	"context"
	"errors"
	"fmt"
	"io"
	"net"
	"net/http"
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
	srv      *http.Server
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

// Handler serves /healthz and /metrics.
func (m *Monitor) Handler() http.Handler {
	mux := http.NewServeMux()
	mux.HandleFunc("GET /healthz", func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "text/plain; charset=utf-8")
		w.Header().Set("Cache-Control", "no-store")
		if err := m.Health(); err != nil {
			w.WriteHeader(http.StatusServiceUnavailable)
			fmt.Fprintf(w, "unavailable: %v\n", err)
			return
		}
		io.WriteString(w, "ok\n")
	})
	mux.HandleFunc("GET /metrics", func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "text/plain; version=0.0.4; charset=utf-8")
		var fams []Family
		if m.cfg.Metrics != nil {
			fams = m.cfg.Metrics()
		}
		WriteText(w, fams)
	})
	mux.HandleFunc("/", func(w http.ResponseWriter, r *http.Request) {
		http.Error(w, "not found: this address serves /healthz and /metrics", http.StatusNotFound)
	})
	return mux
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
	srv := &http.Server{Handler: m.Handler(), ReadHeaderTimeout: 5 * time.Second, ReadTimeout: 10 * time.Second,
		WriteTimeout: 10 * time.Second, IdleTimeout: 60 * time.Second, MaxHeaderBytes: 8 << 10}
	m.mu.Lock()
	m.srv = srv
	m.mu.Unlock()
	if err := srv.Serve(ln); !errors.Is(err, http.ErrServerClosed) {
		return err
	}
	return nil
}

// Shutdown stops Serve.
func (m *Monitor) Shutdown(ctx context.Context) error {
	m.mu.Lock()
	srv := m.srv
	m.mu.Unlock()
	if srv == nil {
		return nil
	}
	return srv.Shutdown(ctx)
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
