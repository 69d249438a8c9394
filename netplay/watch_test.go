package netplay

import (
	"bufio"
	"bytes"
	"math/rand/v2"
	"testing"

	"github.com/minotaur-game/minotaur/engine"
)

// TestSpectatorLineIsTheTeamState: in solo games of many seeds, the line a
// spectator gets (the player's, shared, made a spectator's by
// spectatorPatch) is byte for byte the state of the team's view with the
// spectator's own seq, the player gets its own line unchanged, and a co-op
// team state shared by its spectators changes nothing but the seq.
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
				patch := sharedState(newState(int64(step+1), g.View(1), names, sentences, happened), true)
				if own := (outLine{b: patch.line, patch: patch, seq: asIs}).bytes(); !bytes.Equal(own, line) {
					t.Fatalf("seed %d level %d step %d: the player's shared line\n got %s\nwant %s", seed, level, step, own, line)
				}
				got := patch.apply(int64(step + 1))
				want := newState(int64(step+1), g.TeamView(), names, sentences, happened).line()
				if !bytes.Equal(got, want) {
					t.Fatalf("seed %d level %d step %d:\n got %s\nwant %s", seed, level, step, got, want)
				}
				again := patch.apply(99999)
				if want := newState(99999, g.TeamView(), names, sentences, happened).line(); !bytes.Equal(again, want) {
					t.Fatalf("another seq:\n got %s\nwant %s", again, want)
				}
				team := sharedState(newState(0, g.TeamView(), names, sentences, happened), false)
				if again := team.apply(7); !bytes.Equal(again, newState(7, g.TeamView(), names, sentences, happened).line()) {
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

// TestSharedLineOutlivesEachWriter: a state line shared by a solo player
// and two spectators keeps its storage until the last of the three has
// written it; a session that could not queue it gives its part back too.
func TestSharedLineOutlivesEachWriter(t *testing.T) {
	g, err := engine.New(engine.Config{Seed: 1, Players: 1})
	if err != nil {
		t.Fatal(err)
	}
	names := [2]string{"alice", ""}
	st := newState(5, g.View(1), names, nil, nil)
	want := st.line()
	p := sharedState(st, true)
	p.refs.Store(3)
	var out bytes.Buffer
	w := bufio.NewWriter(&out)
	for i, l := range []outLine{{b: p.line, patch: p, seq: asIs}, {b: p.line, patch: p, seq: 9}} {
		l.writeTo(w)
		if p.line == nil || p.buf == nil {
			t.Fatalf("the line was given back after %d of 3 writers", i+1)
		}
	}
	w.Flush()
	if got, _, _ := bytes.Cut(out.Bytes(), []byte("\n")); !bytes.Equal(append(got, '\n'), want) {
		t.Fatalf("the player was sent\n%s\nwant\n%s", got, want)
	}
	p.release() // the third could not queue it
	if p.line != nil || p.buf != nil {
		t.Fatal("the line was not given back after the last writer")
	}
}
