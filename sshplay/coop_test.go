package sshplay

import (
	"context"
	"fmt"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/minotaur-game/minotaur/engine"
	"github.com/minotaur-game/minotaur/netplay"
)

// tcpPlayer is a player on the game server's TCP port (a bot speaking the
// line protocol, as any client may). It answers invitations it is told to
// accept and, once told to, waits its turn away ('.') in a game.
type tcpPlayer struct {
	t testing.TB
	c *netplay.Client

	mu       sync.Mutex
	lobby    []netplay.LobbyPlayer
	invited  []string
	start    *netplay.Start
	state    *netplay.State
	partner  []string // statuses of the partner messages, in order
	autoplay bool
	err      error
	changed  chan struct{}
}

func (r *rig) tcpPlayer(name string) *tcpPlayer {
	r.t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), waitTime)
	defer cancel()
	c, w, err := netplay.Dial(ctx, r.tcpAddr, name, "")
	if err != nil {
		r.t.Fatalf("%s cannot join over TCP: %v", name, err)
	}
	if w.Name != name {
		r.t.Fatalf("welcome as %q, want %q", w.Name, name)
	}
	p := &tcpPlayer{t: r.t, c: c, changed: make(chan struct{}, 1)}
	r.t.Cleanup(func() { c.Close() })
	go p.read()
	return p
}

func (p *tcpPlayer) read() {
	for {
		m, err := p.c.Next()
		p.mu.Lock()
		if err != nil {
			p.err = err
			p.mu.Unlock()
			p.poke()
			return
		}
		switch m := m.(type) {
		case *netplay.Lobby:
			p.lobby = m.Players
		case *netplay.Invited:
			p.invited = append(p.invited, m.From)
		case *netplay.Start:
			p.start = m
		case *netplay.State:
			p.state = m
			if p.autoplay && m.YourTurn {
				p.c.Act(engine.Skip)
			}
		case *netplay.Partner:
			p.partner = append(p.partner, m.Name+" "+m.Status)
		}
		p.mu.Unlock()
		p.poke()
	}
}

func (p *tcpPlayer) poke() {
	select {
	case p.changed <- struct{}{}:
	default:
	}
}

// waitFor waits until ok holds (called under the player's lock).
func (p *tcpPlayer) waitFor(what string, ok func() bool) {
	p.t.Helper()
	deadline := time.NewTimer(waitTime)
	defer deadline.Stop()
	for {
		p.mu.Lock()
		done, err := ok(), p.err
		p.mu.Unlock()
		if done {
			return
		}
		if err != nil {
			p.t.Fatalf("the TCP player's connection ended before %s: %v", what, err)
		}
		select {
		case <-p.changed:
		case <-deadline.C:
			p.mu.Lock()
			defer p.mu.Unlock()
			p.t.Fatalf("the TCP player waited in vain for %s; lobby %v, invited %v, partner %v, state %+v",
				what, p.lobby, p.invited, p.partner, p.state)
		}
	}
}

// play makes the player wait out its turns from now on (or, with false,
// no longer).
func (p *tcpPlayer) play(on bool) {
	p.mu.Lock()
	defer p.mu.Unlock()
	p.autoplay = on
	if p.state != nil && p.state.YourTurn {
		p.c.Act(engine.Skip)
	}
}

func (p *tcpPlayer) inLobby(name, status string) func() bool {
	return func() bool {
		for _, l := range p.lobby {
			if l.Name == name && l.Status == status {
				return true
			}
		}
		return false
	}
}

// toLobby takes an SSH player from the main menu to the lobby of the server.
func toLobby(tm *term, name string) {
	tm.t.Helper()
	tm.waitText("New game")
	tm.press("\x1b[B") // ↓: Network game (Continue is greyed out)
	tm.waitText("> T  Network game")
	tm.press("\r")
	tm.waitText("NETWORK GAME", "Name:   "+name)
	tm.press("\r")
	tm.waitText("LOBBY · this server · you are " + name)
}

// An SSH player and a TCP player meet in the lobby; the SSH player invites,
// the TCP player accepts, and they play co-op turns. The SSH player's
// connection then drops: the partner plays on, and the SSH player, logging
// in again with the same key, gets the seat back. Another key cannot take
// the name while the seat is kept.
func TestCoopSSHWithTCP(t *testing.T) {
	r := newRig(t, nil)
	key := newKey(t)
	bob := r.tcpPlayer("bob")

	conn := r.dial("alice", key)
	alice := openTerm(t, conn, 80, 24)
	toLobby(alice, "alice")
	bob.waitFor("alice in the lobby", bob.inLobby("alice", netplay.StatusIdle))
	alice.waitText("> bob")

	alice.press("i")
	alice.waitText("Invite bob to which game?", "1 Minotaur")
	alice.press("1")
	bob.waitFor("alice's invitation", func() bool { return len(bob.invited) == 1 && bob.invited[0] == "alice" })
	if err := bob.c.Accept("alice"); err != nil {
		t.Fatal(err)
	}
	bob.waitFor("the game's start", func() bool { return bob.start != nil && bob.start.Partner == "alice" && bob.state != nil })
	alice.waitText("Level 1/7", "bob: active")

	// Turns: the TCP player waits its turns out; the SSH player waits hers
	// with Space whenever the panel says it is her turn.
	bob.play(true)
	for turn := turnOf(alice.screen()); turn < 3; turn = turnOf(alice.screen()) {
		alice.waitFor("her turn", func(scr string) bool { return strings.Contains(scr, "your turn") })
		alice.press(" ")
		alice.waitFor(fmt.Sprintf("the turn after %d", turn), func(scr string) bool { return turnOf(scr) > turn })
	}
	bob.waitFor("turn 3 on the TCP side", func() bool { return bob.state.Turn >= 3 })
	bob.play(false) // the game now waits for him: no monster moves meanwhile

	// The SSH connection drops (the player's network, not the game).
	conn.Close()
	bob.waitFor("alice's disconnection", func() bool { return contains(bob.partner, "alice disconnected") })

	// Someone else, with another key, cannot take her name meanwhile.
	other := openTerm(t, r.dial("alice", newKey(t)), 80, 24)
	other.waitText("New game")
	other.press("\x1b[B", "\r")
	other.waitText("NETWORK GAME", "Name:   alice")
	other.press("\r")
	other.waitText("That name is taken on this server")

	// She comes back with her key, and gets her seat back.
	back := openTerm(t, r.dial("alice", key), 80, 24)
	back.waitText("New game")
	back.press("\x1b[B", "\r")
	back.waitText("NETWORK GAME")
	back.press("\r")
	back.waitText("Level 1/7", "bob:")
	bob.waitFor("alice's return", func() bool { return contains(bob.partner, "alice reconnected") })
	bob.mu.Lock()
	if want := []string{"alice disconnected", "alice reconnected"}; !slices.Equal(bob.partner, want) {
		t.Errorf("the partner's news: %q, want %q", bob.partner, want)
	}
	bob.mu.Unlock()
	if scr := back.screen(); strings.Contains(scr, "Turn 0") {
		t.Errorf("the resumed game starts from turn 0, want the game in progress; the screen:\n%s", scr)
	}
}

var turnRE = regexp.MustCompile(`Turn (\d+)`)

// turnOf reads the turn on the game screen's panel.
func turnOf(scr string) int {
	m := turnRE.FindStringSubmatch(scr)
	if m == nil {
		return -1
	}
	n, _ := strconv.Atoi(m[1])
	return n
}

func contains(list []string, s string) bool {
	for _, x := range list {
		if x == s {
			return true
		}
	}
	return false
}

// Two terminals of one player (the same key): the first is the key's player
// on the network; the second cannot take that seat or name, and joins under
// a name of its own, without the two ever taking the seat from each other.
func TestSameKeyTwice(t *testing.T) {
	r := newRig(t, nil)
	key := newKey(t)
	bob := r.tcpPlayer("bob")
	first := openTerm(t, r.dial("alice", key), 80, 24)
	toLobby(first, "alice")
	bob.waitFor("alice in the lobby", bob.inLobby("alice", netplay.StatusIdle))

	second := openTerm(t, r.dial("alice", key), 80, 24)
	second.waitText("New game")
	second.press("\x1b[B", "\r")
	second.waitText("NETWORK GAME", "Name:   alice")
	second.press("\r")
	second.waitText("That name is taken on this server")
	second.press("\x15", "alice2", "\r") // Ctrl+U, a new name
	second.waitText("LOBBY · this server · you are alice2")
	bob.waitFor("alice and alice2 in the lobby", func() bool {
		return bob.inLobby("alice", netplay.StatusIdle)() && bob.inLobby("alice2", netplay.StatusIdle)()
	})

	// The first is still in its lobby: it invites bob, who accepts.
	first.waitText("alice2")
	first.press("i")
	first.waitText("to which game?", "1 Minotaur")
	first.press("1")
	bob.waitFor("an invitation", func() bool { return len(bob.invited) == 1 })
	if bob.invited[0] != "alice" {
		t.Fatalf("bob was invited by %s; the first terminal's lobby:\n%s", bob.invited[0], first.screen())
	}
	bob.c.Accept("alice")
	first.waitText("Level 1/7", "bob:")
	time.Sleep(200 * time.Millisecond) // time for a tug of war, if there were one
	if scr := second.screen(); !strings.Contains(scr, "you are alice2") {
		t.Errorf("the second terminal left its lobby:\n%s", scr)
	}
	if scr := first.screen(); !strings.Contains(scr, "bob:") {
		t.Errorf("the first terminal left its game:\n%s", scr)
	}
}
