package engine

// board is the static part of a level in the form the rules work on.
type board struct {
	cols, rows int
	wall       []bool
	exit       int // index of the exit tile; -1 none
	// blank is the starting state of a distance map: wallDist on walls,
	// unreached elsewhere. Built on first use.
	blank []int32
}

const (
	unreached int32 = -1
	wallDist  int32 = -2
)

func newBoard(l *Level) *board {
	b := &board{cols: l.Cols, rows: l.Rows, wall: l.Wall}
	b.exit = b.idx(l.Exit)
	return b
}

func (b *board) blankMap() []int32 {
	if len(b.blank) != len(b.wall) {
		b.blank = reuse(b.blank, len(b.wall))
		for i, w := range b.wall {
			if w {
				b.blank[i] = wallDist
			} else {
				b.blank[i] = unreached
			}
		}
	}
	return b.blank
}

func (b *board) in(p Point) bool { return p.X >= 0 && p.Y >= 0 && p.X < b.cols && p.Y < b.rows }

func (b *board) idx(p Point) int { return p.Y*b.cols + p.X }

func (b *board) pt(i int) Point { return Point{i % b.cols, i / b.cols} }

func (b *board) isWall(p Point) bool { return !b.in(p) || b.wall[p.Y*b.cols+p.X] }

// pass says which tiles a walker may enter: any floor tile except, for a
// player before the key is found, the closed exit.
type pass struct{ blocked int }

// monsterPass: monsters walk on floor, items and the exit, open or not.
var monsterPass = pass{blocked: -1}

// playerPass: players are stopped by a closed exit as by a wall.
func playerPass(b *board, exitOpen bool) pass {
	if exitOpen {
		return pass{blocked: -1}
	}
	return pass{blocked: b.exit}
}

func (ps pass) ok(b *board, p Point) bool {
	if !b.in(p) {
		return false
	}
	i := b.idx(p)
	return !b.wall[i] && i != ps.blocked
}

// distMap holds 4-neighbour BFS path distances from one or more source
// tiles, and for every tile which source is nearest (ties: the source given
// first); a negative distance is unreachable. Its buffers are reused.
type distMap struct {
	d     []int32
	owner []int8
	queue []int32
}

// reset prepares the map for a fill over b: walls, and the tile ps blocks,
// can never be entered.
func (m *distMap) reset(b *board, ps pass) {
	n := len(b.wall)
	if cap(m.d) < n {
		m.d = make([]int32, n)
		m.owner = make([]int8, n)
		m.queue = make([]int32, 0, n)
	}
	m.d, m.owner = m.d[:n], m.owner[:n]
	copy(m.d, b.blankMap())
	if ps.blocked >= 0 {
		m.d[ps.blocked] = wallDist
	}
	m.queue = m.queue[:0]
}

func (m *distMap) at(b *board, p Point) int {
	if !b.in(p) {
		return -1
	}
	return int(m.d[b.idx(p)])
}

// fill computes distances from the sources to every tile that ps lets a
// walker enter. A source is always distance 0, whatever stands there. Each
// layer of the search keeps the tiles of earlier sources first, so a tile
// as near to two sources belongs to the earlier one.
func (m *distMap) fill(b *board, ps pass, srcs ...Point) {
	m.reset(b, ps)
	for k, src := range srcs {
		if s := int32(b.idx(src)); b.in(src) && m.d[s] != 0 {
			m.d[s], m.owner[s] = 0, int8(k)
			m.queue = append(m.queue, s)
		}
	}
	cols := int32(b.cols)
	n := int32(len(m.d))
	d, owner := m.d, m.owner
	for head := 0; head < len(m.queue); head++ {
		i := m.queue[head]
		nd, o := d[i]+1, owner[i]
		x := i % cols
		visit := func(j int32) {
			if d[j] == unreached {
				d[j], owner[j] = nd, o
				m.queue = append(m.queue, j)
			}
		}
		if i >= cols {
			visit(i - cols)
		}
		if x > 0 {
			visit(i - 1)
		}
		if i+cols < n {
			visit(i + cols)
		}
		if x < cols-1 {
			visit(i + 1)
		}
	}
}

// stepDown returns the neighbour of p that is one step nearer the source
// that owns p, trying up, left, down, right in that order; ok is false when p
// is a source or cannot reach one.
func (m *distMap) stepDown(b *board, p Point) (Point, bool) {
	d := m.at(b, p)
	if d <= 0 {
		return p, false
	}
	o := m.owner[b.idx(p)]
	for _, dir := range dirs {
		q := p.Add(dir)
		if m.at(b, q) == d-1 && m.owner[b.idx(q)] == o {
			return q, true
		}
	}
	return p, false
}

// path returns up to n tiles p1…pn of the shortest path from p toward the
// map's source, each step chosen by stepDown.
func (m *distMap) path(b *board, p Point, n int) []Point { return m.appendPath(nil, b, p, n) }

// appendPath appends the tiles of path(b, p, n) to out.
func (m *distMap) appendPath(out []Point, b *board, p Point, n int) []Point {
	for end := len(out) + n; len(out) < end; {
		q, ok := m.stepDown(b, p)
		if !ok {
			break
		}
		out = append(out, q)
		p = q
	}
	return out
}

// search is a breadth-first search outward from one tile (a monster's) over
// the tiles monsters walk on. It grows layer by layer on demand and
// remembers, for every tile it reaches, the first step of a shortest path to
// it. Because the source's neighbours are queued up, left, down, right, and a
// tile keeps the step of whichever neighbour reached it first, that step is
// the first in the fixed tie-break order among all shortest paths — the same
// step a walker takes going down the target's distance map.
//
// Each tile's word holds the generation of the search that reached it, the
// first step and the distance; walls carry a generation no search reaches.
// So a new search costs only the tiles it reaches, and one comparison tells
// whether a neighbour may be entered.
type search struct {
	cells []uint32 // generation<<genShift | first step<<firstShift | distance
	blank []uint32 // walls marked, every floor tile generation 0
	gen   uint32
	queue []int32
	head  int
	src   int32
}

const (
	genShift   = 22
	firstShift = 20
	distMask   = 1<<firstShift - 1
	wallGen    = 1<<(32-genShift) - 1 // above every search's generation
)

// begin starts a search from src.
func (s *search) begin(b *board, src Point) {
	if n := len(b.wall); len(s.cells) != n {
		s.cells = make([]uint32, n)
		s.blank = make([]uint32, n)
		for i, w := range b.wall {
			if w {
				s.blank[i] = wallGen << genShift
			}
		}
		s.gen = wallGen - 1 // starts afresh below
	}
	s.gen++
	if s.gen >= wallGen { // generations used up: start afresh
		copy(s.cells, s.blank)
		s.gen = 1
	}
	s.queue = s.queue[:0]
	s.head = 0
	s.src = int32(b.idx(src))
	s.cells[s.src] = s.gen << genShift
	s.queue = append(s.queue, s.src)
}

// dist returns the distance of tile i, or -1 when the search has not
// reached it (yet).
func (s *search) dist(i int) int {
	c := s.cells[i]
	if c>>genShift != s.gen {
		return -1
	}
	return int(c & distMask)
}

// grow expands tiles until every tile within depth is reached. It reports
// whether anything lies beyond: false when the search has run out of tiles.
func (s *search) grow(b *board, depth int) bool {
	cols := int32(b.cols)
	n := int32(len(b.wall))
	cells, gen := s.cells, s.gen
	for s.head < len(s.queue) {
		i := s.queue[s.head]
		c := cells[i]
		d := c & distMask
		if int(d) >= depth {
			return true
		}
		s.head++
		x := i % cols
		next := gen<<genShift | c&(3<<firstShift) | (d + 1)
		try := func(j int32, k uint32) {
			if cells[j]>>genShift >= gen { // reached already, or a wall
				return
			}
			if i == s.src {
				cells[j] = gen<<genShift | k<<firstShift | (d + 1)
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
	return false
}

// stepToward returns the first step from the source toward tile i, which the
// search must have reached; ok is false when i is the source or unreached.
func (s *search) stepToward(b *board, i int) (Point, bool) {
	if s.dist(i) <= 0 {
		return Point{}, false
	}
	return b.pt(int(s.src)).Add(dirs[s.cells[i]>>firstShift&3]), true
}
