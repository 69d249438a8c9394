package netplay

import (
	"context"
	"errors"
	"net"
	"os"
	"path/filepath"
	"sync"
	"testing"
	"time"

	"github.com/minotaur-game/minotaur/engine"
)

// nextOf reads from a seat until want accepts a message.
func nextOf(t *testing.T, s *Seat, what string, want func(Message) bool) Message {
	t.Helper()
	done := make(chan Message, 1)
	go func() {
		for {
			m, err := s.Next()
			if err != nil {
				done <- nil
				return
			}
			if want(m) {
				done <- m
				return
			}
		}
	}()
	select {
	case m := <-done:
		if m == nil {
			t.Fatalf("the seat ended while waiting for %s", what)
		}
		return m
	case <-time.After(waitFor):
		t.Fatalf("no %s", what)
	}
	return nil
}

// TestJoinKeepsAndOffersTokens: Join keeps the token of a welcome in the
// store (a file readable by its owner only); a new run offers it and gets
// its seat back; a token the server does not know falls back to a plain
// join.
func TestJoinKeepsAndOffersTokens(t *testing.T) {
	cfg := testConfig(t)
	cfg.Levels = []engine.Level{corridor(t)}
	_, addr := startServer(t, cfg)
	ctx, cancel := context.WithTimeout(context.Background(), waitFor)
	defer cancel()
	store := FileTokens{Path: filepath.Join(t.TempDir(), "network.json"), Addr: addr}
	ada, w, err := Join(ctx, TCP(addr), store, "ada")
	if err != nil || w.Resumed {
		t.Fatalf("first join: %v %+v", err, w)
	}
	if got := store.Tokens("ADA"); len(got) != 1 || got[0] != w.Token {
		t.Fatalf("kept %v, want the welcome's token", got)
	}
	if fi, err := os.Stat(store.Path); err != nil || fi.Mode().Perm() != 0o600 {
		t.Fatalf("the token file: %v %v, want mode 0600", fi.Mode(), err)
	}
	bob := login(t, addr, "bob")
	ada.Invite("bob")
	bob.expect(TypeInvited)
	bob.send(map[string]any{"t": "accept", "from": "ada"})
	bob.expect(TypeStart)
	ada.Close() // the program dies mid-game

	again, w2, err := Join(ctx, TCP(addr), store, "ada")
	if err != nil || !w2.Resumed {
		t.Fatalf("a new run must get the seat back: %v %+v", err, w2)
	}
	again.Close()
	store.Keep("cy", "00000000000000000000000000000000")
	cy, w3, err := Join(ctx, TCP(addr), store, "cy")
	if err != nil || w3.Resumed || w3.Name != "cy" {
		t.Fatalf("a stale token must fall back to a plain join: %v %+v", err, w3)
	}
	cy.Close()
}

// TestSeatResumes: when the connection drops, the seat says so at once,
// dials again with its token until it is back (a failed try reported), and
// the game goes on: the partner's moves arrive, chat goes out.
func TestSeatResumes(t *testing.T) {
	cfg := testConfig(t)
	cfg.Levels = []engine.Level{corridor(t)}
	_, addr := startServer(t, cfg)
	ctx, cancel := context.WithTimeout(context.Background(), waitFor)
	defer cancel()
	var mu sync.Mutex
	var conns []net.Conn
	tries := 0
	dial := func(ctx context.Context) (net.Conn, error) {
		mu.Lock()
		defer mu.Unlock()
		tries++
		if tries == 2 { // the first try after the drop fails
			return nil, errors.New("no route (test)")
		}
		c, err := TCP(addr)(ctx)
		if err == nil {
			conns = append(conns, c)
		}
		return c, err
	}
	conn, _ := dial(ctx)
	c, w, err := Handshake(ctx, conn, "ada", "")
	if err != nil {
		t.Fatal(err)
	}
	bob := login(t, addr, "bob")
	c.Invite("bob")
	bob.expect(TypeInvited)
	bob.send(map[string]any{"t": "accept", "from": "ada"})
	bob.expect(TypeStart)
	seat := NewSeat(c, Rejoiner(dial, "ada", w.Token))
	seat.FirstWait = 10 * time.Millisecond
	defer seat.End(true)
	nextOf(t, seat, "the first state", func(m Message) bool { _, ok := m.(*State); return ok })

	mu.Lock()
	conns[0].Close() // the line drops
	mu.Unlock()
	if r := nextOf(t, seat, "the news of the drop", func(m Message) bool { _, ok := m.(*Reconnecting); return ok }).(*Reconnecting); r.Try != 0 || r.Left != seat.Grace {
		t.Errorf("first report %+v", r)
	}
	if r := nextOf(t, seat, "a failed try", func(m Message) bool { _, ok := m.(*Reconnecting); return ok }).(*Reconnecting); r.Try != 1 || r.Err == nil {
		t.Errorf("second report %+v", r)
	}
	nextOf(t, seat, "the seat back", func(m Message) bool { _, ok := m.(*Resumed); return ok })
	// Back before any turn was played, ada takes her place again: she
	// moves, then bob, and ada sees it.
	if st := nextOf(t, seat, "the state on resuming", func(m Message) bool { _, ok := m.(*State); return ok }).(*State); st.Turn != 0 {
		t.Fatalf("resumed on turn %d, want 0", st.Turn)
	} else if p, _ := st.Player(1); p.State != engine.Active {
		t.Fatalf("back before any turn, ada is %v, want on the board", p.State)
	}
	if err := seat.Act(engine.Skip); err != nil {
		t.Fatal(err)
	}
	nextOf(t, seat, "ada's wait", func(m Message) bool {
		st, ok := m.(*State)
		return ok && st.Turn == 1
	})
	bob.act("d")
	nextOf(t, seat, "bob's move", func(m Message) bool {
		st, ok := m.(*State)
		if !ok {
			return false
		}
		p, _ := st.Player(2)
		return p.Pos.X == 3
	})
	if err := seat.Chat("back"); err != nil {
		t.Fatal(err)
	}
	for {
		if ch, ok := bob.recv().(*Chat); ok {
			if ch.Text != "back" || ch.From != "ada" {
				t.Errorf("chat after resuming: %+v", ch)
			}
			break
		}
	}
}

// TestSeatGivesUpAfterGrace: a server that never comes back is tried for
// the grace period, then the seat is lost with a sentence that says so.
func TestSeatGivesUpAfterGrace(t *testing.T) {
	cfg := testConfig(t)
	_, addr := startServer(t, cfg)
	ctx, cancel := context.WithTimeout(context.Background(), waitFor)
	defer cancel()
	c, w, err := Dial(ctx, addr, "ada", "")
	if err != nil {
		t.Fatal(err)
	}
	dead := func(context.Context) (net.Conn, error) { return nil, errors.New("connection refused (test)") }
	seat := NewSeat(c, Rejoiner(dead, "ada", w.Token))
	seat.Grace, seat.FirstWait = 300*time.Millisecond, 20*time.Millisecond
	c.Close()
	start := time.Now()
	reports := 0
	for {
		m, err := seat.Next()
		if err != nil {
			// Tries wait 20, 40, 80 ms; the next, 160 ms later, would
			// come after the grace period: no sooner than 140 ms.
			if time.Since(start) < 7*seat.FirstWait {
				t.Errorf("gave up after %v, before trying through the grace period", time.Since(start))
			}
			if reports < 3 {
				t.Errorf("%d reports before giving up", reports)
			}
			return
		}
		if _, ok := m.(*Reconnecting); ok {
			reports++
		}
		if time.Since(start) > waitFor {
			t.Fatal("the seat never gave up")
		}
	}
}

func TestPlayerName(t *testing.T) {
	for in, want := range map[string]string{
		"alice": "alice", "john.doe": "john_doe", "Zoë": "Zo_", "": "player", "...": "player",
		"a-very-long-user-name-indeed": "a-very-long-user", "x\x1b[31my": "x__31my",
	} {
		if got := PlayerName(in); got != want || !ValidName(got) {
			t.Errorf("PlayerName(%q) = %q, want %q", in, got, want)
		}
	}
}
