package engine

// tileSearches keeps, for a board whose walls never change (an imagined
// position's: no level follows it), one breadth-first search from each
// tile a monster searched from, grown only as far as the questions asked
// of it so far, so that the same question from the same tile, at any later
// turn or any other position of a bot's search, costs a look-up instead of
// a search. A search from a tile depends on nothing but the walls, so the
// answers are the ones a fresh search gives.
type tileSearches struct {
	slot []int32 // per source tile: 1 + index into srs; 0 none yet
	srs  []tileSearch
	used int
	// Per tile, which tiles within WandererSight of it (bit (dy+r)·(2r+1)
	// + dx+r) a wanderer there sees: sightKnown says which are answered.
	sightKnown, sight []uint64
}

// tileSearch is the search of one source tile: the same layers, the same
// first steps, as search (begun there) grows.
type tileSearch struct {
	cells []uint32 // per tile: reachedBit | first step<<firstShift | distance; 0 unreached
	queue []int32
	head  int
	grown int  // every tile within this distance is reached
	done  bool // nothing lies beyond: the search has run out of tiles
}

const reachedBit = 1 << 31

// searchChunk is how many searches' buffers are made at once.
const searchChunk = 16

// reset forgets every search, keeping the buffers, for a board of n tiles.
func (ts *tileSearches) reset(n int) {
	if len(ts.slot) != n {
		ts.slot = make([]int32, n)
		ts.srs = ts.srs[:0]
	} else {
		clear(ts.slot)
	}
	ts.used = 0
	ts.sightKnown = reuse(ts.sightKnown, n)
	ts.sight = reuse(ts.sight, n)
}

// seesWithin answers canSee(from, to, WandererSight), once a pair.
func (g *Game) seesWithin(from, to Point) bool {
	const r = WandererSight
	dx, dy := to.X-from.X, to.Y-from.Y
	if !withinRadius(dx, dy, r) {
		return false
	}
	ts := g.paths
	i := g.b.idx(from)
	bit := uint64(1) << ((dy+r)*(2*r+1) + dx + r)
	if ts.sightKnown[i]&bit == 0 {
		ts.sightKnown[i] |= bit
		if g.canSee(from, to, r) {
			ts.sight[i] |= bit
		}
	}
	return ts.sight[i]&bit != 0
}

// from returns the search from tile src, begun now if it was not yet.
func (ts *tileSearches) from(b *board, src Point) *tileSearch {
	i := b.idx(src)
	if k := ts.slot[i]; k > 0 {
		return &ts.srs[k-1]
	}
	n := len(b.wall)
	if ts.used == len(ts.srs) {
		// Searches are made searchChunk at a time, in one allocation.
		cells := make([]uint32, searchChunk*n)
		queues := make([]int32, searchChunk*n)
		for k := 0; k < searchChunk; k++ {
			ts.srs = append(ts.srs, tileSearch{cells: cells[k*n : (k+1)*n : (k+1)*n], queue: queues[k*n : k*n : (k+1)*n]})
		}
	}
	s := &ts.srs[ts.used]
	ts.used++
	ts.slot[i] = int32(ts.used)
	if len(s.cells) != n {
		s.cells, s.queue = make([]uint32, n), make([]int32, 0, n)
	}
	for _, t := range s.queue {
		s.cells[t] = 0 // the tiles an earlier search reached, and only those
	}
	s.cells[i] = reachedBit
	s.queue = append(s.queue[:0], int32(i))
	s.head, s.grown, s.done = 0, 0, false
	return s
}

// dist returns the distance of tile i, or -1 when the search has not
// reached it (yet).
func (s *tileSearch) dist(i int) int {
	c := s.cells[i]
	if c == 0 {
		return -1
	}
	return int(c & distMask)
}

// grow expands tiles until every tile within depth is reached, as
// search.grow does, the tiles queued up, left, down, right.
func (s *tileSearch) grow(b *board, depth int) {
	if s.done || depth <= s.grown {
		return
	}
	cols := int32(b.cols)
	n := int32(len(b.wall))
	cells, wall := s.cells, b.wall
	src := s.queue[0]
	for s.head < len(s.queue) {
		i := s.queue[s.head]
		c := cells[i]
		d := c & distMask
		if int(d) >= depth {
			s.grown = depth
			return
		}
		s.head++
		x := i % cols
		next := reachedBit | c&(3<<firstShift) | (d + 1)
		try := func(j int32, k uint32) {
			if cells[j] != 0 || wall[j] {
				return
			}
			if i == src {
				cells[j] = reachedBit | k<<firstShift | (d + 1)
			} else {
				cells[j] = next
			}
			s.queue = append(s.queue, j)
		}
		if i >= cols {
			try(i-cols, 0)
		}
		if x > 0 {
			try(i-1, 1)
		}
		if i+cols < n {
			try(i+cols, 2)
		}
		if x < cols-1 {
			try(i+1, 3)
		}
	}
	s.done = true
}

// reach returns the distance of tile t from the source when it is at most
// limit (no limit when negative), else -1, growing the search as far as
// that takes.
func (s *tileSearch) reach(b *board, t, limit int) int {
	for s.cells[t] == 0 && !s.done && (limit < 0 || s.grown < limit) {
		s.grow(b, s.grown+1)
	}
	d := s.dist(t)
	if limit >= 0 && d > limit {
		return -1
	}
	return d
}

// stepToward returns the first step from the source toward tile i, which
// the search must have reached; ok is false when i is the source or
// unreached.
func (s *tileSearch) stepToward(b *board, i int) (Point, bool) {
	if s.dist(i) <= 0 {
		return Point{}, false
	}
	return b.pt(int(s.queue[0])).Add(dirs[s.cells[i]>>firstShift&3]), true
}
