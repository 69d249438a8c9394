package tui

import (
	"context"
	"net"
	"strings"
	"testing"
	"time"

	tea "github.com/charmbracelet/bubbletea"
	"github.com/charmbracelet/x/exp/teatest"

	"github.com/minotaur-game/minotaur/engine"
	"github.com/minotaur-game/minotaur/netplay"
)

// TestSpectatorsToldSaved: a player of a hosted game
// (the SSH front end's) saves and quits while ada watches: ada is told
// the game was saved and put away, never that it was lost. A game quit
// without a save is told as what it is.
func TestSpectatorsToldSaved(t *testing.T) {
	for _, save := range []bool{true, false} {
		srv, err := netplay.NewServer(netplay.Config{Levels: []engine.Level{corridor()}, LobbyInterval: -1, Seed: func() uint64 { return 7 }})
		if err != nil {
			t.Fatal(err)
		}
		ln, err := net.Listen("tcp", "127.0.0.1:0")
		if err != nil {
			t.Fatal(err)
		}
		go srv.Serve(ln)
		t.Cleanup(func() {
			ctx, cancel := context.WithTimeout(context.Background(), 2*time.Minute)
			defer cancel()
			srv.Shutdown(ctx)
		})
		addr := ln.Addr().String()

		// carol plays a solo game in the server's process, as over SSH.
		cfg := testConfig(t, 9)
		cfg.Name = "carol"
		cfg.Levels = Campaign{{Level: corridor(), Text: "(corridor)"}}
		cfg.Host = func(name string, seed uint64) Audience { return serverAudience{srv.Host(name, seed)} }
		carol := teatest.NewTestModel(t, New(cfg), teatest.WithInitialTermSize(80, 24))
		waitText(t, carol, "New game")
		carol.Send(tea.KeyMsg{Type: tea.KeyEnter})
		waitText(t, carol, "Level 1/1")
		carol.Send(keyOf(engine.Right))
		waitText(t, carol, "Turn 1")

		ada := joinLobby(t, addr, "carol · solo")
		ada.Send(tea.KeyMsg{Type: tea.KeyRunes, Runes: []rune{'v'}})
		waitText(t, ada, "You are watching carol:")
		waitText(t, carol, "ada is watching")

		carol.Send(tea.KeyMsg{Type: tea.KeyEsc})
		waitText(t, carol, "PAUSED")
		if save {
			carol.Send(tea.KeyMsg{Type: tea.KeyDown})
			carol.Send(tea.KeyMsg{Type: tea.KeyEnter})
			waitText(t, carol, "Saved as")
			carol.Send(tea.KeyMsg{Type: tea.KeyRunes, Runes: []rune{'q'}})
		} else {
			carol.Send(tea.KeyMsg{Type: tea.KeyRunes, Runes: []rune{'q'}})
			waitText(t, carol, "Quit to the menu without saving?")
			carol.Send(tea.KeyMsg{Type: tea.KeyRunes, Runes: []rune{'y'}})
		}
		waitText(t, carol, "New game")
		if save {
			out := waitOut(t, ada, "carol put the game away", "Saved and put away on level 1", "Any key: back to the lobby")
			if strings.Contains(out, "Lost on level") {
				t.Fatalf("the spectator was told the saved game was lost:\n%s", out)
			}
		} else {
			waitText(t, ada, "Lost on level 1", "Any key: back to the lobby")
		}
		carol.Send(tea.KeyMsg{Type: tea.KeyCtrlC})
		carol.FinalModel(t, teatest.WithFinalTimeout(2*time.Minute))
		ada.Send(tea.KeyMsg{Type: tea.KeyCtrlC})
		ada.FinalModel(t, teatest.WithFinalTimeout(2*time.Minute))
	}
}

// serverAudience is a tui.Audience over netplay.Hosted, as the SSH front
// end adapts it.
type serverAudience struct{ h *netplay.Hosted }

func (a serverAudience) Show(v engine.View, events []engine.Event) { a.h.Show(v, events) }
func (a serverAudience) Say(text string)                           { a.h.Say(text) }
func (a serverAudience) End(result string, score, level int)       { a.h.End(result, score, level) }
func (a serverAudience) Heard(done <-chan struct{}) (from, text string, ok bool) {
	select {
	case c := <-a.h.Chat():
		return c.From, c.Text, true
	case <-done:
		return "", "", false
	}
}
