package netplay

import (
	"encoding/json"
	"strings"
	"testing"
	"time"
	"unicode/utf8"

	"github.com/minotaur-game/minotaur/engine"
)

func TestValidName(t *testing.T) {
	for _, tt := range []struct {
		name string
		ok   bool
	}{
		{"a", true}, {"Alice_2-x", true}, {strings.Repeat("z", MaxName), true},
		{"", false}, {strings.Repeat("z", MaxName+1), false}, {"bo b", false},
		{"émile", false}, {"a\x1b", false}, {"a.b", false},
	} {
		if ValidName(tt.name) != tt.ok {
			t.Errorf("ValidName(%q) = %v", tt.name, !tt.ok)
		}
	}
}

// FuzzHandle feeds arbitrary lines to a session: the server never panics,
// answers every line with at most a few messages, and every message it
// queues is one protocol line of valid UTF-8 without control characters.
func FuzzHandle(f *testing.F) {
	for _, s := range []string{
		`{"t":"hello","v":1,"name":"fuzz"}`, `{"t":"chat","text":"hi"}`, `{"t":"act","a":"w"}`,
		`{"t":"invite","to":"x"}`, `{"t":"leave"}`, `{"t":5}`, `[`, "\xff", `{"t":"hello","v":1,"token":"00"}`,
	} {
		f.Add(s)
	}
	srv, err := NewServer(Config{Levels: []engine.Level{corridor(f)}, LobbyInterval: -1, PingAfter: time.Hour, DropAfter: 2 * time.Hour})
	if err != nil {
		f.Fatal(err)
	}
	f.Fuzz(func(t *testing.T, line string) {
		ss, err := srv.Attach("fuzz", nil)
		if err != nil {
			t.Fatal(err)
		}
		defer ss.Detach("done")
		ss.Handle([]byte(`{"t":"hello","v":1,"name":"fuzzer"}`))
		ss.Handle([]byte(line))
		for {
			l, ok := ss.take()
			switch {
			case ok:
				b := l.bytes()
				if !utf8.Valid(b) || b[len(b)-1] != '\n' {
					t.Fatalf("bad line %q", b)
				}
				for _, c := range b[:len(b)-1] {
					if c < 0x20 || c == 0x7f {
						t.Fatalf("line %q has a control character", b)
					}
				}
				if _, err := DecodeMessage(b[:len(b)-1]); err != nil {
					t.Fatalf("line %q: %v", b, err)
				}
			default:
				return
			}
		}
	})
}

// TestEventsRoundTrip: the structured events of a state come back as the
// engine's events, positions left out; a bump reaches only the bumper.
func TestEventsRoundTrip(t *testing.T) {
	sc := engine.ScoreLevel(2, 40, 1)
	events := []engine.Event{
		{Kind: engine.EvBumpedWall, Seat: 1, Pos: engine.Point{X: 1, Y: 0}},
		{Kind: engine.EvTookBonus, Seat: 2, Item: engine.Torch, Pos: engine.Point{X: 3, Y: 3}},
		{Kind: engine.EvCaught, Seat: 1, Monster: engine.Minotaur, Pos: engine.Point{X: 5, Y: 5}},
		{Kind: engine.EvMinotaurLeaps, Pos: engine.Point{X: 9, Y: 9}},
		{Kind: engine.EvLevelPassed, Level: 2, Score: sc},
		{Kind: engine.EvLevelStarted, Level: 3},
	}
	names := [2]string{"ann", "bo"}
	for _, tt := range []struct {
		viewer    int
		sentences string
		kinds     string
	}{
		{1, "A wall blocks the way.|bo took a torch (+20).|ann was caught by the Minotaur.|The Minotaur leaps.|" +
			"Level 2 passed: 380 points (100 + 260 time bonus + 20 for bonuses).|Level 3 begins.",
			"bumped_wall took_bonus caught minotaur_leaps level_passed level_started"},
		{2, "bo took a torch (+20).|ann was caught by the Minotaur.|The Minotaur leaps.|" +
			"Level 2 passed: 380 points (100 + 260 time bonus + 20 for bonuses).|Level 3 begins.",
			"took_bonus caught minotaur_leaps level_passed level_started"},
	} {
		sentences, happened := told(events, tt.viewer, names)
		if got := strings.Join(sentences, "|"); got != tt.sentences {
			t.Errorf("seat %d sentences:\n%s\nwant\n%s", tt.viewer, got, tt.sentences)
		}
		data, err := json.Marshal(State{Happened: happened})
		if err != nil {
			t.Fatal(err)
		}
		var st State
		if err := json.Unmarshal(data, &st); err != nil {
			t.Fatalf("%s: %v", data, err)
		}
		back := st.Happened
		var kinds []string
		for _, e := range back {
			kinds = append(kinds, e.Kind.String())
			if e.Pos != (engine.Point{}) {
				t.Errorf("seat %d: %v keeps a position", tt.viewer, e)
			}
		}
		if got := strings.Join(kinds, " "); got != tt.kinds {
			t.Errorf("seat %d kinds %q, want %q", tt.viewer, got, tt.kinds)
		}
		for _, e := range back {
			switch e.Kind {
			case engine.EvTookBonus:
				if e.Item != engine.Torch || e.Seat != 2 {
					t.Errorf("bonus %+v", e)
				}
			case engine.EvCaught:
				if e.Monster != engine.Minotaur || e.Seat != 1 {
					t.Errorf("caught %+v", e)
				}
			case engine.EvLevelPassed:
				if e.Score != sc {
					t.Errorf("score %+v, want %+v", e.Score, sc)
				}
			}
		}
	}
}
