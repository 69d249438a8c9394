package minotaur

import (
	"time"

	tea "github.com/charmbracelet/bubbletea"

	"github.com/minotaur-game/minotaur/engine"
	"github.com/minotaur-game/minotaur/tui/screen"
)

// Travel and explore (docs/guide.md, "Look, travel, explore"): the game
// screen walks the player along a shortest path over the map as the
// player knows it — the key, the exit, a clicked tile, or (explore) the
// nearest tile at the edge of the unknown — one ordinary move per tick,
// so that the player sees every step and replays and the server see
// nothing but moves. A trip stops before its next step when anything new
// needs the player: a message (a sighting, an item taken, the Minotaur's
// aim, a refusal), a monster, item or mark that was not in view, the
// level's end, or a key.
// Everything is computed from the View only: nothing hidden is used.

// defaultStepDelay is the pause between two steps of a trip.
const defaultStepDelay = 60 * time.Millisecond

// trip is a walk under way.
type trip struct {
	gen     int          // the trip's number: ticks of an older trip are ignored
	explore bool         // to the nearest unknown edge, else to goal
	goal    engine.Point // where a travel goes
	seen    sighting     // what was in view before the last step
	// waiting is set while a remote session's answer to a step is on its
	// way (the step's events come back as an EventsMsg).
	waiting bool
}

// travelStepMsg asks the game screen for the next step of trip gen.
type travelStepMsg struct{ gen int }

// sighting is what a trip watches in a View: the monsters in light, the
// items known and the Minotaur's marks.
type sighting struct {
	monsters map[engine.Point]engine.MonsterKind
	items    map[engine.Point]byte
	marks    map[engine.Point]bool
}

func sightingOf(v *engine.View) sighting {
	s := sighting{monsters: map[engine.Point]engine.MonsterKind{}, items: map[engine.Point]byte{}, marks: map[engine.Point]bool{}}
	for _, m := range v.Monsters {
		s.monsters[m.Pos] = m.Kind
	}
	for i, c := range v.Map {
		if isItem(c) {
			s.items[engine.Point{X: i % v.Cols, Y: i / v.Cols}] = c
		}
	}
	for _, p := range v.Marks {
		s.marks[p] = true
	}
	return s
}

// news returns what now shows that s did not — a monster kind, an item
// or a mark (a monster that moved within the light is not news) — as a
// message to tell when a trip stops for it ("" when it tells itself, or
// there is nothing new), and whether there is anything.
func (s sighting) news(now sighting) (string, bool) {
	kinds := map[engine.MonsterKind]int{}
	for _, k := range s.monsters {
		kinds[k]++
	}
	for _, k := range now.monsters {
		if kinds[k] == 0 {
			return "", true // its sighting is told
		}
		kinds[k]--
	}
	for p, c := range now.items {
		if s.items[p] != c {
			return "You spot " + itemName(c) + ".", true
		}
	}
	for p := range now.marks {
		if !s.marks[p] {
			return "", true // the Minotaur's aim is told
		}
	}
	return "", false
}

// itemName names an item's map character with its article.
func itemName(c byte) string {
	switch c {
	case 'K':
		return "the key"
	case '*':
		return "a freeze"
	case '^':
		return "a torch"
	}
	return "a compass"
}

func isItem(c byte) bool { return c == 'K' || c == '*' || c == '^' || c == '?' }

// walkable reports whether a trip may step on the tile at i of v: known
// floor or an item, never the exit (stepping on it ends the level, or
// bumps it when locked) unless it is the goal and open.
func walkable(v *engine.View, i int) bool {
	c := v.Map[i]
	return c == '.' || isItem(c)
}

// tripPath returns the first step from the seat's tile along a shortest
// known path to goal (explore: to the nearest known tile beside an unknown
// one), the tile it leads to, and false when there is none. It avoids the
// monsters in view, the Minotaur's marks, and every dead end whose mouth
// is near a tile in seen, where monsters were seen lately (guard.go); ties
// go up, left, down, right.
func tripPath(v *engine.View, seat int, explore bool, goal engine.Point, seen []engine.Point) (engine.Action, engine.Point, bool) {
	me, ok := v.Player(seat)
	if !ok || me.State != engine.Active || len(v.Map) < v.Rows*v.Cols {
		return 0, engine.Point{}, false
	}
	n := v.Rows * v.Cols
	blocked := make([]bool, n)
	idx := func(p engine.Point) (int, bool) {
		if p.X < 0 || p.Y < 0 || p.X >= v.Cols || p.Y >= v.Rows {
			return 0, false
		}
		return p.Y*v.Cols + p.X, true
	}
	for _, m := range v.Monsters {
		if i, ok := idx(m.Pos); ok {
			blocked[i] = true
		}
	}
	for _, p := range v.Marks {
		if i, ok := idx(p); ok {
			blocked[i] = true
		}
	}
	start, _ := idx(me.Pos)
	gi, gok := idx(goal)
	if !explore && (!gok || gi == start || blocked[gi]) {
		return 0, engine.Point{}, false
	}
	guarded := guardedPockets(v, start, func(i int) bool { return !blocked[i] && walkable(v, i) }, seen)
	if guarded != nil {
		for i, g := range guarded {
			blocked[i] = blocked[i] || g
		}
		if !explore && blocked[gi] {
			return 0, engine.Point{}, false
		}
	}
	frontier := func(i int) bool {
		p := engine.Point{X: i % v.Cols, Y: i / v.Cols}
		for _, d := range steps {
			if j, ok := idx(engine.Point{X: p.X + d.dx, Y: p.Y + d.dy}); ok && v.Map[j] == ' ' {
				return true
			}
		}
		return false
	}
	first := make([]int8, n) // the first step (1-4) that reached each tile; 0 unreached
	first[start] = -1
	queue := []int{start}
	for len(queue) > 0 {
		i := queue[0]
		queue = queue[1:]
		if i != start && ((explore && frontier(i)) || (!explore && i == gi)) {
			a := steps[first[i]-1]
			return a.a, engine.Point{X: me.Pos.X + a.dx, Y: me.Pos.Y + a.dy}, true
		}
		p := engine.Point{X: i % v.Cols, Y: i / v.Cols}
		for k, d := range steps {
			j, ok := idx(engine.Point{X: p.X + d.dx, Y: p.Y + d.dy})
			if !ok || first[j] != 0 || blocked[j] {
				continue
			}
			if !walkable(v, j) && !(j == gi && !explore && v.Map[j] == 'E' && v.Key) {
				continue
			}
			if first[i] == -1 {
				first[j] = int8(k + 1)
			} else {
				first[j] = first[i]
			}
			queue = append(queue, j)
		}
	}
	return 0, engine.Point{}, false
}

// steps are the four moves in the engine's tie-break order.
var steps = [4]struct {
	a      engine.Action
	dx, dy int
}{{engine.Up, 0, -1}, {engine.Left, -1, 0}, {engine.Down, 0, 1}, {engine.Right, 1, 0}}

// findOnMap returns the tile where the map shows c.
func findOnMap(v *engine.View, c byte) (engine.Point, bool) {
	for i, m := range v.Map {
		if m == c {
			return engine.Point{X: i % v.Cols, Y: i / v.Cols}, true
		}
	}
	return engine.Point{}, false
}

// stepDelay is the pause between two steps of a trip.
func (g *gameScreen) stepDelay() time.Duration {
	if d := g.c.cfg.StepDelay; d > 0 {
		return d
	}
	return defaultStepDelay
}

// travelKey starts a travel to the key, or to the exit once the key is
// found; to the compass's last mark while the goal is not seen but the
// compass shows the way.
func (g *gameScreen) travelKey() (screen.Nav, tea.Cmd) {
	v := g.b.view
	if !g.mayMove() {
		return screen.Stay, nil
	}
	goal, what := byte('K'), "key"
	if v.Key {
		goal, what = 'E', "exit"
	}
	p, ok := findOnMap(&v, goal)
	if !ok {
		// The compass marks the way to the goal not yet seen: follow them
		// to the last one on a known tile.
		for i := len(v.Compass) - 1; i >= 0; i-- {
			if noTravel(&v, v.Compass[i]) == "" {
				return g.startTrip(false, v.Compass[i], "compass's last mark")
			}
		}
	}
	if !ok {
		g.b.refused("You have not seen the " + what + " yet: O explores.")
		return screen.Stay, nil
	}
	return g.startTrip(false, p, what)
}

// mayMove reports whether the seat may move now, and tells why not
// (off the board, or the partner's turn) as a refused move would.
func (g *gameScreen) mayMove() bool {
	v := &g.b.view
	if me, ok := v.Player(g.sess.Seat()); ok && me.State != engine.Active {
		g.b.refused(actionError(engine.ErrSeatInactive))
		return false
	}
	if !v.YourTurn {
		g.b.refused(actionError(engine.ErrNotYourTurn))
		return false
	}
	return true
}

// startTrip begins a walk (explore, or to goal, named what for the
// messages) and takes its first step at once.
func (g *gameScreen) startTrip(explore bool, goal engine.Point, what string) (screen.Nav, tea.Cmd) {
	v := g.b.view
	if !g.mayMove() {
		return screen.Stay, nil
	}
	for _, m := range v.Monsters {
		if !m.Frozen {
			g.b.refused("Not with " + m.Kind.Called() + " in sight: step by step.")
			return screen.Stay, nil
		}
	}
	if me, ok := v.Player(g.sess.Seat()); ok && !explore && me.Pos == goal {
		g.b.refused("You are there already.")
		return screen.Stay, nil
	}
	if _, _, ok := tripPath(&v, g.sess.Seat(), explore, goal, g.seen.points(&v)); !ok {
		_, _, unguarded := tripPath(&v, g.sess.Seat(), explore, goal, nil)
		switch {
		case unguarded && explore:
			g.b.refused("A monster was seen near the only way out of what is left to explore: step by step.")
		case unguarded:
			g.b.refused("A monster was seen near the only way out of there: step by step.")
		case explore:
			g.b.refused("Nothing left to explore that you can reach.")
		default:
			g.b.refused("No known way to the " + what + ".")
		}
		return screen.Stay, nil
	}
	g.tripGen++
	g.trip = &trip{gen: g.tripGen, explore: explore, goal: goal}
	return g.tripStep()
}

// stopTrip ends the walk under way, if any.
func (g *gameScreen) stopTrip() {
	if g.trip != nil {
		g.trip = nil
		g.b.touch()
	}
}

// tripStep takes the next step of the trip, or ends it when it has
// arrived or can go no further.
func (g *gameScreen) tripStep() (screen.Nav, tea.Cmd) {
	t := g.trip
	if t == nil || t.waiting {
		return screen.Stay, nil
	}
	v := g.sess.View()
	if !v.YourTurn {
		if g.sess.Info().Players > 1 {
			// A co-op partner is to move: the trip goes on when the
			// server says it is this seat's turn again.
			t.waiting = true
			return screen.Stay, nil
		}
		g.stopTrip()
		return screen.Stay, nil
	}
	a, _, ok := tripPath(&v, g.sess.Seat(), t.explore, t.goal, g.seen.points(&v))
	if !ok {
		g.stopTrip()
		_, _, unguarded := tripPath(&v, g.sess.Seat(), t.explore, t.goal, nil)
		switch {
		case unguarded:
			g.b.say("A monster was seen near the only way out of there: step by step.")
		case t.explore:
			g.b.say("Nothing left to explore that you can reach.")
		}
		return screen.Stay, nil
	}
	t.seen = sightingOf(&v)
	ev, err := g.sess.Act(a)
	if err != nil {
		g.stopTrip()
		g.b.refused(actionError(err))
		return screen.Stay, nil
	}
	if ev == nil {
		// A remote session: the step's events come as an EventsMsg.
		t.waiting = true
		return screen.Stay, nil
	}
	return g.apply(ev)
}

// tripAfter decides, after a batch of events has been shown, whether the
// trip goes on: it stops when any of them was worth a message or the view
// shows something new; else the next step comes after a tick (at once for
// a remote session waiting for this seat's turn).
func (g *gameScreen) tripAfter(ev []engine.Event) tea.Cmd {
	t := g.trip
	if t == nil {
		return nil
	}
	n := narrator(g.sess)
	for _, e := range ev {
		if n.Say(e) != "" {
			g.stopTrip()
			return nil
		}
	}
	v := g.b.view
	for _, m := range v.Monsters {
		if !m.Frozen {
			g.stopTrip() // a monster in light that can move: the player decides
			return nil
		}
	}
	if t.seen.monsters != nil {
		if why, ok := t.seen.news(sightingOf(&v)); ok {
			g.stopTrip()
			if why != "" {
				g.b.say(why)
			}
			return nil
		}
	}
	if !t.explore {
		if me, ok := v.Player(g.sess.Seat()); ok && me.Pos == t.goal {
			g.stopTrip()
			return nil
		}
	}
	t.waiting = false
	if !v.YourTurn {
		if g.sess.Info().Players > 1 {
			t.waiting = true // the partner's move comes next
			return nil
		}
		g.stopTrip()
		return nil
	}
	gen := t.gen
	return tea.Tick(g.stepDelay(), func(time.Time) tea.Msg { return travelStepMsg{gen} })
}

// clickTravel travels to the tile under a mouse click, when the player
// knows a way there.
func (g *gameScreen) clickTravel(p engine.Point) (screen.Nav, tea.Cmd) {
	v := g.b.view
	if why := noTravel(&v, p); why != "" {
		g.b.refused(why)
		return screen.Stay, nil
	}
	return g.startTrip(false, p, "tile")
}

// noTravel says why travel cannot go to tile p, or "" when it may try.
func noTravel(v *engine.View, p engine.Point) string {
	i := p.Y*v.Cols + p.X
	switch {
	case p.X < 0 || p.Y < 0 || p.X >= v.Cols || i >= len(v.Map) || i >= len(v.Light) ||
		v.Map[i] == ' ' || v.Light[i] == engine.Unseen:
		return "You have not seen that tile: travel goes only to tiles you know."
	case v.Map[i] == 'E' && !v.Key:
		return "The exit is locked — find the key."
	case !walkable(v, i) && v.Map[i] != 'E':
		return "That is a wall: travel goes to floor, items and the exit."
	}
	return ""
}
