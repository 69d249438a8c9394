package tui

import (
	"github.com/charmbracelet/lipgloss"

	ui "github.com/minotaur-game/minotaur/tui/screen"
)

// Styles holds every style the screens use, built once per terminal (per
// SSH session, from that session's renderer) and passed down to every
// screen: the style classes every game's screens share (screen.Styles,
// which the other games' screens take), and Minotaur's glyph table. The
// map is never drawn with Style.Render: its tile classes are turned once
// into raw escape prefixes that the map renderer writes around plain
// characters.
type Styles struct {
	*ui.Styles

	// text holds the escape prefixes of the panel's text styles, so that
	// the game screen writes its lines without Style.Render.
	text struct{ title, heading, faint, good, warn, key string }

	// tiles is the glyph table: the escape sequence that starts each tile
	// class; reset ends any of them.
	tiles [numClasses]string
	reset string
}

// tileClass is how one map cell is drawn.
type tileClass uint8

const (
	clsPlain      tileClass = iota // unseen: blank
	clsLit                         // map in light
	clsPenumbra                    // map in penumbra
	clsRemembered                  // map from memory
	clsPlayer
	clsPartner
	clsHunter
	clsWanderer
	clsMinotaur
	clsFrozen // a frozen monster
	clsMark   // the Minotaur's landing marks
	clsKey
	clsExit     // closed exit
	clsExitOpen // the exit once the key is taken
	clsExitDim  // the exit in penumbra
	clsBonus
	clsCompass // tiles marked by a compass
	clsCursor  // the look cursor
	clsPath    // the path walked, on the end screen's map
	clsCatcher // the monster that caught the player, on the end screen's map
	clsHeard   // where a hunter that hears the player lies, at the edge of the light
	numClasses
)

// SGR sequences used without colour.
const (
	sgrReset   = ui.SGRReset
	sgrBold    = ui.SGRBold
	sgrDim     = ui.SGRDim
	sgrReverse = ui.SGRReverse
	// sgrUnderline marks the key, the exit and the bonuses without colour.
	sgrUnderline = ui.SGRUnderline
)

// NewStyles builds the styles for a terminal. Pass lipgloss.DefaultRenderer()
// for the local terminal or the renderer of an SSH session; when its colour
// profile is Ascii (NO_COLOR, a dumb terminal) the styles fall back to bold,
// dim and reverse.
func NewStyles(r *lipgloss.Renderer) *Styles {
	if r == nil {
		r = lipgloss.DefaultRenderer()
	}
	s := &Styles{Styles: ui.NewStyles(r)}
	ns := r.NewStyle

	if s.Mono {
		s.text.title, s.text.heading, s.text.faint = sgrBold, sgrBold, sgrDim
		s.text.good, s.text.warn, s.text.key = sgrBold, sgrBold, sgrBold
		s.reset = sgrReset
		s.tiles = [numClasses]string{
			clsLit:        sgrBold,
			clsPenumbra:   "",
			clsRemembered: sgrDim,
			clsPlayer:     sgrBold + sgrReverse,
			clsPartner:    sgrReverse,
			clsHunter:     sgrBold,
			clsWanderer:   sgrBold,
			clsMinotaur:   sgrBold + sgrReverse,
			clsFrozen:     sgrDim + sgrReverse,
			clsMark:       sgrBold + sgrReverse,
			clsKey:        sgrBold + sgrUnderline,
			clsExit:       sgrUnderline,
			clsExitOpen:   sgrBold + sgrReverse,
			clsExitDim:    "",
			clsBonus:      sgrBold + sgrUnderline,
			clsCompass:    sgrReverse,
			clsCursor:     sgrReverse + sgrUnderline,
			clsPath:       sgrDim,
			clsCatcher:    sgrBold + sgrReverse + sgrUnderline,
			clsHeard:      sgrDim + sgrUnderline,
		}
		return s
	}
	fg := func(c string) lipgloss.Style { return ns().Foreground(lipgloss.Color(c)) }
	table := [numClasses]lipgloss.Style{
		clsPlain:      ns(),
		clsLit:        fg("15"),
		clsPenumbra:   fg("7").Faint(true),
		clsRemembered: fg("240"),
		clsPlayer:     fg("15").Bold(true),
		clsPartner:    fg("14").Bold(true),
		clsHunter:     fg("1"),
		clsWanderer:   fg("5"),
		clsMinotaur:   fg("9").Bold(true),
		clsFrozen:     fg("12"),
		clsMark:       fg("9").Bold(true).Background(lipgloss.Color("52")),
		clsKey:        fg("11").Bold(true),
		clsExit:       fg("2"),
		clsExitOpen:   fg("10").Bold(true),
		clsExitDim:    fg("2").Faint(true),
		clsBonus:      fg("3"),
		clsCompass:    fg("12").Bold(true),
		clsCursor:     fg("0").Bold(true).Background(lipgloss.Color("11")),
		clsPath:       fg("179"),
		clsCatcher:    fg("15").Bold(true).Background(lipgloss.Color("1")),
		clsHeard:      fg("1").Bold(true).Underline(true),
	}
	s.text.title, s.text.heading, s.text.faint = prefixOf(s.Title), prefixOf(s.Heading), prefixOf(s.Faint)
	s.text.good, s.text.warn, s.text.key = prefixOf(s.Good), prefixOf(s.Warn), prefixOf(s.Key)
	for i, st := range table {
		s.tiles[i] = prefixOf(st)
	}
	s.reset = sgrReset
	return s
}

// prefixOf returns the escape sequence a style writes before its text.
func prefixOf(st lipgloss.Style) string { return ui.Prefix(st) }
