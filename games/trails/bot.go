package trails

import (
	"math/rand/v2"
)

// Bot levels.
const (
	MinBotLevel = 1
	MaxBotLevel = 3
)

// Bot is the computer player. It plays through the same rules as everyone
// (Position.Move on copies of the position) and is deterministic: the same
// position, level and seed give the same move. Its storage is reused from
// move to move; a Bot is not safe for concurrent use.
type Bot struct {
	Level int
	Seed  uint64
	stack []*Position
	dist  [2][]int16
	queue []int32
	nodes int
}

// botSearch is how deep each level looks, in moves (both players'), and how
// many positions level 3 may visit for one move before it settles on the
// deepest search it finished.
var botDepth = [MaxBotLevel + 1]int{0, 1, 3, 12}

const botNodes = 30000

// Choose returns the bot's move for the player to move in p. p is not
// changed. It returns NoDir only when that player has no legal move.
func (b *Bot) Choose(p *Position) Dir {
	dirs := b.order(p)
	if len(dirs) == 0 {
		return NoDir
	}
	if len(dirs) == 1 {
		return dirs[0]
	}
	level := min(max(b.Level, MinBotLevel), MaxBotLevel)
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
func (b *Bot) order(p *Position) []Dir {
	dirs := make([]Dir, 0, 4)
	for _, d := range Dirs {
		if p.Legal(d) {
			dirs = append(dirs, d)
		}
	}
	r := rand.New(rand.NewPCG(b.Seed, uint64(p.moves)<<8|uint64(p.cur)))
	r.Shuffle(len(dirs), func(i, j int) { dirs[i], dirs[j] = dirs[j], dirs[i] })
	return dirs
}

// lookOne is level 1: a move that wins at once if there is one, else one
// that takes a tower, else one after which the player can still move,
// chosen at random among those.
func (b *Bot) lookOne(p *Position, dirs []Dir) Dir {
	q := b.at(0)
	best, bestScore := dirs[0], -1
	for _, d := range dirs {
		q.CopyFrom(p)
		m, _ := q.Move(d)
		score := 0
		switch {
		case q.winner == p.cur+1:
			score = 3
		case m.Tower >= 0:
			score = 2
		default:
			// Would the mover have a move next time, were the
			// opponent not to move?
			q.cur = p.cur
			if q.HasMove() {
				score = 1
			}
		}
		if score > bestScore {
			best, bestScore = d, score
		}
	}
	return best
}

func (b *Bot) at(ply int) *Position {
	for len(b.stack) <= ply {
		b.stack = append(b.stack, &Position{})
	}
	return b.stack[ply]
}

const win = 1 << 20

// root searches each move to depth and returns the best; ok is false when
// level 3 ran out of nodes before finishing.
func (b *Bot) root(p *Position, dirs []Dir, depth int, budget bool) (Dir, bool) {
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
func (b *Bot) negamax(p *Position, depth, ply int, alpha, beta int, budget bool) int {
	b.nodes++
	if p.winner != 0 {
		// Every game is won by the player who moved last (a tower
		// taken, or the opponent left without a move): the player to
		// move here has lost.
		return -win + ply
	}
	if depth == 0 || (budget && b.nodes > botNodes) {
		return b.eval(p)
	}
	q := b.at(ply)
	for _, d := range Dirs {
		m, why := p.check(d, false)
		if why != "" {
			continue
		}
		q.CopyFrom(p)
		q.apply(m)
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
func (b *Bot) eval(p *Position) int {
	me := p.cur
	b.flood(p, 0)
	b.flood(p, 1)
	n := p.n
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
	for i, t := range p.towerI {
		if t == 0 || p.cells[i] != tower {
			continue
		}
		// The nearest free cell beside the tower, for each player.
		best := [2]int{1000, 1000}
		x, y := i%n, i/n
		for _, d := range Dirs {
			nx, ny := x+dirDX[d], y+dirDY[d]
			if !p.in(nx, ny) {
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
	score := 400*(p.p[0].Towers-p.p[1].Towers) + 4*area + 6*near
	if me == 1 {
		return -score
	}
	return score
}

// flood fills b.dist[s] with each free cell's distance from player s in
// one-cell moves (-1: not reached).
func (b *Bot) flood(p *Position, s int) {
	n := p.n
	if len(b.dist[s]) != n*n {
		b.dist[s] = make([]int16, n*n)
	}
	d := b.dist[s]
	for i := range d {
		d[i] = -1
	}
	start := p.p[s].Pos.Y*n + p.p[s].Pos.X
	d[start] = 0
	b.queue = append(b.queue[:0], int32(start))
	for h := 0; h < len(b.queue); h++ {
		i := int(b.queue[h])
		x, y := i%n, i/n
		for k := range 4 {
			nx, ny := x+dirDX[k], y+dirDY[k]
			if !p.in(nx, ny) {
				continue
			}
			j := ny*n + nx
			if d[j] < 0 && p.cells[j] == free {
				d[j] = d[i] + 1
				b.queue = append(b.queue, int32(j))
			}
		}
	}
}
