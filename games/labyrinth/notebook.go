package labyrinth

// Notebook is the map a player would draw on paper from the referee's
// answers alone: the cells they believe they visited, the walls they
// bumped, where they believe they stand. A rubber room's lie or a teleport
// makes it wrong, as a paper notebook would be. It knows nothing of the
// field but what the answers told.
type Notebook struct {
	// Rows and Cols are the field's size, as told at the start.
	Rows, Cols int
	Start      Cell
	// Sheets are the pages: sheet 0 is drawn from the start cell, on the
	// field's own coordinates; after a teleport or a waking the player no
	// longer knows where they are, and a new sheet starts with its own
	// origin at (0, 0).
	Sheets []*Sheet
	// Current is the sheet being drawn.
	Current int
}

// Sheet is one page of a notebook.
type Sheet struct {
	// Anchored is set for the sheet drawn from the start: its coordinates
	// are the field's. Other sheets count from where they began.
	Anchored bool
	Pos      Cell
	// Marks are what the player noted on each cell: '.' visited, 'o' the
	// start, 'S' stun, 'T' teleport, 'A' armory, 'K' key, 'R' rubber room,
	// 'E' exit.
	Marks map[Cell]byte
	// Sides are the cell sides the player knows: true a wall, false open.
	Sides map[Side]bool
	// Doors are the exits found, with the way out.
	Doors map[Cell]Dir
}

// Side is one side of a cell, named from the cell above or on the left
// (Dir is Down or Right), so that both cells name it alike.
type Side struct {
	Cell Cell
	Dir  Dir
}

// SideOf names the side of c in direction d.
func SideOf(c Cell, d Dir) Side {
	switch d {
	case Up:
		return Side{c.Step(Up), Down}
	case Left:
		return Side{c.Step(Left), Right}
	}
	return Side{c, d}
}

func newSheet(anchored bool, pos Cell) *Sheet {
	return &Sheet{Anchored: anchored, Pos: pos, Marks: map[Cell]byte{pos: '.'},
		Sides: map[Side]bool{}, Doors: map[Cell]Dir{}}
}

// Sheet returns the sheet being drawn.
func (n *Notebook) Sheet() *Sheet {
	if len(n.Sheets) == 0 {
		n.Sheets = []*Sheet{newSheet(true, n.Start)}
	}
	return n.Sheets[n.Current]
}

// mark notes m on a cell, where only a plain visit may be overwritten.
func (s *Sheet) mark(c Cell, m byte) {
	if old, ok := s.Marks[c]; ok && old != '.' && m == '.' {
		return
	}
	s.Marks[c] = m
}

// Observe draws what one answer to the notebook's player tells.
func (n *Notebook) Observe(a Answer) {
	for _, said := range a.Says {
		s := n.Sheet()
		step := a.Own && a.Cmd.Kind == Step
		switch said.Fact {
		case FactStart:
			n.Rows, n.Cols, n.Start = said.N, said.M, said.Cell
			n.Sheets = []*Sheet{newSheet(true, said.Cell)}
			n.Current = 0
			n.Sheets[0].Marks[said.Cell] = 'o'
		case FactWall:
			if step {
				s.Sides[SideOf(s.Pos, a.Cmd.Dir)] = true
			}
		case FactMoved, FactLeftRubber:
			if !step {
				break
			}
			if said.Fact == FactLeftRubber {
				s.mark(s.Pos, 'R')
			}
			s.Sides[SideOf(s.Pos, a.Cmd.Dir)] = false
			s.Pos = s.Pos.Step(a.Cmd.Dir)
			s.mark(s.Pos, '.')
		case FactNeedKey:
			s.mark(s.Pos, 'E')
			s.Doors[s.Pos] = a.Cmd.Dir
		case FactStunned:
			s.mark(s.Pos, 'S')
		case FactArmory:
			s.mark(s.Pos, 'A')
		case FactKey:
			s.mark(s.Pos, 'K')
		case FactTeleported:
			s.mark(s.Pos, 'T')
			n.Sheets = append(n.Sheets, newSheet(false, Cell{}))
			n.Current = len(n.Sheets) - 1
		case FactWokeUp, FactShotAsleep, FactShot:
			if said.Fact == FactWokeUp {
				n.Sheets = append(n.Sheets, newSheet(false, Cell{}))
				n.Current = len(n.Sheets) - 1
				break
			}
			// Back at the start, which the player knows.
			n.Current = 0
			n.Sheets[0].Pos = n.Start
		}
	}
}

// Bounds returns the rectangle a sheet covers: its cells, and on the
// anchored sheet the whole field, from (x0, y0) to (x1, y1) inclusive.
func (n *Notebook) Bounds(s *Sheet) (x0, y0, x1, y1 int) {
	first := true
	add := func(c Cell) {
		if first {
			x0, y0, x1, y1 = c.X, c.Y, c.X, c.Y
			first = false
			return
		}
		x0, y0, x1, y1 = min(x0, c.X), min(y0, c.Y), max(x1, c.X), max(y1, c.Y)
	}
	add(s.Pos)
	if s.Anchored && n.Rows > 0 && n.Cols > 0 {
		add(Cell{})
		add(Cell{X: n.Rows - 1, Y: n.Cols - 1})
	}
	for c := range s.Marks {
		add(c)
	}
	return
}
