package foxhunt

import (
	"github.com/charmbracelet/lipgloss"

	"github.com/minotaur-game/minotaur/tui/screen"
)

// numColors is how many players' colours there are (by their place in the
// first table seen): the palette's Map.Players.
const numColors = 8

// glyphs is the table of pre-rendered fields: each kind of field drawn once
// per terminal (and per cell width), then copied for every field.
type glyphs struct {
	mono       bool
	wide       bool
	free, wall string
	rock, beam string
	special    [3]string // r b h
	bomb       [10]string
	fox        string
	several    string
	hunter     [numColors]string
	me         [numColors]string
	swatch     [numColors]string // a player's colour in the scoreboard
	foxMark    string
}

func newGlyphs(r *lipgloss.Renderer, pal *screen.Palette, mono, wide bool) *glyphs {
	if r == nil {
		r = lipgloss.DefaultRenderer()
	}
	if pal == nil {
		pal = &screen.Dark
	}
	g := &glyphs{mono: mono, wide: wide}
	cell := func(st lipgloss.Style, s string) string {
		rs := []rune(s)
		if wide {
			if len(rs) == 1 {
				s += " "
			}
		} else {
			s = string(rs[:1])
		}
		return st.Render(s)
	}
	ns := r.NewStyle
	if mono {
		g.free = cell(ns().Faint(true), ".")
		g.wall = cell(ns(), "++")
		g.rock = cell(ns().Bold(true), "##")
		g.beam = cell(ns().Bold(true), "**")
		for i, c := range "rbh" {
			g.special[i] = cell(ns().Underline(true), string(c))
		}
		for i := range g.bomb {
			g.bomb[i] = cell(ns().Bold(true).Reverse(true), string(rune('0'+i)))
		}
		g.fox = cell(ns().Bold(true).Reverse(true), "F")
		g.several = cell(ns().Bold(true), "P")
		for i := 0; i < numColors; i++ {
			g.hunter[i] = cell(ns(), "p")
			g.me[i] = cell(ns().Bold(true), "@")
			g.swatch[i] = " "
		}
		g.foxMark = "F"
		return g
	}
	p := pal.Map
	in := func(i screen.Ink) lipgloss.Style {
		st := ns()
		if i.Fg != "" {
			st = st.Foreground(lipgloss.Color(i.Fg))
		}
		if i.Bg != "" {
			st = st.Background(lipgloss.Color(i.Bg))
		}
		return st
	}
	g.free = cell(in(p.Remembered), ".")
	g.wall = cell(in(p.Wall), "▒▒")
	g.rock = cell(in(p.Rock), "██")
	g.beam = cell(in(p.Beam).Bold(true), "**")
	for i, c := range "rbh" {
		g.special[i] = cell(in(p.Special).Bold(true), string(c))
	}
	for i := range g.bomb {
		g.bomb[i] = cell(in(p.Bomb).Bold(true), string(rune('0'+i)))
	}
	g.fox = cell(in(p.Fox).Bold(true), "F")
	g.several = cell(in(p.Several).Bold(true), "P")
	for i := 0; i < numColors; i++ {
		c := p.Players[i]
		g.hunter[i] = cell(in(screen.Ink{Fg: c}).Bold(true), "p")
		g.me[i] = cell(in(screen.Ink{Fg: p.Me, Bg: c}).Bold(true), "@")
		g.swatch[i] = in(screen.Ink{Fg: c}).Render("■")
	}
	g.foxMark = in(screen.Ink{Fg: p.Fox.Bg}).Bold(true).Render("F")
	return g
}

// width is a field's width in columns.
func (g *glyphs) width() int {
	if g.wide {
		return 2
	}
	return 1
}

// blank is an empty cell (off the map).
func (g *glyphs) blank() string {
	if g.wide {
		return "  "
	}
	return " "
}
