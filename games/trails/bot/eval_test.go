package bot

import (
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/minotaur-game/minotaur/games/trails"
)

// referenceEval is the evaluation as the bot first computed it: each
// player's distances by a breadth-first search cell by cell, then the
// cells each reaches first and the distances beside the standing towers.
// The bot's evaluation on sets of cells must give the same score.
func referenceEval(p *trails.Position) int {
	n := p.Size()
	var dist [2][]int
	for s := range 2 {
		d := make([]int, n*n)
		for i := range d {
			d[i] = -1
		}
		at := p.Player(s + 1).Pos
		start := at.Y*n + at.X
		d[start] = 0
		queue := []int{start}
		for h := 0; h < len(queue); h++ {
			i := queue[h]
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
					queue = append(queue, j)
				}
			}
		}
		dist[s] = d
	}
	area := 0
	for i := range n * n {
		d0, d1 := dist[0][i], dist[1][i]
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
		best := [2]int{1000, 1000}
		for _, d := range trails.Dirs {
			dx, dy := d.Delta()
			nx, ny := x+dx, y+dy
			if !in(n, nx, ny) {
				continue
			}
			for s := range 2 {
				if v := dist[s][ny*n+nx]; v >= 0 && v < best[s] {
					best[s] = v
				}
			}
		}
		near += min(best[1], 30) - min(best[0], 30)
	}
	score := 400*(p.Player(1).Towers-p.Player(2).Towers) + 4*area + 6*near
	if p.Current() == 2 {
		return -score
	}
	return score
}

// The evaluation gives the reference's score on every position of random
// games on each golden field (both rules of the jump fill among them), and
// the free cells it keeps from move to move are the position's.
func TestEvalMatchesReference(t *testing.T) {
	seeds := 12
	if raceEnabled {
		seeds = 2
	}
	positions := 0
	for _, setup := range goldenSetups {
		for seed := uint64(1); seed <= uint64(seeds); seed++ {
			g := goldenStart(t, setup.name, seed)
			r := rand.New(rand.NewPCG(seed, 0xe7a1))
			kept, fresh := &Player{}, &Player{}
			kept.setup(g.Position())
			for step := 1; !g.Over(); step++ {
				p := g.Position()
				fresh.setup(p)
				if kept.free[0] != fresh.free[0] {
					t.Fatalf("%s seed %d, move %d: the free cells kept from the moves differ from the position's", setup.name, seed, step)
				}
				want := referenceEval(p)
				if got := fresh.eval(p, 0); got != want {
					t.Fatalf("%s seed %d, move %d: eval %d, the reference %d\n%s", setup.name, seed, step, got, want, strings.Join(p.Rows(), "\n"))
				}
				positions++
				var legal []trails.Dir
				for _, d := range trails.Dirs {
					if p.Legal(d) {
						legal = append(legal, d)
					}
				}
				// Mostly random moves, some of them the level-2 bot's, so
				// that games last and fields fill up.
				d := legal[r.IntN(len(legal))]
				if r.IntN(2) == 0 {
					d = (&Player{Level: 2, Seed: seed}).Choose(p)
				}
				m, err := g.Move(d)
				if err != nil {
					t.Fatal(err)
				}
				kept.played(0, m)
				kept.free[0] = kept.free[1]
			}
		}
	}
	t.Logf("%d positions", positions)
}
