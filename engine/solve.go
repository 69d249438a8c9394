package engine

import (
	"fmt"
	"math/bits"
	"math/rand/v2"
	"sync"
)

// SolverBudget is the number of search nodes the generator gives the solver
// to find a winning line for a level. Like every rule, it fixes which levels
// a seed deals: it is counted in nodes, never in time, so every machine
// deals the same levels.
const SolverBudget = 8000

// solveBeam is the number of states the search keeps for each turn.
const solveBeam = 25

// Solution is what the solver found for a level.
type Solution struct {
	// Found is true when Line passes the level.
	Found bool
	// Line is the winning sequence of actions of seat 1, from the state
	// the search began in.
	Line []Action
	// Nodes is the number of game states the search expanded.
	Nodes int
	// Exhausted is true when the search ran out of states before the
	// budget: every line it kept was caught (or ran past the turn cap).
	Exhausted bool
	// Catcher is the monster (as the level lists it) that caught the most
	// lines tried, when no line was found and anything caught them.
	Catcher *Placed
	// Reason says in words why no line was found; empty when one was.
	Reason string
}

// Solve searches for a sequence of actions of seat 1 that passes the level
// being played in g, from its current state, within budget expanded search
// nodes. g is not changed. The search is exact in its rules: it plays the
// real game on a private copy, monsters' random choices included (they
// come from the game's seeded source, so given the player's actions the
// game is deterministic), and merges repeated states. It is a beam search:
// turn by turn, it keeps the solveBeam states nearest the goal (the key,
// then the exit) that no monster caught. A line it finds always wins; one
// it does not find may still exist. Only solo games are solved.
func Solve(g *Game, budget int) Solution {
	if g.players != 1 {
		return Solution{Reason: "the solver plays solo games only"}
	}
	if g.result != InProgress || g.seats[0].State != Active {
		return Solution{Reason: "the game is not in play"}
	}
	sv := newSolver(g.blindCopy())
	defer sv.release()
	return sv.run(budget)
}

// SolveLevel searches for a winning line of level lv played as level n of a
// game with the given seed, from its start, solo.
func SolveLevel(lv Level, seed uint64, n int, budget int) Solution {
	if err := lv.Validate(); err != nil {
		return Solution{Reason: err.Error()}
	}
	g := &Game{seed: seed, players: 1, blind: true}
	g.setRNG(&rand.PCG{})
	g.beginLevel(n, lv.clone())
	sv := newSolver(g)
	defer sv.release()
	return sv.run(budget)
}

// blindCopy returns a private copy of a solo game's current level for the
// solver: nobody looks at it, and it ends when the level is passed.
func (g *Game) blindCopy() *Game {
	c := &Game{seed: g.seed, players: 1, blind: true, levelNo: g.levelNo, lv: g.lv, b: g.b, glyphs: g.glyphs,
		keyed: g.keyed, turns: g.turns, bonuses: g.bonuses, seats: g.seats, next: g.next, round: g.round}
	pcg := *g.pcg
	c.setRNG(&pcg)
	c.src.draws = g.src.draws
	c.items = append([]Item(nil), g.items...)
	c.mem = make([]bool, len(g.mem))
	c.memItem = make([]Item, len(g.memItem))
	c.mons = append([]monster(nil), g.mons...)
	return c
}

// solveTurnsPerTile caps a line's length: a line longer than this many
// turns per floor tile is not searched further.
const solveTurnsPerTile = 4

// snode is one game state of the search: what changes in a solo level.
type snode struct {
	pcg     rand.PCG
	draws   uint64
	rest    uint64 // hashes all but the player's tile: see situation
	pos     Point
	parent  int32
	turns   int32
	depth   int32
	bonuses int16
	freezes int16
	act     Action
	keyed   bool
	torch   bool
}

// The search, turn by turn, keeps the solveBeam states nearest the goal
// that no monster caught and that repeat no state seen before; it is the
// same search as playing every action of every kept state, but it plays
// far fewer:
//
//   - Lazily. What the player's action does to the player is known without
//     playing it: the tile, whether the key is then in the pocket (so the
//     estimate h), the turn, and whether the level is passed. What the
//     monsters do is not: whether the player is caught, and the new state's
//     key. So each turn's actions are candidates, ordered as the kept states
//     would be (by h, then in the order they were made), and played in that
//     order only until the beam is full; the rest wait. A waiting candidate
//     still counts: had it been played, its key would have made a later
//     equal state a repeat. Equal states stand on the same tile with the
//     same key state (both are in the key), so the candidates are queued by
//     that part, in the order they were made, and a candidate is played only
//     after every earlier one of its part. Every state is then checked
//     against every earlier one that could equal it.
//   - Once for the same situation. Two actions that leave the game in the
//     same state but for where the player came from, the turn and the
//     score (the player steps onto a tile another kept state steps or waits
//     on, the monsters, the random stream and the pocket the same) end
//     alike. The monsters read neither the turn nor the score, and where
//     the player came from only to tell a swap of tiles with a monster,
//     which needs the monster on the tile the player stepped onto: it
//     caught the player there before any monster moved. The second is
//     caught by the same monster as the first, or repeats the state the
//     first made, and is not played (solver.verify plays it all the same
//     and checks, in the tests: a rule that reads more fails them).
//
// A search that finds no line plays every candidate left at its end, so
// that each monster's catches are counted as when every action was played.
// The answer is the same, to the node and the sentence.

type solver struct {
	g       *Game
	objs    []int // tiles of the key, then the bonuses
	kinds   []Item
	nodes   []snode
	mons    []monster // nm per node
	nm      int
	taken   []uint64 // words per node: bit k set when object k (key, then bonuses) is taken
	words   int
	seen    keySet   // the keys of the states made
	ends    endCache // how situations ended
	toKey   distMap  // player distances to the key, exit closed
	toExit  distMap  // distances to the exit, open
	keyExit int32
	maxTurn int32
	catches []int
	layer   []int32   // this turn's states (nodes)
	queue   turnQueue // the next turn's candidates
	cands   []cand
	late    []lateCand
	// the first and last waiting candidate of each part (2 × tile + key
	// in the pocket); -1 none
	partHead, partTail []int32

	// verify plays the candidates whose end is known too, and counts in
	// wrong those that end otherwise (tests only).
	verify bool
	wrong  int
	again  int // candidates whose situation ended before
}

// cand is an action of a kept state, played or waiting.
type cand struct {
	parent int32
	node   int32 // the new state's node once played and kept
	next   int32 // the next waiting candidate of the same part; -1 none
	hnext  int32 // the next candidate of the turn with the same h; -1 none
	h      int32
	part   int32
	act    Action
	state  uint8
}

// Candidate states.
const (
	candWaiting uint8 = iota
	candKept          // played: a new state, node
	candDropped       // played: caught, or a repeat
)

// lateCand is an action past the turn cap: never kept, played only to count
// its catches when no line is found.
type lateCand struct {
	parent int32
	act    Action
}

// How a situation ended (solver.ends): caught by no monster found (endCaught),
// by monster j (j ≥ 0), or not caught (endOn: a state was made, new or not).
const (
	endOn     = -1
	endCaught = -2
)

// solvers keeps finished searches' tables for the next search: a server
// deals hundreds of levels a second, and the tables were most of what
// dealing allocated. What a search finds does not depend on them.
var solvers = sync.Pool{New: func() any { return new(solver) }}

func newSolver(g *Game) *solver {
	s := solvers.Get().(*solver)
	s.g, s.nm = g, len(g.mons)
	g.seats[0].InLight, g.seats[0].Heard = nil, nil // what load does not set
	s.nodes, s.mons, s.taken = s.nodes[:0], s.mons[:0], s.taken[:0]
	s.objs, s.kinds = s.objs[:0], s.kinds[:0]
	s.layer = s.layer[:0]
	s.cands, s.late = s.cands[:0], s.late[:0]
	s.verify, s.wrong, s.again = false, 0, 0
	s.ends.reset()
	s.partHead = fill(s.partHead, 2*len(g.b.wall), -1)
	s.partTail = fill(s.partTail, 2*len(g.b.wall), -1)
	s.objs = append(s.objs, g.b.idx(g.lv.Key))
	s.kinds = append(s.kinds, Key)
	for _, bo := range g.lv.Bonuses {
		s.objs = append(s.objs, g.b.idx(bo.Pos))
		s.kinds = append(s.kinds, Item(bo.Kind))
	}
	s.toKey.fill(g.b, playerPass(g.b, false), g.lv.Key)
	s.toExit.fill(g.b, playerPass(g.b, true), g.lv.Exit)
	s.keyExit = s.toExit.d[g.b.idx(g.lv.Key)]
	lo, hi := int32(-1), int32(0) // the values of h: toExit.d, toKey.d + keyExit
	floor := 0
	for t, d := range s.toExit.d {
		k := s.toKey.d[t] + s.keyExit
		lo, hi = min(lo, d, k), max(hi, d, k)
		if !g.b.wall[t] {
			floor++
		}
	}
	s.queue.reset(lo, hi)
	s.maxTurn = int32(g.turns + solveTurnsPerTile*floor)
	s.catches = append(s.catches[:0], make([]int, len(g.mons))...)
	s.words = (len(s.objs) + 63) / 64
	return s
}

// fill returns buf resized to n values v.
func fill(buf []int32, n int, v int32) []int32 {
	if cap(buf) < n {
		buf = make([]int32, n)
	}
	buf = buf[:n]
	for i := range buf {
		buf[i] = v
	}
	return buf
}

// release gives the solver's tables to the next search. The solver must
// not be used after.
func (s *solver) release() {
	s.seen.reset()
	s.g = nil
	solvers.Put(s)
}

// save records the private game's state as a new node.
func (s *solver) save(parent int32, a Action, depth int32) int32 {
	g := s.g
	st := &g.seats[0]
	n := snode{parent: parent, act: a, keyed: g.keyed, turns: int32(g.turns), bonuses: int16(g.bonuses),
		pos: st.Pos, freezes: int16(st.Freezes), torch: st.Torch, pcg: *g.pcg, draws: g.src.draws, depth: depth}
	base := len(s.taken)
	s.taken = append(s.taken, make([]uint64, s.words)...)
	for k, t := range s.objs {
		if g.items[t] == NoItem {
			s.taken[base+k/64] |= 1 << (k % 64)
		}
	}
	n.rest = s.rest(s.taken[base:])
	s.nodes = append(s.nodes, n)
	s.mons = append(s.mons, g.mons...)
	return int32(len(s.nodes) - 1)
}

// load puts node i's state into the private game.
func (s *solver) load(i int32) {
	g, n := s.g, &s.nodes[i]
	g.keyed, g.turns, g.bonuses = n.keyed, int(n.turns), int(n.bonuses)
	st := &g.seats[0] // as a seat starts a level (a blind game keeps no InLight nor Heard)
	st.Pos, st.Prev, st.State, st.Freezes, st.Torch = n.pos, n.pos, Active, int(n.freezes), n.torch
	st.Away, st.Gone, st.Moved, st.LeftAt, st.Occupied = false, false, false, 0, false
	*g.pcg = n.pcg
	g.src.draws = n.draws
	taken := s.taken[int(i)*s.words:]
	for k, t := range s.objs {
		if taken[k/64]&(1<<(k%64)) != 0 {
			g.items[t] = NoItem
		} else {
			g.items[t] = s.kinds[k]
		}
	}
	copy(g.mons, s.mons[int(i)*s.nm:])
	g.compass = g.compass[:0]
	g.result, g.next, g.round, g.nearOK = InProgress, 0, false, false
	g.passed = g.passed[:0]
}

// key hashes the state of the private game that decides its future: the
// turn counter does not (an earlier arrival at the same state is as good).
func (s *solver) key() uint64 { return s.g.soloKey(s.objs) }

// soloKey hashes what decides the future of a solo game's position: the
// player, the pocket, the key, which of objs (tiles of the key and the
// bonuses) are taken, the random stream's position and every monster. The
// turn counter is left out: reaching a position earlier is as good. The
// solver and Sim merge repeated positions by it.
func (g *Game) soloKey(objs []int) uint64 {
	h := uint64(14695981039346656037)
	mix := func(v uint64) { h = (h ^ v) * 1099511628211 }
	st := &g.seats[0]
	mix(uint64(st.Pos.X)<<32 | uint64(st.Pos.Y))
	mix(uint64(st.Freezes))
	if g.keyed {
		mix(1)
	}
	for k, t := range objs {
		if g.items[t] == NoItem {
			mix(uint64(k) + 1<<40) // which objects are taken
		}
	}
	mix(g.src.draws)
	for j := range g.mons {
		m := &g.mons[j]
		mix(uint64(m.Pos.X)<<32 | uint64(m.Pos.Y))
		mix(uint64(m.Frozen)<<32 | uint64(m.Dir+1)<<16 | uint64(m.Phase)<<8 | uint64(m.Count))
		if m.HasTarget {
			mix(uint64(m.Target.X)<<32 | uint64(m.Target.Y) | 1<<63)
		}
		if m.Phase == phaseAimed {
			mix(uint64(m.Centre.X)<<32 | uint64(m.Centre.Y))
		}
	}
	return h
}

// situation hashes what the game is once node i's player has stepped onto
// tile t by action a, before the monsters act, but for what the monsters
// do not read: where the player came from, the turn and the score. It is
// node i's rest and the tile: a step onto an object's tile takes it, and
// tells it by the tile. A freeze is its own situation (the monsters freeze).
func (s *solver) situation(i int32, a Action, t int) uint64 {
	h := s.nodes[i].rest
	if a == UseFreeze {
		h = (h ^ 1<<40) * 1099511628211
	}
	return (h ^ uint64(t)) * 1099511628211
}

// rest hashes the private game's state but for the player's tile, the turn
// and the score: what the pocket holds and whether the torch is lit, the
// key, which objects are taken (taken, the node's words), the random
// stream's position and every monster, wholly.
func (s *solver) rest(taken []uint64) uint64 {
	g := s.g
	st := &g.seats[0]
	h := uint64(14695981039346656037)
	mix := func(v uint64) { h = (h ^ v) * 1099511628211 }
	v := uint64(st.Freezes)
	if g.keyed {
		v |= 1 << 32
	}
	if st.Torch {
		v |= 1 << 33
	}
	mix(v)
	for _, w := range taken {
		mix(w)
	}
	mix(g.src.draws)
	for j := range g.mons {
		m := &g.mons[j]
		mix(uint64(m.Pos.X)<<32 | uint64(m.Pos.Y))
		mix(uint64(m.Frozen)<<32 | uint64(m.Dir+1)<<16 | uint64(m.Phase)<<8 | uint64(m.Count))
		hasTarget := uint64(0)
		if m.HasTarget {
			hasTarget = 1 << 63
		}
		mix(uint64(m.Target.X)<<32 | uint64(m.Target.Y) | hasTarget)
		mix(uint64(m.Centre.X)<<32 | uint64(m.Centre.Y))
	}
	return h
}

// solveActions are tried in this order from every state.
var solveActions = [...]Action{Up, Left, Down, Right, Skip, UseFreeze}

func (s *solver) run(budget int) Solution {
	root := s.save(-1, 0, 0)
	s.seen.add(s.key())
	layer := append(s.layer, root)
	defer func() { s.layer = layer }()
	expanded := 0
	for len(layer) > 0 && expanded < budget {
		s.queue.clear()
		for _, i := range layer {
			if expanded >= budget {
				break
			}
			expanded++
			if n, ok := s.expand(i); ok {
				return Solution{Found: true, Line: s.line(n), Nodes: expanded}
			}
		}
		layer = layer[:0]
		for s.queue.n > 0 && len(layer) < solveBeam {
			c := s.pop()
			if s.cands[c].state == candWaiting {
				if n, ok := s.play(c); ok {
					return Solution{Found: true, Line: s.line(n), Nodes: expanded}
				}
			}
			if s.cands[c].state == candKept {
				layer = append(layer, s.cands[c].node)
			}
		}
	}
	// No line: every action of every state expanded counts its catches.
	for c := range s.cands {
		if s.cands[c].state == candWaiting {
			s.play(int32(c))
		}
	}
	for _, c := range s.late {
		s.load(c.parent)
		if ev, err := s.g.Apply(1, c.act); err == nil && s.g.seats[0].State != Active && s.g.seats[0].State != Escaped {
			if j := s.catcher(ev); j >= 0 {
				s.catches[j]++
			}
		}
	}
	sol := Solution{Nodes: expanded, Exhausted: len(layer) == 0}
	best := -1
	for j, c := range s.catches {
		if c > 0 && (best < 0 || c > s.catches[best]) {
			best = j
		}
	}
	var who string
	if best >= 0 {
		p := s.g.lv.Monsters[best]
		sol.Catcher = &p
		who = fmt.Sprintf("the %s from %v", MonsterKind(p.Kind).Name(), p.Pos)
	}
	switch {
	case sol.Exhausted && best >= 0:
		sol.Reason = fmt.Sprintf("no winning line found: every line tried is caught, most often by %s", who)
	case sol.Exhausted:
		sol.Reason = "no winning line found: the exit cannot be reached in time"
	case best >= 0:
		sol.Reason = fmt.Sprintf("no winning line found in %d search steps: %s caught most lines tried", expanded, who)
	default:
		sol.Reason = fmt.Sprintf("no winning line found in %d search steps", expanded)
	}
	return sol
}

// expand makes a candidate of every action from node i that changes
// something, without playing it, into the next turn's queue. A step onto
// the open exit is played at once: it returns the node of the passed level.
func (s *solver) expand(i int32) (int32, bool) {
	g, n := s.g, s.nodes[i]
	b := g.b
	exitClosed := playerPass(b, false)
	t := b.idx(n.pos)
	for _, a := range solveActions {
		if a == UseFreeze && n.freezes == 0 {
			continue
		}
		to, tt := n.pos, t
		if d := a.Delta(); d != (Point{}) {
			to = n.pos.Add(d)
			if !(n.keyed && !b.isWall(to) || exitClosed.ok(b, to)) {
				continue // a bump changes nothing
			}
			tt = b.idx(to)
		}
		keyed := n.keyed || tt == s.objs[0]
		escapes := keyed && tt == b.exit
		if n.turns+1 > s.maxTurn && !escapes {
			s.late = append(s.late, lateCand{parent: i, act: a})
			continue
		}
		h := s.toKey.d[tt] + s.keyExit
		part := int32(2 * tt)
		if keyed {
			h, part = s.toExit.d[tt], part+1
		}
		c := int32(len(s.cands))
		s.cands = append(s.cands, cand{parent: i, node: -1, next: -1, hnext: -1, h: h, part: part, act: a})
		if tail := s.partTail[part]; tail >= 0 {
			s.cands[tail].next = c
		} else {
			s.partHead[part] = c
		}
		s.partTail[part] = c
		if escapes {
			if n, ok := s.play(c); ok {
				return n, true
			}
		}
		s.push(c)
	}
	return 0, false
}

// play plays waiting candidate c, after every waiting candidate of its part
// made before it: it returns the node of a passed level.
func (s *solver) play(c int32) (int32, bool) {
	part := s.cands[c].part
	for {
		k := s.partHead[part]
		x := &s.cands[k]
		s.partHead[part] = x.next
		if x.next < 0 {
			s.partTail[part] = -1
		}
		if n, ok := s.playOne(k); ok {
			return n, true
		}
		if k == c {
			return 0, false
		}
	}
}

// playOne plays candidate k, unless its situation has ended before, and
// keeps its state when it is new: it returns the node of a passed level.
func (s *solver) playOne(k int32) (int32, bool) {
	g := s.g
	x := &s.cands[k]
	x.state = candDropped
	parent, act := x.parent, x.act
	n := &s.nodes[parent]
	t := g.b.idx(n.pos.Add(act.Delta()))
	sit := s.situation(parent, act, t)
	e, known := s.ends.find(sit)
	end := e.end
	if known {
		s.again++
	}
	if known && !s.verify {
		if end >= 0 {
			s.catches[end]++
		}
		return 0, false // caught as before, or a repeat of the state made before
	}
	s.load(parent)
	ev, err := g.Apply(1, act)
	if err != nil {
		return 0, false
	}
	if g.seats[0].State == Escaped {
		return s.save(parent, act, s.nodes[parent].depth+1), true
	}
	if g.seats[0].State != Active {
		j := s.catcher(ev)
		if j >= 0 {
			s.catches[j]++
		}
		if !known {
			s.ends.fill(e, sit, int32(max(j, endCaught)))
		} else if end != int32(max(j, endCaught)) {
			s.wrong++
		}
		return 0, false
	}
	if int32(g.turns) > s.maxTurn {
		return 0, false
	}
	if !known {
		s.ends.fill(e, sit, endOn)
	}
	repeat := !s.seen.add(s.key())
	if known && (end != endOn || !repeat) {
		s.wrong++
	}
	if repeat {
		return 0, false
	}
	x = &s.cands[k]
	x.state, x.node = candKept, s.save(parent, act, s.nodes[parent].depth+1)
	return 0, false
}

// catcher returns the monster that made the capture the events tell: the
// nearest of its kind to where it happened; -1 when none is told.
func (s *solver) catcher(ev []Event) int {
	g := s.g
	for _, e := range ev {
		if e.Kind != EvCaught {
			continue
		}
		best, bestD := -1, 0
		for j := range g.mons {
			if d := cheb(g.mons[j].Pos, e.Pos); g.mons[j].Kind == e.Monster && (best < 0 || d < bestD) {
				best, bestD = j, d
			}
		}
		return best
	}
	return -1
}

// line returns the actions from the root to node n.
func (s *solver) line(n int32) []Action {
	out := make([]Action, s.nodes[n].depth)
	for i := n; s.nodes[i].parent >= 0; i = s.nodes[i].parent {
		out[s.nodes[i].depth-1] = s.nodes[i].act
	}
	return out
}

// keySet is a set of states' keys: open addressing, the high bits of the
// key times a large odd number its first slot (a key's low bits depend on
// the low bits of what it hashes only), the next slots after it; 0 marks an
// empty slot (the key 0 is kept aside). A search adds a key per state made.
type keySet struct {
	slots []uint64
	shift uint // 64 − log2(len(slots))
	n     int
	zero  bool
	used  []int32 // the slots filled, to empty them for the next search
}

// add adds k and reports whether it was not in the set.
func (ks *keySet) add(k uint64) bool {
	if k == 0 {
		had := ks.zero
		ks.zero = true
		return !had
	}
	if 2*(ks.n+1) > len(ks.slots) {
		ks.grow()
	}
	mask := uint64(len(ks.slots) - 1)
	for i := (k * 0x9e3779b97f4a7c15) >> ks.shift; ; i = (i + 1) & mask {
		switch ks.slots[i] {
		case k:
			return false
		case 0:
			ks.slots[i] = k
			ks.used = append(ks.used, int32(i))
			ks.n++
			return true
		}
	}
}

// grow doubles the table (it starts at 1,024 slots).
func (ks *keySet) grow() {
	old := ks.slots
	ks.slots = make([]uint64, max(1024, 2*len(old)))
	ks.shift = uint(64 - bits.TrailingZeros(uint(len(ks.slots))))
	ks.used, ks.n = ks.used[:0], 0
	for _, k := range old {
		if k != 0 {
			ks.add(k)
		}
	}
}

// reset empties the set, keeping its table.
func (ks *keySet) reset() {
	for _, i := range ks.used {
		ks.slots[i] = 0
	}
	ks.used = ks.used[:0]
	ks.n, ks.zero = 0, false
}

// endCache remembers how situations ended, as many as fit in its slots: a
// situation's slot is the high bits of its hash times a large odd number,
// and a situation met later takes the slot. One forgotten is played again,
// which is all it costs. A slot is filled in the cache's generation only,
// so emptying the cache for the next search is a new generation.
type endCache struct {
	slots [1 << endCacheBits]endSlot
	gen   uint32
}

// endCacheBits sizes the cache: 16 KB, which stays near the processor. Most
// situations met again were met a turn or two before: over levels 1–7 of
// seeds 1–50, 1,024 slots remember 99.5 % of those an unbounded table does
// (256 slots: 98 %).
const endCacheBits = 10

type endSlot struct {
	sit uint64
	end int32
	gen uint32
}

// find returns sit's slot and whether it holds sit's end.
func (ec *endCache) find(sit uint64) (*endSlot, bool) {
	e := &ec.slots[(sit*0x9e3779b97f4a7c15)>>(64-endCacheBits)]
	return e, e.gen == ec.gen && e.sit == sit
}

// fill puts sit's end into its slot e (find's).
func (ec *endCache) fill(e *endSlot, sit uint64, end int32) {
	*e = endSlot{sit: sit, end: end, gen: ec.gen}
}

// reset empties the cache.
func (ec *endCache) reset() {
	if ec.gen++; ec.gen == 0 { // wrapped: slots of old generations could read as new
		ec.slots = [1 << endCacheBits]endSlot{}
		ec.gen = 1
	}
}

// turnQueue holds a turn's candidates, best first: the nearest to the goal
// (the least h), then the first made, so that the search is the same on
// every machine. Candidates are made in order, so a list per value of h,
// first in first out, keeps them so.
type turnQueue struct {
	head, tail []int32 // of each list, by h − lo; -1 empty
	lo         int32   // the least h a candidate can have
	min, max   int     // no list outside min…max holds a candidate
	n          int
}

// reset sizes the lists for the values of h from lo to hi, all empty.
func (q *turnQueue) reset(lo, hi int32) {
	q.lo = lo
	q.head = fill(q.head, int(hi-lo)+1, -1)
	q.tail = fill(q.tail, int(hi-lo)+1, -1)
	q.min, q.max, q.n = len(q.head), -1, 0
}

// clear empties the lists.
func (q *turnQueue) clear() {
	for k := q.min; k <= q.max; k++ {
		q.head[k], q.tail[k] = -1, -1
	}
	q.min, q.max, q.n = len(q.head), -1, 0
}

func (s *solver) push(c int32) {
	q := &s.queue
	k := int(s.cands[c].h - q.lo)
	if t := q.tail[k]; t >= 0 {
		s.cands[t].hnext = c
	} else {
		q.head[k] = c
	}
	q.tail[k] = c
	q.min, q.max = min(q.min, k), max(q.max, k)
	q.n++
}

func (s *solver) pop() int32 {
	q := &s.queue
	for q.head[q.min] < 0 {
		q.min++
	}
	c := q.head[q.min]
	if q.head[q.min] = s.cands[c].hnext; q.head[q.min] < 0 {
		q.tail[q.min] = -1
	}
	q.n--
	return c
}
