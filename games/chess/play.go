package chess

// EventKind is what happened.
type EventKind int8

const (
	Moved       EventKind = iota + 1 // Side's Piece went From → To (HP: its HP)
	Castled                          // Side's king From → To; its rook At → Via
	Stopped                          // Side's Piece, aimed at To, met an unseen piece at At and stopped there
	Attacked                         // Side's Piece (from From) attacked the Other at At; Died / OtherDied; HP / OtherHP after
	Damaged                          // Side's Piece lost Amount HP on the damage cell At (passed over or ended on); HP after; Died
	Regenerated                      // Side's Piece took the regen at At: +Amount HP; HP / Max after
	Upgraded                         // Side's Piece took the hp_upgrade at At: Max +1; HP / Max after
	KingHealed                       // Side's Piece took the king_hp_upgrade at From; the king at At has HP / Max
	Added                            // Side's Piece took the add_piece at From; a new Piece stands on At
	Wasted                           // Side's Piece took Bonus at At and it did nothing (a king; no free cell)
	Promoted                         // Side's pawn at At became Other (HP / Max)
	Appeared                         // the fog of Side opened at At and a Bonus appeared there
	Passed                           // Side had no legal move and passed its turn
	Won                              // Side won: the other king left the board
	Drawn                            // neither side could move
)

// Event is one thing that happened in a move. Cells a side was not told are
// NoSq in the events it gets.
type Event struct {
	Kind      EventKind `json:"kind"`
	Side      Color     `json:"side"`
	Piece     Kind      `json:"piece,omitempty"`
	From      Sq        `json:"from"`
	To        Sq        `json:"to"`
	At        Sq        `json:"at"`
	Via       Sq        `json:"via"`
	Other     Kind      `json:"other,omitempty"`
	Bonus     Bonus     `json:"bonus,omitempty"`
	Amount    int       `json:"amount,omitempty"`
	HP        int       `json:"hp,omitempty"`
	Max       int       `json:"max,omitempty"`
	OtherHP   int       `json:"other_hp,omitempty"`
	Died      bool      `json:"died,omitempty"`
	OtherDied bool      `json:"other_died,omitempty"`
}

func ev(k EventKind, side Color, piece Kind) Event {
	return Event{Kind: k, Side: side, Piece: piece, From: NoSq, To: NoSq, At: NoSq, Via: NoSq}
}

// Play makes a move of side on the position, by the rules of combat and of
// the bonuses, and returns what happened. roll(n) draws a number in [0, n):
// the game passes its seeded source, a bot what it expects. The move is not
// checked: offer only what Moves gives. Walking the path on the true board
// is what stops a slider at a piece its side could not see.
func (p *Position) Play(side Color, m Move, roll func(n int) int) []Event {
	return p.AppendPlay(nil, side, m, roll)
}

// AppendPlay is Play appending what happened to out: a caller that keeps
// out plays moves without allocating.
func (p *Position) AppendPlay(out []Event, side Color, m Move, roll func(n int) int) []Event {
	pc := p.Board[m.From]
	if pc.Empty() {
		return out
	}
	if rookFrom, rookTo, ok := isCastle(pc, m); ok {
		e := ev(Castled, side, King)
		e.From, e.To, e.At, e.Via = m.From, m.To, rookFrom, rookTo
		out = append(out, e)
		kingTo, alive := p.travel(side, m.From, m.To, NoSq, Move{}, &out, roll, true)
		if alive && p.KingAt(side.Other()) != NoSq {
			p.travel(side, rookFrom, rookTo, kingTo, Move{}, &out, roll, true)
		}
		return out
	}
	p.travel(side, m.From, m.To, NoSq, m, &out, roll, false)
	return out
}

// travel moves the piece on from towards to: over the cells between (a
// damage cell there is felt; an unseen piece stops it), then combat on the
// cell it ends on if an enemy stands there, promotion, and the bonus of that
// cell. skip is a cell passed over freely (the king's, when the rook
// castles). It returns where the piece ended and whether it lives.
func (p *Position) travel(side Color, from, to, skip Sq, m Move, out *[]Event, roll func(int) int, quiet bool) (Sq, bool) {
	pc := p.Board[from]
	p.Board[from] = Piece{}
	cells, n := between(from, to)
	for _, c := range cells[:n] {
		if c == skip {
			continue
		}
		if !p.Board[c].Empty() {
			e := ev(Stopped, side, pc.Kind)
			e.From, e.To, e.At = from, to, c
			*out = append(*out, e)
			to = c
			break
		}
		if p.Bonus[c] == Damage {
			p.Bonus[c] = NoBonus
			if !p.damage(side, &pc, c, out, roll) {
				return c, false
			}
		}
	}
	if t := p.Board[to]; !t.Empty() {
		if t.Color == side { // only on an imagined board: treat as blocked where it stands
			p.Board[from] = pc
			return from, true
		}
		e := ev(Attacked, side, pc.Kind)
		e.From, e.At, e.Other = from, to, t.Kind
		a, d := pc.HP, t.HP
		switch {
		case a < d:
			t.HP -= a
			p.Board[to] = t
			e.Died, e.OtherHP = true, t.HP
			*out = append(*out, e)
			return to, false
		case a > d:
			pc.HP -= d
		default:
			pc.HP = 1
		}
		e.OtherDied, e.HP = true, pc.HP
		*out = append(*out, e)
		p.Board[to] = Piece{}
	} else if !quiet {
		e := ev(Moved, side, pc.Kind)
		e.From, e.To, e.HP = from, to, pc.HP
		*out = append(*out, e)
	}
	pc.Moved = true
	if pc.Kind == Pawn && to.Rank() == lastRank(side) {
		k := m.Promo
		if k == None {
			k = Queen
		}
		pc = NewPiece(k, side)
		pc.Moved = true
		e := ev(Promoted, side, Pawn)
		e.At, e.Other, e.HP, e.Max = to, k, pc.HP, pc.Max
		*out = append(*out, e)
	}
	p.Board[to] = pc
	return to, p.bonus(side, to, out, roll)
}

// damage is a damage cell felt by the piece at c: 0–5 HP lost.
func (p *Position) damage(side Color, pc *Piece, c Sq, out *[]Event, roll func(int) int) bool {
	n := roll(6)
	pc.HP -= n
	e := ev(Damaged, side, pc.Kind)
	e.At, e.Amount, e.HP, e.Max, e.Died = c, n, pc.HP, pc.Max, pc.HP <= 0
	*out = append(*out, e)
	return pc.HP > 0
}

// addOrder is where add_piece puts the new piece: N, E, S, W, then the
// diagonals clockwise from NE; north is towards rank 8 for both sides.
var addOrder = [][2]int{{0, 1}, {1, 0}, {0, -1}, {-1, 0}, {1, 1}, {1, -1}, {-1, -1}, {-1, 1}}

// bonus is the bonus of the cell the piece on c ended its move on.
func (p *Position) bonus(side Color, c Sq, out *[]Event, roll func(int) int) bool {
	b := p.Bonus[c]
	if b == NoBonus {
		return true
	}
	p.Bonus[c] = NoBonus
	pc := &p.Board[c]
	wasted := func() {
		e := ev(Wasted, side, pc.Kind)
		e.At, e.Bonus = c, b
		*out = append(*out, e)
	}
	switch b {
	case Regen:
		if pc.Kind == King {
			wasted()
			return true
		}
		n := 1 + roll(2)
		old := pc.HP
		pc.HP = min(pc.HP+n, pc.Max)
		e := ev(Regenerated, side, pc.Kind)
		e.At, e.Bonus, e.Amount, e.HP, e.Max = c, b, pc.HP-old, pc.HP, pc.Max
		*out = append(*out, e)
	case HPUpgrade:
		if pc.Kind == King {
			wasted()
			return true
		}
		pc.Max++
		e := ev(Upgraded, side, pc.Kind)
		e.At, e.Bonus, e.HP, e.Max = c, b, pc.HP, pc.Max
		*out = append(*out, e)
	case Damage:
		if !p.damage(side, pc, c, out, roll) {
			p.Board[c] = Piece{}
			return false
		}
	case KingHPUpgrade:
		k := p.KingAt(side)
		if k == NoSq {
			wasted()
			return true
		}
		kp := &p.Board[k]
		if kp.HP < kp.Max {
			kp.HP = kp.Max
		} else {
			kp.Max++
		}
		e := ev(KingHealed, side, pc.Kind)
		e.From, e.At, e.Bonus, e.HP, e.Max = c, k, b, kp.HP, kp.Max
		*out = append(*out, e)
	case AddPiece:
		if pc.Kind == King {
			wasted()
			return true
		}
		for _, d := range addOrder {
			s, ok := step(c, d[0], d[1])
			if !ok || !p.Board[s].Empty() || p.Bonus[s] != NoBonus {
				continue
			}
			if pc.Kind == Pawn && (s.Rank() == 0 || s.Rank() == 7) {
				continue
			}
			n := NewPiece(pc.Kind, side)
			n.Moved = true
			p.Board[s] = n
			e := ev(Added, side, pc.Kind)
			e.From, e.At, e.Bonus, e.HP, e.Max = c, s, b, n.HP, n.Max
			*out = append(*out, e)
			return true
		}
		wasted()
	}
	return true
}

// valid reports whether an event read from a save could have been told:
// a known kind, side, pieces and bonus, and cells on the board or none.
func (e Event) valid() bool {
	sq := func(s Sq) bool { return s == NoSq || s.Valid() }
	return e.Kind >= Moved && e.Kind <= Drawn && (e.Side == White || e.Side == Black) &&
		e.Piece >= None && e.Piece <= Pawn && e.Other >= None && e.Other <= Pawn &&
		e.Bonus >= NoBonus && e.Bonus <= AddPiece &&
		sq(e.From) && sq(e.To) && sq(e.At) && sq(e.Via)
}
