package tui

import (
	"bytes"
	"fmt"
	"strings"
	"testing"

	"github.com/charmbracelet/lipgloss"
	"github.com/charmbracelet/x/ansi"
	"github.com/muesli/termenv"

	"github.com/minotaur-game/minotaur/engine"
	"github.com/minotaur-game/minotaur/netplay"
	"github.com/minotaur-game/minotaur/tui/screen"
	"github.com/minotaur-game/minotaur/tui/screen/screentest"
)

// TestLobbyColumns: every row of the players' list — idle, playing, away,
// selected or not — ends at the divider that the header ends at; on a
// terminal too narrow for the divider (40 columns), the statuses stand in
// one column.
func TestLobbyColumns(t *testing.T) {
	for cursor := 0; cursor < 4; cursor++ {
		c := testCommon(t, 40, 24)
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
		for _, line := range lines[2:6] {
			i := strings.LastIndex(line, " ") // before the status
			if i < 0 || !strings.HasSuffix(line, "idle") && !strings.HasSuffix(line, "playing") && !strings.HasSuffix(line, "away") {
				t.Fatalf("40 columns: no status at the end of %q:\n%s", line, screen)
			}
			i = ansi.StringWidth(line[:i])
			if col < 0 {
				col = i
			} else if i != col {
				t.Fatalf("40 columns, cursor %d: the status of %q is in column %d, the first's in %d:\n%s", cursor, line, i, col, screen)
			}
		}
	}
	for _, w := range []int{80, 66} {
		for cursor := 0; cursor < 4; cursor++ {
			c := testCommon(t, w, 24)
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
	c := testCommon(t, w, h)
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
	for _, s := range []string{"B vs computer", "V watch", "N solo", "I invite", "T chat", "? help", "Esc menu"} {
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

		m := lobbyWith(t, size[0], size[1], mixedLobby)
		m.handle(&netplay.Chat{Scope: netplay.ScopeLobby, From: "bob", Text: "anyone for chess?"})
		m.cursor = len(m.players) + 2 // the chess game
		golden(t, fmt.Sprintf("lobby_mixed_%dx%d", size[0], size[1]), ansi.Strip(m.View()))
		m.handle(&netplay.Invited{From: "bob", Kind: netplay.KindChess})
		golden(t, fmt.Sprintf("lobby_invited_%dx%d", size[0], size[1]), ansi.Strip(m.View()))
		if size[0] == 40 {
			m.key(screentest.Key("?"))
			golden(t, "lobby_keys_40x12", ansi.Strip(m.View()))
		}

		g := watchedGame(t)
		w := watchFrom(l, &netplay.Start{Game: "g1", Seat: 0, Partner: "alice and bob", Seed: 5, Daily: false}, teamState(1, g, nil))
		ev, _ := g.Apply(1, engine.Right)
		w.Update(lobbyNetMsg{m: teamState(2, g, ev)})
		ev, _ = g.Apply(2, engine.Right)
		w.Update(lobbyNetMsg{m: teamState(3, g, ev, "carol is watching")})
		w.Update(lobbyNetMsg{m: &netplay.Chat{Scope: netplay.ScopeGame, From: "carol", Text: "nice key"}})
		screen := ansi.Strip(w.View())
		checkFits(t, screen, size[0], size[1])
		golden(t, fmt.Sprintf("watch_%dx%d", size[0], size[1]), screen)
	}
}

// mixedLobby is a lobby with players and games of every kind, more games
// than the server lists.
var mixedLobby = &netplay.Lobby{T: netplay.TypeLobby,
	Players: []netplay.LobbyPlayer{
		{Name: "ada", Status: netplay.StatusIdle},
		{Name: "bob", Status: netplay.StatusIdle},
		{Name: "robo-1", Status: netplay.StatusIdle, Bot: true},
		{Name: "carol", Status: netplay.StatusPlaying},
		{Name: "dave", Status: netplay.StatusPlaying},
		{Name: "erin", Status: netplay.StatusPlaying},
		{Name: "frank", Status: netplay.StatusPlaying},
	},
	Games: []netplay.LobbyGame{
		{Game: "g7", Players: []string{"carol"}, Level: 3, Turn: 45, Watchers: 2, Daily: true},
		{Game: "g8", Players: []string{"dave", "erin"}, Turn: 11, Kind: netplay.KindTrails},
		{Game: "g9", Players: []string{"frank"}, Turn: 4, Kind: netplay.KindChess, Watchers: 1},
	},
	MoreGames: 2,
}

// TestLobbySmallShowsEverything: at 40×12 and 80×24, with colour and
// without, the lobby shows who is online, the games in progress with
// their count, the chat's last line and the keys that matter (the rest a
// key away), and cuts no word.
func TestLobbySmallShowsEverything(t *testing.T) {
	color := lipgloss.NewRenderer(&bytes.Buffer{})
	color.SetColorProfile(termenv.ANSI256)
	mono := lipgloss.NewRenderer(&bytes.Buffer{})
	mono.SetColorProfile(termenv.Ascii)
	for name, r := range map[string]*lipgloss.Renderer{"colour": color, "no colour": mono} {
		for _, size := range [][2]int{{40, 12}, {80, 24}} {
			for _, daily := range []bool{false, true} {
				c := testCommonStyles(t, screen.NewStyles(r), size[0], size[1])
				l := newLobbyScreen(c, nil, "127.0.0.1:7777", &netplay.Welcome{Name: "ada"})
				l.handle(mixedLobby)
				if daily {
					l.handle(today)
				}
				l.handle(&netplay.Chat{Scope: netplay.ScopeLobby, From: "bob", Text: "anyone for chess?"})
				frame := l.View()
				checkFits(t, frame, size[0], size[1])
				screen := ansi.Strip(frame)
				what := fmt.Sprintf("%s, %v, daily %v", name, size, daily)
				for _, s := range []string{"Players", "> bob", "Games in progress", "carol · daily", "bob: anyone for chess?",
					"I invite", "V watch", "T chat", "Esc menu"} {
					if !strings.Contains(screen, s) {
						t.Errorf("%s: the lobby lacks %q:\n%s", what, s, screen)
					}
				}
				if !strings.Contains(screen, "5 games") && !strings.Contains(screen, "(5)") {
					t.Errorf("%s: the lobby does not count the 5 games:\n%s", what, screen)
				}
				if strings.Contains(screen, "…") {
					t.Errorf("%s: the lobby cuts a word:\n%s", what, screen)
				}
				if daily && !strings.Contains(screen, "C daily") {
					t.Errorf("%s: the daily challenge's key is not shown:\n%s", what, screen)
				}
				// Every key is one key away, in the help.
				l.key(screentest.Key("?"))
				all := ansi.Strip(l.View())
				checkFits(t, l.View(), size[0], size[1])
				for _, s := range []string{"invite the selected player", "play against the computer", "watch the selected game", "a solo game on the server", "the daily challenge"} {
					if !strings.Contains(all, s) {
						t.Errorf("%s: %q is not in the lobby's help:\n%s\n%s", what, s, screen, all)
					}
				}
			}
		}
	}
}

// TestLobbySmallChatWraps: at 40×12 a chat line longer than the terminal
// is wrapped, not cut, while there is no note under it.
func TestLobbySmallChatWraps(t *testing.T) {
	l := lobbyWith(t, 40, 12, mixedLobby, today)
	text := "hello from a small terminal, who is up for chess?"
	l.handle(&netplay.Chat{Scope: netplay.ScopeLobby, From: "zed", Text: text})
	screen := ansi.Strip(l.View())
	checkFits(t, screen, 40, 12)
	if strings.Contains(screen, "…") {
		t.Errorf("the chat line is cut:\n%s", screen)
	}
	if got := strings.Join(strings.Fields(screen), " "); !strings.Contains(got, "zed: "+text) {
		t.Errorf("the chat line is not whole:\n%s", screen)
	}
}

// TestLobbyKeysList: ? shows the lobby's help, each key with what it does
// (at 40×12 in short); Esc (or ?) closes it without leaving the lobby, and
// any other key closes it and acts.
func TestLobbyKeysList(t *testing.T) {
	l := lobbyWith(t, 40, 12, mixedLobby)
	l.key(screentest.Key("?"))
	if !strings.Contains(ansi.Strip(l.View()), "play against the computer") {
		t.Fatalf("? does not list every key:\n%s", ansi.Strip(l.View()))
	}
	if n, _ := l.key(screentest.Key("esc")); n != screen.Stay || l.gone {
		t.Fatalf("Esc on the key list left the lobby")
	}
	if screen := ansi.Strip(l.View()); strings.Contains(screen, "play against the computer") || !strings.Contains(screen, "Games in progress") {
		t.Fatalf("Esc did not close the key list:\n%s", screen)
	}
	l.key(screentest.Key("?"))
	l.cursor = len(l.players) // the first game
	l.key(screentest.Key("v"))
	if screen := ansi.Strip(l.View()); !strings.Contains(screen, "Joining carol as a spectator") {
		t.Errorf("V on the key list did not act:\n%s", screen)
	}
	big := lobbyWith(t, 80, 24, mixedLobby)
	big.key(screentest.Key("?"))
	help := ansi.Strip(big.View())
	checkFits(t, help, 80, 24)
	for _, want := range []string{"Keys (? or Esc closes)", "invite the selected player", "play against the computer", "watch the selected game"} {
		if !strings.Contains(help, want) {
			t.Errorf("? at 80×24 does not show the help (%q):\n%s", want, help)
		}
	}
	golden(t, "lobby_keys_80x24", help)
}

// At 40×12 the lines under the map show the latest message whole: the
// spectator's first line wraps to two, and the small map leaves the room.
func TestUnderPanelShowsTheLatestMessageWhole(t *testing.T) {
	l := lobbyWith(t, 40, 12, busyLobby, today)
	g := watchedGame(t)
	w := watchFrom(l, &netplay.Start{Game: "g1", Seat: 0, Partner: "alice and bob", Seed: 5}, teamState(1, g, nil))
	screen := ansi.Strip(w.View())
	checkFits(t, screen, 40, 12)
	if !strings.Contains(prose(screen), "› You are watching alice and bob: level 1, turn 0.") {
		t.Errorf("the first message is not shown whole at 40×12:\n%s", screen)
	}
}

// watchFrom is the screen the lobby opens to watch a game whose start and
// first state the server sent (Minotaur's watch screen, through the list
// of games), its messages fed through Update as the lobby's wait reports
// them.
func watchFrom(l *lobbyScreen, start *netplay.Start, first *netplay.State) screen.Screen {
	l.handle(start)
	n := l.handle(first)
	if n.Op != screen.OpReplace {
		panic("the lobby did not open the watch screen")
	}
	return n.To
}
