// Package bot is the computer player of Open-world chess. It decides
// from its side's View alone — the board it sees, with empty cells where
// the fog is — never from the true board: Choose takes nothing else.
//
// Level 1 takes what it can beat and otherwise moves at random; level 2
// weighs each of its moves by the position it leads to; level 3 also looks
// at the best answer the other side has among the pieces it sees, and
// weighs its best few moves a move deeper still (deeper).
package bot

import (
	"math"
	"math/rand/v2"

	"github.com/minotaur-game/minotaur/games/chess"
)

// Levels is the highest level; Random is a mover that picks any offered move.
const (
	Random = 0
	Levels = 3
)

// SeedSalt is mixed into a game's seed for its computer player
// (Player{Seed: seed ^ SeedSalt}), wherever the game of that seed is
// played, so that one seed gives one game.
const SeedSalt = 0xb07

// Choose picks the move of the view's side at a level (Random, 1 to Levels);
// rng breaks ties. ok is false when no move is offered.
func Choose(v *chess.View, level int, rng *rand.Rand) (m chess.Move, ok bool) {
	return choose(v, level, rng, nil)
}

func choose(v *chess.View, level int, rng *rand.Rand, pause func()) (m chess.Move, ok bool) {
	moves := chess.Moves(v)
	if len(moves) == 0 {
		return chess.Move{}, false
	}
	switch {
	case level <= Random:
		return moves[rng.IntN(len(moves))], true
	case level == 1:
		return greedy(v, moves, rng), true
	}
	p := v.Position()
	target := enemyKing(v, &p)
	t := thinker{pause: pause}
	if level >= 3 {
		if m, ok := t.deeper(&p, v.Side, moves, target, rng); ok {
			return m, true
		}
	}
	best, bestScore, ties := moves[0], math.Inf(-1), 0
	for _, m := range moves {
		s := t.score(&p, v.Side, m, target, level >= 3)
		switch {
		case s > bestScore+1e-9:
			best, bestScore, ties = m, s, 1
		case s > bestScore-1e-9:
			ties++
			if rng.IntN(ties) == 0 {
				best = m
			}
		}
	}
	return best, true
}

// greedy is level 1: the most valuable enemy piece it can beat (its HP at
// least the defender's), else any move.
func greedy(v *chess.View, moves []chess.Move, rng *rand.Rand) chess.Move {
	best, bestValue := chess.Move{}, 0.0
	for _, m := range moves {
		a, d := v.Cells[m.From].Piece, v.Cells[m.To].Piece
		if d.Empty() || d.Color == v.Side || a.HP < d.HP {
			continue
		}
		if val := worth(d.Kind); val > bestValue {
			best, bestValue = m, val
		}
	}
	if bestValue > 0 {
		return best
	}
	return moves[rng.IntN(len(moves))]
}

// expect is the chance a bot plans with: damage cells hurt 3 (of 0–5),
// regen gives +1.
func expect(n int) int {
	if n == 6 {
		return 3
	}
	return 0
}

const win = 1e6

// thinker holds the buffers of one decision: the moves generated at each
// depth of the look and the events of the move being imagined, reused for
// every imagined move instead of allocated anew.
type thinker struct {
	replies, answers, captures []chess.Move
	evs                        []chess.Event
	pause                      func() // Player.Pause
}

// yield calls the player's Pause, if any.
func (t *thinker) yield() {
	if t.pause != nil {
		t.pause()
	}
}

// play makes m on q and reports its outcome for side (outcome of the
// events).
func (t *thinker) play(q *chess.Position, mover chess.Color, m chess.Move, side chess.Color) (float64, bool) {
	t.evs = q.AppendPlay(t.evs[:0], mover, m, expect)
	return outcome(t.evs, side)
}

// score is the worth of a move for side: the position after it, and at
// depth 2 after the other side's best answer among the pieces side sees.
func (t *thinker) score(p *chess.Position, side chess.Color, m chess.Move, target chess.Sq, reply bool) float64 {
	q := *p
	if r, over := t.play(&q, side, m, side); over {
		return r
	}
	if !reply {
		return eval(&q, side, target) - t.hanging(&q, side)
	}
	worst := math.Inf(1)
	t.replies = q.AppendMoves(t.replies[:0], side.Other())
	for _, r := range t.replies {
		q2 := q
		s, over := t.play(&q2, side.Other(), r, side)
		if !over {
			s = eval(&q2, side, target) + t.threat(&q2, side)
		}
		worst = min(worst, s)
	}
	if math.IsInf(worst, 1) {
		return eval(&q, side, target)
	}
	return worst
}

// outcome is the score of a move that kills a king.
func outcome(evs []chess.Event, side chess.Color) (float64, bool) {
	for _, e := range evs {
		switch {
		case e.Kind == chess.Attacked && e.OtherDied && e.Other == chess.King:
			if e.Side == side {
				return win, true
			}
			return -win, true
		case (e.Kind == chess.Attacked && e.Died || e.Kind == chess.Damaged && e.Died) && e.Piece == chess.King:
			if e.Side == side {
				return -win, true
			}
			return win, true
		}
	}
	return 0, false
}

func worth(k chess.Kind) float64 {
	switch k {
	case chess.King:
		return 50
	case chess.Queen:
		return 9
	case chess.Rook:
		return 5
	case chess.Bishop:
		return 3.2
	case chess.Knight:
		return 3
	case chess.Pawn:
		return 1
	}
	return 0
}

// eval is how good the imagined position is for side: material and hit
// points (the kings' above all), and its pieces' nearness to the enemy
// king, which must be hunted down to win.
func eval(p *chess.Position, side chess.Color, target chess.Sq) float64 {
	s := 0.0
	for sq := range p.Board {
		pc := &p.Board[sq]
		if pc.Kind == chess.None {
			continue
		}
		v := worth(pc.Kind) + 1.2*float64(pc.HP) + 0.3*float64(pc.Max)
		if pc.Kind == chess.King {
			v = 12 * float64(pc.HP)
		}
		if pc.Color != side {
			s -= v
			continue
		}
		s += v
		if pc.Kind != chess.King && target.Valid() {
			s -= 0.12 * float64(dist(chess.Sq(sq), target))
		}
	}
	return s
}

// hanging is what level 2 fears to lose at once: for each of its pieces
// that a seen enemy would beat, a part of its worth.
func (t *thinker) hanging(p *chess.Position, side chess.Color) float64 {
	loss := 0.0
	t.captures = p.AppendCaptures(t.captures[:0], side.Other())
	for _, r := range t.captures {
		a, d := p.Board[r.From], p.Board[r.To]
		if d.Empty() || d.Color != side {
			continue
		}
		if d.Kind == chess.King && a.HP >= d.HP {
			return win / 2
		}
		if a.HP >= d.HP {
			loss = max(loss, worth(d.Kind)+1.2*float64(d.HP))
		}
	}
	return 0.8 * loss
}

// threat is what level 3 hopes to win next: part of the worth of the best
// seen enemy piece that one of its pieces would beat.
func (t *thinker) threat(p *chess.Position, side chess.Color) float64 {
	gain := 0.0
	t.captures = p.AppendCaptures(t.captures[:0], side)
	for _, r := range t.captures {
		a, d := p.Board[r.From], p.Board[r.To]
		if d.Empty() || d.Color == side {
			continue
		}
		if d.Kind == chess.King {
			gain = max(gain, 12*float64(min(a.HP, d.HP)))
		} else if a.HP >= d.HP {
			gain = max(gain, worth(d.Kind)+1.2*float64(d.HP))
		}
	}
	return 0.3 * gain
}

// enemyKing is where the other king is: seen, or else its starting cell
// (the bot keeps no memory between moves).
func enemyKing(v *chess.View, p *chess.Position) chess.Sq {
	if k := p.KingAt(v.Side.Other()); k != chess.NoSq {
		return k
	}
	if v.Side == chess.White {
		return chess.At(4, 7)
	}
	return chess.At(4, 0)
}

func dist(a, b chess.Sq) int {
	return max(abs(a.File()-b.File()), abs(a.Rank()-b.Rank()))
}

func abs(x int) int {
	if x < 0 {
		return -x
	}
	return x
}

// Player is a computer player for a whole game: its moves depend only on
// its level, its seed and the view it gets, so a saved game goes on as it
// would have.
type Player struct {
	Level int
	Seed  uint64
	// Pause, when set, is called now and then while level 3 looks deeper
	// (before each imagined reply): the server's thinker waits there while
	// people's actions are being handled. It does not change the move.
	Pause func()
}

// Move is the player's move in the view's position.
func (p Player) Move(v *chess.View) (chess.Move, bool) {
	return choose(v, p.Level, rand.New(rand.NewPCG(p.Seed, uint64(v.Ply))), p.Pause)
}

// Level 3's deeper look: its best few moves by the two-move look (score)
// are weighed again three moves deep — the move, each seen reply, and its
// own best answer to that reply (judged as level 2 judges a position). The
// look is bounded by a number of imagined moves, not by a clock: past
// deepBudget it gives up and the two-move look decides.
const (
	deepCandidates = 8
	deepBudget     = 20000
)

func (t *thinker) deeper(p *chess.Position, side chess.Color, moves []chess.Move, target chess.Sq, rng *rand.Rand) (chess.Move, bool) {
	type cand struct {
		m chess.Move
		s float64
	}
	cands := make([]cand, 0, len(moves))
	for _, m := range moves {
		cands = append(cands, cand{m, t.score(p, side, m, target, true)})
	}
	// the best first; a stable order keeps equal scores as Moves gave them
	for i := 1; i < len(cands); i++ {
		for j := i; j > 0 && cands[j].s > cands[j-1].s; j-- {
			cands[j], cands[j-1] = cands[j-1], cands[j]
		}
	}
	if len(cands) == 1 || cands[0].s >= win/2 {
		return cands[0].m, true // one move, or a won king: nothing to weigh
	}
	n := min(deepCandidates, len(cands))
	plays := 0
	best, bestScore, ties := cands[0].m, math.Inf(-1), 0
	for _, c := range cands[:n] {
		q := *p
		if r, over := t.play(&q, side, c.m, side); over {
			if r > 0 {
				return c.m, true
			}
			continue
		}
		worst := math.Inf(1)
		t.replies = q.AppendMoves(t.replies[:0], side.Other())
		for _, r := range t.replies {
			t.yield()
			q2 := q
			s, over := t.play(&q2, side.Other(), r, side)
			plays++
			switch {
			case over:
				worst = min(worst, s)
			case worst <= bestScore-1e-9:
				// This move is already worse than the best: its score
				// no longer matters, only how many moves the whole look
				// would have imagined (the budget) does.
				t.answers = q2.AppendMoves(t.answers[:0], side)
				plays += len(t.answers)
			default:
				s = math.Inf(-1)
				t.answers = q2.AppendMoves(t.answers[:0], side)
				for i, m2 := range t.answers {
					q3 := q2
					plays++
					s3, over := t.play(&q3, side, m2, side)
					if !over {
						s3 = eval(&q3, side, target) - t.hanging(&q3, side)
					}
					s = max(s, s3)
					if s >= worst {
						// the reply is no better for the other side than
						// one already weighed: the rest cannot change the
						// worst case, but counts against the budget
						plays += len(t.answers) - 1 - i
						break
					}
				}
				if math.IsInf(s, -1) {
					s = eval(&q2, side, target)
				}
				worst = min(worst, s)
			}
			if plays > deepBudget {
				return chess.Move{}, false
			}
		}
		if math.IsInf(worst, 1) {
			worst = eval(&q, side, target)
		}
		switch {
		case worst > bestScore+1e-9:
			best, bestScore, ties = c.m, worst, 1
		case worst > bestScore-1e-9:
			ties++
			if rng.IntN(ties) == 0 {
				best = c.m
			}
		}
	}
	return best, true
}
