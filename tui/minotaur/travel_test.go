package minotaur

import (
	"strings"
	"testing"
	"time"

	tea "github.com/charmbracelet/bubbletea"

	"github.com/minotaur-game/minotaur/engine"
	"github.com/minotaur-game/minotaur/internal/testboard"
	"github.com/minotaur-game/minotaur/tui/screen"
)

// travelDriver starts a game of the hand-drawn level at 80×24.
func travelDriver(t *testing.T, rows ...string) *driver {
	t.Helper()
	lv := testboard.Level(t, rows...)
	cfg := testConfig(t, 1)
	cfg.Levels = Campaign{{Level: lv, Text: strings.Join(rows, "\n") + "\n"}}
	cfg.StepDelay = time.Nanosecond
	d := newDriver(t, cfg, 80, 24)
	d.keys("<enter>")
	return d
}

func playerAt(t *testing.T, d *driver) engine.Point {
	t.Helper()
	v := d.game().View(1)
	p, ok := v.Player(1)
	if !ok {
		t.Fatal("no player 1")
	}
	return p.Pos
}

// TestTravelToKeyAndExit: the key seen and left behind is walked back to
// with `>`, and T then walks to the exit and out.
func TestTravelToKeyAndExit(t *testing.T) {
	d := travelDriver(t,
		"+-----------+",
		"|..K.P.....E|",
		"+-----------+",
	)
	d.keys("dddd") // the key, seen at the start, is now remembered
	if v := d.game().View(1); v.Key {
		t.Fatal("the key is taken already")
	}
	d.keys(">")
	g := d.game()
	if v := g.View(1); !v.Key || playerAt(t, d) != (engine.Point{X: 3, Y: 1}) {
		t.Fatalf("travel did not reach the key: at %v\n%s", playerAt(t, d), d.screen())
	}
	if g.View(1).Turn != 10 {
		t.Fatalf("turn %d after 4 steps and 6 of travel, want 10", g.View(1).Turn)
	}
	d.keys("T")
	if d.m.Screen() == "game" {
		t.Fatalf("travel to the open exit did not pass the level:\n%s", d.screen())
	}
}

// sightingLevel: a hunter waits in the dark down the corridor; it hears
// the player before it is seen.
var sightingLevel = []string{
	"+---------------+",
	"|KP.............|",
	"|.......H.......|",
	"|...............|",
	"|.............E.|",
	"+---------------+",
}

// TestTravelStopsAtSighting: travel to a far tile stops before the step
// after a monster comes into light: the sighting is the latest turn's
// message, and the trip is over.
func TestTravelStopsAtSighting(t *testing.T) {
	d := travelDriver(t, sightingLevel...)
	d.keys("Xdddss<enter>") // look at a known floor tile, go there
	sightedNow(t, d)
	if p := playerAt(t, d); p == (engine.Point{X: 5, Y: 3}) {
		t.Fatalf("travel arrived before the hunter was seen: the test shows nothing")
	}
	// The hunter, which heard the player, comes into sight: then travel
	// refuses to start.
	for i := 0; i < 6 && len(d.game().View(1).Monsters) == 0; i++ {
		d.keys(" ")
	}
	turn := d.game().View(1).Turn
	d.keys(">")
	if got := d.game().View(1).Turn; got != turn || !strings.Contains(d.screen(), "in sight") {
		t.Fatalf("travel started with a hunter in light (turn %d):\n%s", got, d.screen())
	}
}

// sightedNow fails unless the latest step of the game screen brought a
// sighting or a hunter's hearing (each stops a trip) and no step came
// after it.
func sightedNow(t *testing.T, d *driver) {
	t.Helper()
	g := d.m.game()
	if g == nil {
		t.Fatalf("the game is over:\n%s", d.screen())
	}
	last := g.b.log[len(g.b.log)-1]
	if !strings.HasPrefix(last.text, "You see a") && !strings.HasPrefix(last.text, "A hunter has heard you") || last.batch != g.b.turn {
		t.Fatalf("the last turn's message is %q (turn %d of %d): a step was taken after the sighting\n%s",
			last.text, last.batch, g.b.turn, d.screen())
	}
	if g.trip != nil {
		t.Fatal("the trip goes on after the sighting")
	}
	if d.game().View(1).Result != engine.InProgress {
		t.Fatal("the trip walked into the monster")
	}
}

// TestKeyStopsTravel: a key typed while travelling stops it before the
// next step, and does nothing else.
func TestKeyStopsTravel(t *testing.T) {
	d := travelDriver(t,
		"+-----------+",
		"|..K.P.....E|",
		"+-----------+",
	)
	d.keys("dddd")
	start := playerAt(t, d)
	_, next := d.m.Update(tea.KeyMsg{Type: tea.KeyRunes, Runes: []rune{'>'}}) // the first step, and the tick of the next
	if next == nil {
		t.Fatal("travel asks for no next step")
	}
	if p := playerAt(t, d); p.X != start.X-1 {
		t.Fatalf("the first step was not taken at once: at %v from %v", p, start)
	}
	d.keys("s") // a key: stops, and does not step down (a wall) or anywhere
	d.run(next) // the old tick comes in
	if p := playerAt(t, d); p.X != start.X-1 || d.game().View(1).Turn != 5 {
		t.Fatalf("travel went on after a key: at %v, turn %d", p, d.game().View(1).Turn)
	}
	if strings.Contains(d.screen(), "A wall blocks") {
		t.Fatal("the key that stopped travel was played as a move")
	}
}

// known counts the tiles the player knows.
func known(v engine.View) int {
	n := 0
	for _, c := range v.Map {
		if c != ' ' {
			n++
		}
	}
	return n
}

// TestExploreRevealsAndStops: O walks into the unknown, revealing tiles,
// and stops when a monster comes into light.
// (A spotted item stops it too: TestExploreStopsAtItem.)
func TestExploreRevealsAndStops(t *testing.T) {
	d := travelDriver(t,
		"+-------------------+",
		"|P..................|",
		"|...................|",
		"|----------------H..|",
		"|E.........K........|",
		"+-------------------+",
	)
	before := known(d.game().View(1))
	d.keys("O")
	v := d.game().View(1)
	if known(v) <= before || v.Turn == 0 {
		t.Fatalf("explore revealed nothing (%d tiles known, %d before; turn %d)", known(v), before, v.Turn)
	}
	sightedNow(t, d)
}

// TestLookFrozenAndUnseen: the look cursor names a frozen hunter's state
// and an unseen tile, and spends no turn.
func TestLookFrozenAndUnseen(t *testing.T) {
	d := travelDriver(t,
		"+-------------+",
		"|P*..H.......K|",
		"|.+---------+.|",
		"|E............|",
		"+-------------+",
	)
	d.keys("dF") // pocket the freeze, use it
	v := d.game().View(1)
	if len(v.Monsters) != 1 || !v.Monsters[0].Frozen {
		t.Fatalf("no frozen hunter in light: %+v\n%s", v.Monsters, d.screen())
	}
	turn := v.Turn
	d.keys("X")
	for i := playerAt(t, d).X; i < v.Monsters[0].Pos.X; i++ {
		d.keys("d")
	}
	if scr := d.screen(); !strings.Contains(scr, "hunter, frozen") {
		t.Fatalf("look does not name the frozen hunter:\n%s", scr)
	}
	d.keys("dddddddd") // past the light and the penumbra
	if scr := d.screen(); !strings.Contains(scr, "Look: unseen") {
		t.Fatalf("look does not say the tile is unseen:\n%s", scr)
	}
	// Enter on it says why travel cannot go there, and look goes on.
	d.keys("<enter>")
	if scr := d.screen(); !strings.Contains(scr, "You have not seen that tile") || d.m.game().b.cursor == nil {
		t.Fatalf("Enter on an unseen tile is not answered, or leaves look:\n%s", scr)
	}
	d.keys("<esc>")
	if d.m.game().b.cursor != nil || d.game().View(1).Turn != turn {
		t.Fatal("Esc did not leave look, or look spent a turn")
	}
	if strings.Contains(d.screen(), "Look:") {
		t.Fatal("the look line stays after Esc")
	}
}

// TestClickTravels: a left click on a known floor tile walks there.
func TestClickTravels(t *testing.T) {
	d := travelDriver(t,
		"+-----------+",
		"|P.........E|",
		"|.---------.|",
		"|K..........|",
		"+-----------+",
	)
	lines := strings.Split(d.screen(), "\n")
	y := -1
	var px, wx int
	for i, l := range lines {
		if j := strings.IndexByte(l, 'P'); j >= 0 && strings.Contains(l[:j], "|") {
			y, wx, px = i, strings.LastIndexByte(l[:j], '|'), j
			break
		}
	}
	if y < 0 {
		t.Fatalf("no player on screen:\n%s", d.screen())
	}
	cw := px - wx // columns of a tile
	d.send(tea.MouseMsg{X: wx + 4*cw, Y: y, Action: tea.MouseActionPress, Button: tea.MouseButtonLeft})
	if p := playerAt(t, d); p != (engine.Point{X: 4, Y: 1}) {
		t.Fatalf("a click on tile (4,1) walked to %v:\n%s", p, d.screen())
	}
}

// TestExploreStopsAtItem: explore stops when an item comes into view, and
// says so.
func TestExploreStopsAtItem(t *testing.T) {
	rows := []string{
		"+-----------------+",
		"|P.........^......|",
		"|----------------.|",
		"|E........K.......|",
		"+-----------------+",
	}
	ref := travelDriver(t, rows...)
	steps := 0
	for ref.game().View(1).Map[1*19+11] != '^' {
		ref.keys("d")
		if steps++; steps > 10 {
			t.Fatal("walking right never shows the torch")
		}
	}
	d := travelDriver(t, rows...)
	d.keys("O")
	v := d.game().View(1)
	if !strings.Contains(d.screen(), "You spot a torch.") || v.Torch {
		t.Fatalf("explore did not stop on spotting the torch:\n%s", d.screen())
	}
	if v.Turn != steps {
		t.Fatalf("explore stopped on turn %d; the torch shows on turn %d", v.Turn, steps)
	}
}

// serverSession is a co-op seat played through a server, as the game
// screen sees one: Act sends the move and returns no events; they come
// back later as an EventsMsg (here, when the test delivers them).
type serverSession struct {
	g       *engine.Game
	acts    int
	pending []engine.Event
}

func (s *serverSession) Seat() int         { return 1 }
func (s *serverSession) View() engine.View { return s.g.View(1) }
func (s *serverSession) Act(a engine.Action) ([]engine.Event, error) {
	if s.g.Turn() != 1 {
		return nil, engine.ErrNotYourTurn
	}
	ev, err := s.g.Apply(1, a)
	s.acts++
	s.pending = ev
	return nil, err
}
func (s *serverSession) Next() tea.Cmd { return nil }
func (s *serverSession) Info() SessionInfo {
	return SessionInfo{Players: 2, Names: []string{"ada", "bob"}, Online: []bool{true, true}}
}
func (s *serverSession) End() tea.Cmd { return nil }

// TestCoopTravelWaitsForTurn: in co-op a trip takes one step on each of
// the seat's turns — never while the partner is to move — and goes on
// when the partner has moved.
func TestCoopTravelWaitsForTurn(t *testing.T) {
	lv := testboard.Level(t,
		"+-----------+",
		"|..K.P.....E|",
		"|....P......|",
		"+-----------+",
	)
	g, err := engine.New(engine.Config{Seed: 1, Players: 2, Levels: []engine.Level{lv}})
	if err != nil {
		t.Fatal(err)
	}
	cfg := testConfig(t, 1)
	cfg.StepDelay = time.Nanosecond
	d := newDriver(t, cfg, 80, 24)
	s := &serverSession{g: g}
	d.m.Stack = []screen.Screen{newGameScreen(d.m.c, s)}
	d.keys(">")
	for round := 1; round <= 2; round++ {
		if s.acts != round {
			t.Fatalf("round %d: %d steps sent", round, s.acts)
		}
		d.send(EventsMsg{Events: s.pending}) // the server's answer to the step
		if s.acts != round {
			t.Fatalf("round %d: a step was sent while the partner was to move", round)
		}
		ev, err := g.Apply(2, engine.Skip) // the partner moves
		if err != nil {
			t.Fatal(err)
		}
		d.send(EventsMsg{Events: ev})
	}
	v := g.View(1)
	p, _ := v.Player(1)
	if !v.Key || p.Pos != (engine.Point{X: 3, Y: 1}) || s.acts != 2 {
		t.Fatalf("co-op travel: at %v with the key %v after %d steps\n%s", p.Pos, v.Key, s.acts, d.screen())
	}
	if strings.Contains(d.screen(), "partner's turn") {
		t.Fatalf("a step was refused:\n%s", d.screen())
	}
	// On the partner's turn, travel is refused like a move.
	d.keys("d")
	d.send(EventsMsg{Events: s.pending})
	d.keys("T")
	if s.acts != 3 || !strings.Contains(d.screen(), "Wait: it is your partner's turn.") || d.m.game().trip != nil {
		t.Fatalf("travel on the partner's turn: %d steps sent, trip %v\n%s", s.acts, d.m.game().trip, d.screen())
	}
}

// TestClickInLook: in look mode a click moves the cursor (and names the
// tile) instead of travelling.
func TestClickInLook(t *testing.T) {
	d := travelDriver(t,
		"+-----------+",
		"|P.........E|",
		"|.---------.|",
		"|K..........|",
		"+-----------+",
	)
	d.keys("X")
	g := d.m.game()
	l := g.b.layout(80, 24)
	cw := 1
	if l.wide {
		cw = 2
	}
	d.send(tea.MouseMsg{X: l.margin + 3*cw, Y: 2, Action: tea.MouseActionPress, Button: tea.MouseButtonLeft})
	if c := g.b.cursor; c == nil || *c != (engine.Point{X: 3, Y: 2}) {
		t.Fatalf("the cursor is at %v after a click on (3,2)", c)
	}
	if !strings.Contains(d.screen(), "Look: wall") || d.game().View(1).Turn != 0 {
		t.Fatalf("the click did not name the wall, or spent a turn:\n%s", d.screen())
	}
}

// TestTravelFollowsCompass: with the key not seen, `>` follows the
// compass's marks to the last one instead of answering that the key is
// not seen.
func TestTravelFollowsCompass(t *testing.T) {
	d := travelDriver(t,
		"+-----------------------------+",
		"|P?..........................K|",
		"|.+-------------------------+.|",
		"|E............................|",
		"+-----------------------------+",
	)
	d.keys("d") // the compass: it marks the next tiles toward the key
	v := d.game().View(1)
	if len(v.Compass) == 0 {
		t.Fatalf("no compass marks after taking the compass:\n%s", d.screen())
	}
	if _, ok := findOnMap(&v, 'K'); ok {
		t.Fatal("the key is seen already: the test shows nothing")
	}
	d.keys(">")
	if scr := d.screen(); strings.Contains(scr, "not seen the key") {
		t.Fatalf("> does not follow the compass marks:\n%s", scr)
	}
	if p := playerAt(t, d); p.X <= 2 {
		t.Fatalf("> did not walk along the marks: at %v\n%s", p, d.screen())
	}
}
