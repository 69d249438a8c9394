package foxhunt

import (
	"strings"
	"testing"

	"github.com/charmbracelet/lipgloss"
	"github.com/muesli/termenv"

	"github.com/minotaur-game/minotaur/tui/screen"
)

// TestGlyphsFollowThePalette: the board's fields are drawn in the palette
// the player chose: on the light one, no bright white (the several-players
// field, a bomb's digit stand on their own background), and not as on the
// dark one.
func TestGlyphsFollowThePalette(t *testing.T) {
	r := lipgloss.NewRenderer(nil)
	r.SetColorProfile(termenv.ANSI256)
	light, dark := newGlyphs(r, &screen.Light, false, true), newGlyphs(r, &screen.Dark, false, true)
	if light.several == dark.several || light.free == dark.free || light.me[0] == dark.me[0] {
		t.Errorf("the light and the dark boards are drawn alike: %q %q", light.several, dark.several)
	}
	for _, s := range []string{light.free, light.wall, light.rock, light.several, light.hunter[0], light.special[0]} {
		if strings.Contains(s, "[97m") || strings.Contains(s, "38;5;15m") || strings.Contains(s, "38;5;231m") {
			t.Errorf("bright white on the light board: %q", s)
		}
	}
}
