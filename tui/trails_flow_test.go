package tui

import (
	"fmt"
	"strings"
	"testing"
	"time"

	tea "github.com/charmbracelet/bubbletea"
	"github.com/charmbracelet/x/exp/teatest"

	rules "github.com/minotaur-game/minotaur/games/trails"
	"github.com/minotaur-game/minotaur/netplay"
	"github.com/minotaur-game/minotaur/tui/screen"
	"github.com/minotaur-game/minotaur/tui/trails"
)

// Trails and Towers' screens and their tests are in tui/trails; these
// drive them through the root model: the main menu's entry, the command
// line's game, Ctrl+C.

func TestTrailsFromTheMainMenu(t *testing.T) {
	d := newDriver(t, testConfig(t, 1), 80, 24)
	if !strings.Contains(d.screen(), "Trails and Towers") {
		t.Fatalf("the main menu has no Trails entry:\n%s", d.screen())
	}
	d.keys("r")
	if !strings.Contains(d.screen(), "TRAILS AND TOWERS") || !strings.Contains(d.screen(), "Play the computer") {
		t.Fatalf("R did not open the Trails menu:\n%s", d.screen())
	}
	d.keys("<enter>")
	if !strings.Contains(d.screen(), "Blue to move (you)") {
		t.Fatalf("Enter did not start a game against the computer:\n%s", d.screen())
	}
	d.keys("<right>")
	if !strings.Contains(d.screen(), "Move 3") {
		t.Fatalf("after Blue's move and the computer's:\n%s", d.screen())
	}
	// Ctrl+C with unsaved moves asks first; a second one quits.
	d.keys("<ctrl+c>")
	if !strings.Contains(d.screen(), "unsaved") || d.f.Quit {
		t.Fatalf("Ctrl+C did not ask:\n%s", d.screen())
	}
	d.keys("<ctrl+c>")
	if !d.f.Quit {
		t.Fatal("a second Ctrl+C did not quit")
	}
}

// openTrails opens a game as `minotaur trails` does.
func openTrails(set trails.Setup) func(*screen.Context) screen.Screen {
	return func(c *screen.Context) screen.Screen { return trails.Open(c, set) }
}

func TestTrailsFromTheCommandLine(t *testing.T) {
	cfg := testConfig(t, 1)
	cfg.Open = openTrails(trails.Setup{Config: rules.Config{Size: 7, Towers: 1, Distance: 1, First: 1}, Seed: 3})
	d := newDriver(t, cfg, 40, 12)
	if out := d.screen(); !strings.Contains(out, "Blue to move") || !strings.Contains(out, "two players") {
		t.Fatalf("the command line's hot-seat game:\n%s", out)
	}
	d.keys("p")
	d.keys("q")
	if !strings.Contains(d.screen(), "Play the computer") {
		t.Fatalf("Quit to menu from an unstarted game:\n%s", d.screen())
	}
	d.keys("<esc>")
	if d.m.Screen() != "menu" {
		t.Fatalf("Esc from the Trails menu: %s", d.m.Screen())
	}
}

// The computer's move that comes in while the pause menu is open reaches
// the game under it (the root hands a screen.Background what it owns).
func TestTrailsBotMoveUnderThePause(t *testing.T) {
	cfg := testConfig(t, 1)
	cfg.Open = openTrails(trails.Setup{Config: rules.Classic(), VsBot: true, BotLevel: 1, Seed: 3})
	d := newDriver(t, cfg, 80, 24)
	g, ok := d.m.top().(*trails.Screen)
	if !ok {
		t.Fatalf("the command line's game: %T", d.m.top())
	}
	_, think := g.Update(tea.KeyMsg{Type: tea.KeyRight}) // the computer starts thinking
	d.keys("p")
	d.run(think) // its move arrives under the pause menu
	d.keys("<esc>")
	if len(g.Game().Moves()) != 2 || !strings.Contains(d.screen(), "Blue to move") {
		t.Fatalf("after the pause: %d moves\n%s", len(g.Game().Moves()), d.screen())
	}
}

// TestFlowTrailsNetwork plays Trails and Towers through the screens against
// a real server and a scripted opponent: the invitation of kind trails
// accepted in the lobby, turns (a key out of turn refused on screen), every
// move drawn, the end with the winner and the moves, back to the lobby.
func TestFlowTrailsNetwork(t *testing.T) {
	addr := netServer(t)
	cfg := testConfig(t, 1)
	cfg.Server = addr
	tm := teatest.NewTestModel(t, New(cfg), teatest.WithInitialTermSize(80, 24))
	waitText(t, tm, "Network game")
	typeText(tm, "t")
	waitText(t, tm, "Server: "+addr)
	tm.Send(tea.KeyMsg{Type: tea.KeyEnter})
	waitText(t, tm, "LOBBY", "you are ada")
	bob := newBot(t, addr, "bob", "")
	waitText(t, tm, "bob              idle")
	bob.c.InviteKind("ada", netplay.KindTrails)
	waitText(t, tm, "bob invites you to Trails and Towers")
	tm.Send(tea.KeyMsg{Type: tea.KeyRunes, Runes: []rune{'a'}})
	waitText(t, tm, "TRAILS AND TOWERS", "R ada (you)", " to move")
	bob.until("start", func(m netplay.Message) bool { s, ok := m.(*netplay.Start); return ok && s.Kind == netplay.KindTrails })
	tm.Send(tea.KeyMsg{Type: tea.KeyLeft})
	waitText(t, tm, "Wait for bob's move.")
	keys := map[rune]tea.KeyType{'U': tea.KeyUp, 'D': tea.KeyDown, 'L': tea.KeyLeft, 'R': tea.KeyRight}
	for i, r := range hotSeat {
		if i%2 == 0 {
			bob.c.Move(string(r))
		} else {
			waitText(t, tm, fmt.Sprintf("Move %d · online", i+1)) // ada's screen has bob's move
			tm.Send(tea.KeyMsg{Type: keys[r]})
		}
		bob.until(fmt.Sprintf("move %d", i+1), func(m netplay.Message) bool {
			st, ok := m.(*netplay.TrailsState)
			return ok && st.Moves == i+1
		})
	}
	waitText(t, tm, "bob WINS", "Blue took 2 of 3 towers.", "25.B←5,5T")
	later(t, screen.KeyGrace)
	tm.Send(tea.KeyMsg{Type: tea.KeyEnter})
	waitText(t, tm, "LOBBY")
	tm.Send(tea.KeyMsg{Type: tea.KeyCtrlC})
	final := tm.FinalModel(t, teatest.WithFinalTimeout(2*time.Minute)).(*Model)
	if final.Screen() != "lobby" {
		t.Fatalf("ended on %s", final.Screen())
	}
}

// hotSeat is the classic game of the script corpus won by Blue's towers.
const hotSeat = "RURLRDRLDLDLLULUDRRUDULRL"

// The main menu's Continue resumes a saved Trails game, like a Minotaur
// game: at once when it is the only save, else from the list of saves,
// where it stands beside the Minotaur games.
func TestTrailsContinueFromTheMainMenu(t *testing.T) {
	cfg := testConfig(t, 1)
	d := newDriver(t, cfg, 80, 24)
	d.keys("r<enter><right>p<down><enter>") // a game against the computer, one move, saved
	if !strings.Contains(d.screen(), "Saved as trails-") {
		t.Fatalf("the save:\n%s", d.screen())
	}
	d.keys("<down><enter><esc>") // Quit to menu, then the main menu
	if d.m.Screen() != "menu" {
		t.Fatalf("not on the main menu: %s", d.m.Screen())
	}
	d.keys("c")
	if out := d.screen(); !strings.Contains(out, "Move 3 · computer level 2") {
		t.Fatalf("Continue did not resume the Trails game:\n%s", out)
	}
	// With a Minotaur game saved too, Continue lists both.
	d.keys("p<down><down><enter><esc>")
	d.keys("n")
	d.keys("<esc>")
	d.keys("<down><enter>") // the pause menu: Save
	d.keys("<down><enter>") // Quit to menu
	d.keys("c")
	out := d.screen()
	if !strings.Contains(out, "SAVED GAMES") || !strings.Contains(out, "Trails     11×11, 3 towers · move 3, computer 2") {
		t.Fatalf("the saves list:\n%s", out)
	}
	d.keys("<down><enter>")
	if out := d.screen(); !strings.Contains(out, "Move 3 · computer level 2") {
		t.Fatalf("the list's Trails game did not resume:\n%s", out)
	}
}

// At 40×12 a Trails game against the server's computer fits whole: the
// panel's move line says the level short rather than being cut.
func TestTrailsOnlineAgainstTheComputerFitsSmall(t *testing.T) {
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
	waitText(t, tm, "against the computer?", "3 Trails and Towers")
	typeText(tm, "3")
	waitText(t, tm, "TRAILS AND TOWERS", "Move 1 · online, level 2")
	tm.Send(tea.KeyMsg{Type: tea.KeyCtrlC})
	tm.FinalModel(t, teatest.WithFinalTimeout(2*time.Minute))
}
