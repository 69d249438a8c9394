package tui

import (
	"strings"
	"testing"

	"github.com/charmbracelet/lipgloss"
	"github.com/muesli/termenv"

	"github.com/minotaur-game/minotaur/games/labyrinth"
	tuichess "github.com/minotaur-game/minotaur/tui/chess"
	"github.com/minotaur-game/minotaur/tui/screen"
)

// brightWhite are the ways a frame writes bright white text.
var brightWhite = []string{"\x1b[97m", ";97m", "[97;", ";97;", "38;5;15m", "38;5;15;", "38;5;231m", "38;5;231;"}

// TestGamesDrawInThePalette: the boards of the five games, played from the
// main menu or their command, are drawn in the terminal's palette: on the
// light palette no bright white text (it vanishes on a white background),
// and not as on the dark one. (The Fox hunt's board: tui/foxhunt.)
func TestGamesDrawInThePalette(t *testing.T) {
	games := []struct {
		name, keys string
		cfg        func(t *testing.T) Config
	}{
		{"Minotaur", "n", nil},
		{"Labyrinth", "<enter>d<enter><enter>", func(t *testing.T) Config {
			return labConfig(t, "field2.txt", labyrinth.Cell{X: 0, Y: 0}, labyrinth.Cell{X: 3, Y: 3})
		}},
		{"Trails", "r<enter>", nil},
		{"Chess", "<enter>", func(t *testing.T) Config {
			cfg := testConfig(t, 1)
			cfg.Open = openChess(tuichess.Setup{HotSeat: true, Seed: 1})
			return cfg
		}},
	}
	for _, g := range games {
		frames := map[*screen.Palette]string{}
		for _, pal := range []*screen.Palette{&screen.Light, &screen.Dark} {
			cfg := testConfig(t, goldenSeed)
			if g.cfg != nil {
				cfg = g.cfg(t)
			}
			r := lipgloss.NewRenderer(nil)
			r.SetColorProfile(termenv.ANSI256)
			cfg.Styles = screen.NewStylesWith(r, pal)
			d := newDriver(t, cfg, 80, 24)
			d.keys(g.keys)
			frames[pal] = d.m.View()
			if pal == &screen.Light {
				for _, w := range brightWhite {
					if strings.Contains(frames[pal], w) {
						t.Errorf("%s on the light palette: bright white %q (screen %s):\n%s", g.name, w, d.m.Screen(), d.screen())
					}
				}
			}
		}
		if frames[&screen.Light] == frames[&screen.Dark] {
			t.Errorf("%s: the same frame in the light and the dark palettes", g.name)
		}
	}
}
