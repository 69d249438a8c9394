package foxhunt

import (
	"github.com/charmbracelet/lipgloss"
)

// The colours of the players (by their place in the first table seen).
var playerColors = []string{"12", "10", "13", "14", "11", "9", "208", "141"}

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

func newGlyphs(r *lipgloss.Renderer, mono, wide bool) *glyphs {
	if r == nil {
		r = lipgloss.DefaultRenderer()
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
	g.free = cell(ns().Foreground(lipgloss.Color("240")), ".")
	g.wall = cell(ns().Foreground(lipgloss.Color("136")), "▒▒")
	g.rock = cell(ns().Foreground(lipgloss.Color("250")), "██")
	g.beam = cell(ns().Bold(true).Foreground(lipgloss.Color("226")).Background(lipgloss.Color("196")), "**")
	for i, c := range "rbh" {
		g.special[i] = cell(ns().Bold(true).Foreground(lipgloss.Color("10")), string(c))
	}
	for i := range g.bomb {
		g.bomb[i] = cell(ns().Bold(true).Foreground(lipgloss.Color("15")).Background(lipgloss.Color("160")), string(rune('0'+i)))
	}
	g.fox = cell(ns().Bold(true).Foreground(lipgloss.Color("0")).Background(lipgloss.Color("208")), "F")
	g.several = cell(ns().Bold(true).Foreground(lipgloss.Color("15")), "P")
	for i := 0; i < numColors; i++ {
		c := lipgloss.Color(playerColors[i])
		g.hunter[i] = cell(ns().Bold(true).Foreground(c), "p")
		g.me[i] = cell(ns().Bold(true).Foreground(lipgloss.Color("0")).Background(c), "@")
		g.swatch[i] = ns().Foreground(c).Render("■")
	}
	g.foxMark = ns().Bold(true).Foreground(lipgloss.Color("208")).Render("F")
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
