package engine

// Sight is symmetric shadowcasting (Albert Ford's algorithm): a tile is seen
// from an origin exactly when the origin is seen from the tile. Walls block
// sight; the exit, open or closed, does not. Distances are Euclidean: a tile
// lies within radius r when dx² + dy² ≤ r² + r, that is within r + ½, which
// keeps small circles round.

// withinRadius reports whether an offset lies within radius r.
func withinRadius(dx, dy, r int) bool { return dx*dx+dy*dy <= r*r+r }

// fraction is a slope num/den with den > 0.
type fraction struct{ num, den int }

// shadowcaster holds what a field-of-view computation needs, so that it
// allocates nothing per call.
type shadowcaster struct {
	b      *board
	origin Point
	radius int
	visit  func(p Point)
	quad   int
	depth  int // the deepest row scanned: radius, or less when only near tiles matter
}

// fov calls visit for every tile seen from origin within radius, the origin
// included. A tile may be visited more than once.
func fov(b *board, origin Point, radius int, visit func(p Point)) {
	sc := shadowcaster{b: b, origin: origin, radius: radius, visit: visit, depth: radius}
	visit(origin)
	for q := 0; q < 4; q++ {
		sc.quad = q
		sc.scan(1, fraction{-1, 1}, fraction{1, 1})
	}
}

// transform maps (depth, col) in the current quadrant to a board tile.
func (sc *shadowcaster) transform(depth, col int) Point {
	o := sc.origin
	switch sc.quad {
	case 0: // north
		return Point{o.X + col, o.Y - depth}
	case 1: // east
		return Point{o.X + depth, o.Y + col}
	case 2: // south
		return Point{o.X + col, o.Y + depth}
	default: // west
		return Point{o.X - depth, o.Y + col}
	}
}

func floorDiv(a, b int) int {
	q := a / b
	if (a%b != 0) && ((a < 0) != (b < 0)) {
		q--
	}
	return q
}

func (sc *shadowcaster) scan(depth int, start, end fraction) {
	if depth > sc.depth {
		return
	}
	// columns from round_ties_up(depth*start) to round_ties_down(depth*end)
	minCol := floorDiv(2*depth*start.num+start.den, 2*start.den)
	maxCol := -floorDiv(-(2*depth*end.num - end.den), 2*end.den)
	prevWall, havePrev := false, false
	for col := minCol; col <= maxCol; col++ {
		p := sc.transform(depth, col)
		wall := sc.b.isWall(p)
		symmetric := col*start.den >= depth*start.num && col*end.den <= depth*end.num
		if (wall || symmetric) && sc.b.in(p) && withinRadius(col, depth, sc.radius) {
			sc.visit(p)
		}
		if havePrev && prevWall && !wall {
			start = fraction{2*col - 1, 2 * depth}
		}
		if havePrev && !prevWall && wall {
			sc.scan(depth+1, start, fraction{2*col - 1, 2 * depth})
		}
		prevWall, havePrev = wall, true
	}
	if havePrev && !prevWall {
		sc.scan(depth+1, start, end)
	}
}

// radii returns a seat's light and penumbra radii.
func (s *seat) radii() (light, penumbra int) {
	if s.Torch {
		return TorchLightRadius, TorchPenumbra
	}
	return LightRadius, PenumbraRadius
}

// see updates the team's memory from what every active seat sees now: map in
// light and penumbra, items in light only.
func (g *Game) see() {
	if g.blind {
		return
	}
	for i := 0; i < g.players; i++ {
		if g.seats[i].State != Active {
			continue
		}
		for _, st := range g.sightOf(i) {
			g.mem[st.t] = true
			if st.lit {
				g.memItem[st.t] = g.items[st.t]
			}
		}
	}
}

// sightTile is a tile in a seat's field of view: in its light, or in its
// penumbra only.
type sightTile struct {
	t   int32
	lit bool
}

// sightCache is a seat's field of view, kept until the seat moves, its
// radii change or the level does: walls never change within a level, so
// the memory, the seat's view and the team's view of one position share
// one field of view.
type sightCache struct {
	b      *board
	pos    Point
	lr, pr int
	tiles  []sightTile
}

// sightOf returns seat i's field of view (penumbra radius, lit tiles
// marked). A tile may be listed twice.
func (g *Game) sightOf(i int) []sightTile {
	s, c := &g.seats[i], &g.sights[i]
	lr, pr := s.radii()
	if c.b == g.b && c.pos == s.Pos && c.lr == lr && c.pr == pr {
		return c.tiles
	}
	c.b, c.pos, c.lr, c.pr = g.b, s.Pos, lr, pr
	c.tiles = c.tiles[:0]
	o := s.Pos
	fov(g.b, o, pr, func(p Point) {
		c.tiles = append(c.tiles, sightTile{int32(g.b.idx(p)), withinRadius(p.X-o.X, p.Y-o.Y, lr)})
	})
	return c.tiles
}

// fillSight fills the map and light levels that seat i perceives: the
// team's memory everywhere (map, and items as last seen in light), then the
// seat's own sight over it — a seat off the board watches through an active
// partner's eyes. Penumbra shows the remembered map, which see() keeps up to
// date for every tile in sight; light shows the items there now.
func (g *Game) fillSight(i int, m []byte, light []Light) {
	g.fillMemory(m, light)
	if eyes := g.eyes(i); eyes >= 0 {
		g.lightFrom(eyes, m, light)
	}
}

// eyes is the seat whose senses seat i uses: itself when on the board,
// else the first active partner; -1 when nobody is on the board.
func (g *Game) eyes(i int) int {
	if g.seats[i].State != Active {
		return g.firstActive(0)
	}
	return i
}

// fillMemory fills m and light with the team's memory: remembered tiles as
// last seen, the rest never seen.
func (g *Game) fillMemory(m []byte, light []Light) {
	for t, seen := range g.mem {
		if !seen {
			m[t], light[t] = ' ', Unseen
			continue
		}
		light[t] = Remembered
		if it := g.memItem[t]; it != NoItem {
			m[t] = byte(it)
		} else {
			m[t] = g.glyphs[t]
		}
	}
}

// lightFrom adds seat i's light and penumbra to m and light: lit tiles as
// they are now, items included; penumbra shows the map only.
func (g *Game) lightFrom(i int, m []byte, light []Light) {
	for _, st := range g.sightOf(i) {
		t := st.t
		switch {
		case st.lit:
			light[t] = Lit
			m[t] = g.glyphs[t]
			if it := g.items[t]; it != NoItem {
				m[t] = byte(it)
			}
		case light[t] != Lit:
			light[t] = Penumbra
			if m[t] == ' ' { // not in memory: the partner's sight, not yet remembered
				m[t] = g.glyphs[t]
			}
		}
	}
}

// canSee reports whether to lies in the line of sight of from within radius.
// It scans only the quadrants that hold to (two on a diagonal), and only as
// deep as to lies: a row's tiles depend only on the rows before it, so the
// answer is the full field of view's.
func (g *Game) canSee(from, to Point, radius int) bool {
	dx, dy := to.X-from.X, to.Y-from.Y
	if !withinRadius(dx, dy, radius) {
		return false
	}
	if dx == 0 && dy == 0 {
		return true
	}
	seen := false
	sc := shadowcaster{b: g.b, origin: from, radius: radius, visit: func(p Point) {
		if p == to {
			seen = true
		}
	}}
	// The quadrants in fov's order (north, east, south, west) with the
	// depth at which to lies in each.
	for q, depth := range [4]int{-dy, dx, dy, -dx} {
		if depth <= 0 || abs(q%2*dy+(1-q%2)*dx) > depth {
			continue // to is not in this quadrant
		}
		sc.quad, sc.depth = q, depth
		sc.scan(1, fraction{-1, 1}, fraction{1, 1})
		if seen {
			return true
		}
	}
	return false
}

// sightings reports, for every active seat, each monster that stands in its
// light now and did not after the seat's previous action (EvSighted), and
// remembers what each seat has in light. A blind game reports none.
func (g *Game) sightings(ev []Event) []Event {
	if g.blind {
		return ev
	}
	for i := 0; i < g.players; i++ {
		s := &g.seats[i]
		if s.State != Active {
			s.InLight = s.InLight[:0]
			continue
		}
		lr, _ := s.radii()
		was := s.InLight
		var now []int
		for j, m := range g.mons {
			if !g.canSee(s.Pos, m.Pos, lr) {
				continue
			}
			now = append(now, j)
			if !containsInt(was, j) {
				ev = append(ev, Event{Kind: EvSighted, Seat: i + 1, Pos: m.Pos, Monster: m.Kind})
			}
		}
		s.InLight = now
	}
	return ev
}

func containsInt(xs []int, x int) bool {
	for _, y := range xs {
		if y == x {
			return true
		}
	}
	return false
}

// fillTeamSight fills m and light with what the team knows: the shared
// memory and the light and penumbra of every active seat, as fillSight does
// for one seat.
func (g *Game) fillTeamSight(m []byte, light []Light) {
	g.fillMemory(m, light)
	for i := range g.players {
		if g.seats[i].State == Active {
			g.lightFrom(i, m, light)
		}
	}
}
