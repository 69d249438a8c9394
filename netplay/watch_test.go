package netplay

import (
	"bytes"
	"math/rand/v2"
	"testing"

	"github.com/minotaur-game/minotaur/engine"
)

// TestSpectatorLineIsTheTeamState: in solo games of many seeds, the line a
// spectator gets (the player's, made a spectator's by spectatorPatch) is
// byte for byte the state of the team's view with the spectator's own seq,
// and a co-op team state shared by its spectators changes nothing but the
// seq.
func TestSpectatorLineIsTheTeamState(t *testing.T) {
	names := [2]string{"alice", ""}
	states := 0
	for seed := uint64(1); seed <= 8; seed++ {
		for _, level := range []int{1, 7} {
			g, err := engine.New(engine.Config{Seed: seed, Players: 1, Start: level})
			if err != nil {
				t.Fatal(err)
			}
			rng := rand.New(rand.NewPCG(seed, 3))
			actions := []engine.Action{engine.Up, engine.Down, engine.Left, engine.Right, engine.Skip, engine.UseFreeze}
			var ev []engine.Event
			for step := 0; step < 120 && g.Result() == engine.InProgress; step++ {
				sentences, happened := told(ev, 1, names)
				line := newState(int64(step+1), g.View(1), names, sentences, happened).line()
				patch, ok := newSpectatorPatch(line)
				got := patch.apply(int64(step + 1))
				if !ok {
					t.Fatalf("seed %d level %d step %d: no spectator line from %s", seed, level, step, line)
				}
				want := newState(int64(step+1), g.TeamView(), names, sentences, happened).line()
				if !bytes.Equal(got, want) {
					t.Fatalf("seed %d level %d step %d:\n got %s\nwant %s", seed, level, step, got, want)
				}
				again := patch.apply(99999)
				if want := newState(99999, g.TeamView(), names, sentences, happened).line(); !bytes.Equal(again, want) {
					t.Fatalf("another seq:\n got %s\nwant %s", again, want)
				}
				if again := newSeqPatch(want).apply(7); !bytes.Equal(again, newState(7, g.TeamView(), names, sentences, happened).line()) {
					t.Fatalf("a shared line with seq 7:\n got %s", again)
				}
				states++
				ev, err = g.Apply(1, actions[rng.IntN(len(actions))])
				if err != nil {
					t.Fatal(err)
				}
			}
		}
	}
	t.Logf("%d states compared", states)
}
