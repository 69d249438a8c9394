package bot

import (
	"fmt"

	"github.com/minotaur-game/minotaur/engine"
)

// traceScores writes, when b.Trace is set, what the bot remembers and how
// it scores each action this turn: for tuning the bot by watching it play.
func (b *Reference) traceScores(v *engine.View, p int, leap int) {
	if b.Trace == nil {
		return
	}
	fmt.Fprintf(b.Trace, "turn %d at %v: leap in %d, next aim %d, targets %d, monsters", v.Turn, b.k.pt(p), leap, b.nextAim, len(b.targets))
	for _, t := range b.tracks {
		fmt.Fprintf(b.Trace, " %c%v(seen %d, frozen %d)", t.kind, b.k.pt(t.pos), t.seen, t.frozen)
	}
	fmt.Fprint(b.Trace, " targets")
	for _, t := range b.targets {
		fmt.Fprintf(b.Trace, " %v", b.k.pt(t))
	}
	fmt.Fprintln(b.Trace)
	for _, a := range candidates {
		if val, ok := b.score(v, p, a, leap); ok {
			fmt.Fprintf(b.Trace, "  %v %d\n", a, val)
		}
	}
}
