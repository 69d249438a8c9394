package labyrinth

import (
	"bytes"
	"fmt"
	"strconv"
	"strings"
	"unicode/utf8"
)

// The Labyrinth format (docs/levels.md): an optional first line with
// the number of fields; for each field a line "X Y" (X rows, Y columns) and
// 2·X−1 lines that alternate cells with vertical walls (`|`) and horizontal
// walls (`_` or `-`) between the rows; then one legend line per special
// cell, such as `E Exit(UP)`. A cell is (x, y): x its row, y its column,
// both from 0 at the top left, as the original program numbers them.

// maxTeleports is the original game's limit on teleport and sleep cells in
// a file, counted together.
const maxTeleports = 9

// maxFieldSide bounds a field's rows and columns: the original program
// found 50 × 50 large; the example field5.txt is 100 × 100.
const maxFieldSide = 1000

// File is a parsed field file of the console game "Лабиринт". Its legend
// is only read, never run: nothing in it is evaluated.
type File struct {
	Fields []Field
	// Legend describes the special cells, by their character.
	Legend map[rune]Special
}

// Field is one field of a Labyrinth file: field 0 is the real one, the
// others are dream fields reached through sleep cells.
type Field struct {
	Rows, Cols int
	// Cells holds Rows×Cols cell characters in row-major order: '.' for an
	// empty cell, else the character of a legend line.
	Cells []rune
	// WallRight[i] is set when a wall stands right of cell i;
	// WallDown[i] when a wall stands below it.
	WallRight, WallDown []bool

	line int // line of the field's size
}

// Cell is a cell position as the Labyrinth numbers it: X the row, Y the
// column, both from 0 at the top left.
type Cell struct{ X, Y int }

func (c Cell) String() string { return fmt.Sprintf("(%d, %d)", c.X, c.Y) }

// Dir is a direction of the Labyrinth format.
type Dir byte

// The four directions, spelled as in the format.
const (
	Up Dir = iota
	Left
	Down
	Right
)

var dirNames = [...]string{"UP", "LEFT", "DOWN", "RIGHT"}

func (d Dir) String() string { return dirNames[d] }

// step is the change of row and column one step in d makes.
func (d Dir) step() (dr, dc int) {
	switch d {
	case Up:
		return -1, 0
	case Left:
		return 0, -1
	case Down:
		return 1, 0
	}
	return 0, 1
}

// Special is one legend line: what a special cell does. Only the fields that
// its Kind uses are set.
type Special struct {
	Char rune
	// Kind is the class name: Key, Exit, Stun, RubberRoom, Teleport,
	// Armory or Sleep.
	Kind string
	// Dir is the way out of an Exit or a RubberRoom.
	Dir Dir
	// Turns is how long a Stun or a Sleep lasts.
	Turns int
	// To is where a Teleport or a Sleep leads; ToField is the field a Sleep
	// leads to.
	To      Cell
	ToField int

	line int
}

// FieldResult is the verdict on one field: can the exit be reached from
// every cell, and if not, the first cell (row-major) from which it cannot.
type FieldResult struct {
	Field  int
	OK     bool
	Failed Cell
}

// String prints the verdict as the original program does: "0: OK" or
// "1: FAILED (0, 0)".
func (r FieldResult) String() string {
	if r.OK {
		return fmt.Sprintf("%d: OK", r.Field)
	}
	return fmt.Sprintf("%d: FAILED %v", r.Field, r.Failed)
}

// Parse reads a Labyrinth field file. name is the file name used in the
// messages; the error is an ErrorList of every problem found, sorted by
// position. Reading the file is the caller's business.
func Parse(name string, data []byte) (*File, error) {
	p := labParser{file: name, lines: splitLines(data)}
	lab := p.parse()
	p.errs.Sort()
	if len(p.errs) > 0 {
		return nil, p.errs
	}
	return lab, nil
}

type labParser struct {
	file      string
	errs      ErrorList
	lines     []srcLine
	next      int           // index of the next unread line
	described map[rune]bool // characters that have a legend line, good or bad
}

// nextLine returns the next non-blank line, or false at the end of the file.
func (p *labParser) nextLine() (srcLine, bool) {
	for p.next < len(p.lines) {
		s := p.lines[p.next]
		p.next++
		if strings.TrimSpace(s.text) != "" {
			return s, true
		}
	}
	return srcLine{}, false
}

// ints reads a line of whitespace-separated non-negative integers.
func ints(s string) ([]int, bool) {
	var out []int
	for _, f := range strings.Fields(s) {
		n, err := strconv.Atoi(f)
		if err != nil || n < 0 || f[0] == '+' {
			return nil, false
		}
		out = append(out, n)
	}
	return out, true
}

func (p *labParser) parse() *File {
	for _, s := range p.lines {
		if !utf8.ValidString(s.text) {
			col := 1 + utf8.RuneCountInString(s.text[:badUTF8(s.text)])
			p.errorf(s.no, col, "this line is not UTF-8 text: save the file as UTF-8")
			return nil
		}
	}
	first, ok := p.nextLine()
	if !ok {
		p.errorf(0, 0, "the file is empty")
		return nil
	}
	n, _ := ints(first.text)
	count := 1
	switch len(n) {
	case 1:
		count = n[0]
		if count == 0 {
			p.errorf(first.no, 1, "the file says it has 0 fields: it needs at least one")
			return nil
		}
	case 2:
		p.next-- // no field count: one field, and this is its size
	default:
		p.errorf(first.no, 1, "expected the number of fields, or the size of the first field as \"X Y\" (rows and columns), not %q", first.text)
		return nil
	}
	lab := &File{Legend: map[rune]Special{}}
	for f := 0; f < count; f++ {
		field, ok := p.field(f, count, first.no)
		if !ok {
			return nil
		}
		lab.Fields = append(lab.Fields, field)
	}
	for {
		s, ok := p.nextLine()
		if !ok {
			break
		}
		if !p.legend(lab, s) {
			return nil
		}
	}
	p.cells(lab)
	return lab
}

// field reads field f's size line and its 2·X−1 lines. It returns false
// when the file's structure is lost (no size, too few lines).
func (p *labParser) field(f, count, countLine int) (Field, bool) {
	var fd Field
	size, ok := p.nextLine()
	if !ok {
		p.errorf(countLine, 1, "the file says it has %d fields, but it ends after %d", count, f)
		return fd, false
	}
	n, isInts := ints(size.text)
	if !isInts || len(n) != 2 {
		p.errorf(size.no, 1, "expected the size of field %d as \"X Y\" (rows and columns), not %q", f, size.text)
		return fd, false
	}
	if n[0] < 1 || n[1] < 1 || n[0] > maxFieldSide || n[1] > maxFieldSide {
		p.errorf(size.no, 1, "field %d is %d × %d: a field has 1 to %d rows and columns", f, n[0], n[1], maxFieldSide)
		return fd, false
	}
	fd.Rows, fd.Cols, fd.line = n[0], n[1], size.no
	want := 2*fd.Rows - 1
	if left := len(p.lines) - p.next; left < want {
		p.errorf(size.no, 1, "field %d has %d rows, so %d lines must follow its size line, but the file has only %d more", f, fd.Rows, want, left)
		return fd, false
	}
	width := 2*fd.Cols - 1
	// Every cell line must hold all its cells before any memory is taken
	// for the field, so that a size line cannot ask for more than the file
	// holds.
	for k := 0; k < want; k += 2 {
		s := p.lines[p.next+k]
		if n := utf8.RuneCountInString(s.text); n < width {
			c := (n + 1) / 2
			p.errorf(s.no, 2*c+1, "expected cell %v of field %d ('.' or a cell letter), the line ends", Cell{k / 2, c}, f)
			return fd, false
		}
	}
	fd.Cells = make([]rune, fd.Rows*fd.Cols)
	fd.WallRight = make([]bool, fd.Rows*fd.Cols)
	fd.WallDown = make([]bool, fd.Rows*fd.Cols)
	for k := 0; k < want; k++ {
		s := p.lines[p.next]
		p.next++
		row := lineRunes(s.text)
		if len(row) > width {
			p.errorf(s.no, width+1, "this line is %d characters long: the lines of field %d (%d columns) have at most 2·%d−1 = %d", len(row), f, fd.Cols, fd.Cols, width)
		}
		at := func(i int) rune {
			if i < len(row) {
				return row[i]
			}
			return ' '
		}
		r := k / 2
		for c := 0; c < fd.Cols; c++ {
			i := r*fd.Cols + c
			if k%2 == 0 {
				switch ch := at(2 * c); ch {
				case ' ', '|', '_', '-':
					p.errorf(s.no, 2*c+1, "expected cell %v of field %d ('.' or a cell letter), found %s", Cell{r, c}, f, charName(ch))
				default:
					fd.Cells[i] = ch
				}
				if c == fd.Cols-1 {
					continue
				}
				switch ch := at(2*c + 1); ch {
				case ' ':
				case '|':
					fd.WallRight[i] = true
				default:
					p.errorf(s.no, 2*c+2, "expected '|' (a wall) or a space (none) between cells %v and %v of field %d, found %s", Cell{r, c}, Cell{r, c + 1}, f, charName(ch))
				}
				continue
			}
			switch ch := at(2 * c); ch {
			case ' ', '.':
			case '_', '-':
				fd.WallDown[i] = true
			default:
				p.errorf(s.no, 2*c+1, "expected '_' or '-' (a wall) or a space or '.' (none) between cells %v and %v of field %d, found %s", Cell{r, c}, Cell{r + 1, c}, f, charName(ch))
			}
		}
	}
	// Problems with single characters are reported, and reading goes on:
	// the lines still have their places.
	return fd, true
}

var kinds = []string{"Key", "Exit", "Stun", "RubberRoom", "Teleport", "Armory", "Sleep"}

// legend reads one legend line: a cell character, a space, Kind(args).
// It returns false when the line is a field size, which means the file's
// structure is lost.
func (p *labParser) legend(lab *File, s srcLine) bool {
	text := s.text
	ch, size := utf8.DecodeRuneInString(text)
	rest := text[size:]
	if ch == ' ' || ch == '\t' {
		p.errorf(s.no, 1, "a legend line starts with the cell's character, as in \"E Exit(UP)\"")
		return true
	}
	if n, ok := ints(text); ok && len(n) == 2 {
		p.errorf(s.no, 1, "expected a legend line such as \"E Exit(UP)\", not a field size: if the file has several fields, its first line must give their number")
		return false
	}
	if ch == '.' {
		p.errorf(s.no, 1, "'.' is the empty cell and cannot be given a meaning: pick another character")
		return true
	}
	// A cell with a broken legend line is described, if badly: no second
	// complaint that it has none.
	if p.described == nil {
		p.described = map[rune]bool{}
	}
	p.described[ch] = true
	trimmed := strings.TrimLeft(rest, " \t")
	if trimmed == rest {
		p.errorf(s.no, 2, "expected a space after the cell character %s, as in \"E Exit(UP)\"", charName(ch))
		return true
	}
	col := 1 + utf8.RuneCountInString(text[:len(text)-len(trimmed)])
	open := strings.IndexByte(trimmed, '(')
	if open < 0 || !strings.HasSuffix(trimmed, ")") {
		p.errorf(s.no, col, "expected a cell type with its arguments in brackets, such as Exit(UP), not %q", trimmed)
		return true
	}
	kind := strings.TrimSpace(trimmed[:open])
	args := trimmed[open+1 : len(trimmed)-1]
	argCol := col + utf8.RuneCountInString(trimmed[:open+1])
	sp := Special{Char: ch, Kind: kind, line: s.no}
	vals, err := parseArgs(args)
	if err != "" {
		p.errorf(s.no, argCol, "cannot read the arguments of %s: %s", kind, err)
		return true
	}
	usage := map[string]string{
		"Key": "Key()", "Armory": "Armory()", "Exit": "Exit(UP)", "RubberRoom": "RubberRoom(RIGHT)",
		"Stun": "Stun(2)", "Teleport": "Teleport((0, 2))", "Sleep": "Sleep(2, (1, 0, 0))",
	}
	ok := false
	switch kind {
	case "Key", "Armory":
		ok = len(vals) == 0
	case "Exit", "RubberRoom":
		if len(vals) == 1 && vals[0].word != "" {
			for d, name := range dirNames {
				if strings.EqualFold(vals[0].word, name) {
					sp.Dir, ok = Dir(d), true
				}
			}
		}
	case "Stun":
		if len(vals) == 1 && vals[0].isInt() {
			sp.Turns, ok = vals[0].n, true
		}
	case "Teleport":
		if len(vals) == 1 && vals[0].isTuple(2) {
			sp.To, ok = Cell{vals[0].tuple[0].n, vals[0].tuple[1].n}, true
		}
	case "Sleep":
		if len(vals) == 2 && vals[0].isInt() && vals[1].isTuple(3) {
			t := vals[1].tuple
			sp.Turns, sp.ToField, sp.To, ok = vals[0].n, t[0].n, Cell{t[1].n, t[2].n}, true
		}
	default:
		p.errorf(s.no, col, "unknown cell type %q: the types are %s", kind, strings.Join(kinds, ", "))
		return true
	}
	if !ok {
		msg := fmt.Sprintf("wrong arguments for %s: write it as %c %s", kind, ch, usage[kind])
		if kind == "Exit" || kind == "RubberRoom" {
			msg += " (directions are UP, LEFT, DOWN, RIGHT)"
		}
		p.errorf(s.no, argCol, "%s", msg)
		return true
	}
	if prev, dup := lab.Legend[ch]; dup {
		p.errorf(s.no, 1, "the cell %s is described twice (first on line %d): keep one legend line for it", charName(ch), prev.line)
		return true
	}
	if kind == "Sleep" {
		switch {
		case sp.ToField >= len(lab.Fields):
			p.errorf(s.no, argCol, "this sleep leads to field %d, but the file has only fields 0 to %d", sp.ToField, len(lab.Fields)-1)
		case !inField(lab.Fields[sp.ToField], sp.To):
			dst := lab.Fields[sp.ToField]
			p.errorf(s.no, argCol, "this sleep leads to cell %v of field %d, which is outside its %d × %d cells", sp.To, sp.ToField, dst.Rows, dst.Cols)
		}
	}
	lab.Legend[ch] = sp
	return true
}

func inField(f Field, c Cell) bool { return c.X >= 0 && c.Y >= 0 && c.X < f.Rows && c.Y < f.Cols }

// cells checks that every special cell has a legend line, that teleports
// stay on their field, and the limit on teleport and sleep cells.
func (p *labParser) cells(lab *File) {
	reported := map[rune]bool{}
	jumps := 0
	for f, fd := range lab.Fields {
		farReported := map[rune]bool{}
		for i, ch := range fd.Cells {
			if ch == '.' || ch == 0 { // 0: a bad character, already reported
				continue
			}
			c := Cell{i / fd.Cols, i % fd.Cols}
			line, col := fd.line+1+2*c.X, 2*c.Y+1
			sp, ok := lab.Legend[ch]
			if !ok {
				if !reported[ch] && !p.described[ch] {
					reported[ch] = true
					p.errorf(line, col, "the cell %s at %v of field %d has no legend line: describe it after the fields, e.g. \"%c Stun(2)\"", charName(ch), c, f, ch)
				}
				continue
			}
			switch sp.Kind {
			case "Teleport":
				if !inField(fd, sp.To) && !farReported[ch] {
					farReported[ch] = true
					p.errorf(line, col, "the teleport %s at %v leads to %v, outside field %d (%d × %d cells)", charName(ch), c, sp.To, f, fd.Rows, fd.Cols)
				}
				fallthrough
			case "Sleep":
				jumps++
				if jumps == maxTeleports+1 {
					p.errorf(line, col, "more than %d teleport and sleep cells: the Labyrinth allows at most %d in a file, counted together", maxTeleports, maxTeleports)
				}
			}
		}
	}
}

// argValue is an argument of a legend line: a number, a word or a tuple.
type argValue struct {
	n     int
	word  string
	tuple []argValue
	kind  byte // 'n', 'w' or 't'
}

func (v argValue) isInt() bool { return v.kind == 'n' }

func (v argValue) isTuple(n int) bool {
	if v.kind != 't' || len(v.tuple) != n {
		return false
	}
	for _, e := range v.tuple {
		if !e.isInt() {
			return false
		}
	}
	return true
}

// parseArgs reads a comma-separated list of numbers, words and bracketed
// tuples. It returns a description of the problem instead of an error.
func parseArgs(s string) ([]argValue, string) {
	a := argScanner{s: s}
	vals, err := a.list(0)
	if err != "" {
		return nil, err
	}
	if a.skip(); a.i < len(a.s) {
		return nil, fmt.Sprintf("unexpected %q", a.s[a.i:])
	}
	return vals, ""
}

type argScanner struct {
	s string
	i int
}

func (a *argScanner) skip() {
	for a.i < len(a.s) && (a.s[a.i] == ' ' || a.s[a.i] == '\t') {
		a.i++
	}
}

// list reads values separated by commas up to a ')' or the end.
func (a *argScanner) list(depth int) ([]argValue, string) {
	var vals []argValue
	a.skip()
	if a.i >= len(a.s) || a.s[a.i] == ')' {
		return nil, ""
	}
	for {
		v, err := a.value(depth)
		if err != "" {
			return nil, err
		}
		vals = append(vals, v)
		a.skip()
		if a.i < len(a.s) && a.s[a.i] == ',' {
			a.i++
			continue
		}
		return vals, ""
	}
}

func (a *argScanner) value(depth int) (argValue, string) {
	a.skip()
	if a.i >= len(a.s) {
		return argValue{}, "an argument is missing"
	}
	c := a.s[a.i]
	switch {
	case c == '(':
		if depth > 2 {
			return argValue{}, "too many brackets"
		}
		a.i++
		vals, err := a.list(depth + 1)
		if err != "" {
			return argValue{}, err
		}
		a.skip()
		if a.i >= len(a.s) || a.s[a.i] != ')' {
			return argValue{}, "a bracket is not closed"
		}
		a.i++
		return argValue{kind: 't', tuple: vals}, ""
	case c >= '0' && c <= '9' || c == '-':
		j := a.i + 1
		for j < len(a.s) && a.s[j] >= '0' && a.s[j] <= '9' {
			j++
		}
		n, err := strconv.Atoi(a.s[a.i:j])
		if err != nil {
			return argValue{}, fmt.Sprintf("%q is not a number", a.s[a.i:j])
		}
		if n < 0 {
			return argValue{}, fmt.Sprintf("%d is negative", n)
		}
		a.i = j
		return argValue{kind: 'n', n: n}, ""
	case c == '_' || c >= 'A' && c <= 'Z' || c >= 'a' && c <= 'z':
		j := a.i + 1
		for j < len(a.s) && (a.s[j] == '_' || a.s[j] >= 'A' && a.s[j] <= 'Z' || a.s[j] >= 'a' && a.s[j] <= 'z' || a.s[j] >= '0' && a.s[j] <= '9') {
			j++
		}
		w := a.s[a.i:j]
		a.i = j
		return argValue{kind: 'w', word: w}, ""
	}
	r, _ := utf8.DecodeRuneInString(a.s[a.i:])
	return argValue{}, "unexpected " + charName(r)
}

// lineRunes returns the characters of a line; most lines are ASCII, and
// their runes are their bytes.
func lineRunes(s string) []rune {
	for i := 0; i < len(s); i++ {
		if s[i] >= utf8.RuneSelf {
			return []rune(s)
		}
	}
	out := make([]rune, len(s))
	for i := 0; i < len(s); i++ {
		out[i] = rune(s[i])
	}
	return out
}

// Check decides, for every field, whether the exit can be reached from
// every cell. Movement: one step up, left, down or right to a cell with no
// wall in between, never off the field; a rubber room is left only in its
// direction; stepping on a teleport lands on its destination (which does
// not fire again). Reaching the exit means standing on an exit cell: the
// winning move leaves the exit cell in its direction, whatever lies there.
// Stun, sleep, armory and key cells do not change where one can go.
func (lab *File) Check() []FieldResult {
	out := make([]FieldResult, len(lab.Fields))
	var g revGraph
	for f := range lab.Fields {
		out[f] = g.check(lab, f)
	}
	return out
}

// revGraph is the move graph of a field with its edges reversed, kept in
// compressed form (start offsets into one array), with buffers reused
// between fields.
type revGraph struct {
	start, from []int32
	seen        []bool
	queue       []int32
	kind        []uint8 // plainCell, exitCell, …
	dir         []Dir   // a rubber room's way out
	dest        []int32 // a teleport's destination
}

// Cell kinds that matter for movement.
const (
	plainCell = iota
	exitCell
	rubberCell
	teleportCell
)

func (g *revGraph) check(lab *File, f int) FieldResult {
	fd := &lab.Fields[f]
	n := fd.Rows * fd.Cols
	g.kind = resize(g.kind, n)
	g.dir = resize(g.dir, n)
	g.dest = resize(g.dest, n)
	for i, ch := range fd.Cells {
		g.kind[i] = plainCell
		if ch == '.' {
			continue
		}
		switch sp := lab.Legend[ch]; sp.Kind {
		case "Exit":
			g.kind[i] = exitCell
		case "RubberRoom":
			g.kind[i], g.dir[i] = rubberCell, sp.Dir
		case "Teleport":
			g.kind[i], g.dest[i] = teleportCell, int32(sp.To.X*fd.Cols+sp.To.Y)
		}
	}
	kind := g.kind
	// moves calls visit(u, t) for every move from cell u, landing on t.
	moves := func(visit func(u, t int)) {
		for u := 0; u < n; u++ {
			k := kind[u]
			if k == exitCell {
				continue // reached: no need to go on
			}
			r, c := u/fd.Cols, u%fd.Cols
			for d := Up; d <= Right; d++ {
				if k == rubberCell && g.dir[u] != d {
					continue
				}
				dr, dc := d.step()
				r2, c2 := r+dr, c+dc
				if r2 < 0 || c2 < 0 || r2 >= fd.Rows || c2 >= fd.Cols {
					continue
				}
				v := r2*fd.Cols + c2
				switch d {
				case Up:
					if fd.WallDown[v] {
						continue
					}
				case Left:
					if fd.WallRight[v] {
						continue
					}
				case Down:
					if fd.WallDown[u] {
						continue
					}
				case Right:
					if fd.WallRight[u] {
						continue
					}
				}
				t := v
				if kind[v] == teleportCell {
					t = int(g.dest[v])
				}
				visit(u, t)
			}
		}
	}
	g.start = resize(g.start, n+2)
	clear(g.start)
	moves(func(_, t int) { g.start[t+2]++ })
	for i := 2; i < len(g.start); i++ {
		g.start[i] += g.start[i-1]
	}
	g.from = resize(g.from, int(g.start[n+1]))
	moves(func(u, t int) {
		g.from[g.start[t+1]] = int32(u)
		g.start[t+1]++
	})
	// Now the moves landing on t come from g.from[g.start[t]:g.start[t+1]].
	g.seen = resize(g.seen, n)
	clear(g.seen)
	g.queue = g.queue[:0]
	for i := 0; i < n; i++ {
		if kind[i] == exitCell {
			g.seen[i] = true
			g.queue = append(g.queue, int32(i))
		}
	}
	for head := 0; head < len(g.queue); head++ {
		t := g.queue[head]
		for _, u := range g.from[g.start[t]:g.start[t+1]] {
			if !g.seen[u] {
				g.seen[u] = true
				g.queue = append(g.queue, u)
			}
		}
	}
	for i := 0; i < n; i++ {
		if !g.seen[i] {
			return FieldResult{Field: f, Failed: Cell{i / fd.Cols, i % fd.Cols}}
		}
	}
	return FieldResult{Field: f, OK: true}
}

func resize[T any](s []T, n int) []T {
	if cap(s) < n {
		return make([]T, n)
	}
	return s[:n]
}

func (p *labParser) errorf(line, col int, format string, a ...any) {
	p.errs = append(p.errs, &ParseError{File: p.file, Line: line, Col: col, Msg: fmt.Sprintf(format, a...)})
}

// srcLine is one line of the file without its line end and trailing blanks.
type srcLine struct {
	no   int
	text string
}

var bom = []byte{0xEF, 0xBB, 0xBF}

// splitLines cuts data into lines, dropping a BOM, `\r` line ends and
// trailing spaces and tabs.
func splitLines(data []byte) []srcLine {
	data = bytes.TrimPrefix(data, bom)
	s := string(data)
	s = strings.TrimSuffix(s, "\n")
	parts := strings.Split(s, "\n")
	lines := make([]srcLine, len(parts))
	for i, t := range parts {
		lines[i] = srcLine{no: i + 1, text: strings.TrimRight(t, " \t\r")}
	}
	return lines
}

// badUTF8 returns the byte offset of the first invalid UTF-8 byte in s.
func badUTF8(s string) int {
	for i, r := range s {
		if r == utf8.RuneError {
			if _, size := utf8.DecodeRuneInString(s[i:]); size == 1 {
				return i
			}
		}
	}
	return len(s)
}

// charName names a character the way an author sees it in the editor.
func charName(r rune) string {
	switch r {
	case ' ':
		return "' ' (a space)"
	case '\t':
		return "a tab"
	}
	if r < ' ' || r == 0x7f {
		return fmt.Sprintf("the control character %U", r)
	}
	return strconv.QuoteRune(r)
}
