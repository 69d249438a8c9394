package main

import (
	"bytes"
	"context"
	"encoding/json"
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

	ctx, cancel := context.WithTimeout(context.Background(), 2*time.Minute)
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
	case <-time.After(2 * time.Minute):
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
	ctx, cancel := context.WithTimeout(context.Background(), 2*time.Minute)
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
		ctx, cancel := context.WithTimeout(context.Background(), 2*time.Minute)
		defer cancel()
		srv.Shutdown(ctx)
	})
	return srv, ln.Addr().String()
}

// TestBotActsOncePerTurn: a state that arrives while the bot's action is on
// its way (here: the partner dropped) may still say it is the bot's turn;
// the bot waits for the state that tells its own action before acting
// again, so it never plays two moves for one turn.
func TestBotActsOncePerTurn(t *testing.T) {
	lv := testboard.Level(t,
		"#########",
		"#PP.K..E#",
		"#########",
	)
	g, err := engine.New(engine.Config{Seed: 1, Players: 2, Levels: []engine.Level{lv}})
	if err != nil {
		t.Fatal(err)
	}
	client, server := net.Pipe()
	defer server.Close()
	lines := make(chan string, 16)
	go func() {
		defer close(lines)
		buf := make([]byte, 4096)
		for {
			n, err := server.Read(buf)
			if err != nil {
				return
			}
			for _, l := range strings.Split(strings.TrimSpace(string(buf[:n])), "\n") {
				lines <- l
			}
		}
	}()
	write := func(m any) {
		t.Helper()
		server.SetWriteDeadline(time.Now().Add(2 * time.Minute))
		b, _ := json.Marshal(m)
		if _, err := server.Write(append(b, '\n')); err != nil {
			t.Fatal(err)
		}
	}
	act := func(step string) string {
		t.Helper()
		select {
		case l := <-lines:
			if !strings.Contains(l, `"t":"act"`) {
				t.Fatalf("%s: the bot sent %s, want an act", step, l)
			}
			return l
		case <-time.After(2 * time.Minute):
			t.Fatalf("%s: the bot did not act", step)
		}
		return ""
	}
	state := func(seq int64, happened []engine.Event) *netplay.State {
		return &netplay.State{View: g.View(2), Seq: seq, Happened: happened}
	}
	done := make(chan error, 1)
	go func() {
		_, err := playBot(netplay.NewClient(client), 1, io.Discard)
		done <- err
	}()
	write(&netplay.Start{T: netplay.TypeStart, Game: "g", Seat: 2, Partner: "ada", Seed: 1})
	ev, _ := g.Apply(1, engine.Right)
	write(state(1, ev)) // the bot's turn
	act("its turn")
	// The partner drops before the bot's action is played: a state that
	// still says it is the bot's turn, with nothing the bot did.
	ev, _ = g.SetAway(1, true)
	write(state(2, ev))
	ev, _ = g.Apply(2, engine.Right)
	write(state(3, ev)) // the answer to the bot's action: its turn again
	act("after its action was played")
	write(&netplay.Over{T: netplay.TypeOver, Result: "lost", Score: 0, Level: 1})
	if err := <-done; err != nil {
		t.Fatal(err)
	}
	client.Close()
	for l := range lines {
		if strings.Contains(l, `"t":"act"`) {
			t.Fatalf("the bot acted once more than its turns: %s", l)
		}
	}
}
