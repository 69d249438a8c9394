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
	for _, st := range []State{
		newState(12, g.View(1), [2]string{"alice", "bob"}, nil, nil),
		newState(13, g.View(2), [2]string{"alice", "bob"}, []string{"bob took the key", `"<odd> & \ name"`, "é\x01"}, happened),
		newState(0, g.TeamView(), [2]string{"a", "b"}, []string{}, happened[:1]),
	} {
		got := st.line()
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

// TestPlainActReadsAsTheDecoderDoes: the server reads action lines written
// the usual way without the JSON decoder; whatever it reads so, the decoder
// reads the same, for every byte in the action's place, and lines in any
// other form go to the decoder.
func TestPlainActReadsAsTheDecoderDoes(t *testing.T) {
	fast := 0
	for c := 0; c < 256; c++ {
		line := []byte(actPrefix + string([]byte{byte(c)}) + `"}`)
		a, ok := plainAct(line)
		if !ok {
			continue
		}
		fast++
		var req Request
		if err := json.Unmarshal(line, &req); err != nil || req.T != TypeAct || req.A != a {
			t.Errorf("%q: read as action %q, the decoder says %+v, %v", line, a, req, err)
		}
	}
	if fast < 90 {
		t.Errorf("only %d of the printable actions are read without the decoder", fast)
	}
	for _, line := range []string{
		`{"t":"act","a":"dd"}`, `{"t":"act","a":"d","x":1}`, `{"t":"act", "a":"d"}`,
		`{"t":"act","a":""}`, `{"t":"act","a":"\"}`, `{"t":"act","a":"d"} `, `{"t":"chat","a":"d"}`,
	} {
		if a, ok := plainAct([]byte(line)); ok {
			t.Errorf("%s read as action %q without the decoder", line, a)
		}
	}
}

// TestPingPongLines: the ping and pong lines, written out by hand, are
// byte for byte what encode writes for a ping and a pong.
func TestPingPongLines(t *testing.T) {
	if got, want := string(pingLine), string(encode(&Ping{T: TypePing})); got != want {
		t.Errorf("ping line %q, encode writes %q", got, want)
	}
	if got, want := string(pongLine), string(encode(&Pong{T: TypePong})); got != want {
		t.Errorf("pong line %q, encode writes %q", got, want)
	}
}
