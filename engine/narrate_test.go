package engine

import (
	"strings"
	"testing"
)

// TestNarrator: one narrator words every event for every viewer — "You"
// on one's own screen, the partner by name (or "Your partner"), and every
// player by name for a protocol client or a spectator; a bump is told only
// to the player who bumped.
func TestNarrator(t *testing.T) {
	names := [2]string{"ann", "bo"}
	screen1 := Narrator{Seat: 1, Names: names, FirstPerson: true, Players: 2}
	anon := Narrator{Seat: 1, FirstPerson: true, Players: 2}
	wire2 := Narrator{Seat: 2, Names: names, Players: 2}
	watcher := Narrator{Names: names, Players: 2}
	solo := Narrator{Seat: 1, FirstPerson: true, Players: 1}
	sc := ScoreLevel(2, 50, 1)
	tests := []struct {
		n    Narrator
		e    Event
		want string
	}{
		{screen1, Event{Kind: EvBumpedWall, Seat: 1}, "A wall blocks the way."},
		{wire2, Event{Kind: EvBumpedWall, Seat: 1}, ""},
		{watcher, Event{Kind: EvBumpedExit, Seat: 1}, ""},
		{screen1, Event{Kind: EvBumpedExit, Seat: 1}, "The exit is locked — find the key."},
		{screen1, Event{Kind: EvNoFreeze, Seat: 1}, "Your pocket holds no freeze."},
		{screen1, Event{Kind: EvSkipped, Seat: 1}, "You wait."},
		{wire2, Event{Kind: EvSkipped, Seat: 2}, ""},
		{screen1, Event{Kind: EvTookKey, Seat: 1}, "You took the key: the exit is open."},
		{screen1, Event{Kind: EvTookKey, Seat: 2}, "bo took the key: the exit is open."},
		{anon, Event{Kind: EvTookKey, Seat: 2}, "Your partner took the key: the exit is open."},
		{wire2, Event{Kind: EvTookKey, Seat: 2}, "bo took the key: the exit is open."},
		{watcher, Event{Kind: EvTookBonus, Seat: 1, Item: Torch}, "ann took a torch (+20)."},
		{screen1, Event{Kind: EvTookBonus, Seat: 1, Item: Freeze}, "You pocketed a freeze (+20): F uses it."},
		{wire2, Event{Kind: EvFroze, Seat: 1}, "ann used a freeze: the monsters skip their next 3 actions."},
		{screen1, Event{Kind: EvCompass, Seat: 1, Item: Key}, "The compass marks the way to the key."},
		{screen1, Event{Kind: EvCompass, Seat: 1}, "The compass marks the way to the exit."},
		{screen1, Event{Kind: EvCaught, Seat: 1, Monster: Hunter}, "You were caught by a hunter!"},
		{screen1, Event{Kind: EvCaught, Seat: 2, Monster: Minotaur}, "bo was caught by the Minotaur."},
		{screen1, Event{Kind: EvMinotaurAims}, "The Minotaur is about to leap: leave the marked area!"},
		{watcher, Event{Kind: EvLevelPassed, Score: sc}, "Level 2 passed: 370 points (100 + 250 time bonus + 20 for bonuses)."},
		{screen1, Event{Kind: EvSeatAway, Seat: 2}, "bo is away."},
		{screen1, Event{Kind: EvSeatEnters, Seat: 1}, "You are back on the board, at your start."},
		{solo, Event{Kind: EvGameWon}, "You escaped the labyrinth: you won!"},
		{screen1, Event{Kind: EvGameWon}, "The team escaped the labyrinth: you won!"},
		{solo, Event{Kind: EvGameLost}, "Game over."},
		{watcher, Event{Kind: EvMoved, Seat: 1}, ""},
	}
	for _, tc := range tests {
		if got := tc.n.Say(tc.e); got != tc.want {
			t.Errorf("%+v tells %v as %q, want %q", tc.n, tc.e, got, tc.want)
		}
	}
	// Every event kind a player can meet has words for somebody.
	for k := EvMoved; int(k) < len(eventNames); k++ {
		if k == EvMoved {
			continue
		}
		e := Event{Kind: k, Seat: 1, Item: Torch, Monster: Hunter, Level: 1}
		if screen1.Say(e) == "" && watcher.Say(e) == "" {
			t.Errorf("%v has no words", k)
		}
	}
	told := wire2.Told([]Event{{Kind: EvBumpedWall, Seat: 1}, {Kind: EvTookKey, Seat: 2}, {Kind: EvNoFreeze, Seat: 2}})
	if len(told) != 2 || told[0].Kind != EvTookKey || told[1].Kind != EvNoFreeze {
		t.Errorf("seat 2 is told %v", told)
	}
	if s := strings.Join(screen1.Sentences([]Event{{Kind: EvMoved, Seat: 1}, {Kind: EvTookKey, Seat: 1}}), "|"); s != "You took the key: the exit is open." {
		t.Errorf("sentences %q", s)
	}
}
