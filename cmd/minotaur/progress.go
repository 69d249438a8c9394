package main

import (
	"fmt"
	"io"
	"sync/atomic"
	"time"
)

// progress is the line a long command redraws on a terminal's standard
// error once a second: "balance: 12/20 seeds, 0.8 seeds/s, 10 s left".
// It is drawn only on a terminal; the caller decides (cli.IsTerminal).
type progress struct {
	w     io.Writer
	what  string // "seeds"
	total int
	start time.Time
	done  atomic.Int64
	drawn bool
}

// progressLine is the text of the line after elapsed with done of total
// finished.
func progressLine(what string, done, total int, elapsed time.Duration) string {
	s := fmt.Sprintf("balance: %d/%d %s", done, total, what)
	if done == 0 || elapsed <= 0 {
		return s + ", started"
	}
	rate := float64(done) / elapsed.Seconds()
	s += fmt.Sprintf(", %.2g %s/s", rate, what)
	if done < total {
		left := time.Duration(float64(total-done) / rate * float64(time.Second))
		s += ", " + roughDuration(left) + " left"
	}
	return s
}

// roughDuration is d to the second under a minute, to the minute above.
func roughDuration(d time.Duration) string {
	if d < time.Minute {
		return fmt.Sprintf("%d s", int(d.Seconds()+0.5))
	}
	if d < time.Hour {
		return fmt.Sprintf("%d min %02d s", int(d.Minutes()), int(d.Seconds())%60)
	}
	return fmt.Sprintf("%d h %02d min", int(d.Hours()), int(d.Minutes())%60)
}

// draw redraws the line at now: a carriage return, the text, and the
// rest of the old line cleared.
func (p *progress) draw(now time.Time) {
	fmt.Fprintf(p.w, "\r%s\x1b[K", progressLine(p.what, int(p.done.Load()), p.total, now.Sub(p.start)))
	p.drawn = true
}

// run redraws the line once a second until stop is closed, then clears it
// so that what follows starts on a clean line.
func (p *progress) run(stop <-chan struct{}, ticks <-chan time.Time) {
	for {
		select {
		case now := <-ticks:
			p.draw(now)
		case <-stop:
			if p.drawn {
				fmt.Fprint(p.w, "\r\x1b[K")
			}
			return
		}
	}
}
