package netplay

import (
	"strings"
	"testing"
)

// TestWrongTokensCountedInterleaved: wrong tokens close
// the connection after MaxBadLines of them, whatever lines (a ping, a
// hello with a bad name) come between.
func TestWrongTokensCountedInterleaved(t *testing.T) {
	_, addr := startServer(t, testConfig(t))
	c := dial(t, addr)
	for i := 1; i <= MaxBadLines; i++ {
		c.send(map[string]any{"t": "hello", "v": 1, "name": "x", "token": strings.Repeat("0", 31) + string(rune('0'+i))})
		e := c.expectError(CodeProto)
		if i == MaxBadLines {
			if !strings.Contains(e.Msg, "the connection is closed") {
				t.Fatalf("wrong token %d: %q, want the connection closed", i, e.Msg)
			}
			c.expectClosed()
			return
		}
		if i%2 == 1 {
			c.send(map[string]any{"t": "ping"})
			c.expect(TypePong)
		} else {
			c.send(map[string]any{"t": "hello", "v": 1, "name": "bad name!"})
			c.expectError(CodeBadName)
		}
	}
}

// TestFinishedTokenRefused: the token of a game that
// is over is refused (proto) and never takes over its owner's connection
// in the lobby.
func TestFinishedTokenRefused(t *testing.T) {
	_, addr := startServer(t, dailyConfig(t, nil))
	alice := login(t, addr, "alice")
	alice.startSolo(false)
	alice.send(map[string]any{"t": "leave"})
	alice.expect(TypeOver)

	mallory := dial(t, addr)
	mallory.send(map[string]any{"t": "hello", "v": 1, "token": alice.token})
	if e := mallory.expectError(CodeProto); !strings.Contains(e.Msg, "game is over") {
		t.Fatalf("a finished game's token: %q", e.Msg)
	}
	alice.send(map[string]any{"t": "ping"})
	alice.expect(TypePong)
	alice.send(map[string]any{"t": "chat", "text": "still here"})
	if m := alice.expect(TypeChat).(*Chat); m.From != "alice" {
		t.Fatalf("alice's chat came back from %q", m.From)
	}
}
