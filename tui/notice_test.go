package tui

import (
	"context"
	"net"
	"sync"
	"testing"
	"time"

	tea "github.com/charmbracelet/bubbletea"
	"github.com/charmbracelet/x/exp/teatest"

	"github.com/minotaur-game/minotaur/engine"
	"github.com/minotaur-game/minotaur/netplay"
)

// twoLevelServer runs a game server on a loopback port whose campaign is
// the test corridor twice.
func twoLevelServer(t *testing.T) string {
	t.Helper()
	lv := corridor()
	lv.Starts = []engine.Point{{X: 1, Y: 1}, {X: 2, Y: 1}}
	return serveLevels(t, lv, lv)
}

// gate is a proxy to addr that can refuse new connections for a while.
type gate struct {
	*proxy
	mu     sync.Mutex
	closed bool
	inner  net.Listener
}

// newGate puts a listener in front of a proxy: while closed, connections
// are dropped at once (the client's tries fail and it tries again).
func newGate(t *testing.T, addr string) (*gate, string) {
	px := newProxy(t, addr)
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	g := &gate{proxy: px, inner: ln}
	t.Cleanup(func() { ln.Close() })
	go func() {
		for {
			c, err := ln.Accept()
			if err != nil {
				return
			}
			g.mu.Lock()
			closed := g.closed
			g.mu.Unlock()
			if closed {
				c.Close()
				continue
			}
			s, err := net.Dial("tcp", px.ln.Addr().String())
			if err != nil {
				c.Close()
				continue
			}
			go func() { copyClose(s, c) }()
			go func() { copyClose(c, s) }()
		}
	}()
	return g, ln.Addr().String()
}

func copyClose(dst, src net.Conn) {
	buf := make([]byte, 4096)
	for {
		n, err := src.Read(buf)
		if n > 0 {
			if _, werr := dst.Write(buf[:n]); werr != nil {
				break
			}
		}
		if err != nil {
			break
		}
	}
	dst.Close()
	src.Close()
}

func (g *gate) shut(closed bool) {
	g.mu.Lock()
	g.closed = closed
	g.mu.Unlock()
}

// TestBackNoticeAndPartnerPanel: a player whose connection broke long
// enough for the server to mark the seat away is told, as soon as the seat
// is back, why they cannot move until the level ends; the partner's panel
// says at once that the player is back for the next level.
func TestBackNoticeAndPartnerPanel(t *testing.T) {
	addr := twoLevelServer(t)
	gt, front := newGate(t, addr)
	cfg := testConfig(t, 1)
	cfg.Server = front
	tm := teatest.NewTestModel(t, New(cfg), teatest.WithInitialTermSize(100, 30))
	bob := acceptBob(t, tm, addr)
	waitText(t, tm, "Level 1/2", "bob: active")

	// ada's line breaks and stays down until the server has given her
	// seat away for this level.
	gt.shut(true)
	gt.cut()
	bob.until("ada away", func(m netplay.Message) bool {
		p, ok := m.(*netplay.Partner)
		return ok && p.Name == "ada" && p.Status == netplay.PartnerDisconnected
	})
	bob.c.Act(engine.Skip) // a turn is played without ada
	bob.state("bob's wait", func(st *netplay.State) bool { return st.Turn == 1 })
	gt.shut(false)
	bob.until("ada back", func(m netplay.Message) bool {
		p, ok := m.(*netplay.Partner)
		return ok && p.Name == "ada" && p.Status == netplay.PartnerReconnected
	})
	waitText(t, tm, "You are back, but out until level", "1 ends: the level went on while", "then you watch bob.")
	// A key is refused with the same reason.
	tm.Send(keyOf(engine.Right))
	waitText(t, tm, "You are out until the level ends.")
	quitKeepingSeat(t, tm)
	tm.FinalModel(t, teatest.WithFinalTimeout(2*time.Minute))
}

// TestPartnerPanelBackNextLevel: when the partner comes back after the
// server marked them away, the panel says so at once.
func TestPartnerPanelBackNextLevel(t *testing.T) {
	addr := twoLevelServer(t)
	cfg := testConfig(t, 1)
	cfg.Server = addr
	tm := teatest.NewTestModel(t, New(cfg), teatest.WithInitialTermSize(100, 30))
	bob := acceptBob(t, tm, addr)
	waitText(t, tm, "Level 1/2", "bob: active")
	token := bob.w.Token
	bob.drop()
	waitText(t, tm, "bob lost the connection", "bob: away")
	tm.Send(keyOf(engine.Skip)) // a turn is played without bob
	waitText(t, tm, "Turn 1")
	bob2 := newBot(t, addr, "", token)
	if !bob2.w.Resumed {
		t.Fatal("bob did not resume")
	}
	waitText(t, tm, "bob is back", "bob: back next level")
	quitKeepingSeat(t, tm)
	tm.FinalModel(t, teatest.WithFinalTimeout(2*time.Minute))
}

// TestBackNoticeAfterRestart: a player whose program died mid-game and who
// starts it again after the server gave the seat away for the level is
// told at once, on the game screen, why they cannot move.
func TestBackNoticeAfterRestart(t *testing.T) {
	addr := twoLevelServer(t)
	cfg := testConfig(t, 1)
	cfg.Server = addr
	c := &common{cfg: cfg}
	ctx, cancel := context.WithTimeout(context.Background(), 2*time.Minute)
	defer cancel()
	cl, _, err := c.connectFunc()(ctx, addr, "ada")
	if err != nil {
		t.Fatal(err)
	}
	bob := newBot(t, addr, "bob", "")
	if err := cl.Invite("bob"); err != nil {
		t.Fatal(err)
	}
	bob.until("the invitation", func(m netplay.Message) bool { _, ok := m.(*netplay.Invited); return ok })
	bob.c.Accept("ada")
	bob.until("the start", func(m netplay.Message) bool { _, ok := m.(*netplay.Start); return ok })
	cl.Close() // the program ends mid-game (its bye: quit for now)
	bob.until("ada away", func(m netplay.Message) bool {
		p, ok := m.(*netplay.Partner)
		return ok && (p.Status == netplay.PartnerDisconnected || p.Status == netplay.PartnerStepped)
	})
	bob.c.Act(engine.Skip) // a turn is played without ada
	bob.state("bob's wait", func(st *netplay.State) bool { return st.Turn == 1 })

	tm := teatest.NewTestModel(t, New(cfg), teatest.WithInitialTermSize(100, 30))
	waitText(t, tm, "Network game")
	typeText(tm, "t")
	waitText(t, tm, "Name:   ada")
	tm.Send(tea.KeyMsg{Type: tea.KeyEnter})
	waitText(t, tm, "You are back, but out until level", "1 ends: the level went on while", "then you watch bob.")
	quitKeepingSeat(t, tm)
	tm.FinalModel(t, teatest.WithFinalTimeout(2*time.Minute))
}

// TestPartnerBackBeforeATurn: a partner whose line
// broke and came back before a turn was played is on the board again at
// once, and the panel says so.
func TestPartnerBackBeforeATurn(t *testing.T) {
	addr := twoLevelServer(t)
	cfg := testConfig(t, 1)
	cfg.Server = addr
	tm := teatest.NewTestModel(t, New(cfg), teatest.WithInitialTermSize(100, 30))
	bob := acceptBob(t, tm, addr)
	waitText(t, tm, "Level 1/2", "bob: active")
	token := bob.w.Token
	bob.drop()
	waitText(t, tm, "bob lost the connection", "bob: away")
	bob2 := newBot(t, addr, "", token)
	if !bob2.w.Resumed {
		t.Fatal("bob did not resume")
	}
	waitText(t, tm, "bob is back", "bob: active")
	quitKeepingSeat(t, tm)
	tm.FinalModel(t, teatest.WithFinalTimeout(2*time.Minute))
}

// TestBackInTheGameBeforeATurn: a player whose line
// broke and came back before a turn was played is told they are back in
// the game, not benched, and can move.
func TestBackInTheGameBeforeATurn(t *testing.T) {
	addr := twoLevelServer(t)
	gt, front := newGate(t, addr)
	cfg := testConfig(t, 1)
	cfg.Server = front
	tm := teatest.NewTestModel(t, New(cfg), teatest.WithInitialTermSize(100, 30))
	bob := acceptBob(t, tm, addr)
	waitText(t, tm, "Level 1/2", "bob: active")
	gt.shut(true)
	gt.cut()
	bob.until("ada away", func(m netplay.Message) bool {
		p, ok := m.(*netplay.Partner)
		return ok && p.Name == "ada" && p.Status == netplay.PartnerDisconnected
	})
	gt.shut(false)
	bob.until("ada back", func(m netplay.Message) bool {
		p, ok := m.(*netplay.Partner)
		return ok && p.Name == "ada" && p.Status == netplay.PartnerReconnected
	})
	waitText(t, tm, "The connection was lost; you are", "back in the game.")
	quitKeepingSeat(t, tm)
	tm.FinalModel(t, teatest.WithFinalTimeout(2*time.Minute))
}
