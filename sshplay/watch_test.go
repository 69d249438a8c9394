package sshplay

import (
	"context"
	"path/filepath"
	"strings"
	"testing"

	"github.com/minotaur-game/minotaur/engine"
	"github.com/minotaur-game/minotaur/netplay"
	"github.com/minotaur-game/minotaur/tui"
)

// spectator is a client of the game server's TCP port that watches.
type spectator struct {
	t testing.TB
	c *netplay.Client
}

func (r *rig) spectator(name string) *spectator {
	r.t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), waitTime)
	defer cancel()
	c, _, err := netplay.Dial(ctx, r.tcpAddr, name, "")
	if err != nil {
		r.t.Fatalf("%s cannot join over TCP: %v", name, err)
	}
	r.t.Cleanup(func() { c.Close() })
	return &spectator{t: r.t, c: c}
}

// until reads messages until ok says so.
func (s *spectator) until(what string, ok func(netplay.Message) bool) netplay.Message {
	s.t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), waitTime)
	defer cancel()
	for {
		m, err := s.c.NextContext(ctx)
		if err != nil {
			s.t.Fatalf("waiting for %s: %v", what, err)
		}
		if ok(m) {
			return m
		}
	}
}

// listed waits for a lobby listing a solo game of name and returns it.
func (s *spectator) listed(name string) netplay.LobbyGame {
	s.t.Helper()
	var g netplay.LobbyGame
	s.until(name+"'s game in the lobby", func(m netplay.Message) bool {
		l, ok := m.(*netplay.Lobby)
		if !ok {
			return false
		}
		for _, lg := range l.Games {
			if len(lg.Players) == 1 && lg.Players[0] == name {
				g = lg
				return true
			}
		}
		return false
	})
	return g
}

// corridorLevel is one level: a corridor from the start past the key to
// the exit.
func corridorLevel() engine.Level {
	lv := engine.Level{Name: "Corridor", Rows: 3, Cols: 7, Wall: make([]bool, 21),
		Starts: []engine.Point{{X: 1, Y: 1}}, Key: engine.Point{X: 3, Y: 1}, Exit: engine.Point{X: 5, Y: 1}}
	for i := range lv.Wall {
		lv.Wall[i] = i < 7 || i >= 14 || i == 7 || i == 13
	}
	return lv
}

// An SSH player's solo game from the main menu is listed in the game
// server's lobby and can be watched: the spectator sees the team's view
// after every move, the two chat, the player is told who watches; saving
// and quitting to the menu ends it for the spectator and keeps the save in
// the player's folder; Continue lists it again.
func TestSSHSoloWatched(t *testing.T) {
	r := newRig(t, func(c *Config) {
		c.Levels, c.SeedFixed = tui.Campaign{{Level: corridorLevel(), Text: "(corridor)"}}, true
	})
	carol := r.spectator("carol")
	alice := openTerm(t, r.dial("alice", newKey(t)), 80, 24)
	alice.waitText("New game")
	alice.press("\r")
	alice.waitText("Level 1/1", "Turn 0")

	g := carol.listed("alice")
	if g.Turn != 0 || g.Level != 1 || g.Daily {
		t.Errorf("the listing: %+v", g)
	}
	carol.c.Watch(g.Game)
	carol.until("the spectator's first state", func(m netplay.Message) bool {
		st, ok := m.(*netplay.State)
		return ok && st.Seat == 0 && st.Turn == 0
	})
	alice.waitText("carol is watching")

	alice.press("d")
	carol.until("alice's move", func(m netplay.Message) bool {
		st, ok := m.(*netplay.State)
		return ok && st.Turn == 1 && len(st.Players) == 1 && st.Players[0].Pos.X == 2
	})
	carol.c.Chat("nice")
	alice.waitText("carol: nice")
	alice.press("\r", "thanks", "\r")
	carol.until("alice's chat", func(m netplay.Message) bool {
		c, ok := m.(*netplay.Chat)
		return ok && c.From == "alice" && c.Text == "thanks"
	})

	// Save (Esc, ↓ Save), then quit to the menu.
	alice.press("\x1b")
	alice.waitText("Continue")
	alice.press("\x1b[B", "\r")
	alice.waitText("Saved as")
	alice.press("q")
	alice.waitText("New game")
	carol.until("the notice that the game is put away", func(m netplay.Message) bool {
		c, ok := m.(*netplay.Chat)
		return ok && c.From == "" && strings.Contains(c.Text, "put the game away")
	})
	if o := carol.until("the end of the game", func(m netplay.Message) bool { _, ok := m.(*netplay.Over); return ok }).(*netplay.Over); !o.Saved {
		t.Errorf("the spectator's over %+v does not say the game was saved", o)
	}
	saved, _ := filepath.Glob(filepath.Join(r.data, "ssh", "players", "*", "saves", "*.json"))
	if len(saved) != 1 {
		t.Fatalf("the player's saves: %v, want one", saved)
	}

	// Continue: the game is listed again, where it was.
	alice.continueGame("Level 1/1", "Turn 1")
	if g := carol.listed("alice"); g.Turn != 1 {
		t.Errorf("the continued game is listed at turn %d, want 1", g.Turn)
	}
}
