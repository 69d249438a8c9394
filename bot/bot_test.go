package bot

import (
	"strings"
	"testing"

	"github.com/minotaur-game/minotaur/engine"
	"github.com/minotaur-game/minotaur/internal/testboard"
)

// newGame starts a solo game on one hand-drawn level.
func newGame(t *testing.T, rows ...string) *engine.Game {
	t.Helper()
	g, err := engine.New(engine.Config{Seed: 1, Players: 1, Levels: []engine.Level{testboard.Level(t, rows...)}})
	if err != nil {
		t.Fatalf("New: %v", err)
	}
	return g
}

// run lets p play seat 1 for at most n actions and returns every event and
// the actions taken.
func run(t *testing.T, g *engine.Game, p Player, n int) ([]engine.Event, string) {
	t.Helper()
	var all, ev []engine.Event
	var acts strings.Builder
	for i := 0; i < n && g.Result() == engine.InProgress; i++ {
		v := g.View(1)
		a := p.Act(&v, ev)
		acts.WriteByte(byte(a))
		var err error
		ev, err = g.Apply(1, a)
		if err != nil {
			t.Fatalf("action %d %q: %v", i, a, err)
		}
		all = append(all, ev...)
	}
	return all, acts.String()
}

func has(ev []engine.Event, k engine.EventKind) bool {
	for _, e := range ev {
		if e.Kind == k {
			return true
		}
	}
	return false
}

func count(ev []engine.Event, k engine.EventKind) int {
	n := 0
	for _, e := range ev {
		if e.Kind == k {
			n++
		}
	}
	return n
}
