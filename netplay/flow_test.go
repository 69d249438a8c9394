package netplay

import (
	"fmt"
	"strings"
	"testing"

	"github.com/minotaur-game/minotaur/engine"
)

// TestWholeFlow plays the protocol end to end over TCP: hello, lobby, chat,
// a declined and an accepted invitation, a whole level played in turn order
// with an out-of-turn action refused, a wall bump, game chat, and over.
func TestWholeFlow(t *testing.T) {
	cfg := testConfig(t)
	cfg.Levels = []engine.Level{corridor(t)}
	_, addr := startServer(t, cfg)

	alice := login(t, addr, "alice")
	bob := login(t, addr, "bob")
	alice.expectLobby(func(l *Lobby) bool { return len(l.Players) == 2 })
	carol := login(t, addr, "carol")
	for _, c := range []*tclient{alice, bob} {
		c.expectLobby(func(l *Lobby) bool { return len(l.Players) == 3 })
	}

	// Lobby chat reaches everyone in the lobby, sender included.
	alice.send(map[string]any{"t": "chat", "text": "hello bob"})
	for _, c := range []*tclient{alice, bob, carol} {
		ch := c.expect(TypeChat).(*Chat)
		if ch.Scope != ScopeLobby || ch.From != "alice" || ch.Text != "hello bob" {
			t.Fatalf("%s got chat %+v", c.name, ch)
		}
	}

	// A declined invitation tells the inviter. Inviting again while an
	// invitation is pending does not pester the invited player.
	for i := 0; i < 3; i++ {
		alice.send(map[string]any{"t": "invite", "to": "bob"})
		if s := alice.expect(TypeInviteSent).(*InviteSent); s.To != "bob" {
			t.Fatalf("invite_sent %+v", s)
		}
	}
	bob.expect(TypeInvited)
	bob.send(map[string]any{"t": "ping"})
	bob.expect(TypePong) // one invitation, not three
	bob.send(map[string]any{"t": "decline", "from": "alice"})
	if d := alice.expect(TypeDeclined).(*Declined); d.By != "bob" {
		t.Fatalf("declined %+v", d)
	}
	// Accepting a declined invitation is refused.
	bob.send(map[string]any{"t": "accept", "from": "alice"})
	bob.expectError(CodeNoSuchPlayer)

	startGame(t, alice, bob)
	if alice.last.Rows != 3 || alice.last.Cols != 7 || !alice.last.YourTurn || bob.last.YourTurn {
		t.Fatalf("first states: alice %+v bob %+v", alice.last, bob.last)
	}
	if got := strings.Join(alice.last.Events, "|"); got != "Level 1 begins." {
		t.Fatalf("first events %q", got)
	}
	l := carol.expectLobby(func(l *Lobby) bool {
		return statusOf(l, "alice") == StatusPlaying && statusOf(l, "bob") == StatusPlaying
	})
	if got := fmt.Sprint(l.Players); got != "[{carol idle false} {alice playing false} {bob playing false}]" {
		t.Fatalf("lobby order %s: want the idle first", got)
	}

	// Inviting a player who is playing is refused.
	carol.send(map[string]any{"t": "invite", "to": "bob"})
	carol.expectError(CodeNoSuchPlayer)

	// Out of turn: refused, and nothing changes.
	bob.act("d")
	bob.expectError(CodeNotYourTurn)

	// A bump costs no turn and only the bumper hears of it.
	alice.act("w")
	st := alice.expect(TypeState).(*State)
	if !st.YourTurn || st.Turn != 0 || len(st.Events) != 1 || st.Events[0] != "A wall blocks the way." {
		t.Fatalf("bump state %+v", st)
	}
	// So does a freeze with an empty pocket.
	alice.act("f")
	st = alice.expect(TypeState).(*State)
	if !st.YourTurn || st.Turn != 0 || st.Freezes != 0 || strings.Join(st.Events, "|") != "Your pocket holds no freeze." {
		t.Fatalf("empty-pocket state %+v", st)
	}
	bob.send(map[string]any{"t": "ping"})
	bob.expect(TypePong)

	// Game chat reaches the partner, not the lobby.
	bob.send(map[string]any{"t": "chat", "text": "after you"})
	for _, c := range []*tclient{alice, bob} {
		if ch := c.expect(TypeChat).(*Chat); ch.Scope != ScopeGame || ch.Text != "after you" || ch.From != "bob" {
			t.Fatalf("%s got %+v", c.name, ch)
		}
	}
	carol.send(map[string]any{"t": "ping"})
	carol.expect(TypePong) // carol saw no game chat

	// The level, in turn order: seat 1, seat 2, seat 1, ...
	moves := []struct {
		who    *tclient
		x      int
		events string
	}{
		{alice, 2, ""},
		{bob, 3, "bob took the key: the exit is open."},
		{alice, 3, ""},
		{bob, 4, ""},
		{alice, 4, ""},
		{bob, 5, "bob escaped."},
	}
	for i, m := range moves {
		m.who.act("d")
		for _, c := range []*tclient{alice, bob} {
			st := c.expect(TypeState).(*State)
			if got := strings.Join(st.Events, "|"); got != m.events {
				t.Fatalf("move %d: %s got events %q, want %q", i, c.name, got, m.events)
			}
			if p := stPlayer(st, m.who.seat); p.Pos.X != m.x {
				t.Fatalf("move %d: %s sees %s at x=%d, want %d", i, c.name, m.who.name, p.Pos.X, m.x)
			}
			// After bob escapes only alice is left to move.
			wantTurn := (c == alice) == (i%2 == 1 || i == len(moves)-1)
			if st.YourTurn != wantTurn {
				t.Fatalf("move %d: %s your_turn=%v", i, c.name, st.YourTurn)
			}
		}
	}
	if p := stPlayer(bob.last, 2); p.State.String() != "escaped" {
		t.Fatalf("bob is %q after escaping", p.State)
	}
	alice.act("d")
	for _, c := range []*tclient{alice, bob} {
		st := c.expect(TypeState).(*State)
		want := "alice escaped.|Level 1 passed: 396 points (100 + 296 time bonus + 0 for bonuses).|The team escaped the labyrinth: you won!"
		if got := strings.Join(st.Events, "|"); got != want {
			t.Fatalf("%s last events %q", c.name, got)
		}
		ov := c.expect(TypeOver).(*Over)
		if ov.Result != "won" || ov.Score != 396 || ov.Level != 1 {
			t.Fatalf("%s over %+v", c.name, ov)
		}
		c.expectLobby(func(l *Lobby) bool { return statusOf(l, c.name) == StatusIdle })
	}
	// Back in the lobby: act is refused, a new game can start.
	alice.act("d")
	alice.expectError(CodeNotInGame)
	bob.send(map[string]any{"t": "leave"})
	bob.expectError(CodeNotInGame)
	startGame(t, bob, alice)
}

func statusOf(l *Lobby, name string) string {
	for _, p := range l.Players {
		if p.Name == name {
			return p.Status
		}
	}
	return ""
}

func stPlayer(st *State, seat int) engine.PlayerView {
	for _, p := range st.Players {
		if p.Seat == seat {
			return p
		}
	}
	return engine.PlayerView{}
}

// TestRequestErrors checks the error of every refused request.
func TestRequestErrors(t *testing.T) {
	cfg := testConfig(t)
	cfg.Levels = []engine.Level{corridor(t)}
	_, addr := startServer(t, cfg)
	alice := login(t, addr, "alice")

	tests := []struct {
		name string
		line string
		code string
	}{
		{"act before a game", `{"t":"act","a":"w"}`, CodeNotInGame},
		{"leave before a game", `{"t":"leave"}`, CodeNotInGame},
		{"invite nobody", `{"t":"invite","to":"nobody"}`, CodeNoSuchPlayer},
		{"invite yourself", `{"t":"invite","to":"ALICE"}`, CodeNoSuchPlayer},
		{"accept without invitation", `{"t":"accept","from":"bob"}`, CodeNoSuchPlayer},
		{"decline without invitation", `{"t":"decline","from":"bob"}`, CodeNoSuchPlayer},
		{"second hello", `{"t":"hello","v":1,"name":"other"}`, CodeProto},
		{"no type", `{"text":"hi"}`, CodeProto},
		{"empty chat", `{"t":"chat","text":" \u001b[0m "}`, CodeProto},
		{"unknown type", `{"t":"teleport"}`, CodeUnknownType},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			alice.t = t
			alice.sendRaw(tt.line)
			alice.expectError(tt.code)
		})
	}

	t.Run("bad actions", func(t *testing.T) {
		bob := login(t, addr, "bob")
		alice.t = t
		startGame(t, alice, bob)
		for _, a := range []string{"x", "ww", "", "é"} {
			alice.act(a)
			alice.expectError(CodeBadAction)
		}
		alice.sendRaw(`{"t":"act","a":"."}`) // skip is an action
		if st := alice.expect(TypeState).(*State); st.Turn != 1 || st.YourTurn {
			t.Fatalf("after a skip: %+v", st)
		}
	})
}

// TestHelloErrors checks names and versions at hello.
func TestHelloErrors(t *testing.T) {
	_, addr := startServer(t, testConfig(t))
	login(t, addr, "Alice")
	tests := []struct {
		name, line, code string
	}{
		{"before hello", `{"t":"chat","text":"hi"}`, CodeProto},
		{"wrong version", `{"t":"hello","v":2,"name":"bob"}`, CodeProto},
		{"no version", `{"t":"hello","name":"bob"}`, CodeProto},
		{"empty name", `{"t":"hello","v":1,"name":""}`, CodeBadName},
		{"long name", `{"t":"hello","v":1,"name":"abcdefghijklmnopq"}`, CodeBadName},
		{"space in name", `{"t":"hello","v":1,"name":"bo b"}`, CodeBadName},
		{"escape in name", `{"t":"hello","v":1,"name":"\u001b[31mbob"}`, CodeBadName},
		{"taken name", `{"t":"hello","v":1,"name":"alice"}`, CodeNameTaken},
		{"wrong token", `{"t":"hello","v":1,"name":"bob","token":"00112233445566778899aabbccddeeff"}`, CodeProto},
	}
	for i, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			c := dial(t, addr)
			c.sendRaw(tt.line)
			e := c.expectError(tt.code)
			if strings.ContainsAny(e.Msg, "\x1b\x9b") {
				t.Fatalf("error message echoes an escape: %q", e.Msg)
			}
			// The connection stays open: a good hello still works.
			c.hello(fmt.Sprintf("ok-%d", i))
		})
	}
}

// TestLobbyList: the lobby lists idle players first, then away, then
// playing, each by name, at most LobbyListMax of them with the rest counted;
// the line stays under MaxLine bytes.
func TestLobbyList(t *testing.T) {
	cfg := twoCorridors(t)
	cfg.MaxPerAddr = 100 // every player comes from loopback
	_, addr := startServer(t, cfg)
	n := LobbyListMax + 5
	var cs []*tclient
	for i := 0; i < n; i++ {
		cs = append(cs, login(t, addr, fmt.Sprintf("p%02d-%s", n-i, strings.Repeat("x", 12))))
	}
	startGame(t, cs[n-1], cs[n-2]) // p01 and p02 play
	cs[n-3].conn.Close()           // p03 leaves: gone, not away (not in a game)
	watcher := cs[0]
	var l *Lobby
	var raw string
	for {
		s, err := watcher.line()
		if err != nil {
			t.Fatal(err)
		}
		m, _ := DecodeMessage([]byte(s))
		if lb, ok := m.(*Lobby); ok && lb.More == n-1-LobbyListMax && statusOf(lb, "p01-xxxxxxxxxxxx") == "" &&
			statusOf(lb, "p02-xxxxxxxxxxxx") == "" && statusOf(lb, "p03-xxxxxxxxxxxx") == "" {
			l, raw = lb, s
			break
		}
	}
	if len(raw) > MaxLine {
		t.Fatalf("lobby line of %d bytes", len(raw))
	}
	if len(l.Players) != LobbyListMax {
		t.Fatalf("%d players listed, want %d", len(l.Players), LobbyListMax)
	}
	for i, p := range l.Players {
		if want := fmt.Sprintf("p%02d-xxxxxxxxxxxx", i+4); p.Name != want || p.Status != StatusIdle {
			t.Fatalf("entry %d is %+v, want %s idle", i, p, want)
		}
	}
}
