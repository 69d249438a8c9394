package tui

import (
	"testing"
	"time"

	tea "github.com/charmbracelet/bubbletea"
	"github.com/charmbracelet/x/exp/teatest"

	"github.com/minotaur-game/minotaur/netplay"
)

// TestChessOnlineTwoClients: two terminal clients play Open-world chess
// through a real server: ada invites bob from the lobby (H), bob accepts,
// each draws its own side's board from the server's states, the moves go
// both ways, ada leaves and bob wins.
func TestChessOnlineTwoClients(t *testing.T) {
	addr := serveConfig(t, netplay.Config{LobbyInterval: -1, Seed: func() uint64 { return 7 }})
	connect := func(name string, texts ...string) *teatest.TestModel {
		cfg := testConfig(t, 1)
		cfg.Server, cfg.Name = addr, name
		tm := teatest.NewTestModel(t, New(cfg), teatest.WithInitialTermSize(80, 24))
		waitText(t, tm, "Network game")
		typeText(tm, "t")
		waitText(t, tm, "Name:   "+name)
		tm.Send(tea.KeyMsg{Type: tea.KeyEnter})
		waitText(t, tm, append([]string{"LOBBY", "you are " + name}, texts...)...)
		return tm
	}
	ada := connect("ada")
	bob := connect("bob")
	waitText(t, ada, "bob")
	typeText(ada, "i")
	waitText(t, ada, "Invite bob to which game?", "4 Open-world chess")
	typeText(ada, "4")
	waitText(t, bob, "ada invites you to Open-world chess")
	typeText(bob, "a")
	waitText(t, ada, "OPEN-WORLD CHESS", "ada (White) vs bob (Black)", "White to move", "K5")
	waitText(t, bob, "OPEN-WORLD CHESS", "k5")
	// A move typed out of turn is answered.
	typeText(bob, "e7e5")
	bob.Send(tea.KeyMsg{Type: tea.KeyEnter})
	waitText(t, bob, "Not your turn: White is to move.")
	// carol watches: White's side first, Tab turns to Black's.
	carol := connect("carol", "Games in progress (1)") // the lobby's list names ada's game
	typeText(carol, "v")
	waitText(t, carol, "OPEN-WORLD CHESS", "Watching White's side", "K5")
	carol.Send(tea.KeyMsg{Type: tea.KeyTab})
	waitText(t, carol, "Watching Black's side", "k5")
	typeText(ada, "e2e4")
	ada.Send(tea.KeyMsg{Type: tea.KeyEnter})
	waitText(t, ada, "Your pawn moved e2→e4.")
	waitText(t, bob, "Black to move")
	typeText(bob, "e7e4") // refused by the server, in a sentence
	bob.Send(tea.KeyMsg{Type: tea.KeyEnter})
	waitText(t, bob, "Your pawn on e7 cannot go to e4.")
	typeText(bob, "e7e5")
	bob.Send(tea.KeyMsg{Type: tea.KeyEnter})
	waitText(t, bob, "Your pawn moved e7→e5.")
	waitText(t, ada, "move 2")
	// A spectator's move is answered too.
	waitText(t, carol, "move 2", "The black pawn moved e7→e5.") // a spectator has no "your"
	typeText(carol, "d7d5")
	carol.Send(tea.KeyMsg{Type: tea.KeyEnter})
	waitText(t, carol, "You are watching.")
	ada.Send(tea.KeyMsg{Type: tea.KeyEsc})
	waitText(t, ada, "Leave the game?")
	typeText(ada, "y")
	waitText(t, bob, "BLACK WINS: White left the game.")
	waitText(t, ada, "back to the lobby")
	waitText(t, carol, "BLACK WINS: White left the game.")
	ada.Send(tea.KeyMsg{Type: tea.KeyEnter})
	waitText(t, ada, "LOBBY")
	for _, tm := range []*teatest.TestModel{ada, bob, carol} {
		tm.Send(tea.KeyMsg{Type: tea.KeyCtrlC})
		tm.FinalModel(t, teatest.WithFinalTimeout(2*time.Minute))
	}
}

// TestChessOnlineAgainstTheServersComputer: E in the lobby starts a chess
// game against the server's computer; it answers each move; Esc and Y give
// the game up and Enter goes back to the lobby.
func TestChessOnlineAgainstTheServersComputer(t *testing.T) {
	addr := serveConfig(t, netplay.Config{LobbyInterval: -1, Seed: func() uint64 { return 7 }})
	cfg := testConfig(t, 1)
	cfg.Server = addr
	tm := teatest.NewTestModel(t, New(cfg), teatest.WithInitialTermSize(40, 12))
	waitText(t, tm, "Network game")
	typeText(tm, "t")
	waitText(t, tm, "Name:")
	tm.Send(tea.KeyMsg{Type: tea.KeyEnter})
	waitText(t, tm, "LOBBY")
	typeText(tm, "b")
	waitText(t, tm, "against the computer?", "4 Open-world chess")
	typeText(tm, "4")
	waitText(t, tm, "White to move", "move 1") // at 40×12 the board has the title's line
	typeText(tm, "e2e4")
	tm.Send(tea.KeyMsg{Type: tea.KeyEnter})
	waitText(t, tm, "move 2")
	tm.Send(tea.KeyMsg{Type: tea.KeyEsc})
	waitText(t, tm, "Leave the game?")
	typeText(tm, "y")
	waitText(t, tm, "You left the game")
	tm.Send(tea.KeyMsg{Type: tea.KeyEnter})
	waitText(t, tm, "LOBBY")
	tm.Send(tea.KeyMsg{Type: tea.KeyCtrlC})
	tm.FinalModel(t, teatest.WithFinalTimeout(2*time.Minute))
}
