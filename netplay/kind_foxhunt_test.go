package netplay

import (
	"context"
	"encoding/json"
	"fmt"
	"strings"
	"testing"
	"time"
)

// foxState reads the next Fox hunt state.
func (c *tclient) foxState() *FoxhuntState {
	c.t.Helper()
	st, ok := c.expect(TypeState).(*FoxhuntState)
	if !ok {
		c.t.Fatalf("%s: a state that is not a Fox hunt state", c.name)
	}
	return st
}

// shortFoxhunt makes the test's matches last rounds rounds.
func shortFoxhunt(t *testing.T, rounds int) {
	old := foxRounds
	foxRounds = rounds
	t.Cleanup(func() { foxRounds = old })
}

// Two people and two computers play a Fox hunt in the lobby, watched by a
// third: rounds of simultaneous commands (the computers' sent as the
// round begins, the round played when the last person sends), a second
// command in a round refused, a restart in the middle, and the end with
// the table's winners and everyone's points.
func TestFoxhuntGameOverTCP(t *testing.T) {
	shortFoxhunt(t, 6)
	dir := t.TempDir()
	cfg := testConfig(t)
	cfg.DataDir = dir
	srv, addr := startServer(t, cfg)
	alice := loginKinds(t, addr, "alice", "foxhunt")
	bob := loginKinds(t, addr, "bob", "foxhunt", "labyrinth")
	dave := login(t, addr, "dave")
	alice.send(map[string]any{"t": "invite", "to": "dave", "kind": "foxhunt"})
	alice.expectError(CodeBadKind)
	alice.send(map[string]any{"t": "invite", "to": "bob", "kind": "foxhunt", "bots": 2, "choose": true})
	alice.expectError(CodeProto)
	alice.send(map[string]any{"t": "invite", "to": "bob", "kind": "foxhunt", "bots": 2})
	alice.expect(TypeInviteSent)
	if inv := bob.expect(TypeInvited).(*Invited); inv.Kind != KindFoxhunt || inv.Bots != 2 {
		t.Fatalf("invitation %+v", inv)
	}
	bob.send(map[string]any{"t": "accept", "from": "alice"})
	for i, c := range []*tclient{alice, bob} {
		st := c.expect(TypeStart).(*Start)
		if st.Seat != i+1 || st.Kind != KindFoxhunt {
			t.Fatalf("%s: start %+v", c.name, st)
		}
		c.seat, c.game = st.Seat, st.Game
		fs := c.foxState()
		if fs.Round != 1 || len(fs.ToAct) != 2 || fs.ToAct[0] != 1 || fs.ToAct[1] != 2 || !fs.YourTurn || fs.RoundMS != FoxhuntRound.Milliseconds() {
			t.Fatalf("%s: first state %+v (the computers' commands are in at once)", c.name, fs)
		}
		if n := fs.Names; len(n) != 4 || n[2] != "computer 1" || n[3] != "computer 2" || len(fs.Players) != 4 || len(fs.Map) != FoxhuntSize {
			t.Fatalf("%s: names %v, %d players, %d rows", c.name, n, len(fs.Players), len(fs.Map))
		}
	}
	carol := loginKinds(t, addr, "carol", "foxhunt")
	carol.send(map[string]any{"t": "watch", "game": alice.game})
	carol.expect(TypeStart)
	if st := carol.foxState(); st.Seat != 0 || st.YourTurn || len(st.Players) != 4 {
		t.Fatalf("spectator's state %+v", st)
	}
	alice.expect(TypeChat)
	bob.expect(TypeChat)

	// One round: alice sends, bob sends; bad commands change nothing.
	alice.act("q")
	alice.expectError(CodeBadAction)
	alice.act(strings.Repeat("b", 17))
	alice.expectError(CodeBadAction)
	round := func(a, b string) *FoxhuntState {
		t.Helper()
		alice.act(a)
		for _, c := range []*tclient{alice, bob, carol} {
			if st := c.foxState(); len(st.ToAct) != 1 || st.ToAct[0] != 2 {
				t.Fatalf("%s: after alice's command, to_act %v", c.name, st.ToAct)
			}
		}
		alice.act("s")
		if e := alice.expectError(CodeNotYourTurn); !strings.Contains(e.Msg, "already sent your command this round") {
			t.Fatalf("error %q", e.Msg)
		}
		bob.act(b)
		var st *FoxhuntState
		for _, c := range []*tclient{alice, bob, carol} {
			st = c.foxState()
		}
		return st
	}
	if st := round("d", "n"); st.Round != 2 || st.Last == nil || st.Last.Round != 1 {
		t.Fatalf("after round 1: %+v", st)
	}
	round("a", "w")

	// The server restarts; the match goes on from round 3.
	ctx, cancel := context.WithTimeout(context.Background(), waitFor)
	defer cancel()
	srv.Shutdown(ctx)
	cfg2 := testConfig(t)
	cfg2.DataDir = dir
	_, addr2 := startServer(t, cfg2)
	back := func(old *tclient) *tclient {
		t.Helper()
		c := dial(t, addr2)
		c.name = old.name
		c.send(map[string]any{"t": "hello", "v": 1, "token": old.token, "kinds": []string{"foxhunt"}})
		c.expect(TypeWelcome)
		c.expect(TypeStart)
		return c
	}
	alice, bob = back(alice), back(bob)
	if st := alice.foxState(); st.Round != 3 || len(st.ToAct) != 2 {
		t.Fatalf("after the restart: round %d, to_act %v", st.Round, st.ToAct)
	}
	bob.foxState()
	alice.expect(TypePartner) // bob is back

	var over [2]*Over
	var last *FoxhuntState
	for r := 3; r <= 6; r++ {
		alice.act("n")
		alice.foxState()
		bob.foxState()
		bob.act("n")
		last = alice.foxState()
		bob.foxState()
	}
	over[0], over[1] = alice.expect(TypeOver).(*Over), bob.expect(TypeOver).(*Over)
	bob.act("n") // too late: the match is over
	bob.expectError(CodeNotInGame)
	if len(last.ToAct) != 0 || len(last.Winners) == 0 {
		t.Fatalf("the last state %+v", last)
	}
	for i, o := range over {
		won := false
		for _, w := range last.Winners {
			won = won || w == i+1
		}
		if (o.Result == "won") != won || len(o.Scores) != 4 || len(o.Winners) != len(last.Winners) || o.Kind != KindFoxhunt {
			t.Fatalf("seat %d: over %+v, winners %v", i+1, o, last.Winners)
		}
	}
	_ = dave
}

// startFoxhunt: alice invites bob to a Fox hunt with bots computer seats;
// both read their start and first state.
func startFoxhunt(t *testing.T, alice, bob *tclient, bots int) {
	t.Helper()
	alice.send(map[string]any{"t": "invite", "to": bob.name, "kind": "foxhunt", "bots": bots})
	alice.expect(TypeInviteSent)
	bob.expect(TypeInvited)
	bob.send(map[string]any{"t": "accept", "from": alice.name})
	for _, c := range []*tclient{alice, bob} {
		c.expect(TypeStart)
		if st := c.foxState(); st.Round != 1 || st.LeftMS <= 0 {
			t.Fatalf("%s: first state %+v", c.name, st)
		}
	}
}

// A round whose deadline passes is played as it stands: a seat that sent
// nothing does nothing in it.
func TestFoxhuntDeadline(t *testing.T) {
	shortFoxhunt(t, 50)
	cfg := testConfig(t)
	cfg.RoundTime = 100 * time.Millisecond
	_, addr := startServer(t, cfg)
	alice := loginKinds(t, addr, "alice", "foxhunt")
	bob := loginKinds(t, addr, "bob", "foxhunt")
	startFoxhunt(t, alice, bob, 1)
	for _, c := range []*tclient{alice, bob} {
		st := c.foxState()
		if st.Round != 2 || st.Last == nil || st.Last.Round != 1 || len(st.ToAct) != 2 {
			t.Fatalf("%s: after the deadline: %+v", c.name, st)
		}
	}
}

// A disconnected seat is not waited for: the connected person's command
// alone plays the round, long before its deadline. A given-up seat leaves
// the table and the others play on.
func TestFoxhuntDropsAndLeaves(t *testing.T) {
	shortFoxhunt(t, 50)
	_, addr := startServer(t, testConfig(t))
	alice := loginKinds(t, addr, "alice", "foxhunt")
	bob := loginKinds(t, addr, "bob", "foxhunt")
	carol := loginKinds(t, addr, "carol", "foxhunt")
	startFoxhunt(t, alice, bob, 1)
	carol.send(map[string]any{"t": "watch", "game": func() string {
		l := carol.expectLobby(func(l *Lobby) bool { return len(l.Games) == 1 })
		return l.Games[0].Game
	}()})
	carol.expect(TypeStart)
	carol.foxState()
	alice.expect(TypeChat)
	bob.expect(TypeChat)

	bob.conn.Close()
	if p := alice.expect(TypePartner).(*Partner); p.Status != PartnerDisconnected || p.Name != "bob" {
		t.Fatalf("partner %+v", p)
	}
	alice.foxState()
	carol.foxState()
	alice.act("n")
	if st := alice.foxState(); st.Round != 2 {
		t.Fatalf("alice's command alone did not play the round: %+v", st)
	}
	carol.foxState()

	alice.send(map[string]any{"t": "leave"})
	if o := alice.expect(TypeOver).(*Over); o.Result != "lost" || o.Kind != KindFoxhunt {
		t.Fatalf("over %+v", o)
	}
	// The spectator sees alice gone from the table; the match waits for
	// bob, the only person left (away).
	st := carol.foxState()
	for _, p := range st.Players {
		if p.Seat == 1 {
			t.Fatalf("alice is still on the table: %+v", st.Players)
		}
	}
	if len(st.Players) != 2 {
		t.Fatalf("players %+v", st.Players)
	}
}

// A Fox hunt is saved as its setup and the calls made to the rules, and
// read back to the same match; the computers play it to its end.
func TestFoxhuntSavedAndReplayed(t *testing.T) {
	shortFoxhunt(t, 30)
	g, err := newFoxMatch(Setup{Seed: 9, People: 1, Bots: 3, Names: []string{"alice", "computer 1", "computer 2", "computer 3"}})
	if err != nil {
		t.Fatal(err)
	}
	view := func(g Game) string { b, _ := json.Marshal(g.View(1)); return string(b) }
	for n := 0; !g.Outcome().Over; n++ {
		if n == 12 {
			g.(*foxMatch).Leave(3)
		}
		if err := g.Apply(1, "wasdn"[n%5:n%5+1]); err != nil {
			t.Fatalf("round %d: %v", n+1, err)
		}
		for _, s := range g.ToAct() {
			if g.Computer(s) {
				if err := g.Apply(s, g.Bot(s)); err != nil {
					t.Fatal(err)
				}
			}
		}
		data, err := json.Marshal(g)
		if err != nil {
			t.Fatal(err)
		}
		back, err := loadFoxMatch(data)
		if err != nil {
			t.Fatalf("round %d: %v", n+1, err)
		}
		if view(back) != view(g) {
			t.Fatalf("round %d: read back as\n%s\nnot\n%s", n+1, view(back), view(g))
		}
	}
	if o := g.Outcome(); len(o.Winners) == 0 || len(o.Scores) != 4 || o.Won(3) {
		t.Fatalf("outcome %+v", o)
	}
	if _, err := loadFoxMatch([]byte(`{"config":{"W":20,"H":20,"Rounds":5},"names":["a","b"],"computer":[false,false],"log":[{"s":7,"l":"w"}]}`)); err == nil {
		t.Error("a damaged Fox hunt was read")
	}
}

// The longest lobby line stays within MaxLine when every game listed is
// one of the most seats: a game of more than two seats lists its people
// and counts its computers.
func TestLobbyLineFitsManySeats(t *testing.T) {
	s, err := NewServer(testConfig(t))
	if err != nil {
		t.Fatal(err)
	}
	defer s.Shutdown(context.Background())
	long := func(i int) string { return fmt.Sprintf("%c%015d", 'a'+i%26, i) }
	for i := 0; i < LobbyListMax+3; i++ {
		names := []string{long(2 * i), long(2*i + 1)}
		g, err := newFoxMatch(Setup{Seed: 1, People: 2, Bots: FoxhuntMaxSeats - 2, Names: seatNames(names, FoxhuntMaxSeats-2)})
		if err != nil {
			t.Fatal(err)
		}
		r := &room{id: fmt.Sprintf("%016x", uint64(1)<<63+uint64(i)), kind: KindLabyrinth, m: g, bots: FoxhuntMaxSeats - 2}
		for _, n := range seatNames(names, FoxhuntMaxSeats-2) {
			r.seats = append(r.seats, roomSeat{name: n})
		}
		r.turn.Store(99999)
		r.nwatch.Store(9999)
		s.rooms[r.id] = r
		p := &player{name: long(i), key: nameKey(long(i)), sess: &Session{}, room: r, bot: true}
		s.byName[p.key] = p
	}
	s.mu.Lock()
	line := s.lobbyLine()
	s.mu.Unlock()
	if len(line) > MaxLine+1 {
		t.Fatalf("lobby line of %d bytes, over %d", len(line)-1, MaxLine)
	}
	m, err := DecodeMessage(line[:len(line)-1])
	if err != nil {
		t.Fatal(err)
	}
	l := m.(*Lobby)
	if len(l.Games) != LobbyGamesMax || len(l.Games[0].Players) != 2 || l.Games[0].Bots != FoxhuntMaxSeats-2 {
		t.Fatalf("games %+v", l.Games)
	}
	t.Logf("longest lobby line: %d bytes", len(line)-1)
}

// When the last person leaves a Fox hunt played with computers, the match
// ends as it stands: the computers do not race through the rounds left
// (they played to round 34 in an instant before, and the table the
// spectators saw last was theirs).
func TestFoxhuntEndsWhenTheLastPersonLeaves(t *testing.T) {
	shortFoxhunt(t, 100)
	_, addr := startServer(t, testConfig(t))
	alice := loginKinds(t, addr, "alice", "foxhunt")
	bob := loginKinds(t, addr, "bob", "foxhunt")
	carol := loginKinds(t, addr, "carol", "foxhunt")
	startFoxhunt(t, alice, bob, 2)
	carol.send(map[string]any{"t": "watch", "game": func() string {
		l := carol.expectLobby(func(l *Lobby) bool { return len(l.Games) == 1 })
		return l.Games[0].Game
	}()})
	carol.expect(TypeStart)
	carol.foxState()
	alice.expect(TypeChat) // carol is watching
	bob.expect(TypeChat)
	alice.send(map[string]any{"t": "leave"})
	alice.expect(TypeOver)
	bob.expect(TypePartner) // alice left
	bob.send(map[string]any{"t": "leave"})
	for bob.recv().Type() != TypeOver {
	}
	for {
		switch m := carol.recv().(type) {
		case *FoxhuntState:
			if m.Round > 2 { // the round the computers had sent for is played

				t.Fatalf("the computers played on to round %d after the people left", m.Round)
			}
		case *Over:
			return
		}
	}
}
