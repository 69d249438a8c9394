package engine

import (
	"fmt"
	"math/bits"
	"math/rand/v2"
	"slices"
	"sync"
)

// LevelSpec is what the generator is asked for: a board size and a population.
type LevelSpec struct {
	Rows, Cols int
	Hunters    int
	Wanderers  int
	Minotaur   bool
	Bonuses    int
	// Braid is the chance that a dead end is opened into a loop.
	Braid float64
	// MonsterDist is the least path distance from a start to a monster.
	MonsterDist int
	// Loops is the least number of independent loops of the floor a
	// player can walk before finding the key (the closed exit a wall).
	Loops int
}

// Campaign is the table of the seven generated levels (docs/rules.md).
var Campaign = [CampaignLevels]LevelSpec{
	{Rows: 7, Cols: 9, Wanderers: 1, Bonuses: 1, Braid: 1, MonsterDist: 4, Loops: 1},
	{Rows: 9, Cols: 11, Hunters: 1, Bonuses: 1, Braid: 1, MonsterDist: 6, Loops: 2},
	{Rows: 11, Cols: 13, Hunters: 1, Wanderers: 1, Bonuses: 2, Braid: 1, MonsterDist: 6, Loops: 2},
	{Rows: 13, Cols: 15, Hunters: 1, Wanderers: 2, Bonuses: 2, Braid: 1, MonsterDist: 6, Loops: 2},
	{Rows: 15, Cols: 17, Hunters: 2, Wanderers: 1, Bonuses: 3, Braid: 1, MonsterDist: 6, Loops: 2},
	{Rows: 19, Cols: 21, Hunters: 2, Wanderers: 2, Bonuses: 3, Braid: 1, MonsterDist: 6, Loops: 2},
	{Rows: 21, Cols: 23, Hunters: 2, Wanderers: 2, Minotaur: true, Bonuses: 4, Braid: 1, MonsterDist: 6, Loops: 2},
}

// genStream separates the random numbers of each level's generation.
const genStream = 0x6c6162797269 // "labyri"

// maxDeals bounds the layouts tried for one level before generation gives
// up (measured: fewer than 1 in 5 is dropped on average, so it never does).
const maxDeals = 200

// Generate returns level n (1…7) of the campaign with the given seed. The
// same seed and level always give the same maze. Only fair levels are
// dealt (docs/rules.md, "Only fair levels are dealt"): loops before the
// key, hunters starting behind the player, and a winning line that the
// solver finds within SolverBudget nodes.
func Generate(seed uint64, n int) (Level, error) {
	key := [2]uint64{seed, uint64(n)}
	dealt.Lock()
	l, ok := dealt.levels[key]
	dealt.Unlock()
	if ok {
		return l.clone(), nil
	}
	l, _, err := GenerateCounted(seed, n)
	if err != nil {
		return l, err
	}
	dealt.Lock()
	if len(dealt.levels) >= dealtKept {
		clear(dealt.levels) // forget them all: each is quick to deal again
	}
	dealt.levels[key] = l
	dealt.Unlock()
	return l.clone(), nil
}

// dealt remembers the levels Generate dealt lately, so that a level dealt
// ahead of time (Game.Upcoming) is not dealt again when it is reached. It
// changes no result, only when the work is done.
var dealt = struct {
	sync.Mutex
	levels map[[2]uint64]Level
}{levels: map[[2]uint64]Level{}}

// dealtKept bounds the levels remembered (each is a few kilobytes).
const dealtKept = 512

// GenerateCounted is Generate, and also tells how many layouts were dropped
// as unfair before the one dealt.
func GenerateCounted(seed uint64, n int) (Level, int, error) {
	if n < 1 || n > CampaignLevels {
		return Level{}, 0, fmt.Errorf("level %d does not exist: the campaign has levels 1 to %d", n, CampaignLevels)
	}
	spec := Campaign[n-1]
	for attempt := 0; attempt < maxDeals; attempt++ {
		rng := rand.New(rand.NewPCG(seed, genStream+uint64(n)+uint64(attempt)<<32))
		l, err := GenerateSpec(rng, spec)
		if err != nil {
			return l, attempt, err
		}
		l.Name = fmt.Sprintf("Level %d", n)
		if Unfair(&l, spec.Loops) != "" || !SolveLevel(l, seed, n, SolverBudget).Found {
			continue
		}
		return l, attempt, nil
	}
	return Level{}, maxDeals, fmt.Errorf("no fair layout of level %d for seed %d in %d tries", n, seed, maxDeals)
}

// Unfair returns why a level breaks the structural rules of a fair level,
// or "" when it keeps them: the floor a player walks before finding the key
// (the closed exit a wall) has at least loops independent loops, and every
// hunter is farther from the key than every start.
func Unfair(l *Level, loops int) string {
	b := newBoard(l)
	var toKey, monToKey distMap
	toKey.fill(b, playerPass(b, false), l.Key)
	if c := preKeyLoops(b, &toKey); c < loops {
		return fmt.Sprintf("the floor before the key has %d independent loops, fewer than %d", c, loops)
	}
	monToKey.fill(b, monsterPass, l.Key)
	for _, m := range l.Monsters {
		if MonsterKind(m.Kind) != Hunter {
			continue
		}
		for _, s := range l.Starts {
			if monToKey.at(b, m.Pos) <= toKey.at(b, s) {
				return fmt.Sprintf("the hunter at %v is no farther from the key than the start at %v", m.Pos, s)
			}
		}
	}
	return ""
}

// preKeyLoops returns the cyclomatic number (edges − tiles + 1) of the floor
// that reaches the key without crossing the closed exit: toKey holds the
// players' distances to the key.
func preKeyLoops(b *board, toKey *distMap) int {
	tiles, edges := 0, 0
	cols := b.cols
	for t, d := range toKey.d {
		if d < 0 {
			continue
		}
		tiles++
		if (t+1)%cols != 0 && toKey.d[t+1] >= 0 {
			edges++
		}
		if t+cols < len(toKey.d) && toKey.d[t+cols] >= 0 {
			edges++
		}
	}
	return edges - tiles + 1
}

// MinStressSide is the smallest side of GenerateSize: the smallest that holds the last level's population.
const MinStressSide = 15

// GenerateSize returns a maze of any odd size with the population of the
// campaign's last level, for stress tests and benchmarks.
func GenerateSize(seed uint64, rows, cols int) (Level, error) {
	if rows%2 == 0 || cols%2 == 0 || rows < MinStressSide || cols < MinStressSide || rows > MaxGenSide || cols > MaxGenSide {
		return Level{}, fmt.Errorf("a generated maze needs odd sizes from %d to %d, not %d × %d", MinStressSide, MaxGenSide, rows, cols)
	}
	spec := Campaign[CampaignLevels-1]
	spec.Rows, spec.Cols = rows, cols
	rng := rand.New(rand.NewPCG(seed, genStream^uint64(rows)<<32^uint64(cols)<<16))
	l, err := GenerateSpec(rng, spec)
	if err != nil {
		return l, err
	}
	l.Name = fmt.Sprintf("Maze %d×%d", rows, cols)
	return l, nil
}

// GenerateSpec builds a maze to a spec, drawing every choice from rng: carve
// a perfect maze on the rooms of the block grid, braid it, then place the
// starts, key, exit, bonuses and monsters by the distance rules.
func GenerateSpec(rng *rand.Rand, spec LevelSpec) (Level, error) {
	if spec.Rows%2 == 0 || spec.Cols%2 == 0 || spec.Rows < 5 || spec.Cols < 5 {
		return Level{}, fmt.Errorf("a block-grid maze needs odd sizes of at least 5, not %d × %d", spec.Rows, spec.Cols)
	}
	const attempts = 50
	var lastErr error
	for a := 0; a < attempts; a++ {
		l := Level{Rows: spec.Rows, Cols: spec.Cols}
		rooms := carve(rng, &l)
		if spec.Braid > 0 {
			braid(rng, rooms, spec.Braid)
		}
		rooms.toWall(&l)
		if spec.Loops > 0 {
			// One loop more than the floor before the key needs, for
			// the one the closed exit may cut.
			addLoops(rng, &l, rooms, spec.Loops+1)
		}
		if err := place(rng, &l, rooms, spec); err != nil {
			lastErr = err
			continue
		}
		return l, nil
	}
	return Level{}, fmt.Errorf("no placement fits a %d × %d maze: %w", spec.Rows, spec.Cols, lastErr)
}

// Room sides: a block-grid maze is generated on its rooms, one byte each,
// whose low four bits tell which of the walls toward the neighbouring rooms
// are open, in the order of dirs (up, left, down, right). The rooms are a
// quarter of the tiles, and a room's four sides are one byte instead of
// tiles on three rows of the board, which is what the generation of large
// mazes spends its time reading. The board is written from them once.
const (
	sideUp    = 1 << 0
	sideLeft  = 1 << 1
	sideDown  = 1 << 2
	sideRight = 1 << 3
	sidesOpen = sideUp | sideLeft | sideDown | sideRight
	roomSeen  = 1 << 4 // carve: the room is in the maze
)

// roomSides is a maze's rooms as open sides, rw rooms a row.
type roomSides struct {
	s      []uint8
	rw, rh int
}

// step returns the room next to r in direction d (an index of dirs).
func (m *roomSides) step(r, d int) int {
	switch d {
	case 0:
		return r - m.rw
	case 1:
		return r - 1
	case 2:
		return r + m.rw
	}
	return r + 1
}

// open opens the wall between room r and the next room in direction d.
func (m *roomSides) open(r, d int) {
	m.s[r] |= 1 << d
	m.s[m.step(r, d)] |= 1 << (d ^ 2) // dirs[d^2] is the opposite of dirs[d]
}

// toWall writes the maze onto the level's board: wall everywhere but on the
// rooms and the open walls between them.
func (m *roomSides) toWall(l *Level) {
	l.Wall = make([]bool, l.Rows*l.Cols)
	for i := range l.Wall {
		l.Wall[i] = true
	}
	cols := l.Cols
	for ry := 0; ry < m.rh; ry++ {
		row := m.s[ry*m.rw : (ry+1)*m.rw]
		t := (2*ry+1)*cols + 1
		wall := l.Wall[t : t+2*m.rw+cols]
		for rx, s := range row {
			wall[2*rx] = false
			if s&sideRight != 0 {
				wall[2*rx+1] = false
			}
			if s&sideDown != 0 {
				wall[2*rx+cols] = false
			}
		}
	}
}

// carve opens a perfect maze (one path between any two rooms) with an
// iterative randomized depth-first search.
func carve(rng *rand.Rand, l *Level) *roomSides {
	rw, rh := (l.Cols-1)/2, (l.Rows-1)/2
	m := &roomSides{s: make([]uint8, rw*rh), rw: rw, rh: rh}
	s := m.s
	stack := make([]int32, 0, 64)
	start := rng.IntN(rw * rh)
	s[start] = roomSeen
	stack = append(stack, int32(start))
	var next [4]int
	for len(stack) > 0 {
		r := int(stack[len(stack)-1])
		rx, ry := r%rw, r/rw
		n := 0
		if ry > 0 && s[r-rw]&roomSeen == 0 {
			next[n] = 0
			n++
		}
		if rx > 0 && s[r-1]&roomSeen == 0 {
			next[n] = 1
			n++
		}
		if ry < rh-1 && s[r+rw]&roomSeen == 0 {
			next[n] = 2
			n++
		}
		if rx < rw-1 && s[r+1]&roomSeen == 0 {
			next[n] = 3
			n++
		}
		if n == 0 {
			stack = stack[:len(stack)-1]
			continue
		}
		d := next[rng.IntN(n)]
		nr := m.step(r, d)
		s[nr] |= roomSeen
		m.open(r, d)
		stack = append(stack, int32(nr))
	}
	return m
}

// braid opens dead ends into loops: each dead-end room, in random order, is
// opened toward a neighbouring room with the given chance, preferring another
// dead end. At least one wall is always opened when any can be, so every
// braided maze has a loop.
func braid(rng *rand.Rand, m *roomSides, chance float64) {
	rw, rh := m.rw, m.rh
	s := m.s
	openSides := func(r int) int { return bits.OnesCount8(s[r] & sidesOpen) }
	// closed walls between two rooms, seen from room r
	var buf [4]int
	closed := func(r int) []int {
		out := buf[:0]
		rx, ry := r%rw, r/rw
		if ry > 0 && s[r]&sideUp == 0 {
			out = append(out, 0)
		}
		if rx > 0 && s[r]&sideLeft == 0 {
			out = append(out, 1)
		}
		if ry < rh-1 && s[r]&sideDown == 0 {
			out = append(out, 2)
		}
		if rx < rw-1 && s[r]&sideRight == 0 {
			out = append(out, 3)
		}
		return out
	}
	// rng.Perm(rw*rh) in half the storage: the same draws, the same order.
	order := make([]int32, rw*rh)
	for i := range order {
		order[i] = int32(i)
	}
	rng.Shuffle(len(order), func(i, j int) { order[i], order[j] = order[j], order[i] })
	opened := 0
	for _, r32 := range order {
		r := int(r32)
		if openSides(r) != 1 || rng.Float64() >= chance {
			continue
		}
		cands := closed(r)
		if len(cands) == 0 {
			continue
		}
		pick := cands[rng.IntN(len(cands))]
		for _, d := range cands {
			if openSides(m.step(r, d)) == 1 {
				pick = d
				break
			}
		}
		m.open(r, pick)
		opened++
	}
	if opened == 0 {
		for _, r32 := range order {
			r := int(r32)
			if cands := closed(r); len(cands) > 0 {
				m.open(r, cands[rng.IntN(len(cands))])
				return
			}
		}
	}
}

// addLoops opens walls between rooms, chosen at random, until the maze has
// at least loops independent loops (open walls between rooms − rooms + 1);
// m, the maze as the board holds it, is kept up to date.
func addLoops(rng *rand.Rand, l *Level, m *roomSides, loops int) {
	open := 0
	for _, s := range m.s {
		open += bits.OnesCount8(s & (sideDown | sideRight))
	}
	have := open - m.rw*m.rh + 1
	if have >= loops { // a braided maze has many: spare the list of walls
		return
	}
	var closed []int // wall tiles between two rooms
	for y := 1; y < l.Rows-1; y++ {
		for x := 1; x < l.Cols-1; x++ {
			if x%2 == y%2 { // a room or a post
				continue
			}
			if t := y*l.Cols + x; l.Wall[t] {
				closed = append(closed, t)
			}
		}
	}
	for ; have < loops && len(closed) > 0; have++ {
		k := rng.IntN(len(closed))
		t := closed[k]
		l.Wall[t] = false
		if x, y := t%l.Cols, t/l.Cols; y%2 == 1 { // between rooms side by side
			m.open((y/2)*m.rw+x/2-1, 3)
		} else { // between a room and the one below
			m.open((y/2-1)*m.rw+x/2, 2)
		}
		closed[k] = closed[len(closed)-1]
		closed = closed[:len(closed)-1]
	}
}

// closedExitLeavesNoDeadEnd reports whether an exit on room tile p, while
// closed, leaves the maze without a dead end deeper than the one tile of
// corridor next to it: every room beside it keeps two ways on besides the
// one to the exit. A braided maze has no dead end, and a closed exit must
// not make one: a player who explores into a dead end the exit plugs, with
// a monster behind, has no play left (measured with the reference bot over
// seeds 1–1000: level 1 went from 89.5 % to 100 % passed, level 2 from
// 92.1 % to 99.0 %, level 3 from 55.9 % to 59.7 %).
func closedExitLeavesNoDeadEnd(l *Level, p Point) bool {
	floor := func(q Point) bool {
		return q.X >= 0 && q.Y >= 0 && q.X < l.Cols && q.Y < l.Rows && !l.Wall[q.Y*l.Cols+q.X]
	}
	for _, d := range dirs {
		if !floor(p.Add(d)) {
			continue
		}
		room := p.Add(d).Add(d)
		ways := 0
		for _, e := range dirs {
			if e != (Point{-d.X, -d.Y}) && floor(room.Add(e)) {
				ways++
			}
		}
		if ways < 2 {
			return false
		}
	}
	return true
}

// roomGraph is the graph of a block-grid maze's rooms: room r = (rx, ry)
// stands on tile (2rx+1, 2ry+1), and two rooms are joined where the wall tile
// between them is open. Every dead end of such a maze is a room, and a hop
// from room to room is two tiles, so distances between rooms can be searched
// on the rooms alone — a quarter of the tiles.
type roomGraph struct {
	sides  []uint8 // each room's open sides (roomSides.s)
	rw, rh int
	hops   []int32 // a search's distances in hops; -1 unreached
	queue  []int32
}

// newRoomGraph searches the maze m (which it reads, never changes).
func newRoomGraph(m *roomSides) *roomGraph {
	n := m.rw * m.rh
	return &roomGraph{sides: m.s, rw: m.rw, rh: m.rh, hops: make([]int32, n), queue: make([]int32, n)}
}

func (g *roomGraph) tile(r int) Point { return Point{2*(r%g.rw) + 1, 2*(r/g.rw) + 1} }

func (g *roomGraph) room(p Point) int { return (p.Y/2)*g.rw + p.X/2 }

// search fills hops from room src; blocked (-1: none) is never entered; the
// search ends once stop (-1: never) is reached.
func (g *roomGraph) search(src, blocked, stop int) {
	hops, sides, queue := g.hops, g.sides, g.queue
	for i := range hops {
		hops[i] = -1
	}
	hops[src] = 0
	queue[0] = int32(src)
	tail := 1
	if blocked >= 0 {
		hops[blocked] = -2
	}
	rw := int32(g.rw)
	step := [4]int32{-rw, -1, rw, 1} // the next room in each of dirs
	for head := 0; head < tail; head++ {
		r := queue[head]
		if int(r) == stop {
			break
		}
		h := hops[r] + 1
		// The open sides in the order of dirs, lowest bit first.
		for s := sides[r] & sidesOpen; s != 0; s &= s - 1 {
			nr := r + step[bits.TrailingZeros8(s)]
			if hops[nr] == -1 {
				hops[nr] = h
				queue[tail] = nr
				tail++
			}
		}
	}
	if blocked >= 0 {
		hops[blocked] = -1
	}
}

// farthest returns the room with the most hops (the first on ties).
func (g *roomGraph) farthest() (int, int) {
	best, bestH := 0, int32(-1)
	for r, h := range g.hops {
		if h > bestH {
			best, bestH = r, h
		}
	}
	return best, int(bestH)
}

// exactDiameterRooms bounds the mazes whose longest shortest path is measured
// exactly; larger mazes use a double sweep.
const exactDiameterRooms = 1000

// longestPath returns a room at one end of the maze's longest shortest path
// and that path's length in hops, and leaves g.hops filled from that room. Up
// to exactDiameterRooms rooms it is exact: it searches from the rooms with the
// largest upper bound on their eccentricity (a search from v bounds every room
// w by ecc(v) + d(v, w)) until no unsearched room can beat the longest path
// found. Beyond, a double sweep gives a lower bound, exact on perfect mazes.
func (g *roomGraph) longestPath() (int, int) {
	n := len(g.hops)
	if n > exactDiameterRooms {
		g.search(0, -1, -1)
		start, _ := g.farthest()
		g.search(start, -1, -1)
		_, d := g.farthest()
		return start, d
	}
	const unbounded = 1 << 30
	upper := make([]int, n)
	for i := range upper {
		upper[i] = unbounded
	}
	best, bestD := 0, -1
	next := 0
	for next >= 0 {
		g.search(next, -1, -1)
		far, ecc := g.farthest()
		if ecc > bestD {
			best, bestD = next, ecc
		}
		upper[next] = -1 // searched
		for i, h := range g.hops {
			if upper[i] >= 0 {
				upper[i] = min(upper[i], ecc+int(h))
			}
		}
		// Search the far end next when it is still open, else the room
		// with the largest bound.
		next = -1
		if upper[far] > bestD {
			next = far
		} else {
			for i, u := range upper {
				if u > bestD && (next < 0 || u > upper[next]) {
					next = i
				}
			}
		}
	}
	g.search(best, -1, -1)
	return best, bestD
}

// place puts the starts, key, exit, bonuses and monsters on rooms of a carved
// maze by the distance rules of docs/rules.md ("Generation"). Distances are in tiles.
func place(rng *rand.Rand, l *Level, rooms *roomSides, spec LevelSpec) error {
	rg := newRoomGraph(rooms)
	n := rg.rw * rg.rh
	// Player 1 starts at one end of the maze's longest shortest path; that
	// path's length is the measure of the maze.
	r1, hops := rg.longestPath()
	diameter := 2 * hops
	d1 := append([]int32(nil), rg.hops...)
	s1 := rg.tile(r1)
	// Player 2 starts on an open tile next to it: a corridor to a room q.
	var opts []Point
	for _, dir := range dirs {
		if q := s1.Add(dir); !l.IsWall(q) {
			opts = append(opts, dir)
		}
	}
	if len(opts) == 0 {
		return fmt.Errorf("the start room is closed")
	}
	dir := opts[rng.IntN(len(opts))]
	s2 := s1.Add(dir)
	// Large mazes (stress tests) spare a search and a shuffle of every room:
	// see minStartDist and pick.
	large := n > exactDiameterRooms
	var dq []int32
	if !large {
		rg.search(rg.room(s2.Add(dir)), -1, -1)
		dq = append([]int32(nil), rg.hops...)
	}
	// Reading order, as a level file gives them, so that a printed level
	// reads back with the same player 1.
	l.Starts = []Point{s1, s2}
	if s2.Y < s1.Y || (s2.Y == s1.Y && s2.X < s1.X) {
		l.Starts = []Point{s2, s1}
	}
	// From s1 a room is 2·d1 tiles away; from s2, through s1 or through q,
	// 1 + 2·min(d1, dq). On large mazes the bound 2·d1 − 1 stands in for it
	// (q is next to s1, so dq ≥ d1 − 1).
	minStartDist := func(r int) int {
		if large {
			return int(2*d1[r]) - 1
		}
		return int(min(2*d1[r], 1+2*dq[r]))
	}

	farEnough := (diameter + 2) / 3 // at least a third of the longest path
	used := make([]bool, n)
	used[r1] = true
	// pick takes a random unused room that ok accepts: the first in a
	// shuffled order of all rooms; on large mazes, by random draws (ending
	// in a scan from a random room when the draws find none).
	var order []int
	if !large {
		order = rng.Perm(n)
	}
	pick := func(ok func(r int) bool) (int, bool) {
		take := func(r int) bool {
			if !used[r] && ok(r) {
				used[r] = true
				return true
			}
			return false
		}
		if !large {
			for _, r := range order {
				if take(r) {
					return r, true
				}
			}
			return 0, false
		}
		for range 256 {
			if r := rng.IntN(n); take(r) {
				return r, true
			}
		}
		start := rng.IntN(n)
		for k := range n {
			if r := (start + k) % n; take(r) {
				return r, true
			}
		}
		return 0, false
	}
	key, found := pick(func(r int) bool { return minStartDist(r) >= farEnough })
	if !found {
		return fmt.Errorf("no room lies %d steps from the start for the key", farEnough)
	}
	l.Key = rg.tile(key)
	exit, found := pick(func(r int) bool {
		p := rg.tile(r)
		if cheb(p, l.Key) <= 1 || minStartDist(r) < farEnough {
			return false
		}
		if spec.Braid >= 1 && !closedExitLeavesNoDeadEnd(l, p) {
			return false
		}
		// A closed exit cuts the key off when every way from the start
		// passes through it; the second start is next to the first, so
		// one search will do.
		rg.search(r1, r, key)
		if rg.hops[key] < 0 {
			return false
		}
		if spec.Loops == 0 || large {
			return true
		}
		// The closed exit must not cut the loops the floor before the
		// key needs.
		l.Exit = p
		b := newBoard(l)
		var toKey distMap
		toKey.fill(b, playerPass(b, false), l.Key)
		return preKeyLoops(b, &toKey) >= spec.Loops
	})
	if !found {
		return fmt.Errorf("no room fits the exit")
	}
	l.Exit = rg.tile(exit)

	kinds := []Item{Freeze, Torch, Compass}
	for len(l.Bonuses) < spec.Bonuses {
		r, ok := pick(func(int) bool { return true })
		if !ok {
			return fmt.Errorf("no room left for %d bonuses", spec.Bonuses)
		}
		l.Bonuses = append(l.Bonuses, Placed{Pos: rg.tile(r), Kind: byte(kinds[rng.IntN(len(kinds))])})
	}
	var mons []MonsterKind
	for range spec.Hunters {
		mons = append(mons, Hunter)
	}
	for range spec.Wanderers {
		mons = append(mons, Wanderer)
	}
	if spec.Minotaur {
		mons = append(mons, Minotaur)
	}
	if !large {
		rng.Shuffle(len(order), func(i, j int) { order[i], order[j] = order[j], order[i] })
	}
	// Hunters start farther from the key than the players, so that none
	// waits in the only corridor to it before a player can get there.
	behind := func(MonsterKind, int) bool { return true }
	if spec.Hunters > 0 && !large {
		b := newBoard(l)
		var toKey, monToKey distMap
		toKey.fill(b, playerPass(b, false), l.Key)
		monToKey.fill(b, monsterPass, l.Key)
		startDist := int32(max(toKey.at(b, s1), toKey.at(b, s2)))
		behind = func(kind MonsterKind, r int) bool {
			return kind != Hunter || monToKey.d[b.idx(rg.tile(r))] > startDist
		}
	}
	// Monsters start a third of the maze away where there is room for them,
	// and never nearer than the spec's distance.
	roomy := max(spec.MonsterDist, farEnough)
	for _, kind := range mons {
		r, ok := pick(func(r int) bool { return minStartDist(r) >= roomy && behind(kind, r) })
		if !ok {
			r, ok = pick(func(r int) bool { return minStartDist(r) >= spec.MonsterDist && behind(kind, r) })
		}
		if !ok {
			return fmt.Errorf("no room lies %d steps from the start for a %s", spec.MonsterDist, kind.Name())
		}
		l.Monsters = append(l.Monsters, Placed{Pos: rg.tile(r), Kind: byte(kind)})
	}
	// Reading order, as a level file lists them: the same level either way.
	// No two stand on one room, so the order is the same by any sort.
	byReading := func(a, b Placed) int {
		if a.Pos.Y != b.Pos.Y {
			return a.Pos.Y - b.Pos.Y
		}
		return a.Pos.X - b.Pos.X
	}
	slices.SortFunc(l.Bonuses, byReading)
	slices.SortFunc(l.Monsters, byReading)
	return nil
}
