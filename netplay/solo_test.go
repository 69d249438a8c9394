package netplay

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/minotaur-game/minotaur/engine"
)

// day is the date the daily tests play on.
var day = time.Date(2026, 12, 1, 23, 59, 0, 0, time.UTC)

// dailyConfig is a server of one corridor level whose clock reads now().
func dailyConfig(t *testing.T, now func() time.Time) Config {
	cfg := testConfig(t)
	cfg.Levels = []engine.Level{corridor(t)}
	cfg.Now = now
	return cfg
}

// startSolo sends solo and reads the start and the first state.
func (c *tclient) startSolo(daily bool) *Start {
	c.t.Helper()
	c.send(map[string]any{"t": "solo", "daily": daily})
	st := c.expect(TypeStart).(*Start)
	if st.Seat != 1 || st.Partner != "" || st.Daily != daily {
		c.t.Fatalf("%s: solo start %+v", c.name, st)
	}
	c.seat, c.game = 1, st.Game
	c.expect(TypeState)
	return st
}

// TestSoloGame: a lone player starts a game run by the server, the lobby
// lists it while it runs, and the player wins it and is back in the lobby.
func TestSoloGame(t *testing.T) {
	_, addr := startServer(t, dailyConfig(t, time.Now))
	alice := login(t, addr, "alice")
	carol := login(t, addr, "carol")
	st := alice.startSolo(false)
	if st.Seed != 42 {
		t.Fatalf("seed %d, want the server's 42", st.Seed)
	}
	if len(alice.last.Players) != 1 || !alice.last.YourTurn {
		t.Fatalf("solo state %+v", alice.last)
	}
	l := carol.expectLobby(func(l *Lobby) bool { return len(l.Games) == 1 })
	if g := l.Games[0]; g.Game != alice.game || strings.Join(g.Players, ",") != "alice" || g.Level != 1 || g.Daily {
		t.Fatalf("lobby lists %+v", g)
	}
	for _, a := range "dddd" {
		alice.act(string(a))
		alice.expect(TypeState)
	}
	if o := alice.expect(TypeOver).(*Over); o.Result != "won" {
		t.Fatalf("over %+v, want won", o)
	}
	alice.expectLobby(func(l *Lobby) bool { return statusOf(l, "alice") == StatusIdle })
	carol.expectLobby(func(l *Lobby) bool { return len(l.Games) == 0 })
}

// TestDailyChallenge: the day's seed is the date's; a player gets one
// attempt; the result is in the table that everyone in the lobby gets;
// the table survives a restart; a damaged table file is set aside.
func TestDailyChallenge(t *testing.T) {
	dir := t.TempDir()
	now := func() time.Time { return day }
	cfg := dailyConfig(t, now)
	cfg.DataDir = dir
	srv, addr := startServer(t, cfg)

	alice := dial(t, addr)
	alice.hello("alice")
	alice.expect(TypeLobby)
	d := alice.expect(TypeDaily).(*Daily)
	if d.Date != "2026-12-01" || d.Seed != 20261201 || len(d.Entries) != 0 || d.Played {
		t.Fatalf("first daily message %+v", d)
	}
	bob := login(t, addr, "bob")
	if st := alice.startSolo(true); st.Seed != 20261201 {
		t.Fatalf("daily seed %d", st.Seed)
	}
	alice.act("d")
	alice.expect(TypeState)
	alice.send(map[string]any{"t": "leave"}) // gives up after a step: lost on level 1
	if o := alice.expect(TypeOver).(*Over); o.Result != "lost" || o.Level != 1 {
		t.Fatalf("over %+v", o)
	}
	d = alice.expect(TypeDaily).(*Daily)
	if !d.Played || len(d.Entries) != 1 || d.Entries[0] != (DailyEntry{Name: "alice", Score: 0, Level: 1}) {
		t.Fatalf("alice's table after her attempt %+v", d)
	}
	if d := bob.expect(TypeDaily).(*Daily); d.Played || len(d.Entries) != 1 {
		t.Fatalf("bob's table %+v", d)
	}

	alice.send(map[string]any{"t": "solo", "daily": true})
	if e := alice.expectError(CodeProto); !strings.Contains(e.Msg, "one attempt per name per day") {
		t.Fatalf("second attempt: %q", e.Msg)
	}

	bob.startSolo(true)
	for _, a := range "dddd" {
		bob.act(string(a))
		bob.expect(TypeState)
	}
	bob.expect(TypeOver)
	d = bob.expect(TypeDaily).(*Daily)
	if len(d.Entries) != 2 || d.Entries[0].Name != "bob" || !d.Entries[0].Won || d.Entries[0].Score <= 0 {
		t.Fatalf("table after bob's win %+v: want bob first", d)
	}

	// A restart keeps the table and the attempts.
	ctx, cancel := context.WithTimeout(context.Background(), waitFor)
	defer cancel()
	if err := srv.Shutdown(ctx); err != nil {
		t.Fatal(err)
	}
	_, addr = startServer(t, cfg)
	bob = dial(t, addr)
	bob.hello("bob")
	after := bob.expect(TypeDaily).(*Daily)
	if !after.Played || len(after.Entries) != 2 || after.Entries[0] != d.Entries[0] {
		t.Fatalf("table after the restart %+v, want %+v", after, d)
	}
	bob.send(map[string]any{"t": "solo", "daily": true})
	bob.expectError(CodeProto)

	// A new day, a new seed and an empty table.
	cfg.Now = func() time.Time { return day.Add(time.Minute) }
	_, addr = startServer(t, cfg)
	bob = dial(t, addr)
	bob.hello("bob")
	if d := bob.expect(TypeDaily).(*Daily); d.Date != "2026-12-02" || d.Seed != 20261202 || len(d.Entries) != 0 || d.Played {
		t.Fatalf("the next day's table %+v", d)
	}

	// A damaged table is set aside, not fatal.
	path := filepath.Join(dir, "daily", "2026-12-01.json")
	if err := os.WriteFile(path, []byte("{not json"), 0o644); err != nil {
		t.Fatal(err)
	}
	cfg.Now = now
	_, addr = startServer(t, cfg)
	bob = dial(t, addr)
	bob.hello("bob")
	if d := bob.expect(TypeDaily).(*Daily); len(d.Entries) != 0 || d.Played {
		t.Fatalf("table from a damaged file %+v", d)
	}
	if _, err := os.Stat(path + ".damaged"); err != nil {
		t.Fatalf("the damaged table was not kept aside: %v", err)
	}
}

// TestWatchAndChat: a spectator of a co-op game gets seat 0 states after
// every action, chats with the players, shows in the lobby's watcher
// count, leaves, and is told when a game it watches ends.
func TestWatchAndChat(t *testing.T) {
	_, addr := startServer(t, twoCorridors(t))
	alice, bob := pair(t, addr, "alice", "bob")
	carol := login(t, addr, "carol")
	dave := login(t, addr, "dave")

	carol.send(map[string]any{"t": "watch", "game": "0123456789abcdef"})
	carol.expectError(CodeNotInGame)
	watchGame(t, carol, alice, bob)
	dave.expectLobby(func(l *Lobby) bool { return len(l.Games) == 1 && l.Games[0].Watchers == 1 })

	alice.act("d")
	for _, c := range []*tclient{alice, bob, carol} {
		c.expect(TypeState)
	}
	if carol.last.Seat != 0 || carol.last.YourTurn || carol.last.Turn != alice.last.Turn {
		t.Fatalf("spectator's state %+v", carol.last.View)
	}
	carol.act("d") // a spectator never acts
	carol.expectError(CodeNotInGame)

	carol.send(map[string]any{"t": "chat", "text": "nice move"})
	for _, c := range []*tclient{alice, bob, carol} {
		m := c.expect(TypeChat).(*Chat)
		if m.Scope != ScopeGame || m.From != "carol" || m.Text != "nice move" {
			t.Fatalf("%s got %+v", c.name, m)
		}
	}
	bob.send(map[string]any{"t": "chat", "text": "thanks"})
	for _, c := range []*tclient{alice, bob, carol} {
		if m := c.expect(TypeChat).(*Chat); m.From != "bob" {
			t.Fatalf("%s got %+v", c.name, m)
		}
	}

	carol.send(map[string]any{"t": "leave"})
	carol.expectLobby(func(l *Lobby) bool { return len(l.Games) == 1 && l.Games[0].Watchers == 0 })
	for _, c := range []*tclient{alice, bob} {
		if n := c.expect(TypeChat).(*Chat); n.From != "" || n.Text != "carol stopped watching" {
			t.Fatalf("%s was told %+v", c.name, n)
		}
	}

	// Watching to the end: over, then the lobby.
	watchGame(t, dave, alice, bob)
	for alice.last.YourTurn || bob.last.YourTurn {
		if alice.last.YourTurn {
			alice.act("d")
		} else {
			bob.act("d")
		}
		for _, c := range []*tclient{alice, bob, dave} {
			c.expect(TypeState)
		}
	}
	for _, c := range []*tclient{alice, bob, dave} {
		if o := c.expect(TypeOver).(*Over); o.Result != "won" {
			t.Fatalf("%s: over %+v", c.name, o)
		}
	}
	dave.expectLobby(func(l *Lobby) bool { return statusOf(l, "alice") == StatusIdle })
}

// TestWatchHostedGame: a game a front end runs itself (an SSH player's) is
// listed, watched and chatted with like the server's own, and its end
// sends its spectators back to the lobby.
func TestWatchHostedGame(t *testing.T) {
	srv, addr := startServer(t, testConfig(t))
	carol := login(t, addr, "carol")
	g, err := engine.New(engine.Config{Seed: 5, Players: 1, Levels: []engine.Level{corridor(t)}})
	if err != nil {
		t.Fatal(err)
	}
	h := srv.Host("sshuser", 5)
	h.Show(g.View(1), nil)
	l := carol.expectLobby(func(l *Lobby) bool { return len(l.Games) == 1 })
	carol.send(map[string]any{"t": "watch", "game": l.Games[0].Game})
	if st := carol.expect(TypeStart).(*Start); st.Seat != 0 || st.Partner != "sshuser" || st.Seed != 5 {
		t.Fatalf("start %+v", st)
	}
	carol.expect(TypeState)
	if n := <-h.Chat(); n.Text != "carol is watching" {
		t.Fatalf("the player was told %+v", n)
	}

	ev, err := g.Apply(1, engine.Right)
	if err != nil {
		t.Fatal(err)
	}
	h.Show(g.View(1), ev)
	if v := carol.expect(TypeState).(*State); v.Seat != 0 || v.YourTurn || v.Players[0].Pos != g.View(1).Players[0].Pos {
		t.Fatalf("spectator's state %+v", v.View)
	}

	carol.send(map[string]any{"t": "chat", "text": "hello there"})
	if m := carol.expect(TypeChat).(*Chat); m.Text != "hello there" {
		t.Fatalf("carol got %+v", m)
	}
	if m := <-h.Chat(); m.From != "carol" || m.Text != "hello there" {
		t.Fatalf("the player got %+v", m)
	}
	h.Say("hi carol")
	if m := carol.expect(TypeChat).(*Chat); m.From != "sshuser" || m.Text != "hi carol" {
		t.Fatalf("carol got %+v", m)
	}

	h.End("lost", 0, 1)
	if o := carol.expect(TypeOver).(*Over); o.Result != "lost" {
		t.Fatalf("over %+v", o)
	}
	carol.expectLobby(func(l *Lobby) bool { return len(l.Games) == 0 })
	h.Show(g.View(1), nil) // after End: nothing, no panic
}

// TestLobbyLineFits: the longest lobby message a server can send — every
// player listed with the longest name, playing, a bot; every game listed
// with long names and large numbers — stays within MaxLine bytes, so that
// a bot may read lines of MaxLine bytes.
func TestLobbyLineFits(t *testing.T) {
	s, err := NewServer(testConfig(t))
	if err != nil {
		t.Fatal(err)
	}
	defer s.Shutdown(context.Background())
	long := func(i int) string { return fmt.Sprintf("%c%015d", 'a'+i%26, i) }
	for i := 0; i < LobbyListMax+3; i++ {
		r := &room{id: fmt.Sprintf("%016x", uint64(1)<<63+uint64(i)), seats: []roomSeat{{name: long(2 * i)}, {name: long(2*i + 1)}}, daily: "2026-12-01"}
		r.level.Store(7)
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
	if l := m.(*Lobby); len(l.Players) != LobbyListMax || len(l.Games) != LobbyGamesMax || l.More != 3 || l.MoreGames != LobbyListMax+3-LobbyGamesMax {
		t.Fatalf("%d players (%d more), %d games (%d more)", len(l.Players), l.More, len(l.Games), l.MoreGames)
	}
	t.Logf("longest lobby line: %d bytes", len(line)-1)
}

// TestDailyLineFits: the longest daily message stays within MaxLine bytes
// and lists the best DailyListMax attempts, best first.
func TestDailyLineFits(t *testing.T) {
	d := &dailyDay{Date: "2026-12-01", Seed: 20261201}
	for i := 0; i < DailyListMax+10; i++ {
		d.add(dailyRecord{Name: fmt.Sprintf("%016d", i), key: fmt.Sprintf("%016d", i), Score: 10000 + i, Level: 7, Won: true, Done: true})
		d.finished(i)
	}
	line := d.line(true)
	if len(line) > MaxLine+1 {
		t.Fatalf("daily line of %d bytes, over %d", len(line)-1, MaxLine)
	}
	m, err := DecodeMessage(line[:len(line)-1])
	if err != nil {
		t.Fatal(err)
	}
	e := m.(*Daily).Entries
	if len(e) != DailyListMax || e[0].Score != 10000+DailyListMax+9 || e[len(e)-1].Score != 10010 {
		t.Fatalf("%d entries from %+v to %+v", len(e), e[0], e[len(e)-1])
	}
}

// TestWatchingCannotFloodThePlayers: a spectator who comes and goes over
// and over may watch ChatBurst times in a burst (then rate_limited), and
// announces itself only as often as it may chat; the players get nothing
// more than that.
func TestWatchingCannotFloodThePlayers(t *testing.T) {
	_, addr := startServer(t, twoCorridors(t))
	alice, bob := pair(t, addr, "alice", "bob")
	eve := login(t, addr, "eve")
	watched := 0
	for i := 0; i < 20; i++ {
		eve.send(map[string]any{"t": "watch", "game": alice.game})
		m := eve.recv()
		for m.Type() == TypeLobby || m.Type() == TypeDaily {
			m = eve.recv()
		}
		switch m := m.(type) {
		case *Start:
			watched++
			eve.expect(TypeState)
			eve.send(map[string]any{"t": "leave"})
			eve.expectLobby(func(*Lobby) bool { return true })
		case *Error:
			if m.Code != CodeRateLimited {
				t.Fatalf("eve's watch refused with %+v", m)
			}
		default:
			t.Fatalf("eve got %s %+v", m.Type(), m)
		}
	}
	if watched != ChatBurst {
		t.Fatalf("eve watched %d times of 20 in a burst, want %d (then rate_limited)", watched, ChatBurst)
	}
	for _, c := range []*tclient{alice, bob} {
		notices := 0
		c.send(map[string]any{"t": "ping"})
		for m := c.recv(); m.Type() != TypePong; m = c.recv() {
			if n, ok := m.(*Chat); ok && n.From == "" {
				notices++
				continue
			}
			t.Fatalf("%s got %s %+v", c.name, m.Type(), m)
		}
		if notices != ChatBurst {
			t.Fatalf("%s got %d notices of eve's comings and goings, want %d (her chat budget)", c.name, notices, ChatBurst)
		}
	}
}

// TestDailyResumedAfterRestart: a daily challenge in progress when the
// server stops is resumed by its player after the restart, still a daily
// challenge, and its result goes into the day's table.
func TestDailyResumedAfterRestart(t *testing.T) {
	cfg := dailyConfig(t, func() time.Time { return day })
	cfg.DataDir = t.TempDir()
	srv, addr := startServer(t, cfg)
	alice := login(t, addr, "alice")
	alice.startSolo(true)
	alice.act("d")
	alice.expect(TypeState)
	ctx, cancel := context.WithTimeout(context.Background(), waitFor)
	defer cancel()
	if err := srv.Shutdown(ctx); err != nil {
		t.Fatal(err)
	}

	_, addr = startServer(t, cfg)
	back := dial(t, addr)
	back.name, back.token = "alice", alice.token
	back.send(map[string]any{"t": "hello", "v": 1, "name": "alice", "token": alice.token})
	if w := back.expect(TypeWelcome).(*Welcome); !w.Resumed {
		t.Fatalf("welcome %+v", w)
	}
	if st := back.expect(TypeStart).(*Start); st.Game != alice.game || !st.Daily || st.Seed != 20261201 {
		t.Fatalf("resumed into %+v, want the daily game %s", st, alice.game)
	}
	back.seat, back.game = 1, alice.game
	if st := back.expect(TypeState).(*State); st.Players[0].Pos.X != 2 {
		t.Fatalf("resumed at %v, want where alice was (x 2)", st.Players[0].Pos)
	}
	for _, a := range "ddd" {
		back.act(string(a))
		back.expect(TypeState)
	}
	if o := back.expect(TypeOver).(*Over); o.Result != "won" {
		t.Fatalf("over %+v", o)
	}
	d := back.expect(TypeDaily).(*Daily)
	if len(d.Entries) != 1 || d.Entries[0].Name != "alice" || !d.Entries[0].Won || !d.Played {
		t.Fatalf("the table after the resumed game %+v", d)
	}
}
