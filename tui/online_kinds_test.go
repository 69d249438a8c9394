package tui

import (
	"bytes"
	"testing"
	"time"

	tea "github.com/charmbracelet/bubbletea"
	"github.com/charmbracelet/x/exp/teatest"

	"github.com/minotaur-game/minotaur/netplay"
)

// drawn is what a client has drawn so far, every frame of it, as the
// waits read it.
type drawn struct {
	tm  *teatest.TestModel
	out bytes.Buffer
}

// wait waits for texts on the client's screen, keeping what was drawn.
func (s *drawn) wait(t *testing.T, texts ...string) {
	t.Helper()
	var last []byte
	teatest.WaitFor(t, s.tm.Output(), func(out []byte) bool {
		last = out
		for _, x := range texts {
			if !bytes.Contains(out, []byte(x)) {
				return false
			}
		}
		return true
	}, teatest.WithDuration(20*time.Second), teatest.WithCheckInterval(10*time.Millisecond))
	s.out.Write(last)
}

// never fails if the client ever drew one of texts.
func (s *drawn) never(t *testing.T, who string, texts ...string) {
	t.Helper()
	for _, x := range texts {
		if bytes.Contains(s.out.Bytes(), []byte(x)) {
			t.Errorf("%s's screen showed %q", who, x)
		}
	}
}

func connectDrawn(t *testing.T, addr, name string) *drawn {
	cfg := testConfig(t, 1)
	cfg.Server, cfg.Name = addr, name
	s := &drawn{tm: teatest.NewTestModel(t, New(cfg), teatest.WithInitialTermSize(80, 24))}
	s.wait(t, "Network game")
	typeText(s.tm, "t")
	s.wait(t, "Name:   "+name)
	s.tm.Send(tea.KeyMsg{Type: tea.KeyEnter})
	s.wait(t, "LOBBY", "you are "+name)
	return s
}

func quitAll(t *testing.T, ss ...*drawn) {
	for _, s := range ss {
		s.tm.Send(tea.KeyMsg{Type: tea.KeyCtrlC})
		s.tm.FinalModel(t, teatest.WithFinalTimeout(5*time.Second))
	}
}

// TestLabyrinthOnlineTwoClients: two terminal clients play the Labyrinth
// through a real server: ada invites bob from the lobby (I, then the Labyrinth in the chooser), each chooses
// a start cell in secret, they take turns, and neither's screen ever
// shows the other's answers; a spectator follows one seat, then the
// other; ada leaves and the computer plays her seat on.
func TestLabyrinthOnlineTwoClients(t *testing.T) {
	addr := serveConfig(t, netplay.Config{LobbyInterval: -1, Seed: func() uint64 { return 11 }})
	ada := connectDrawn(t, addr, "ada")
	bob := connectDrawn(t, addr, "bob")
	ada.wait(t, "bob")
	typeText(ada.tm, "i")
	ada.wait(t, "Invite bob to which game?", "2 Labyrinth")
	typeText(ada.tm, "2")
	bob.wait(t, "ada invites you to Labyrinth")
	typeText(bob.tm, "a")
	ada.wait(t, "LABYRINTH", "Choose your start cell.")
	bob.wait(t, "LABYRINTH", "Choose your start cell.")
	ada.tm.Send(tea.KeyMsg{Type: tea.KeyEnter}) // (5, 5)
	ada.wait(t, "Waiting for the others")
	typeText(bob.tm, "ww")
	bob.tm.Send(tea.KeyMsg{Type: tea.KeyEnter}) // (3, 5)
	ada.wait(t, "You start at (5, 5)", "Your turn.")
	bob.wait(t, "You start at (3, 5)", "Waiting for ada.")
	typeText(bob.tm, "a") // out of turn
	bob.wait(t, "Wait for ada's turn.")
	typeText(ada.tm, "d")
	ada.wait(t, "1 D: You", "Waiting for bob.")
	bob.wait(t, "Your turn.")
	typeText(bob.tm, "a")
	bob.wait(t, "1 A: You")
	ada.wait(t, "Your turn.")
	typeText(ada.tm, "e") // costs no turn: the answer is ada's alone
	ada.wait(t, "2 E: You have 0 bullets")
	// carol watches ada's seat, then bob's.
	carol := connectDrawn(t, addr, "carol")
	typeText(carol.tm, "v")
	carol.wait(t, "Following ada", "You start at (5, 5)", "2 E: You have")
	carol.tm.Send(tea.KeyMsg{Type: tea.KeyTab})
	carol.wait(t, "Following bob", "You start at (3, 5)", "1 A: You")
	// ada leaves: the computer plays her seat, bob plays on.
	ada.tm.Send(tea.KeyMsg{Type: tea.KeyEsc})
	ada.wait(t, "Leave the game?")
	typeText(ada.tm, "y")
	ada.wait(t, "YOU LEFT THE GAME")
	bob.wait(t, "ada (computer)")
	ada.never(t, "ada", "You start at (3, 5)", "1 A: You")
	bob.never(t, "bob", "You start at (5, 5)", "1 D: You", "E: You have")
	quitAll(t, ada, bob, carol)
}

// TestFoxhuntOnlineWatched: a Fox hunt in the lobby with two people and
// two computer players (I, then the Fox hunt: its invitation brings two), watched by a third: each
// round's commands, "waiting for the others", the computers' commands
// sent at once, the spectator's view without keys.
func TestFoxhuntOnlineWatched(t *testing.T) {
	addr := serveConfig(t, netplay.Config{LobbyInterval: -1, Seed: func() uint64 { return 5 }})
	ada := connectDrawn(t, addr, "ada")
	bob := connectDrawn(t, addr, "bob")
	ada.wait(t, "bob")
	typeText(ada.tm, "i")
	ada.wait(t, "Invite bob to which game?", "5 Fox hunt")
	typeText(ada.tm, "5")
	bob.wait(t, "ada invites you to Fox hunt with 2 computer players")
	typeText(bob.tm, "a")
	ada.wait(t, "round 1/100", "computer 1", "computer 2", "Your move")
	bob.wait(t, "round 1/100", "computer 1", "computer 2")
	carol := connectDrawn(t, addr, "carol")
	typeText(carol.tm, "v")
	carol.wait(t, "round 1/100", "watching", "c  back to the fox")
	typeText(ada.tm, "w")
	ada.wait(t, "Sent w: waiting for the others.")
	typeText(ada.tm, "d")
	ada.wait(t, "You already sent your command this round.")
	typeText(bob.tm, "b")
	typeText(bob.tm, "a")
	typeText(bob.tm, "2")
	bob.wait(t, "round 2/100")
	ada.wait(t, "round 2/100")
	carol.wait(t, "round 2/100")
	typeText(bob.tm, "n")
	typeText(ada.tm, "n")
	carol.wait(t, "round 3/100")
	// bob leaves the table; ada and the computers play on.
	typeText(bob.tm, "q")
	bob.wait(t, "Leave the match?")
	typeText(bob.tm, "y")
	bob.wait(t, "you left the match", "Enter: back to the lobby")
	ada.wait(t, "bob: left.")
	quitAll(t, ada, bob, carol)
}
