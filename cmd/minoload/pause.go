package main

import (
	"fmt"
	"io"
	"sync/atomic"
	"time"
)

// pauseSettle is how much of each span of --ai-pause is left out of its
// latency: the thoughts begun in the span before (their deadline is the
// server's think time, 1 s by default) are over, and the computer's games
// are back at work.
const pauseSettle = time.Second

// pauses alternates the computer's games (--trails-ai, --chess-ai) between
// playing and pausing while measuring, each span --ai-pause long, the first
// one playing, and keeps the Minotaur players' latency of each apart: the
// same load with and without the computer's games in the same minutes, so
// that a change of the machine's own load between two runs does not show
// as theirs.
type pauses struct {
	every   time.Duration // 0: no pauses; set before the clients start
	t0      atomic.Int64  // when measuring began (UnixNano), 0 before
	playing latencies     // actions sent in a span the computer's games played
	paused  latencies     // in a span they paused
}

// begin starts the spans at t0, when measuring begins; before, the
// computer's games play.
func (p *pauses) begin(t0 time.Time) {
	p.t0.Store(t0.UnixNano())
}

// span tells, for an instant, whether the computer's games play then, and
// whether it is past the first pauseSettle of its span.
func (p *pauses) span(at int64) (playing, settled bool) {
	t0 := p.t0.Load()
	d := time.Duration(at - t0)
	if p.every <= 0 || t0 == 0 || d < 0 {
		return true, false
	}
	k := d / p.every
	return k%2 == 0, d-k*p.every >= pauseSettle
}

// waitFor is how long a client must wait before acting now: until the next
// span of play for a client of the computer's games in a pause, else 0.
func (p *pauses) waitFor(computer bool, now time.Time) time.Duration {
	if !computer || p.every <= 0 {
		return 0
	}
	at := now.UnixNano()
	if playing, _ := p.span(at); playing {
		return 0
	}
	d := time.Duration(at - p.t0.Load())
	return (d/p.every+1)*p.every - d
}

// add notes the latency of a Minotaur player's action sent at sent and
// answered at now, in the span it was sent in.
func (p *pauses) add(sent int64, now time.Time) {
	if p.every <= 0 {
		return
	}
	playing, settled := p.span(sent)
	switch {
	case !settled:
	case playing:
		p.playing.add(now.Sub(time.Unix(0, sent)))
	default:
		p.paused.add(now.Sub(time.Unix(0, sent)))
	}
}

// report prints the players' latency in each kind of span and the ratio
// of their p99.
func (p *pauses) report(out io.Writer) {
	if p.every <= 0 {
		return
	}
	fmt.Fprintf(out, "  the computer's games playing: %s\n", p.playing.line())
	fmt.Fprintf(out, "  the computer's games paused:  %s\n", p.paused.line())
	on, off := p.playing.percentile(99), p.paused.percentile(99)
	if on > 0 && off > 0 {
		fmt.Fprintf(out, "  (spans of %v by turns, the first %v of each left out) p99 playing / paused: %.2f×\n",
			p.every, pauseSettle, float64(on)/float64(off))
	}
}
