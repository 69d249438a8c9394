package main

import (
	"bytes"
	"context"
	"io"
	"log/slog"
	"net"
	"strings"
	"testing"
	"time"

	"github.com/minotaur-game/minotaur/engine"
	"github.com/minotaur-game/minotaur/internal/testboard"
	"github.com/minotaur-game/minotaur/netplay"
)

// TestBotPlaysCoop: `minotaur bot` joins a real server, accepts a player's
// invitation, plays its seat from its state messages, and stops after the
// game it was asked to play; the game is won by both.
func TestBotPlaysCoop(t *testing.T) {
	_, addr := corridorServer(t)

	var out, errb bytes.Buffer
	done := make(chan int, 1)
	go func() { done <- run([]string{"bot", "--server", addr, "--name", "robo", "--games", "1"}, &out, &errb) }()

	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	ada, _, err := netplay.Dial(ctx, addr, "ada", "")
	if err != nil {
		t.Fatal(err)
	}
	defer ada.Close()
	// Invite the bot once it is in the lobby.
	for invited := false; !invited; {
		m, err := ada.NextContext(ctx)
		if err != nil {
			t.Fatalf("waiting for the bot in the lobby: %v", err)
		}
		if l, ok := m.(*netplay.Lobby); ok {
			for _, p := range l.Players {
				if p.Name == "robo" {
					ada.Invite("robo")
					invited = true
				}
			}
		}
	}
	// Ada walks right on her turns; the bot plays its own.
	var over *netplay.Over
	for over == nil {
		m, err := ada.NextContext(ctx)
		if err != nil {
			t.Fatalf("the game did not end: %v\nbot: %s%s", err, out.String(), errb.String())
		}
		switch m := m.(type) {
		case *netplay.State:
			if m.YourTurn {
				ada.Act(engine.Right)
			}
		case *netplay.Over:
			over = m
		}
	}
	if over.Result != "won" {
		t.Fatalf("the game ended %s: the bot did not get out", over.Result)
	}
	select {
	case status := <-done:
		if status != 0 || !strings.Contains(out.String(), "game over: won") || !strings.Contains(out.String(), "joined "+addr+" as robo") {
			t.Fatalf("status %d, output:\n%s%s", status, out.String(), errb.String())
		}
	case <-time.After(10 * time.Second):
		t.Fatal("the bot did not stop after its one game")
	}
}

func TestBotUsage(t *testing.T) {
	for _, args := range [][]string{{"bot"}, {"bot", "--server", "x:1", "extra"}, {"bot", "--server", "x:1", "--games", "-1"}} {
		if _, stderr, status := runCmd(args...); status != 2 || !strings.Contains(stderr, "usage: minotaur bot") {
			t.Errorf("%q: status %d, stderr %q", args, status, stderr)
		}
	}
	if _, stderr, status := runCmd("bot", "--server", "127.0.0.1:1"); status != 1 || !strings.Contains(stderr, "cannot join 127.0.0.1:1") {
		t.Errorf("an unreachable server: status %d, stderr %q", status, stderr)
	}
}

// TestServerBots: `serve --bots 2` puts bot and bot2 in the lobby; a lone
// player invites one and wins a co-op game with it.
func TestServerBots(t *testing.T) {
	srv, addr := corridorServer(t)
	startServerBots(srv, 2, slog.New(slog.NewTextHandler(io.Discard, nil)))
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	ada, _, err := netplay.Dial(ctx, addr, "ada", "")
	if err != nil {
		t.Fatal(err)
	}
	defer ada.Close()
	for invited := false; !invited; {
		m, err := ada.NextContext(ctx)
		if err != nil {
			t.Fatalf("waiting for both bots in the lobby: %v", err)
		}
		if l, ok := m.(*netplay.Lobby); ok {
			names := map[string]bool{}
			for _, p := range l.Players {
				names[p.Name] = true
			}
			for _, p := range l.Players {
				if (p.Name == "bot" || p.Name == "bot2") && !p.Bot {
					t.Fatalf("the lobby does not show %s as a bot: %+v", p.Name, l.Players)
				}
				if p.Name == "ada" && p.Bot {
					t.Fatalf("the lobby shows ada as a bot")
				}
			}
			if names["bot"] && names["bot2"] {
				ada.Invite("bot2")
				invited = true
			}
		}
	}
	for {
		m, err := ada.NextContext(ctx)
		if err != nil {
			t.Fatalf("the game did not end: %v", err)
		}
		switch m := m.(type) {
		case *netplay.State:
			if m.YourTurn {
				ada.Act(engine.Right)
			}
		case *netplay.Over:
			if m.Result != "won" {
				t.Fatalf("the game with bot2 ended %s", m.Result)
			}
			return
		}
	}
}

// corridorServer runs a game server on a loopback port whose campaign is one
// corridor (both players at the left, the key, the exit at the right end),
// and returns it and its address.
func corridorServer(t *testing.T) (*netplay.Server, string) {
	t.Helper()
	lv := testboard.Level(t,
		"+-------+",
		"|PPK...E|",
		"+-------+")
	srv, err := netplay.NewServer(netplay.Config{Levels: []engine.Level{lv}, LobbyInterval: -1, Seed: func() uint64 { return 7 }})
	if err != nil {
		t.Fatal(err)
	}
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	go srv.Serve(ln)
	t.Cleanup(func() {
		ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
		defer cancel()
		srv.Shutdown(ctx)
	})
	return srv, ln.Addr().String()
}
