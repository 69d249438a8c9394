// Package bot is the computer player of Trails and Towers, at the levels
// trails.MinBotLevel to trails.MaxBotLevel.
package bot

import (
	"math/bits"
	"math/rand/v2"

	"github.com/minotaur-game/minotaur/games/trails"
)

// Player is the computer player. It plays through the same rules as
// everyone (Position.Try and Play on copies of the position) and is
// deterministic: the same position, level and seed give the same move. Its
// storage is reused from move to move; a Player is not safe for concurrent
// use.
type Player struct {
	Level int
	Seed  uint64
	// Pause, when set, is called now and then during a search (every few
	// hundred positions): the server's thinker waits there while people's
	// actions are being handled. It does not change the move.
	Pause func()
	stack []*trails.Position
	nodes int
	// The search's field (eval): the bits of a row (the side and one)
	// and the words of a set of cells; the free cells of the position at
	// each ply; the cells beside each tower; each standing tower's
	// distances.
	stride, words int
	free          []cells
	near          []cells
	best          [][2]int
	// eval's two searches: the layers at distance k from each
	// player (lay[k%2]), the free cells not reached yet, the cells beside
	// the towers not reached yet.
	lay        [2][2]cells
	open, want [2]cells
}

// botSearch is how deep each level looks, in moves (both players'), and how
// many positions level 3 may visit for one move before it settles on the
// deepest search it finished.
var botDepth = [trails.MaxBotLevel + 1]int{0, 1, 3, 12}

const botNodes = 30000

// Choose returns the bot's move for the player to move in p. p is not
// changed. It returns NoDir only when that player has no legal move.
func (b *Player) Choose(p *trails.Position) trails.Dir {
	dirs := b.order(p)
	if len(dirs) == 0 {
		return trails.NoDir
	}
	if len(dirs) == 1 {
		return dirs[0]
	}
	level := min(max(b.Level, trails.MinBotLevel), trails.MaxBotLevel)
	if level == 1 {
		return b.lookOne(p, dirs)
	}
	b.nodes = 0
	b.setup(p)
	best := dirs[0]
	for depth := 1; depth <= botDepth[level]; depth++ {
		d, ok := b.root(p, dirs, depth, level == 3)
		if !ok {
			break // out of nodes: keep the last whole search
		}
		best = d
		// Search the best move first at the next depth.
		for i, x := range dirs {
			if x == d {
				copy(dirs[1:i+1], dirs[:i])
				dirs[0] = d
				break
			}
		}
	}
	return best
}

// order lists the legal moves in an order drawn from the seed and the
// position (so that equal moves are not always broken the same way).
func (b *Player) order(p *trails.Position) []trails.Dir {
	dirs := make([]trails.Dir, 0, 4)
	for _, d := range trails.Dirs {
		if p.Legal(d) {
			dirs = append(dirs, d)
		}
	}
	r := rand.New(rand.NewPCG(b.Seed, uint64(p.MovesPlayed())<<8|uint64(p.Current()-1)))
	r.Shuffle(len(dirs), func(i, j int) { dirs[i], dirs[j] = dirs[j], dirs[i] })
	return dirs
}

// lookOne is level 1: a move that wins at once if there is one, else one
// that takes a tower, else one after which the player can still move,
// chosen at random among those.
func (b *Player) lookOne(p *trails.Position, dirs []trails.Dir) trails.Dir {
	q := b.at(0)
	best, bestScore := dirs[0], -1
	for _, d := range dirs {
		q.CopyFrom(p)
		m, _ := q.Move(d)
		score := 0
		switch winner, _ := q.Winner(); {
		case winner == p.Current():
			score = 3
		case m.Tower >= 0:
			score = 2
		default:
			// Would the mover have a move next time, were the
			// opponent not to move?
			if q.CanMove(p.Current()) {
				score = 1
			}
		}
		if score > bestScore {
			best, bestScore = d, score
		}
	}
	return best
}

func (b *Player) at(ply int) *trails.Position {
	for len(b.stack) <= ply {
		b.stack = append(b.stack, &trails.Position{})
	}
	return b.stack[ply]
}

const win = 1 << 20

// root searches each move to depth and returns the best; ok is false when
// level 3 ran out of nodes before finishing.
func (b *Player) root(p *trails.Position, dirs []trails.Dir, depth int, budget bool) (trails.Dir, bool) {
	best, alpha := dirs[0], -2*win
	for _, d := range dirs {
		q := b.at(0)
		q.CopyFrom(p)
		m, _ := q.Move(d)
		b.played(0, m)
		v := -b.negamax(q, depth-1, 1, -2*win, -alpha, budget)
		if budget && b.nodes > botNodes {
			return best, false
		}
		if v > alpha {
			best, alpha = d, v
		}
	}
	return best, true
}

// negamax is alpha–beta from the side of the player to move in p.
func (b *Player) negamax(p *trails.Position, depth, ply int, alpha, beta int, budget bool) int {
	b.nodes++
	if b.Pause != nil && b.nodes&255 == 0 {
		b.Pause()
	}
	if p.Over() {
		// Every game is won by the player who moved last (a tower
		// taken, or the opponent left without a move): the player to
		// move here has lost.
		return -win + ply
	}
	if depth == 0 || (budget && b.nodes > botNodes) {
		return b.eval(p, ply)
	}
	q := b.at(ply)
	for _, d := range trails.Dirs {
		m, ok := p.Try(d)
		if !ok {
			continue
		}
		q.CopyFrom(p)
		q.Play(m)
		b.played(ply, m)
		v := -b.negamax(q, depth-1, ply+1, -beta, -alpha, budget)
		if v > alpha {
			alpha = v
			if alpha >= beta {
				break
			}
		}
	}
	return alpha
}

// The search's evaluation works on sets of cells, one bit a cell: cell
// (x, y) is bit y·(n+1)+x, so that each row ends in a bit that is never a
// free cell and a step left or right cannot wrap round into the next row.
// A distance from a player is then a breadth-first search a whole layer at
// a time (spread), a few machine words a layer instead of a queue of cells.
// A set has one word more than the largest field needs: the word after a
// field's last is always zero.
const maxWords = (trails.MaxSize*(trails.MaxSize+1) + 63) / 64

type cells [maxWords + 1]uint64

func (c *cells) set(i int)      { c[i>>6] |= 1 << (i & 63) }
func (c *cells) clear(i int)    { c[i>>6] &^= 1 << (i & 63) }
func (c *cells) has(i int) bool { return c[i>>6]&(1<<(i&63)) != 0 }

// setup reads the field of p for a search: its geometry, the free cells
// (b.free[0]) and the cells beside each tower (b.near).
func (b *Player) setup(p *trails.Position) {
	n := p.Size()
	b.stride = n + 1
	b.words = (n*b.stride + 63) / 64
	if len(b.free) == 0 {
		b.free = make([]cells, 1)
	}
	b.near = b.near[:0]
	b.free[0] = cells{}
	for y := range n {
		for x := range n {
			what, t := p.At(trails.Cell{X: x, Y: y})
			if what == trails.Free {
				b.free[0].set(y*b.stride + x)
			}
			if t < 0 {
				continue
			}
			for len(b.near) <= t {
				b.near = append(b.near, cells{})
			}
			for _, d := range trails.Dirs {
				dx, dy := d.Delta()
				if nx, ny := x+dx, y+dy; in(n, nx, ny) {
					b.near[t].set(ny*b.stride + nx)
				}
			}
		}
	}
}

// played sets b.free[ply+1] to b.free[ply] less the cells move m took:
// the cell it ended on and, back towards where it started, as many free
// cells as it filled (m.Cells in all), as Position.Play fills them.
func (b *Player) played(ply int, m trails.Move) {
	for len(b.free) <= ply+1 {
		b.free = append(b.free, cells{})
	}
	f := &b.free[ply+1]
	*f = b.free[ply]
	at := m.To.Y*b.stride + m.To.X
	f.clear(at)
	dx, dy := m.Dir.Delta()
	step := dy*b.stride + dx
	for left := m.Cells - 1; left > 0; {
		at -= step
		if f.has(at) {
			f.clear(at)
			left--
		}
	}
}

// meet reports whether c and d share a cell.
func (b *Player) meet(c, d *cells) bool {
	for i := range b.words {
		if c[i]&d[i] != 0 {
			return true
		}
	}
	return false
}

// spread grows the two searches from b.lay[0] a layer at a time until
// neither grows: the layer at distance k from player s is the cells of
// b.open[s] (the free cells not reached yet) beside the layer at k−1,
// which then leave it. It returns how many more cells Blue reached first than Red (a
// cell one player reaches at a distance the other has not reached is
// that player's), and calls b.towersMet with the layer whenever one meets
// a cell of b.want.
func (b *Player) spread(p *trails.Position, best [][2]int) (area int) {
	// A row's bits, and the rest of a word: both below 64 (the masks
	// spare the shifts their test for 64 and more).
	w, v := uint(b.stride)&63, uint(64-b.stride)&63
	nw := b.words
	op0, op1 := b.open[0][:nw], b.open[1][:nw]
	wn0, wn1 := b.want[0][:nw], b.want[1][:nw]
	front, next := &b.lay[0], &b.lay[1]
	for k := 1; ; k++ {
		// One word more than the field's: always zero, the next word
		// of the last one.
		fr0, fr1 := front[0][:nw+1], front[1][:nw+1]
		nx0, nx1 := next[0][:nw], next[1][:nw]
		var lo0, lo1, grew, met uint64
		for i := range op0 {
			x0, x1 := fr0[i], fr1[i]
			hi0, hi1 := fr0[i+1], fr1[i+1]
			g0 := x0<<1 | lo0>>63 | x0>>1 | hi0<<63 | x0<<w | lo0>>v | x0>>w | hi0<<v
			g1 := x1<<1 | lo1>>63 | x1>>1 | hi1<<63 | x1<<w | lo1>>v | x1>>w | hi1<<v
			lo0, lo1 = x0, x1
			o0, o1 := op0[i], op1[i]
			g0 &= o0
			g1 &= o1
			o0 &^= g0
			o1 &^= g1
			op0[i], op1[i] = o0, o1
			nx0[i], nx1[i] = g0, g1
			// A cell one player reaches now that is still open to
			// the other is the first player's.
			area += bits.OnesCount64(g0&o1) - bits.OnesCount64(g1&o0)
			grew |= g0 | g1
			met |= g0&wn0[i] | g1&wn1[i]
		}
		if grew == 0 {
			return area
		}
		if met != 0 && k < far {
			b.towersMet(p, next, best, k)
		}
		front, next = next, front
	}
}

// towersMet notes distance k for each tower still standing whose cells
// the layer of a player meets for the first time, and takes those towers'
// cells out of the player's b.want.
func (b *Player) towersMet(p *trails.Position, layer *[2]cells, best [][2]int, k int) {
	for s := range 2 {
		if !b.meet(&layer[s], &b.want[s]) {
			continue
		}
		clear(b.want[s][:b.words])
		for t := range best {
			if best[t][s] != far || p.TowerOwner(t) != 0 {
				continue
			}
			if b.meet(&layer[s], &b.near[t]) {
				best[t][s] = k
			} else {
				b.orInto(&b.want[s], &b.near[t])
			}
		}
	}
}

// far is the distance from a tower that the evaluation counts as far
// enough: every distance beyond counts as this.
const far = 30

// eval scores the position at ply for the player to move: towers taken
// count most; then the free cells each player reaches first (walking one
// cell a move), and how near each is to the towers still standing.
func (b *Player) eval(p *trails.Position, ply int) int {
	free := &b.free[ply]
	nw := b.words
	// The two searches' layers at distance k from each player
	// (b.lay[k%2]), and the free cells each has not reached yet.
	var start [2]int
	for s := range 2 {
		at := p.Player(s + 1).Pos
		start[s] = at.Y*b.stride + at.X
		clear(b.lay[0][s][:nw])
		copy(b.open[s][:nw], free[:nw])
		clear(b.want[s][:nw])
		b.lay[0][s].set(start[s])
	}
	// For each tower still standing, the distance of each player to the
	// nearest cell beside it, counted up to far; b.want[s], the cells
	// beside the towers player s has not reached yet.
	towers := p.Towers()
	if cap(b.best) < towers {
		b.best = make([][2]int, towers)
	}
	best := b.best[:towers]
	for t := range best {
		best[t] = [2]int{far, far}
		if p.TowerOwner(t) != 0 {
			continue
		}
		for s := range 2 {
			if b.near[t].has(start[s]) {
				best[t][s] = 0
			} else {
				b.orInto(&b.want[s], &b.near[t])
			}
		}
	}
	area := b.spread(p, best)
	near := 0
	for t := range best {
		near += best[t][1] - best[t][0]
	}
	score := 400*(p.Player(1).Towers-p.Player(2).Towers) + 4*area + 6*near
	if p.Current() == 2 {
		return -score
	}
	return score
}

// orInto adds the cells of c to d.
func (b *Player) orInto(d, c *cells) {
	for i := range b.words {
		d[i] |= c[i]
	}
}

// in reports whether (x, y) is a cell of an n × n field.
func in(n, x, y int) bool { return x >= 0 && y >= 0 && x < n && y < n }
