package foxhunt

import (
	"fmt"
	"math/rand/v2"
)

// Cell is what a field is built of.
type Cell uint8

const (
	Free Cell = iota // a free field
	Wall             // a destructible wall (w)
	Rock             // an indestructible wall (W)
)

// Special is an item lying on a field (or hidden under a destructible wall).
type Special uint8

const (
	NoSpecial Special = iota
	Range             // r: the beam reaches one field further
	ExtraBomb         // b: one more bomb at a time
	Shield            // h: protection from beams for ShieldRounds rounds
)

// Char is the special's map character.
func (s Special) Char() byte {
	switch s {
	case Range:
		return 'r'
	case ExtraBomb:
		return 'b'
	case Shield:
		return 'h'
	}
	return '_'
}

// Point is a field's column X and row Y; (0,0) is the top left.
type Point struct{ X, Y int }

func (p Point) String() string { return fmt.Sprintf("x%d y%d", p.X, p.Y) }

// Dir is a direction of a move, a throw or a beam.
type Dir uint8

const (
	Up Dir = iota
	Left
	Down
	Right
)

// Step is the point one field from p in direction d.
func (p Point) Step(d Dir) Point {
	switch d {
	case Up:
		p.Y--
	case Down:
		p.Y++
	case Left:
		p.X--
	case Right:
		p.X++
	}
	return p
}

// Board is the grid: cells and the specials on (or under) them.
type Board struct {
	W, H     int
	cells    []Cell
	specials []Special
}

func newBoard(w, h int) *Board {
	return &Board{W: w, H: h, cells: make([]Cell, w*h), specials: make([]Special, w*h)}
}

// In reports whether p lies on the board.
func (b *Board) In(p Point) bool { return p.X >= 0 && p.Y >= 0 && p.X < b.W && p.Y < b.H }

func (b *Board) idx(p Point) int { return p.Y*b.W + p.X }

// Cell is the cell at p (Rock off the board).
func (b *Board) Cell(p Point) Cell {
	if !b.In(p) {
		return Rock
	}
	return b.cells[b.idx(p)]
}

// Special is the special at p, also one hidden under a wall.
func (b *Board) Special(p Point) Special {
	if !b.In(p) {
		return NoSpecial
	}
	return b.specials[b.idx(p)]
}

// Size limits for generated and drawn maps.
const (
	MinSize = 5
	MaxSize = 101
)

// generate fills a w×h board from rng: indestructible walls that never cut
// the map apart, destructible walls, and specials (some hidden under walls).
func generate(w, h int, rng *rand.Rand) *Board {
	b := newBoard(w, h)
	n := w * h
	// Indestructible walls: about 8 % of the fields, each kept only if the
	// fields that are not rock stay one connected area.
	rocks := n * 8 / 100
	seen := make([]int32, n)
	stack := make([]int, 0, n)
	mark := int32(0)
	for tries := 0; rocks > 0 && tries < n*4; tries++ {
		i := rng.IntN(n)
		if b.cells[i] != Free {
			continue
		}
		b.cells[i] = Rock
		mark++
		if !b.locallySafe(i) && !b.connected(seen, mark, &stack) {
			b.cells[i] = Free
			continue
		}
		rocks--
	}
	// Destructible walls: about 20 % of the fields.
	for walls := n * 20 / 100; walls > 0; {
		i := rng.IntN(n)
		if b.cells[i] != Free {
			continue
		}
		b.cells[i] = Wall
		walls--
	}
	// Specials: half on free fields, half under destructible walls.
	for k := n / 40; k > 0; k-- {
		i := rng.IntN(n)
		if b.cells[i] == Rock || b.specials[i] != NoSpecial {
			continue
		}
		b.specials[i] = Special(1 + rng.IntN(3))
	}
	return b
}

// locallySafe reports whether the rock just put at i certainly keeps the
// other fields connected: the free fields around it (its eight neighbours,
// in a ring) that touch it orthogonally all lie in one run of the ring, so
// they stay joined around it. Otherwise the whole map is checked.
func (b *Board) locallySafe(i int) bool {
	x, y := i%b.W, i/b.W
	ring := [8][2]int{{0, -1}, {1, -1}, {1, 0}, {1, 1}, {0, 1}, {-1, 1}, {-1, 0}, {-1, -1}}
	var open [8]bool
	for k, d := range ring {
		p := Point{x + d[0], y + d[1]}
		open[k] = b.In(p) && b.cells[b.idx(p)] != Rock
	}
	runs := 0
	for k := 0; k < 8; k++ {
		if !open[k] || open[(k+7)%8] {
			continue
		}
		// a run starts at k: does it hold an orthogonal neighbour?
		for j := k; open[j%8] && j < k+8; j++ {
			if j%2 == 0 {
				runs++
				break
			}
		}
	}
	// no run start: the ring is all open (joined around) or all closed
	return runs <= 1
}

// connected reports whether every field that is not rock is reachable from
// every other (walls counted as free).
func (b *Board) connected(seen []int32, mark int32, stack *[]int) bool {
	start, total := -1, 0
	for i, c := range b.cells {
		if c != Rock {
			total++
			if start < 0 {
				start = i
			}
		}
	}
	if start < 0 {
		return true
	}
	s := (*stack)[:0]
	s = append(s, start)
	seen[start] = mark
	reached := 0
	for len(s) > 0 {
		i := s[len(s)-1]
		s = s[:len(s)-1]
		reached++
		x, y := i%b.W, i/b.W
		try := func(j int) {
			if b.cells[j] != Rock && seen[j] != mark {
				seen[j] = mark
				s = append(s, j)
			}
		}
		if x > 0 {
			try(i - 1)
		}
		if x < b.W-1 {
			try(i + 1)
		}
		if y > 0 {
			try(i - b.W)
		}
		if y < b.H-1 {
			try(i + b.W)
		}
	}
	*stack = s
	return reached == total
}

// Connected reports whether every field that is not an indestructible wall
// can be reached from every other once the destructible walls are gone.
func (b *Board) Connected() bool {
	seen := make([]int32, len(b.cells))
	var stack []int
	return b.connected(seen, 1, &stack)
}

// ParseBoard reads a hand-drawn map, one row a line: '_' or '.' free, 'w'
// destructible wall, 'W' indestructible wall, 'r' 'b' 'h' a special on a
// free field. A '|' after each character (the wire's form) is allowed.
func ParseBoard(rows []string) (*Board, error) {
	var clean [][]byte
	for _, r := range rows {
		var row []byte
		for i := 0; i < len(r); i++ {
			if r[i] != '|' {
				row = append(row, r[i])
			}
		}
		clean = append(clean, row)
	}
	if len(clean) == 0 || len(clean[0]) == 0 {
		return nil, fmt.Errorf("the map is empty")
	}
	w, h := len(clean[0]), len(clean)
	b := newBoard(w, h)
	for y, row := range clean {
		if len(row) != w {
			return nil, fmt.Errorf("row %d has %d fields, row 1 has %d: every row must be as wide as the first", y+1, len(row), w)
		}
		for x, c := range row {
			i := y*w + x
			switch c {
			case '_', '.':
			case 'w':
				b.cells[i] = Wall
			case 'W':
				b.cells[i] = Rock
			case 'r':
				b.specials[i] = Range
			case 'b':
				b.specials[i] = ExtraBomb
			case 'h':
				b.specials[i] = Shield
			default:
				return nil, fmt.Errorf("row %d, column %d: %q is not a field (use _ w W r b h)", y+1, x+1, c)
			}
		}
	}
	return b, nil
}

// HideSpecial puts a special under the destructible wall at p (for
// hand-drawn maps).
func (b *Board) HideSpecial(p Point, s Special) { b.specials[b.idx(p)] = s }

// Char is the field's character on the wire, as the reference server draws
// it: '*' a beam this round, then players ('P' several, 'f' the fox alone,
// 'p' a hunter alone), 'B' a bomb, 'w'/'W' walls, a special, '_' free.
func (g *Game) Char(p Point) byte {
	b := g.board
	i := b.idx(p)
	if g.beams[i] {
		return '*'
	}
	n, fox := 0, false
	for k := range g.players {
		q := &g.players[k]
		if !q.Gone && q.At == p {
			n++
			fox = q.Fox
		}
	}
	switch {
	case n > 1:
		return 'P'
	case n == 1 && fox:
		return 'f'
	case n == 1:
		return 'p'
	case g.bombAt(p):
		return 'B'
	}
	switch b.cells[i] {
	case Wall:
		return 'w'
	case Rock:
		return 'W'
	}
	if s := b.specials[i]; s != NoSpecial {
		return s.Char()
	}
	return '_'
}

// AppendMap appends the map's characters, row by row, each row W bytes, to
// dst; it costs one pass over the players and bombs, not one per field.
func (g *Game) AppendMap(dst []byte) []byte {
	b := g.board
	start := len(dst)
	for i, c := range b.cells {
		ch := byte('_')
		switch {
		case g.beams[i]:
			ch = '*'
		case c == Wall:
			ch = 'w'
		case c == Rock:
			ch = 'W'
		case b.specials[i] != NoSpecial:
			ch = b.specials[i].Char()
		}
		dst = append(dst, ch)
	}
	m := dst[start:]
	for k := range g.bombs {
		i := b.idx(g.bombs[k].At)
		if m[i] != '*' {
			m[i] = 'B'
		}
	}
	for k := range g.players {
		q := &g.players[k]
		if q.Gone {
			continue
		}
		i := b.idx(q.At)
		switch m[i] {
		case '*':
		case 'f', 'p', 'P':
			m[i] = 'P'
		default:
			if q.Fox {
				m[i] = 'f'
			} else {
				m[i] = 'p'
			}
		}
	}
	return dst
}

// bordered puts a ring of indestructible walls around b: the board it
// returns is two fields wider and higher (the reference server's border).
func bordered(in *Board) *Board {
	b := newBoard(in.W+2, in.H+2)
	for y := 0; y < b.H; y++ {
		for x := 0; x < b.W; x++ {
			i := b.idx(Point{x, y})
			if x == 0 || y == 0 || x == b.W-1 || y == b.H-1 {
				b.cells[i] = Rock
				continue
			}
			j := in.idx(Point{x - 1, y - 1})
			b.cells[i], b.specials[i] = in.cells[j], in.specials[j]
		}
	}
	return b
}
