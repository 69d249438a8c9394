package minotaur

import (
	"strings"

	"github.com/charmbracelet/bubbles/key"
	tea "github.com/charmbracelet/bubbletea"
	"github.com/charmbracelet/x/ansi"

	"github.com/minotaur-game/minotaur/engine"
	"github.com/minotaur-game/minotaur/tui/screen"
)

// Look (X; docs/guide.md, "Look, travel, explore"): a cursor moved over
// the map with the moves or the mouse names what is under it as the
// player knows it — from the View only, so that nothing hidden shows —
// and spends no turn. Esc or X leaves; Enter, T or > travels to the tile
// under the cursor.

// lookKeys are the keys of look mode.
var lookKeys = struct {
	Leave, Travel key.Binding
}{
	Leave:  key.NewBinding(key.WithKeys("esc", "x", "X"), key.WithHelp("Esc", "leave")),
	Travel: key.NewBinding(key.WithKeys("enter", ">", "t", "T"), key.WithHelp("Enter", "go there")),
}

// lookAt starts look mode with the cursor on the player.
func (g *gameScreen) lookAt() {
	p, ok := g.b.view.Player(g.sess.Seat())
	at := engine.Point{X: g.b.view.Cols / 2, Y: g.b.view.Rows / 2}
	if ok {
		at = p.Pos
	}
	g.b.cursor = &at
	g.hints.ok = false
	g.b.touch()
}

// endLook leaves look mode.
func (g *gameScreen) endLook() {
	g.b.cursor = nil
	g.hints.ok = false
	g.b.touch()
}

// lookKey handles a key in look mode.
func (g *gameScreen) lookKey(msg tea.KeyMsg) (screen.Nav, tea.Cmd) {
	c := g.b.cursor
	dx, dy := 0, 0
	switch {
	case key.Matches(msg, lookKeys.Leave):
		g.endLook()
		return screen.Stay, nil
	case key.Matches(msg, lookKeys.Travel):
		to := *c
		if why := noTravel(&g.b.view, to); why != "" {
			g.b.refused(why) // look goes on: the cursor may move on
			return screen.Stay, nil
		}
		g.endLook()
		return g.clickTravel(to)
	case key.Matches(msg, playKeys().Up):
		dy = -1
	case key.Matches(msg, playKeys().Down):
		dy = 1
	case key.Matches(msg, playKeys().Left):
		dx = -1
	case key.Matches(msg, playKeys().Right):
		dx = 1
	case key.Matches(msg, playKeys().Help):
		return screen.Push(newHelpScreen(g.c)), nil
	default:
		return screen.Stay, nil
	}
	v := &g.b.view
	c.X = min(max(c.X+dx, 0), v.Cols-1)
	c.Y = min(max(c.Y+dy, 0), v.Rows-1)
	g.hints.ok = false
	g.b.touch()
	return screen.Stay, nil
}

// describe names what the player knows of tile p: who or what stands
// there, the tile, and how well it is seen ("hunter, frozen 2 · floor ·
// in light"; "unseen").
func describe(v *engine.View, seat int, p engine.Point) string {
	var parts []string
	heard := false
	heardTiles(v, seat, func(i int) { heard = heard || i == p.Y*v.Cols+p.X })
	if heard {
		parts = append(parts, heardLook)
	}
	c, light := v.At(p)
	if light == engine.Unseen || c == ' ' {
		for _, m := range v.Marks {
			if m == p {
				parts = append(parts, "the Minotaur's mark: it lands here")
			}
		}
		return strings.Join(append(parts, "unseen"), " · ")
	}
	for _, pl := range v.Players {
		if pl.Pos == p && pl.State == engine.Active {
			if pl.Seat == seat {
				parts = append(parts, "you")
			} else if pl.Name != "" {
				parts = append(parts, pl.Name)
			} else {
				parts = append(parts, "your partner")
			}
		}
	}
	for _, m := range v.Monsters {
		if m.Pos == p {
			s := m.Kind.Name()
			if state := strings.TrimSpace(strings.TrimPrefix(monsterLine(m), string(rune(m.Kind))+" "+m.Kind.Name())); state != "" {
				s += ", " + state
			}
			parts = append(parts, s)
		}
	}
	for _, m := range v.Marks {
		if m == p {
			parts = append(parts, "the Minotaur's mark: it lands here")
		}
	}
	lastSeen := ""
	if light != engine.Lit {
		lastSeen = " (as last seen)"
	}
	switch c {
	case '+', '-', '|':
		parts = append(parts, "wall")
	case '.':
		parts = append(parts, "floor")
	case 'E':
		if v.Key {
			parts = append(parts, "exit, open")
		} else {
			parts = append(parts, "exit, locked")
		}
	case 'K', '*', '^', '?':
		parts = append(parts, itemName(c)+lastSeen)
	}
	for _, m := range v.Compass {
		if m == p {
			parts = append(parts, "a compass mark")
		}
	}
	switch light {
	case engine.Lit:
		parts = append(parts, "in light")
	case engine.Penumbra:
		parts = append(parts, "in penumbra")
	case engine.Remembered:
		parts = append(parts, "remembered")
	}
	return strings.Join(parts, " · ")
}

// heardLook is what Look says of a tile marked h (heardTiles).
const heardLook = "h: a hunter you hear but cannot see is this way (the direction, not its tile)"

// does tells what the monster or item the player knows on tile p does,
// in the rules' words (engine's Does lines), or "" for none.
func does(v *engine.View, p engine.Point) string {
	c, light := v.At(p)
	if light == engine.Unseen || c == ' ' {
		return ""
	}
	for _, m := range v.Monsters {
		if m.Pos == p {
			return m.Kind.Does() + "."
		}
	}
	if isItem(c) {
		return engine.Item(c).Does() + "."
	}
	return ""
}

// lookHints are the lines the panel shows in look mode: what is under the
// cursor, what it does (a monster, an item), and the keys.
func (g *gameScreen) lookHints(w int) ([]string, pline) {
	st := g.c.st
	what := "Look: " + describe(&g.b.view, g.sess.Seat(), *g.b.cursor)
	side := strings.Split(ansi.Wrap(what, w, ""), "\n")
	under := cut(what, w)
	if d := does(&g.b.view, *g.b.cursor); d != "" {
		wrapped := ansi.Wrap(d, w, "")
		side = append(side, strings.Split(wrapped, "\n")...)
		under += "\n" + wrapped
	}
	h := screen.HintHelp(st.Styles, "  ", false)
	side = append(side, screen.Fit(h.ShortHelpView([]key.Binding{playKeys().Move}), w),
		screen.Fit(h.ShortHelpView([]key.Binding{lookKeys.Leave, lookKeys.Travel}), w))
	return side, pline{st.text.warn, under}
}
