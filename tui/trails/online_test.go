package trails

import (
	"errors"
	"strings"
	"testing"

	tea "github.com/charmbracelet/bubbletea"

	"github.com/minotaur-game/minotaur/games/trails"
	"github.com/minotaur-game/minotaur/netplay"
	"github.com/minotaur-game/minotaur/tui/screen"
	"github.com/minotaur-game/minotaur/tui/screen/screentest"
)

// fakeNet stands for the lobby's connection: the messages the test hands
// in arrive as netMsg; what the lobby got and where Back went are kept.
type fakeNet struct {
	lobby   []netplay.Message
	back    bool
	waiting bool
}

type netMsg struct {
	m   netplay.Message
	err error
}

func (f *fakeNet) link() screen.Link {
	return screen.Link{
		Wait:   func() tea.Cmd { return nil }, // the test delivers the messages
		Unpack: func(msg tea.Msg) (netplay.Message, error, bool) { m, ok := msg.(netMsg); return m.m, m.err, ok },
		Lobby:  func(m netplay.Message) { f.lobby = append(f.lobby, m) },
		Back: func(waiting bool) screen.Screen {
			f.back, f.waiting = true, waiting
			return &screentest.Home{}
		},
		Lost: func(err error) screen.Screen { return &screentest.Home{} },
	}
}

// serverState is the state the server would send seat after the moves.
func serverState(t *testing.T, seat int, moves string) *netplay.TrailsState {
	t.Helper()
	g, _ := trails.New(trails.Classic(), 0)
	for _, r := range moves {
		d, _ := trails.ParseDir(string(r))
		if _, err := g.Move(d); err != nil {
			t.Fatal(err)
		}
	}
	v := g.View(seat)
	return &netplay.TrailsState{T: netplay.TypeState, Kind: netplay.KindTrails, YourTurn: seat != 0 && v.Current == seat,
		Names: []string{"alice", "bob"}, Config: trails.Classic(), History: moves, View: v}
}

// The online screen draws the server's states with the players' names,
// marks the cells only on the player's own turn, refuses keys out of turn,
// undo and restart, asks before leaving, and ends with the move list.
func TestOnlineScreen(t *testing.T) {
	for _, sz := range [][2]int{{80, 24}, {40, 12}} {
		f := &fakeNet{}
		d := newDriver(t, false, sz[0], sz[1], func(c *screen.Context) screen.Screen {
			return Online(c, f.link(), &netplay.Start{Seat: 2, Kind: netplay.KindTrails}, serverState(t, 2, ""))
		})
		g := d.game()
		out := d.plain()
		if !strings.Contains(out, "bob (you)") || !strings.Contains(out, "online") || g.markMoves() {
			t.Fatalf("%v: Blue's turn on bob's screen:\n%s", sz, out)
		}
		fits(t, d)
		d.press("left")
		if g.note != "Wait for alice's move." {
			t.Fatalf("a key out of turn: %q", g.note)
		}
		d.Send(netMsg{m: serverState(t, 2, "R")})
		if !g.markMoves() || !strings.Contains(d.plain(), "Move 2 · online") {
			t.Fatalf("bob's turn:\n%s", d.plain())
		}
		d.press("u")
		if !strings.Contains(g.note, "not online") {
			t.Fatalf("undo online: %q", g.note)
		}
		d.press("r")
		if !strings.Contains(g.note, "cannot be restarted") {
			t.Fatalf("restart online: %q", g.note)
		}
		d.Send(netMsg{m: &netplay.Lobby{T: netplay.TypeLobby}})
		d.Send(netMsg{m: &netplay.Chat{T: netplay.TypeChat, Scope: netplay.ScopeGame, From: "alice", Text: "good luck"}})
		if len(f.lobby) != 1 || g.note != "alice: good luck" {
			t.Fatalf("lobby messages %v, note %q", f.lobby, g.note)
		}
		d.press("p")
		if !strings.Contains(d.plain(), "Leave the game? You lose it. (y/n)") {
			t.Fatalf("P online:\n%s", d.plain())
		}
		d.press("n")
		d.Send(netMsg{m: serverState(t, 2, hotSeatWin)})
		out = fits(t, d)
		if !strings.Contains(out, "alice WINS") || !strings.Contains(out, "Blue took 2 of 3 towers.") || !strings.Contains(out, "1.B→1,0") {
			t.Fatalf("%v: the end:\n%s", sz, d.plain())
		}
		d.Send(netMsg{m: &netplay.Over{T: netplay.TypeOver, Kind: netplay.KindTrails, Result: "lost", Winner: "alice"}})
		d.press("enter")
		if !f.back || f.waiting {
			t.Fatalf("Enter after over: back %v, waiting %v", f.back, f.waiting)
		}
	}
	// A lost connection shows the lobby's screen for it.
	f := &fakeNet{}
	d := newDriver(t, true, 80, 24, func(c *screen.Context) screen.Screen {
		return Online(c, f.link(), &netplay.Start{Seat: 0, Kind: netplay.KindTrails}, serverState(t, 0, "RL"))
	})
	if !strings.Contains(d.plain(), "watching") {
		t.Fatalf("a spectator's screen:\n%s", d.plain())
	}
	// A spectator is not offered moves or a game to lose.
	for _, sz := range [][2]int{{80, 24}, {40, 12}} {
		d.c.Width, d.c.Height = sz[0], sz[1]
		if out := d.plain(); strings.Contains(out, "WASD") || strings.Contains(out, "click") || !strings.Contains(out, "Esc leave") {
			t.Errorf("%v: a spectator's hints:\n%s", sz, out)
		}
	}
	d.Send(netMsg{err: errors.New("gone")})
	if _, ok := d.Top().(*screentest.Home); !ok {
		t.Fatalf("after the connection is lost: %T", d.Top())
	}
}
