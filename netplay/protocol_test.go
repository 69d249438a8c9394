package netplay

import (
	"encoding/json"
	"strconv"
	"testing"

	"github.com/minotaur-game/minotaur/engine"
)

// TestStateLineIsEncodingJSON: a state line, built by hand, is byte for
// byte the view's JSON with the message's fields around it as encoding/json
// writes them — events that need escaping and events told as `happened`
// included — and reads back to the same events (before a client cleans
// them for display).
func TestStateLineIsEncodingJSON(t *testing.T) {
	g, err := engine.New(engine.Config{Seed: 7, Players: 2})
	if err != nil {
		t.Fatal(err)
	}
	happened := []engine.Event{
		{Kind: engine.EvLevelStarted, Level: 1},
		{Kind: engine.EvSighted, Seat: 2, Monster: engine.Hunter},
		{Kind: engine.EvLevelPassed, Seat: 1, Score: engine.ScoreLevel(1, 40, 1)},
	}
	for _, st := range []*State{
		newState(12, g.View(1), [2]string{"alice", "bob"}, nil, nil),
		newState(13, g.View(2), [2]string{"alice", "bob"}, []string{"bob took the key", `"<odd> & \ name"`, "é\x01"}, happened),
		newState(0, g.TeamView(), [2]string{"a", "b"}, []string{}, happened[:1]),
	} {
		got := encode(st)
		view, err := json.Marshal(st.View)
		if err != nil {
			t.Fatal(err)
		}
		events := st.Events
		if events == nil {
			events = []string{}
		}
		tail, err := json.Marshal(stateTail{Events: events, Happened: st.Happened})
		if err != nil {
			t.Fatal(err)
		}
		want := `{"t":"state","seq":` + strconv.FormatInt(st.Seq, 10) + "," + string(view[1:len(view)-1]) + "," + string(tail[len(`{"seq":0,`):]) + "\n"
		if string(got) != want {
			t.Fatalf("hand-built:\n%s\nencoding/json:\n%s", got, want)
		}
		var back stateTail
		if err := json.Unmarshal(got, &back); err != nil {
			t.Fatal(err)
		}
		if len(back.Events) != len(events) || len(back.Happened) != len(st.Happened) {
			t.Fatalf("read back %d events and %d happened, sent %d and %d", len(back.Events), len(back.Happened), len(events), len(st.Happened))
		}
		for i := range events {
			if back.Events[i] != events[i] {
				t.Errorf("event %d read back %q, sent %q", i, back.Events[i], events[i])
			}
		}
	}
}
