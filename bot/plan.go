package bot

import (
	"fmt"
	"strconv"

	"github.com/minotaur-game/minotaur/engine"
)

// The planner. When the danger map shows no safe way to the goal, the
// reference bot plays its belief forward with the engine's own rules
// (engine.Imagine, engine.Sim) instead of its own reckoning of them. The
// belief leaves things open — the monsters' random choices, and in the dark
// the map and where the key and the exit lie — so it draws a few worlds that
// agree with what the seat has seen (determinization: the known map, the
// rooms and posts of the block grid, the unknown wall slots open as often as
// those it has seen, the key on a tile that may hide it, the monsters it
// tracks where it tracks them), searches each 30 turns deep for each
// first action — a beam kept nearest the key, then the exit, and farthest
// from the monsters — and plays the first action whose best lines do best
// summed over the worlds: out of the exit, alive holding the key, alive,
// caught (see the values below). The worlds are drawn per
// tile from the level and the world's number only, so from one turn to the
// next a guess stays the same until the seat sees the tile.
const (
	planWorlds = 6  // worlds drawn per decision
	planDepth  = 30 // turns searched after the first action
	planBeam   = 6  // positions kept per turn, per first action
	// planBudget bounds the work of one decision, in moves played forward
	// (Sim.Step): when the worlds are dear, those still to come are
	// searched less deep, each within an even share of what is left
	// (plan). It is a count, not a clock, so the bot stays deterministic.
	planBudget = 5000
	// planMinDepth is the shallowest search worth a world's evidence.
	planMinDepth = 6
)

// Values of a line in one world, coarse on purpose: lines that fare alike
// tie, and the danger map's choice (which heads for the goal) wins ties;
// turns lived by lines that are caught count only after that.
const (
	planEscaped = 3000 // out of the exit
	planKeyed   = 2000 // alive after planDepth turns, holding the key it did not hold
	planLived   = 1000 // alive after planDepth turns
	planPerTurn = 10   // per turn lived, when every line is caught
)

// The beam's order: nearer the goal by planSafety steps is worth a step
// farther from the nearest monster, up to planThreatCap steps.
const (
	planSafety    = 2
	planThreatCap = 5
)

// world is one drawn world: the imagined position and the player's
// distances in it.
type world struct {
	sim     *engine.Sim
	cols    int
	toKey   []int32 // to the key, the exit closed
	toEx    []int32 // to the exit, open
	keyToEx int32
}

// plan returns the action that does best over planWorlds drawn worlds, and
// false when no world could be drawn. prefer is the action the danger map
// ranks first; it is kept on ties.
func (b *Reference) plan(v *engine.View, p int, prefer engine.Action) (engine.Action, bool) {
	var total [len(candidates)]int64
	var valid [len(candidates)]bool
	var out [len(candidates)]bool // sure to lose to another action
	drawn := 0
	b.planSteps, b.planCut = 0, false
	perTurn := 0 // the most steps a turn of depth took in one world
	for w := 0; w < planWorlds; w++ {
		// Each world still to come gets an even share of the budget
		// left: searched as deep as that share allows at the most a
		// turn of depth has cost in a world so far (the whole depth
		// while the worlds are cheap, as almost always).
		b.planDepth = planDepth
		if perTurn > 0 {
			share := (planBudget - b.planSteps) / (planWorlds - w)
			b.planDepth = min(planDepth, share/perTurn)
		}
		if b.planDepth < planDepth {
			b.planCut = true
		}
		if b.planDepth < planMinDepth {
			break // too little left to see anything: decide on the worlds searched
		}
		wd, ok := b.drawWorld(v, p, w)
		if !ok {
			continue
		}
		drawn++
		before := b.planSteps
		vals := b.searchWorld(&wd, &out)
		perTurn = max(perTurn, (b.planSteps-before+b.planDepth-1)/b.planDepth)
		for i, val := range vals {
			if val >= 0 {
				valid[i] = true
				total[i] += val
			}
		}
		// An action whose total, even escaping in every world still to
		// come, stays a whole class (planLived) below another's is not
		// searched again: the comparison below could not choose it.
		left := int64(planWorlds-1-w) * planEscaped
		for i := range candidates {
			for j := range candidates {
				if valid[j] && (total[i]+left)/planLived < total[j]/planLived {
					out[i] = true
				}
			}
		}
	}
	// The most worlds escaped, keyed or lived through; then the danger
	// map's choice; then the longest lives where every line is caught.
	better := func(i, j int) bool {
		ci, cj := total[i]/planLived, total[j]/planLived
		if ci != cj {
			return ci > cj
		}
		if (candidates[i] == prefer) != (candidates[j] == prefer) {
			return candidates[i] == prefer
		}
		return total[i]%planLived > total[j]%planLived
	}
	bestI := -1
	for i := range candidates {
		if valid[i] && (bestI < 0 || better(i, bestI)) {
			bestI = i
		}
	}
	if b.Trace != nil {
		fmt.Fprintf(b.Trace, "  plan: %d worlds, %d moves, values %v\n", drawn, b.planSteps, total)
	}
	if bestI < 0 {
		return 0, false
	}
	return candidates[bestI], true
}

// searchWorld values each candidate action in one world: the best line
// that begins with it, or -1 when the action is not possible or skip says
// it need not be searched.
func (b *Reference) searchWorld(wd *world, skip *[len(candidates)]bool) [len(candidates)]int64 {
	var out [len(candidates)]int64
	sim := wd.sim
	sim.Save(&b.planRoot)
	keyed := sim.Keyed()
	for i, a := range candidates {
		if skip[i] {
			out[i] = -1 // sure to lose: not searched
			continue
		}
		sim.Load(&b.planRoot)
		b.planSteps++
		switch sim.Step(a) {
		case engine.SimBlocked:
			out[i] = -1
		case engine.SimCaught:
			out[i] = 0
		case engine.SimEscaped:
			out[i] = planEscaped
		default:
			out[i] = b.beam(wd, keyed)
		}
	}
	return out
}

// planNode is a position of the beam.
type planNode struct {
	st    engine.SimState
	dist  int32 // to the goal
	rank  int32 // the beam's order
	order int32 // the node's place among its layer's before keepBest
	keyed bool
}

// beam searches on from the Sim's position for planDepth turns, keeping
// planBeam positions a turn, and returns the value of the best line.
func (b *Reference) beam(wd *world, keyed bool) int64 {
	sim := wd.sim
	b.planSeen.reset()
	if cap(b.planLayer) == 0 {
		b.planLayer = make([]planNode, 0, planBeam*len(candidates))
	}
	layer := b.planLayer[:1]
	layer[0] = planNode{st: layer[0].st, dist: wd.goalDist(sim)} // its buffers reused
	sim.Save(&layer[0].st)
	lived := 0
	for depth := 1; depth <= b.planDepth && len(layer) > 0; depth++ {
		next := b.planNext[:0]
		for li := range layer {
			for _, a := range candidates {
				if sim.Blocked(&layer[li].st, a) {
					continue
				}
				sim.Load(&layer[li].st)
				b.planSteps++
				out := sim.Step(a)
				if out == engine.SimBlocked || out == engine.SimCaught {
					continue
				}
				if out == engine.SimEscaped {
					b.planLayer, b.planNext = layer, next
					return planEscaped
				}
				if !b.planSeen.add(sim.Hash()) {
					continue
				}
				d := wd.goalDist(sim)
				n := planNode{dist: d, rank: d - planSafety*min(int32(max(0, sim.Threat())), planThreatCap), keyed: sim.Keyed()}
				if len(next) < cap(next) {
					n.st = next[:len(next)+1][len(next)].st // reuse its buffers
				}
				sim.Save(&n.st)
				next = append(next, n)
			}
		}
		if len(next) > 0 {
			lived = depth
		}
		next = keepBest(next, planBeam)
		layer, next = next, layer
		b.planNext = next
	}
	b.planLayer = layer
	if lived < b.planDepth {
		return int64(planPerTurn * lived)
	}
	for _, n := range layer {
		if n.keyed && !keyed {
			return planKeyed
		}
	}
	return planLived
}

// keepBest reorders nodes so that its first k are the k of least rank in
// the order a stable sort by rank gives them, and returns those (all of
// them, sorted, when there are no more than k). A node is moved only by
// swapping, so each keeps its own buffers.
func keepBest(nodes []planNode, k int) []planNode {
	for i := range nodes {
		nodes[i].order = int32(i)
	}
	k = min(k, len(nodes))
	for p := 0; p < k; p++ {
		m := p
		for i := p + 1; i < len(nodes); i++ {
			if x, y := &nodes[i], &nodes[m]; x.rank < y.rank || x.rank == y.rank && x.order < y.order {
				m = i
			}
		}
		if m != p {
			nodes[p], nodes[m] = nodes[m], nodes[p]
		}
	}
	return nodes[:k]
}

// hashSet is a set of positions' hashes for the beam, open addressing
// in a table kept from search to search (a map cleared for every search
// cost more than the search's look-ups).
type hashSet struct {
	slots []uint64 // 0: empty
	n     int
	zero  bool // the hash 0, which an empty slot cannot hold
}

func (s *hashSet) reset() {
	clear(s.slots)
	s.n, s.zero = 0, false
}

// add adds h and reports whether it was not in the set yet.
func (s *hashSet) add(h uint64) bool {
	if h == 0 {
		had := s.zero
		s.zero = true
		return !had
	}
	if 2*(s.n+1) > len(s.slots) {
		old := s.slots
		s.slots, s.n = make([]uint64, max(1024, 2*len(old))), 0
		for _, k := range old {
			if k != 0 {
				s.insert(k)
			}
		}
	}
	return s.insert(h)
}

func (s *hashSet) insert(h uint64) bool {
	mask := uint64(len(s.slots) - 1)
	for i := h & mask; ; i = (i + 1) & mask {
		switch s.slots[i] {
		case h:
			return false
		case 0:
			s.slots[i] = h
			s.n++
			return true
		}
	}
}

// goalDist is the player's distance to the goal in the world: to the key
// and on from it to the exit, or once the key is taken, to the exit.
func (wd *world) goalDist(sim *engine.Sim) int32 {
	p := sim.Player()
	i := p.Y*wd.cols + p.X
	if sim.Keyed() {
		if d := wd.toEx[i]; d >= 0 {
			return d
		}
		return 1 << 10
	}
	if d := wd.toKey[i]; d >= 0 {
		return d + wd.keyToEx
	}
	return 1<<10 + wd.keyToEx
}

// mix64 is SplitMix64's finaliser: a well-spread number from any.
func mix64(x uint64) uint64 {
	x += 0x9e3779b97f4a7c15
	x = (x ^ x>>30) * 0xbf58476d1ce4e5b9
	x = (x ^ x>>27) * 0x94d049bb133111eb
	return x ^ x>>31
}

// blockGrid reports whether the view is of a level of the generated
// campaign, whose board is the block grid (docs/rules.md, "Generation"): rooms (both
// coordinates odd) floor, posts (both even) wall.
func blockGrid(v *engine.View) bool {
	if v.Levels != engine.CampaignLevels || v.Level < 1 || v.Level > engine.CampaignLevels ||
		v.Name != "Level "+strconv.Itoa(v.Level) {
		return false
	}
	spec := engine.Campaign[v.Level-1]
	return spec.Rows == v.Rows && spec.Cols == v.Cols
}

// openChance estimates how likely a wall slot between two rooms of the
// block grid is open, from the slots the seat has seen.
func (b *Reference) openChance() float64 {
	k := &b.k
	open, shut := 1, 1
	for i := 0; i < k.n; i++ {
		x, y := i%k.cols, i/k.cols
		if k.unknown[i] || x == 0 || y == 0 || x == k.cols-1 || y == k.rows-1 || (x+y)%2 == 0 {
			continue
		}
		if k.mwalk[i] {
			open++
		} else {
			shut++
		}
	}
	return float64(open) / float64(open+shut)
}

// drawWorld draws world number w that agrees with what the seat knows:
// the known map; on a level of the campaign, the unknown rooms of the
// block grid floor, its posts and border wall, and the slots between rooms
// open as often as those the seat has seen (elsewhere the unknown is
// floor); the key where it was seen, else on a tile that may hide it
// (unknown, or never lit); the exit where seen, else in an unknown room;
// and the monsters where the bot tracks them. Monsters never seen are left
// out: drawing them in did not help (docs/balance.md).
func (b *Reference) drawWorld(v *engine.View, p, w int) (world, bool) {
	k := &b.k
	// Each world's guesses are drawn per tile and kept from turn to turn
	// (so that the bot does not change its mind because the dice did).
	salt := uint64(v.Level)<<16 | uint64(w)<<8
	u := func(i int, what uint64) uint64 { return mix64(salt ^ what<<40 ^ uint64(i)) }
	n := k.n
	if len(b.planWall) != n {
		b.planWall = make([]bool, n)
		b.planWalk = make([]bool, n)
	}
	wall := b.planWall
	grid := blockGrid(v)
	q := b.openChance()
	for i := 0; i < n; i++ {
		if !k.unknown[i] {
			wall[i] = !k.mwalk[i]
			continue
		}
		x, y := i%k.cols, i/k.cols
		switch {
		case x == 0 || y == 0 || x == k.cols-1 || y == k.rows-1:
			wall[i] = true
		case !grid || (x%2 == 1 && y%2 == 1):
			wall[i] = false
		case x%2 == 0 && y%2 == 0:
			wall[i] = true
		default:
			wall[i] = float64(u(i, 1)>>11)/(1<<53) >= q
		}
	}
	for _, t := range b.tracks {
		wall[t.pos] = false
	}
	wall[p] = false
	im := engine.Imagined{Level: v.Level, Rows: k.rows, Cols: k.cols, Wall: wall,
		Keyed: v.Key, Player: k.pt(p), Freezes: v.Freezes, Torch: v.Torch, Turn: v.Turn,
		Bonuses: b.planBonuses[:0], Monsters: b.planMons[:0]}
	// The key, and the exit.
	pick := func(what uint64, ok func(i int) bool) int {
		choice, bestU := -1, uint64(0)
		for i := 0; i < n; i++ {
			if !wall[i] && ok(i) {
				if x := u(i, what); choice < 0 || x < bestU {
					choice, bestU = i, x
				}
			}
		}
		return choice
	}
	key := k.key
	switch {
	case v.Key:
		key = p
	case key < 0:
		key = pick(2, func(i int) bool { return i != p && (k.unknown[i] || !k.lit[i]) && i != k.exit })
		if key < 0 {
			return world{}, false
		}
	}
	exit := k.exit
	if exit < 0 {
		exit = pick(3, func(i int) bool {
			x, y := i%k.cols, i/k.cols
			return k.unknown[i] && i != key && (!grid || x%2 == 1 && y%2 == 1)
		})
		if exit < 0 {
			return world{}, false
		}
	}
	im.Key, im.Exit = k.pt(key), k.pt(exit)
	for _, i := range k.bonus {
		if i != key && i != exit {
			im.Bonuses = append(im.Bonuses, engine.Placed{Pos: k.pt(i), Kind: v.Map[i]})
		}
	}
	// The monsters the bot tracks.
	for _, t := range b.tracks {
		m := engine.ImaginedMonster{Kind: t.kind, Pos: k.pt(t.pos), Frozen: t.frozen, Dir: -1}
		switch t.kind {
		case engine.Wanderer:
			if t.target >= 0 {
				m.Target, m.HasTarget = k.pt(t.target), true
			}
		case engine.Minotaur:
			b.imagineMinotaur(v, &m)
		}
		im.Monsters = append(im.Monsters, m)
	}
	b.planBonuses, b.planMons = im.Bonuses, im.Monsters
	seed := mix64(uint64(v.Turn)<<8 | uint64(w))
	if b.planSim == nil {
		b.planSim = &engine.Sim{}
	}
	sim := b.planSim
	if err := sim.Reset(&im, seed); err != nil {
		return world{}, false
	}
	wd := world{sim: sim, cols: k.cols, toKey: b.planKey, toEx: b.planExit}
	if len(wd.toKey) != n {
		wd.toKey, wd.toEx = make([]int32, n), make([]int32, n)
		b.planKey, b.planExit = wd.toKey, wd.toEx
	}
	for i := range b.planWalk {
		b.planWalk[i] = !wall[i]
	}
	b.queue = k.bfs(b.planWalk, wd.toEx, b.queue, exit)
	wd.keyToEx = max(0, wd.toEx[key])
	b.planWalk[exit] = false
	b.queue = k.bfs(b.planWalk, wd.toKey, b.queue, key)
	return wd, true
}

// imagineMinotaur fills in the Minotaur's phase as the seat knows it: from
// the view when it is in light, else from its marks and the turn it next
// aims.
func (b *Reference) imagineMinotaur(v *engine.View, m *engine.ImaginedMonster) {
	for _, mv := range v.Monsters {
		if mv.Kind == engine.Minotaur {
			m.Aiming, m.Left = mv.Aiming, mv.Left
			if mv.Aiming {
				m.Centre = b.k.pt(b.markCtr)
			}
			return
		}
	}
	if b.marksSeen {
		m.Aiming, m.Left, m.Centre = true, max(1, b.leapIn(v)-m.Frozen), b.k.pt(b.markCtr)
		return
	}
	m.Left = engine.MinotaurRest
	if b.nextAim >= 0 {
		m.Left = max(0, b.nextAim-v.Turn-1-m.Frozen)
	}
}

// threatNear is how near (in steps over the map the bot knows) a monster
// it tracks must be for the planner to weigh a move that looks safe.
const threatNear = 8

// threatened reports whether a tracked monster is within threatNear steps
// of tile p, or the Minotaur has its marks down.
func (b *Reference) threatened(p int) bool {
	if b.marksSeen {
		return true
	}
	k := &b.k
	if len(b.tracks) == 0 {
		return false
	}
	b.queue = k.bfs(k.mwalk, b.gd, b.queue, p)
	for _, t := range b.tracks {
		if d := b.gd[t.pos]; d >= 0 && d <= threatNear {
			return true
		}
	}
	return false
}
