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
		b.blank = make([]int32, len(b.wall))
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

// distMap holds 4-neighbour BFS path distances from one source tile; a
// negative distance is unreachable. Its buffers are reused between fills.
type distMap struct {
	d     []int32
	queue []int32
}

// reset prepares the map for a fill over b: walls, and the tile ps blocks,
// can never be entered.
func (m *distMap) reset(b *board, ps pass) {
	n := len(b.wall)
	if cap(m.d) < n {
		m.d = make([]int32, n)
		m.queue = make([]int32, 0, n)
	}
	m.d = m.d[:n]
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

// fill computes distances from src to every tile that ps lets a walker enter.
// The source itself is always distance 0, whatever stands there.
func (m *distMap) fill(b *board, src Point, ps pass) {
	m.fillUntil(b, src, ps, -1)
}

// fillUntil is fill that stops once the distance of stop is final (stop < 0:
// never), which also makes every tile nearer than stop final.
func (m *distMap) fillUntil(b *board, src Point, ps pass, stop int) {
	m.reset(b, ps)
	if !b.in(src) {
		return
	}
	s := int32(b.idx(src))
	m.d[s] = 0
	m.queue = append(m.queue, s)
	cols := int32(b.cols)
	n := int32(len(m.d))
	for head := 0; head < len(m.queue); head++ {
		i := m.queue[head]
		if int(i) == stop {
			return
		}
		nd := m.d[i] + 1
		x := i % cols
		// up, left, down, right
		m.expand(i, x, cols, n, nd)
	}
}

// expand visits the unreached neighbours of tile i (column x) at distance nd.
func (m *distMap) expand(i, x, cols, n, nd int32) {
	d := m.d
	if i >= cols && d[i-cols] == unreached {
		d[i-cols] = nd
		m.queue = append(m.queue, i-cols)
	}
	if x > 0 && d[i-1] == unreached {
		d[i-1] = nd
		m.queue = append(m.queue, i-1)
	}
	if i+cols < n && d[i+cols] == unreached {
		d[i+cols] = nd
		m.queue = append(m.queue, i+cols)
	}
	if x < cols-1 && d[i+1] == unreached {
		d[i+1] = nd
		m.queue = append(m.queue, i+1)
	}
}

// stepDown returns the neighbour of p that is one step nearer the map's
// source, trying up, left, down, right in that order; ok is false when p is
// the source or cannot reach it.
func (m *distMap) stepDown(b *board, p Point) (Point, bool) {
	d := m.at(b, p)
	if d <= 0 {
		return p, false
	}
	for _, dir := range dirs {
		q := p.Add(dir)
		if m.at(b, q) == d-1 {
			return q, true
		}
	}
	return p, false
}

// path returns up to n tiles p1…pn of the shortest path from p toward the
// map's source, each step chosen by stepDown.
func (m *distMap) path(b *board, p Point, n int) []Point {
	var out []Point
	for len(out) < n {
		q, ok := m.stepDown(b, p)
		if !ok {
			break
		}
		out = append(out, q)
		p = q
	}
	return out
}

// search is a breadth-first search outward from one tile (a monster's) that
// grows layer by layer on demand and remembers, for every tile it reaches,
// the first step of a shortest path to it. Because the source's neighbours
// are queued up, left, down, right, and a tile keeps the step of whichever
// neighbour reached it first, that step is the first in the fixed tie-break
// order among all shortest paths — the same step a walker takes going down
// the target's distance map. Stamps make a new search cost only the tiles it
// reaches, never the whole board.
type search struct {
	d     []int32
	first []int8
	stamp []uint32
	cur   uint32
	queue []int32
	head  int
	src   int32
}

// begin starts a search from src over the tiles ps lets a walker enter.
func (s *search) begin(b *board, src Point, ps pass) {
	n := len(b.wall)
	if len(s.stamp) != n {
		s.d = make([]int32, n)
		s.first = make([]int8, n)
		s.stamp = make([]uint32, n)
		s.cur = 0
	}
	s.cur++
	if s.cur == 0 { // wrapped: clear old stamps
		clear(s.stamp)
		s.cur = 1
	}
	s.queue = s.queue[:0]
	s.head = 0
	s.src = int32(b.idx(src))
	s.stamp[s.src] = s.cur
	s.d[s.src] = 0
	s.first[s.src] = -1
	s.queue = append(s.queue, s.src)
	_ = ps
}

// dist returns the distance of tile i, or -1 when the search has not
// reached it (yet).
func (s *search) dist(i int) int {
	if s.stamp[i] != s.cur {
		return -1
	}
	return int(s.d[i])
}

// grow expands tiles until every tile within depth is reached. It reports
// whether anything lies beyond: false when the search has run out of tiles.
func (s *search) grow(b *board, ps pass, depth int) bool {
	cols := int32(b.cols)
	n := int32(len(b.wall))
	for s.head < len(s.queue) {
		i := s.queue[s.head]
		if int(s.d[i]) >= depth {
			return true
		}
		s.head++
		x := i % cols
		nd := s.d[i] + 1
		f := s.first[i]
		for k, dir := range dirs {
			var j int32
			switch {
			case k == 0 && i >= cols:
				j = i - cols
			case k == 1 && x > 0:
				j = i - 1
			case k == 2 && i+cols < n:
				j = i + cols
			case k == 3 && x < cols-1:
				j = i + 1
			default:
				continue
			}
			_ = dir
			if s.stamp[j] == s.cur || b.wall[j] || int(j) == ps.blocked {
				continue
			}
			s.stamp[j] = s.cur
			s.d[j] = nd
			if i == s.src {
				s.first[j] = int8(k)
			} else {
				s.first[j] = f
			}
			s.queue = append(s.queue, j)
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
	return b.pt(int(s.src)).Add(dirs[s.first[i]]), true
}
