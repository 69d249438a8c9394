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

// grid checks the map rows: what only a text file has (row widths,
// characters, the file's size limit, one key and one exit as typed) here,
// every rule of a playable level through engine.Level.Problems. It builds
// the level, and warns of dead pockets, when nothing is wrong.
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

	// The size limit of a level file, 255 × 255 tiles, is the file
	// format's own (the engine plays generated levels up to
	// engine.MaxGenSide): it is checked here. The least size is the
	// engine's rule, reported from its problems below.
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
	}

	// Objects, in reading order (which is also the order monsters act
	// in). Rows of the wrong width still have their objects listed. Keys
	// and exits are counted as typed: a Level has room for one of each.
	var keys, exits []engine.Point
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
			case 'K':
				keys = append(keys, pt)
				if len(keys) > 1 {
					p.errorf(s.no, pt.X+1, "a second key K: a level has exactly one key (the first is at %s)", g.pos(keys[0]))
				}
			case 'E':
				exits = append(exits, pt)
				if len(exits) > 1 {
					p.errorf(s.no, pt.X+1, "a second exit E: a level has exactly one exit (the first is at %s)", g.pos(exits[0]))
				}
			case 'H', 'W', 'M':
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

	// Every other rule is the engine's: hand it the level — without tiles
	// when the rows are no board yet (then it checks only the lists of
	// objects) — and say each problem where the author finds it.
	l.Rows, l.Cols = g.rows, g.cols
	if shapeOK && charsOK && sizeOK {
		l.Wall = make([]bool, len(g.glyph))
		for i := range g.glyph {
			l.Wall[i] = g.wall(i)
		}
	}
	l.Key, l.Exit = absent, absent
	if len(keys) > 0 {
		l.Key = keys[0]
	}
	if len(exits) > 0 {
		l.Exit = exits[0]
	}
	oneEach := len(keys) == 1 && len(exits) == 1
	board, starts := p.problems(g, &l, l.Problems(), sizeOK, oneEach)
	if !board || !starts || !oneEach {
		return l, false
	}
	p.pockets(g, &l)
	if p.solve && len(p.errs) == 0 {
		p.winnable(g, &l)
	}
	return l, true
}

// absent stands for a missing key or exit in the level handed to the
// engine: off the board. The engine's "off the board" problem about it is
// the file's "the map has no key" (or exit), already reported.
var absent = engine.Point{X: -1, Y: -1}

// problems reports the engine's problems with the level at their places in
// the file, in the words of docs/levels.md. sizeOK is false when the map is
// larger than a level file may be (already reported); oneEach is true when
// the file has exactly one key and one exit: the key and exit problems wait
// for it (the engine's wait for one or two starts). It reports whether the
// level has a board (the rows are one, its size in range) and whether its
// starts are one or two.
func (p *parser) problems(g *grid, l *engine.Level, ps []engine.Problem, sizeOK, oneEach bool) (board, starts bool) {
	board, starts = true, true
	var keyFrom, exitFrom []string
	behindExit := false
	first := g.rowLine[0]
	for _, pr := range ps {
		line, col := 0, 0 // LINE:COL of pr.At
		if pr.At.X >= 0 && pr.At.Y >= 0 && pr.At.Y < g.rows {
			line, col = g.rowLine[pr.At.Y], pr.At.X+1
		}
		switch pr.Code {
		case engine.ProblemSize:
			board = false
			if sizeOK { // else the file's own limit said it
				p.errorf(first, 1, "the map is only %d rows × %d columns: a level needs at least %d × %d tiles", l.Rows, l.Cols, engine.MinSide, engine.MinSide)
			}
		case engine.ProblemTiles:
			board = false
			// No tiles were handed over: the rows are not a board, and the
			// errors above say why.
		case engine.ProblemStarts:
			starts = false
			if pr.N == 0 {
				p.errorf(first, 1, "the map has no player start: put a P on a floor tile (two for co-op, or one that both players share)")
			} else {
				p.errorf(line, col, "too many player starts: a level has one or two P (one for each player), and %s and %s are already starts", g.pos(l.Starts[0]), g.pos(l.Starts[1]))
			}
		case engine.ProblemMinotaurs:
			p.errorf(line, col, "a second Minotaur M: a level has at most one (the first is at %s)", g.pos(pr.Other))
		case engine.ProblemOffBoard:
			if pr.At != absent { // absent: "the map has no key" (or exit) said it
				p.errorf(0, 0, "%s", pr.Error())
			}
		case engine.ProblemBorderOpen:
			c := g.at(pr.At.X, pr.At.Y)
			switch {
			case pr.At == pr.Other && c == '.':
				p.errorf(line, col, "the border is open: this floor tile is a gap in the outer wall; make it a wall (only the exit may be a door in the outer wall)")
			case pr.At == pr.Other:
				p.errorf(line, col, "the border is open: %s stands in the outer wall; move it inside (only the exit may be a door in the outer wall)", engine.ObjectName(c))
			default:
				n := pr.Other.X - pr.At.X + pr.Other.Y - pr.At.Y + 1
				p.errorf(line, col, "the border is open: the outer wall has a gap of %d tiles from here to %s; close it with walls (only the exit may be a door in the outer wall)", n, g.pos(pr.Other))
			}
		case engine.ProblemMonsterNearStart:
			p.errorf(line, col, "%s stands next to the player start at %s: a monster must start at least two tiles away from every start", engine.ObjectName(pr.Kind), g.pos(pr.Other))
		case engine.ProblemKeyBehindExit, engine.ProblemKeyWalledIn:
			behindExit = behindExit || pr.Code == engine.ProblemKeyBehindExit
			keyFrom = append(keyFrom, g.pos(pr.Other))
		case engine.ProblemExitWalledIn:
			exitFrom = append(exitFrom, g.pos(pr.Other))
		default:
			// Rules that a map of one character a tile cannot break (two
			// objects on a tile, an object on a wall, an unknown kind).
			p.errorf(line, col, "%s", pr.Error())
		}
	}
	if !oneEach {
		return board, starts
	}
	if len(keyFrom) > 0 {
		msg := fmt.Sprintf("the key is walled in: no path from %s reaches it", startsPhrase(keyFrom))
		if behindExit {
			msg += " without going through the exit, which stays locked until the key is found"
		}
		p.errorf(g.rowLine[l.Key.Y], l.Key.X+1, "%s", msg)
	}
	if len(exitFrom) > 0 {
		p.errorf(g.rowLine[l.Exit.Y], l.Exit.X+1, "the exit is walled in: no path from %s reaches it", startsPhrase(exitFrom))
	}
	return board, starts
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

// pockets warns of floor that no player can ever walk on: dead pockets,
// the exit counting as floor as it does for every path in the game (a
// monster may walk through it).
func (p *parser) pockets(g *grid, l *engine.Level) {
	n := len(g.glyph)
	exit := l.Exit.Y*g.cols + l.Exit.X
	reached := l.PlayerReach()
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
				holds = append(holds, engine.ObjectName(c))
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

// flood collects the tiles of dead pockets, breadth first.
type flood struct {
	seen  []bool
	queue []int
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
