package engine

// Hearing (docs/rules.md, "Monsters", "What you see" and "Hearing"): a hunter hears a
// player within its hearing range (path distance), and every seat hears the
// hunters that hear it — their kind, path distance and compass direction,
// never their tile.

// hearing is one hunter that hears a seat: the monster's index and its path
// distance from the seat.
type hearing struct {
	Mon  int `json:"mon"`
	Dist int `json:"dist"`
}

// Wind is one of the eight compass directions, from a seat to what it hears.
type Wind byte

// The eight winds, clockwise from north. NoWind is the zero value.
const (
	NoWind Wind = iota
	North
	NorthEast
	East
	SouthEast
	South
	SouthWest
	West
	NorthWest
)

var windCodes = [...]string{"", "N", "NE", "E", "SE", "S", "SW", "W", "NW"}
var windNames = [...]string{"", "north", "north-east", "east", "south-east", "south", "south-west", "west", "north-west"}

// String is the wind's short form, as on the wire: N, NE, E, … ("" for NoWind).
func (w Wind) String() string {
	if int(w) < len(windCodes) {
		return windCodes[w]
	}
	return ""
}

// Name is the wind in a sentence: north, north-east, …
func (w Wind) Name() string {
	if int(w) < len(windNames) {
		return windNames[w]
	}
	return ""
}

// Delta is a one-tile step toward the wind (y grows southward).
func (w Wind) Delta() Point {
	switch w {
	case North:
		return Point{0, -1}
	case NorthEast:
		return Point{1, -1}
	case East:
		return Point{1, 0}
	case SouthEast:
		return Point{1, 1}
	case South:
		return Point{0, 1}
	case SouthWest:
		return Point{-1, 1}
	case West:
		return Point{-1, 0}
	case NorthWest:
		return Point{-1, -1}
	}
	return Point{}
}

// ParseWind reads a wind's short form; NoWind for anything else.
func ParseWind(s string) Wind {
	for w, c := range windCodes {
		if c != "" && c == s {
			return Wind(w)
		}
	}
	return NoWind
}

// WindTo is the compass direction from one tile to another: the nearest of
// the eight winds to the straight line between their centres (each wind
// covers 45°; the borders, at 22.5° off an axis, never fall on a tile).
func WindTo(from, to Point) Wind {
	dx, dy := to.X-from.X, to.Y-from.Y
	if dx == 0 && dy == 0 {
		return NoWind
	}
	// tan(22.5°) = 0.41421…; |dy| > 2.41421·|dx| is within 22.5° of the
	// vertical axis, and the same with the axes swapped.
	ax, ay := abs(dx), abs(dy)
	switch {
	case 100000*ay > 241421*ax:
		if dy < 0 {
			return North
		}
		return South
	case 100000*ax > 241421*ay:
		if dx > 0 {
			return East
		}
		return West
	case dx > 0 && dy < 0:
		return NorthEast
	case dx > 0:
		return SouthEast
	case dy < 0:
		return NorthWest
	}
	return SouthWest
}

// HeardHunter is a hunter a seat hears: what hearing tells, never the tile.
type HeardHunter struct {
	// Seat is the seat that hears it, set only in a co-op team view (a
	// spectator's), where each seat's hearing is listed; 0 in a seat's own
	// View, where every entry is that seat's.
	Seat int
	Kind MonsterKind
	// Dist is the path distance from the seat to the hunter.
	Dist int
	// Dir is the compass direction from the seat to the hunter's tile.
	Dir Wind
}

// heardBy computes which hunters hear seat i now, nearest first (ties:
// creation order), into out.
func (g *Game) heardBy(i int, out []hearing) []hearing {
	out = out[:0]
	s := &g.seats[i]
	if s.State != Active {
		return out
	}
	r := g.hearingRange()
	any := false
	for _, m := range g.mons {
		if m.Kind == Hunter && abs(m.Pos.X-s.Pos.X)+abs(m.Pos.Y-s.Pos.Y) <= r {
			any = true
			break
		}
	}
	if !any {
		return out // none close enough on any path: no search needed
	}
	g.sr.begin(g.b, s.Pos)
	g.sr.grow(g.b, r) // every tile within r steps
	for d := 1; d <= r; d++ {
		for j, m := range g.mons {
			if m.Kind == Hunter && g.sr.dist(g.b.idx(m.Pos)) == d {
				out = append(out, hearing{Mon: j, Dist: d})
			}
		}
	}
	return out
}

// heardAt is a hunter that heard a seat when it acted: its index, and its
// path distance and direction from the seat then.
type heardAt struct {
	mon, dist int
	dir       Wind
}

// noteHeard records that hunter j, acting, heard seat i at path distance d.
func (g *Game) noteHeard(i, j, d int) {
	if !g.blind {
		g.actHeard[i] = append(g.actHeard[i], heardAt{j, d, WindTo(g.seats[i].Pos, g.mons[j].Pos)})
	}
}

// hearings reports, for every active seat, each hunter that hears it now,
// or heard it when it acted this round, and did not hear it after the
// seat's previous action (EvHeard: one that heard the player and stepped
// out of earshot — to cut the player off — is told too), and remembers
// which hunters hear each seat now. A blind game reports none.
func (g *Game) hearings(ev []Event) []Event {
	if g.blind {
		return ev
	}
	for i := 0; i < g.players; i++ {
		s := &g.seats[i]
		was := s.Heard
		now := g.heardBy(i, nil)
		for _, h := range g.actHeard[i] {
			if !heardHas(was, h.mon) && !heardHas(now, h.mon) {
				ev = append(ev, Event{Kind: EvHeard, Seat: i + 1, Pos: s.Pos, Monster: g.mons[h.mon].Kind,
					Dist: h.dist, Dir: h.dir})
			}
		}
		g.actHeard[i] = g.actHeard[i][:0]
		for _, h := range now {
			if !heardHas(was, h.Mon) {
				m := g.mons[h.Mon]
				ev = append(ev, Event{Kind: EvHeard, Seat: i + 1, Pos: s.Pos, Monster: m.Kind,
					Dist: h.Dist, Dir: WindTo(s.Pos, m.Pos)})
			}
		}
		s.Heard = now
	}
	return ev
}

func heardHas(hs []hearing, mon int) bool {
	for _, h := range hs {
		if h.Mon == mon {
			return true
		}
	}
	return false
}

// appendHeard appends what seat i hears, as a View lists it; seat is the
// value of each entry's Seat field.
func (g *Game) appendHeard(out []HeardHunter, i, seat int) []HeardHunter {
	s := &g.seats[i]
	for _, h := range s.Heard {
		if h.Mon < 0 || h.Mon >= len(g.mons) {
			continue
		}
		m := g.mons[h.Mon]
		out = append(out, HeardHunter{Seat: seat, Kind: m.Kind, Dist: h.Dist, Dir: WindTo(s.Pos, m.Pos)})
	}
	return out
}
