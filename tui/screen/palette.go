package screen

import (
	"fmt"
	"strings"

	"github.com/charmbracelet/lipgloss"
)

// Ink is a colour pair: Fg on Bg. A colour is what lipgloss.Color takes —
// an ANSI index "0"–"255" or "#rrggbb" — and "" is the terminal's own.
type Ink struct{ Fg, Bg string }

// Palette is a set of colours for every role a screen draws: the text of
// the shell and of every game's panels (Text), and the cells of the five
// games' boards (Map). The pre-rendered glyph tables are built from it
// once per terminal and palette, never a Style.Render per cell.
//
// A palette is made for one kind of background: Bg and Fg are that
// background and the terminal's text on it, as "#rrggbb" (the test of the
// palettes' contrast measures every role against them). The palettes never
// paint the background itself.
type Palette struct {
	Name   string
	Bg, Fg string
	Text   TextInks
	Map    MapInks
}

// TextInks are the colours of text: titles, headings, hints, notes.
type TextInks struct {
	Title, Heading, Faint, Disabled, Good, Warn, Bad, Key, Border Ink
	Selected, Hilite                                              Ink // with a background of their own
}

// MapInks are the colours of the games' boards.
type MapInks struct {
	// Minotaur and the Labyrinth (and the other games where the meaning
	// is the same).
	Lit, Penumbra, Remembered, Player, Partner, Hunter, Wanderer, Minotaur Ink
	Frozen, Mark, Key, Exit, ExitOpen, ExitDim, Bonus, Compass, Cursor     Ink
	Path, Catcher, Heard                                                   Ink
	// Open-world chess: the two sides, a fogged cell, an empty one, an
	// open cell, a target.
	White, Black, Fog, Empty, Open, Target Ink
	// The Fox hunt: walls, rock, a beam, special fields, a bomb, the fox,
	// several players on a field; the players' colours (a hunter is drawn
	// in its colour, the player's own "@" in colour Me on its colour).
	Wall, Rock, Beam, Special, Bomb, Fox, Several Ink
	Players                                       [8]string
	Me                                            string
	// Trails and Towers: the two players and their trails, a cell the
	// player to move may go to.
	Blue, Red, BlueTrail, RedTrail, Reachable Ink
}

// The palettes' names, as the settings, --palette and MINOTAUR_PALETTE
// spell them. Auto is not a palette: it picks Light or Dark from the
// terminal's background where that can be asked (see ChoosePalette).
const (
	PaletteAuto         = "auto"
	PaletteDark         = "dark"
	PaletteLight        = "light"
	PaletteHighContrast = "high-contrast"
)

// PaletteNames are the names a player may choose, auto first.
var PaletteNames = []string{PaletteAuto, PaletteDark, PaletteLight, PaletteHighContrast}

// CheckPaletteName refuses a name that is not one of PaletteNames, with
// a sentence naming the choices.
func CheckPaletteName(name string) error {
	for _, n := range PaletteNames {
		if name == n {
			return nil
		}
	}
	return fmt.Errorf("unknown palette %q: choose one of %s", name, strings.Join(PaletteNames, ", "))
}

// Palettes are the palettes by name.
var Palettes = map[string]*Palette{
	PaletteDark:         &Dark,
	PaletteLight:        &Light,
	PaletteHighContrast: &HighContrast,
}

// ChoosePalette is the palette of a name: dark, light or high-contrast;
// auto (or "") asks isDark, when given, whether the terminal's background
// is dark — only where that can be asked without risk (a local terminal,
// never over SSH) — and is Dark when it is not asked. An unknown name is
// Dark (the names are checked where they are read).
func ChoosePalette(name string, isDark func() bool) *Palette {
	if p, ok := Palettes[name]; ok {
		return p
	}
	if (name == PaletteAuto || name == "") && isDark != nil && !isDark() {
		return &Light
	}
	return &Dark
}

// ink is a foreground of its own on the terminal's background.
func ink(fg string) Ink { return Ink{Fg: fg} }

// Dark is the palette for a dark background: the game's first colours,
// the ANSI ones measured as xterm shows them. The greys of remembered and
// disabled things are a little lighter than at first, to be readable.
var Dark = Palette{
	Name: PaletteDark, Bg: "#000000", Fg: "#e5e5e5",
	Text: TextInks{
		Title: ink("9"), Heading: ink("15"), Faint: ink("244"), Disabled: ink("243"),
		Good: ink("10"), Warn: ink("11"), Bad: ink("9"), Key: ink("14"), Border: ink("244"),
		Selected: Ink{"0", "11"}, Hilite: Ink{"0", "10"},
	},
	Map: MapInks{
		Lit: ink("15"), Penumbra: ink("7"), Remembered: ink("242"), Player: ink("15"), Partner: ink("14"),
		Hunter: ink("1"), Wanderer: ink("5"), Minotaur: ink("9"), Frozen: ink("12"), Mark: Ink{"9", "52"},
		Key: ink("11"), Exit: ink("2"), ExitOpen: ink("10"), ExitDim: ink("2"), Bonus: ink("3"), Compass: ink("12"),
		Cursor: Ink{"0", "11"}, Path: ink("179"), Catcher: Ink{"15", "1"}, Heard: ink("1"),
		White: ink("15"), Black: ink("208"), Fog: ink("241"), Empty: ink("242"), Open: Ink{"250", "238"}, Target: Ink{"15", "22"},
		Wall: ink("136"), Rock: ink("250"), Beam: Ink{"226", "196"}, Special: ink("10"), Bomb: Ink{"15", "160"},
		Fox: Ink{"0", "208"}, Several: ink("15"),
		Players: [8]string{"12", "10", "13", "14", "11", "9", "208", "141"}, Me: "0",
		Blue: ink("12"), Red: ink("9"), BlueTrail: ink("33"), RedTrail: ink("1"), Reachable: Ink{"0", "2"},
	},
}

// Light is the palette for a light (white) background: dark inks, never
// bright white text on the terminal's background. It uses the fixed
// colours of the 256-colour table (16–255), whose shades terminals agree on.
var Light = Palette{
	Name: PaletteLight, Bg: "#ffffff", Fg: "#000000",
	Text: TextInks{
		Title: ink("124"), Heading: ink("17"), Faint: ink("240"), Disabled: ink("242"),
		Good: ink("22"), Warn: ink("94"), Bad: ink("160"), Key: ink("25"), Border: ink("242"),
		Selected: Ink{"16", "220"}, Hilite: Ink{"16", "114"},
	},
	Map: MapInks{
		Lit: ink("16"), Penumbra: ink("240"), Remembered: ink("245"), Player: ink("16"), Partner: ink("30"),
		Hunter: ink("124"), Wanderer: ink("90"), Minotaur: ink("160"), Frozen: ink("26"), Mark: Ink{"160", "224"},
		Key: ink("130"), Exit: ink("28"), ExitOpen: ink("22"), ExitDim: ink("28"), Bonus: ink("94"), Compass: ink("26"),
		Cursor: Ink{"16", "220"}, Path: ink("130"), Catcher: Ink{"231", "124"}, Heard: ink("124"),
		White: ink("16"), Black: ink("166"), Fog: ink("245"), Empty: ink("240"), Open: Ink{"236", "253"}, Target: Ink{"16", "157"},
		Wall: ink("94"), Rock: ink("238"), Beam: Ink{"226", "196"}, Special: ink("28"), Bomb: Ink{"231", "160"},
		Fox: Ink{"16", "208"}, Several: ink("16"),
		Players: [8]string{"21", "28", "127", "30", "130", "160", "166", "55"}, Me: "231",
		Blue: ink("21"), Red: ink("160"), BlueTrail: ink("26"), RedTrail: ink("124"), Reachable: Ink{"16", "157"},
	},
}

// HighContrast is the palette for players who need stronger contrast:
// bright, saturated inks on a black background (set the terminal's
// background to black), every role at a contrast of 7 or more.
var HighContrast = Palette{
	Name: PaletteHighContrast, Bg: "#000000", Fg: "#ffffff",
	Text: TextInks{
		Title: ink("226"), Heading: ink("231"), Faint: ink("252"), Disabled: ink("248"),
		Good: ink("46"), Warn: ink("226"), Bad: ink("210"), Key: ink("51"), Border: ink("231"),
		Selected: Ink{"16", "226"}, Hilite: Ink{"16", "46"},
	},
	Map: MapInks{
		Lit: ink("231"), Penumbra: ink("250"), Remembered: ink("247"), Player: ink("231"), Partner: ink("51"),
		Hunter: ink("209"), Wanderer: ink("213"), Minotaur: Ink{"231", "124"}, Frozen: ink("117"), Mark: Ink{"231", "88"},
		Key: ink("226"), Exit: ink("46"), ExitOpen: Ink{"16", "46"}, ExitDim: ink("34"), Bonus: ink("220"), Compass: ink("117"),
		Cursor: Ink{"16", "226"}, Path: ink("214"), Catcher: Ink{"231", "124"}, Heard: ink("209"),
		White: ink("231"), Black: ink("214"), Fog: ink("247"), Empty: ink("247"), Open: Ink{"231", "238"}, Target: Ink{"16", "46"},
		Wall: ink("180"), Rock: ink("231"), Beam: Ink{"16", "226"}, Special: ink("46"), Bomb: Ink{"231", "124"},
		Fox: Ink{"16", "214"}, Several: ink("231"),
		Players: [8]string{"81", "46", "213", "51", "226", "210", "214", "183"}, Me: "16",
		Blue: ink("81"), Red: ink("210"), BlueTrail: ink("75"), RedTrail: ink("209"), Reachable: Ink{"16", "46"},
	},
}

// Ink is a style of the terminal's renderer in ink i.
func (s *Styles) Ink(i Ink) lipgloss.Style {
	st := s.Renderer.NewStyle()
	if i.Fg != "" {
		st = st.Foreground(lipgloss.Color(i.Fg))
	}
	if i.Bg != "" {
		st = st.Background(lipgloss.Color(i.Bg))
	}
	return st
}
