package engine

import "errors"

// Size limits of a level, generated or hand-made.
const (
	MinSide = 3
	// MaxSide bounds a level file (package levels): 255 × 255 tiles. It is
	// the file format's limit; the engine plays levels up to MaxGenSide.
	MaxSide = 255
	// MaxGenSide bounds `minotaur gen --rows R --cols C`, and so every level
	// the engine accepts.
	MaxGenSide = 1001
)

// Placed is a bonus or monster standing on a tile at the start of a level.
type Placed struct {
	Pos Point `json:"pos"`
	// Kind is the level-file character: an Item for bonuses, a MonsterKind
	// for monsters.
	Kind byte `json:"kind"`
}

// Level is the definition of one level as it starts: the board and where
// everything stands. Generated levels and level files both become a Level.
// Monsters are listed in creation order, which is the order they act in.
type Level struct {
	Name   string `json:"name,omitempty"`
	Author string `json:"author,omitempty"`
	Rows   int    `json:"rows"`
	Cols   int    `json:"cols"`
	// Wall holds Rows×Cols flags in reading order; true is wall.
	Wall []bool `json:"-"`
	// Starts has one or two player start tiles. With one, both players
	// start there.
	Starts   []Point  `json:"starts"`
	Key      Point    `json:"key"`
	Exit     Point    `json:"exit"`
	Bonuses  []Placed `json:"bonuses"`
	Monsters []Placed `json:"monsters"`
}

// In reports whether p lies on the board.
func (l *Level) In(p Point) bool { return p.X >= 0 && p.Y >= 0 && p.X < l.Cols && p.Y < l.Rows }

// IsWall reports whether p is a wall; tiles off the board count as wall.
func (l *Level) IsWall(p Point) bool { return !l.In(p) || l.Wall[p.Y*l.Cols+p.X] }

// Glyphs returns the level's map as level-file characters, one byte per tile
// in reading order: walls drawn `+ - |` from their neighbours, floor `.`, and
// the objects in their places.
func (l *Level) Glyphs() []byte {
	g := WallGlyphs(l.Rows, l.Cols, l.Wall)
	set := func(p Point, c byte) {
		if l.In(p) {
			g[p.Y*l.Cols+p.X] = c
		}
	}
	for _, b := range l.Bonuses {
		set(b.Pos, b.Kind)
	}
	for _, m := range l.Monsters {
		set(m.Pos, m.Kind)
	}
	set(l.Key, byte(Key))
	set(l.Exit, 'E')
	for _, s := range l.Starts {
		set(s, 'P')
	}
	return g
}

// WallGlyphs draws a board: floor `.`, and each wall from its neighbours — `-`
// inside a horizontal run (walls left and right, none above or below), `|`
// inside a vertical run, `+` everywhere else (corners, junctions, ends, posts).
func WallGlyphs(rows, cols int, wall []bool) []byte {
	g := make([]byte, rows*cols)
	isWall := func(x, y int) bool {
		return x >= 0 && y >= 0 && x < cols && y < rows && wall[y*cols+x]
	}
	for y := 0; y < rows; y++ {
		for x := 0; x < cols; x++ {
			i := y*cols + x
			if !wall[i] {
				g[i] = '.'
				continue
			}
			h := isWall(x-1, y) && isWall(x+1, y)
			v := isWall(x, y-1) && isWall(x, y+1)
			hAny := isWall(x-1, y) || isWall(x+1, y)
			vAny := isWall(x, y-1) || isWall(x, y+1)
			switch {
			case h && !vAny:
				g[i] = '-'
			case v && !hAny:
				g[i] = '|'
			default:
				g[i] = '+'
			}
		}
	}
	return g
}

// Validate checks what the engine needs of a level before it can be played
// (see Problems): it returns every problem found, joined into one error, or
// nil when there is none.
func (l *Level) Validate() error {
	ps := l.Problems()
	if len(ps) == 0 {
		return nil
	}
	errs := make([]error, len(ps))
	for i := range ps {
		errs[i] = ps[i]
	}
	return errors.Join(errs...)
}
