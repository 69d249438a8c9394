package tui

import (
	"testing"
	"time"

	tea "github.com/charmbracelet/bubbletea"
	"github.com/charmbracelet/x/exp/teatest"

	"github.com/minotaur-game/minotaur/engine"
	"github.com/minotaur-game/minotaur/netplay"
)

// serveDaily runs a game server whose campaign is the corridor (one level:
// the key two steps right of the start, the exit two more), with a data
// folder for the day's table, on a loopback port.
func serveDaily(t *testing.T) string {
	t.Helper()
	return serveConfig(t, netplay.Config{Levels: []engine.Level{corridor()}, LobbyInterval: -1,
		DataDir: t.TempDir(), Seed: func() uint64 { return 7 }})
}

// joinLobby takes ada from the main menu into the lobby of the server at
// addr (the game's own server setting), and waits for the texts there.
func joinLobby(t *testing.T, addr string, texts ...string) *teatest.TestModel {
	t.Helper()
	cfg := testConfig(t, 1)
	cfg.Server = addr
	tm := teatest.NewTestModel(t, New(cfg), teatest.WithInitialTermSize(80, 24))
	waitText(t, tm, "Network game")
	typeText(tm, "t")
	waitText(t, tm, "Name:   ada")
	tm.Send(tea.KeyMsg{Type: tea.KeyEnter})
	waitText(t, tm, append([]string{"LOBBY", "you are ada"}, texts...)...)
	return tm
}

// TestFlowDailyWatched, against a real server: ada starts the daily
// challenge from the lobby; carol, in the lobby, sees it listed as daily
// and watches it; ada is told, both chat; ada wins and the end screen
// shows the day's table with her entry; carol is told the result.
func TestFlowDailyWatched(t *testing.T) {
	addr := serveDaily(t)
	tm := joinLobby(t, addr, "Daily challenge", "nobody has finished it yet", "C: play it")
	carol := newBot(t, addr, "carol", "")
	waitText(t, tm, "carol")

	tm.Send(tea.KeyMsg{Type: tea.KeyRunes, Runes: []rune{'c'}})
	tm.Send(tea.KeyMsg{Type: tea.KeyEnter}) // the day's one try: yes
	waitText(t, tm, "Level 1/1", "Corridor", "Daily challenge")
	lobby := carol.until("ada's daily in the lobby", func(m netplay.Message) bool {
		l, ok := m.(*netplay.Lobby)
		return ok && len(l.Games) == 1 && l.Games[0].Daily && l.Games[0].Players[0] == "ada"
	}).(*netplay.Lobby)
	carol.c.Watch(lobby.Games[0].Game)
	carol.until("the spectator's start", func(m netplay.Message) bool {
		s, ok := m.(*netplay.Start)
		return ok && s.Seat == 0 && s.Partner == "ada" && s.Daily
	})
	waitText(t, tm, "carol is watching")

	carol.c.Chat("go ada")
	waitText(t, tm, "carol: go ada")
	tm.Send(tea.KeyMsg{Type: tea.KeyEnter})
	typeText(tm, "thanks")
	tm.Send(tea.KeyMsg{Type: tea.KeyEnter})
	carol.until("ada's chat", func(m netplay.Message) bool {
		c, ok := m.(*netplay.Chat)
		return ok && c.From == "ada" && c.Text == "thanks" && c.Scope == netplay.ScopeGame
	})

	typeText(tm, "dddd")
	carol.state("ada took the key", func(st *netplay.State) bool { return st.Key && st.Seat == 0 })
	waitText(t, tm, "VICTORY!", "Daily challenge", "← you")
	carol.until("over", func(m netplay.Message) bool {
		o, ok := m.(*netplay.Over)
		return ok && o.Result == "won"
	})
	carol.until("the day's table", func(m netplay.Message) bool {
		d, ok := m.(*netplay.Daily)
		return ok && len(d.Entries) == 1 && d.Entries[0].Name == "ada" && d.Entries[0].Won && !d.Played
	})

	// The high score recorded, the player goes back to the server's lobby,
	// where the day's table holds her entry and the challenge is played.
	later(t, time.Second)
	tm.Send(tea.KeyMsg{Type: tea.KeyEnter})
	waitText(t, tm, "HIGH SCORES", "Enter or Esc: lobby")
	tm.Send(tea.KeyMsg{Type: tea.KeyEnter})
	waitText(t, tm, "LOBBY", "← you", "You played today's challenge.")
	tm.Send(tea.KeyMsg{Type: tea.KeyRunes, Runes: []rune{'c'}})
	waitText(t, tm, "Today's challenge is played (one try a day); a new one starts at 00:00 UTC.")
	tm.Send(tea.KeyMsg{Type: tea.KeyCtrlC})
	tm.FinalModel(t, teatest.WithFinalTimeout(2*time.Minute))
}

// TestFlowWatchSolo, against a real server: carol plays a solo game; ada
// selects carol in the lobby and watches (V): the board, carol's deeds by
// name, the chat both ways; when carol leaves, ada sees the result and
// goes back to the lobby on the same connection.
func TestFlowWatchSolo(t *testing.T) {
	addr := serveDaily(t)
	tm := joinLobby(t, addr)
	carol := newBot(t, addr, "carol", "")
	carol.c.Solo(false)
	carol.state("carol's first state", func(st *netplay.State) bool { return st.YourTurn })
	waitText(t, tm, "carol · solo")
	tm.Send(tea.KeyMsg{Type: tea.KeyRunes, Runes: []rune{'v'}}) // carol, playing, is selected
	waitText(t, tm, "You are watching carol:", "carol active", "Esc/Q leave")
	carol.until("ada watching", func(m netplay.Message) bool {
		n, ok := m.(*netplay.Chat)
		return ok && n.From == "" && n.Text == "ada is watching"
	})

	carol.c.Act(engine.Right)
	carol.c.Act(engine.Right)
	waitText(t, tm, "carol took the key")
	carol.c.Chat("hello ada")
	waitText(t, tm, "carol: hello ada")
	tm.Send(tea.KeyMsg{Type: tea.KeyEnter})
	typeText(tm, "hi carol")
	tm.Send(tea.KeyMsg{Type: tea.KeyEnter})
	carol.until("ada's chat", func(m netplay.Message) bool {
		c, ok := m.(*netplay.Chat)
		return ok && c.From == "ada" && c.Text == "hi carol"
	})

	carol.c.Leave()
	waitText(t, tm, "Lost on level 1", "Any key: back to the lobby")
	tm.Send(tea.KeyMsg{Type: tea.KeySpace})
	waitText(t, tm, "LOBBY", "The game you watched is over")
	carol.c.Chat("back in the lobby")
	waitText(t, tm, "carol: back in the lobby")
	tm.Send(tea.KeyMsg{Type: tea.KeyCtrlC})
	tm.FinalModel(t, teatest.WithFinalTimeout(2*time.Minute))
}
