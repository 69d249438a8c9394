package tui

import (
	"testing"
	"time"

	tea "github.com/charmbracelet/bubbletea"
	"github.com/charmbracelet/x/exp/teatest"

	"github.com/minotaur-game/minotaur/engine"
	"github.com/minotaur-game/minotaur/netplay"
)

// coopWithBob takes ada from the menu into a co-op game with bob (a
// scripted client) on the server at addr, with the configuration cfg.
func coopWithBob(t *testing.T, addr string, cfg Config) (*teatest.TestModel, *bot) {
	t.Helper()
	cfg.Server = addr
	tm := teatest.NewTestModel(t, New(cfg), teatest.WithInitialTermSize(80, 24))
	waitText(t, tm, "Network game")
	typeText(tm, "t")
	waitText(t, tm, "Name:   ada")
	tm.Send(tea.KeyMsg{Type: tea.KeyEnter})
	waitText(t, tm, "LOBBY", "you are ada")
	bob := newBot(t, addr, "bob", "")
	waitText(t, tm, "bob              idle")
	bob.c.Invite("ada")
	waitText(t, tm, "Invited by bob")
	tm.Send(tea.KeyMsg{Type: tea.KeyRunes, Runes: []rune{'a'}})
	bob.until("start", func(m netplay.Message) bool { _, ok := m.(*netplay.Start); return ok })
	waitText(t, tm, "Level 1/1", "bob: active")
	return tm, bob
}

// TestCtrlCKeepsTheSeat: Ctrl+C in a co-op game asks
// first; quitting without giving the seat up is told to the partner as
// quitting for now (not as a lost connection, never "left"), and a new
// run of the game within the grace period is back in the game, not in the
// lobby.
func TestCtrlCKeepsTheSeat(t *testing.T) {
	addr := netServer(t)
	cfg := testConfig(t, 1)
	tm, bob := coopWithBob(t, addr, cfg)

	tm.Send(tea.KeyMsg{Type: tea.KeyCtrlC})
	waitText(t, tm, "QUIT?", "K  quit, keep my seat", "G  quit and give up the seat", "bob plays on alone")
	tm.Send(tea.KeyMsg{Type: tea.KeyRunes, Runes: []rune{'k'}})
	tm.FinalModel(t, teatest.WithFinalTimeout(2*time.Minute))
	p := bob.until("ada's seat", func(m netplay.Message) bool { _, ok := m.(*netplay.Partner); return ok }).(*netplay.Partner)
	if p.Status != netplay.PartnerStepped {
		t.Fatalf("bob was told ada %s, want %s (she quit for now, her seat kept)", p.Status, netplay.PartnerStepped)
	}

	// A new run, same folders: straight back into the game.
	cfg.Server = addr
	again := teatest.NewTestModel(t, New(cfg), teatest.WithInitialTermSize(80, 24))
	waitText(t, again, "Network game")
	typeText(again, "t")
	waitText(t, again, "Name:   ada")
	again.Send(tea.KeyMsg{Type: tea.KeyEnter})
	waitText(t, again, "Level 1/1", "bob: active")
	bob.until("ada back", func(m netplay.Message) bool {
		p, ok := m.(*netplay.Partner)
		return ok && p.Status == netplay.PartnerReconnected
	})

	// Giving the seat up is asked for by name: G.
	again.Send(tea.KeyMsg{Type: tea.KeyCtrlC})
	waitText(t, again, "QUIT?")
	again.Send(tea.KeyMsg{Type: tea.KeyRunes, Runes: []rune{'g'}})
	again.FinalModel(t, teatest.WithFinalTimeout(2*time.Minute))
	bob.until("ada left", func(m netplay.Message) bool {
		p, ok := m.(*netplay.Partner)
		return ok && p.Status == netplay.PartnerLeft
	})
}

// TestQuitDailyFromPause: quitting the daily challenge
// from the pause menu says what it costs first; then the end screen, and
// back to the server's lobby, where the day's try is used.
func TestQuitDailyFromPause(t *testing.T) {
	addr := serveDaily(t)
	tm := joinLobby(t, addr, "Daily challenge", "C: play it")
	tm.Send(tea.KeyMsg{Type: tea.KeyRunes, Runes: []rune{'c'}})
	tm.Send(tea.KeyMsg{Type: tea.KeyRunes, Runes: []rune{'y'}}) // the day's one try: yes
	waitText(t, tm, "Level 1/1", "Daily challenge")
	tm.Send(keyOf(engine.Right))
	waitText(t, tm, "Turn 1")
	tm.Send(tea.KeyMsg{Type: tea.KeyEsc})
	waitText(t, tm, "PAUSED", "Quit the game")
	tm.Send(tea.KeyMsg{Type: tea.KeyRunes, Runes: []rune{'q'}})
	waitText(t, tm, "QUIT THE GAME?", "uses today's try", "Y  yes, quit and give up the seat")
	tm.Send(tea.KeyMsg{Type: tea.KeyRunes, Runes: []rune{'n'}})
	waitText(t, tm, "PAUSED")
	tm.Send(tea.KeyMsg{Type: tea.KeyRunes, Runes: []rune{'q'}})
	waitText(t, tm, "QUIT THE GAME?")
	tm.Send(tea.KeyMsg{Type: tea.KeyRunes, Runes: []rune{'y'}})
	waitText(t, tm, "GAME OVER", "You quit the game.", "Enter: lobby")
	later(t, time.Second)
	tm.Send(tea.KeyMsg{Type: tea.KeyEnter})
	waitText(t, tm, "LOBBY", "You played today's challenge.")
	tm.Send(tea.KeyMsg{Type: tea.KeyCtrlC})
	tm.FinalModel(t, teatest.WithFinalTimeout(2*time.Minute))
}

// TestQuitCoopFromPause: quitting a co-op game from the
// pause menu says that the partner plays on alone; the partner is told
// only once the player said yes; the player sees the end screen.
func TestQuitCoopFromPause(t *testing.T) {
	addr := netServer(t)
	tm, bob := coopWithBob(t, addr, testConfig(t, 1))
	tm.Send(tea.KeyMsg{Type: tea.KeyEsc})
	waitText(t, tm, "PAUSED", "Quit the game")
	tm.Send(tea.KeyMsg{Type: tea.KeyRunes, Runes: []rune{'q'}})
	waitText(t, tm, "QUIT THE GAME?", "bob plays on alone")
	tm.Send(tea.KeyMsg{Type: tea.KeyRunes, Runes: []rune{'y'}})
	waitText(t, tm, "GAME OVER", "You quit the game.")
	p := bob.until("ada's seat", func(m netplay.Message) bool { _, ok := m.(*netplay.Partner); return ok }).(*netplay.Partner)
	if p.Status != netplay.PartnerLeft {
		t.Fatalf("bob was told ada %s", p.Status)
	}
	tm.Send(tea.KeyMsg{Type: tea.KeyCtrlC})
	tm.FinalModel(t, teatest.WithFinalTimeout(2*time.Minute))
}

// quitKeepingSeat ends the program in a network game the way a player
// who means to come back does: Ctrl+C, which asks, and Ctrl+C again.
func quitKeepingSeat(t *testing.T, tm *teatest.TestModel) {
	t.Helper()
	tm.Send(tea.KeyMsg{Type: tea.KeyCtrlC})
	waitText(t, tm, "K  quit, keep my seat")
	tm.Send(tea.KeyMsg{Type: tea.KeyCtrlC})
}
