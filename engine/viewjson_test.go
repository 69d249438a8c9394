package engine

import (
	"encoding/json"
	"reflect"
	"strings"
	"testing"
)

// TestViewJSONRoundTrip: a View read back from its JSON is the same View,
// over real games of every level and both seats of co-op.
func TestViewJSONRoundTrip(t *testing.T) {
	for seed := uint64(1); seed <= 5; seed++ {
		g, err := New(Config{Seed: seed, Players: 2, Start: int(seed%7) + 1})
		if err != nil {
			t.Fatal(err)
		}
		for i := 0; i < 30 && g.Result() == InProgress; i++ {
			if turn := g.Turn(); turn > 0 {
				g.Apply(turn, allActions[i%len(allActions)])
			}
			for seat := 1; seat <= 2; seat++ {
				v := g.View(seat)
				v.Players[0].Name = "ada"
				data, err := json.Marshal(v)
				if err != nil {
					t.Fatal(err)
				}
				var back View
				if err := json.Unmarshal(data, &back); err != nil {
					t.Fatalf("%s: %v", data, err)
				}
				if !reflect.DeepEqual(normal(v), normal(back)) {
					t.Fatalf("seed %d seat %d: read back\n%+v\nwant\n%+v\n%s", seed, seat, back, v, data)
				}
			}
		}
	}
}

// normal makes empty and nil lists alike, as JSON does.
func normal(v View) View {
	if len(v.Monsters) == 0 {
		v.Monsters = nil
	}
	if len(v.Marks) == 0 {
		v.Marks = nil
	}
	if len(v.Compass) == 0 {
		v.Compass = nil
	}
	if len(v.Passed) == 0 {
		v.Passed = nil
	}
	return v
}

// TestViewJSONIsLenient: whatever arrives, reading gives a View that is
// safe to draw — rows of the wrong length, unknown characters and light
// levels read as never seen, a map character on an unseen tile is dropped,
// objects off the board and unknown monsters are dropped, a huge size is
// taken as empty.
func TestViewJSONIsLenient(t *testing.T) {
	var v View
	err := json.Unmarshal([]byte(`{"level":2,"levels":1,"rows":2,"cols":3,
		"map":["+K.","|x"],"light":["039","333"],
		"monsters":[{"kind":"H","x":1,"y":0},{"kind":"Z","x":0,"y":0},{"kind":"W","x":7,"y":0}],
		"marks":[[0,0],[5,5]],"players":[{"seat":1,"name":"bo","x":2,"y":1,"state":"weird"}],"freezes":-3}`), &v)
	if err != nil {
		t.Fatal(err)
	}
	if got := string(v.Map); got != " K    " {
		t.Errorf("map %q, want %q: + and . lie on tiles never seen (light 0, and 9 is none), row 2 is too short", got, " K    ")
	}
	if v.Light[2] != Unseen || v.Light[1] != Lit {
		t.Errorf("light %v: 9 is no light level", v.Light)
	}
	if len(v.Monsters) != 1 || v.Monsters[0].Kind != Hunter || len(v.Marks) != 1 {
		t.Errorf("monsters %v marks %v: the unknown kind and the off-board ones must go", v.Monsters, v.Marks)
	}
	if v.Levels != 2 || v.Freezes != 0 || v.Players[0].State != Away {
		t.Errorf("levels %d freezes %d state %v", v.Levels, v.Freezes, v.Players[0].State)
	}
	if err := json.Unmarshal([]byte(`{"rows":100000,"cols":100000,"map":[]}`), &v); err != nil || len(v.Map) != 0 || v.Rows != 0 {
		t.Errorf("a huge size must read as empty: %v rows %d", err, v.Rows)
	}
	if err := json.Unmarshal([]byte(`{"rows":"x"}`), &v); err == nil {
		t.Errorf("a field of the wrong type is an error")
	}
}

// TestEventJSONHasNoPositions: an event's JSON tells its kind, seat, item,
// monster, level and score, never where it happened.
func TestEventJSONHasNoPositions(t *testing.T) {
	sc := ScoreLevel(3, 50, 2)
	in := []Event{
		{Kind: EvCaught, Seat: 2, Monster: Wanderer, Pos: Point{4, 5}},
		{Kind: EvTookBonus, Seat: 1, Item: Freeze, Pos: Point{1, 1}},
		{Kind: EvCompass, Seat: 1, Path: []Point{{1, 2}}},
		{Kind: EvLevelPassed, Level: 3, Score: sc},
		{Kind: EvNoFreeze, Seat: 1, Pos: Point{2, 2}},
	}
	data, err := json.Marshal(in)
	if err != nil {
		t.Fatal(err)
	}
	if s := string(data); strings.Contains(s, `"x"`) || strings.Contains(s, "pos") || strings.Contains(s, "path") {
		t.Fatalf("positions in %s", s)
	}
	var back []Event
	if err := json.Unmarshal(data, &back); err != nil {
		t.Fatal(err)
	}
	want := []Event{
		{Kind: EvCaught, Seat: 2, Monster: Wanderer},
		{Kind: EvTookBonus, Seat: 1, Item: Freeze},
		{Kind: EvCompass, Seat: 1},
		{Kind: EvLevelPassed, Level: 3, Score: sc},
		{Kind: EvNoFreeze, Seat: 1},
	}
	if !reflect.DeepEqual(back, want) {
		t.Errorf("read back %+v\nwant %+v", back, want)
	}
	var unknown Event
	if err := json.Unmarshal([]byte(`{"kind":"teleported","seat":1}`), &unknown); err != nil || unknown.Kind != 0 {
		t.Errorf("an unknown kind reads as 0: %+v %v", unknown, err)
	}
}
