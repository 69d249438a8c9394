// Package bot holds computer players that play Minotaur from what a seat
// perceives — an engine.View and the events of the last step — and never
// from the game itself: the same value can drive a seat in process, over the
// network, or as a co-op partner.
//
//   - Reference plays as a skilled player would: it explores, takes the key,
//     then escapes, keeping out of reach of the monsters it has seen and
//     remembering them in the dark by the rules a player knows.
//   - Naive ignores the monsters: the shortest known path to the key, then to
//     the exit, exploring the nearest unknown tile when neither is known.
//
// `minotaur balance` measures levels with both (see docs/balance.md).
package bot

import "github.com/minotaur-game/minotaur/engine"

// Player is a computer player for one seat. Act is called when it is the
// seat's turn, with what the seat perceives and the events that came out of
// the previous Apply (nil when unknown); it returns the action to play. A
// Player keeps its own memory between calls and must be fed every view of
// its seat's turns, in order; it is not safe for concurrent use.
type Player interface {
	Act(v *engine.View, events []engine.Event) engine.Action
}

// known is the map a seat knows, in the form the bots search: per tile,
// whether a player may step there and whether a monster may.
type known struct {
	rows, cols int
	n          int
	pwalk      []bool // player may enter: known floor, not the closed exit
	mwalk      []bool // a monster may enter: anything not known to be wall
	unknown    []bool // never seen
	key, exit  int    // tile indexes, -1 when not known
	bonus      []int  // tiles with a bonus as last seen
	frontier   []int  // known floor next to an unknown tile
	// lit marks the tiles seen in light this level: items show only in
	// light, so a tile seen only in penumbra may still hide the key.
	lit    []bool
	unlit  []int // known floor never seen in light
	litN   int   // tiles seen in light
	bumped map[int]bool
}

func (k *known) idx(p engine.Point) int { return p.Y*k.cols + p.X }

func (k *known) pt(i int) engine.Point { return engine.Point{X: i % k.cols, Y: i / k.cols} }

func (k *known) in(p engine.Point) bool {
	return p.X >= 0 && p.Y >= 0 && p.X < k.cols && p.Y < k.rows
}

// load reads the seat's map from the view.
func (k *known) load(v *engine.View) {
	k.rows, k.cols, k.n = v.Rows, v.Cols, v.Rows*v.Cols
	if len(k.pwalk) != k.n {
		k.pwalk = make([]bool, k.n)
		k.mwalk = make([]bool, k.n)
		k.unknown = make([]bool, k.n)
	}
	if len(k.lit) != k.n {
		k.lit = make([]bool, k.n)
		k.litN = 0
	}
	k.key, k.exit = -1, -1
	k.bonus = k.bonus[:0]
	k.frontier = k.frontier[:0]
	k.unlit = k.unlit[:0]
	for i := 0; i < k.n; i++ {
		c := v.Map[i]
		if v.Light[i] == engine.Lit && !k.lit[i] {
			k.lit[i] = true
			k.litN++
		}
		wall := c == '+' || c == '-' || c == '|' || c == '#' || k.bumped[i]
		k.unknown[i] = c == ' ' && !k.bumped[i]
		k.mwalk[i] = !wall
		k.pwalk[i] = !wall && !k.unknown[i]
		switch c {
		case 'K':
			k.key = i
		case 'E':
			k.exit = i
			if !v.Key {
				k.pwalk[i] = false
			}
		case '*', '^', '?':
			k.bonus = append(k.bonus, i)
		}
	}
	// The border of the board can only be wall or an exit; monsters are
	// assumed to walk the unknown inside it.
	for i := 0; i < k.n; i++ {
		if !k.pwalk[i] {
			continue
		}
		if !k.lit[i] {
			k.unlit = append(k.unlit, i)
		}
		x, y := i%k.cols, i/k.cols
		if (y > 0 && k.unknown[i-k.cols]) || (x > 0 && k.unknown[i-1]) ||
			(y < k.rows-1 && k.unknown[i+k.cols]) || (x < k.cols-1 && k.unknown[i+1]) {
			k.frontier = append(k.frontier, i)
		}
	}
}

// newLevel forgets what the map of the last level taught.
func (k *known) newLevel() {
	k.bumped = nil
	k.lit = nil
}

// neighbours appends the tiles next to i in the tie-break order up, left,
// down, right.
func (k *known) neighbours(i int, out *[4]int) int {
	n := 0
	x, y := i%k.cols, i/k.cols
	if y > 0 {
		out[n] = i - k.cols
		n++
	}
	if x > 0 {
		out[n] = i - 1
		n++
	}
	if y < k.rows-1 {
		out[n] = i + k.cols
		n++
	}
	if x < k.cols-1 {
		out[n] = i + 1
		n++
	}
	return n
}

// bfs fills dist with 4-neighbour path distances from the sources over the
// tiles walk allows (a source is always 0); unreachable tiles get -1. The
// queue buffer is reused.
func (k *known) bfs(walk []bool, dist []int32, queue []int32, srcs ...int) []int32 {
	for i := range dist[:k.n] {
		dist[i] = -1
	}
	queue = queue[:0]
	for _, s := range srcs {
		if s >= 0 && dist[s] != 0 {
			dist[s] = 0
			queue = append(queue, int32(s))
		}
	}
	cols, n := int32(k.cols), int32(k.n)
	for h := 0; h < len(queue); h++ {
		i := queue[h]
		d := dist[i] + 1
		x := i % cols
		if i >= cols && walk[i-cols] && dist[i-cols] < 0 {
			dist[i-cols] = d
			queue = append(queue, i-cols)
		}
		if x > 0 && walk[i-1] && dist[i-1] < 0 {
			dist[i-1] = d
			queue = append(queue, i-1)
		}
		if i+cols < n && walk[i+cols] && dist[i+cols] < 0 {
			dist[i+cols] = d
			queue = append(queue, i+cols)
		}
		if x < cols-1 && walk[i+1] && dist[i+1] < 0 {
			dist[i+1] = d
			queue = append(queue, i+1)
		}
	}
	return queue
}

// stepDown returns the neighbour of i one step nearer the source of dist,
// trying up, left, down, right in that order, or i itself when i is a source
// or unreachable — the step a walker takes toward the source.
func (k *known) stepDown(dist []int32, i int) int {
	d := dist[i]
	if d <= 0 {
		return i
	}
	var nb [4]int
	c := k.neighbours(i, &nb)
	for _, j := range nb[:c] {
		if dist[j] == d-1 {
			return j
		}
	}
	return i
}

// actionTo returns the action that steps from tile a to the neighbouring
// tile b (Skip when b is a).
func (k *known) actionTo(a, b int) engine.Action {
	switch b - a {
	case -k.cols:
		return engine.Up
	case -1:
		return engine.Left
	case k.cols:
		return engine.Down
	case 1:
		return engine.Right
	}
	return engine.Skip
}

// seatPos returns the seat's tile and whether it is on the board.
func seatPos(v *engine.View) (engine.Point, bool) {
	p, ok := v.Player(v.Seat)
	return p.Pos, ok && p.State == engine.Active
}

// noteBumps remembers tiles the seat bumped into as walls, so that a bot
// never walks into the same wall again (a bump costs no turn, and the same
// view would give the same choice forever).
func (k *known) noteBumps(seat int, events []engine.Event) {
	for _, e := range events {
		if e.Kind == engine.EvBumpedWall && e.Seat == seat {
			if k.bumped == nil {
				k.bumped = map[int]bool{}
			}
			k.bumped[k.idx(e.Pos)] = true
		}
	}
}
