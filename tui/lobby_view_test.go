package tui

import (
	"fmt"
	"strings"
	"testing"

	"github.com/charmbracelet/x/ansi"

	"github.com/minotaur-game/minotaur/engine"
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

// lobbyWith is a lobby screen of w×h that took in the messages.
func lobbyWith(t *testing.T, w, h int, msgs ...netplay.Message) *lobbyScreen {
	c := &common{cfg: testConfig(t, 1), st: NewStyles(nil), w: w, h: h}
	l := newLobbyScreen(c, nil, "127.0.0.1:7777", &netplay.Welcome{Name: "ada"})
	for _, m := range msgs {
		l.handle(m)
	}
	return l
}

// TestLobbyDailyKey: the daily challenge's key is offered until the
// player has used today's attempt; then the table says so instead.
func TestLobbyDailyKey(t *testing.T) {
	open := ansi.Strip(lobbyWith(t, 80, 24, busyLobby, today).View())
	if !strings.Contains(open, "C daily") || !strings.Contains(open, "C: play it (one try a day)") {
		t.Errorf("the daily challenge is not offered:\n%s", open)
	}
	played := *today
	played.Played = true
	done := ansi.Strip(lobbyWith(t, 80, 24, busyLobby, &played).View())
	if strings.Contains(done, "C daily") || strings.Contains(done, "C: play it") || !strings.Contains(done, "You played today's challenge.") {
		t.Errorf("the daily challenge is offered after it was played:\n%s", done)
	}
	for _, s := range []string{"B bot", "V watch", "N solo", "I invite", "T chat", "Esc menu"} {
		if !strings.Contains(open, s) {
			t.Errorf("the hints lack %q:\n%s", s, open)
		}
	}
}

// TestLobbyFits: the lobby with players, games and the day's table fits
// every size down to the minimum, the selected game in view.
func TestLobbyFits(t *testing.T) {
	for _, size := range [][2]int{{80, 24}, {60, 16}, {40, 12}, {120, 40}} {
		l := lobbyWith(t, size[0], size[1], busyLobby, today)
		l.cursor = len(l.players) + 1 // the second game
		screen := ansi.Strip(l.View())
		checkFits(t, screen, size[0], size[1])
		if !strings.Contains(screen, "> dave and robo-2") {
			t.Errorf("%v: the selected game is not in view:\n%s", size, screen)
		}
	}
}

// TestLobbyGoldens: the lobby with bots, games and the day's table, and
// the watch screen, at 80×24 and at the minimum size.
func TestLobbyGoldens(t *testing.T) {
	for _, size := range [][2]int{{80, 24}, {40, 12}} {
		l := lobbyWith(t, size[0], size[1], busyLobby, today)
		l.say("bob: anyone for the daily?")
		golden(t, fmt.Sprintf("lobby_%dx%d", size[0], size[1]), ansi.Strip(l.View()))

		g := watchedGame(t)
		w := newWatchScreen(l, &netplay.Start{Game: "g1", Seat: 0, Partner: "alice and bob", Seed: 5, Daily: false}, teamState(1, g, nil))
		ev, _ := g.Apply(1, engine.Right)
		w.server(teamState(2, g, ev))
		ev, _ = g.Apply(2, engine.Right)
		w.server(teamState(3, g, ev, "carol is watching"))
		w.server(&netplay.Chat{Scope: netplay.ScopeGame, From: "carol", Text: "nice key"})
		screen := ansi.Strip(w.View())
		checkFits(t, screen, size[0], size[1])
		golden(t, fmt.Sprintf("watch_%dx%d", size[0], size[1]), screen)
	}
}
