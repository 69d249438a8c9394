package tui

import (
	"strings"
	"testing"

	tea "github.com/charmbracelet/bubbletea"
	"github.com/charmbracelet/x/ansi"

	"github.com/minotaur-game/minotaur/engine"
)

// Defect 1 of issue 23: while "Terminal too small" hides the board, game
// keys do nothing — a player cannot walk into what they cannot see.
func TestTooSmallTerminalPlaysNoKeys(t *testing.T) {
	d := newDriver(t, testConfig(t, 42), 80, 24)
	d.keys("n")
	d.expectScreen("game")
	g := d.game()
	before := g.Status().Players[0].Pos
	turn := g.Status().Turn
	d.send(tea.WindowSizeMsg{Width: 30, Height: 10})
	d.keys("<down><down><down>sdX>TO ")
	d.send(tea.MouseMsg{X: 5, Y: 5, Action: tea.MouseActionRelease, Button: tea.MouseButtonLeft})
	d.send(tea.WindowSizeMsg{Width: 80, Height: 24})
	d.expectScreen("game")
	if st := g.Status(); st.Turn != turn || st.Players[0].Pos != before {
		t.Fatalf("keys typed while the terminal was too small were played: turn %d → %d, player %v → %v", turn, st.Turn, before, st.Players[0].Pos)
	}
	// Esc still works: it opens the pause menu.
	d.send(tea.WindowSizeMsg{Width: 30, Height: 10})
	d.keys("<esc>")
	d.send(tea.WindowSizeMsg{Width: 80, Height: 24})
	d.expectScreen("pause")
}

// Defect 3 of issue 23: the replay's last frame of a lost game shows the
// capture — the catcher, highlighted, on the tile where it caught the
// player — as the live end screen's map does.
func TestReplayLastFrameShowsTheCatch(t *testing.T) {
	r, _ := lostReplay(t)
	pb, err := r.Start(nil)
	if err != nil {
		t.Fatal(err)
	}
	var caught engine.Event
	for !pb.Done() {
		st, err := pb.Step()
		if err != nil {
			t.Fatal(err)
		}
		for _, e := range st.Events {
			if e.Kind == engine.EvCaught {
				caught = e
			}
		}
	}
	if caught.Kind != engine.EvCaught {
		t.Fatal("the replay of a lost game has no capture")
	}
	m := viewer(t, r)
	for range len(r.Moves) {
		press(m, "right")
	}
	screen := ansi.Strip(m.View())
	if !strings.Contains(screen, "the end: lost") {
		t.Fatalf("not at the end:\n%s", screen)
	}
	// The map's row of the catch, in the board's own drawing: the
	// catcher's letter at its column.
	m.b.render(80, 24)
	i := caught.Pos.Y*m.b.d.cols + caught.Pos.X
	if m.b.d.chr[i] != byte(caught.Monster) || m.b.d.cls[i] != clsCatcher {
		t.Fatalf("the last frame draws %q (class %d) where %s caught the player at %v, want the catcher highlighted:\n%s",
			m.b.d.chr[i], m.b.d.cls[i], caught.Monster.Called(), caught.Pos, screen)
	}
	if !strings.ContainsRune(mapPart(screen, 40), rune(caught.Monster)) {
		t.Fatalf("the catcher is not on the map:\n%s", screen)
	}
}

// mapPart is the first n columns of each line of screen: the map beside
// the panel.
func mapPart(screen string, n int) string {
	var b strings.Builder
	for _, l := range strings.Split(screen, "\n") {
		r := []rune(l)
		b.WriteString(string(r[:min(n, len(r))]) + "\n")
	}
	return b.String()
}
