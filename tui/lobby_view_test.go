package tui

import (
	"strings"
	"testing"

	"github.com/charmbracelet/x/ansi"

	"github.com/minotaur-game/minotaur/netplay"
)

// TestLobbyColumns: every row of the players' list — idle, playing, away,
// selected or not — ends at the divider that the header ends at.
func TestLobbyColumns(t *testing.T) {
	for _, w := range []int{80, 66, 40} {
		for cursor := 0; cursor < 4; cursor++ {
			c := &common{cfg: testConfig(t, 1), st: NewStyles(nil), w: w, h: 24}
			l := &lobbyScreen{c: c, addr: "127.0.0.1:7777", me: "ada", cursor: cursor}
			l.players = []netplay.LobbyPlayer{
				{Name: "bob", Status: netplay.StatusIdle},
				{Name: "carol", Status: netplay.StatusPlaying},
				{Name: "dave", Status: netplay.StatusAway},
				{Name: "sixteen-letters!", Status: netplay.StatusPlaying},
			}
			screen := ansi.Strip(l.View())
			lines := strings.Split(screen, "\n")
			col := -1
			for _, line := range lines[2:8] {
				i := strings.Index(line, "│")
				if i < 0 {
					t.Fatalf("%d columns: no divider in %q:\n%s", w, line, screen)
				}
				i = ansi.StringWidth(line[:i])
				if col < 0 {
					col = i
				} else if i != col {
					t.Fatalf("%d columns, cursor %d: the divider of %q is in column %d, the header's in %d:\n%s", w, cursor, line, i, col, screen)
				}
			}
		}
	}
}
