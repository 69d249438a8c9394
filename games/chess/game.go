package chess

import (
	"encoding/json"
	"errors"
	"fmt"
	"math/rand/v2"
)

// Sight is how a side sees a cell.
type Sight int8

const (
	Fog  Sight = iota // nothing is shown
	Open              // out of sight but not yet closed: seen as it is now, Left turns to go
	Seen              // within 2 cells of one of the side's pieces
)

// Vision is how far a piece sees (Chebyshev distance), and Closing how many
// of its side's turns a cell stays open once out of sight.
const (
	Vision  = 2
	Closing = 5
	// StartBonuses bonuses are laid on ranks 3–6 at the start, and a cell
	// the fog uncovers gets one with a chance of 1 in ReopenOdds.
	StartBonuses = 6
	ReopenOdds   = 10
)

// seenMark is a cell in sight in state.Sight; 1..Closing are open cells
// with that many turns left; 0 is fog.
const seenMark = Closing + 1

// Version is the version of the saved form (MarshalJSON); Load refuses others.
const Version = 1

type state struct {
	Version  int         `json:"version"`
	Pos      Position    `json:"position"`
	ToMove   Color       `json:"to_move"`
	Ply      int         `json:"ply"`
	Sight    [2][64]int8 `json:"sight"`
	Captured [2][]Kind   `json:"captured"`
	Lost     [2][]Kind   `json:"lost"`
	Over     bool        `json:"over,omitempty"`
	Drawn    bool        `json:"drawn,omitempty"`
	Winner   Color       `json:"winner,omitempty"`
	Last     *Move       `json:"last,omitempty"`
	RNG      []byte      `json:"rng"`
	Log      [2][]Event  `json:"log,omitempty"`
}

// Game is a game of Open-world chess: the true board, whose turn it is and
// each side's fog. Nothing of it reaches a side but through View and the
// events Apply tells it.
type Game struct {
	s   state
	src *rand.PCG
	rng *rand.Rand
}

// SeedSalt is the second word of the source a game is drawn from:
// New(rand.NewPCG(seed, SeedSalt)) is the game of seed on the screen, in a
// script and on the server alike.
const SeedSalt = 0xc4e55

// New starts a game: the standard position and six bonuses of random kinds
// on random empty cells of ranks 3–6, drawn from src, which stays the
// game's only source of chance.
func New(src *rand.PCG) *Game {
	g := &Game{src: src, rng: rand.New(src)}
	g.s.Version = Version
	g.s.Pos = Start()
	var free []Sq
	for s := At(0, 2); s <= At(7, 5); s++ {
		free = append(free, s)
	}
	for i := 0; i < StartBonuses; i++ {
		k := Bonus(g.rng.IntN(bonusKinds) + 1)
		j := g.rng.IntN(len(free))
		g.s.Pos.Bonus[free[j]] = k
		free = append(free[:j], free[j+1:]...)
	}
	g.look()
	return g
}

// Setup starts a game from any position, White or Black to move: for
// puzzles and tests. Each side sees what is in its pieces' sight.
func Setup(pos Position, toMove Color, src *rand.PCG) *Game {
	g := &Game{src: src, rng: rand.New(src)}
	g.s.Version, g.s.Pos, g.s.ToMove = Version, pos, toMove
	g.look()
	return g
}

// look opens each side's sight at the start, with no bonus drawn.
func (g *Game) look() {
	for c := White; c <= Black; c++ {
		z := g.zone(c)
		for s := range z {
			if z[s] {
				g.s.Sight[c][s] = seenMark
			}
		}
	}
}

// ToMove is the side to move.
func (g *Game) ToMove() Color { return g.s.ToMove }

// Ply is the number of turns played (passes included); the move number a
// player reads is Ply/2+1.
func (g *Game) Ply() int { return g.s.Ply }

// Over reports whether the game has ended; Result says how.
func (g *Game) Over() bool { return g.s.Over }

// Result is the winner, or drawn when neither side could move (ok false
// while the game goes on).
func (g *Game) Result() (winner Color, drawn, ok bool) {
	return g.s.Winner, g.s.Drawn, g.s.Over
}

// Log is all that a side was told, in order (the events Apply returned to it).
func (g *Game) Log(side Color) []Event { return g.s.Log[side] }

// zone is the cells within Vision of the side's pieces.
func (g *Game) zone(c Color) [64]bool {
	var z [64]bool
	for s := Sq(0); s < 64; s++ {
		if pc := g.s.Pos.Board[s]; pc.Empty() || pc.Color != c {
			continue
		}
		for t := Sq(0); t < 64; t++ {
			if dist(s, t) <= Vision {
				z[t] = true
			}
		}
	}
	return z
}

// visible are the cells a side sees now (in sight or open).
func (g *Game) visible(c Color) [64]bool {
	var v [64]bool
	for s := range v {
		v[s] = g.s.Sight[c][s] > 0
	}
	return v
}

// see updates a side's fog after a move: cells in sight are seen; a cell
// that has just left sight stays open for the side's next Closing turns;
// tick (the side's own turn ended) counts those turns down. A fogged cell
// that comes into sight empty gets a new bonus with a chance of 1 in
// ReopenOdds, drawn cell by cell from a1 to h8.
func (g *Game) see(c Color, tick bool, out *[]Event) {
	z := g.zone(c)
	sight := &g.s.Sight[c]
	for s := Sq(0); s < 64; s++ {
		was := sight[s]
		switch {
		case z[s]:
			sight[s] = seenMark
			if was == 0 && g.s.Pos.Board[s].Empty() && g.s.Pos.Bonus[s] == NoBonus && g.rng.IntN(ReopenOdds) == 0 {
				b := Bonus(g.rng.IntN(bonusKinds) + 1)
				g.s.Pos.Bonus[s] = b
				e := ev(Appeared, c, None)
				e.At, e.Bonus = s, b
				*out = append(*out, e)
			}
		case was == seenMark:
			sight[s] = Closing
		case was > 0 && tick:
			sight[s] = was - 1
		}
	}
}

// Legal are the moves offered to the side to move, from its view.
func (g *Game) Legal() []Move {
	v := g.View(g.s.ToMove)
	return Moves(&v)
}

// Told is what each side is told of a move: Told[White], Told[Black].
type Told [2][]Event

// ErrOver is the answer to a move after the end.
var ErrOver = errors.New("the game is over")

// Apply plays a move of the side to move. A move that is not offered from
// that side's view is refused with the reason, and nothing changes. The
// events each side is told are only what it could see happen (Tell).
func (g *Game) Apply(m Move) (Told, error) {
	told, _, err := g.apply(m)
	return told, err
}

func (g *Game) apply(m Move) (told Told, all []Event, err error) {
	if g.s.Over {
		return told, nil, ErrOver
	}
	side := g.s.ToMove
	v := g.View(side)
	if err := check(&v, m); err != nil {
		return told, nil, err
	}
	before := [2][64]bool{g.visible(White), g.visible(Black)}
	all = g.s.Pos.Play(side, m, g.rng.IntN)
	for _, e := range all {
		if e.Kind != Attacked {
			if e.Kind == Damaged && e.Died {
				g.s.Lost[side] = append(g.s.Lost[side], e.Piece)
			}
			continue
		}
		if e.Died {
			g.s.Lost[side] = append(g.s.Lost[side], e.Piece)
			g.s.Captured[side.Other()] = append(g.s.Captured[side.Other()], e.Piece)
		}
		if e.OtherDied {
			g.s.Lost[side.Other()] = append(g.s.Lost[side.Other()], e.Other)
			g.s.Captured[side] = append(g.s.Captured[side], e.Other)
		}
	}
	g.s.Ply++
	last := m
	g.s.Last = &last
	g.see(side, true, &all)
	g.see(side.Other(), false, &all)
	for c := White; c <= Black; c++ {
		if g.s.Pos.KingAt(c) == NoSq {
			g.s.Over, g.s.Winner = true, c.Other()
			all = append(all, ev(Won, c.Other(), None))
			break
		}
	}
	if !g.s.Over {
		g.s.ToMove = side.Other()
		for passes := 0; len(g.Legal()) == 0; passes++ {
			if passes == 1 {
				g.s.Over, g.s.Drawn = true, true
				all = append(all, ev(Drawn, side, None))
				break
			}
			all = append(all, ev(Passed, g.s.ToMove, None))
			g.s.Ply++
			g.see(g.s.ToMove, true, &all)
			g.s.ToMove = g.s.ToMove.Other()
		}
	}
	after := [2][64]bool{g.visible(White), g.visible(Black)}
	for c := White; c <= Black; c++ {
		told[c] = Tell(c, side, all, &before[c], &after[c])
		g.s.Log[c] = append(g.s.Log[c], told[c]...)
	}
	return told, all, nil
}

// check says why a move is not offered to the view's side, or nil.
func check(v *View, m Move) error {
	if !m.From.Valid() || !m.To.Valid() {
		return fmt.Errorf("%v is not a move on the board", m)
	}
	pc := v.Cells[m.From].Piece
	switch {
	case pc.Empty():
		return fmt.Errorf("there is no %s piece on %v", v.Side, m.From)
	case pc.Color != v.Side:
		return fmt.Errorf("the %s on %v is %s's, not yours", pc.Kind, m.From, pc.Color)
	}
	var promo bool
	for _, l := range Moves(v) {
		if l.From != m.From || l.To != m.To {
			continue
		}
		if l.Promo == m.Promo {
			return nil
		}
		promo = promo || l.Promo != None
	}
	switch {
	case promo && m.Promo == None:
		b := m.From.String() + m.To.String()
		return fmt.Errorf("the pawn reaching %v becomes a queen, rook, bishop or knight: write %sq, %sr, %sb or %sn", m.To, b, b, b, b)
	case promo:
		return fmt.Errorf("a pawn becomes a queen, rook, bishop or knight, not a %s", m.Promo)
	case m.Promo != None:
		return fmt.Errorf("%v%v is not a promotion: write it without the %c", m.From, m.To, m.Promo.Letter()+'a'-'A')
	}
	return fmt.Errorf("your %s on %v cannot go to %v", pc.Kind, m.From, m.To)
}

// Tell is the part of a move's events that side could see happen, given the
// cells it saw before and after the move (in sight or open). Its own
// pieces' events it is told whole, even a fight with a piece it could not
// see; of the other side's it learns the cells it saw, and nothing of what
// happened wholly in its fog.
func Tell(side, mover Color, all []Event, before, after *[64]bool) []Event {
	var out []Event
	saw := func(s Sq) bool { return s.Valid() && (before[s] || after[s]) }
	for _, e := range all {
		switch {
		case e.Kind == Passed || e.Kind == Won || e.Kind == Drawn:
		case e.Kind == Appeared:
			if e.Side != side && !after[e.At] {
				continue
			}
		case e.Side == side:
		case e.Kind == Stopped:
			continue // the mover's own discovery
		case e.Kind == Attacked: // on the side's own piece
			if !before[e.From] {
				e.From = NoSq
			}
		case e.Kind == Moved || e.Kind == Castled:
			if !before[e.From] {
				e.From = NoSq
			}
			if !after[e.To] {
				e.To, e.HP = NoSq, 0
			}
			if e.Kind == Castled {
				if !before[e.At] {
					e.At = NoSq
				}
				if !after[e.Via] {
					e.Via = NoSq
				}
			}
			if e.From == NoSq && e.To == NoSq && e.At == NoSq && e.Via == NoSq {
				continue
			}
		case e.Kind == KingHealed || e.Kind == Added:
			if !saw(e.From) && !after[e.At] {
				continue
			}
			if !saw(e.From) {
				e.From = NoSq
			}
			if !after[e.At] {
				e.At, e.HP, e.Max = NoSq, 0, 0
			}
		default: // Damaged, Regenerated, Upgraded, Wasted, Promoted: at one cell
			if !saw(e.At) {
				continue
			}
		}
		out = append(out, e)
	}
	return out
}

// MarshalJSON is the saved form of the game, the state of its source included.
func (g *Game) MarshalJSON() ([]byte, error) {
	rng, err := g.src.MarshalBinary()
	if err != nil {
		return nil, err
	}
	s := g.s
	s.RNG = rng
	return json.Marshal(s)
}

// Load reads a game saved by MarshalJSON.
func Load(data []byte) (*Game, error) {
	var s state
	if err := json.Unmarshal(data, &s); err != nil {
		return nil, fmt.Errorf("not a saved chess game: %v", err)
	}
	if s.Version != Version {
		return nil, fmt.Errorf("a chess save of version %d; this program reads version %d", s.Version, Version)
	}
	src := &rand.PCG{}
	if err := src.UnmarshalBinary(s.RNG); err != nil {
		return nil, fmt.Errorf("a chess save whose random source is damaged: %v", err)
	}
	if s.ToMove != White && s.ToMove != Black {
		return nil, fmt.Errorf("a chess save whose side to move is %d", s.ToMove)
	}
	if err := checkLengths(data); err != nil {
		return nil, fmt.Errorf("a chess save with %v", err)
	}
	if err := s.Pos.Check(s.Over); err != nil {
		return nil, fmt.Errorf("a chess save with an impossible position: %v", err)
	}
	for c := range s.Sight {
		for sq, m := range s.Sight[c] {
			if m < 0 || m > seenMark {
				return nil, fmt.Errorf("a chess save whose fog of %s on %v is damaged", Color(c), Sq(sq))
			}
		}
	}
	for c := range s.Captured {
		for _, k := range append(append([]Kind(nil), s.Captured[c]...), s.Lost[c]...) {
			if k <= None || k > Pawn {
				return nil, fmt.Errorf("a chess save whose taken or lost pieces of %s are damaged", Color(c))
			}
		}
	}
	if s.Last != nil && (!s.Last.From.Valid() || !s.Last.To.Valid() || s.Last.Promo < None || s.Last.Promo > Pawn) {
		return nil, errors.New("a chess save whose last move is damaged")
	}
	for c := range s.Log {
		for i, e := range s.Log[c] {
			if !e.valid() {
				return nil, fmt.Errorf("a chess save whose log of %s is damaged (entry %d)", Color(c), i+1)
			}
		}
	}
	if s.Ply < 0 || s.Winner != White && s.Winner != Black {
		return nil, errors.New("a chess save whose turn or winner is damaged")
	}
	s.RNG = nil
	return &Game{s: s, src: src, rng: rand.New(src)}, nil
}
