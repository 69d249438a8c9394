package trails

// View is what one seat's screen draws: Trails hides nothing, so every seat
// (and a spectator) sees the whole field; the seat says whose screen it is.
// A View is never changed after it is returned.
type View struct {
	// Seat is the viewer: 1 or 2, or 0 for a spectator.
	Seat int `json:"seat"`
	Size int `json:"size"`
	// Rows are the field, one string a row: '.' free, 'b' and 'r' the
	// trails of Blue and Red, 'B' and 'R' where each stands, 'T' a tower
	// not taken (a taken tower's cell is its taker's: see Towers).
	Rows    []string      `json:"rows"`
	Towers  []TowerView   `json:"towers"`
	Players [2]PlayerView `json:"players"`
	// Current is the player whose turn it is (1 or 2), 0 once the game
	// is over.
	Current int `json:"current"`
	// Legal are the current player's legal moves.
	Legal []Target `json:"legal"`
	// Moves is the number of moves played; Last the last of them.
	Moves int   `json:"moves"`
	Last  *Move `json:"last,omitempty"`
	// Winner is 1 or 2 once the game is over; Result then says why.
	Winner int    `json:"winner,omitempty"`
	Result string `json:"result,omitempty"`
}

// TowerView is one tower: its number k (as the spec numbers them), cell,
// and the player who took it (0 while nobody has).
type TowerView struct {
	K     int  `json:"k"`
	Cell  Cell `json:"cell"`
	Owner int  `json:"owner,omitempty"`
}

// PlayerView is one player as drawn: where they stand, their boost (the
// direction of their last move and the length of the next move in it) and
// the towers they took.
type PlayerView struct {
	Pos    Cell `json:"pos"`
	Dir    Dir  `json:"dir"`
	Next   int  `json:"next"`
	Towers int  `json:"towers"`
}

// Target is a legal move: its direction, how far it goes (the boost), the
// cell the player would stand on, and the tower it would take (k, when
// TakesTower).
type Target struct {
	Dir        Dir  `json:"dir"`
	Len        int  `json:"len"`
	To         Cell `json:"to"`
	TakesTower bool `json:"takes_tower,omitempty"`
	Tower      int  `json:"tower,omitempty"`
	Border     bool `json:"border,omitempty"`
}

// View is seat's view of the game (0: a spectator's).
func (g *Game) View(seat int) View {
	p := g.pos
	v := View{Seat: seat, Size: p.n, Rows: p.Rows(), Moves: len(g.moves)}
	for i, c := range g.cfg.TowerCells() {
		v.Towers = append(v.Towers, TowerView{K: g.cfg.TowerNumber(i), Cell: c, Owner: int(p.owner[i])})
	}
	for i, pl := range p.p {
		next := 0
		if pl.Dir != NoDir {
			next = pl.Len + 1
		}
		v.Players[i] = PlayerView{Pos: pl.Pos, Dir: pl.Dir, Next: next, Towers: pl.Towers}
	}
	if len(g.moves) > 0 {
		last := g.moves[len(g.moves)-1]
		v.Last = &last
	}
	if p.Over() {
		v.Winner, _ = p.Winner()
		v.Result = result(p)
		return v
	}
	v.Current = p.Current()
	for _, d := range Dirs {
		if m, why := p.plan(d); why == "" {
			t := Target{Dir: d, Len: m.Len, To: m.To, Border: m.Border}
			if m.Tower >= 0 {
				t.TakesTower, t.Tower = true, g.cfg.TowerNumber(m.Tower)
			}
			v.Legal = append(v.Legal, t)
		}
	}
	return v
}

// Rows draws the position in the letters of View.Rows.
func (p *Position) Rows() []string {
	rows := make([]string, p.n)
	b := make([]byte, p.n)
	for y := range p.n {
		for x := range p.n {
			b[x] = ".brT"[p.cells[y*p.n+x]]
		}
		for i, pl := range p.p {
			if pl.Pos.Y == y {
				b[pl.Pos.X] = "BR"[i]
			}
		}
		rows[y] = string(b)
	}
	return rows
}
