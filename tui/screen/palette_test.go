package screen

import (
	"fmt"
	"math"
	"reflect"
	"strconv"
	"strings"
	"testing"

	"github.com/charmbracelet/lipgloss"
	"github.com/muesli/termenv"
)

// xterm16 are the first 16 colours as xterm shows them.
var xterm16 = [16][3]int{
	{0, 0, 0}, {205, 0, 0}, {0, 205, 0}, {205, 205, 0}, {0, 0, 238}, {205, 0, 205}, {0, 205, 205}, {229, 229, 229},
	{127, 127, 127}, {255, 0, 0}, {0, 255, 0}, {255, 255, 0}, {92, 92, 255}, {255, 0, 255}, {0, 255, 255}, {255, 255, 255},
}

// rgb is the colour of an ANSI index or "#rrggbb".
func rgb(t *testing.T, c string) [3]int {
	t.Helper()
	if len(c) == 7 && c[0] == '#' {
		var r, g, b int
		if _, err := fmt.Sscanf(c, "#%02x%02x%02x", &r, &g, &b); err != nil {
			t.Fatalf("colour %q: %v", c, err)
		}
		return [3]int{r, g, b}
	}
	n, err := strconv.Atoi(c)
	switch {
	case err != nil || n < 0 || n > 255:
		t.Fatalf("colour %q is neither an ANSI index nor #rrggbb", c)
	case n < 16:
		return xterm16[n]
	case n < 232:
		level := []int{0, 95, 135, 175, 215, 255}
		n -= 16
		return [3]int{level[n/36], level[n/6%6], level[n%6]}
	}
	v := 8 + 10*(n-232)
	return [3]int{v, v, v}
}

// luminance is WCAG's relative luminance.
func luminance(c [3]int) float64 {
	lin := func(v int) float64 {
		s := float64(v) / 255
		if s <= 0.03928 {
			return s / 12.92
		}
		return math.Pow((s+0.055)/1.055, 2.4)
	}
	return 0.2126*lin(c[0]) + 0.7152*lin(c[1]) + 0.0722*lin(c[2])
}

// contrast is WCAG's contrast ratio of two colours.
func contrast(a, b [3]int) float64 {
	la, lb := luminance(a), luminance(b)
	return (max(la, lb) + 0.05) / (min(la, lb) + 0.05)
}

// TestPaletteContrast: every role of every palette is readable on the
// background the palette is made for (or on its own background): text at
// WCAG's 4.5, the boards' glyphs at 3, and everything at 7 in the
// high-contrast palette.
func TestPaletteContrast(t *testing.T) {
	for _, name := range PaletteNames[1:] {
		p := Palettes[name]
		if p.Name != name {
			t.Errorf("palette %q calls itself %q", name, p.Name)
		}
		text, glyph := 4.5, 3.0
		if name == PaletteHighContrast {
			text, glyph = 7, 7
		}
		bg, fg := rgb(t, p.Bg), rgb(t, p.Fg)
		if c := contrast(fg, bg); c < text {
			t.Errorf("%s: the text %s on %s: contrast %.2f", name, p.Fg, p.Bg, c)
		}
		check := func(role string, i Ink, least float64) {
			f, b := fg, bg
			if i.Fg != "" {
				f = rgb(t, i.Fg)
			}
			if i.Bg != "" {
				b = rgb(t, i.Bg)
			}
			if c := contrast(f, b); c < least {
				t.Errorf("%s: %s (%s on %s): contrast %.2f, want %.1f or more", name, role, i.Fg, i.Bg, c, least)
			}
		}
		inks := func(v any, least float64) int {
			n := 0
			rv := reflect.ValueOf(v)
			for k := 0; k < rv.NumField(); k++ {
				if i, ok := rv.Field(k).Interface().(Ink); ok {
					check(rv.Type().Field(k).Name, i, least)
					n++
				}
			}
			return n
		}
		if n := inks(p.Text, text); n != 11 {
			t.Errorf("%s: %d text roles checked", name, n)
		}
		inks(p.Map, glyph)
		for k, c := range p.Map.Players {
			check(fmt.Sprintf("Players[%d]", k), ink(c), glyph)
			check(fmt.Sprintf("Me on Players[%d]", k), Ink{p.Map.Me, c}, glyph)
		}
	}
}

func containsAny(s string, subs ...string) bool {
	for _, sub := range subs {
		if strings.Contains(s, sub) {
			return true
		}
	}
	return false
}

// TestLightHasNoBrightWhiteText: the light palette never writes bright
// white (or the palette's background) on the terminal's background.
func TestLightHasNoBrightWhiteText(t *testing.T) {
	st := NewStylesWith(lipgloss.NewRenderer(nil, termenv.WithProfile(termenv.ANSI256)), &Light)
	for _, s := range []lipgloss.Style{st.Title, st.Heading, st.Text, st.Faint, st.Good, st.Warn, st.Bad, st.Key} {
		if p := Prefix(s); containsAny(p, "97m", "97;", "[37m", ";37m", "38;5;15m", "38;5;231m") {
			t.Errorf("a light text style starts %q: white on the terminal's background", p)
		}
	}
}

func TestChoosePalette(t *testing.T) {
	dark := func() bool { return true }
	light := func() bool { return false }
	for _, tc := range []struct {
		name   string
		isDark func() bool
		want   *Palette
	}{
		{"auto", light, &Light}, {"auto", dark, &Dark}, {"auto", nil, &Dark}, {"", light, &Light},
		{"dark", light, &Dark}, {"light", dark, &Light}, {"high-contrast", nil, &HighContrast},
	} {
		if got := ChoosePalette(tc.name, tc.isDark); got != tc.want {
			t.Errorf("ChoosePalette(%q) = %s, want %s", tc.name, got.Name, tc.want.Name)
		}
	}
	if err := CheckPaletteName("sepia"); err == nil {
		t.Error("the palette sepia was taken")
	}
}
