package netplay

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/minotaur-game/minotaur/engine"
)

func twoCorridors(t *testing.T) Config {
	cfg := testConfig(t)
	cfg.Levels = []engine.Level{corridor(t), corridor(t)}
	return cfg
}

// expectPartner reads the partner message and the state that follows it.
func (c *tclient) expectPartner(name, status string) *State {
	c.t.Helper()
	p := c.expect(TypePartner).(*Partner)
	if p.Name != name || p.Status != status {
		c.t.Fatalf("%s: partner %+v, want %s %s", c.name, p, name, status)
	}
	return c.expect(TypeState).(*State)
}

// resume connects again with the client's token.
func resume(t *testing.T, addr string, old *tclient) *tclient {
	t.Helper()
	c := dial(t, addr)
	c.name, c.token = old.name, old.token
	c.send(map[string]any{"t": "hello", "v": 1, "name": "ignored", "token": old.token})
	w := c.expect(TypeWelcome).(*Welcome)
	if !w.Resumed || w.Name != old.name {
		t.Fatalf("resume welcome %+v", w)
	}
	st := c.expect(TypeStart).(*Start)
	if st.Game != old.game || st.Seat != old.seat {
		t.Fatalf("resumed into %+v, want game %s seat %d", st, old.game, old.seat)
	}
	c.seat, c.game = st.Seat, st.Game
	c.expect(TypeState)
	return c
}

// TestDisconnectAndResume: a player drops mid-level; the partner is told,
// plays on alone and passes the level; the absent player resumes with its
// token, watches, and re-enters at the next level; a wrong token is refused.
func TestDisconnectAndResume(t *testing.T) {
	_, addr := startServer(t, twoCorridors(t))
	alice, bob := pair(t, addr, "alice", "bob")
	alice.act("d")
	alice.expect(TypeState)
	bob.expect(TypeState)

	bob.conn.Close() // bob drops on his turn
	st := alice.expectPartner("bob", PartnerDisconnected)
	if !st.YourTurn || stPlayer(st, 2).State.String() != "away" || strings.Join(st.Events, "|") != "bob is away." {
		t.Fatalf("alice's state after the drop: %+v", st)
	}
	alice.act("d") // the key, alone
	if st := alice.expect(TypeState).(*State); !st.Key || !st.YourTurn {
		t.Fatalf("alice alone: %+v", st)
	}

	t.Run("wrong token", func(t *testing.T) {
		c := dial(t, addr)
		c.send(map[string]any{"t": "hello", "v": 1, "name": "bob", "token": strings.Repeat("ab", 16)})
		c.expectError(CodeProto)
		c.send(map[string]any{"t": "hello", "v": 1, "name": "bob"})
		c.expectError(CodeNameTaken) // bob's name is kept for him
	})

	bob2 := resume(t, addr, bob)
	if p := stPlayer(bob2.last, 2); p.State.String() != "away" || bob2.last.YourTurn || !bob2.last.Key {
		t.Fatalf("bob resumed into %+v", bob2.last)
	}
	st = alice.expectPartner("bob", PartnerReconnected)
	if strings.Join(st.Events, "|") != "bob is back." {
		t.Fatalf("alice told %q", st.Events)
	}
	bob2.act("d")
	bob2.expectError(CodeNotYourTurn) // off the board until the next level

	alice.act("d")
	alice.act("d") // escapes: the level is passed without bob
	for _, c := range []*tclient{alice, bob2} {
		c.expect(TypeState)
		st := c.expect(TypeState).(*State)
		if st.Level != 2 || stPlayer(st, 2).State.String() != "active" || stPlayer(st, 2).Pos.X != 2 {
			t.Fatalf("%s at level 2: %+v", c.name, st)
		}
	}
	// Level 2 with both, in turn order.
	for _, m := range []*tclient{alice, bob2, alice, bob2, alice, bob2, alice} {
		m.act("d")
		alice.expect(TypeState)
		bob2.expect(TypeState)
	}
	for _, c := range []*tclient{alice, bob2} {
		if ov := c.expect(TypeOver).(*Over); ov.Result != "won" || ov.Level != 2 || ov.Score != 396+396 {
			t.Fatalf("%s over %+v", c.name, ov)
		}
	}
}

// TestPartnerFinishesAlone: the partner of a dropped player wins alone; the
// absent player's token is then refused.
func TestPartnerFinishesAlone(t *testing.T) {
	_, addr := startServer(t, twoCorridors(t))
	alice, bob := pair(t, addr, "alice", "bob")
	bob.conn.Close()
	alice.expectPartner("bob", PartnerDisconnected)
	for level := 1; level <= 2; level++ {
		for i := 0; i < 4; i++ {
			alice.act("d")
			alice.expect(TypeState)
		}
	}
	if ov := alice.expect(TypeOver).(*Over); ov.Result != "won" || ov.Level != 2 {
		t.Fatalf("over %+v", ov)
	}
	alice.expectLobby(func(l *Lobby) bool { return len(l.Players) == 1 && l.Players[0].Name == "alice" })
	c := dial(t, addr)
	c.send(map[string]any{"t": "hello", "v": 1, "token": bob.token})
	c.expectError(CodeProto)
}

// TestLeaveAndGrace: leave tells the partner "left"; an absent player whose
// grace period ends is forgotten and the partner told.
func TestLeaveAndGrace(t *testing.T) {
	t.Run("leave", func(t *testing.T) {
		_, addr := startServer(t, twoCorridors(t))
		alice, bob := pair(t, addr, "alice", "bob")
		bob.send(map[string]any{"t": "leave"})
		bob.expectLobby(func(l *Lobby) bool { return statusOf(l, "bob") == StatusIdle })
		st := alice.expectPartner("bob", PartnerLeft)
		if stPlayer(st, 2).State.String() != "away" || !st.YourTurn {
			t.Fatalf("after leave: %+v", st)
		}
		bob.act("d")
		bob.expectError(CodeNotInGame)
		// bob can play again with someone else.
		carol := login(t, addr, "carol")
		startGame(t, bob, carol)
	})
	t.Run("grace", func(t *testing.T) {
		cfg := twoCorridors(t)
		cfg.Grace = 50 * time.Millisecond
		_, addr := startServer(t, cfg)
		alice, bob := pair(t, addr, "alice", "bob")
		bob.conn.Close()
		alice.expectPartner("bob", PartnerDisconnected)
		if p := alice.expect(TypePartner).(*Partner); p.Name != "bob" || p.Status != PartnerLeft {
			t.Fatalf("after the grace period: %+v", p)
		}
		c := dial(t, addr)
		c.send(map[string]any{"t": "hello", "v": 1, "token": bob.token})
		c.expectError(CodeProto)
		c.hello("bob") // the name is free again
	})
}

// TestReconnectReplacesStaleConnection: a player who resumes while the
// server still holds its old connection takes the seat over.
func TestReconnectReplacesStaleConnection(t *testing.T) {
	_, addr := startServer(t, twoCorridors(t))
	alice, bob := pair(t, addr, "alice", "bob")
	bob2 := resume(t, addr, bob)
	bob.expectClosed()
	alice.act("d")
	alice.expect(TypeState)
	bob2.expect(TypeState)
	bob2.act("d")
	if st := bob2.expect(TypeState).(*State); stPlayer(st, 2).Pos.X != 3 {
		t.Fatalf("bob after takeover: %+v", st)
	}
}

// TestKeepAlive: a silent client is pinged and, still silent, dropped; one
// that answers stays.
func TestKeepAlive(t *testing.T) {
	cfg := twoCorridors(t)
	var mu sync.Mutex
	now := time.Unix(1_000_000, 0)
	cfg.Now = func() time.Time { mu.Lock(); defer mu.Unlock(); return now }
	advance := func(d time.Duration) { mu.Lock(); now = now.Add(d); mu.Unlock() }
	srv, addr := startServer(t, cfg)
	alice, bob := pair(t, addr, "alice", "bob")
	// The server's timers run on the real clock, minutes away; the test
	// moves the clock and looks at each session itself.
	tick := func() {
		srv.mu.Lock()
		var all []*Session
		for ss := range srv.sessions {
			all = append(all, ss)
		}
		srv.mu.Unlock()
		for _, ss := range all {
			ss.keepAlive()
		}
	}
	// After PingAfter of silence both get a ping; alice answers, bob does not.
	advance(cfg.PingAfter + time.Second)
	tick()
	alice.expect(TypePing)
	bob.expect(TypePing)
	alice.send(map[string]any{"t": "pong"})
	alice.send(map[string]any{"t": "ping"}) // its pong proves the server read the pong
	alice.expect(TypePong)
	// DropAfter after bob's last word: bob is dropped; alice, who answered
	// a second ago by this clock, is not even pinged.
	advance(cfg.DropAfter - cfg.PingAfter - time.Second)
	tick()
	if p := alice.expect(TypePartner).(*Partner); p.Name != "bob" || p.Status != PartnerDisconnected {
		t.Fatalf("partner %+v", p)
	}
	if st := alice.expect(TypeState).(*State); !st.YourTurn {
		t.Fatalf("alice must play on alone: %+v", st)
	}
	if p := stPlayer(alice.last, 2); p.State.String() != "away" {
		t.Fatalf("silent bob is %q", p.State)
	}
	bob.expectClosed()
	// Silent for PingAfter again, alice is pinged again.
	advance(2 * time.Second)
	tick()
	alice.expect(TypePing)
}

// TestServerFull: beyond MaxClients a client gets server_full and is closed.
func TestServerFull(t *testing.T) {
	cfg := testConfig(t)
	cfg.MaxClients = 2
	_, addr := startServer(t, cfg)
	login(t, addr, "a")
	b := dial(t, addr)
	b.hello("b")
	c := dial(t, addr)
	c.expectError(CodeServerFull)
	c.expectClosed()
	b.send(map[string]any{"t": "ping"}) // the others still work
	b.expect(TypePong)
}

// TestRestart: a server shut down with a game in progress resumes it where
// it was, mid-round; one that died (its files copied as it ran) resumes it
// at its last complete round; both when the players come back with their
// tokens.
func TestRestart(t *testing.T) {
	for _, clean := range []bool{true, false} {
		name := map[bool]string{true: "shutdown", false: "crash"}[clean]
		t.Run(name, func(t *testing.T) {
			dir := t.TempDir()
			cfg := twoCorridors(t)
			cfg.DataDir = dir
			srv, addr := startServer(t, cfg)
			alice, bob := pair(t, addr, "alice", "bob")
			moves := []*tclient{alice, bob, alice} // bob takes the key; mid-round
			if !clean {
				moves = append(moves, bob) // the file holds complete rounds
			}
			for _, m := range moves {
				m.act("d")
				alice.expect(TypeState)
				bob.expect(TypeState)
			}
			before := bob.last
			dataDir := dir
			if clean {
				ctx, cancel := context.WithTimeout(context.Background(), waitFor)
				defer cancel()
				if err := srv.Shutdown(ctx); err != nil {
					t.Fatal(err)
				}
				alice.expectClosed()
			} else {
				// Wait for the round to be written, then copy the folder
				// as a crash would leave it.
				dataDir = t.TempDir()
				waitForGame(t, dir, alice.game, func(g map[string]any) bool {
					return g["turns"] == float64(2) && g["next"] == float64(0)
				})
				copyDir(t, dir, dataDir)
			}
			cfg2 := twoCorridors(t)
			cfg2.DataDir = dataDir
			_, addr2 := startServer(t, cfg2)
			bob2 := resume(t, addr2, bob)
			alice2 := resume(t, addr2, alice)
			if p := bob2.expect(TypePartner).(*Partner); p.Status != PartnerReconnected {
				t.Fatalf("bob told %+v", p)
			}
			for _, c := range []*tclient{alice2, bob2} {
				st := c.last
				if st.Turn != before.Turn || !st.Key || st.YourTurn != (c.seat == 2 && clean || c.seat == 1 && !clean) ||
					fmt.Sprint(st.Players) != fmt.Sprint(before.Players) {
					t.Fatalf("%s resumed into %+v, was %+v", c.name, st, before)
				}
			}
			for alice2.last.Level == 1 { // both walk out
				m := alice2
				if bob2.last.YourTurn {
					m = bob2
				}
				m.act("d")
				alice2.expect(TypeState)
				bob2.expect(TypeState)
			}
			for _, c := range []*tclient{alice2, bob2} {
				if c.last.Level != 2 {
					t.Fatalf("%s: %+v", c.name, c.last)
				}
			}
		})
	}
}

// TestRestartPartnerMissing: after a restart, a returning player whose
// partner does not come back plays on alone once RejoinWait has passed.
func TestRestartPartnerMissing(t *testing.T) {
	dir := t.TempDir()
	cfg := twoCorridors(t)
	cfg.DataDir = dir
	srv, addr := startServer(t, cfg)
	alice, bob := pair(t, addr, "alice", "bob")
	ctx, cancel := context.WithTimeout(context.Background(), waitFor)
	defer cancel()
	srv.Shutdown(ctx)
	cfg2 := twoCorridors(t)
	cfg2.DataDir = dir
	cfg2.RejoinWait = 30 * time.Millisecond
	_, addr2 := startServer(t, cfg2)
	bob2 := resume(t, addr2, bob)
	if bob2.last.YourTurn {
		t.Fatal("bob's turn before alice is marked away")
	}
	st := bob2.expectPartner("alice", PartnerDisconnected)
	if !st.YourTurn || stPlayer(st, 1).State.String() != "away" {
		t.Fatalf("after the rejoin wait: %+v", st)
	}
	_ = alice
}

func copyDir(t *testing.T, from, to string) {
	t.Helper()
	entries, err := os.ReadDir(from)
	if err != nil {
		t.Fatal(err)
	}
	for _, e := range entries {
		data, err := os.ReadFile(filepath.Join(from, e.Name()))
		if err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(filepath.Join(to, e.Name()), data, 0o644); err != nil {
			t.Fatal(err)
		}
	}
}

// TestLoneReturnerPlaysOn: a player who came back during a level waits off
// the board for the next one; when the partner then leaves, the returner is
// put back on the board at once instead of waiting on an empty level.
func TestLoneReturnerPlaysOn(t *testing.T) {
	_, addr := startServer(t, twoCorridors(t))
	alice, bob := pair(t, addr, "alice", "bob")
	alice.conn.Close()
	bob.expectPartner("alice", PartnerDisconnected)
	bob.act("d") // bob takes the key alone
	bob.expect(TypeState)
	alice2 := resume(t, addr, alice)
	bob.expectPartner("alice", PartnerReconnected)
	if p := stPlayer(alice2.last, 1); p.State.String() != "away" {
		t.Fatalf("alice came back %q, want away until the next level", p.State)
	}
	bob.send(map[string]any{"t": "leave"})
	st := alice2.expectPartner("bob", PartnerLeft)
	if p := stPlayer(st, 1); p.State.String() != "active" || p.Pos.X != 1 || !st.YourTurn || !st.Key {
		t.Fatalf("alice alone: %+v", st)
	}
	for i := 0; i < 4; i++ {
		alice2.act("d")
		alice2.expect(TypeState)
	}
	if alice2.last.Level != 2 {
		t.Fatalf("alice did not pass the level alone: %+v", alice2.last)
	}
}

// TestShutdownForgetsFinishedGames: a game that ended just before a
// shutdown, while its file was still being written, leaves no file behind
// to be resumed by the next server.
func TestShutdownForgetsFinishedGames(t *testing.T) {
	dir := t.TempDir()
	cfg := testConfig(t)
	cfg.Levels = []engine.Level{corridor(t)}
	cfg.DataDir = dir
	cfg.WriteFile = func(path string, data []byte) error {
		time.Sleep(100 * time.Millisecond) // a slow disk
		return os.WriteFile(path, data, 0o644)
	}
	srv, addr := startServer(t, cfg)
	alice, bob := pair(t, addr, "alice", "bob")
	for _, m := range []*tclient{alice, bob, alice, bob, alice, bob, alice} {
		m.act("d")
		alice.expect(TypeState)
		bob.expect(TypeState)
	}
	alice.expect(TypeOver)
	ctx, cancel := context.WithTimeout(context.Background(), waitFor)
	defer cancel()
	if err := srv.Shutdown(ctx); err != nil {
		t.Fatal(err)
	}
	entries, _ := os.ReadDir(dir)
	for _, e := range entries {
		t.Errorf("%s is left in the data folder after its game ended", e.Name())
	}
}
