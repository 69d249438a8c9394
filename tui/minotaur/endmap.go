package minotaur

import (
	"fmt"
	"strings"

	"github.com/charmbracelet/x/ansi"

	"github.com/minotaur-game/minotaur/engine"
	"github.com/minotaur-game/minotaur/tui/screen"
)

// The end screen's map: the last level, revealed for a local game (the game
// is over, nothing is left to hide), with the path the player walked drawn
// faintly and the monster that caught them highlighted.
//
// A network game's server never sends the level, only what the seat
// perceives: its end map is the seat's last view (what the player saw and
// remembers), with the path and the catcher drawn on it. Nothing more is
// asked of the server.

// pathByte stands for a tile of the walked path in the drawer's characters;
// it is written as "·".
const pathByte = 1

// endMap is the final map, ready to draw.
type endMap struct {
	d        mapDrawer
	revealed bool // the whole level is shown (a local game)
	catcher  engine.MonsterKind
	catchAt  engine.Point
	caught   bool // a catcher is drawn at catchAt
	walked   bool // a tile of the path is drawn
	partner  bool // the catcher caught the partner, not this seat
	focus    engine.Point
}

// finalView is the view the end map is drawn from: for a local game the
// whole level as it stands at the end (what the player knew in full light,
// the rest in half light, every monster where it is); otherwise v itself.
func finalView(sess Session, v engine.View) (engine.View, bool) {
	r, ok := sess.(Revealer)
	if !ok {
		return v, false
	}
	lv, st, ok := r.Revealed()
	if !ok {
		return v, false
	}
	if lv.Rows != v.Rows || lv.Cols != v.Cols || len(v.Map) != v.Rows*v.Cols {
		return v, false
	}
	glyphs := lv.Glyphs()
	out := v
	out.Map = make([]byte, len(glyphs))
	out.Light = make([]engine.Light, len(glyphs))
	for i, c := range glyphs {
		switch {
		case c == byte(engine.Key) && !st.Key && v.Map[i] == '.':
			// Seen in penumbra only (map, no items): the key still lies there.
			out.Map[i], out.Light[i] = c, engine.Penumbra
			continue
		case v.Map[i] != ' ' && v.Map[i] != 0:
			// What the player saw, as they last saw it (items taken are gone).
			out.Map[i], out.Light[i] = v.Map[i], engine.Lit
			continue
		case c == 'P' || c == byte(engine.Hunter) || c == byte(engine.Wanderer) || c == byte(engine.Minotaur):
			c = '.' // starts and monsters' first places: the monsters are drawn where they are
		case c == byte(engine.Key) && st.Key:
			c = '.'
		}
		out.Map[i], out.Light[i] = c, engine.Penumbra
	}
	out.Monsters = st.Monsters
	out.Compass = nil
	return out, true
}

// newEndMap draws v as seen by seat, the path walked on it and the catch
// (nil when nobody was caught).
func newEndMap(st *Styles, seat int, v engine.View, revealed bool, path []engine.Point, caught *engine.Event) *endMap {
	m := &endMap{revealed: revealed}
	m.d.st = st
	// Nobody is drawn on the board at the end but the catcher: the path
	// tells where the player went.
	players := v.Players
	v.Players = nil
	m.d.load(&v, seat)
	v.Players = players
	n := v.Rows * v.Cols
	in := func(p engine.Point) (int, bool) {
		i := p.Y*v.Cols + p.X
		return i, p.X >= 0 && p.Y >= 0 && p.X < v.Cols && p.Y < v.Rows && i < n
	}
	for _, p := range path {
		if i, ok := in(p); ok && m.d.chr[i] == '.' {
			m.d.chr[i], m.d.cls[i] = pathByte, clsPath
		}
	}
	if caught != nil && len(path) > 0 && path[len(path)-1] == caught.Pos {
		path = path[:len(path)-1] // the catcher stands there
	}
	for _, p := range path {
		if i, ok := in(p); ok && m.d.chr[i] == pathByte {
			m.walked = true
		}
	}
	if len(path) > 0 {
		m.focus = path[len(path)-1]
	}
	if caught != nil {
		if i, ok := in(caught.Pos); ok {
			m.d.chr[i], m.d.cls[i] = byte(caught.Monster), clsCatcher
			m.catcher, m.catchAt, m.caught = caught.Monster, caught.Pos, true
			m.partner = caught.Seat != seat
			m.focus = caught.Pos
		}
	}
	return m
}

// cols is the map's width in columns.
func (m *endMap) cols(wide bool) int {
	if wide {
		return 2 * m.d.cols
	}
	return m.d.cols
}

// lines draws the map in at most h rows (a window kept around the catch or
// the path's end when the map is taller): each line exactly cols(wide) wide.
func (m *endMap) lines(wide bool, h int) []string {
	m.d.wide = wide
	vh := min(m.d.rows, h)
	y0 := screen.Window(m.d.rows, vh, m.focus.Y)
	out := make([]string, 0, vh)
	var sb strings.Builder
	for y := y0; y < y0+vh; y++ {
		sb.Reset()
		m.d.writeRow(&sb, y, 0, m.d.cols)
		out = append(out, sb.String())
	}
	return out
}

// legend explains the map's marks: on one line when it fits in w
// columns, else one mark a line.
func (m *endMap) legend(st *Styles, w int) []string {
	var parts []string
	if m.walked {
		parts = append(parts, st.tiles[clsPath]+"·"+st.reset+" your path")
	}
	if m.caught {
		whom := "you"
		if m.partner {
			whom = "your partner"
		}
		parts = append(parts, st.tiles[clsCatcher]+string(rune(m.catcher))+st.reset+" caught "+whom)
	}
	if one := strings.Join(parts, "  "); ansi.StringWidth(one) <= w {
		return []string{one}
	}
	return parts
}

// cause tells in words how the game ended for seat: who caught whom, from
// where, on which turn of which level. seen are the monsters the seat saw
// just before the catch and path the tiles it walked on the level.
func cause(seat int, v engine.View, won bool, caught *engine.Event, seen []engine.MonsterView, path []engine.Point) string {
	when := fmt.Sprintf("on turn %d of level %d", v.Turn, v.Level)
	if won {
		return fmt.Sprintf("You escaped the labyrinth %s, the last.", when)
	}
	if caught == nil {
		return fmt.Sprintf("The game was lost %s: nobody was left to play.", when)
	}
	called := caught.Monster.Called()
	if caught.Seat != seat {
		return fmt.Sprintf("Your partner was caught by %s %s, with you off the board.", called, when)
	}
	// The monster of that kind the player saw nearest the catch, last turn.
	best, found := engine.MonsterView{}, false
	for _, mv := range seen {
		if mv.Kind == caught.Monster && (!found || dist(mv.Pos, caught.Pos) < dist(best.Pos, caught.Pos)) {
			best, found = mv, true
		}
	}
	moved := len(path) >= 2 && path[len(path)-2] != caught.Pos
	switch {
	case !found:
		return fmt.Sprintf("%s you never saw caught you %s.", capital(called), when)
	case best.Pos == caught.Pos && moved:
		return fmt.Sprintf("You walked into %s %s.", called, when)
	case dist(best.Pos, caught.Pos) > 1 && caught.Monster == engine.Minotaur:
		return fmt.Sprintf("The Minotaur leapt on you %s, %d tiles away, %s.", direction(caught.Pos, best.Pos), dist(best.Pos, caught.Pos), when)
	}
	return fmt.Sprintf("%s came at you %s and caught you %s.", capital(called), direction(caught.Pos, best.Pos), when)
}

func capital(s string) string {
	if s == "" {
		return s
	}
	return strings.ToUpper(s[:1]) + s[1:]
}

func dist(a, b engine.Point) int {
	return max(a.X-b.X, b.X-a.X) + max(a.Y-b.Y, b.Y-a.Y)
}

// direction names where from lies seen from at: "from the left", "from
// above", "from above left"…
func direction(at, from engine.Point) string {
	v, h := "", ""
	switch {
	case from.Y < at.Y:
		v = "above"
	case from.Y > at.Y:
		v = "below"
	}
	switch {
	case from.X < at.X:
		h = "left"
	case from.X > at.X:
		h = "right"
	}
	switch {
	case v != "" && h != "":
		return "from " + v + " " + h
	case v != "":
		return "from " + v
	case h != "":
		return "from the " + h
	}
	return "where you stood"
}
