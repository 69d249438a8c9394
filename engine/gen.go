package engine

import (
	"fmt"
	"math/rand/v2"
	"sort"
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
}

// Campaign is the table of the seven generated levels (game.md).
var Campaign = [CampaignLevels]LevelSpec{
	{Rows: 7, Cols: 9, Wanderers: 1, Bonuses: 1, Braid: 0, MonsterDist: 4},
	{Rows: 9, Cols: 11, Hunters: 1, Bonuses: 1, Braid: 0.25, MonsterDist: 6},
	{Rows: 11, Cols: 13, Hunters: 1, Wanderers: 1, Bonuses: 2, Braid: 0.3, MonsterDist: 6},
	{Rows: 13, Cols: 15, Hunters: 1, Wanderers: 2, Bonuses: 2, Braid: 0.35, MonsterDist: 6},
	{Rows: 15, Cols: 17, Hunters: 2, Wanderers: 1, Bonuses: 3, Braid: 0.4, MonsterDist: 6},
	{Rows: 19, Cols: 21, Hunters: 2, Wanderers: 2, Bonuses: 3, Braid: 0.45, MonsterDist: 6},
	{Rows: 21, Cols: 23, Hunters: 2, Wanderers: 2, Minotaur: true, Bonuses: 4, Braid: 0.5, MonsterDist: 6},
}

// genStream separates the random numbers of each level's generation.
const genStream = 0x6c6162797269 // "labyri"

// Generate returns level n (1…7) of the campaign with the given seed. The
// same seed and level always give the same maze.
func Generate(seed uint64, n int) (Level, error) {
	if n < 1 || n > CampaignLevels {
		return Level{}, fmt.Errorf("level %d does not exist: the campaign has levels 1 to %d", n, CampaignLevels)
	}
	rng := rand.New(rand.NewPCG(seed, genStream+uint64(n)))
	l, err := GenerateSpec(rng, Campaign[n-1])
	if err != nil {
		return l, err
	}
	l.Name = fmt.Sprintf("Level %d", n)
	return l, nil
}

// minStressSide is the smallest side that holds the last level's population.
const minStressSide = 15

// GenerateSize returns a maze of any odd size with the population of the
// campaign's last level, for stress tests and benchmarks.
func GenerateSize(seed uint64, rows, cols int) (Level, error) {
	if rows%2 == 0 || cols%2 == 0 || rows < minStressSide || cols < minStressSide || rows > MaxGenSide || cols > MaxGenSide {
		return Level{}, fmt.Errorf("a generated maze needs odd sizes from %d to %d, not %d × %d", minStressSide, MaxGenSide, rows, cols)
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
		carve(rng, &l)
		if spec.Braid > 0 {
			braid(rng, &l, spec.Braid)
		}
		if err := place(rng, &l, spec); err != nil {
			lastErr = err
			continue
		}
		return l, nil
	}
	return Level{}, fmt.Errorf("no placement fits a %d × %d maze: %w", spec.Rows, spec.Cols, lastErr)
}

// carve fills the board with wall and opens a perfect maze (one path between
// any two rooms) with an iterative randomized depth-first search.
func carve(rng *rand.Rand, l *Level) {
	l.Wall = make([]bool, l.Rows*l.Cols)
	for i := range l.Wall {
		l.Wall[i] = true
	}
	rw, rh := (l.Cols-1)/2, (l.Rows-1)/2
	visited := make([]bool, rw*rh)
	stack := make([]int32, 0, 64)
	start := rng.IntN(rw * rh)
	visited[start] = true
	l.Wall[roomTile(l, start, rw)] = false
	stack = append(stack, int32(start))
	var next [4]int
	for len(stack) > 0 {
		r := int(stack[len(stack)-1])
		rx, ry := r%rw, r/rw
		n := 0
		for d, dir := range dirs {
			nx, ny := rx+dir.X, ry+dir.Y
			if nx >= 0 && ny >= 0 && nx < rw && ny < rh && !visited[ny*rw+nx] {
				next[n] = d
				n++
			}
		}
		if n == 0 {
			stack = stack[:len(stack)-1]
			continue
		}
		dir := dirs[next[rng.IntN(n)]]
		nr := (ry+dir.Y)*rw + rx + dir.X
		visited[nr] = true
		// open the wall between the rooms and the new room
		l.Wall[(2*ry+1+dir.Y)*l.Cols+2*rx+1+dir.X] = false
		l.Wall[roomTile(l, nr, rw)] = false
		stack = append(stack, int32(nr))
	}
}

func roomTile(l *Level, r, rw int) int { return (2*(r/rw)+1)*l.Cols + 2*(r%rw) + 1 }

// braid opens dead ends into loops: each dead-end room, in random order, is
// opened toward a neighbouring room with the given chance, preferring another
// dead end. At least one wall is always opened when any can be, so every
// braided maze has a loop.
func braid(rng *rand.Rand, l *Level, chance float64) {
	rw, rh := (l.Cols-1)/2, (l.Rows-1)/2
	openSides := func(r int) int {
		t := roomTile(l, r, rw)
		n := 0
		for _, d := range dirs {
			if !l.Wall[t+d.Y*l.Cols+d.X] {
				n++
			}
		}
		return n
	}
	// closed walls between two rooms, seen from room r
	var buf [4]int
	closed := func(r int) []int {
		out := buf[:0]
		rx, ry := r%rw, r/rw
		for d, dir := range dirs {
			nx, ny := rx+dir.X, ry+dir.Y
			if nx < 0 || ny < 0 || nx >= rw || ny >= rh {
				continue
			}
			if l.Wall[roomTile(l, r, rw)+dir.Y*l.Cols+dir.X] {
				out = append(out, d)
			}
		}
		return out
	}
	order := rng.Perm(rw * rh)
	opened := 0
	for _, r := range order {
		if openSides(r) != 1 || rng.Float64() >= chance {
			continue
		}
		cands := closed(r)
		if len(cands) == 0 {
			continue
		}
		pick := cands[rng.IntN(len(cands))]
		for _, d := range cands {
			dir := dirs[d]
			nr := r + dir.Y*rw + dir.X
			if openSides(nr) == 1 {
				pick = d
				break
			}
		}
		dir := dirs[pick]
		l.Wall[roomTile(l, r, rw)+dir.Y*l.Cols+dir.X] = false
		opened++
	}
	if opened == 0 {
		for _, r := range order {
			if cands := closed(r); len(cands) > 0 {
				dir := dirs[cands[rng.IntN(len(cands))]]
				l.Wall[roomTile(l, r, rw)+dir.Y*l.Cols+dir.X] = false
				return
			}
		}
	}
}

// place puts the starts, key, exit, bonuses and monsters on rooms of a carved
// maze by the distance rules of game.md.
func place(rng *rand.Rand, l *Level, spec LevelSpec) error {
	b := &board{cols: l.Cols, rows: l.Rows, wall: l.Wall, exit: -1}
	rw, rh := (l.Cols-1)/2, (l.Rows-1)/2
	rooms := make([]Point, 0, rw*rh)
	for ry := 0; ry < rh; ry++ {
		for rx := 0; rx < rw; rx++ {
			rooms = append(rooms, Point{2*rx + 1, 2*ry + 1})
		}
	}
	var d1, d2 distMap
	// The start is one end of the maze's longest shortest path; that path's
	// length is the measure of the maze.
	s1, diameter := longestPath(b, rooms, &d1)
	var s2opts []Point
	for _, dir := range dirs {
		if q := s1.Add(dir); !b.isWall(q) {
			s2opts = append(s2opts, q)
		}
	}
	s2 := s1
	if len(s2opts) > 0 {
		s2 = s2opts[rng.IntN(len(s2opts))]
	}
	// Reading order, as a level file gives them, so that a printed level
	// reads back with the same player 1.
	l.Starts = []Point{s1, s2}
	if s2.Y < s1.Y || (s2.Y == s1.Y && s2.X < s1.X) {
		l.Starts = []Point{s2, s1}
	}
	used := map[Point]bool{s1: true, s2: true}
	// The distance from the second start, which is next to the first, is
	// within one step of the first's: measured on small mazes, bounded below
	// on large ones, where one search fewer matters.
	minStartDist := func(p Point) int { return d1.at(b, p) - 1 }
	if len(b.wall) <= exactDiameterTiles {
		d2.fill(b, s2, monsterPass)
		minStartDist = func(p Point) int { return min(d1.at(b, p), d2.at(b, p)) }
	}

	farEnough := (diameter + 2) / 3 // at least a third of the longest path
	shuffled := append([]Point(nil), rooms...)
	rng.Shuffle(len(shuffled), func(i, j int) { shuffled[i], shuffled[j] = shuffled[j], shuffled[i] })

	keyFound := false
	for _, p := range shuffled {
		if !used[p] && minStartDist(p) >= farEnough {
			l.Key, keyFound = p, true
			break
		}
	}
	if !keyFound {
		return fmt.Errorf("no room lies %d steps from the start for the key", farEnough)
	}
	used[l.Key] = true
	exitFound := false
	var check distMap
	for _, p := range shuffled {
		if used[p] || cheb(p, l.Key) <= 1 || minStartDist(p) < farEnough {
			continue
		}
		// A closed exit in a dead end cuts nothing off; elsewhere, search.
		// The second start is next to the first, so one search will do.
		ok := openSides(b, p) == 1
		if !ok {
			b.exit = b.idx(p)
			check.fillUntil(b, s1, playerPass(b, false), b.idx(l.Key))
			ok = check.at(b, l.Key) >= 0
			b.exit = -1
		}
		if ok {
			l.Exit, exitFound = p, true
			break
		}
	}
	if !exitFound {
		return fmt.Errorf("no room fits the exit")
	}
	used[l.Exit] = true

	kinds := []Item{Freeze, Torch, Compass}
	for _, p := range shuffled {
		if len(l.Bonuses) == spec.Bonuses {
			break
		}
		if !used[p] {
			used[p] = true
			l.Bonuses = append(l.Bonuses, Placed{Pos: p, Kind: byte(kinds[rng.IntN(len(kinds))])})
		}
	}
	if len(l.Bonuses) < spec.Bonuses {
		return fmt.Errorf("no room left for %d bonuses", spec.Bonuses)
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
	rng.Shuffle(len(shuffled), func(i, j int) { shuffled[i], shuffled[j] = shuffled[j], shuffled[i] })
	for _, kind := range mons {
		placed := false
		for _, p := range shuffled {
			if !used[p] && minStartDist(p) >= spec.MonsterDist {
				used[p] = true
				l.Monsters = append(l.Monsters, Placed{Pos: p, Kind: byte(kind)})
				placed = true
				break
			}
		}
		if !placed {
			return fmt.Errorf("no room lies %d steps from the start for a %s", spec.MonsterDist, kind.Name())
		}
	}
	// Reading order, as a level file lists them: the same level either way.
	byReading := func(ps []Placed) func(i, j int) bool {
		return func(i, j int) bool {
			if ps[i].Pos.Y != ps[j].Pos.Y {
				return ps[i].Pos.Y < ps[j].Pos.Y
			}
			return ps[i].Pos.X < ps[j].Pos.X
		}
	}
	sort.Slice(l.Bonuses, byReading(l.Bonuses))
	sort.Slice(l.Monsters, byReading(l.Monsters))
	return nil
}

// exactDiameterTiles bounds the mazes whose longest shortest path is measured
// exactly; larger mazes use a double sweep.
const exactDiameterTiles = 4000

// longestPath returns a room at one end of the maze's longest shortest path
// and that path's length, and leaves m filled with the distances from that
// room. In a block-grid maze every dead end is a room, so
// the longest path runs between rooms. Up to exactDiameterTiles tiles it is
// exact: searches from the rooms with the largest upper bound on their
// eccentricity (a search from v bounds every room w by ecc(v) + d(v, w))
// until no unsearched room can beat the longest path found. Beyond, a double
// sweep gives a lower bound that is exact on perfect mazes.
func longestPath(b *board, rooms []Point, m *distMap) (Point, int) {
	if len(b.wall) > exactDiameterTiles {
		m.fill(b, rooms[0], monsterPass)
		start := farthest(b, m, rooms)
		m.fill(b, start, monsterPass)
		return start, m.at(b, farthest(b, m, rooms))
	}
	const unbounded = 1 << 30
	upper := make([]int, len(rooms))
	for i := range upper {
		upper[i] = unbounded
	}
	best, bestD := rooms[0], -1
	next := 0
	for {
		m.fill(b, rooms[next], monsterPass)
		ecc, far := 0, 0
		for i, r := range rooms {
			if d := m.at(b, r); d > ecc {
				ecc, far = d, i
			}
		}
		if ecc > bestD {
			best, bestD = rooms[next], ecc
		}
		upper[next] = -1 // searched
		for i, r := range rooms {
			if upper[i] >= 0 {
				upper[i] = min(upper[i], ecc+m.at(b, r))
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
		if next < 0 {
			m.fill(b, best, monsterPass)
			return best, bestD
		}
	}
}

// openSides counts the floor tiles next to p.
func openSides(b *board, p Point) int {
	n := 0
	for _, d := range dirs {
		if !b.isWall(p.Add(d)) {
			n++
		}
	}
	return n
}

// farthest returns the room farthest from the map's source (first in reading
// order on ties).
func farthest(b *board, m *distMap, rooms []Point) Point {
	best, bestD := rooms[0], -1
	for _, r := range rooms {
		if d := m.at(b, r); d > bestD {
			best, bestD = r, d
		}
	}
	return best
}
