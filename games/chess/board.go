package chess

import (
	"fmt"
	"strings"
)

// Color is a side: White moves first.
type Color int8

const (
	White Color = 0
	Black Color = 1
)

// Other is the opposing side.
func (c Color) Other() Color { return 1 - c }

func (c Color) String() string {
	if c == Black {
		return "black"
	}
	return "white"
}

// Title is the side's name at the start of a sentence.
func (c Color) Title() string {
	if c == Black {
		return "Black"
	}
	return "White"
}

// Kind is a kind of piece; None is an empty cell.
type Kind int8

const (
	None Kind = iota
	King
	Queen
	Rook
	Bishop
	Knight
	Pawn
)

var kindNames = [...]string{"", "king", "queen", "rook", "bishop", "knight", "pawn"}
var kindLetters = [...]byte{' ', 'K', 'Q', 'R', 'B', 'N', 'P'}

func (k Kind) String() string {
	if k < 0 || int(k) >= len(kindNames) {
		return "?"
	}
	return kindNames[k]
}

// Letter is the piece's letter in English notation: K Q R B N P.
func (k Kind) Letter() byte {
	if k < 0 || int(k) >= len(kindLetters) {
		return '?'
	}
	return kindLetters[k]
}

// MaxHP is a kind's maximum HP at the start (the spec's table).
func (k Kind) MaxHP() int {
	switch k {
	case King:
		return 5
	case Pawn:
		return 1
	case None:
		return 0
	}
	return 3
}

// Piece is what stands on a cell. The zero Piece is no piece.
type Piece struct {
	Kind  Kind  `json:"k"`
	Color Color `json:"c"`
	HP    int   `json:"hp"`
	Max   int   `json:"max"`
	Moved bool  `json:"moved,omitempty"` // for castling
}

// Empty reports whether there is no piece.
func (p Piece) Empty() bool { return p.Kind == None }

// NewPiece is a piece of a kind at its full starting HP.
func NewPiece(k Kind, c Color) Piece { return Piece{Kind: k, Color: c, HP: k.MaxHP(), Max: k.MaxHP()} }

// Bonus is the kind of a bonus cell; NoBonus is none.
type Bonus int8

const (
	NoBonus Bonus = iota
	Regen
	HPUpgrade
	Damage
	KingHPUpgrade
	AddPiece
	bonusKinds = 5
)

var bonusNames = [...]string{"", "regen", "hp_upgrade", "damage", "king_hp_upgrade", "add_piece"}

func (b Bonus) String() string {
	if b < 0 || int(b) >= len(bonusNames) {
		return "?"
	}
	return bonusNames[b]
}

// bonusTitles are the bonuses' names in a player's words (String is the
// name in files and on the wire).
var bonusTitles = [...]string{"", "regen", "HP upgrade", "damage", "king's HP upgrade", "extra piece"}

// Title is the bonus's name in a player's words ("HP upgrade" for
// hp_upgrade), for sentences and the help.
func (b Bonus) Title() string {
	if b < 0 || int(b) >= len(bonusTitles) {
		return "?"
	}
	return bonusTitles[b]
}

// Sq is a cell: file (a–h) + 8 × rank (1–8), both from 0; a1 is 0, h8 is 63.
type Sq int8

// NoSq is no cell (an event's cell that a side was not told).
const NoSq Sq = -1

// At is the cell of a file and rank, both from 0.
func At(file, rank int) Sq { return Sq(rank*8 + file) }

// File is the cell's file, 0 for a.
func (s Sq) File() int { return int(s) % 8 }

// Rank is the cell's rank, 0 for rank 1.
func (s Sq) Rank() int { return int(s) / 8 }

// Valid reports whether the cell is on the board.
func (s Sq) Valid() bool { return s >= 0 && s < 64 }

func (s Sq) String() string {
	if !s.Valid() {
		return "??"
	}
	return string([]byte{byte('a' + s.File()), byte('1' + s.Rank())})
}

// ParseSq reads a cell such as "e4".
func ParseSq(t string) (Sq, bool) {
	if len(t) != 2 || t[0] < 'a' || t[0] > 'h' || t[1] < '1' || t[1] > '8' {
		return NoSq, false
	}
	return At(int(t[0]-'a'), int(t[1]-'1')), true
}

// dist is the Chebyshev distance between two cells.
func dist(a, b Sq) int {
	return max(abs(a.File()-b.File()), abs(a.Rank()-b.Rank()))
}

func abs(x int) int {
	if x < 0 {
		return -x
	}
	return x
}

// Move is a move in coordinate notation: from, to and, for a pawn reaching
// the last rank, the kind it becomes. Castling is the king's move (e1g1).
type Move struct {
	From  Sq   `json:"from"`
	To    Sq   `json:"to"`
	Promo Kind `json:"promo,omitempty"`
}

func (m Move) String() string {
	s := m.From.String() + m.To.String()
	if m.Promo != None {
		s += strings.ToLower(string(m.Promo.Letter()))
	}
	return s
}

// ParseMove reads a move in coordinate notation: "e2e4", "e7e8q", "e1g1".
func ParseMove(t string) (Move, error) {
	t = strings.ToLower(strings.TrimSpace(t))
	if len(t) != 4 && len(t) != 5 {
		return Move{}, fmt.Errorf("%q is not a move: write the cell it leaves and the cell it goes to, like e2e4 (e7e8q promotes to a queen)", t)
	}
	from, ok1 := ParseSq(t[0:2])
	to, ok2 := ParseSq(t[2:4])
	if !ok1 || !ok2 {
		return Move{}, fmt.Errorf("%q is not a move: cells are a file a–h and a rank 1–8, like e2e4", t)
	}
	m := Move{From: from, To: to}
	if len(t) == 5 {
		switch t[4] {
		case 'q':
			m.Promo = Queen
		case 'r':
			m.Promo = Rook
		case 'b':
			m.Promo = Bishop
		case 'n':
			m.Promo = Knight
		default:
			return Move{}, fmt.Errorf("%q: a pawn becomes q, r, b or n, not %q", t, t[4:])
		}
	}
	return m, nil
}

// Position is a board with its bonuses: the true board of a game, or the
// board a side (or its bot) imagines from its View, where unseen cells are
// empty.
type Position struct {
	Board [64]Piece `json:"board"`
	Bonus [64]Bonus `json:"bonus"`
}

// Start is the standard starting position, without bonuses.
func Start() Position {
	var p Position
	back := [8]Kind{Rook, Knight, Bishop, Queen, King, Bishop, Knight, Rook}
	for f := 0; f < 8; f++ {
		p.Board[At(f, 0)] = NewPiece(back[f], White)
		p.Board[At(f, 1)] = NewPiece(Pawn, White)
		p.Board[At(f, 6)] = NewPiece(Pawn, Black)
		p.Board[At(f, 7)] = NewPiece(back[f], Black)
	}
	return p
}

// KingAt is the cell of a side's king, or NoSq when it has left the board.
func (p *Position) KingAt(c Color) Sq {
	for s := Sq(0); s < 64; s++ {
		if pc := p.Board[s]; pc.Kind == King && pc.Color == c {
			return s
		}
	}
	return NoSq
}

var (
	rookDirs   = [][2]int{{0, 1}, {1, 0}, {0, -1}, {-1, 0}}
	bishopDirs = [][2]int{{1, 1}, {1, -1}, {-1, -1}, {-1, 1}}
	queenDirs  = append(append([][2]int{}, rookDirs...), bishopDirs...)
	knightJump = [][2]int{{1, 2}, {2, 1}, {2, -1}, {1, -2}, {-1, -2}, {-2, -1}, {-2, 1}, {-1, 2}}
)

// promoKinds are what a pawn reaching the last rank may become, in the
// order Moves offers them.
var promoKinds = [4]Kind{Queen, Rook, Bishop, Knight}

func step(s Sq, df, dr int) (Sq, bool) {
	f, r := s.File()+df, s.Rank()+dr
	if f < 0 || f > 7 || r < 0 || r > 7 {
		return NoSq, false
	}
	return At(f, r), true
}

// homeRank and lastRank are a side's back rank and the rank its pawns promote on.
func homeRank(c Color) int {
	if c == Black {
		return 7
	}
	return 0
}

func lastRank(c Color) int { return 7 - homeRank(c) }

func forward(c Color) int {
	if c == Black {
		return -1
	}
	return 1
}

// Moves are the moves of the side's pieces on the board as given: a slider
// goes on over empty cells and stops at the first piece (an enemy's cell
// is offered: it is attacked). On a View's board the unseen cells are empty.
func (p *Position) Moves(side Color) []Move {
	return p.AppendMoves(nil, side)
}

// AppendMoves appends Moves(side) to dst, in the same order, and returns
// the longer slice: a caller that keeps dst generates moves without
// allocating.
func (p *Position) AppendMoves(dst []Move, side Color) []Move {
	return p.gen(dst, side, false)
}

// AppendCaptures appends the moves of Moves(side) that end on an enemy
// piece, in the same order: what a search asks when it only looks for
// what can be beaten.
func (p *Position) AppendCaptures(dst []Move, side Color) []Move {
	return p.gen(dst, side, true)
}

// add appends the move from → to, or the four promotions of a pawn
// reaching its last rank.
func (p *Position) add(out []Move, side Color, from, to Sq) []Move {
	if p.Board[from].Kind == Pawn && to.Rank() == lastRank(side) {
		for _, k := range promoKinds {
			out = append(out, Move{From: from, To: to, Promo: k})
		}
		return out
	}
	return append(out, Move{From: from, To: to})
}

// rays are, for each cell, the cells along each direction of queenDirs
// (the rook's four, then the bishop's) up to the edge, nearest first;
// jumps are each cell's knight jumps in the order of knightJump. Move
// generation walks them instead of stepping files and ranks.
var rays, jumps = func() (rays [64][8][]Sq, jumps [64][][]Sq) {
	for s := Sq(0); s < 64; s++ {
		for d, dir := range queenDirs {
			for t, ok := step(s, dir[0], dir[1]); ok; t, ok = step(t, dir[0], dir[1]) {
				rays[s][d] = append(rays[s][d], t)
			}
		}
		for _, dir := range knightJump {
			if t, ok := step(s, dir[0], dir[1]); ok {
				jumps[s] = append(jumps[s], []Sq{t})
			}
		}
	}
	return rays, jumps
}()

// slide appends the moves of the piece on from along its rays: every
// empty cell (unless only captures are asked for) up to the first piece,
// that piece's cell when it is an enemy's; one step only unless far.
func (p *Position) slide(out []Move, side Color, from Sq, rs [][]Sq, far, captures bool) []Move {
	for _, ray := range rs {
		for _, s := range ray {
			t := &p.Board[s]
			if t.Kind != None {
				if t.Color != side {
					out = p.add(out, side, from, s)
				}
				break
			}
			if !captures {
				out = p.add(out, side, from, s)
			}
			if !far {
				break
			}
		}
	}
	return out
}

func (p *Position) gen(out []Move, side Color, captures bool) []Move {
	for from := Sq(0); from < 64; from++ {
		pc := &p.Board[from]
		if pc.Kind == None || pc.Color != side {
			continue
		}
		switch pc.Kind {
		case King:
			out = p.slide(out, side, from, rays[from][:], false, captures)
			if !captures {
				out = p.castles(out, from, side)
			}
		case Queen:
			out = p.slide(out, side, from, rays[from][:], true, captures)
		case Rook:
			out = p.slide(out, side, from, rays[from][:4], true, captures)
		case Bishop:
			out = p.slide(out, side, from, rays[from][4:], true, captures)
		case Knight:
			out = p.slide(out, side, from, jumps[from], false, captures)
		case Pawn:
			fw := forward(side)
			if s, ok := step(from, 0, fw); ok && p.Board[s].Empty() && !captures {
				out = p.add(out, side, from, s)
				start := homeRank(side) + fw
				if s2, ok := step(s, 0, fw); ok && from.Rank() == start && p.Board[s2].Empty() {
					out = p.add(out, side, from, s2)
				}
			}
			for _, df := range [2]int{-1, 1} {
				if s, ok := step(from, df, fw); ok {
					if t := p.Board[s]; !t.Empty() && t.Color != side {
						out = p.add(out, side, from, s)
					}
				}
			}
		}
	}
	return out
}

// castles offers castling: the king and that rook not yet moved, the cells
// between them empty. There is no check, so nothing else is asked.
func (p *Position) castles(out []Move, from Sq, side Color) []Move {
	k := p.Board[from]
	r := homeRank(side)
	if k.Moved || from != At(4, r) {
		return out
	}
	for _, c := range [2]struct{ rook, to int }{{7, 6}, {0, 2}} {
		rk := p.Board[At(c.rook, r)]
		if rk.Kind != Rook || rk.Color != side || rk.Moved {
			continue
		}
		clear := true
		lo, hi := min(c.rook, 4)+1, max(c.rook, 4)
		for f := lo; f < hi; f++ {
			if !p.Board[At(f, r)].Empty() {
				clear = false
			}
		}
		if clear {
			out = p.add(out, side, from, At(c.to, r))
		}
	}
	return out
}

// isCastle reports whether a king's move is castling, and the rook's cells.
func isCastle(pc Piece, m Move) (rookFrom, rookTo Sq, ok bool) {
	if pc.Kind != King || abs(m.To.File()-m.From.File()) != 2 || m.To.Rank() != m.From.Rank() {
		return NoSq, NoSq, false
	}
	r := m.From.Rank()
	if m.To.File() == 6 {
		return At(7, r), At(5, r), true
	}
	return At(0, r), At(3, r), true
}

// between are the cells a piece passes over from a to b (a straight or
// diagonal line; none for a knight's jump or a single step), in order:
// the first n of cells.
func between(a, b Sq) (cells [7]Sq, n int) {
	df, dr := b.File()-a.File(), b.Rank()-a.Rank()
	if df != 0 && dr != 0 && abs(df) != abs(dr) {
		return cells, 0
	}
	sf, sr := sign(df), sign(dr)
	for i := 1; i < max(abs(df), abs(dr)); i++ {
		cells[n] = At(a.File()+i*sf, a.Rank()+i*sr)
		n++
	}
	return cells, n
}

func sign(x int) int {
	switch {
	case x > 0:
		return 1
	case x < 0:
		return -1
	}
	return 0
}
