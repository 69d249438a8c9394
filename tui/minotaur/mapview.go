package minotaur

import (
	"strings"

	"github.com/minotaur-game/minotaur/engine"
	"github.com/minotaur-game/minotaur/tui/screen"
)

// mapDrawer turns an engine.View into rows of text. It keeps its per-tile
// buffers between frames so that drawing allocates nothing but the frame
// itself, and writes each run of tiles of one class as plain characters
// between two escape sequences taken from the glyph table.
type mapDrawer struct {
	st   *Styles
	wide bool // each tile two columns wide, to look square
	rows int
	cols int
	chr  []byte
	cls  []tileClass
}

func isWallChar(c byte) bool { return c == '+' || c == '-' || c == '|' }

// load computes the character and class of every tile of v as seen by seat.
func (d *mapDrawer) load(v *engine.View, seat int) {
	n := v.Rows * v.Cols
	d.rows, d.cols = v.Rows, v.Cols
	if cap(d.chr) < n {
		d.chr = make([]byte, n)
		d.cls = make([]tileClass, n)
	}
	d.chr, d.cls = d.chr[:n], d.cls[:n]
	// A view from the network may be short: what it lacks is unseen.
	known := min(n, len(v.Map), len(v.Light))
	for i := 0; i < known; i++ {
		c := v.Map[i]
		if c < ' ' || c > '~' {
			c = '?'
		}
		d.chr[i] = c
		d.cls[i] = baseClass(c, v.Light[i], v.Key)
	}
	for i := known; i < n; i++ {
		d.chr[i], d.cls[i] = ' ', clsPlain
	}
	in := func(p engine.Point) (int, bool) {
		if p.X < 0 || p.Y < 0 || p.X >= v.Cols || p.Y >= v.Rows {
			return 0, false
		}
		return p.Y*v.Cols + p.X, true
	}
	for _, p := range v.Compass {
		if i, ok := in(p); ok && d.chr[i] != ' ' {
			d.cls[i] = clsCompass
		}
	}
	for _, p := range v.Marks {
		if i, ok := in(p); ok {
			d.chr[i], d.cls[i] = '!', clsMark
		}
	}
	for _, m := range v.Monsters {
		if i, ok := in(m.Pos); ok {
			d.chr[i] = byte(m.Kind)
			d.cls[i] = clsFrozen
			if !m.Frozen {
				d.cls[i] = monsterClass(m.Kind)
			}
		}
	}
	// The partner first, so that this seat's own P is drawn on top. A
	// spectator (seat 0) sees seat 1 drawn as the player, seat 2 as the
	// partner.
	if seat == 0 {
		seat = 1
	}
	d.heardHints(v, seat)
	for pass := 0; pass < 2; pass++ {
		for _, p := range v.Players {
			if p.State != engine.Active || (p.Seat == seat) != (pass == 1) {
				continue
			}
			if i, ok := in(p.Pos); ok {
				d.chr[i] = 'P'
				if p.Seat == seat {
					d.cls[i] = clsPlayer
				} else {
					d.cls[i] = clsPartner
				}
			}
		}
	}
}

// heardHints marks, for each hunter the seat hears and does not see (one
// in light in its direction is seen), the first tile beyond the seat's
// light in the hunter's compass direction (heardTiles): an 'h' on floor or
// the unknown (the wall's own character on a wall), in the hunters'
// colour. It says the direction only, never the tile.
func (d *mapDrawer) heardHints(v *engine.View, seat int) {
	heardTiles(v, seat, func(i int) {
		if !isWallChar(d.chr[i]) {
			d.chr[i] = 'h'
		}
		d.cls[i] = clsHeard
	})
}

// heardTiles calls mark with the index of each tile where a heard hunter
// is hinted (heardHints): the map and Look (describe) agree through it.
func heardTiles(v *engine.View, seat int, mark func(i int)) {
	if len(v.Heard) == 0 || len(v.Light) < v.Rows*v.Cols {
		return
	}
	me, ok := v.Player(seat)
	if !ok || me.State != engine.Active {
		return
	}
	in := func(p engine.Point) (int, bool) {
		if p.X < 0 || p.Y < 0 || p.X >= v.Cols || p.Y >= v.Rows {
			return 0, false
		}
		return p.Y*v.Cols + p.X, true
	}
	// A heard hunter that is also in light is drawn where it stands: the
	// hunters in light, by kind and direction, take the heard ones
	// (nearest first) of their direction before any is hinted.
	type kindDir struct {
		k engine.MonsterKind
		d engine.Wind
	}
	inLight := map[kindDir]int{}
	for _, m := range v.Monsters {
		inLight[kindDir{m.Kind, engine.WindTo(me.Pos, m.Pos)}]++
	}
	for _, h := range v.Heard {
		if h.Seat != 0 && h.Seat != seat {
			continue
		}
		if kd := (kindDir{h.Kind, h.Dir}); inLight[kd] > 0 {
			inLight[kd]--
			continue
		}
		step := h.Dir.Delta()
		if step == (engine.Point{}) {
			continue
		}
		for p := me.Pos.Add(step); ; p = p.Add(step) {
			i, ok := in(p)
			if !ok {
				break
			}
			if v.Light[i] == engine.Lit {
				continue
			}
			mark(i)
			break
		}
	}
}

// baseClass is the class of a map character under a light level.
func baseClass(c byte, l engine.Light, keyed bool) tileClass {
	switch l {
	case engine.Unseen:
		return clsPlain
	case engine.Remembered:
		return clsRemembered
	case engine.Penumbra:
		if c == 'E' {
			return clsExitDim
		}
		return clsPenumbra
	}
	switch c {
	case 'E':
		if keyed {
			return clsExitOpen
		}
		return clsExit
	case 'K':
		return clsKey
	case '*', '^', '?':
		return clsBonus
	}
	return clsLit
}

// writeRow writes tiles x0…x0+w−1 of row y: exactly width(w) columns, and
// no style left open at its end.
func (d *mapDrawer) writeRow(sb *strings.Builder, y, x0, w int) {
	cur := clsPlain
	base := y * d.cols
	for x := x0; x < x0+w; x++ {
		i := base + x
		c, k := d.chr[i], d.cls[i]
		if k == clsPlayer {
			sb.WriteString(screen.CursorMark)
		}
		if k != cur {
			if cur != clsPlain && d.st.tiles[cur] != "" {
				sb.WriteString(d.st.reset)
			}
			if k != clsPlain {
				sb.WriteString(d.st.tiles[k])
			}
			cur = k
		}
		if c == pathByte {
			sb.WriteString("·")
		} else {
			sb.WriteByte(c)
		}
		if d.wide {
			fill := byte(' ')
			if x+1 < d.cols && isWallChar(c) && isWallChar(d.chr[i+1]) && k != clsMark && d.cls[i+1] != clsMark {
				fill = '-'
			}
			sb.WriteByte(fill)
		}
	}
	if cur != clsPlain && d.st.tiles[cur] != "" {
		sb.WriteString(d.st.reset)
	}
}

// monsterClass is the colour of a monster of the kind.
func monsterClass(k engine.MonsterKind) tileClass {
	switch k {
	case engine.Hunter:
		return clsHunter
	case engine.Wanderer:
		return clsWanderer
	}
	return clsMinotaur
}
