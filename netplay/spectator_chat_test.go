package netplay

import (
	"fmt"
	"testing"
)

// TestSpectatorChatNeverDropsAPlayer: fifty spectators
// from two addresses all chat within their own rate limit at once, while
// the player is busy for a moment: the player stays connected and plays
// on, the spectators' excess is refused to them, not paid by the player.
func TestSpectatorChatNeverDropsAPlayer(t *testing.T) {
	cfg := dailyConfig(t, nil)
	cfg.QueueLen = 32
	_, addr := startServer(t, cfg)
	alice := login(t, addr, "alice")
	alice.startSolo(false)
	var watchers []*tclient
	for i := range 50 {
		c := dialFrom(t, fmt.Sprintf("127.0.0.%d", 1+i%2), addr)
		c.hello(fmt.Sprintf("fan%d", i))
		c.send(map[string]any{"t": "watch", "game": alice.game})
		c.expect(TypeStart)
		watchers = append(watchers, c)
		// alice reads the notice of each new spectator as it comes.
		alice.send(map[string]any{"t": "ping"})
		for alice.expectAny().Type() != TypePong {
		}
	}
	// alice is busy: she reads nothing while every spectator says all
	// its rate limit allows.
	for _, c := range watchers {
		for k := range ChatBurst {
			// A spectator the server dropped meanwhile writes into nothing.
			fmt.Fprintf(c.conn, `{"t":"chat","text":"go %d"}`+"\n", k)
		}
	}
	limited := 0
	for _, c := range watchers {
		fmt.Fprintf(c.conn, `{"t":"ping"}`+"\n")
		for {
			m, err := c.next()
			if err != nil {
				break // a spectator that did not read may be dropped
			}
			if e, ok := m.(*Error); ok && e.Code == CodeRateLimited {
				limited++
			}
			if m.Type() == TypePong {
				break
			}
		}
	}
	if limited == 0 {
		t.Errorf("no spectator was told the game's chat was full")
	}
	// alice reads again and plays on: she is still connected.
	chats := 0
	alice.act("d")
	for {
		m, err := alice.next()
		if err != nil {
			t.Fatalf("alice, who reads, was dropped: %v", err)
		}
		if m.Type() == TypeChat {
			chats++
		}
		if m.Type() == TypeState {
			break
		}
	}
	if chats > SpectatorChatBurst {
		t.Errorf("alice read %d spectator lines, more than the game's %d", chats, SpectatorChatBurst)
	}
}

// expectAny reads the next message, whatever it is.
func (c *tclient) expectAny() Message {
	c.t.Helper()
	return c.recv()
}

// next reads the next message, or the error that ended the connection.
func (c *tclient) next() (Message, error) {
	s, err := c.line()
	if err != nil {
		return nil, err
	}
	return DecodeMessage([]byte(s))
}
