package engine

// board is the static part of a level in the form the rules work on.
type board struct {
	cols, rows int
	wall       []bool
	exit       int // index of the exit tile
}

func newBoard(l *Level) *board {
	b := &board{cols: l.Cols, rows: l.Rows, wall: l.Wall}
	b.exit = b.idx(l.Exit)
	return b
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

// distMap holds 4-neighbour BFS path distances from one source tile; -1 is
// unreachable. Its buffers are reused between fills.
type distMap struct {
	d     []int32
	queue []int32
}

func (m *distMap) reset(n int) {
	if cap(m.d) < n {
		m.d = make([]int32, n)
		m.queue = make([]int32, 0, n)
	}
	m.d = m.d[:n]
	for i := range m.d {
		m.d[i] = -1
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
	m.reset(b.cols * b.rows)
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
		if i >= cols {
			m.visit(b, ps, i-cols, nd)
		}
		if x > 0 {
			m.visit(b, ps, i-1, nd)
		}
		if i+cols < n {
			m.visit(b, ps, i+cols, nd)
		}
		if x < cols-1 {
			m.visit(b, ps, i+1, nd)
		}
	}
}

func (m *distMap) visit(b *board, ps pass, j, nd int32) {
	if m.d[j] >= 0 || b.wall[j] || int(j) == ps.blocked {
		return
	}
	m.d[j] = nd
	m.queue = append(m.queue, j)
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
