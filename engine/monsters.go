package engine

// Minotaur phases.
const (
	phaseRest  = 0 // standing still; Count actions left
	phaseReady = 1 // aims on its next action
	phaseAimed = 2 // marks placed; leaps when Count reaches 0
)

type monster struct {
	Kind   MonsterKind `json:"kind"`
	Pos    Point       `json:"pos"`
	Prev   Point       `json:"prev"`   // tile before its last step, for swaps
	Frozen int         `json:"frozen"` // actions still to skip
	// Wanderer: the direction of its last step (index into dirs, -1 none)
	// and the tile where it last saw a player.
	Dir       int   `json:"dir"`
	Target    Point `json:"target"`
	HasTarget bool  `json:"has_target"`
	// Minotaur: phase, actions left in it, and the landing centre.
	Phase  int   `json:"phase"`
	Count  int   `json:"count"`
	Centre Point `json:"centre"`
}

// monsterOrder is the order the groups act in.
var monsterOrder = [3]MonsterKind{Hunter, Wanderer, Minotaur}

// monstersAct lets every monster act once, group by group, each group in
// creation order, checking captures after every step.
func (g *Game) monstersAct(ev []Event) []Event {
	g.nearOK = false
	for _, kind := range monsterOrder {
		for j := range g.mons {
			m := &g.mons[j]
			if m.Kind != kind {
				continue
			}
			if !g.anyActive() {
				return ev
			}
			if m.Frozen > 0 {
				m.Frozen--
				continue
			}
			m.Prev = m.Pos
			switch kind {
			case Hunter:
				g.hunterAct(j)
			case Wanderer:
				g.wandererAct(j)
			case Minotaur:
				ev = g.minotaurAct(j, ev)
			}
			ev = g.captureAfterStep(j, ev)
		}
	}
	return ev
}

// captureAfterStep: a player is caught when monster j stands on its tile or
// they swapped tiles this round.
func (g *Game) captureAfterStep(j int, ev []Event) []Event {
	m := &g.mons[j]
	for i := 0; i < g.players; i++ {
		s := &g.seats[i]
		if s.State != Active {
			continue
		}
		swapped := m.Prev != m.Pos && s.Moved && s.Prev == m.Pos && s.Pos == m.Prev
		if s.Pos == m.Pos || swapped {
			s.State = Caught
			g.nearOK = false
			ev = append(ev, Event{Kind: EvCaught, Seat: i + 1, Pos: s.Pos, Monster: m.Kind})
		}
	}
	return ev
}

// occupied reports whether another monster than j stands on p.
func (g *Game) occupied(j int, p Point) bool {
	for k := range g.mons {
		if k != j && g.mons[k].Pos == p {
			return true
		}
	}
	return false
}

// stepTo moves monster j to p unless another monster stands there (then it
// waits). It reports whether it moved.
func (g *Game) stepTo(j int, p Point) bool {
	if g.occupied(j, p) {
		return false
	}
	g.mons[j].Pos = p
	return true
}

// nearestSeat grows the search g.sr (begun at a monster) until it reaches
// an active seat that filter accepts, and returns the nearest by path
// distance (ties: the lower seat), or -1 when none can be reached.
func (g *Game) nearestSeat(filter func(i int) bool) int { return g.nearestSeatWithin(filter, -1) }

// nearestSeatWithin is nearestSeat that looks no further than path
// distance limit (no limit when it is negative).
func (g *Game) nearestSeatWithin(filter func(i int) bool, limit int) int {
	// The filter (a wanderer's sight: a field of view each) is asked once
	// a seat, not at every depth of the search.
	var wanted [len(g.seats)]bool
	want := false
	for i := 0; i < g.players; i++ {
		wanted[i] = g.seats[i].State == Active && (filter == nil || filter(i))
		want = want || wanted[i]
	}
	if !want {
		return -1
	}
	for depth := 0; ; depth++ {
		more := g.sr.grow(g.b, depth)
		for i := 0; i < g.players; i++ {
			if wanted[i] && g.sr.dist(g.b.idx(g.seats[i].Pos)) == depth {
				return i
			}
		}
		if !more || depth == limit {
			return -1
		}
	}
}

// stepTowardTile moves monster j one step along the search's shortest path
// toward p (the search must have reached p).
func (g *Game) stepTowardTile(j int, p Point) {
	if q, ok := g.sr.stepToward(g.b, g.b.idx(p)); ok {
		g.stepTo(j, q)
	}
}

// nearestPlayers returns the distances of this round from every tile to the
// nearest active player, each tile owned by that player (ties: the lower
// seat), computed once for all hunters and again only after a capture.
func (g *Game) nearestPlayers() *distMap {
	if !g.nearOK {
		var srcs [2]Point
		n := 0
		for i := 0; i < g.players; i++ {
			if g.seats[i].State == Active {
				g.nearSeat[n] = i
				srcs[n] = g.seats[i].Pos
				n++
			}
		}
		g.near.fill(g.b, monsterPass, srcs[:n]...)
		g.nearOK = true
	}
	return &g.near
}

// hearingRange is the path distance within which a hunter hears a player
// now: HearingRange while the key lies on the map, HearingRangeKey once it
// is taken.
func (g *Game) hearingRange() int {
	if g.keyed {
		return HearingRangeKey
	}
	return HearingRange
}

// hunterAct: a hunter that hears no player (none within its hearing range)
// keeps its post. Hearing one, it steps toward the nearest active player;
// before the key is found, it tries to intercept it on its way to the key.
func (g *Game) hunterAct(j int) {
	m := &g.mons[j]
	if g.activeSeats() == 1 && !g.boardSearch {
		g.hunterActAlone(j)
		return
	}
	near := g.nearestPlayers()
	d := near.at(g.b, m.Pos)
	if d < 0 || d > g.hearingRange() {
		return // no player can be reached, or none is heard: it keeps its post
	}
	target := g.nearSeat[near.owner[g.b.idx(m.Pos)]]
	player := g.seats[target].Pos
	g.noteHeard(target, j, d)
	if !g.keyed && d > huntChaseDist {
		g.sr.begin(g.b, m.Pos)
		if goal, ok := g.interceptPoint(player); ok {
			if goal != m.Pos { // on the player's way already: wait there
				g.stepTowardTile(j, goal)
			}
			return
		}
	}
	if q, ok := near.stepDown(g.b, m.Pos); ok {
		g.stepTo(j, q)
	}
}

// hunterActAlone is hunterAct when one player is on the board: the same
// choices, found by a search from the hunter that grows only until it
// reaches the player or its hearing range, instead of one over the whole
// board from the player. With a single player the two agree: a search's
// first step toward a tile is the first step, in the order up, left, down,
// right, of any shortest path to it — the step a walker takes down the
// player's distance map.
func (g *Game) hunterActAlone(j int) {
	m := &g.mons[j]
	if !g.withinSteps(m.Pos, g.hearingRange()) {
		return // nobody heard: it keeps its post, no search needed to know
	}
	if g.paths != nil {
		g.hunterActKept(j)
		return
	}
	g.sr.begin(g.b, m.Pos)
	i := g.nearestSeatWithin(nil, g.hearingRange())
	if i < 0 {
		return // nobody heard: it keeps its post
	}
	player := g.seats[i].Pos
	g.noteHeard(i, j, g.sr.dist(g.b.idx(player)))
	if !g.keyed && g.sr.dist(g.b.idx(player)) > huntChaseDist {
		if goal, ok := g.interceptPoint(player); ok {
			if goal != m.Pos {
				g.stepTowardTile(j, goal)
			}
			return
		}
	}
	g.stepTowardTile(j, player)
}

// hunterActKept is hunterActAlone on a board whose walls never change,
// with the search kept for the hunter's tile (g.paths).
func (g *Game) hunterActKept(j int) {
	m := &g.mons[j]
	i := g.firstActive(0)
	if i < 0 {
		return
	}
	player := g.b.idx(g.seats[i].Pos)
	s := g.paths.from(g.b, m.Pos)
	d := s.reach(g.b, player, g.hearingRange())
	if d < 0 {
		return // nobody heard: it keeps its post
	}
	g.noteHeard(i, j, d)
	if !g.keyed && d > huntChaseDist {
		if goal, ok := g.interceptPointKept(s, g.seats[i].Pos); ok {
			if goal != m.Pos {
				if q, ok := s.stepToward(g.b, g.b.idx(goal)); ok {
					g.stepTo(j, q)
				}
			}
			return
		}
	}
	if q, ok := s.stepToward(g.b, player); ok {
		g.stepTo(j, q)
	}
}

// withinSteps reports whether an active seat stands within r steps of p
// as the crow walks (files plus ranks): a path can be no shorter, so a
// seat farther than that is out of reach of any search r deep.
func (g *Game) withinSteps(p Point, r int) bool {
	for i := 0; i < g.players; i++ {
		s := &g.seats[i]
		if s.State == Active && abs(s.Pos.X-p.X)+abs(s.Pos.Y-p.Y) <= r {
			return true
		}
	}
	return false
}

// activeSeats counts the seats on the board.
func (g *Game) activeSeats() int {
	n := 0
	for i := 0; i < g.players; i++ {
		if g.seats[i].State == Active {
			n++
		}
	}
	return n
}

// interceptPoint finds, with the search g.sr begun at the hunter, the first
// tile p_i of the player's shortest path to the key (p_1 is the player's
// first step) that the hunter reaches no later than the player:
// dist(hunter, p_i) ≤ i. The search grows only as far as it must: a tile at
// depth d can only serve an index i ≥ d, so it stops beyond the best found.
func (g *Game) interceptPoint(player Point) (Point, bool) {
	path := g.keyPath(player)
	if len(path) == 0 {
		return Point{}, false
	}
	if len(g.onPath) != len(g.b.wall) {
		g.onPath = make([]int32, len(g.b.wall))
	}
	for i, p := range path {
		g.onPath[g.b.idx(p)] = int32(i + 1)
	}
	best := len(path) + 1
	scanned := 0
	check := func() { // every tile reached since the last check
		for _, t := range g.sr.queue[scanned:] {
			if i := int(g.onPath[t]); i > 0 && g.sr.dist(int(t)) <= i && i < best {
				best = i
			}
		}
		scanned = len(g.sr.queue)
	}
	check()
	for depth := 0; depth < best && depth <= len(path); depth++ {
		more := g.sr.grow(g.b, depth)
		check()
		if !more {
			break
		}
	}
	for _, p := range path {
		g.onPath[g.b.idx(p)] = 0
	}
	if best > len(path) {
		return Point{}, false
	}
	return path[best-1], true
}

// keyPath returns the player's shortest path to the key, p_1 (its first
// step) to the key's tile, in g.pathBuf; empty when the player stands on
// the key or cannot reach it.
func (g *Game) keyPath(player Point) []Point {
	kd := &g.keyDist
	if !g.keyDistOK {
		kd.fill(g.b, playerPass(g.b, false), g.lv.Key)
		g.keyDistOK = true
	}
	g.pathBuf = g.pathBuf[:0]
	if k := kd.at(g.b, player); k > 0 {
		g.pathBuf = kd.appendPath(g.pathBuf, g.b, player, k)
	}
	return g.pathBuf
}

// interceptPointKept is interceptPoint with the hunter's kept search s:
// the first p_i with dist(hunter, p_i) ≤ i.
func (g *Game) interceptPointKept(s *tileSearch, player Point) (Point, bool) {
	for k, p := range g.keyPath(player) {
		if s.reach(g.b, g.b.idx(p), k+1) >= 0 {
			return p, true
		}
	}
	return Point{}, false
}

// wandererAct: chase a player in sight, else walk to where one was last seen,
// else wander along corridors.
func (g *Game) wandererAct(j int) {
	m := &g.mons[j]
	if g.paths != nil {
		g.wandererActKept(j)
		return
	}
	g.sr.begin(g.b, m.Pos)
	t := g.nearestSeat(func(i int) bool {
		return g.canSee(m.Pos, g.seats[i].Pos, WandererSight)
	})
	if t >= 0 {
		m.Target, m.HasTarget = g.seats[t].Pos, true
		if q, ok := g.sr.stepToward(g.b, g.b.idx(g.seats[t].Pos)); ok {
			g.moveWanderer(j, q)
		}
		return
	}
	if m.HasTarget && m.Pos == m.Target {
		m.HasTarget = false
	}
	if m.HasTarget {
		target := g.b.idx(m.Target)
		for depth := 0; g.sr.dist(target) < 0; depth++ {
			if !g.sr.grow(g.b, depth) {
				break
			}
		}
		if q, ok := g.sr.stepToward(g.b, target); ok {
			g.moveWanderer(j, q)
		} else {
			m.HasTarget = false // the tile cannot be reached any more
		}
		if m.Pos == m.Target {
			m.HasTarget = false
		}
		return
	}
	g.wander(j)
}

// wandererActKept is wandererAct on a board whose walls never change,
// with the search kept for the wanderer's tile (g.paths).
func (g *Game) wandererActKept(j int) {
	m := &g.mons[j]
	s := g.paths.from(g.b, m.Pos)
	t, td := -1, 0
	for i := 0; i < g.players; i++ {
		if g.seats[i].State != Active || !g.seesWithin(m.Pos, g.seats[i].Pos) {
			continue
		}
		if d := s.reach(g.b, g.b.idx(g.seats[i].Pos), -1); d >= 0 && (t < 0 || d < td) {
			t, td = i, d
		}
	}
	if t >= 0 {
		m.Target, m.HasTarget = g.seats[t].Pos, true
		if q, ok := s.stepToward(g.b, g.b.idx(g.seats[t].Pos)); ok {
			g.moveWanderer(j, q)
		}
		return
	}
	if m.HasTarget && m.Pos == m.Target {
		m.HasTarget = false
	}
	if m.HasTarget {
		target := g.b.idx(m.Target)
		s.reach(g.b, target, -1)
		if q, ok := s.stepToward(g.b, target); ok {
			g.moveWanderer(j, q)
		} else {
			m.HasTarget = false // the tile cannot be reached any more
		}
		if m.Pos == m.Target {
			m.HasTarget = false
		}
		return
	}
	g.wander(j)
}

// wander: never turn back except at a dead end; choose at random where
// the corridor branches.
func (g *Game) wander(j int) {
	m := &g.mons[j]
	var opts [4]int
	n := 0
	back := -1
	if m.Dir >= 0 {
		back = (m.Dir + 2) % 4
	}
	for d, dir := range dirs {
		if d != back && monsterPass.ok(g.b, m.Pos.Add(dir)) {
			opts[n] = d
			n++
		}
	}
	var d int
	switch {
	case n == 0 && back >= 0 && monsterPass.ok(g.b, m.Pos.Add(dirs[back])):
		d = back
	case n == 0:
		return
	case n == 1:
		d = opts[0]
	default:
		d = opts[g.rng.IntN(n)]
	}
	if g.stepTo(j, m.Pos.Add(dirs[d])) {
		m.Dir = d
	}
}

// moveWanderer steps a wanderer to q and remembers the direction it went.
func (g *Game) moveWanderer(j int, q Point) {
	m := &g.mons[j]
	from := m.Pos
	if g.stepTo(j, q) {
		for d, dir := range dirs {
			if from.Add(dir) == q {
				m.Dir = d
			}
		}
	}
}

// minotaurAct runs one action of the Minotaur's cycle: rest, aim, wait, leap.
func (g *Game) minotaurAct(j int, ev []Event) []Event {
	m := &g.mons[j]
	switch m.Phase {
	case phaseRest:
		m.Count--
		if m.Count <= 0 {
			m.Phase = phaseReady
		}
	case phaseReady:
		m.Centre = g.landingCentre(m.Pos)
		m.Phase = phaseAimed
		m.Count = minotaurWait
		ev = append(ev, Event{Kind: EvMinotaurAims, Pos: m.Centre, Monster: Minotaur})
	case phaseAimed:
		if m.Count > 0 {
			m.Count--
			return ev
		}
		m.Pos = m.Centre
		ev = append(ev, Event{Kind: EvMinotaurLeaps, Pos: m.Pos, Monster: Minotaur})
		for i := 0; i < g.players; i++ {
			s := &g.seats[i]
			if s.State == Active && cheb(s.Pos, m.Centre) <= 1 {
				s.State = Caught
				g.nearOK = false
				ev = append(ev, Event{Kind: EvCaught, Seat: i + 1, Pos: s.Pos, Monster: Minotaur})
			}
		}
		m.Phase = phaseRest
		m.Count = MinotaurRest
		ev = append(ev, Event{Kind: EvMinotaurRests, Pos: m.Pos, Monster: Minotaur})
	}
	return ev
}

func cheb(a, b Point) int { return max(abs(a.X-b.X), abs(a.Y-b.Y)) }

func abs(x int) int {
	if x < 0 {
		return -x
	}
	return x
}

// landingCentre picks where the Minotaur aims: the nearest active player by
// Chebyshev distance (ties: the lower seat); its tile when within leap range,
// else the tile MinotaurLeapRange steps along the straight line toward it; a
// wall there is replaced by the nearest floor tile.
func (g *Game) landingCentre(from Point) Point {
	best, bestD := -1, 0
	for i := 0; i < g.players; i++ {
		if g.seats[i].State != Active {
			continue
		}
		if d := cheb(from, g.seats[i].Pos); best < 0 || d < bestD {
			best, bestD = i, d
		}
	}
	if best < 0 {
		return from
	}
	p := g.seats[best].Pos
	if bestD <= MinotaurLeapRange {
		return p
	}
	dx, dy := p.X-from.X, p.Y-from.Y
	c := Point{from.X + roundDiv(dx*MinotaurLeapRange, bestD), from.Y + roundDiv(dy*MinotaurLeapRange, bestD)}
	return g.nearestFloor(c)
}

// roundDiv divides rounding half away from zero.
func roundDiv(a, b int) int {
	if (a < 0) != (b < 0) {
		return -((abs(a) + abs(b)/2) / abs(b))
	}
	return (abs(a) + abs(b)/2) / abs(b)
}

// nearestFloor returns p if it is floor, else the floor tile nearest to it:
// by Chebyshev ring, then Euclidean distance, then reading order.
func (g *Game) nearestFloor(p Point) Point {
	if !g.b.isWall(p) {
		return p
	}
	for r := 1; r < g.b.cols+g.b.rows; r++ {
		best, bestD := Point{}, -1
		for y := p.Y - r; y <= p.Y+r; y++ {
			for x := p.X - r; x <= p.X+r; x++ {
				q := Point{x, y}
				if cheb(p, q) != r || g.b.isWall(q) {
					continue
				}
				d := (x-p.X)*(x-p.X) + (y-p.Y)*(y-p.Y)
				if bestD < 0 || d < bestD {
					best, bestD = q, d
				}
			}
		}
		if bestD >= 0 {
			return best
		}
	}
	return p
}

// marks returns the tiles of the Minotaur's marked landing area: the whole
// 3×3 square on the board, walls included, so that players see its shape.
func (g *Game) marks() []Point { return g.appendMarks(nil) }

// appendMarks appends the Minotaur's marks to out.
func (g *Game) appendMarks(out []Point) []Point {
	for _, m := range g.mons {
		if m.Kind != Minotaur || m.Phase != phaseAimed {
			continue
		}
		for dy := -1; dy <= 1; dy++ {
			for dx := -1; dx <= 1; dx++ {
				if q := (Point{m.Centre.X + dx, m.Centre.Y + dy}); g.b.in(q) {
					out = append(out, q)
				}
			}
		}
	}
	return out
}
