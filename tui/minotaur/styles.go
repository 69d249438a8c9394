package minotaur

import (
	"github.com/charmbracelet/lipgloss"

	"github.com/minotaur-game/minotaur/tui/screen"
)

// Styles holds every style the screens use, built once per terminal (per
// SSH session, from that session's renderer) and passed down to every
// screen: the style classes every game's screens share (screen.Styles,
// which the other games' screens take), and Minotaur's glyph table. The
// map is never drawn with Style.Render: its tile classes are turned once
// into raw escape prefixes that the map renderer writes around plain
// characters.
type Styles struct {
	*screen.Styles

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

// newStyles builds Minotaur's styles over the terminal's (base, made by
// screen.NewStyles with the local terminal's renderer or an SSH session's);
// when its colour profile is Ascii (NO_COLOR, a dumb terminal) the styles
// fall back to bold, dim and reverse.
func newStyles(base *screen.Styles) *Styles {
	if base == nil {
		base = screen.NewStyles(nil)
	}
	r := base.Renderer
	s := &Styles{Styles: base}
	ns := r.NewStyle

	if s.Mono {
		s.text.title, s.text.heading, s.text.faint = screen.SGRBold, screen.SGRBold, screen.SGRDim
		s.text.good, s.text.warn, s.text.key = screen.SGRBold, screen.SGRBold, screen.SGRBold
		s.reset = screen.SGRReset
		s.tiles = [numClasses]string{
			clsLit:        screen.SGRBold,
			clsPenumbra:   "",
			clsRemembered: screen.SGRDim,
			clsPlayer:     screen.SGRBold + screen.SGRReverse,
			clsPartner:    screen.SGRReverse,
			clsHunter:     screen.SGRBold,
			clsWanderer:   screen.SGRBold,
			clsMinotaur:   screen.SGRBold + screen.SGRReverse,
			clsFrozen:     screen.SGRDim + screen.SGRReverse,
			clsMark:       screen.SGRBold + screen.SGRReverse,
			clsKey:        screen.SGRBold + screen.SGRUnderline,
			clsExit:       screen.SGRUnderline,
			clsExitOpen:   screen.SGRBold + screen.SGRReverse,
			clsExitDim:    "",
			clsBonus:      screen.SGRBold + screen.SGRUnderline,
			clsCompass:    screen.SGRReverse,
			clsCursor:     screen.SGRReverse + screen.SGRUnderline,
			clsPath:       screen.SGRDim,
			clsCatcher:    screen.SGRBold + screen.SGRReverse + screen.SGRUnderline,
			clsHeard:      screen.SGRDim + screen.SGRUnderline,
		}
		return s
	}
	m := base.Palette.Map
	in := s.Ink
	table := [numClasses]lipgloss.Style{
		clsPlain:      ns(),
		clsLit:        in(m.Lit),
		clsPenumbra:   in(m.Penumbra).Faint(true),
		clsRemembered: in(m.Remembered),
		clsPlayer:     in(m.Player).Bold(true),
		clsPartner:    in(m.Partner).Bold(true),
		clsHunter:     in(m.Hunter),
		clsWanderer:   in(m.Wanderer),
		clsMinotaur:   in(m.Minotaur).Bold(true),
		clsFrozen:     in(m.Frozen),
		clsMark:       in(m.Mark).Bold(true),
		clsKey:        in(m.Key).Bold(true),
		clsExit:       in(m.Exit),
		clsExitOpen:   in(m.ExitOpen).Bold(true),
		clsExitDim:    in(m.ExitDim).Faint(true),
		clsBonus:      in(m.Bonus),
		clsCompass:    in(m.Compass).Bold(true),
		clsCursor:     in(m.Cursor).Bold(true),
		clsPath:       in(m.Path),
		clsCatcher:    in(m.Catcher).Bold(true),
		clsHeard:      in(m.Heard).Bold(true).Underline(true),
	}
	s.text.title, s.text.heading, s.text.faint = screen.Prefix(s.Title), screen.Prefix(s.Heading), screen.Prefix(s.Faint)
	s.text.good, s.text.warn, s.text.key = screen.Prefix(s.Good), screen.Prefix(s.Warn), screen.Prefix(s.Key)
	for i, st := range table {
		s.tiles[i] = screen.Prefix(st)
	}
	s.reset = screen.SGRReset
	return s
}

// NewStyles builds Minotaur's styles for a terminal: pass
// lipgloss.DefaultRenderer() (or nil) for the local terminal or the
// renderer of an SSH session.
func NewStyles(r *lipgloss.Renderer) *Styles { return newStyles(screen.NewStyles(r)) }
