package bot

import (
	"container/heap"

	"github.com/minotaur-game/minotaur/engine"
)

// Search limits: imagined positions per decision, and how deep.
const (
	searchNodes = 600
	searchDepth = 80
	searchBeam  = 12
	// When the bot has learnt nothing for a while.
	stuckSearchNodes = 4000
	stuckSearchBeam  = 25
)

// node is one imagined position of the search.
type node struct {
	st     state
	monsAt int // offset of its monsters in Reference.smons
	first  engine.Action
	depth  int
}

// search looks for a line of actions that reaches the goal alive when no
// safe way exists. It is a beam search over the player's actions, the
// remembered monsters answering each by their rules on the known map: turn
// after turn it keeps the searchBeam imagined positions nearest the goal,
// so it follows lines deep enough to lead a chaser of the same speed round
// a loop until it trails behind, or to wait out a freeze. It returns the
// first action of the line found; else, of the line that survives longest
// (ties: ending nearest the goal), and whether every line the search could
// follow ends caught.
func (b *Reference) search(v *engine.View, p, leap int) (a engine.Action, found, doomed bool) {
	nm := len(b.tracks)
	b.nodes = b.nodes[:0]
	b.smons = b.smons[:0]
	if b.seen == nil {
		b.seen = map[uint64]struct{}{}
	}
	clear(b.seen)
	root := b.start(v, p, leap)
	b.smons = append(b.smons, b.tracks...)
	b.nodes = append(b.nodes, node{st: root, first: engine.Skip})
	layer := append(b.layer[:0], openNode{i: 0})
	nodes, beam := searchNodes, searchBeam
	if v.Turn-b.lastProgress > stallTurns/2 {
		// Stuck: a hunter guards the way. Look much deeper for a line
		// that leads it off.
		nodes, beam = stuckSearchNodes, stuckSearchBeam
	}
	bestDepth, bestH, bestA := -1, int32(1<<30), engine.Skip
	expanded := 0
	for depth := 0; len(layer) > 0 && depth < searchDepth && expanded < nodes; depth++ {
		b.open = b.open[:0]
		for _, it := range layer {
			expanded++
			cur := b.nodes[it.i]
			for _, a := range candidates {
				s := cur.st
				s.mons = append(b.scratchMons[:0], b.smons[cur.monsAt:cur.monsAt+nm]...)
				b.scratchMons = s.mons
				b.dream = depth > 0
				out := b.advance(v, &s, a)
				b.dream = false
				if out == stepInvalid || out == stepCaught {
					continue
				}
				first := cur.first
				if depth == 0 {
					first = a
				}
				if out == stepEscaped || b.goalAt(v, &s) {
					b.layer = layer
					return first, true, false
				}
				key := hashState(&s)
				if _, dup := b.seen[key]; dup {
					continue
				}
				b.seen[key] = struct{}{}
				hd := b.goalDist(v, &s)
				if depth+1 > bestDepth || (depth+1 == bestDepth && hd < bestH) {
					bestDepth, bestH, bestA = depth+1, hd, first
				}
				at := len(b.smons)
				b.smons = append(b.smons, s.mons...)
				s.mons = nil
				b.nodes = append(b.nodes, node{st: s, monsAt: at, first: first, depth: depth + 1})
				heap.Push(&b.open, openNode{f: hd, h: hd, i: int32(len(b.nodes) - 1)})
			}
		}
		layer = layer[:0]
		for b.open.Len() > 0 && len(layer) < beam {
			layer = append(layer, heap.Pop(&b.open).(openNode))
		}
	}
	b.layer = layer
	// Every line ends caught (the beam ran dry): the one that lasts
	// longest gives the monsters most time to err.
	return bestA, false, bestDepth >= 0 && len(layer) == 0
}

// goalAt reports whether the imagined player stands on the goal: the target
// (a bonus, the key, the exit or the unknown), or after taking the key on
// the way, the exit or the unknown beyond.
func (b *Reference) goalAt(v *engine.View, s *state) bool {
	if (s.leap > 0 && b.markSet[s.pos]) || (s.aim == 1 && !b.esc[s.pos]) {
		return false // the Minotaur is about to land here
	}
	if s.keyed && !v.Key {
		return b.xd[s.pos] == 0
	}
	return b.td[s.pos] == 0
}

func (b *Reference) goalDist(v *engine.View, s *state) int32 {
	d := b.td[s.pos]
	if s.keyed && !v.Key {
		d = b.xd[s.pos]
	}
	if d < 0 {
		return 1 << 20
	}
	return d
}

// hashState folds an imagined position into a key for merging repeats.
func hashState(s *state) uint64 {
	h := uint64(14695981039346656037)
	mix := func(x int) {
		h ^= uint64(x) + 0x9e3779b97f4a7c15
		h *= 1099511628211
		h ^= h >> 29
	}
	mix(s.pos)
	if s.keyed {
		mix(1)
	}
	mix(s.freezes)
	mix(s.leap)
	mix(s.aim)
	for _, m := range s.mons {
		mix(m.pos)
		mix(m.frozen)
	}
	return h
}

// openNode is an entry of the search's next layer, ordered by its
// distance to the goal.
type openNode struct {
	f, h int32
	i    int32
}

type openList []openNode

func (o openList) Len() int { return len(o) }
func (o openList) Less(a, b int) bool {
	if o[a].f != o[b].f {
		return o[a].f < o[b].f
	}
	return o[a].i < o[b].i
}
func (o openList) Swap(a, b int) { o[a], o[b] = o[b], o[a] }
func (o *openList) Push(x any)   { *o = append(*o, x.(openNode)) }
func (o *openList) Pop() any {
	old := *o
	x := old[len(old)-1]
	*o = old[:len(old)-1]
	return x
}
