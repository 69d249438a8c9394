// Package bot is the Fox hunt's computer player: it decides from what a
// state block shows (a View), as any bot on the contest wire does, and
// remembers the bombs' fuses from block to block (Fuses).
package bot

import (
	"math/rand/v2"

	"github.com/minotaur-game/minotaur/games/foxhunt"
)

// Brain is the computer player. It plays from the state blocks alone (what
// any bot on the wire sees, a View): as the fox it flees, keeping walls between
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
	foxD  []int32 // the hunter's scratch: the fox's steps, the other hunters'
	othD  []int32
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
func (b *Brain) Decide(s *View) string {
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
func (b *Brain) track(s *View) {
	if s.Round < b.fuses.last {
		b.flee = 0
	}
	b.fuses.Update(s)
}

// danger is how soon a beam may cross p: 1 means in the coming round, 2
// the one after, …; 0 means no bomb seen threatens it.
func (b *Brain) danger(s *View, p foxhunt.Point) int {
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
func (b *Brain) bfs(s *View, src []foxhunt.Point) []int32 { return b.bfsTo(s, src, 0) }

// bfsTo is bfs that goes no farther than limit steps (0: no limit); the
// fields beyond are -1.
func (b *Brain) bfsTo(s *View, src []foxhunt.Point, limit int32) []int32 {
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
		if limit > 0 && d[i] >= limit {
			continue
		}
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

func (b *Brain) options(s *View, pos foxhunt.Point) []option {
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
func (b *Brain) safety(s *View, p foxhunt.Point) int {
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

func (b *Brain) fox(s *View, pos foxhunt.Point) string {
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
func clearLine(s *View, a, b foxhunt.Point) bool {
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

func (b *Brain) hunter(s *View, pos, fox foxhunt.Point) string {
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
	if here >= 1 && here <= 2 {
		if k, ok := b.intercept(s, pos, fox); ok {
			return k
		}
		d = b.bfs(s, []foxhunt.Point{fox})
	}
	b.foxD = append(b.foxD[:0], d...)
	var others []foxhunt.Point
	for _, e := range s.Table[1:] {
		// a hunter farther than twice the reach from the fox takes no
		// field of its territory
		if v := b.foxD[e.At.Y*s.W+e.At.X]; e.Name != b.Name && v >= 0 && v <= 2*territoryReach {
			others = append(others, e.At)
		}
	}
	weigh := here <= 2*territoryReach+1 // else no step of mine changes it
	if weigh {
		// the other hunters' steps, once; each of my steps adds its own
		b.othD = append(b.othD[:0], b.bfsTo(s, others, territoryReach)...)
	}
	best, bestScore := "n", -1<<30
	for _, o := range b.options(s, pos) {
		od := b.foxD[o.to.Y*s.W+o.to.X]
		if od < 0 {
			continue
		}
		// the fox's territory near it (a hunter beyond territoryReach
		// steps of a field cannot take it from the fox in time)
		territory := 0
		if weigh {
			md := b.bfsTo(s, []foxhunt.Point{o.to}, territoryReach)
			for i, fd := range b.foxD {
				if fd >= 0 && fd <= territoryReach && (b.othD[i] < 0 || fd < b.othD[i]) && (md[i] < 0 || fd < md[i]) {
					territory++
				}
			}
		}
		score := -10*int(od) - 3*territory + b.safety(s, o.to) + b.rng.IntN(3)
		if c := s.At(o.to); c == 'r' || c == 'b' || c == 'h' {
			score += 5
		}
		if score > bestScore {
			best, bestScore = o.key, score
		}
	}
	return best
}

// intercept is the step of a hunter near the fox: the fox flees to the
// field farthest from the hunters, so a hunter who steps onto the field the
// fox steps onto catches it. The hunters near the fox (two steps or less)
// share out its ways, best first, in the order of the table, as every bot
// reads the same block; a hunter that cannot reach its way in one step
// leaves it to the next rule.
func (b *Brain) intercept(s *View, pos, fox foxhunt.Point) (string, bool) {
	var hunters []foxhunt.Point
	for _, e := range s.Table[1:] {
		hunters = append(hunters, e.At)
	}
	hd := b.bfs(s, hunters)
	ways := b.options(s, fox)
	// the fox's likely order: farthest from the hunters first
	far := func(o option) int32 {
		v := hd[o.to.Y*s.W+o.to.X]
		if v < 0 {
			return 1 << 20
		}
		return v
	}
	for i := 1; i < len(ways); i++ {
		for j := i; j > 0 && far(ways[j]) > far(ways[j-1]); j-- {
			ways[j], ways[j-1] = ways[j-1], ways[j]
		}
	}
	// the near hunters, in table order, each take the fox's best way it
	// can reach in one step that no hunter before it took
	fd := b.bfs(s, []foxhunt.Point{fox})
	taken := make([]bool, len(ways))
	for _, e := range s.Table[1:] {
		if v := fd[e.At.Y*s.W+e.At.X]; v < 1 || v > 2 {
			continue
		}
		reach := b.options(s, e.At)
		for i, w := range ways {
			if taken[i] || (e.Name == b.Name && b.danger(s, w.to) == 1) {
				continue
			}
			for _, o := range reach {
				if o.to == w.to {
					if e.Name == b.Name {
						return o.key, true
					}
					taken[i] = true
					break
				}
			}
			if taken[i] {
				break
			}
		}
	}
	return "", false
}

// territoryReach bounds the fox's territory the hunters weigh: the fields
// at most this many steps from the fox.
const territoryReach = 12

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
func (b *Brain) runFromBombs(s *View, pos foxhunt.Point) string {
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
