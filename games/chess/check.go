package chess

import (
	"encoding/json"
	"errors"
	"fmt"
)

// MaxPieceHP bounds a piece's HP and maximum HP anywhere a position is read
// from outside (a save, the wire). Upgrades raise a maximum by one at a
// time; no game comes near this.
const MaxPieceHP = 99

// check reports what makes a piece impossible, "" when it is fine.
func (pc Piece) check() string {
	switch {
	case pc.Kind == None:
		return ""
	case pc.Kind < None || pc.Kind > Pawn:
		return "a piece of no kind"
	case pc.Color != White && pc.Color != Black:
		return "a piece of no side"
	case pc.Max < 1 || pc.Max > MaxPieceHP:
		return fmt.Sprintf("a %s with a maximum HP of %d", pc.Kind, pc.Max)
	case pc.HP < 1 || pc.HP > pc.Max:
		return fmt.Sprintf("a %s with %d HP of %d", pc.Kind, pc.HP, pc.Max)
	}
	return ""
}

// Check reports the first thing that makes the position impossible in a
// game: a broken piece or bonus, a pawn on its side's last rank (it would
// have been promoted) or on its own first rank, more than one king of a
// side, or — while the game goes on — a side without its king.
func (p *Position) Check(over bool) error {
	kings := [2]int{}
	for sq, pc := range p.Board {
		s := Sq(sq)
		if why := pc.check(); why != "" {
			return fmt.Errorf("%s on %v", why, s)
		}
		if pc.Kind == Pawn && (s.Rank() == 0 || s.Rank() == 7) {
			return fmt.Errorf("a %s pawn on %v, a rank no pawn can stand on", pc.Color, s)
		}
		if pc.Kind == King {
			kings[pc.Color]++
		}
	}
	for sq, b := range p.Bonus {
		if b < NoBonus || b > AddPiece {
			return fmt.Errorf("an unknown bonus on %v", Sq(sq))
		}
	}
	for c, n := range kings {
		switch {
		case n > 1:
			return fmt.Errorf("%d %s kings", n, Color(c))
		case n == 0 && !over:
			return fmt.Errorf("no %s king in a game going on", Color(c))
		}
	}
	return nil
}

// Check reports the first thing in a view that no game can show: a side,
// turn or winner that is not White or Black, a negative ply, a cell whose
// sight, turns left, piece or bonus is out of the rules' range, a taken or
// lost piece of no kind. A client checks every view from the wire with it
// before drawing, and refuses a bad one.
func (v *View) Check() error {
	for _, c := range []Color{v.Side, v.ToMove, v.Winner} {
		if c != White && c != Black {
			return fmt.Errorf("a side numbered %d", c)
		}
	}
	if v.Ply < 0 {
		return fmt.Errorf("move number %d", v.Ply)
	}
	for sq, c := range v.Cells {
		s := Sq(sq)
		switch {
		case c.Sight < Fog || c.Sight > Seen:
			return fmt.Errorf("a cell %v of unknown sight", s)
		case c.Sight == Open && (c.Left < 1 || c.Left > Closing):
			return fmt.Errorf("the cell %v open for %d turns", s, c.Left)
		case c.Sight != Open && c.Left != 0:
			return fmt.Errorf("the cell %v counting turns it is not open", s)
		case c.Bonus < NoBonus || c.Bonus > AddPiece:
			return fmt.Errorf("an unknown bonus on %v", s)
		}
		if why := c.Piece.check(); why != "" {
			return fmt.Errorf("%s on %v", why, s)
		}
		if c.Sight == Fog && (!c.Piece.Empty() || c.Bonus != NoBonus) {
			return fmt.Errorf("something shown in the fog on %v", s)
		}
	}
	for _, k := range append(append([]Kind(nil), v.Captured...), v.Lost...) {
		if k <= None || k > Pawn {
			return errors.New("a taken or lost piece of no kind")
		}
	}
	return nil
}

// checkLengths reports a saved game whose board, bonuses or fog do not
// have 64 cells: JSON would fill a short array with empty cells and drop
// a long one's extra cells without a word.
func checkLengths(data []byte) error {
	var raw struct {
		Pos struct {
			Board []json.RawMessage `json:"board"`
			Bonus []json.RawMessage `json:"bonus"`
		} `json:"position"`
		Sight [][]json.RawMessage `json:"sight"`
	}
	if err := json.Unmarshal(data, &raw); err != nil {
		return err
	}
	if n := len(raw.Pos.Board); n != 64 {
		return fmt.Errorf("a board of %d cells, not 64", n)
	}
	if n := len(raw.Pos.Bonus); n != 64 {
		return fmt.Errorf("bonuses for %d cells, not 64", n)
	}
	if len(raw.Sight) != 2 {
		return fmt.Errorf("fog for %d sides, not 2", len(raw.Sight))
	}
	for c, s := range raw.Sight {
		if len(s) != 64 {
			return fmt.Errorf("%s's fog of %d cells, not 64", Color(c), len(s))
		}
	}
	return nil
}

// CheckTold reports the first event of a list from the wire that no game
// tells: its words are looked up by its kinds and cells.
func CheckTold(evs []Event) error {
	for i, e := range evs {
		if !e.valid() {
			return fmt.Errorf("event %d is of no kind the game tells", i+1)
		}
	}
	return nil
}
