// Package bot is the computer player of Trails and Towers, at the levels
// trails.MinBotLevel to trails.MaxBotLevel.
package bot

import (
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
	stack []*trails.Position
	dist  [2][]int16
	queue []int32
	nodes int
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
		q.Move(d)
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
	if p.Over() {
		// Every game is won by the player who moved last (a tower
		// taken, or the opponent left without a move): the player to
		// move here has lost.
		return -win + ply
	}
	if depth == 0 || (budget && b.nodes > botNodes) {
		return b.eval(p)
	}
	q := b.at(ply)
	for _, d := range trails.Dirs {
		m, ok := p.Try(d)
		if !ok {
			continue
		}
		q.CopyFrom(p)
		q.Play(m)
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

// eval scores p for the player to move: towers taken count most; then the
// free cells each player reaches first (walking one cell a move), and how
// near each is to the towers still standing.
func (b *Player) eval(p *trails.Position) int {
	me := p.Current() - 1
	b.flood(p, 0)
	b.flood(p, 1)
	n := p.Size()
	area := 0
	for i := range n * n {
		d0, d1 := b.dist[0][i], b.dist[1][i]
		switch {
		case d0 >= 0 && (d1 < 0 || d0 < d1):
			area++
		case d1 >= 0 && (d0 < 0 || d1 < d0):
			area--
		}
	}
	near := 0
	for i := range n * n {
		x, y := i%n, i/n
		if what, t := p.At(trails.Cell{X: x, Y: y}); t < 0 || what != trails.Tower {
			continue
		}
		// The nearest free cell beside the tower, for each player.
		best := [2]int{1000, 1000}
		for _, d := range trails.Dirs {
			dx, dy := d.Delta()
			nx, ny := x+dx, y+dy
			if !in(n, nx, ny) {
				continue
			}
			for s := range 2 {
				if v := b.dist[s][ny*n+nx]; v >= 0 && int(v) < best[s] {
					best[s] = int(v)
				}
			}
		}
		near += min(best[1], 30) - min(best[0], 30)
	}
	score := 400*(p.Player(1).Towers-p.Player(2).Towers) + 4*area + 6*near
	if me == 1 {
		return -score
	}
	return score
}

// flood fills b.dist[s] with each free cell's distance from player s in
// one-cell moves (-1: not reached).
func (b *Player) flood(p *trails.Position, s int) {
	n := p.Size()
	if len(b.dist[s]) != n*n {
		b.dist[s] = make([]int16, n*n)
	}
	d := b.dist[s]
	for i := range d {
		d[i] = -1
	}
	at := p.Player(s + 1).Pos
	start := at.Y*n + at.X
	d[start] = 0
	b.queue = append(b.queue[:0], int32(start))
	for h := 0; h < len(b.queue); h++ {
		i := int(b.queue[h])
		x, y := i%n, i/n
		for _, dir := range trails.Dirs {
			dx, dy := dir.Delta()
			nx, ny := x+dx, y+dy
			if !in(n, nx, ny) {
				continue
			}
			j := ny*n + nx
			if what, _ := p.At(trails.Cell{X: nx, Y: ny}); d[j] < 0 && what == trails.Free {
				d[j] = d[i] + 1
				b.queue = append(b.queue, int32(j))
			}
		}
	}
}

// in reports whether (x, y) is a cell of an n × n field.
func in(n, x, y int) bool { return x >= 0 && y >= 0 && x < n && y < n }
