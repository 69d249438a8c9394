package bot

import "github.com/minotaur-game/minotaur/engine"

// Naive ignores the monsters: it walks the shortest known path to the key,
// then to the exit, and explores the nearest unknown tile while the one it
// wants is not known. It is the yardstick a level's monsters are measured
// against: a level where Naive passes does not ask for play.
type Naive struct {
	k      known
	level  int
	turn   int
	dist   []int32
	queue  []int32
	goals  []int
	visits []int32
}

// NewNaive returns a naive bot for one seat.
func NewNaive() *Naive { return &Naive{level: -1} }

// Act returns the next step toward the key (or the exit), or toward the
// nearest unexplored tile.
func (b *Naive) Act(v *engine.View, events []engine.Event) engine.Action {
	pos, ok := seatPos(v)
	if !ok {
		return engine.Skip
	}
	if v.Level != b.level || v.Turn < b.turn {
		b.level = v.Level
		b.k.newLevel()
		b.visits = make([]int32, v.Rows*v.Cols)
	}
	b.turn = v.Turn
	b.k.load(v)
	b.k.noteBumps(v.Seat, events)
	if len(events) > 0 && len(b.k.bumped) > 0 {
		b.k.load(v)
	}
	k := &b.k
	p := k.idx(pos)
	b.visits[p]++
	b.goals = b.goals[:0]
	switch {
	case !v.Key && k.key >= 0:
		b.goals = append(b.goals, k.key)
	case v.Key && k.exit >= 0:
		b.goals = append(b.goals, k.exit)
	case !v.Key && len(k.frontier) == 0:
		// The map is explored but the key not seen: it shows only in
		// light, so search the tiles seen in penumbra alone.
		b.goals = append(b.goals, k.unlit...)
	default:
		b.goals = append(b.goals, k.frontier...)
	}
	if len(b.dist) != k.n {
		b.dist = make([]int32, k.n)
	}
	b.queue = k.bfs(k.pwalk, b.dist, b.queue, b.goals...)
	if q := k.stepDown(b.dist, p); q != p {
		return k.actionTo(p, q)
	}
	// Nothing to walk to: step to the least visited open neighbour, so that
	// a bot never stands still for ever.
	return leastVisited(k, p, b.visits)
}

// leastVisited returns the step to the open neighbour of p visited least
// often (ties in the order up, left, down, right), or Skip when none is open.
func leastVisited(k *known, p int, visits []int32) engine.Action {
	var nb [4]int
	c := k.neighbours(p, &nb)
	best, bestV := -1, int32(0)
	for _, j := range nb[:c] {
		if k.pwalk[j] && (best < 0 || visits[j] < bestV) {
			best, bestV = j, visits[j]
		}
	}
	if best < 0 {
		return engine.Skip
	}
	return k.actionTo(p, best)
}
