package bot

import (
	"cmp"
	"io"
	"slices"

	"github.com/minotaur-game/minotaur/engine"
)

// Reference plays as a skilled player would, from what its seat perceives.
//
// It remembers every monster it has seen, where it was last and how long it
// stays frozen, and moves it on out of its light by the rules a player
// knows, on the map it knows: a hunter keeps its post until it hears the
// player (6 steps, 12 once the key is taken), then chases, or heads for the
// player's way to the key (before the key is seen, it is taken to hold its
// ground); a hunter the View says it hears is placed on a tile that fits the
// distance and direction heard; a wanderer chases a player it sees within 3
// tiles, walks to where it last saw one, and is forgotten a few turns after
// it wanders off; the Minotaur
// rests where it landed and leaps on its marks, every six turns. A monster
// that is not where the rules put it, on a lit tile, is somewhere in the
// dark nearby.
//
// Each turn it tries every action — the four steps, a skip, a freeze from the
// pocket — plays the monsters' answer, and scores the position reached. The
// score rests on a danger map: the turn at which any remembered monster could
// first stand on each tile, whatever it chooses. A tile the player reaches
// strictly before every monster is safe, and a way made of safe tiles cannot
// be cut, so the bot:
//
//   - walks the shortest safe way to its goal — the key once seen, then the
//     exit; else the nearest unknown tile, those out of every tracked
//     hunter's hearing range first (when the key is in sight but known
//     only by a long way round, unknown tiles toward it too), or a bonus a
//     few steps away that does not lose the race to the key — and takes the
//     key, or a bonus, only when a safe way leads on from it;
//   - when no safe way exists, plays its plan forward against the monsters'
//     rules (a chaser of the same speed trailing round a loop never catches
//     up); failing that, plans with the engine's own rules (plan.go): it
//     draws a few worlds that agree with what it has seen, searches each
//     with engine.Sim, and plays the action whose lines do best over them
//     (out of the exit, then alive with the key, then alive); among
//     positions with no safe way it prefers those the monsters need the
//     most turns to reach (up to 6), which also breaks the planner's ties;
//   - uses a freeze when that makes a way safe, or buys much more room, or
//     as soon as a hunter or wanderer in sight chases from 2 steps or less
//     (a chaser of the same speed on its heels never falls back);
//   - counts the Minotaur's marked 3×3 area as deadly at the moment of the
//     leap, so it leaves the area in the two moves it has; when the Minotaur
//     is about to aim, stands only where two moves can leave such an area;
//     never steps on the Minotaur, resting or not;
//   - gives up an unknown tile it has made for without learning anything for
//     16 turns (a hunter guarding the way to the key keeps it circling), and
//     so the compass's marks too: they show the way a hunter waits on.
type Reference struct {
	// Trace, when set, receives each decision's scores (for tuning).
	Trace io.Writer

	k      known
	level  int
	turn   int
	tracks []track
	visits []int32

	// The Minotaur's marks: the marked tiles, the centre, and the turn
	// they appeared.
	markSet []bool
	markCtr int
	aimTurn int
	// nextAim is the turn at whose end the Minotaur next aims (-1: not
	// known); esc marks the tiles from which two moves leave the 3×3 area
	// around them.
	nextAim   int
	esc       []bool
	marksSeen bool

	// Progress: tiles known, and the turn their count last grew; frontier
	// tiles given up (until the turn stored) after a long time without it.
	knownTiles   int
	lastProgress int
	banned       map[int]int
	hadKey       bool
	aimAt        int  // safeBFS: the time the Minotaur aims (0: none)
	openUnknown  bool // safeBFS: unknown tiles count as open (room beyond a target)

	// targets of this decision: the tiles the bot walks to, and the
	// distances to them over the known map ignoring monsters.
	targets   []int
	ftargets  []int
	hsrc      []int // the tiles of the hunters tracked, for awayFromHunters
	compass   []int // the compass's marks on known floor
	bonusGoal bool
	td        []int32
	kwalk     []bool
	xwalk     []bool
	dwalk     []bool
	// dream lets imagined steps beyond the first cross unknown tiles.
	dream bool

	// scratch, reused between turns
	near, kd, gd, dh, sd, ed, hd []int32
	starts                       []int32 // dangerMap: the level each monster starts at
	queue, cur, next             []int32
	pathBuf                      []int
	sim, roll, scratchMons       []track
	nodes                        []node
	open                         openList
	layer                        []openNode
	smons                        []track
	seen                         map[uint64]struct{}
	xd                           []int32 // distances to the exit, the exit open

	// the planner's (plan.go); noPlan turns it off, for tests that
	// compare the bot with and without it
	noPlan bool
	// noAvoid makes the bot explore as if it tracked no hunter
	// (awayFromHunters), for tests that compare it with and without
	noAvoid             bool
	planSeen            hashSet
	planRoot            engine.SimState
	planLayer, planNext []planNode
	planWall, planWalk  []bool
	planKey, planExit   []int32
	planSim             *engine.Sim              // every world's, one after another (Sim.Reset)
	planSteps           int                      // moves played forward in this decision (planBudget)
	planCut             bool                     // the budget cut a world's search short in this decision
	planDepth           int                      // turns searched in the world being searched (planBudget)
	planBonuses         []engine.Placed          // drawWorld's, reused
	planMons            []engine.ImaginedMonster // drawWorld's, reused
}

// track is a monster as the bot remembers it.
type track struct {
	kind   engine.MonsterKind
	pos    int
	seen   int // turn it was last seen in light
	frozen int // actions it still skips
	target int // a wanderer: the tile it walks to, where it last saw the player (-1: none)
}

// NewReference returns a reference bot for one seat.
func NewReference() *Reference { return &Reference{level: -1} }

// minotaurCycle is the number of turns from one aim of the Minotaur to the
// next: two to leap, three resting, one to aim.
const minotaurCycle = 2 + engine.MinotaurRest + 1

// escapes marks the tiles from which a player can leave the 3×3 area
// centred on them in two moves, as the Minotaur's marks demand.
func (b *Reference) escapes() {
	k := &b.k
	if len(b.esc) != k.n {
		b.esc = make([]bool, k.n)
	}
	mino := b.minotaurPos(b.tracks)
	var nb, nb2 [4]int
	for i := 0; i < k.n; i++ {
		b.esc[i] = false
		if !k.pwalk[i] {
			continue
		}
		c := k.neighbours(i, &nb)
		for _, a := range nb[:c] {
			if !k.pwalk[a] || a == mino {
				continue
			}
			c2 := k.neighbours(a, &nb2)
			for _, e := range nb2[:c2] {
				if k.pwalk[e] && e != mino && cheb(k.pt(e), k.pt(i)) >= 2 {
					b.esc[i] = true
				}
			}
		}
	}
}

func cheb(a, b engine.Point) int { return max(abs(a.X-b.X), abs(a.Y-b.Y)) }

// minotaurPos returns the tile of the Minotaur among ms, or -1.
func (b *Reference) minotaurPos(ms []track) int {
	for _, m := range ms {
		if m.kind == engine.Minotaur {
			return m.pos
		}
	}
	return -1
}

// How long a wanderer out of sight is still feared where it was last seen.
const wandererMemory = 6

// Score weights. A safe way to the goal always beats no safe way.
const (
	safeBase     = 1_000_000
	perStep      = 10
	perFreeze    = 120
	roomCap      = 60
	perRoom      = 6
	perVisit     = 4
	keyEscapeMin = 10
	perGap       = 8 // per turn a monster needs to reach the player, when no way is safe
	gapCap       = 6
	caughtScore  = -1 << 40
	escapeScore  = 1 << 40
)

// Act returns the seat's next action.
func (b *Reference) Act(v *engine.View, events []engine.Event) engine.Action {
	pos, ok := seatPos(v)
	if !ok {
		return engine.Skip
	}
	b.observe(v, events)
	return b.decide(v, b.k.idx(pos))
}

// observe brings the bot's memory up to date with the view.
func (b *Reference) observe(v *engine.View, events []engine.Event) {
	if v.Level != b.level || v.Turn < b.turn {
		b.level = v.Level
		b.turn = v.Turn
		b.tracks = b.tracks[:0]
		b.k.newLevel()
		n := v.Rows * v.Cols
		b.visits = make([]int32, n)
		b.markSet = make([]bool, n)
		b.aimTurn = -1
		b.nextAim = -1
		b.knownTiles, b.lastProgress = 0, v.Turn
		b.banned = map[int]int{}
		b.marksSeen = false
		events = nil // events of the previous level
	}
	k := &b.k
	k.load(v)
	if len(events) > 0 {
		before := len(k.bumped)
		k.noteBumps(v.Seat, events)
		if len(k.bumped) != before {
			k.load(v)
		}
	}
	b.ensure(k.n)
	pos, _ := seatPos(v)
	p := k.idx(pos)

	b.keyMap()
	for _, e := range events {
		if e.Kind == engine.EvFroze {
			if b.nextAim >= 0 {
				b.nextAim += engine.FreezeActions
			}
			for i := range b.tracks {
				b.tracks[i].frozen += engine.FreezeActions
			}
		}
	}
	// Monsters out of sight act by their rules for every turn gone by.
	for dt := v.Turn - b.turn; dt > 0; dt-- {
		b.simulate(b.tracks, p, v.Key, -1)
	}
	b.turn = v.Turn

	// Monsters in light: match each to the nearest remembered one of its kind.
	matched := make([]bool, len(b.tracks), len(b.tracks)+len(v.Monsters))
	for _, m := range v.Monsters {
		mi := k.idx(m.Pos)
		best, bestD := -1, 0
		for i, t := range b.tracks {
			if matched[i] || t.kind != m.Kind {
				continue
			}
			d := manhattan(k.pt(t.pos), m.Pos)
			if best < 0 || d < bestD {
				best, bestD = i, d
			}
		}
		if best < 0 {
			b.tracks = append(b.tracks, track{kind: m.Kind, target: -1})
			matched = append(matched, false)
			best = len(b.tracks) - 1
		}
		t := &b.tracks[best]
		t.pos, t.seen, t.frozen = mi, v.Turn, m.FrozenFor
		if m.Kind == engine.Wanderer && k.canSee(mi, p, engine.WandererSight) {
			t.target = p
		}
		matched[best] = true
	}
	// Forget what the light shows is not there any more, and wanderers long
	// out of sight.
	kept := b.tracks[:0]
	for i, t := range b.tracks {
		if !matched[i] {
			if v.Light[t.pos] == engine.Lit && t.kind != engine.Minotaur {
				// Not where the rules would have it: it is somewhere in
				// the dark nearby.
				q, ok := b.nearestDark(v, t.pos)
				if !ok {
					continue
				}
				t.pos = q
			}
			if t.kind == engine.Wanderer && v.Turn-t.seen > wandererMemory {
				continue
			}
		}
		kept = append(kept, t)
	}
	b.tracks = kept
	b.hear(v, p)

	// The Minotaur's marks.
	for i := range b.markSet {
		b.markSet[i] = false
	}
	if len(v.Marks) > 0 {
		minX, minY, maxX, maxY := v.Marks[0].X, v.Marks[0].Y, v.Marks[0].X, v.Marks[0].Y
		for _, m := range v.Marks {
			b.markSet[k.idx(m)] = true
			minX, maxX = min(minX, m.X), max(maxX, m.X)
			minY, maxY = min(minY, m.Y), max(maxY, m.Y)
		}
		ctr := k.idx(engine.Point{X: (minX + maxX) / 2, Y: (minY + maxY) / 2})
		if !b.marksSeen || ctr != b.markCtr {
			b.aimTurn = v.Turn
			b.markCtr = ctr
			b.nextAim = v.Turn + minotaurCycle
		}
		b.marksSeen = true
	} else if b.marksSeen {
		// The Minotaur has leapt: it rests on the centre of its marks.
		b.marksSeen = false
		found := false
		for i := range b.tracks {
			if b.tracks[i].kind == engine.Minotaur {
				b.tracks[i].pos, found = b.markCtr, true
			}
		}
		if !found {
			b.tracks = append(b.tracks, track{kind: engine.Minotaur, pos: b.markCtr, seen: v.Turn, target: -1})
		}
	}
	for _, m := range v.Monsters {
		switch {
		case m.Kind != engine.Minotaur:
		case m.Aiming:
			b.nextAim = v.Turn + m.Left + m.FrozenFor + engine.MinotaurRest + 1
		default:
			b.nextAim = v.Turn + m.Left + m.FrozenFor + 1
		}
	}
	b.escapes()
	known := 0
	for i := 0; i < k.n; i++ {
		if !k.unknown[i] {
			known++
		}
	}
	known += k.litN
	if known > b.knownTiles || v.Key != b.hadKey {
		b.knownTiles, b.lastProgress, b.hadKey = known, v.Turn, v.Key
	}
	// Hunters first, then wanderers, then the Minotaur: the order they act in.
	slices.SortStableFunc(b.tracks, func(x, y track) int { return cmp.Compare(kindOrder(x.kind), kindOrder(y.kind)) })
	b.visits[p]++
}

// hear places the hunters the seat hears (kind, path distance, direction:
// never the tile) that are not in light: a tracked hunter already on a tile
// that fits stays; else the nearest unmatched tracked hunter, or a new one,
// goes to the fitting tile nearest where it was thought to be.
func (b *Reference) hear(v *engine.View, p int) {
	if len(v.Heard) == 0 {
		return
	}
	k := &b.k
	b.queue = k.bfs(k.mwalk, b.hd, b.queue, p)
	pp := k.pt(p)
	fits := func(t int, h engine.HeardHunter) bool {
		return t >= 0 && b.hd[t] == int32(h.Dist) && engine.WindTo(pp, k.pt(t)) == h.Dir
	}
	used := make([]bool, len(b.tracks))
	// Hunters in light that fit a heard line are that line.
	lit := func(h engine.HeardHunter) bool {
		for _, m := range v.Monsters {
			if m.Kind == h.Kind && fits(k.idx(m.Pos), h) {
				return true
			}
		}
		return false
	}
	for _, h := range v.Heard {
		if h.Seat != 0 && h.Seat != v.Seat || h.Kind != engine.Hunter || lit(h) {
			continue
		}
		best, bestD := -1, 0
		for i, t := range b.tracks {
			if used[i] || t.kind != h.Kind || v.Light[t.pos] == engine.Lit {
				continue
			}
			if fits(t.pos, h) {
				best, bestD = i, -1
				break
			}
			if d := abs(int(b.hd[t.pos]) - h.Dist); best < 0 || d < bestD {
				best, bestD = i, d
			}
		}
		if best >= 0 && bestD < 0 {
			used[best] = true
			continue
		}
		from := p
		if best >= 0 {
			from = b.tracks[best].pos
		}
		place, placeD := -1, 0
		for _, t := range b.queue {
			if b.hd[t] > int32(h.Dist) {
				break
			}
			if !fits(int(t), h) || v.Light[t] == engine.Lit {
				continue
			}
			if d := manhattan(k.pt(int(t)), k.pt(from)); place < 0 || d < placeD {
				place, placeD = int(t), d
			}
		}
		if place < 0 {
			continue // no tile fits on the map the bot knows
		}
		if best < 0 {
			b.tracks = append(b.tracks, track{kind: h.Kind, pos: place, seen: v.Turn, target: -1})
			used = append(used, true)
			continue
		}
		b.tracks[best].pos = place
		used[best] = true
	}
}

// nearestDark returns the tile nearest to i (by monster path) that the
// seat does not see lit, where an unseen monster may stand.
func (b *Reference) nearestDark(v *engine.View, i int) (int, bool) {
	k := &b.k
	b.queue = k.bfs(k.mwalk, b.gd, b.queue, i)
	for _, j := range b.queue {
		if v.Light[j] != engine.Lit {
			return int(j), true
		}
	}
	return 0, false
}

func kindOrder(k engine.MonsterKind) int {
	switch k {
	case engine.Hunter:
		return 0
	case engine.Wanderer:
		return 1
	}
	return 2
}

func manhattan(a, b engine.Point) int { return abs(a.X-b.X) + abs(a.Y-b.Y) }

func abs(x int) int {
	if x < 0 {
		return -x
	}
	return x
}

func (b *Reference) ensure(n int) {
	if len(b.near) == n {
		return
	}
	for _, d := range []*[]int32{&b.near, &b.kd, &b.gd, &b.dh, &b.sd, &b.ed, &b.td, &b.xd, &b.hd} {
		*d = make([]int32, n)
	}
	b.kwalk = make([]bool, n)
	b.xwalk = make([]bool, n)
	b.dwalk = make([]bool, n)
}

// leapIn returns how many of the player's actions are left before the
// Minotaur leaps on its marks (1: it leaps right after the next action), or
// 0 when no leap is pending.
func (b *Reference) leapIn(v *engine.View) int {
	if !b.marksSeen {
		return 0
	}
	for _, m := range v.Monsters {
		if m.Kind == engine.Minotaur && m.Aiming {
			return m.Left + m.FrozenFor
		}
	}
	frozen := 0
	for _, t := range b.tracks {
		if t.kind == engine.Minotaur {
			frozen = t.frozen
		}
	}
	return max(1, b.aimTurn+2-v.Turn+frozen)
}

// simulate lets the remembered monsters act once, by their rules on the
// known map, against a player on tile p. It returns the index of a monster
// that catches the player, or -1. from is the player's tile before the step
// (for swaps), -1 when unknown.
func (b *Reference) simulate(ms []track, p int, keyed bool, from int) int {
	k := &b.k
	nearDone := false
	for i := range ms {
		m := &ms[i]
		if m.frozen > 0 {
			m.frozen--
			continue
		}
		prev := m.pos
		switch m.kind {
		case engine.Hunter:
			if !nearDone {
				b.queue = k.bfs(k.mwalk, b.near, b.queue, p)
				nearDone = true
			}
			q := b.hunterStep(m.pos, p, keyed)
			if !occupied(ms, i, q) {
				m.pos = q
			}
		case engine.Wanderer:
			// It chases a player in sight; else walks to where it last
			// saw one; else wanders, which the bot cannot foretell.
			if k.canSee(m.pos, p, engine.WandererSight) {
				m.target = p
			}
			if m.target < 0 {
				continue
			}
			var q int
			if m.target == p {
				if !nearDone {
					b.queue = k.bfs(k.mwalk, b.near, b.queue, p)
					nearDone = true
				}
				q = k.stepDown(b.near, m.pos)
			} else {
				b.queue = k.bfs(k.mwalk, b.gd, b.queue, m.target)
				q = k.stepDown(b.gd, m.pos)
			}
			if !occupied(ms, i, q) {
				m.pos = q
			}
			if m.pos == m.target && m.target != p {
				m.target = -1
			}
		}
		if m.pos == p || (from >= 0 && m.pos == from && prev == p && prev != m.pos) {
			return i
		}
	}
	return -1
}

func occupied(ms []track, self, q int) bool {
	for j := range ms {
		if j != self && ms[j].pos == q {
			return true
		}
	}
	return false
}

// hunterStep returns where a hunter on tile h steps against a player on p,
// by the hunters' rules: beyond its hearing range it keeps its post; before the key is found, at a distance over 2, it
// heads for the first tile of the player's shortest way to the key that it
// reaches no later than the player; else it chases. b.near must hold the
// distances from p.
func (b *Reference) hunterStep(h, p int, keyed bool) int {
	k := &b.k
	d := b.near[h]
	if d < 0 || int(d) > hearingRange(keyed) {
		return h // it hears nobody: it keeps its post
	}
	if !keyed && k.key < 0 && d > 2 {
		// It heads for the player's way to a key the bot has not seen:
		// taken to hold its ground.
		return h
	}
	if !keyed && k.key >= 0 && d > 2 {
		if goal, ok := b.interceptPoint(h, p); ok {
			if goal == h {
				return h
			}
			b.queue = k.bfs(k.mwalk, b.gd, b.queue, goal)
			return k.stepDown(b.gd, h)
		}
	}
	return k.stepDown(b.near, h)
}

// interceptPoint finds the first tile p_i of the player's shortest way to
// the key with dist(hunter, p_i) ≤ i.
func (b *Reference) interceptPoint(h, p int) (int, bool) {
	k := &b.k
	// The key's distance map over what a player may walk (unknown tiles
	// assumed open, the closed exit shut): b.kd, filled once per decision.
	if b.kd[p] <= 0 {
		return 0, false
	}
	b.pathBuf = b.pathBuf[:0]
	for q := p; b.kd[q] > 0; {
		n := k.stepDown(b.kd, q)
		if n == q {
			break
		}
		b.pathBuf = append(b.pathBuf, n)
		q = n
	}
	b.queue = k.bfs(k.mwalk, b.gd, b.queue, h)
	for i, t := range b.pathBuf {
		if d := b.gd[t]; d >= 0 && int(d) <= i+1 {
			return t, true
		}
	}
	return 0, false
}
