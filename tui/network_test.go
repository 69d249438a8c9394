package tui

import (
	"context"
	"io"
	"net"
	"strings"
	"sync"
	"testing"
	"time"

	tea "github.com/charmbracelet/bubbletea"
	"github.com/charmbracelet/x/exp/teatest"

	"github.com/minotaur-game/minotaur/engine"
	"github.com/minotaur-game/minotaur/netplay"
)

// netServer runs a game server on a loopback port for the test. Its
// campaign is one corridor: both players start at the left, the key is two
// steps right, the exit at the end.
func netServer(t *testing.T) string {
	t.Helper()
	lv := engine.Level{Rows: 3, Cols: 7, Wall: make([]bool, 21),
		Starts: []engine.Point{{X: 1, Y: 1}, {X: 2, Y: 1}}, Key: engine.Point{X: 3, Y: 1}, Exit: engine.Point{X: 5, Y: 1}}
	for i := range lv.Wall {
		lv.Wall[i] = i < 7 || i >= 14 || i == 7 || i == 13
	}
	return serveLevels(t, lv)
}

// serveLevels runs a game server on a loopback port for the test, with the
// levels as its campaign, and returns its address.
func serveLevels(t *testing.T, lvs ...engine.Level) string {
	t.Helper()
	return serveConfig(t, netplay.Config{Levels: lvs, LobbyInterval: -1, Seed: func() uint64 { return 7 }})
}

// serveConfig runs a game server of the configuration on a loopback port
// until the test ends, and returns its address.
func serveConfig(t *testing.T, cfg netplay.Config) string {
	t.Helper()
	srv, err := netplay.NewServer(cfg)
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
	return ln.Addr().String()
}

// bot is the partner: a scripted netplay client.
type bot struct {
	t    *testing.T
	c    *netplay.Client
	w    *netplay.Welcome
	conn net.Conn // the line itself: drop breaks it without a bye
}

func newBot(t *testing.T, addr, name, token string) *bot {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), 2*time.Minute)
	defer cancel()
	conn, err := net.Dial("tcp", addr)
	if err != nil {
		t.Fatalf("bot %s: %v", name, err)
	}
	c, w, err := netplay.Handshake(ctx, conn, name, token)
	if err != nil {
		t.Fatalf("bot %s: %v", name, err)
	}
	t.Cleanup(func() { c.Close() })
	return &bot{t: t, c: c, w: w, conn: conn}
}

// drop breaks the bot's line as a lost connection does: no bye.
func (b *bot) drop() { b.conn.Close() }

// until reads messages until ok says so.
func (b *bot) until(what string, ok func(netplay.Message) bool) netplay.Message {
	b.t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), 2*time.Minute)
	defer cancel()
	for {
		m, err := b.c.NextContext(ctx)
		if err != nil {
			b.t.Fatalf("bot waiting for %s: %v", what, err)
		}
		if ok(m) {
			return m
		}
	}
}

func (b *bot) state(what string, ok func(*netplay.State) bool) *netplay.State {
	b.t.Helper()
	return b.until(what, func(m netplay.Message) bool {
		st, isState := m.(*netplay.State)
		return isState && ok(st)
	}).(*netplay.State)
}

func typeText(tm *teatest.TestModel, s string) {
	for _, r := range s {
		if r == ' ' {
			tm.Send(tea.KeyMsg{Type: tea.KeySpace})
			continue
		}
		tm.Send(tea.KeyMsg{Type: tea.KeyRunes, Runes: []rune{r}})
	}
}

// TestFlowNetwork plays co-op through the screens against a real server
// and a scripted partner: the address prompt, the lobby (players, chat, an
// invitation accepted), the game drawn like a solo one, turn order, game
// chat both ways, the partner dropping and coming back, and the victory.
func TestFlowNetwork(t *testing.T) {
	addr := netServer(t)
	cfg := testConfig(t, 1)
	cfg.Server = addr
	tm := teatest.NewTestModel(t, New(cfg), teatest.WithInitialTermSize(80, 24))
	waitText(t, tm, "Network game")
	typeText(tm, "t")
	waitText(t, tm, "Server: "+addr, "Name:   ada")
	tm.Send(tea.KeyMsg{Type: tea.KeyEnter})
	waitText(t, tm, "LOBBY", "you are ada")

	bob := newBot(t, addr, "bob", "")
	waitText(t, tm, "bob              idle")

	// Lobby chat both ways.
	tm.Send(tea.KeyMsg{Type: tea.KeyRunes, Runes: []rune{'t'}})
	typeText(tm, "hello bob")
	tm.Send(tea.KeyMsg{Type: tea.KeyEnter})
	bob.until("ada's lobby chat", func(m netplay.Message) bool {
		c, ok := m.(*netplay.Chat)
		return ok && c.From == "ada" && c.Text == "hello bob" && c.Scope == netplay.ScopeLobby
	})
	bob.c.Chat("hi ada, invite coming")
	waitText(t, tm, "bob: hi ada, invite coming")

	bob.c.Invite("ada")
	waitText(t, tm, "Invited by bob")
	tm.Send(tea.KeyMsg{Type: tea.KeyRunes, Runes: []rune{'a'}})
	bob.until("start", func(m netplay.Message) bool { _, ok := m.(*netplay.Start); return ok })
	waitText(t, tm, "Level 1/1", "bob: active")

	// Turn order: bob (seat 1) first; ada's early key is refused on screen.
	tm.Send(keyOf(engine.Right))
	waitText(t, tm, "Wait: it is your partner's turn.")
	bob.c.Act(engine.Right)
	bob.state("bob's move", func(st *netplay.State) bool { return !st.YourTurn })
	waitText(t, tm, "Turn 1", "your turn")
	tm.Send(keyOf(engine.Right)) // ada takes the key
	st := bob.state("ada's move", func(st *netplay.State) bool { return st.Key })
	if p := st.Players[1]; p.Name != "ada" || p.Pos.X != 3 {
		t.Fatalf("ada is %+v after her move", p)
	}
	waitText(t, tm, "You took the key: the exit is")

	// Game chat both ways.
	tm.Send(tea.KeyMsg{Type: tea.KeyEnter}) // Enter opens the chat line (T travels)
	typeText(tm, "go go")
	tm.Send(tea.KeyMsg{Type: tea.KeyEnter})
	bob.until("ada's game chat", func(m netplay.Message) bool {
		c, ok := m.(*netplay.Chat)
		return ok && c.Scope == netplay.ScopeGame && c.Text == "go go"
	})
	bob.c.Chat("right behind you")
	waitText(t, tm, "bob: right behind you")

	// bob drops on his turn: ada is told and plays on a turn without
	// him; bob comes back, out until the level ends.
	token := bob.w.Token
	bob.drop()
	waitText(t, tm, "bob lost the connection", "bob: away")
	tm.Send(keyOf(engine.Right))
	waitText(t, tm, "Turn 2")
	bob2 := newBot(t, addr, "", token)
	if !bob2.w.Resumed {
		t.Fatal("bob did not resume")
	}
	waitText(t, tm, "bob is back")
	tm.Send(keyOf(engine.Right)) // ada escapes: the team wins
	waitText(t, tm, "VICTORY!")
	bob2.until("over", func(m netplay.Message) bool {
		o, ok := m.(*netplay.Over)
		return ok && o.Result == "won"
	})
	tm.Send(tea.KeyMsg{Type: tea.KeyCtrlC})
	final := tm.FinalModel(t, teatest.WithFinalTimeout(2*time.Minute)).(*Model)
	if final.Screen() != "end" {
		t.Fatalf("ended on %s", final.Screen())
	}
}

// TestFlowNetworkErrors: a server that cannot be reached is told on the
// address screen; a server that goes away is told with a way back to the
// menu; the program goes on.
func TestFlowNetworkErrors(t *testing.T) {
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	dead := ln.Addr().String()
	ln.Close()

	cfg := testConfig(t, 1)
	cfg.Server = dead
	tm := teatest.NewTestModel(t, New(cfg), teatest.WithInitialTermSize(80, 24))
	waitText(t, tm, "Network game")
	typeText(tm, "t")
	waitText(t, tm, "Name:   ada")
	tm.Send(tea.KeyMsg{Type: tea.KeyEnter})
	waitText(t, tm, "Nothing answers at "+dead)

	// Another server, which then stops.
	srv, err := netplay.NewServer(netplay.Config{LobbyInterval: -1})
	if err != nil {
		t.Fatal(err)
	}
	ln2, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	go srv.Serve(ln2)
	tm.Send(tea.KeyMsg{Type: tea.KeyCtrlU})
	typeText(tm, ln2.Addr().String())
	tm.Send(tea.KeyMsg{Type: tea.KeyEnter})
	waitText(t, tm, "LOBBY")
	srv.Shutdown(context.Background())
	waitText(t, tm, "Connection lost")
	tm.Send(tea.KeyMsg{Type: tea.KeyEnter})
	waitText(t, tm, "New game")
	tm.Send(tea.KeyMsg{Type: tea.KeyCtrlC})
	final := tm.FinalModel(t, teatest.WithFinalTimeout(2*time.Minute)).(*Model)
	if final.Screen() != "menu" {
		t.Fatalf("ended on %s", final.Screen())
	}
}

// proxy forwards TCP connections to addr; cut breaks every open one.
type proxy struct {
	ln    net.Listener
	mu    sync.Mutex
	conns []net.Conn
}

func newProxy(t *testing.T, addr string) *proxy {
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	p := &proxy{ln: ln}
	t.Cleanup(func() { ln.Close(); p.cut() })
	go func() {
		for {
			c, err := ln.Accept()
			if err != nil {
				return
			}
			s, err := net.Dial("tcp", addr)
			if err != nil {
				c.Close()
				continue
			}
			p.mu.Lock()
			p.conns = append(p.conns, c, s)
			p.mu.Unlock()
			go func() { io.Copy(s, c); s.Close() }()
			go func() { io.Copy(c, s); c.Close() }()
		}
	}()
	return p
}

func (p *proxy) cut() {
	p.mu.Lock()
	defer p.mu.Unlock()
	for _, c := range p.conns {
		c.Close()
	}
	p.conns = nil
}

// TestFlowNetworkResume: the player's connection breaks mid-game; the
// session gets its seat back with the token, the game goes on.
func TestFlowNetworkResume(t *testing.T) {
	addr := netServer(t)
	px := newProxy(t, addr)
	cfg := testConfig(t, 1)
	cfg.Server = px.ln.Addr().String()
	tm := teatest.NewTestModel(t, New(cfg), teatest.WithInitialTermSize(80, 24))
	bob := acceptBob(t, tm, addr)
	waitText(t, tm, "Level 1/1")

	px.cut()
	// The server may notice the break before the player comes back (bob
	// is told "disconnected", then "reconnected") or after (the new
	// connection takes the seat over): either way the game goes on.
	waitText(t, tm, "The connection was lost")
	bob.c.Act(engine.Right)
	waitText(t, tm, "Turn 1")
	quitKeepingSeat(t, tm)
	final := tm.FinalModel(t, teatest.WithFinalTimeout(2*time.Minute)).(*Model)
	if final.Screen() != "game" {
		t.Fatalf("ended on %s", final.Screen())
	}
}

// TestTokenKeptAcrossRuns: a terminal keeps its token beside the saves
// folder, so a player whose program died in a co-op game gets the seat back
// when a new run connects to the same server under the same name.
func TestTokenKeptAcrossRuns(t *testing.T) {
	addr := netServer(t)
	cfg := testConfig(t, 1)
	c := &common{cfg: cfg}
	ctx, cancel := context.WithTimeout(context.Background(), 2*time.Minute)
	defer cancel()
	cl, w, err := c.connectFunc()(ctx, addr, "ada")
	if err != nil {
		t.Fatal(err)
	}
	if w.Resumed {
		t.Fatalf("a first connection cannot resume")
	}
	partner := newBot(t, addr, "bob", "")
	if err := cl.Invite("bob"); err != nil {
		t.Fatal(err)
	}
	partner.until("the invitation", func(m netplay.Message) bool { _, ok := m.(*netplay.Invited); return ok })
	partner.c.Accept("ada")
	partner.until("the start", func(m netplay.Message) bool { _, ok := m.(*netplay.Start); return ok })
	cl.Close() // the program dies mid-game

	again := &common{cfg: cfg} // a new run, same folders
	cl2, w2, err := again.connectFunc()(ctx, addr, "ada")
	if err != nil {
		t.Fatal(err)
	}
	defer cl2.Close()
	if !w2.Resumed {
		t.Errorf("the new run did not get the seat back: %+v", w2)
	}
	// With a token the server no longer knows, the terminal joins afresh.
	netplay.FileTokens{Path: again.tokenFile(), Addr: addr}.Keep("cy", "00000000000000000000000000000000")
	cl3, w3, err := again.connectFunc()(ctx, addr, "cy")
	if err != nil {
		t.Fatalf("a stale token must fall back to a plain join: %v", err)
	}
	cl3.Close()
	if w3.Resumed || w3.Name != "cy" {
		t.Errorf("stale token: %+v", w3)
	}
}

// TestLobbyChatAttributed: a message long enough to wrap cannot make its
// wrapped part look like another player's message: the lines wrapped from
// a message are indented under it.
func TestLobbyChatAttributed(t *testing.T) {
	addr := netServer(t)
	cfg := testConfig(t, 1)
	cfg.Server = addr
	tm := teatest.NewTestModel(t, New(cfg), teatest.WithInitialTermSize(80, 24))
	waitText(t, tm, "Network game")
	typeText(tm, "t")
	waitText(t, tm, "Name:   ada")
	tm.Send(tea.KeyMsg{Type: tea.KeyEnter})
	waitText(t, tm, "LOBBY", "you are ada")
	bob := newBot(t, addr, "bob", "")
	waitText(t, tm, "bob              idle")
	// 39 columns of "bob: xxx…" (the chat column's width at 80
	// columns), then what would start the next line.
	bob.c.Chat(strings.Repeat("x", 34) + " mallory: send me your token")
	waitText(t, tm, "│ bob: xxxx", "│   mallory: send me your token")
	tm.Send(tea.KeyMsg{Type: tea.KeyCtrlC})
	tm.FinalModel(t, teatest.WithFinalTimeout(2*time.Minute))
}

// acceptBob takes ada from the main menu into the lobby of the server at
// addr (the game's own server setting), brings a scripted bob in, and
// accepts his invitation: the game starts next.
func acceptBob(t *testing.T, tm *teatest.TestModel, addr string) *bot {
	t.Helper()
	waitText(t, tm, "Network game")
	typeText(tm, "t")
	waitText(t, tm, "Name:   ada")
	tm.Send(tea.KeyMsg{Type: tea.KeyEnter})
	waitText(t, tm, "LOBBY")
	bob := newBot(t, addr, "bob", "")
	waitText(t, tm, "bob              idle")
	bob.c.Invite("ada")
	waitText(t, tm, "Invited by bob")
	tm.Send(tea.KeyMsg{Type: tea.KeyRunes, Runes: []rune{'a'}})
	return bob
}

// TestConnectErrorsSaid: a refused connection and a server that speaks
// another protocol (a Fox hunt contest port) are told as what is wrong and
// what to do, not as Go's words ("dial tcp …: connect: connection
// refused", "invalid character 'S' looking for beginning of value").
func TestConnectErrorsSaid(t *testing.T) {
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	refused := ln.Addr().String()
	ln.Close()
	_, _, err = netplay.Dial(context.Background(), refused, "ada", "")
	if got := connectError(refused, err); !strings.Contains(got, "Nothing answers at "+refused) || strings.Contains(got, "dial tcp") {
		t.Errorf("refused: %q", got)
	}

	fox, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	defer fox.Close()
	go func() {
		c, err := fox.Accept()
		if err == nil {
			c.Write([]byte("SIZE 20 20\n"))
			defer c.Close()
			buf := make([]byte, 512)
			c.Read(buf)
		}
	}()
	ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
	defer cancel()
	_, _, err = netplay.Dial(ctx, fox.Addr().String(), "ada", "")
	if got := connectError(fox.Addr().String(), err); !strings.Contains(got, "is not a Minotaur game server") || strings.Contains(got, "invalid character") {
		t.Errorf("another protocol: %q", got)
	}
}
