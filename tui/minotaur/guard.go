package minotaur

import "github.com/minotaur-game/minotaur/engine"

// Dead ends near a monster: travel and explore never walk the
// player into a part of the known map whose only way out passes a tile
// where a monster was seen in the last few turns — a dead-end room whose
// mouth a wanderer was just seen beside is how a new player gets trapped.
// Like the rest of travel, it reads only what the player saw: the view and
// the sightings the game screen remembers.

const (
	// guardTurns is how many turns a sighting is remembered for.
	guardTurns = 8
	// guardNear is how near (in steps over the known floor) to a dead
	// end's mouth a sighting must be for the dead end to be avoided.
	guardNear = 3
)

// sightingAt is a monster seen on a tile of a level, on a turn.
type sightingAt struct {
	pos         engine.Point
	level, turn int
}

// sightings remembers where monsters were seen in the last guardTurns
// turns of the level being played.
type sightings []sightingAt

// note adds the monsters of v (those in light) and forgets what is older
// than guardTurns or from another level.
func (s sightings) note(v *engine.View) sightings {
	out := s[:0]
	for _, x := range s {
		if x.level == v.Level && v.Turn-x.turn < guardTurns {
			out = append(out, x)
		}
	}
	for _, m := range v.Monsters {
		out = append(out, sightingAt{m.Pos, v.Level, v.Turn})
	}
	return out
}

// points returns the tiles of the sightings that are still recent in v.
func (s sightings) points(v *engine.View) []engine.Point {
	var out []engine.Point
	for _, x := range s {
		if x.level == v.Level && v.Turn-x.turn < guardTurns {
			out = append(out, x.pos)
		}
	}
	return out
}

// guardedPockets marks the known floor tiles that lie in a dead end — a
// part of the walkable known map reached from the player's tile through
// one tile only, its mouth — whose mouth is within guardNear steps of a
// recent sighting, or which holds one. walk tells the tiles a trip may
// step on (the view's floor and items, not blocked); start is the player's
// tile. It returns nil when nothing is guarded.
func guardedPockets(v *engine.View, start int, walk func(i int) bool, seen []engine.Point) []bool {
	if len(seen) == 0 {
		return nil
	}
	n := v.Rows * v.Cols
	idx := func(x, y int) (int, bool) {
		if x < 0 || y < 0 || x >= v.Cols || y >= v.Rows {
			return 0, false
		}
		return y*v.Cols + x, true
	}
	// near[i]: tile i is within guardNear steps of a sighting, over any
	// known tile that is not a wall (monsters walk where the player may).
	near := make([]bool, n)
	dist := make([]int, n)
	for i := range dist {
		dist[i] = -1
	}
	var queue []int
	for _, p := range seen {
		if i, ok := idx(p.X, p.Y); ok && dist[i] < 0 {
			dist[i] = 0
			queue = append(queue, i)
		}
	}
	open := func(i int) bool { c := v.Map[i]; return c == '.' || isItem(c) || c == 'E' }
	for len(queue) > 0 {
		i := queue[0]
		queue = queue[1:]
		near[i] = true
		if dist[i] == guardNear {
			continue
		}
		x, y := i%v.Cols, i/v.Cols
		for _, d := range steps {
			if j, ok := idx(x+d.dx, y+d.dy); ok && dist[j] < 0 && open(j) {
				dist[j] = dist[i] + 1
				queue = append(queue, j)
			}
		}
	}
	holds := make([]bool, n) // a sighting on the tile
	for _, p := range seen {
		if i, ok := idx(p.X, p.Y); ok {
			holds[i] = true
		}
	}

	// Depth-first search from the player's tile (Tarjan's cut vertices):
	// the subtree of a child c of u with low[c] >= disc[u] is reached only
	// through u.
	disc := make([]int, n)
	low := make([]int, n)
	size := make([]int, n)
	var order []int // tiles in discovery order: a subtree is a run of it
	var guarded []bool
	t := 0
	var dfs func(u int, root bool)
	dfs = func(u int, root bool) {
		t++
		disc[u], low[u], size[u] = t, t, 1
		order = append(order, u)
		x, y := u%v.Cols, u/v.Cols
		children := 0
		var kids []int
		for _, d := range steps {
			c, ok := idx(x+d.dx, y+d.dy)
			if !ok || !walk(c) {
				continue
			}
			if disc[c] == 0 {
				children++
				dfs(c, false)
				size[u] += size[c]
				low[u] = min(low[u], low[c])
				if low[c] >= disc[u] {
					kids = append(kids, c)
				}
			} else {
				low[u] = min(low[u], disc[c])
			}
		}
		if root && children < 2 {
			return // the player stands at the end of a dead end: the way out is the only way
		}
		for _, c := range kids {
			run := order[disc[c]-1 : disc[c]-1+size[c]]
			danger := near[u]
			for _, i := range run {
				danger = danger || holds[i]
			}
			if !danger {
				continue
			}
			if guarded == nil {
				guarded = make([]bool, n)
			}
			for _, i := range run {
				guarded[i] = true
			}
		}
	}
	dfs(start, true)
	return guarded
}
