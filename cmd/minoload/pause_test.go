package main

import (
	"strings"
	"testing"
	"time"
)

// With --ai-pause the computer's games play the first span, pause the
// next, and so on; a client of theirs acting in a pause waits for the next
// span of play, and the players' latency is kept apart by span, the first
// second of each left out.
func TestPausesAlternate(t *testing.T) {
	p := pauses{every: 10 * time.Second}
	t0 := time.Unix(1000, 0)
	if w := p.waitFor(true, t0.Add(15*time.Second)); w != 0 {
		t.Errorf("before measuring, a computer's game waits %v", w)
	}
	p.begin(t0)
	at := func(d time.Duration) time.Time { return t0.Add(d) }

	for _, c := range []struct {
		d                 time.Duration
		playing, settled  bool
		wait, waitOfOther time.Duration
	}{
		{0, true, false, 0, 0},
		{500 * time.Millisecond, true, false, 0, 0},
		{3 * time.Second, true, true, 0, 0},
		{10 * time.Second, false, false, 10 * time.Second, 0},
		{12 * time.Second, false, true, 8 * time.Second, 0},
		{20*time.Second + 999*time.Millisecond, true, false, 0, 0},
		{35 * time.Second, false, true, 5 * time.Second, 0},
	} {
		playing, settled := p.span(at(c.d).UnixNano())
		if playing != c.playing || settled != c.settled {
			t.Errorf("at %v: playing %v settled %v, want %v %v", c.d, playing, settled, c.playing, c.settled)
		}
		if w := p.waitFor(true, at(c.d)); w != c.wait {
			t.Errorf("at %v: a computer's game waits %v, want %v", c.d, w, c.wait)
		}
		if w := p.waitFor(false, at(c.d)); w != c.waitOfOther {
			t.Errorf("at %v: a game between people waits %v", c.d, w)
		}
	}

	p.add(at(3*time.Second).UnixNano(), at(3*time.Second+2*time.Millisecond))                 // playing
	p.add(at(13*time.Second).UnixNano(), at(13*time.Second+time.Millisecond))                 // paused
	p.add(at(14*time.Second).UnixNano(), at(14*time.Second+time.Millisecond))                 // paused
	p.add(at(10*time.Second+time.Millisecond).UnixNano(), at(11*time.Second))                 // settling: left out
	p.add(at(20*time.Second+100*time.Millisecond).UnixNano(), at(20*time.Second+time.Second)) // settling: left out
	if n := len(p.playing.us); n != 1 {
		t.Errorf("%d samples while playing, want 1", n)
	}
	if n := len(p.paused.us); n != 2 {
		t.Errorf("%d samples while paused, want 2", n)
	}
	var out strings.Builder
	p.report(&out)
	if !strings.Contains(out.String(), "p99 playing / paused: 2.00×") {
		t.Errorf("report:\n%s", out.String())
	}

	// Without --ai-pause nothing waits and nothing is reported.
	var none pauses
	none.begin(t0)
	none.add(at(3*time.Second).UnixNano(), at(4*time.Second))
	if w := none.waitFor(true, at(15*time.Second)); w != 0 {
		t.Errorf("without pauses a computer's game waits %v", w)
	}
	out.Reset()
	none.report(&out)
	if out.Len() != 0 || len(none.playing.us)+len(none.paused.us) != 0 {
		t.Errorf("without pauses: report %q", out.String())
	}
}
