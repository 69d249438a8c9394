package engine

import (
	"encoding/json"
	"errors"
	"strings"
	"testing"
)

// The hearing rules of docs/rules.md, sentence by sentence, on hand-drawn boards.

// A hunter that hears nobody keeps its post: 7 steps away before the key,
// it stands still turn after turn.
func TestHunterKeepsItsPostUntilItHears(t *testing.T) {
	g := newTiny(t, 1,
		"###############",
		"#P......H.....#",
		"#.#############",
		"#K...........E#",
		"###############")
	for i := 0; i < 5; i++ {
		play(t, g, ".")
		if got := g.monsterAt(0); got != (Point{8, 1}) {
			t.Fatalf("turn %d: a hunter 7 steps away (hearing range %d) moved to %v", i+1, HearingRange, got)
		}
	}
	// One step closer: 6 steps, heard; it moves toward the player.
	play(t, g, "d")
	if got := g.monsterAt(0); got != (Point{7, 1}) {
		t.Fatalf("a hunter 6 steps away must hear the player and come: at %v", got)
	}
}

// Hearing is path distance, not a straight line: a hunter two tiles away
// through a wall, far by the corridors, does not hear.
func TestHearingFollowsPaths(t *testing.T) {
	g := newTiny(t, 1,
		"############",
		"#P.........#",
		"##########.#",
		"#H.........#",
		"#.##########",
		"#K........E#",
		"############")
	for i := 0; i < 4; i++ {
		play(t, g, ".")
	}
	if got := g.monsterAt(0); got != (Point{1, 3}) {
		t.Errorf("a hunter 2 tiles away through a wall but 20 steps by the corridors moved to %v", got)
	}
	if v := g.View(1); len(v.Heard) != 0 {
		t.Errorf("the player hears %+v from a hunter that does not hear it", v.Heard)
	}
}

// Once the key is taken, a hunter hears a player within 12 steps.
func TestTheKeyRattles(t *testing.T) {
	g := newTiny(t, 1,
		"##################",
		"#PK.........H....#",
		"#.################",
		"#...............E#",
		"##################")
	// Before the key: 11 steps, nobody heard.
	play(t, g, ".")
	if got := g.monsterAt(0); got != (Point{12, 1}) {
		t.Fatalf("before the key a hunter 11 steps away moved to %v", got)
	}
	ev := play(t, g, "d") // takes the key: 10 steps away, within 12
	if !hasEvent(ev, EvTookKey) {
		t.Fatalf("setup: the key was not taken: %s", kinds(ev))
	}
	if got := g.monsterAt(0); got != (Point{11, 1}) {
		t.Fatalf("with the key taken, a hunter 10 steps away must hear and chase: at %v", got)
	}
	// Beyond 12 even with the key: it stops again.
	g = newTiny(t, 1,
		"######################",
		"#PK.............H....#",
		"#.####################",
		"#...................E#",
		"######################")
	play(t, g, "d")
	if got := g.monsterAt(0); got != (Point{16, 1}) {
		t.Errorf("a hunter 14 steps away from a player with the key moved to %v", got)
	}
}

// Hearing a player, it acts as before: here it heads for the player's way
// to the key and waits there.
func TestAHearingHunterIntercepts(t *testing.T) {
	g := newTiny(t, 1,
		"###########",
		"#P....#####",
		"#.###.#####",
		"#.....H..K#",
		"#.#########",
		"#E#########",
		"###########")
	// The player's way to the key runs along row 3 through (6,3): the
	// hunter stands on it already and waits there.
	for i := 0; i < 3; i++ {
		play(t, g, ".")
		if got := g.monsterAt(0); got != (Point{6, 3}) {
			t.Fatalf("turn %d: an intercepting hunter on the player's way must wait: at %v", i+1, got)
		}
	}
}

// With two players it acts on the nearest it hears.
func TestHunterHearsTheNearestOfTwo(t *testing.T) {
	g := newTiny(t, 2,
		"###############",
		"#P..........P.#",
		"#.###########.#",
		"#.K....H.....E#",
		"###############")
	// The hunter is 8 steps from seat 1 (down, then along row 3) and 9
	// from seat 2 (right, down, along row 3): it hears neither.
	play(t, g, ".")
	play(t, g, ".")
	if got := g.monsterAt(0); got != (Point{7, 3}) {
		t.Fatalf("a hunter hearing nobody moved to %v", got)
	}
	play(t, g, "s") // seat 1 to (1,2): 7 steps
	play(t, g, ".")
	play(t, g, "s") // seat 1 to (1,3): 6 steps, heard
	play(t, g, ".")
	if got := g.monsterAt(0); got.X >= 7 {
		t.Errorf("the hunter must head for the seat it hears (west): at %v", got)
	}
}

// A wanderer sees a player within the light radius, 3, not 4.
func TestWandererSightIsTheLightRadius(t *testing.T) {
	g := newTiny(t, 1,
		"############",
		"#.W...P...E#",
		"######.#####",
		"#K.....#####",
		"############")
	if g.canSee(g.monsterAt(0), g.seats[0].Pos, WandererSight) {
		t.Fatalf("a wanderer 4 tiles away must not see the player (sight %d)", WandererSight)
	}
	g = newTiny(t, 1,
		"############",
		"#.W..P....E#",
		"######.#####",
		"#K.....#####",
		"############")
	play(t, g, ".")
	if m := g.mons[0]; !m.HasTarget || m.Target != (Point{5, 1}) {
		t.Errorf("a wanderer 3 tiles away in line of sight must see the player: %+v", m)
	}
}

// The seat hears the hunters that hear it: kind, distance, direction — not
// the tile — and is told once, when one starts to hear it.
func TestTheSeatHearsTheHunter(t *testing.T) {
	g := newTiny(t, 1,
		"###########",
		"#.........#",
		"#.........#",
		"#.........#",
		"#P........#",
		"#.........#",
		"#K.......E#",
		"###########")
	g.mons = append(g.mons, monster{Kind: Hunter, Pos: Point{5, 1}, Prev: Point{5, 1}, Dir: -1})
	g.mons[0].Frozen = 100 // it stays where it is, hearing
	ev := play(t, g, "d")  // (2,4): hunter at (5,1) is 3+3 = 6 steps, north-east
	var heard []Event
	for _, e := range ev {
		if e.Kind == EvHeard {
			heard = append(heard, e)
		}
	}
	if len(heard) != 1 || heard[0].Dist != 6 || heard[0].Dir != NorthEast || heard[0].Monster != Hunter {
		t.Fatalf("stepping within 6 steps of a hunter: heard events %+v, want one, 6 steps north-east", heard)
	}
	if heard[0].Pos == g.monsterAt(0) {
		t.Errorf("the heard event gives away the hunter's tile")
	}
	n := Narrator{Seat: 1, FirstPerson: true, Players: 1}
	if got := n.Say(heard[0]); got != "A hunter has heard you: 6 steps, north-east." {
		t.Errorf("narrator: %q", got)
	}
	v := g.View(1)
	if len(v.Heard) != 1 || v.Heard[0] != (HeardHunter{Kind: Hunter, Dist: 6, Dir: NorthEast}) {
		t.Fatalf("the View's heard hunters: %+v", v.Heard)
	}
	for _, m := range v.Monsters {
		if m.Pos == g.monsterAt(0) {
			t.Errorf("a hunter out of light is in the View's monsters: %+v", m)
		}
	}
	data, _ := json.Marshal(v)
	if !strings.Contains(string(data), `"heard":[{"kind":"H","dist":6,"dir":"NE"}]`) {
		t.Errorf("wire form lacks the heard hunter: %s", data)
	}
	// Told once: the next step keeps it heard without a new event.
	ev = play(t, g, "w")
	if hasEvent(ev, EvHeard) {
		t.Errorf("a hunter that already hears the seat is told again: %v", ev)
	}
	if v := g.View(1); len(v.Heard) != 1 || v.Heard[0].Dist != 5 || v.Heard[0].Dir != NorthEast {
		t.Errorf("one step nearer: %+v, want 5 steps north-east", v.Heard)
	}
	// Out of range: the line goes, and coming back tells again.
	play(t, g, "s")
	play(t, g, "a")
	if v := g.View(1); len(v.Heard) != 0 {
		t.Errorf("7 steps away the hunter still hears: %+v", v.Heard)
	}
	ev = play(t, g, "d")
	if !hasEvent(ev, EvHeard) {
		t.Errorf("coming back within range must tell again: %s", kinds(ev))
	}
}

// In co-op each seat hears only what hears it; the team view lists both,
// each by its seat.
func TestHearingIsEachSeats(t *testing.T) {
	g := newTiny(t, 2,
		"#################",
		"#P.............P#",
		"#...............#",
		"#...............#",
		"#K.............E#",
		"#################")
	g.mons = append(g.mons, monster{Kind: Hunter, Pos: Point{12, 3}, Prev: Point{12, 3}, Dir: -1, Frozen: 100})
	play(t, g, ".")
	ev := play(t, g, ".")
	n1 := Narrator{Seat: 1, FirstPerson: true, Players: 2}
	for _, e := range ev {
		if e.Kind == EvHeard && n1.Say(e) != "" {
			t.Errorf("seat 1 is told that seat 2 was heard: %q", n1.Say(e))
		}
	}
	if v := g.View(1); len(v.Heard) != 0 {
		t.Errorf("seat 1, 14 steps away, hears %+v (its partner's hunter)", v.Heard)
	}
	if v := g.View(2); len(v.Heard) != 1 || v.Heard[0].Dist != 5 || v.Heard[0].Dir != SouthWest {
		t.Errorf("seat 2 hears %+v, want the hunter 5 steps south-west", v.Heard)
	}
	tv := g.TeamView()
	if len(tv.Heard) != 1 || tv.Heard[0].Seat != 2 {
		t.Errorf("the team view's heard hunters: %+v, want seat 2's", tv.Heard)
	}
	spectator := Narrator{Seat: 0, Players: 2}
	for _, e := range ev {
		if e.Kind == EvHeard && spectator.Say(e) != "" {
			t.Errorf("a spectator is told %q", spectator.Say(e))
		}
	}
}

func TestWindTo(t *testing.T) {
	o := Point{10, 10}
	tests := []struct {
		to   Point
		want Wind
	}{
		{Point{10, 5}, North}, {Point{12, 5}, North}, {Point{13, 5}, NorthEast}, {Point{15, 5}, NorthEast},
		{Point{15, 8}, East}, {Point{15, 12}, East}, {Point{14, 14}, SouthEast}, {Point{10, 11}, South},
		{Point{7, 14}, SouthWest}, {Point{3, 10}, West}, {Point{9, 9}, NorthWest}, {Point{5, 7}, NorthWest},
	}
	for _, tc := range tests {
		if got := WindTo(o, tc.to); got != tc.want {
			t.Errorf("WindTo(%v, %v) = %v, want %v", o, tc.to, got, tc.want)
		}
	}
}

// A game saved before hearing (version 1) is refused, saying why.
func TestVersion1SaveIsRefused(t *testing.T) {
	g, _ := New(Config{Seed: 5, Players: 1})
	m := map[string]any{}
	json.Unmarshal(marshal(t, g), &m)
	m["version"] = 1
	data, _ := json.Marshal(m)
	if _, err := Load(data); !errors.Is(err, ErrOlderRules) {
		t.Fatalf("a version-1 save must be refused as saved under the old rules: %v", err)
	}
}

// A hunter that hears the player and steps out of earshot to cut it off on
// its way to the key is told all the same, with where it was when it heard.
func TestHeardThoughItSteppedAway(t *testing.T) {
	g := newTiny(t, 1,
		"+-----------+",
		"|P.........K|",
		"|.+-------+.|",
		"|......H...E|",
		"+-----------+")
	play(t, g, "s")
	ev := play(t, g, "s") // (1,3): 6 steps; it heads east, to (10,3), out of earshot
	if got := g.monsterAt(0); got != (Point{8, 3}) {
		t.Fatalf("setup: the hunter should step east to cut the player off: at %v", got)
	}
	var heard []Event
	for _, e := range ev {
		if e.Kind == EvHeard {
			heard = append(heard, e)
		}
	}
	if len(heard) != 1 || heard[0].Dist != 6 || heard[0].Dir != East {
		t.Fatalf("heard events %+v, want one: 6 steps, east", heard)
	}
	if v := g.View(1); len(v.Heard) != 0 {
		t.Errorf("7 steps away after its step, it no longer hears: %+v", v.Heard)
	}
	// Between actions, a game saved and loaded tells the same.
	loaded, err := Load(marshal(t, g))
	if err != nil {
		t.Fatal(err)
	}
	e1, _ := g.Apply(1, Skip)
	e2, _ := loaded.Apply(1, Skip)
	if kinds(e1) != kinds(e2) {
		t.Errorf("after loading: %s, want %s", kinds(e2), kinds(e1))
	}
}
