// Package cputime reads the CPU time a process or a thread has used, for
// benchmarks on a shared machine: the wall time of a benchmark grows with
// whatever else runs on the cores, its CPU time much less. Where the
// system gives no figure, ok is false and a benchmark reports none.
package cputime

import (
	"testing"
	"time"
)

// Meter measures the process's CPU time from Start to Report, less the
// time between its StopTimer and StartTimer.
type Meter struct {
	start, stopped, paused time.Duration
	ok                     bool
}

// Start begins a measurement: call it right before the benchmark's loop.
func Start() Meter {
	t, ok := Process()
	return Meter{start: t, ok: ok}
}

// StopTimer leaves out what follows, until StartTimer: call it beside
// b.StopTimer.
func (m *Meter) StopTimer() { m.stopped, _ = Process() }

// StartTimer counts again what follows: call it beside b.StartTimer.
func (m *Meter) StartTimer() {
	t, _ := Process()
	m.paused += t - m.stopped
}

// Report adds the CPU time per operation since Start to the benchmark's
// line as cpu-ns/op (user and system time of the whole process, the
// collector's included: run with -cpu 1 so that nothing else of the
// process runs beside the loop). Call it after the loop.
func (m *Meter) Report(b *testing.B) {
	t, ok := Process()
	if !m.ok || !ok || b.N == 0 {
		return
	}
	b.ReportMetric(float64(t-m.start-m.paused)/float64(b.N), "cpu-ns/op")
}
