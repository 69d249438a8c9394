package foxhunt

import (
	"flag"
	"strings"
	"testing"
	"time"

	tea "github.com/charmbracelet/bubbletea"
	"github.com/charmbracelet/lipgloss"
	"github.com/muesli/termenv"

	"github.com/minotaur-game/minotaur/games/foxhunt"
	"github.com/minotaur-game/minotaur/tui/screen/screentest"
)

var _ = flag.Bool("update", false, "rewrite the golden files")

// TestGolden pins the screens, as a person sees them, on a generated map
// after a few rounds with a bomb lying and a beam: play at 80×24 and 40×12,
// with and without colour, and watch at 80×24 (the escape sequences are
// kept: colour is part of what is pinned).
func TestGolden(t *testing.T) {
	for _, tc := range []struct {
		name string
		mode Mode
		w, h int
		mono bool
	}{
		{"play-80x24", Play, 80, 24, false},
		{"play-80x24-mono", Play, 80, 24, true},
		{"play-40x12", Play, 40, 12, false},
		{"play-40x12-mono", Play, 40, 12, true},
		{"watch-80x24-mono", Watch, 80, 24, true},
	} {
		t.Run(tc.name, func(t *testing.T) {
			g, err := foxhunt.New(foxhunt.Config{W: 20, H: 20, Rounds: 100, Seed: 4}, []string{"Anna", "Bert", "me", "Dora"})
			if err != nil {
				t.Fatal(err)
			}
			r := lipgloss.NewRenderer(nil)
			r.SetColorProfile(termenv.ANSI256)
			if tc.mono {
				r.SetColorProfile(termenv.Ascii)
			}
			at := time.Unix(1000, 0) // a fixed clock: the blocks come at once
			m := New(Options{Mode: tc.mode, Renderer: r, Mono: tc.mono, Now: func() time.Time { return at }})
			m.Update(tea.WindowSizeMsg{Width: tc.w, Height: tc.h})
			if tc.mode == Play {
				m.Update(lineMsg{[]string{"YourName:me"}})
			}
			m.Update(lineMsg{block(g)})
			// rounds 1-5: Anna's and Dora's bombs of round 1 go off at the end
			// of round 5; Bert's and mine (laid under me) of round 3 lie on
			for _, cmds := range [][4]string{{"b", "n", "d", "b"}, {"s", "n", "w", "d"}, {"n", "b2d", "b", "n"}, {"d", "s", "d", "a"}, {"a", "w", "d", "s"}} {
				for i, c := range cmds {
					if i == 2 && tc.mode == Play && strings.HasPrefix(c, "b") {
						m.fuses.Thrown(g.Players()[2].At) // as the screen does when it sends
					}
					g.Submit(i, c)
				}
				g.EndRound()
				m.Update(lineMsg{block(g)})
			}
			got := m.View()
			screentest.Golden(t, tc.name, got)
			screentest.Fits(t, got, tc.w, tc.h)
		})
	}
}
