package foxnet

import (
	"math/rand/v2"

	"github.com/minotaur-game/minotaur/games/foxhunt"
)

// Brain is the computer player. It plays from the state blocks alone (what
// any bot on the wire sees): as the fox it flees, keeping walls between
// itself and the hunters; as a hunter it closes in on the fox along the
// shortest way and bombs in front of it, and it keeps out of the beams of
// the bombs it has seen.
type Brain struct {
	Name string
	rng  *rand.Rand

	fuses Fuses
	flee  int // rounds left of running from its own bomb

	dist  []int32 // scratch
	queue []int32
}

// NewBrain makes a brain for the player called name.
func NewBrain(name string, seed uint64) *Brain {
	return &Brain{Name: name, rng: rand.New(rand.NewPCG(seed, 0xb07))}
}

// assumedRange is the beam reach the bot fears from a bomb it sees (it
// cannot see the thrower's range).
const assumedRange = 3

var dirs = [4]struct {
	d   foxhunt.Dir
	key string
}{{foxhunt.Up, "w"}, {foxhunt.Left, "a"}, {foxhunt.Down, "s"}, {foxhunt.Right, "d"}}

// walkable reports whether a player can stand on a field of this character.
func walkable(c byte) bool {
	switch c {
	case 'w', 'W', 'B':
		return false
	}
	return true
}

// Decide answers a state block with the next command.
func (b *Brain) Decide(s *State) string {
	me := -1
	for i, e := range s.Table {
		if e.Name == b.Name {
			me = i
		}
	}
	if me < 0 || len(s.Rows) != s.H {
		return "n"
	}
	b.track(s)
	pos := s.Table[me].At
	var cmd string
	if me == 0 {
		cmd = b.fox(s, pos)
	} else {
		cmd = b.hunter(s, pos, s.Table[0].At)
	}
	if cmd != "" && cmd[0] == 'b' {
		b.fuses.Thrown(pos) // a bomb laid here hides under it
	}
	return cmd
}

// track reads the bombs of the block; a new match ends any running.
func (b *Brain) track(s *State) {
	if s.Round < b.fuses.last {
		b.flee = 0
	}
	b.fuses.Update(s)
}

// danger is how soon a beam may cross p: 1 means in the coming round, 2
// the one after, …; 0 means no bomb seen threatens it.
func (b *Brain) danger(s *State, p foxhunt.Point) int {
	worst := 0
	b.fuses.Each(func(at foxhunt.Point, left int) {
		if at.X != p.X && at.Y != p.Y {
			return
		}
		d := abs(at.X-p.X) + abs(at.Y-p.Y)
		if d > assumedRange {
			return
		}
		// a wall or special between stops the beam
		q := at
		for step := 0; step < d-1; step++ {
			q = towards(q, p)
			if c := s.At(q); c == 'w' || c == 'W' || c == 'r' || c == 'b' || c == 'h' {
				return
			}
		}
		if worst == 0 || left < worst {
			worst = left
		}
	})
	return worst
}

func towards(q, p foxhunt.Point) foxhunt.Point {
	switch {
	case q.X < p.X:
		q.X++
	case q.X > p.X:
		q.X--
	case q.Y < p.Y:
		q.Y++
	case q.Y > p.Y:
		q.Y--
	}
	return q
}

func abs(v int) int {
	if v < 0 {
		return -v
	}
	return v
}

// bfs fills b.dist with the steps from the sources over walkable fields
// (-1 unreachable).
func (b *Brain) bfs(s *State, src []foxhunt.Point) []int32 {
	n := s.W * s.H
	if cap(b.dist) < n {
		b.dist = make([]int32, n)
		b.queue = make([]int32, 0, n)
	}
	d := b.dist[:n]
	for i := range d {
		d[i] = -1
	}
	q := b.queue[:0]
	for _, p := range src {
		i := int32(p.Y*s.W + p.X)
		if d[i] < 0 {
			d[i] = 0
			q = append(q, i)
		}
	}
	for h := 0; h < len(q); h++ {
		i := q[h]
		x, y := int(i)%s.W, int(i)/s.W
		for _, dd := range dirs {
			np := foxhunt.Point{X: x, Y: y}.Step(dd.d)
			if np.X < 0 || np.Y < 0 || np.X >= s.W || np.Y >= s.H || !walkable(s.Rows[np.Y][np.X]) {
				continue
			}
			j := int32(np.Y*s.W + np.X)
			if d[j] < 0 {
				d[j] = d[i] + 1
				q = append(q, j)
			}
		}
	}
	b.queue = q
	return d
}

type option struct {
	key string
	to  foxhunt.Point
}

func (b *Brain) options(s *State, pos foxhunt.Point) []option {
	opts := []option{{"n", pos}}
	for _, dd := range dirs {
		np := pos.Step(dd.d)
		if np.X >= 0 && np.Y >= 0 && np.X < s.W && np.Y < s.H && walkable(s.Rows[np.Y][np.X]) {
			opts = append(opts, option{dd.key, np})
		}
	}
	return opts
}

// safety scores a field by the beams that may cross it.
func (b *Brain) safety(s *State, p foxhunt.Point) int {
	switch b.danger(s, p) {
	case 0:
		return 0
	case 1:
		return -1000
	case 2:
		return -40
	default:
		return -5
	}
}

func (b *Brain) fox(s *State, pos foxhunt.Point) string {
	var hunters []foxhunt.Point
	for _, e := range s.Table[1:] {
		hunters = append(hunters, e.At)
	}
	if len(hunters) == 0 {
		return "n"
	}
	d := b.bfs(s, hunters)
	best, bestScore := "n", -1<<30
	for _, o := range b.options(s, pos) {
		i := o.to.Y*s.W + o.to.X
		hd := int(d[i])
		if hd < 0 {
			hd = 1000 // no hunter can walk here
		}
		score := 10*min(hd, 30) + b.safety(s, o.to)
		// walls between it and the nearest hunters: no straight view
		for _, h := range hunters {
			if abs(h.X-o.to.X)+abs(h.Y-o.to.Y) <= 4 && clearLine(s, h, o.to) {
				score -= 6
			}
		}
		// room to run: free neighbours
		score += 2 * len(b.options(s, o.to))
		if c := s.At(o.to); c == 'h' || c == 'r' {
			score += 4
		}
		score += b.rng.IntN(3)
		if score > bestScore {
			best, bestScore = o.key, score
		}
	}
	return best
}

// clearLine reports whether a and b share a row or column with no wall
// between them.
func clearLine(s *State, a, b foxhunt.Point) bool {
	if a.X != b.X && a.Y != b.Y {
		return false
	}
	q := a
	for q != b {
		q = towards(q, b)
		if c := s.At(q); c == 'w' || c == 'W' {
			return false
		}
	}
	return true
}

func (b *Brain) hunter(s *State, pos, fox foxhunt.Point) string {
	if b.flee > 0 {
		b.flee--
		return b.runFromBombs(s, pos)
	}
	d := b.bfs(s, []foxhunt.Point{fox})
	here := d[pos.Y*s.W+pos.X]
	// the fox in line, near and with nothing between: a bomb in front of it
	if here > 1 && here <= 4 && clearLine(s, pos, fox) && b.rng.IntN(3) == 0 {
		if k := throwKey(pos, fox); k != "" {
			return k
		}
	}
	if here < 0 {
		// walled off: blow a hole, then keep away from it
		if b.danger(s, pos) == 0 {
			b.flee = foxhunt.Fuse - 1
			return "b"
		}
		return b.runFromBombs(s, pos)
	}
	best, bestScore := "n", -1<<30
	for _, o := range b.options(s, pos) {
		od := d[o.to.Y*s.W+o.to.X]
		if od < 0 {
			continue
		}
		score := -10*int(od) + b.safety(s, o.to) + b.rng.IntN(3)
		if c := s.At(o.to); c == 'r' || c == 'b' || c == 'h' {
			score += 5
		}
		if score > bestScore {
			best, bestScore = o.key, score
		}
	}
	return best
}

func throwKey(from, to foxhunt.Point) string {
	n := abs(to.X-from.X) + abs(to.Y-from.Y)
	if n > foxhunt.ThrowRange {
		n = foxhunt.ThrowRange
	}
	k := ""
	switch {
	case to.X > from.X:
		k = "d"
	case to.X < from.X:
		k = "a"
	case to.Y > from.Y:
		k = "s"
	case to.Y < from.Y:
		k = "w"
	default:
		return ""
	}
	return "b" + string(rune('0'+n)) + k
}

// runFromBombs moves to the neighbour least threatened by beams, farther
// from the bombs.
func (b *Brain) runFromBombs(s *State, pos foxhunt.Point) string {
	best, bestScore := "n", -1<<30
	for _, o := range b.options(s, pos) {
		score := b.safety(s, o.to)
		if b.danger(s, o.to) == 0 {
			score += 50
		}
		score += b.rng.IntN(3)
		if score > bestScore {
			best, bestScore = o.key, score
		}
	}
	return best
}

// RandomMove is the random mover bots are measured against: a move, a bomb
// or nothing, at random.
func RandomMove(rng *rand.Rand) string {
	return [...]string{"w", "a", "s", "d", "b", "n"}[rng.IntN(6)]
}
