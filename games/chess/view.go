package chess

// Cell is a cell as a side sees it: in fog, nothing.
type Cell struct {
	Sight Sight `json:"sight"`
	Left  int   `json:"left,omitempty"` // Open: the side's turns left before it closes
	Piece Piece `json:"piece"`
	Bonus Bonus `json:"bonus,omitempty"`
}

// View is all that one side may know: its cells, whose turn, its captures
// and losses, the end. The screen, the log, the wire and a bot read only this.
type View struct {
	Side     Color    `json:"side"`
	ToMove   Color    `json:"to_move"`
	Ply      int      `json:"ply"`
	Cells    [64]Cell `json:"cells"`
	Captured []Kind   `json:"captured"`
	Lost     []Kind   `json:"lost"`
	Over     bool     `json:"over,omitempty"`
	Drawn    bool     `json:"drawn,omitempty"`
	Winner   Color    `json:"winner,omitempty"`
}

// View is the side's view: the fog is enforced here.
func (g *Game) View(side Color) View {
	v := View{
		Side: side, ToMove: g.s.ToMove, Ply: g.s.Ply,
		Captured: append([]Kind(nil), g.s.Captured[side]...),
		Lost:     append([]Kind(nil), g.s.Lost[side]...),
		Over:     g.s.Over, Drawn: g.s.Drawn, Winner: g.s.Winner,
	}
	for s := range v.Cells {
		c := &v.Cells[s]
		switch m := g.s.Sight[side][s]; {
		case m == seenMark:
			c.Sight = Seen
		case m > 0:
			c.Sight, c.Left = Open, int(m)
		default:
			continue
		}
		c.Piece, c.Bonus = g.s.Pos.Board[s], g.s.Pos.Bonus[s]
		if c.Piece.Color != side {
			c.Piece.Moved = false // the other side's history is not seen
		}
	}
	return v
}

// Position is the board the view's side imagines: what it sees, and empty
// cells where it sees nothing.
func (v *View) Position() Position {
	var p Position
	for s, c := range v.Cells {
		if c.Sight != Fog {
			p.Board[s], p.Bonus[s] = c.Piece, c.Bonus
		}
	}
	return p
}

// Moves are the moves offered to the view's side, from what it sees:
// unseen cells count as empty (a slider may be stopped there by a piece it
// could not see). None once the game is over.
func Moves(v *View) []Move {
	if v.Over {
		return nil
	}
	p := v.Position()
	return p.Moves(v.Side)
}
