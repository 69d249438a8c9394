package netplay

import (
	"fmt"
	"strings"
	"sync/atomic"
	"testing"
	"time"
)

// invitesOf returns how many invitations the named player holds and has
// sent, as the server keeps them.
func invitesOf(srv *Server, name string) (received, sent int) {
	srv.mu.Lock()
	defer srv.mu.Unlock()
	p := srv.byName[nameKey(name)]
	if p == nil {
		return -1, -1
	}
	return len(p.invites), len(p.sent)
}

// waitPlayers waits until the server knows n players.
func waitPlayers(t *testing.T, srv *Server, n int) {
	t.Helper()
	deadline := time.Now().Add(waitFor)
	for srv.Stats().Players != n {
		if time.Now().After(deadline) {
			t.Fatalf("%d players on the server, want %d", srv.Stats().Players, n)
		}
		time.Sleep(2 * time.Millisecond)
	}
}

// skipInvites reads past invitations, lobby lists and daily tables and
// returns the next other message.
func (c *tclient) skipInvites() Message {
	c.t.Helper()
	for {
		switch m := c.recv(); m.Type() {
		case TypeInvited, TypeLobby, TypeDaily:
		default:
			return m
		}
	}
}

// TestInvitationDiesWithItsInviter: connections that say
// hello with a fresh name, invite an idle player and leave leave nothing
// behind: the idle player's invitations go with their inviters, and an
// invitation also goes when it is declined or when either side starts a
// game.
func TestInvitationDiesWithItsInviter(t *testing.T) {
	srv, addr := startServer(t, testConfig(t))
	bob := login(t, addr, "bob")
	for i := range 200 {
		c := login(t, addr, fmt.Sprintf("churn%d", i))
		c.send(map[string]any{"t": "invite", "to": "bob"})
		c.expect(TypeInviteSent)
		c.send(map[string]any{"t": "bye"})
		c.conn.Close()
	}
	waitPlayers(t, srv, 1)
	if r, s := invitesOf(srv, "bob"); r != 0 || s != 0 {
		t.Fatalf("bob holds %d invitations (and sent %d) after every inviter left, want none", r, s)
	}

	carol := login(t, addr, "carol")
	dave := login(t, addr, "dave")
	carol.send(map[string]any{"t": "invite", "to": "bob"})
	carol.expect(TypeInviteSent)
	bob.send(map[string]any{"t": "decline", "from": "carol"})
	carol.expect(TypeDeclined)
	bob.send(map[string]any{"t": "ping"})
	bob.skipInvites() // the pong: the decline is done
	if r, _ := invitesOf(srv, "bob"); r != 0 {
		t.Fatalf("bob holds %d invitations after declining, want none", r)
	}
	if _, s := invitesOf(srv, "carol"); s != 0 {
		t.Fatalf("carol has %d invitations sent after bob declined, want none", s)
	}

	// carol invites bob, then dave and carol start a game: bob's
	// invitation from carol is gone.
	carol.send(map[string]any{"t": "invite", "to": "bob"})
	carol.expect(TypeInviteSent)
	startGame(t, dave, carol)
	if r, _ := invitesOf(srv, "bob"); r != 0 {
		t.Fatalf("bob holds %d invitations after carol started a game, want none", r)
	}
	bob.send(map[string]any{"t": "accept", "from": "carol"})
	if e, ok := bob.skipInvites().(*Error); !ok || e.Code != CodeNoSuchPlayer {
		t.Fatalf("accepting carol's invitation after she started a game: %+v", e)
	}
}

// TestInvitationBounds: an invitation lapses after InviteTimeout, and a
// player holds (and sends) at most MaxInvites at once; beyond, the
// inviter is told, nobody is dropped.
func TestInvitationBounds(t *testing.T) {
	var clock atomic.Int64
	clock.Store(time.Now().UnixNano())
	cfg := testConfig(t)
	cfg.Now = func() time.Time { return time.Unix(0, clock.Load()) }
	srv, addr := startServer(t, cfg)
	bob := login(t, addr, "bob")
	var inviters []*tclient
	for i := range MaxInvites {
		c := login(t, addr, fmt.Sprintf("inv%d", i))
		c.send(map[string]any{"t": "invite", "to": "bob"})
		c.expect(TypeInviteSent)
		inviters = append(inviters, c)
	}
	one := login(t, addr, "onemore")
	one.send(map[string]any{"t": "invite", "to": "bob"})
	if e := one.expectError(CodeRateLimited); !strings.Contains(e.Msg, fmt.Sprintf("bob has %d invitations waiting", MaxInvites)) {
		t.Fatalf("invitation %d: %q", MaxInvites+1, e.Msg)
	}
	if r, _ := invitesOf(srv, "bob"); r != MaxInvites {
		t.Fatalf("bob holds %d invitations, want %d", r, MaxInvites)
	}

	clock.Add(int64(InviteTimeout))
	bob.send(map[string]any{"t": "accept", "from": "inv0"})
	if e, ok := bob.skipInvites().(*Error); !ok || e.Code != CodeNoSuchPlayer || !strings.Contains(e.Msg, "lapsed") {
		t.Fatalf("accepting a lapsed invitation: %+v", e)
	}
	one.send(map[string]any{"t": "invite", "to": "bob"})
	one.expect(TypeInviteSent)
	if r, _ := invitesOf(srv, "bob"); r != 1 {
		t.Fatalf("bob holds %d invitations after the others lapsed, want 1", r)
	}
	bob.send(map[string]any{"t": "accept", "from": "onemore"})
	if m := bob.skipInvites(); m.Type() != TypeStart {
		t.Fatalf("accepting onemore's invitation: %+v", m)
	}
}

// TestInvitationDiesWithAGameOfAnotherKind: a game of another kind
// (Trails) starting takes its players' invitations with it too, both ways.
func TestInvitationDiesWithAGameOfAnotherKind(t *testing.T) {
	srv, addr := startServer(t, testConfig(t))
	hello := func(name string) *tclient {
		c := dial(t, addr)
		c.name = name
		c.send(map[string]any{"t": "hello", "v": 1, "name": name, "kinds": []string{KindTrails}})
		c.expect(TypeWelcome)
		return c
	}
	bob, carol, dave := hello("bob"), hello("carol"), hello("dave")
	carol.send(map[string]any{"t": "invite", "to": "bob"})
	carol.expect(TypeInviteSent)
	bob.send(map[string]any{"t": "invite", "to": "carol"})
	if m := bob.skipInvites(); m.Type() != TypeInviteSent {
		t.Fatalf("bob's invitation: %+v", m)
	}
	dave.send(map[string]any{"t": "invite", "to": "carol", "kind": KindTrails})
	if m := dave.skipInvites(); m.Type() != TypeInviteSent {
		t.Fatalf("dave's invitation: %+v", m)
	}
	carol.send(map[string]any{"t": "accept", "from": "dave"})
	for carol.skipInvites().Type() != TypeStart {
	}
	if r, s := invitesOf(srv, "bob"); r != 0 || s != 0 {
		t.Fatalf("bob holds %d invitations and has %d sent after carol started a Trails game, want none", r, s)
	}
	if r, s := invitesOf(srv, "carol"); r != 0 || s != 0 {
		t.Fatalf("carol holds %d invitations and has %d sent in her Trails game, want none", r, s)
	}
}
