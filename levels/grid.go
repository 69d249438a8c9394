package levels

import (
	"fmt"
	"strings"
	"unicode/utf8"

	"github.com/minotaur-game/minotaur/engine"
)

// grid is the map being checked: one glyph per tile and where each row
// stands in the file.
type grid struct {
	rows, cols int
	glyph      []byte // map characters in reading order
	rowLine    []int  // file line of each row
}

func (g *grid) at(x, y int) byte { return g.glyph[y*g.cols+x] }

// pos names tile (x, y) the way an author finds it: LINE:COL in the file.
func (g *grid) pos(p engine.Point) string { return fmt.Sprintf("%d:%d", g.rowLine[p.Y], p.X+1) }

func (g *grid) wall(i int) bool {
	switch g.glyph[i] {
	case '+', '-', '|':
		return true
	}
	return false
}

// objectName names what a map character stands for, with an article.
func objectName(c byte) string {
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

// grid checks the map rows and, when they form a board, every rule that
// needs the board; it builds the level when nothing is wrong.
func (p *parser) grid(l engine.Level, rows []srcLine) (engine.Level, bool) {
	// Row widths: the width most rows share (the first such row's on a tie)
	// is the map's; every other row is reported.
	widths := make([]int, len(rows))
	count := map[int]int{}
	for i, s := range rows {
		widths[i] = utf8.RuneCountInString(s.text)
		count[widths[i]]++
	}
	width := widths[0]
	for _, w := range widths {
		if count[w] > count[width] {
			width = w
		}
	}
	shapeOK := true
	for i, s := range rows {
		w := widths[i]
		if w == width {
			continue
		}
		shapeOK = false
		others := "the other rows"
		if count[width] < len(rows)-1 {
			others = "most rows"
		}
		if w < width {
			p.errorf(s.no, w+1, "this row is %d tiles wide, %s are %d: every row of the map must be equally wide (is a tile missing?)", w, others, width)
		} else {
			p.errorf(s.no, width+1, "this row is %d tiles wide, %s are %d: every row of the map must be equally wide", w, others, width)
		}
	}

	g := &grid{rows: len(rows), cols: width, glyph: make([]byte, 0, len(rows)*width)}
	for _, s := range rows {
		g.rowLine = append(g.rowLine, s.no)
	}
	charsOK := true
	for _, s := range rows {
		col := 0
		text := s.text
		for len(text) > 0 {
			r, size := utf8.DecodeRuneInString(text)
			col++
			if isMapChar(r) {
				g.glyph = append(g.glyph, byte(r))
				text = text[size:]
				continue
			}
			charsOK = false
			g.glyph = append(g.glyph, 0)
			if r == utf8.RuneError && size == 1 {
				text = text[size:]
				continue // reported as not UTF-8
			}
			// A run of one unknown character is one problem.
			n := 1
			text = text[size:]
			for len(text) > 0 {
				r2, size2 := utf8.DecodeRuneInString(text)
				if r2 != r {
					break
				}
				n++
				g.glyph = append(g.glyph, 0)
				text = text[size2:]
			}
			what := "unknown character " + charName(r)
			if n > 1 {
				what = fmt.Sprintf("%d unknown characters %s", n, charName(r))
			}
			p.errorf(s.no, col, "%s in the map: walls are + - |, floor is ., objects are P K E H W M * ^ ?", what)
			col += n - 1
		}
	}

	sizeOK := true
	first := rows[0].no
	switch {
	case g.rows > engine.MaxSide && width > engine.MaxSide:
		sizeOK = false
		p.errorf(first, 1, "the map is %d rows × %d columns: a level is at most %d × %d tiles", g.rows, width, engine.MaxSide, engine.MaxSide)
	case g.rows > engine.MaxSide:
		sizeOK = false
		p.errorf(rows[engine.MaxSide].no, 1, "the map has %d rows: a level has at most %d (this is row %d)", g.rows, engine.MaxSide, engine.MaxSide+1)
	case width > engine.MaxSide:
		sizeOK = false
		p.errorf(first, engine.MaxSide+1, "the map is %d columns wide: a level is at most %d", width, engine.MaxSide)
	case g.rows < engine.MinSide || width < engine.MinSide:
		sizeOK = false
		p.errorf(first, 1, "the map is only %d rows × %d columns: a level needs at least %d × %d tiles", g.rows, width, engine.MinSide, engine.MinSide)
	}

	// Objects, counted in reading order (which is also the order monsters
	// act in). Rows of the wrong width still have their objects counted.
	var keys, exits, minotaurs []engine.Point
	for y, s := range rows {
		x := 0
		for _, r := range s.text {
			pt := engine.Point{X: x, Y: y}
			x++
			if r >= utf8.RuneSelf {
				continue
			}
			c := byte(r)
			switch c {
			case 'P':
				l.Starts = append(l.Starts, pt)
				if len(l.Starts) > 2 {
					p.errorf(s.no, pt.X+1, "too many player starts: a level has one or two P (one for each player), and %s and %s are already starts", g.posRow(l.Starts[0], rows), g.posRow(l.Starts[1], rows))
				}
			case 'K':
				keys = append(keys, pt)
				if len(keys) > 1 {
					p.errorf(s.no, pt.X+1, "a second key K: a level has exactly one key (the first is at %s)", g.posRow(keys[0], rows))
				}
			case 'E':
				exits = append(exits, pt)
				if len(exits) > 1 {
					p.errorf(s.no, pt.X+1, "a second exit E: a level has exactly one exit (the first is at %s)", g.posRow(exits[0], rows))
				}
			case 'M':
				minotaurs = append(minotaurs, pt)
				if len(minotaurs) > 1 {
					p.errorf(s.no, pt.X+1, "a second Minotaur M: a level has at most one (the first is at %s)", g.posRow(minotaurs[0], rows))
				}
				fallthrough
			case 'H', 'W':
				l.Monsters = append(l.Monsters, engine.Placed{Pos: pt, Kind: c})
			case '*', '^', '?':
				l.Bonuses = append(l.Bonuses, engine.Placed{Pos: pt, Kind: c})
			}
		}
	}
	if len(keys) == 0 {
		p.errorf(first, 1, "the map has no key: put one K on a floor tile")
	}
	if len(exits) == 0 {
		p.errorf(first, 1, "the map has no exit: put one E on a floor tile or as a door in the outer wall")
	}
	if len(l.Starts) == 0 {
		p.errorf(first, 1, "the map has no player start: put a P on a floor tile (two for co-op, or one that both players share)")
	}

	if !shapeOK || !charsOK || !sizeOK {
		return l, false // the board is not well defined: stop before the rules that need it
	}
	p.border(g, exits)
	p.monstersNearStarts(g, l)
	if len(keys) != 1 || len(exits) != 1 || len(l.Starts) == 0 || len(l.Starts) > 2 {
		return l, false
	}
	l.Key, l.Exit = keys[0], exits[0]
	l.Rows, l.Cols = g.rows, g.cols
	l.Wall = make([]bool, len(g.glyph))
	for i := range g.glyph {
		l.Wall[i] = g.wall(i)
	}
	p.reach(g, &l)
	if p.solve && len(p.errs) == 0 {
		p.winnable(g, &l)
	}
	return l, true
}

// SolveSeeds is the number of games `check` asks the engine's solver to win
// a hand-made level in: solo, as level 1 of games of seeds 1, 2, … (the
// seed decides the wanderers' random turns; without wanderers one game
// tells all).
const SolveSeeds = 3

// SolveMaxTiles bounds the levels `check` runs the solver on: its search
// costs a walk over the board for every state, so beyond this size (4 096
// tiles, 64 × 64; the campaign's largest level has 483) it would take
// minutes.
const SolveMaxTiles = 4096

// winnable warns when the engine's solver finds no winning line for the
// level in any of those games — at the monster that caught most of the
// lines it tried, else at the start.
func (p *parser) winnable(g *grid, l *engine.Level) {
	if l.Rows*l.Cols > SolveMaxTiles {
		p.warnf(g.rowLine[l.Starts[0].Y], l.Starts[0].X+1,
			"not searched for a winning line: the level has %d tiles, and the solver takes levels of up to %d", l.Rows*l.Cols, SolveMaxTiles)
		return
	}
	games := 1
	for _, m := range l.Monsters {
		if engine.MonsterKind(m.Kind) == engine.Wanderer {
			games = SolveSeeds
		}
	}
	var sol engine.Solution
	for seed := 1; seed <= games; seed++ {
		if sol = engine.SolveLevel(*l, uint64(seed), 1, engine.SolverBudget); sol.Found {
			return
		}
	}
	at := l.Starts[0]
	if sol.Catcher != nil {
		at = sol.Catcher.Pos
	}
	msg := sol.Reason
	if games > 1 {
		msg += fmt.Sprintf(" (in games of seeds 1 to %d)", games)
	}
	p.warnf(g.rowLine[at.Y], at.X+1, "%s", msg)
}

// posRow is pos for a point whose row may have the wrong width (the grid
// is not built yet when objects are counted).
func (g *grid) posRow(pt engine.Point, rows []srcLine) string {
	return fmt.Sprintf("%d:%d", rows[pt.Y].no, pt.X+1)
}

// border reports every stretch of the outer edge that is not wall, except
// the exit, which may be a door in the outer wall.
func (p *parser) border(g *grid, exits []engine.Point) {
	open := func(pt engine.Point) bool {
		if len(exits) > 0 && pt == exits[0] {
			return false
		}
		return !g.wall(pt.Y*g.cols + pt.X)
	}
	var edges [][]engine.Point
	var top, bottom, left, right []engine.Point
	for x := 0; x < g.cols; x++ {
		top = append(top, engine.Point{X: x, Y: 0})
		bottom = append(bottom, engine.Point{X: x, Y: g.rows - 1})
	}
	for y := 1; y < g.rows-1; y++ {
		left = append(left, engine.Point{X: 0, Y: y})
		right = append(right, engine.Point{X: g.cols - 1, Y: y})
	}
	edges = append(edges, top, bottom, left, right)
	for _, edge := range edges {
		for i := 0; i < len(edge); {
			if !open(edge[i]) {
				i++
				continue
			}
			j := i
			for j+1 < len(edge) && open(edge[j+1]) {
				j++
			}
			pt := edge[i]
			line, col := g.rowLine[pt.Y], pt.X+1
			switch c := g.at(pt.X, pt.Y); {
			case i == j && c == '.':
				p.errorf(line, col, "the border is open: this floor tile is a gap in the outer wall; make it a wall (only the exit may be a door in the outer wall)")
			case i == j:
				p.errorf(line, col, "the border is open: %s stands in the outer wall; move it inside (only the exit may be a door in the outer wall)", objectName(c))
			default:
				p.errorf(line, col, "the border is open: the outer wall has a gap of %d tiles from here to %s; close it with walls (only the exit may be a door in the outer wall)", j-i+1, g.pos(edge[j]))
			}
			i = j + 1
		}
	}
}

// monstersNearStarts reports monsters on any of the eight tiles around a
// player start: a player would be caught before making a move.
func (p *parser) monstersNearStarts(g *grid, l engine.Level) {
	for _, m := range l.Monsters {
		for _, s := range l.Starts {
			dx, dy := m.Pos.X-s.X, m.Pos.Y-s.Y
			if dx >= -1 && dx <= 1 && dy >= -1 && dy <= 1 {
				p.errorf(g.rowLine[m.Pos.Y], m.Pos.X+1, "%s stands next to the player start at %s: a monster must start at least two tiles away from every start", objectName(m.Kind), g.pos(s))
				break
			}
		}
	}
}

// reach checks that the key and the exit can be reached from every start,
// and warns of floor that no player can ever walk on.
func (p *parser) reach(g *grid, l *engine.Level) {
	n := len(g.glyph)
	exit := l.Exit.Y*g.cols + l.Exit.X
	key := l.Key.Y*g.cols + l.Key.X
	// Two floods, with the exit locked and open. A second start that the
	// first start's flood reaches has the same answers (paths go both ways),
	// so co-op levels with adjacent starts cost no more than solo ones.
	var locked, open flood
	var noKey, noKeyEvenOpen, noExit []string
	var keyOK, keyOpenOK, exitOK bool
	for i, s := range l.Starts {
		src := s.Y*g.cols + s.X
		if i == 0 || !locked.seen[src] {
			locked.fill(g.cols, l.Wall, []int{src}, exit)
			keyOK = locked.seen[key]
		}
		if i == 0 || !open.seen[src] {
			open.fill(g.cols, l.Wall, []int{src}, -1)
			keyOpenOK, exitOK = open.seen[key], open.seen[exit]
		}
		if !keyOK {
			noKey = append(noKey, g.pos(s))
		}
		if !keyOpenOK {
			noKeyEvenOpen = append(noKeyEvenOpen, g.pos(s))
		}
		if !exitOK {
			noExit = append(noExit, g.pos(s))
		}
	}
	if len(noKey) > 0 {
		msg := fmt.Sprintf("the key is walled in: no path from %s reaches it", startsPhrase(noKey))
		if len(noKeyEvenOpen) < len(noKey) {
			msg += " without going through the exit, which stays locked until the key is found"
		}
		p.errorf(g.rowLine[l.Key.Y], l.Key.X+1, "%s", msg)
	}
	if len(noExit) > 0 {
		p.errorf(g.rowLine[l.Exit.Y], l.Exit.X+1, "the exit is walled in: no path from %s reaches it", startsPhrase(noExit))
	}

	// Dead pockets: floor that no start reaches, the exit counting as floor
	// as it does for every path in the game (a monster may walk through it).
	if len(l.Starts) == 2 {
		s0, s1 := l.Starts[0], l.Starts[1]
		i0, i1 := s0.Y*g.cols+s0.X, s1.Y*g.cols+s1.X
		if !open.seen[i0] || !open.seen[i1] {
			open.fill(g.cols, l.Wall, []int{i0, i1}, -1)
		}
	}
	reached := open.seen

	var pocket flood
	pocket.seen = make([]bool, n)
	for i := 0; i < n; i++ {
		if l.Wall[i] || reached[i] || pocket.seen[i] || i == exit {
			continue
		}
		start := len(pocket.queue)
		pocket.spread(g.cols, l.Wall, i, exit, reached)
		tiles := pocket.queue[start:]
		touchesExit := false
		var holds []string
		for _, t := range tiles {
			if adjacent(g.cols, t, exit) {
				touchesExit = true
			}
			if c := g.glyph[t]; c != '.' {
				holds = append(holds, objectName(c))
			}
		}
		pt := engine.Point{X: i % g.cols, Y: i / g.cols}
		what := "this floor tile"
		if len(tiles) > 1 {
			what = fmt.Sprintf("%d floor tiles from here", len(tiles))
		}
		var msg string
		switch {
		case touchesExit:
			msg = fmt.Sprintf("dead pocket: %s cannot be reached from any start", what)
		default:
			msg = fmt.Sprintf("dead pocket: %s cannot be reached from any start, and the exit cannot be reached from there", what)
		}
		if len(holds) > 0 {
			msg += "; it holds " + strings.Join(holds, ", ")
		}
		p.warnf(g.rowLine[pt.Y], pt.X+1, "%s", msg)
	}
}

func adjacent(cols, a, b int) bool {
	ax, ay, bx, by := a%cols, a/cols, b%cols, b/cols
	d := abs(ax-bx) + abs(ay-by)
	return d == 1
}

func abs(x int) int {
	if x < 0 {
		return -x
	}
	return x
}

// startsPhrase names one or two starts: "the start at 3:2", "the starts at
// 3:2 and 3:3".
func startsPhrase(ps []string) string {
	if len(ps) == 1 {
		return "the start at " + ps[0]
	}
	return "the starts at " + strings.Join(ps, " and ")
}

// flood is a breadth-first fill over floor tiles.
type flood struct {
	seen  []bool
	queue []int
}

// fill marks every floor tile reachable from srcs without entering the tile
// blocked (a locked exit; -1 for none).
func (f *flood) fill(cols int, wall []bool, srcs []int, blocked int) {
	n := len(wall)
	if cap(f.seen) < n {
		f.seen = make([]bool, n)
		f.queue = make([]int, 0, n)
	}
	f.seen = f.seen[:n]
	clear(f.seen)
	f.queue = f.queue[:0]
	for _, s := range srcs {
		if !f.seen[s] {
			f.seen[s] = true
			f.queue = append(f.queue, s)
		}
	}
	visit := func(j int) {
		if !f.seen[j] && !wall[j] && j != blocked {
			f.seen[j] = true
			f.queue = append(f.queue, j)
		}
	}
	for head := 0; head < len(f.queue); head++ {
		i := f.queue[head]
		x := i % cols
		if i >= cols {
			visit(i - cols)
		}
		if x > 0 {
			visit(i - 1)
		}
		if i+cols < n {
			visit(i + cols)
		}
		if x < cols-1 {
			visit(i + 1)
		}
	}
}

// spread adds to f the floor tiles connected to src that are neither the
// exit nor reached; f.queue collects them in the order found.
func (f *flood) spread(cols int, wall []bool, src, exit int, reached []bool) {
	n := len(wall)
	head := len(f.queue)
	f.seen[src] = true
	f.queue = append(f.queue, src)
	for ; head < len(f.queue); head++ {
		i := f.queue[head]
		x := i % cols
		for _, j := range [4]int{i - cols, i - 1, i + cols, i + 1} {
			if j < 0 || j >= n || (j == i-1 && x == 0) || (j == i+1 && x == cols-1) {
				continue
			}
			if f.seen[j] || wall[j] || reached[j] || j == exit {
				continue
			}
			f.seen[j] = true
			f.queue = append(f.queue, j)
		}
	}
}
