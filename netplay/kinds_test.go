package netplay

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// loginKinds connects a player whose client plays the given kinds.
func loginKinds(t *testing.T, addr, name string, kinds ...string) *tclient {
	t.Helper()
	c := dial(t, addr)
	c.name = name
	c.send(map[string]any{"t": "hello", "v": 1, "name": name, "kinds": kinds})
	w := c.expect(TypeWelcome).(*Welcome)
	c.token = w.Token
	c.expect(TypeLobby)
	c.expect(TypeDaily)
	return c
}

// trailsState reads the next Trails state.
func (c *tclient) trailsState() *TrailsState {
	c.t.Helper()
	st, ok := c.expect(TypeState).(*TrailsState)
	if !ok {
		c.t.Fatalf("%s: a state that is not a Trails state", c.name)
	}
	return st
}

// startTrails: a invites b to Trails, b accepts; both get start (kind
// trails) and their first state.
func startTrails(t *testing.T, a, b *tclient) (*TrailsState, *TrailsState) {
	t.Helper()
	a.send(map[string]any{"t": "invite", "to": b.name, "kind": "trails"})
	a.expect(TypeInviteSent)
	if inv := b.expect(TypeInvited).(*Invited); inv.From != a.name || inv.Kind != KindTrails {
		t.Fatalf("invitation %+v", inv)
	}
	b.send(map[string]any{"t": "accept", "from": a.name})
	var sts [2]*TrailsState
	for i, c := range []*tclient{a, b} {
		st := c.expect(TypeStart).(*Start)
		if st.Seat != i+1 || st.Kind != KindTrails {
			t.Fatalf("%s: start %+v", c.name, st)
		}
		c.seat, c.game = st.Seat, st.Game
		sts[i] = c.trailsState()
	}
	return sts[0], sts[1]
}

// A client that did not say it plays Trails is never invited to it, and
// cannot start or watch one; a kind the server does not play is refused.
func TestKindsOnlyForClientsThatPlayThem(t *testing.T) {
	_, addr := startServer(t, testConfig(t))
	alice := loginKinds(t, addr, "alice", "trails")
	bob := login(t, addr, "bob") // a Minotaur client of today
	alice.send(map[string]any{"t": "invite", "to": "bob", "kind": "trails"})
	if e := alice.expectError(CodeBadKind); !strings.Contains(e.Msg, "bob's program does not play Trails and Towers") {
		t.Fatalf("error %q", e.Msg)
	}
	alice.send(map[string]any{"t": "invite", "to": "bob", "kind": "chess!"})
	if e := alice.expectError(CodeBadKind); !strings.Contains(e.Msg, `there is no game kind "chess!": the kinds are minotaur, chess, foxhunt, labyrinth, trails`) {
		t.Fatalf("error %q", e.Msg)
	}
	bob.send(map[string]any{"t": "solo", "kind": "trails"})
	bob.expectError(CodeBadKind)
	// A Minotaur invitation is as it always was: no kind in it.
	alice.send(map[string]any{"t": "invite", "to": "bob"})
	alice.expect(TypeInviteSent)
	line, _ := bob.line()
	for strings.Contains(line, `"t":"lobby"`) {
		line, _ = bob.line()
	}
	if line != `{"t":"invited","from":"alice"}` {
		t.Fatalf("bob's invitation line %s", line)
	}
	// Watching a Trails game needs the kind too.
	carol := loginKinds(t, addr, "carol", "trails")
	carol.send(map[string]any{"t": "solo", "kind": "trails", "level": 1})
	st := carol.expect(TypeStart).(*Start)
	carol.trailsState()
	bob.send(map[string]any{"t": "watch", "game": st.Game})
	if e := bob.expectError(CodeBadKind); !strings.Contains(e.Msg, "is a trails game") {
		t.Fatalf("error %q", e.Msg)
	}
	alice.send(map[string]any{"t": "watch", "game": st.Game, "kind": "minotaur"})
	alice.expectError(CodeBadKind)
}

// hotSeat is the classic game of the script corpus won by Blue's towers.
const hotSeat = "RURLRDRLDLDLLULUDRRUDULRL"

// Two clients play a Trails game to its end through the server: turns,
// refusals, the lobby's listing, a spectator, and the over messages.
func TestTrailsGameToEnd(t *testing.T) {
	_, addr := startServer(t, testConfig(t))
	alice := loginKinds(t, addr, "alice", "trails")
	bob := loginKinds(t, addr, "bob", "trails", "chess", "trails")
	carol := loginKinds(t, addr, "carol", "trails")
	sa, sb := startTrails(t, alice, bob)
	if !sa.YourTurn || sb.YourTurn || sa.Size != 11 || sa.Names[0] != "alice" || sb.Names[1] != "bob" || len(sa.Legal) != 2 {
		t.Fatalf("first states: %+v / %+v", sa, sb)
	}
	carol.expectLobby(func(l *Lobby) bool { return len(l.Games) == 1 && l.Games[0].Kind == KindTrails })
	carol.send(map[string]any{"t": "watch", "game": alice.game, "kind": "trails"})
	if st := carol.expect(TypeStart).(*Start); st.Seat != 0 || st.Kind != KindTrails || st.Partner != "alice and bob" {
		t.Fatalf("spectator's start %+v", st)
	}
	if st := carol.trailsState(); st.YourTurn || st.Seat != 0 {
		t.Fatalf("spectator's state %+v", st)
	}
	for _, c := range []*tclient{alice, bob} {
		if ch := c.expect(TypeChat).(*Chat); ch.Text != "carol is watching" {
			t.Fatalf("%s: chat %+v", c.name, ch)
		}
	}
	bob.act("L")
	bob.expectError(CodeNotYourTurn)
	alice.act("W")
	if e := alice.expectError(CodeBadAction); !strings.Contains(e.Msg, "WASD is for the keyboard only") {
		t.Fatalf("error %q", e.Msg)
	}
	alice.act("U")
	if e := alice.expectError(CodeBadAction); e.Msg != "up from (0, 0) leaves the field" {
		t.Fatalf("error %q", e.Msg)
	}
	for i, r := range hotSeat {
		mover, other := alice, bob
		if i%2 == 1 {
			mover, other = bob, alice
		}
		mover.act(string(r))
		a, b := mover.trailsState(), other.trailsState()
		carol.expect(TypeState)
		if a.Moves != i+1 || b.Moves != i+1 {
			t.Fatalf("move %d: states at %d and %d moves", i+1, a.Moves, b.Moves)
		}
		if i < len(hotSeat)-1 && (a.YourTurn || !b.YourTurn) {
			t.Fatalf("move %d: the turn did not pass", i+1)
		}
	}
	for c, want := range map[*tclient]string{alice: "won", bob: "lost", carol: "over"} {
		o := c.expect(TypeOver).(*Over)
		if o.Result != want || o.Winner != "alice" || o.Kind != KindTrails {
			t.Fatalf("%s: over %+v, want %s", c.name, o, want)
		}
	}
	if alice.last != nil {
		t.Fatal("a Trails state was read as a Minotaur state")
	}
	alice.expectLobby(func(l *Lobby) bool { return len(l.Games) == 0 })
}

// A solo Trails game against the server's computer: it answers each move
// in the same state.
func TestTrailsSoloAgainstTheComputer(t *testing.T) {
	_, addr := startServer(t, testConfig(t))
	alice := loginKinds(t, addr, "alice", "trails")
	alice.send(map[string]any{"t": "solo", "kind": "trails", "level": 9})
	alice.expectError(CodeProto)
	alice.send(map[string]any{"t": "solo", "kind": "trails", "level": 3})
	if st := alice.expect(TypeStart).(*Start); st.Bot != 3 || st.Seat != 1 || st.Partner != "" {
		t.Fatalf("start %+v", st)
	}
	alice.trailsState()
	alice.act("R")
	st := alice.trailsState()
	if st.Moves != 2 || !st.YourTurn || st.Last == nil || st.Last.Player != 2 {
		t.Fatalf("after one move: %+v", st)
	}
	alice.send(map[string]any{"t": "leave"})
	if o := alice.expect(TypeOver).(*Over); o.Result != "lost" || o.Winner != "computer" {
		t.Fatalf("over %+v", o)
	}
}

// Leaving a Trails game gives it to the other player; a lost connection
// keeps the seat for the grace period, and the token brings it back; a
// restarted server resumes the game from its data folder.
func TestTrailsLeaveResumeRestart(t *testing.T) {
	dir := t.TempDir()
	cfg := testConfig(t)
	cfg.DataDir = dir
	srv, addr := startServer(t, cfg)
	alice := loginKinds(t, addr, "alice", "trails")
	bob := loginKinds(t, addr, "bob", "trails")
	startTrails(t, alice, bob)
	alice.act("R")
	alice.trailsState()
	bob.trailsState()

	// alice's connection drops; she comes back with her token.
	alice.conn.Close()
	if p := bob.expect(TypePartner).(*Partner); p.Status != PartnerDisconnected {
		t.Fatalf("partner %+v", p)
	}
	bob.trailsState()
	a2 := dial(t, addr)
	a2.name = "alice"
	a2.send(map[string]any{"t": "hello", "v": 1, "token": alice.token, "kinds": []string{"trails"}})
	a2.expect(TypeWelcome)
	if st := a2.expect(TypeStart).(*Start); st.Kind != KindTrails || st.Seat != 1 {
		t.Fatalf("resumed start %+v", st)
	}
	if st := a2.trailsState(); st.Moves != 1 || st.YourTurn {
		t.Fatalf("resumed state %+v", st)
	}
	if p := bob.expect(TypePartner).(*Partner); p.Status != PartnerReconnected {
		t.Fatalf("partner %+v", p)
	}

	// The server restarts: the game is in the data folder.
	ctx, cancel := context.WithTimeout(context.Background(), waitFor)
	defer cancel()
	srv.Shutdown(ctx)
	cfg2 := testConfig(t)
	cfg2.DataDir = dir
	_, addr2 := startServer(t, cfg2)
	b2 := dial(t, addr2)
	b2.name = "bob"
	b2.send(map[string]any{"t": "hello", "v": 1, "token": bob.token, "kinds": []string{"trails"}})
	b2.expect(TypeWelcome)
	b2.expect(TypeStart)
	if st := b2.trailsState(); st.Moves != 1 || !st.YourTurn || st.Names[0] != "alice" {
		t.Fatalf("after the restart: %+v", st)
	}
	b2.act("L")
	b2.trailsState()
	b2.send(map[string]any{"t": "leave"})
	if o := b2.expect(TypeOver).(*Over); o.Result != "lost" || o.Winner != "alice" {
		t.Fatalf("bob left: %+v", o)
	}
}

// Hostile and odd requests to a Trails game change nothing and get a
// sentence; a data file of a kind the server does not play is left alone.
func TestTrailsHostileInput(t *testing.T) {
	dir := t.TempDir()
	bad := `{"format":"minotaur-server-game","version":1,"id":"00112233445566778899aabbccddeeff","kind":"chess","seats":[{"name":"x","token_sha256":"ab"},{"name":"y","token_sha256":"cd"}],"game":{}}`
	if err := os.WriteFile(filepath.Join(dir, "00112233445566778899aabbccddeeff.json"), []byte(bad), 0o644); err != nil {
		t.Fatal(err)
	}
	cfg := testConfig(t)
	cfg.DataDir = dir
	_, addr := startServer(t, cfg)
	alice := loginKinds(t, addr, "alice", "trails", strings.Repeat("x", 300), "", "minotaur")
	bob := loginKinds(t, addr, "bob", "trails")
	startTrails(t, alice, bob)
	alice.act(strings.Repeat("R", 3000))
	if e := alice.expectError(CodeBadAction); len(e.Msg) > 400 {
		t.Fatalf("an error of %d bytes", len(e.Msg))
	}
	alice.act("")
	alice.expectError(CodeBadAction)
	alice.send(map[string]any{"t": "solo", "kind": "trails"})
	alice.expectError(CodeProto)
	alice.send(map[string]any{"t": "invite", "to": "bob", "kind": "trails"})
	alice.expectError(CodeProto)
	carol := loginKinds(t, addr, "carol", "trails")
	carol.send(map[string]any{"t": "solo", "kind": "trails", "daily": true})
	carol.expectError(CodeProto)
	carol.send(map[string]any{"t": "watch", "game": alice.game})
	carol.expect(TypeStart)
	carol.trailsState()
	carol.act("R")
	carol.expectError(CodeNotInGame)
	alice.expect(TypeChat) // carol is watching
	alice.act("r")
	if st := alice.trailsState(); st.Moves != 1 {
		t.Fatalf("after the refusals and one move: %d moves", st.Moves)
	}
	if _, err := os.Stat(filepath.Join(dir, "00112233445566778899aabbccddeeff.json")); err != nil {
		t.Fatalf("the file of an unknown kind was removed: %v", err)
	}
}

// A client refuses a Trails state it could not draw safely.
func TestTrailsStateChecked(t *testing.T) {
	good := `{"t":"state","kind":"trails","seq":1,"names":["a","b"],"size":5,"rows":["B....",".....","..T..",".....","....R"],"players":[{"pos":{"x":0,"y":0}},{"pos":{"x":4,"y":4}}],"current":1}`
	if _, err := DecodeMessage([]byte(good)); err != nil {
		t.Fatalf("a good state refused: %v", err)
	}
	for _, bad := range []string{
		strings.Replace(good, `"size":5`, `"size":6`, 1),
		strings.Replace(good, `"size":5`, `"size":99`, 1),
		strings.Replace(good, `"B...."`, `"B\u001b[2J."`, 1),
		strings.Replace(good, `"B...."`, `"B..."`, 1),
		strings.Replace(good, `"current":1`, `"current":7`, 1),
		strings.Replace(good, `"x":4,"y":4`, `"x":40,"y":4`, 1),
	} {
		if _, err := DecodeMessage([]byte(bad)); err == nil {
			t.Errorf("accepted %s", bad)
		}
	}
}
