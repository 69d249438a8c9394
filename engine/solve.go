package engine

import (
	"fmt"
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

type solver struct {
	g       *Game
	objs    []int // tiles of the key, then the bonuses
	kinds   []Item
	nodes   []snode
	mons    []monster // nm per node
	nm      int
	taken   []uint64 // words per node: bit k set when object k (key, then bonuses) is taken
	words   int
	seen    map[uint64]struct{}
	toKey   distMap // player distances to the key, exit closed
	toExit  distMap // distances to the exit, open
	keyExit int32
	maxTurn int32
	catches []int
	layer   []openItem // this turn's states
	next    openList   // the next turn's
}

// solvers keeps finished searches' tables for the next search: a server
// deals hundreds of levels a second, and the tables were most of what
// dealing allocated. What a search finds does not depend on them.
var solvers = sync.Pool{New: func() any { return new(solver) }}

func newSolver(g *Game) *solver {
	s := solvers.Get().(*solver)
	s.g, s.nm = g, len(g.mons)
	if s.seen == nil {
		s.seen = make(map[uint64]struct{}, 256)
	}
	s.nodes, s.mons, s.taken = s.nodes[:0], s.mons[:0], s.taken[:0]
	s.objs, s.kinds = s.objs[:0], s.kinds[:0]
	s.layer, s.next = s.layer[:0], s.next[:0]
	s.objs = append(s.objs, g.b.idx(g.lv.Key))
	s.kinds = append(s.kinds, Key)
	for _, bo := range g.lv.Bonuses {
		s.objs = append(s.objs, g.b.idx(bo.Pos))
		s.kinds = append(s.kinds, Item(bo.Kind))
	}
	s.toKey.fill(g.b, playerPass(g.b, false), g.lv.Key)
	s.toExit.fill(g.b, playerPass(g.b, true), g.lv.Exit)
	s.keyExit = s.toExit.d[g.b.idx(g.lv.Key)]
	floor := 0
	for _, w := range g.b.wall {
		if !w {
			floor++
		}
	}
	s.maxTurn = int32(g.turns + solveTurnsPerTile*floor)
	s.catches = append(s.catches[:0], make([]int, len(g.mons))...)
	s.words = (len(s.objs) + 63) / 64
	return s
}

// release gives the solver's tables to the next search. The solver must
// not be used after.
func (s *solver) release() {
	clear(s.seen)
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
	s.nodes = append(s.nodes, n)
	s.mons = append(s.mons, g.mons...)
	return int32(len(s.nodes) - 1)
}

// load puts node i's state into the private game.
func (s *solver) load(i int32) {
	g, n := s.g, &s.nodes[i]
	g.keyed, g.turns, g.bonuses = n.keyed, int(n.turns), int(n.bonuses)
	g.seats[0] = seat{Pos: n.pos, Prev: n.pos, State: Active, Freezes: int(n.freezes), Torch: n.torch}
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

// h estimates the turns still needed: to the key and on to the exit, or to
// the exit once the key is found.
func (s *solver) h() int32 {
	g := s.g
	t := g.b.idx(g.seats[0].Pos)
	if g.keyed {
		return s.toExit.d[t]
	}
	return s.toKey.d[t] + s.keyExit
}

// solveActions are tried in this order from every state.
var solveActions = [...]Action{Up, Left, Down, Right, Skip, UseFreeze}

func (s *solver) run(budget int) Solution {
	root := s.save(-1, 0, 0)
	s.seen[s.key()] = struct{}{}
	layer := append(s.layer, openItem{h: s.h(), i: root})
	next := s.next
	defer func() { s.layer, s.next = layer, next }()
	expanded := 0
	for len(layer) > 0 && expanded < budget {
		next = next[:0]
		for _, it := range layer {
			if expanded >= budget {
				break
			}
			expanded++
			if n, ok := s.expand(it.i, &next); ok {
				return Solution{Found: true, Line: s.line(n), Nodes: expanded}
			}
		}
		layer = layer[:0]
		for len(next) > 0 && len(layer) < solveBeam {
			layer = append(layer, next.pop())
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

// expand tries every action from node i: it returns the node of a passed
// level, or hands each new state to push.
func (s *solver) expand(i int32, next *openList) (int32, bool) {
	g := s.g
	exitClosed := playerPass(g.b, false)
	for _, a := range solveActions {
		s.load(i)
		st := &g.seats[0]
		if a == UseFreeze && st.Freezes == 0 {
			continue
		}
		if to := st.Pos.Add(a.Delta()); to != st.Pos && !(g.keyed && !g.b.isWall(to) || exitClosed.ok(g.b, to)) {
			continue // a bump changes nothing
		}
		ev, err := g.Apply(1, a)
		if err != nil {
			continue
		}
		if g.seats[0].State == Escaped {
			return s.save(i, a, s.nodes[i].depth+1), true
		}
		if g.seats[0].State != Active {
			s.caught(ev)
			continue
		}
		if int32(g.turns) > s.maxTurn {
			continue
		}
		k := s.key()
		if _, dup := s.seen[k]; dup {
			continue
		}
		s.seen[k] = struct{}{}
		n := s.save(i, a, s.nodes[i].depth+1)
		next.push(openItem{h: s.h(), i: n})
	}
	return 0, false
}

// caught counts a capture against the monster that made it.
func (s *solver) caught(ev []Event) {
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
		if best >= 0 {
			s.catches[best]++
		}
		return
	}
}

// line returns the actions from the root to node n.
func (s *solver) line(n int32) []Action {
	out := make([]Action, s.nodes[n].depth)
	for i := n; s.nodes[i].parent >= 0; i = s.nodes[i].parent {
		out[s.nodes[i].depth-1] = s.nodes[i].act
	}
	return out
}

// openList holds the states of the next turn, best first: the nearest to
// the goal, then the oldest, so the search is the same on every machine.
type openItem struct {
	h int32
	i int32
}

type openList []openItem

func (a openItem) before(b openItem) bool {
	if a.h != b.h {
		return a.h < b.h
	}
	return a.i < b.i
}

// push and pop keep o a binary heap.
func (o *openList) push(x openItem) {
	*o = append(*o, x)
	h := *o
	for i := len(h) - 1; i > 0; {
		p := (i - 1) / 2
		if !h[i].before(h[p]) {
			break
		}
		h[i], h[p] = h[p], h[i]
		i = p
	}
}

func (o *openList) pop() openItem {
	h := *o
	top := h[0]
	last := len(h) - 1
	h[0] = h[last]
	h = h[:last]
	for i := 0; ; {
		l, r, m := 2*i+1, 2*i+2, i
		if l < len(h) && h[l].before(h[m]) {
			m = l
		}
		if r < len(h) && h[r].before(h[m]) {
			m = r
		}
		if m == i {
			break
		}
		h[i], h[m] = h[m], h[i]
		i = m
	}
	*o = h
	return top
}
