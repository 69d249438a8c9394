package engine

import (
	"encoding/json"
	"fmt"
	"math/rand/v2"
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

// TestAppendJSONIsEncodingJSON: the hand-built JSON of a view is byte for
// byte what encoding/json writes, over random co-op games of every level
// and for names that need escaping.
func TestAppendJSONIsEncodingJSON(t *testing.T) {
	same := func(t *testing.T, v View, what string) {
		t.Helper()
		want, err := v.marshalReflect()
		if err != nil {
			t.Fatal(err)
		}
		got, _ := v.MarshalJSON()
		if string(got) != string(want) {
			t.Fatalf("%s:\n got %s\nwant %s", what, got, want)
		}
	}
	views := 0
	for seed := uint64(1); seed <= 4; seed++ {
		for level := 1; level <= CampaignLevels; level++ {
			g, err := New(Config{Seed: seed, Players: 2, Start: level})
			if err != nil {
				t.Fatal(err)
			}
			rng := rand.New(rand.NewPCG(seed, uint64(level)))
			for step := 0; step < 60 && g.Result() == InProgress; step++ {
				for seat := 1; seat <= 2; seat++ {
					same(t, g.View(seat), fmt.Sprintf("seed %d level %d step %d seat %d", seed, level, step, seat))
					views++
				}
				same(t, g.TeamView(), "team view")
				if _, err := g.Apply(g.Turn(), allActions[rng.IntN(len(allActions))]); err != nil {
					t.Fatal(err)
				}
			}
			v := g.View(1)
			v.Name = "a <b> & \"c\" \\ é \u2028 \x01"
			v.Players[0].Name = "al<ice>"
			v.Passed = []LevelScore{{Level: 1, Turns: 20, Bonuses: 1, TimeBonus: 280, Score: 400}}
			v.Monsters = append(v.Monsters, MonsterView{Kind: Minotaur, Pos: Point{1, 1}, Frozen: true, Resting: true, FrozenFor: 2, Aiming: true, Left: 3})
			same(t, v, "escaped names, passed levels, every monster field")
			v.Heard = append(v.Heard, HeardHunter{Kind: Hunter, Dist: 5, Dir: NorthEast}, HeardHunter{Seat: 2, Kind: Hunter, Dist: 12, Dir: West})
			same(t, v, "heard hunters, with and without a seat")
			same(t, View{}, "the empty view")
		}
	}
	t.Logf("%d views compared", views)
}

// TestEventAppendJSONIsEncodingJSON: an event's hand-built JSON is byte for
// byte what encoding/json writes of its eventJSON, for every kind, with and
// without a seat, item, monster, level and score.
func TestEventAppendJSONIsEncodingJSON(t *testing.T) {
	reference := func(e Event) []byte {
		j := eventJSON{Kind: e.Kind.String(), Seat: e.Seat}
		switch e.Kind {
		case EvTookKey, EvTookBonus, EvCompass:
			if e.Item != NoItem {
				j.Item = string(rune(e.Item))
			}
		case EvCaught, EvSighted:
			j.Monster = string(rune(e.Monster))
		case EvHeard:
			j.Monster, j.Dist, j.Dir = string(rune(e.Monster)), e.Dist, e.Dir.String()
		case EvLevelStarted:
			j.Level = e.Level
		case EvLevelPassed:
			sc := e.Score
			j.Level, j.Score = sc.Level, &sc
		}
		data, err := json.Marshal(j)
		if err != nil {
			t.Fatal(err)
		}
		return data
	}
	var all []Event
	for k := range eventNames {
		for _, e := range []Event{
			{Kind: EventKind(k)},
			{Kind: EventKind(k), Seat: 2, Item: Torch, Monster: Minotaur, Level: 7, Pos: Point{3, 4}, Score: ScoreLevel(7, 120, 1)},
			{Kind: EventKind(k), Seat: 1, Item: Key, Monster: Hunter, Level: 1, Score: ScoreLevel(1, 400, 0)},
			{Kind: EventKind(k), Seat: 1, Monster: Hunter, Dist: 5, Dir: NorthEast},
		} {
			all = append(all, e)
			if got, want := e.AppendJSON(nil), reference(e); string(got) != string(want) {
				t.Errorf("%v: hand-built %s, encoding/json %s", e, got, want)
			}
		}
	}
	want, err := json.Marshal(all)
	if err != nil {
		t.Fatal(err)
	}
	if got := AppendEvents(nil, all); string(got) != string(want) {
		t.Errorf("AppendEvents: %s\nencoding/json: %s", got, want)
	}
	if got := AppendEvents(nil, nil); string(got) != "[]" {
		t.Errorf("no events: %s", got)
	}
}
