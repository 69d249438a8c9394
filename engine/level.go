package engine

import (
	"errors"
	"fmt"
)

// Size limits of a level, generated or hand-made.
const (
	MinSide = 3
	MaxSide = 255 // hand-made levels; generated stress mazes go up to MaxGenSide
	// MaxGenSide bounds `minotaur gen --rows R --cols C`.
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

// Validate checks what the engine needs of a level before it can be played:
// size, a closed border (the exit may be a door in it), objects on floor and
// on distinct tiles, one or two starts, at most one Minotaur, key and exit
// reachable from every start. It returns every problem it finds, joined; the
// levels package reports the same rules with file positions for authors.
func (l *Level) Validate() error {
	var errs []error
	bad := func(format string, a ...any) { errs = append(errs, fmt.Errorf(format, a...)) }
	if l.Rows < MinSide || l.Cols < MinSide || l.Rows > MaxGenSide || l.Cols > MaxGenSide {
		return fmt.Errorf("level size %d×%d is outside %d×%d to %d×%d", l.Rows, l.Cols, MinSide, MinSide, MaxGenSide, MaxGenSide)
	}
	if len(l.Wall) != l.Rows*l.Cols {
		return fmt.Errorf("level has %d tiles, want %d×%d", len(l.Wall), l.Rows, l.Cols)
	}
	seen := map[Point]string{}
	place := func(p Point, what string) {
		if !l.In(p) {
			bad("%s at %v is off the board", what, p)
			return
		}
		if other, ok := seen[p]; ok {
			bad("%s at %v shares its tile with %s", what, p, other)
		}
		seen[p] = what
		if l.Wall[p.Y*l.Cols+p.X] {
			bad("%s at %v stands on a wall", what, p)
		}
	}
	if len(l.Starts) < 1 || len(l.Starts) > 2 {
		bad("level has %d player starts, want 1 or 2", len(l.Starts))
	}
	for i, s := range l.Starts {
		if i == 1 && s == l.Starts[0] {
			continue // both players may start on one tile
		}
		place(s, fmt.Sprintf("start %d", i+1))
	}
	place(l.Key, "key")
	place(l.Exit, "exit")
	for _, b := range l.Bonuses {
		if !Item(b.Kind).IsBonus() {
			bad("unknown bonus %q at %v", b.Kind, b.Pos)
		}
		place(b.Pos, "bonus "+string(b.Kind))
	}
	minotaurs := 0
	for _, m := range l.Monsters {
		switch MonsterKind(m.Kind) {
		case Hunter, Wanderer:
		case Minotaur:
			minotaurs++
		default:
			bad("unknown monster %q at %v", m.Kind, m.Pos)
		}
		place(m.Pos, "monster "+string(m.Kind))
	}
	if minotaurs > 1 {
		bad("level has %d Minotaurs, at most 1 is allowed", minotaurs)
	}
	for x := 0; x < l.Cols; x++ {
		for _, y := range []int{0, l.Rows - 1} {
			if p := (Point{x, y}); !l.IsWall(p) && p != l.Exit {
				bad("border is open at %v", p)
			}
		}
	}
	for y := 1; y < l.Rows-1; y++ {
		for _, x := range []int{0, l.Cols - 1} {
			if p := (Point{x, y}); !l.IsWall(p) && p != l.Exit {
				bad("border is open at %v", p)
			}
		}
	}
	if len(errs) > 0 {
		return errors.Join(errs...)
	}
	b := newBoard(l)
	var d distMap
	for i, s := range l.Starts {
		d.fill(b, playerPass(b, false), s)
		if d.at(b, l.Key) < 0 {
			bad("key is walled in: no path from start %d at %v reaches it", i+1, s)
		}
		d.fill(b, playerPass(b, true), s)
		if d.at(b, l.Exit) < 0 {
			bad("exit is walled in: no path from start %d at %v reaches it", i+1, s)
		}
	}
	return errors.Join(errs...)
}
