package tui

import (
	"bufio"
	"context"
	"encoding/json"
	"fmt"
	"net"
	"os"
	"strings"
	"sync"
	"testing"
	"time"

	tea "github.com/charmbracelet/bubbletea"
	"github.com/charmbracelet/x/exp/teatest"

	"github.com/minotaur-game/minotaur/engine"
	"github.com/minotaur-game/minotaur/netplay"
)

// fakeServer is the server's end of a connection, scripted by a test: it
// writes the messages the test gives it and hands over every request the
// client sends.
type fakeServer struct {
	t    *testing.T
	conn net.Conn
	reqs chan netplay.Request
}

// fakeConnect returns a Connect hook for a Config that joins a fake
// server, which the returned channel hands over once the game connected
// (after its hello was answered with a welcome for name).
func fakeConnect(t *testing.T) (func(ctx context.Context, addr, name string) (*netplay.Client, *netplay.Welcome, error), chan *fakeServer) {
	servers := make(chan *fakeServer, 1)
	return func(ctx context.Context, _, name string) (*netplay.Client, *netplay.Welcome, error) {
		client, server := net.Pipe()
		f := &fakeServer{t: t, conn: server, reqs: make(chan netplay.Request, 64)}
		t.Cleanup(func() { server.Close() })
		go func() {
			r := bufio.NewReader(server)
			for {
				line, err := r.ReadBytes('\n')
				if err != nil {
					close(f.reqs)
					return
				}
				var req netplay.Request
				if json.Unmarshal(line, &req) == nil && req.T != netplay.TypePong {
					f.reqs <- req
				}
			}
		}()
		go func() {
			hello := <-f.reqs
			f.send(&netplay.Welcome{T: netplay.TypeWelcome, V: 1, Name: hello.Name, Token: "t0k"})
			servers <- f
		}()
		return netplay.Handshake(ctx, client, name, "")
	}, servers
}

// send writes a message to the client.
func (f *fakeServer) send(m any) {
	data, err := json.Marshal(m)
	if err != nil {
		f.t.Errorf("fake server: %v", err)
		return
	}
	f.conn.SetWriteDeadline(time.Now().Add(2 * time.Minute))
	if _, err := f.conn.Write(append(data, '\n')); err != nil {
		f.t.Errorf("fake server: %v", err)
	}
}

// expect returns the client's next request, which must be of type t.
func (f *fakeServer) expect(t string) netplay.Request {
	f.t.Helper()
	select {
	case r, ok := <-f.reqs:
		if !ok {
			f.t.Fatalf("fake server: the connection closed while waiting for %s", t)
		}
		if r.T != t {
			f.t.Fatalf("fake server: got %+v, want a %s", r, t)
		}
		return r
	case <-time.After(2 * time.Minute):
		f.t.Fatalf("fake server: no %s came", t)
	}
	return netplay.Request{}
}

// waitOut is waitText that returns the output read while waiting.
func waitOut(t *testing.T, tm *teatest.TestModel, texts ...string) string {
	t.Helper()
	var seen string
	teatest.WaitFor(t, tm.Output(), func(out []byte) bool {
		seen = string(out)
		for _, s := range texts {
			if !strings.Contains(seen, s) {
				return false
			}
		}
		return true
	}, teatest.WithDuration(2*time.Minute), teatest.WithCheckInterval(10*time.Millisecond))
	return seen
}

// fakeLobby opens the Network screen of a game whose Connect hook joins a
// fake server, connects as ada, and returns the server.
func fakeLobby(t *testing.T) (*teatest.TestModel, *fakeServer) {
	t.Helper()
	cfg := testConfig(t, 1)
	var servers chan *fakeServer
	cfg.Connect, servers = fakeConnect(t)
	tm := teatest.NewTestModel(t, New(cfg), teatest.WithInitialTermSize(80, 24))
	waitText(t, tm, "Network game")
	typeText(tm, "t")
	waitText(t, tm, "Name:   ada")
	tm.Send(tea.KeyMsg{Type: tea.KeyEnter})
	var f *fakeServer
	select {
	case f = <-servers:
	case <-time.After(2 * time.Minute):
		t.Fatal("the game did not connect")
	}
	waitText(t, tm, "LOBBY", "you are ada")
	return tm, f
}

// busyLobby is a lobby with a person, an idle bot, a busy bot and two
// games in progress, one of them the daily challenge.
var busyLobby = &netplay.Lobby{T: netplay.TypeLobby,
	Players: []netplay.LobbyPlayer{
		{Name: "ada", Status: netplay.StatusIdle},
		{Name: "bob", Status: netplay.StatusIdle},
		{Name: "robo-1", Status: netplay.StatusIdle, Bot: true},
		{Name: "robo-2", Status: netplay.StatusPlaying, Bot: true},
		{Name: "carol", Status: netplay.StatusPlaying},
		{Name: "dave", Status: netplay.StatusPlaying},
	},
	Games: []netplay.LobbyGame{
		{Game: "g7", Players: []string{"carol"}, Level: 3, Turn: 45, Watchers: 2, Daily: true},
		{Game: "g8", Players: []string{"dave", "robo-2"}, Level: 1, Turn: 6},
	},
}

var today = &netplay.Daily{T: netplay.TypeDaily, Date: "2025-03-14", Seed: 20250314,
	Entries: []netplay.DailyEntry{{Name: "erin", Score: 1510, Level: 7, Won: true}, {Name: "frank", Score: 420, Level: 2}}}

// TestLobbyListsGamesBotsAndDaily: the lobby shows who is a bot, the games
// in progress with their level, turn, watchers and daily mark, and the
// day's table; B then Minotaur invites the idle bot, N and C start solo
// games on the server, V watches the selected game.
func TestLobbyListsGamesBotsAndDaily(t *testing.T) {
	tm, f := fakeLobby(t)
	f.send(busyLobby)
	f.send(today)
	waitText(t, tm, "robo-1           idle · bot", "carol · daily", "level 3 · turn 45 · 2 watching",
		"dave and robo-2", "level 1 · turn 6",
		"Daily challenge 2025-03-14", " 1 erin              1510 lvl 7 won", " 2 frank              420 lvl 2",
		"C: play it (one try a day)")

	tm.Send(tea.KeyMsg{Type: tea.KeyRunes, Runes: []rune{'b'}})
	waitText(t, tm, "Play which game against the computer?")
	tm.Send(tea.KeyMsg{Type: tea.KeyRunes, Runes: []rune{'1'}}) // Minotaur, with the idle bot
	if r := f.expect(netplay.TypeInvite); r.To != "robo-1" {
		t.Fatalf("B invited %q, want the idle bot robo-1", r.To)
	}
	tm.Send(tea.KeyMsg{Type: tea.KeyRunes, Runes: []rune{'n'}})
	if r := f.expect(netplay.TypeSolo); r.Daily {
		t.Fatal("N asked for the daily challenge")
	}
	// C asks first (the day's one try is spent by leaving it): N does
	// not start it, Y does.
	tm.Send(tea.KeyMsg{Type: tea.KeyRunes, Runes: []rune{'c'}})
	waitText(t, tm, "Start the daily challenge? One try a day")
	tm.Send(tea.KeyMsg{Type: tea.KeyRunes, Runes: []rune{'n'}})
	waitText(t, tm, "The daily challenge is not started")
	tm.Send(tea.KeyMsg{Type: tea.KeyRunes, Runes: []rune{'c'}})
	tm.Send(tea.KeyMsg{Type: tea.KeyRunes, Runes: []rune{'y'}})
	if r := f.expect(netplay.TypeSolo); !r.Daily {
		t.Fatal("C, Y did not ask for the daily challenge")
	}
	// The lines: bob, robo-1, robo-2, carol, dave, then the games.
	for i := 0; i < 5; i++ {
		tm.Send(tea.KeyMsg{Type: tea.KeyDown})
	}
	waitText(t, tm, "> carol · daily")
	tm.Send(tea.KeyMsg{Type: tea.KeyRunes, Runes: []rune{'v'}})
	if r := f.expect(netplay.TypeWatch); r.Game != "g7" {
		t.Fatalf("V watched %q, want g7", r.Game)
	}
	tm.Send(tea.KeyMsg{Type: tea.KeyCtrlC})
	tm.FinalModel(t, teatest.WithFinalTimeout(2*time.Minute))
}

// TestDailyPlayedDisabled: once the player has used today's attempt, the
// lobby says so, C is gone from the keys and starts nothing, and the
// player's own entry is marked in the table.
func TestDailyPlayedDisabled(t *testing.T) {
	tm, f := fakeLobby(t)
	played := *today
	played.Entries = append([]netplay.DailyEntry{}, today.Entries...)
	played.Entries = append(played.Entries, netplay.DailyEntry{Name: "ada", Score: 95, Level: 1})
	played.Played = true
	f.send(busyLobby)
	f.send(&played)
	waitText(t, tm, "You played today's challenge.", " 3 ada                 95 lvl 1 ← you")
	tm.Send(tea.KeyMsg{Type: tea.KeyRunes, Runes: []rune{'c'}})
	waitText(t, tm, "Today's challenge is played (one try a day); a new one starts at 00:00 UTC.")
	// C sent nothing: the next request is N's.
	tm.Send(tea.KeyMsg{Type: tea.KeyRunes, Runes: []rune{'n'}})
	if r := f.expect(netplay.TypeSolo); r.Daily {
		t.Fatal("C asked for a second daily attempt")
	}
	tm.Send(tea.KeyMsg{Type: tea.KeyCtrlC})
	tm.FinalModel(t, teatest.WithFinalTimeout(2*time.Minute))
}

// watchedGame is a two-player game and the team's view of it.
func watchedGame(t *testing.T) *engine.Game {
	lv := corridor()
	lv.Starts = []engine.Point{{X: 1, Y: 1}, {X: 2, Y: 1}}
	g, err := engine.New(engine.Config{Seed: 5, Players: 2, Levels: []engine.Level{lv}})
	if err != nil {
		t.Fatal(err)
	}
	return g
}

// teamState is the state a spectator gets of g.
func teamState(seq int64, g *engine.Game, ev []engine.Event, events ...string) *netplay.State {
	v := g.TeamView()
	names := []string{"", "alice", "bob"}
	for i := range v.Players {
		v.Players[i].Name = names[v.Players[i].Seat]
	}
	n := engine.Narrator{Seat: 0, Names: [2]string{"alice", "bob"}}
	told := n.Told(ev)
	return &netplay.State{View: v, Seq: seq, Events: append(n.Sentences(told), events...), Happened: told}
}

// TestWatchScreen: V on a game opens the watch screen: the team's board
// with both players, their states, what happens told by name, the game's
// chat both ways; keys of play are refused; the result at the end, and
// any key back to the lobby, whose lists go on.
func TestWatchScreen(t *testing.T) {
	tm, f := fakeLobby(t)
	g := watchedGame(t)
	startWatching(t, tm, f, g)
	waitText(t, tm, "You are watching alice and bob:", "alice active · bob active", "Watching",
		"Enter chat", "Esc/Q leave", "Level 1/1    Turn 0")

	ev, err := g.Apply(1, engine.Right)
	if err != nil {
		t.Fatal(err)
	}
	f.send(teamState(2, g, ev))
	ev, _ = g.Apply(2, engine.Right)
	f.send(teamState(3, g, ev))
	waitText(t, tm, "bob took the key", "Turn 1")

	f.send(&netplay.Chat{T: netplay.TypeChat, Scope: netplay.ScopeGame, From: "alice", Text: "hi watchers"})
	waitText(t, tm, "alice: hi watchers")
	tm.Send(tea.KeyMsg{Type: tea.KeyEnter})
	typeText(tm, "go bob")
	tm.Send(tea.KeyMsg{Type: tea.KeyEnter})
	if r := f.expect(netplay.TypeChat); r.Text != "go bob" {
		t.Fatalf("the spectator's chat sent %q", r.Text)
	}
	tm.Send(keyOf(engine.Down))
	waitText(t, tm, "You are watching: only the players")

	f.send(&netplay.Over{T: netplay.TypeOver, Result: "won", Score: 180, Level: 1})
	f.send(&netplay.Lobby{T: netplay.TypeLobby, Players: []netplay.LobbyPlayer{{Name: "alice", Status: netplay.StatusIdle}}})
	waitText(t, tm, "Won, score 180", "Any key: back to the lobby")
	tm.Send(tea.KeyMsg{Type: tea.KeyRunes, Runes: []rune{'x'}})
	waitText(t, tm, "LOBBY", "alice            idle", "The game you watched is over: Won, score 180.")
	// The lobby's connection goes on.
	f.send(&netplay.Chat{T: netplay.TypeChat, Scope: netplay.ScopeLobby, From: "alice", Text: "gg"})
	waitText(t, tm, "alice: gg")
	tm.Send(tea.KeyMsg{Type: tea.KeyCtrlC})
	tm.FinalModel(t, teatest.WithFinalTimeout(2*time.Minute))
}

// TestWatchLeave: Esc stops watching (the server is told) and shows the
// lobby, which keeps receiving.
func TestWatchLeave(t *testing.T) {
	tm, f := fakeLobby(t)
	startWatching(t, tm, f, watchedGame(t))
	waitText(t, tm, "You are watching alice and bob")
	tm.Send(tea.KeyMsg{Type: tea.KeyEsc})
	f.expect(netplay.TypeLeave)
	waitText(t, tm, "LOBBY", "You stopped watching alice and bob.")
	f.send(&netplay.Lobby{T: netplay.TypeLobby, Players: []netplay.LobbyPlayer{{Name: "zed", Status: netplay.StatusIdle}}})
	waitText(t, tm, "zed              idle")
	tm.Send(tea.KeyMsg{Type: tea.KeyCtrlC})
	tm.FinalModel(t, teatest.WithFinalTimeout(2*time.Minute))
}

// TestRemoteSoloNoPartner: a solo game run by the server has no partner
// line; the player can chat with the spectators and sees who watches; when
// the daily challenge ends, the end screen shows the day's table.
func TestRemoteSoloNoPartner(t *testing.T) {
	tm, f := fakeLobby(t)
	f.send(today)
	waitText(t, tm, "Daily challenge 2025-03-14")
	tm.Send(tea.KeyMsg{Type: tea.KeyRunes, Runes: []rune{'c'}})
	tm.Send(tea.KeyMsg{Type: tea.KeyRunes, Runes: []rune{'y'}}) // the day's one try: yes
	f.expect(netplay.TypeSolo)
	g, err := engine.New(engine.Config{Seed: 20250314, Players: 1, Levels: []engine.Level{corridor()}})
	if err != nil {
		t.Fatal(err)
	}
	state := func(seq int64, ev []engine.Event, extra ...string) *netplay.State {
		v := g.View(1)
		v.Players[0].Name = "ada"
		n := engine.Narrator{Seat: 1, Names: [2]string{"ada"}}
		told := n.Told(ev)
		return &netplay.State{View: v, Seq: seq, Events: append(n.Sentences(told), extra...), Happened: told}
	}
	f.send(&netplay.Start{T: netplay.TypeStart, Game: "g9", Seat: 1, Seed: 20250314, Daily: true})
	f.send(state(1, nil))
	if s := waitOut(t, tm, "Level 1/1", "Enter", "chat"); strings.Contains(s, "Partner") || strings.Contains(s, "waiting") {
		t.Fatalf("a solo game shows a partner:\n%s", s)
	}
	f.send(&netplay.Chat{T: netplay.TypeChat, Scope: netplay.ScopeGame, Text: "carol is watching"}) // the server's notice
	waitText(t, tm, "carol is watching")
	tm.Send(tea.KeyMsg{Type: tea.KeyEnter})
	typeText(tm, "hi carol")
	tm.Send(tea.KeyMsg{Type: tea.KeyEnter})
	if r := f.expect(netplay.TypeChat); r.Text != "hi carol" {
		t.Fatalf("chat sent %q", r.Text)
	}
	f.send(&netplay.Chat{T: netplay.TypeChat, Scope: netplay.ScopeGame, From: "carol", Text: "good luck"})
	waitText(t, tm, "carol: good luck")

	var last []engine.Event
	for i := 0; i < 4; i++ {
		tm.Send(keyOf(engine.Right))
		f.expect(netplay.TypeAct)
		last, _ = g.Apply(1, engine.Right)
		f.send(state(int64(3+i), last))
	}
	if g.Result() != engine.Won {
		t.Fatalf("the corridor was not won: %v", g.Result())
	}
	f.send(&netplay.Over{T: netplay.TypeOver, Result: "won", Score: g.View(1).Score, Level: 1})
	table := *today
	table.Entries = append([]netplay.DailyEntry{{Name: "ada", Score: 1600, Level: 1, Won: true}}, today.Entries...)
	table.Played = true
	f.send(&table)
	waitText(t, tm, "VICTORY!", "Daily challenge 2025-03-14", "1 ada               1600 lvl 1 won ← you")
	tm.Send(tea.KeyMsg{Type: tea.KeyCtrlC})
	tm.FinalModel(t, teatest.WithFinalTimeout(2*time.Minute))
}

// fakeAudience records what a hosted game shows.
type fakeAudience struct {
	mu     sync.Mutex
	name   string
	seed   uint64
	turns  []int // the turn of each view shown, in order
	events int
	says   []string
	ended  string
	heard  chan [2]string
}

func (a *fakeAudience) Show(v engine.View, ev []engine.Event) {
	a.mu.Lock()
	defer a.mu.Unlock()
	if v.Seat != 0 {
		panic("a hosted game showed a seat's view, not the team's")
	}
	a.turns = append(a.turns, v.Turn)
	a.events += len(ev)
}

func (a *fakeAudience) Say(text string) {
	a.mu.Lock()
	a.says = append(a.says, text)
	a.mu.Unlock()
}

func (a *fakeAudience) Heard(done <-chan struct{}) (string, string, bool) {
	select {
	case m := <-a.heard:
		return m[0], m[1], true
	case <-done:
		return "", "", false
	}
}

func (a *fakeAudience) End(result string, score, level int) {
	a.mu.Lock()
	a.ended = fmt.Sprintf("%s %d %d", result, score, level)
	a.mu.Unlock()
}

// eventually waits until ok holds of the audience.
func (a *fakeAudience) eventually(t *testing.T, what string, ok func(a *fakeAudience) bool) {
	t.Helper()
	deadline := time.Now().Add(2 * time.Minute)
	for {
		a.mu.Lock()
		done := ok(a)
		a.mu.Unlock()
		if done {
			return
		}
		if time.Now().After(deadline) {
			a.mu.Lock()
			defer a.mu.Unlock()
			t.Fatalf("%s: the audience has turns %v, says %q, ended %q", what, a.turns, a.says, a.ended)
		}
		time.Sleep(10 * time.Millisecond)
	}
}

// TestHostedSoloGame: with a Host hook (the SSH front end's), a solo game
// from the main menu is shown to spectators — every view in order, the
// team's — the player and the spectators chat, leaving takes it off the
// list, and the save works as without spectators.
func TestHostedSoloGame(t *testing.T) {
	cfg := testConfig(t, 9)
	cfg.Levels = Campaign{{Level: corridor(), Text: "(corridor)"}}
	a := &fakeAudience{heard: make(chan [2]string, 1)}
	cfg.Host = func(name string, seed uint64) Audience {
		a.mu.Lock()
		a.name, a.seed = name, seed
		a.mu.Unlock()
		return a
	}
	tm := teatest.NewTestModel(t, New(cfg), teatest.WithInitialTermSize(80, 24))
	waitText(t, tm, "New game")
	tm.Send(tea.KeyMsg{Type: tea.KeyEnter})
	waitText(t, tm, "Level 1/1")
	tm.Send(keyOf(engine.Right))
	tm.Send(keyOf(engine.Left))
	tm.Send(keyOf(engine.Right))
	a.eventually(t, "the start and three moves", func(a *fakeAudience) bool { return len(a.turns) == 4 })
	a.mu.Lock()
	if a.name != "ada" || a.seed != 9 || fmt.Sprint(a.turns) != "[0 1 2 3]" || a.events == 0 {
		t.Errorf("hosted as %q seed %d, turns %v, %d events", a.name, a.seed, a.turns, a.events)
	}
	a.mu.Unlock()

	a.heard <- [2]string{"carol", "nice move"}
	waitText(t, tm, "carol: nice move")
	tm.Send(tea.KeyMsg{Type: tea.KeyEnter})
	typeText(tm, "thanks")
	tm.Send(tea.KeyMsg{Type: tea.KeyEnter})
	a.eventually(t, "the player's chat", func(a *fakeAudience) bool { return len(a.says) == 1 && a.says[0] == "thanks" })

	// Save, then quit to the menu: the save is there, the game off the list.
	tm.Send(tea.KeyMsg{Type: tea.KeyEsc})
	waitText(t, tm, "Continue")
	tm.Send(tea.KeyMsg{Type: tea.KeyDown})
	tm.Send(tea.KeyMsg{Type: tea.KeyEnter})
	waitText(t, tm, "Saved as")
	tm.Send(tea.KeyMsg{Type: tea.KeyRunes, Runes: []rune{'q'}})
	waitText(t, tm, "New game")
	a.eventually(t, "the end", func(a *fakeAudience) bool { return a.ended == "saved 0 1" }) // put away, not lost
	files, err := os.ReadDir(cfg.Saves)
	if err != nil || len(files) != 1 {
		t.Fatalf("the saves folder holds %v (%v), want the one save", files, err)
	}
	tm.Send(tea.KeyMsg{Type: tea.KeyCtrlC})
	tm.FinalModel(t, teatest.WithFinalTimeout(2*time.Minute))
}

// TestHostedWinEnds: a hosted game won tells the spectators the result.
func TestHostedWinEnds(t *testing.T) {
	cfg := testConfig(t, 9)
	cfg.Levels = Campaign{{Level: corridor(), Text: "(corridor)"}}
	a := &fakeAudience{heard: make(chan [2]string)}
	cfg.Host = func(string, uint64) Audience { return a }
	tm := teatest.NewTestModel(t, New(cfg), teatest.WithInitialTermSize(80, 24))
	waitText(t, tm, "New game")
	tm.Send(tea.KeyMsg{Type: tea.KeyEnter})
	waitText(t, tm, "Level 1/1")
	typeText(tm, "dddd")
	waitText(t, tm, "VICTORY!")
	a.eventually(t, "the end", func(a *fakeAudience) bool {
		return strings.HasPrefix(a.ended, "won ") && strings.HasSuffix(a.ended, " 1")
	})
	tm.Send(tea.KeyMsg{Type: tea.KeyCtrlC})
	tm.FinalModel(t, teatest.WithFinalTimeout(2*time.Minute))
}

// TestReportsUnderHelp: what the server reports while help is shown above a
// game or the watch screen reaches it, and the game goes on after.
func TestReportsUnderHelp(t *testing.T) {
	tm, f := fakeLobby(t)
	tm.Send(tea.KeyMsg{Type: tea.KeyRunes, Runes: []rune{'n'}})
	f.expect(netplay.TypeSolo)
	g, err := engine.New(engine.Config{Seed: 3, Players: 1, Levels: []engine.Level{corridor()}})
	if err != nil {
		t.Fatal(err)
	}
	state := func(seq int64, ev []engine.Event) *netplay.State {
		v := g.View(1)
		v.Players[0].Name = "ada"
		n := engine.Narrator{Seat: 1, Names: [2]string{"ada"}}
		return &netplay.State{View: v, Seq: seq, Events: n.Sentences(ev), Happened: n.Told(ev)}
	}
	f.send(&netplay.Start{T: netplay.TypeStart, Game: "g1", Seat: 1, Seed: 3})
	f.send(state(1, nil))
	waitText(t, tm, "Level 1/1")
	tm.Send(tea.KeyMsg{Type: tea.KeyRunes, Runes: []rune{'?'}})
	waitText(t, tm, "HELP")
	f.send(&netplay.Chat{T: netplay.TypeChat, Scope: netplay.ScopeGame, From: "carol", Text: "while you read"})
	ev, _ := g.Apply(1, engine.Right)
	f.send(state(2, ev))
	tm.Send(tea.KeyMsg{Type: tea.KeyEsc})
	waitText(t, tm, "carol: while you read", "Turn 1")
	// The game still hears the server.
	ev, _ = g.Apply(1, engine.Right)
	f.send(state(3, ev))
	waitText(t, tm, "Turn 2", "You took the key")
	quitKeepingSeat(t, tm)
	tm.FinalModel(t, teatest.WithFinalTimeout(2*time.Minute))
}

// TestWatchUnderHelp: the watched game goes on while help is shown.
func TestWatchUnderHelp(t *testing.T) {
	tm, f := fakeLobby(t)
	g := watchedGame(t)
	startWatching(t, tm, f, g)
	waitText(t, tm, "You are watching alice and bob")
	tm.Send(tea.KeyMsg{Type: tea.KeyRunes, Runes: []rune{'H'}})
	waitText(t, tm, "HELP")
	f.send(&netplay.Chat{T: netplay.TypeChat, Scope: netplay.ScopeGame, From: "bob", Text: "behind you"})
	ev, _ := g.Apply(1, engine.Right)
	f.send(teamState(2, g, ev))
	tm.Send(tea.KeyMsg{Type: tea.KeyEsc})
	waitText(t, tm, "bob: behind you")
	ev, _ = g.Apply(2, engine.Right)
	f.send(teamState(3, g, ev))
	waitText(t, tm, "bob took the key")
	tm.Send(tea.KeyMsg{Type: tea.KeyCtrlC})
	tm.FinalModel(t, teatest.WithFinalTimeout(2*time.Minute))
}

// startWatching lists alice and bob's game g1 in the lobby, selects it,
// presses V, and answers the watch with the start and the team's first
// state of g.
func startWatching(t *testing.T, tm *teatest.TestModel, f *fakeServer, g *engine.Game) {
	t.Helper()
	f.send(&netplay.Lobby{T: netplay.TypeLobby, Games: []netplay.LobbyGame{{Game: "g1", Players: []string{"alice", "bob"}, Level: 1}}})
	waitText(t, tm, "alice and bob")
	tm.Send(tea.KeyMsg{Type: tea.KeyDown})
	tm.Send(tea.KeyMsg{Type: tea.KeyRunes, Runes: []rune{'v'}})
	f.expect(netplay.TypeWatch)
	f.send(&netplay.Start{T: netplay.TypeStart, Game: "g1", Seat: 0, Partner: "alice and bob", Seed: 5})
	f.send(teamState(1, g, nil))
}
