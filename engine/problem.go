package engine

import "fmt"

// ProblemCode names the rule of a playable level that a Problem breaks.
type ProblemCode uint8

// The rules of a playable level. Each comment says what the fields of the
// Problem hold.
const (
	// ProblemSize: a side of the board is below MinSide or above
	// MaxGenSide. At holds the size: X columns, Y rows.
	ProblemSize ProblemCode = iota + 1
	// ProblemTiles: Wall does not hold Rows × Cols tiles. N is how many it
	// holds, At the size as for ProblemSize.
	ProblemTiles
	// ProblemStarts: the level has no player start (N is 0), or At is a
	// start beyond the second (N is the number of starts).
	ProblemStarts
	// ProblemOffBoard: the object Kind at At is off the board.
	ProblemOffBoard
	// ProblemSharedTile: the object Kind at At stands on the tile of the
	// object With, listed before it.
	ProblemSharedTile
	// ProblemOnWall: the object Kind at At stands on a wall.
	ProblemOnWall
	// ProblemUnknownBonus: the bonus at At is of no known kind (Kind).
	ProblemUnknownBonus
	// ProblemUnknownMonster: the monster at At is of no known kind (Kind).
	ProblemUnknownMonster
	// ProblemMinotaurs: At is a Minotaur after the first, which stands at
	// Other.
	ProblemMinotaurs
	// ProblemBorderOpen: the border is open from At through Other, a run of
	// tiles along one edge that are not wall (the exit, a door in the outer
	// wall, ends a run). Kind is what stands at At when the run is that one
	// tile, 0 for floor.
	ProblemBorderOpen
	// ProblemMonsterNearStart: the monster Kind at At stands on one of the
	// eight tiles around the start at Other (the first of Starts it
	// touches). A monster on a start is a ProblemSharedTile.
	ProblemMonsterNearStart
	// ProblemKeyBehindExit: the key at At can be reached from the start at
	// Other only through the exit, which is locked until the key is found.
	ProblemKeyBehindExit
	// ProblemKeyWalledIn: no path from the start at Other reaches the key at
	// At, even through the exit.
	ProblemKeyWalledIn
	// ProblemExitWalledIn: no path from the start at Other reaches the exit
	// at At.
	ProblemExitWalledIn
)

// Problem is one broken rule of a level: which rule, and where. Positions
// are board tiles, (0, 0) at the top left.
type Problem struct {
	Code  ProblemCode
	At    Point
	Other Point
	// Kind is the object the problem is about, as its level-file character:
	// P, K, E, a bonus or a monster; 0 for none.
	Kind byte
	// With is the object that Kind shares its tile with (ProblemSharedTile).
	With byte
	// N is a count: starts (ProblemStarts), tiles (ProblemTiles).
	N int
}

// ObjectName names a level-file object character with an article: "the
// key K", "the hunter H".
func ObjectName(c byte) string {
	switch c {
	case 'P':
		return "the player start P"
	case 'K':
		return "the key K"
	case 'E':
		return "the exit E"
	case 'H':
		return "the hunter H"
	case 'W':
		return "the wanderer W"
	case 'M':
		return "the Minotaur M"
	case '*':
		return "the freeze bonus *"
	case '^':
		return "the torch bonus ^"
	case '?':
		return "the compass bonus ?"
	}
	return fmt.Sprintf("%q", c)
}

// Error says what is wrong and where, with positions as (x, y) tiles.
func (p Problem) Error() string {
	switch p.Code {
	case ProblemSize:
		return fmt.Sprintf("the level is %d rows × %d columns: a level has %d to %d of each", p.At.Y, p.At.X, MinSide, MaxGenSide)
	case ProblemTiles:
		return fmt.Sprintf("the level has %d tiles, not %d rows × %d columns", p.N, p.At.Y, p.At.X)
	case ProblemStarts:
		if p.N == 0 {
			return "the level has no player start: it needs one or two"
		}
		return fmt.Sprintf("the player start at %v is one too many: a level has one or two, this one %d", p.At, p.N)
	case ProblemOffBoard:
		return fmt.Sprintf("%s at %v is off the board", ObjectName(p.Kind), p.At)
	case ProblemSharedTile:
		return fmt.Sprintf("%s at %v shares its tile with %s", ObjectName(p.Kind), p.At, ObjectName(p.With))
	case ProblemOnWall:
		return fmt.Sprintf("%s at %v stands on a wall", ObjectName(p.Kind), p.At)
	case ProblemUnknownBonus:
		return fmt.Sprintf("unknown bonus %q at %v", p.Kind, p.At)
	case ProblemUnknownMonster:
		return fmt.Sprintf("unknown monster %q at %v", p.Kind, p.At)
	case ProblemMinotaurs:
		return fmt.Sprintf("a second Minotaur M at %v: a level has at most one (the first is at %v)", p.At, p.Other)
	case ProblemBorderOpen:
		const door = "only the exit may be a door in the outer wall"
		switch {
		case p.At != p.Other:
			return fmt.Sprintf("the border is open from %v to %v: %s", p.At, p.Other, door)
		case p.Kind != 0:
			return fmt.Sprintf("the border is open at %v: %s stands in the outer wall (%s)", p.At, ObjectName(p.Kind), door)
		}
		return fmt.Sprintf("the border is open at %v: %s", p.At, door)
	case ProblemMonsterNearStart:
		return fmt.Sprintf("%s at %v stands next to the player start at %v: a monster must start at least two tiles away from every start", ObjectName(p.Kind), p.At, p.Other)
	case ProblemKeyBehindExit:
		return fmt.Sprintf("the key at %v is walled in: no path from the start at %v reaches it without going through the exit, which stays locked until the key is found", p.At, p.Other)
	case ProblemKeyWalledIn:
		return fmt.Sprintf("the key at %v is walled in: no path from the start at %v reaches it", p.At, p.Other)
	case ProblemExitWalledIn:
		return fmt.Sprintf("the exit at %v is walled in: no path from the start at %v reaches it", p.At, p.Other)
	}
	return fmt.Sprintf("level problem %d at %v", p.Code, p.At)
}

// String is Error.
func (p Problem) String() string { return p.Error() }

// Problems checks every rule of a playable level and returns each problem
// found, the lists of objects first, then the board in reading order:
//   - one or two player starts (both players may share one), at most one
//     Minotaur, bonuses and monsters of known kinds — checked even when the
//     board is malformed;
//   - a size of MinSide to MaxGenSide on each side, and Rows × Cols tiles;
//     without these the rules below are not checked;
//   - every object on the board, on floor, on a tile of its own;
//   - the border closed, except the exit, which may be a door in it;
//   - no monster next to a start (on one of its eight neighbours);
//   - the key reachable from every start without passing the exit, which
//     is locked until the key is found, and the exit reachable from every
//     start; checked once the starts, key and exit stand on floor of the
//     board, on distinct tiles, whatever else is wrong.
//
// The levels package reports each problem at its place in a level file.
func (l *Level) Problems() []Problem {
	var ps []Problem
	add := func(p Problem) { ps = append(ps, p) }

	if len(l.Starts) == 0 {
		add(Problem{Code: ProblemStarts})
	}
	for _, s := range l.Starts[min(2, len(l.Starts)):] {
		add(Problem{Code: ProblemStarts, At: s, Kind: 'P', N: len(l.Starts)})
	}
	for _, b := range l.Bonuses {
		if !Item(b.Kind).IsBonus() {
			add(Problem{Code: ProblemUnknownBonus, At: b.Pos, Kind: b.Kind})
		}
	}
	first := -1
	for i, m := range l.Monsters {
		switch MonsterKind(m.Kind) {
		case Hunter, Wanderer:
		case Minotaur:
			if first < 0 {
				first = i
			} else {
				add(Problem{Code: ProblemMinotaurs, At: m.Pos, Other: l.Monsters[first].Pos, Kind: m.Kind})
			}
		default:
			add(Problem{Code: ProblemUnknownMonster, At: m.Pos, Kind: m.Kind})
		}
	}

	size := Point{X: l.Cols, Y: l.Rows}
	if l.Rows < MinSide || l.Cols < MinSide || l.Rows > MaxGenSide || l.Cols > MaxGenSide {
		return append(ps, Problem{Code: ProblemSize, At: size})
	}
	if len(l.Wall) != l.Rows*l.Cols {
		return append(ps, Problem{Code: ProblemTiles, At: size, N: len(l.Wall)})
	}

	objects := map[Point]byte{}
	// floor reports whether the object stands on floor of the board, and
	// adds the problems when it does not or shares its tile.
	floor := func(p Point, kind byte) bool {
		if !l.In(p) {
			add(Problem{Code: ProblemOffBoard, At: p, Kind: kind})
			return false
		}
		ok := true
		if other, taken := objects[p]; taken {
			add(Problem{Code: ProblemSharedTile, At: p, Kind: kind, With: other})
			ok = false
		} else {
			objects[p] = kind
		}
		if l.Wall[p.Y*l.Cols+p.X] {
			add(Problem{Code: ProblemOnWall, At: p, Kind: kind})
			ok = false
		}
		return ok
	}
	placed := len(l.Starts) <= 2
	for i, s := range l.Starts {
		if i == 1 && s == l.Starts[0] {
			continue // both players may start on one tile
		}
		placed = floor(s, 'P') && placed
	}
	placed = floor(l.Key, byte(Key)) && placed
	placed = floor(l.Exit, 'E') && placed
	for _, b := range l.Bonuses {
		floor(b.Pos, b.Kind)
	}
	for _, m := range l.Monsters {
		floor(m.Pos, m.Kind)
	}

	l.borderProblems(add, objects)

	for _, m := range l.Monsters {
		for _, s := range l.Starts {
			if dx, dy := m.Pos.X-s.X, m.Pos.Y-s.Y; max(dx, -dx, dy, -dy) == 1 {
				add(Problem{Code: ProblemMonsterNearStart, At: m.Pos, Other: s, Kind: m.Kind})
				break
			}
		}
	}

	if placed {
		l.reachProblems(add)
	}
	return ps
}

// borderProblems adds one ProblemBorderOpen for each run of open tiles along
// an edge: the top and bottom rows whole, then the left and right columns
// between them.
func (l *Level) borderProblems(add func(Problem), objects map[Point]byte) {
	open := func(p Point) bool { return p != l.Exit && !l.Wall[p.Y*l.Cols+p.X] }
	edge := func(from Point, step Point, n int) {
		for i := 0; i < n; i++ {
			p := Point{from.X + i*step.X, from.Y + i*step.Y}
			if !open(p) {
				continue
			}
			j := i
			for j+1 < n && open(Point{from.X + (j+1)*step.X, from.Y + (j+1)*step.Y}) {
				j++
			}
			q := Point{from.X + j*step.X, from.Y + j*step.Y}
			var kind byte
			if i == j {
				kind = objects[p]
			}
			add(Problem{Code: ProblemBorderOpen, At: p, Other: q, Kind: kind})
			i = j
		}
	}
	right, down := Point{1, 0}, Point{0, 1}
	edge(Point{0, 0}, right, l.Cols)
	edge(Point{0, l.Rows - 1}, right, l.Cols)
	edge(Point{0, 1}, down, l.Rows-2)
	edge(Point{l.Cols - 1, 1}, down, l.Rows-2)
}

// reachProblems adds the key and exit problems of each start; the level's
// starts, key and exit stand on floor of the board.
func (l *Level) reachProblems(add func(Problem)) {
	if l.Key == l.Exit {
		return // a shared tile, reported as such
	}
	b := newBoard(l)
	// A second start that the first one's fill reaches has the same
	// answers (paths go both ways), so most co-op levels cost one fill of
	// each kind.
	var locked, open distMap
	for i, s := range l.Starts {
		if i == 1 && s == l.Starts[0] {
			break
		}
		if i == 0 || locked.at(b, s) < 0 {
			locked.fill(b, playerPass(b, false), s)
		}
		if i == 0 || open.at(b, s) < 0 {
			open.fill(b, playerPass(b, true), s)
		}
		switch {
		case open.at(b, l.Key) < 0:
			add(Problem{Code: ProblemKeyWalledIn, At: l.Key, Other: s, Kind: byte(Key)})
		case locked.at(b, l.Key) < 0:
			add(Problem{Code: ProblemKeyBehindExit, At: l.Key, Other: s, Kind: byte(Key)})
		}
		if open.at(b, l.Exit) < 0 {
			add(Problem{Code: ProblemExitWalledIn, At: l.Exit, Other: s, Kind: 'E'})
		}
	}
}

// PlayerReach reports for every tile, in reading order, whether a player
// can walk there from one of the starts, the exit counting as floor (as it
// does once the key is found). The level must have a board (no ProblemSize
// or ProblemTiles); starts off the board are left out.
func (l *Level) PlayerReach() []bool {
	b := newBoard(l)
	var m distMap
	m.fill(b, playerPass(b, true), l.Starts...)
	reached := make([]bool, len(l.Wall))
	for i, d := range m.d {
		reached[i] = d >= 0
	}
	return reached
}
