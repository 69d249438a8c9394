package netplay

import (
	"fmt"
	"strings"
	"testing"
	"time"
)

// TestAbuse sends every kind of bad input and checks that the offender gets
// the specified treatment and that nobody else notices: a pair in a game
// keeps getting exactly the answers it asks for, and a lobby observer sees
// only cleaned text.
func TestAbuse(t *testing.T) {
	cfg := twoCorridors(t)
	_, addr := startServer(t, cfg)
	alice, bob := pair(t, addr, "alice", "bob")
	carol := login(t, addr, "carol") // in the lobby: sees lobby chat

	// unnoticed checks that the players in the game got nothing unasked.
	unnoticed := func(t *testing.T) {
		t.Helper()
		for _, c := range []*tclient{alice, bob} {
			c.t = t
			c.send(map[string]any{"t": "ping"})
			if m := c.recv(); m.Type() != TypePong {
				t.Fatalf("%s noticed the abuse: got %s %+v", c.name, m.Type(), m)
			}
		}
	}

	tests := []struct {
		name string
		run  func(t *testing.T, c *tclient)
	}{
		{"oversized line", func(t *testing.T, c *tclient) {
			c.sendRaw(`{"t":"chat","text":"` + strings.Repeat("x", MaxLine) + `"}`)
			c.expectError(CodeTooLong)
			c.expectClosed()
		}},
		{"oversized line without newline", func(t *testing.T, c *tclient) {
			c.conn.Write([]byte(strings.Repeat("y", 3*MaxLine)))
			c.expectError(CodeTooLong)
			c.expectClosed()
		}},
		{"line of exactly MaxLine bytes", func(t *testing.T, c *tclient) {
			pre, post := `{"t":"chat","text":"`, `"}`
			c.sendRaw(pre + strings.Repeat("z", MaxLine-len(pre)-len(post)) + post + "\r")
			ch := c.expect(TypeChat).(*Chat)
			if len(ch.Text) != MaxChat {
				t.Fatalf("chat of %d characters, want it cut to %d", len(ch.Text), MaxChat)
			}
			if ch2 := carol.expect(TypeChat).(*Chat); ch2.Text != ch.Text {
				t.Fatalf("carol got %q", ch2.Text)
			}
		}},
		{"invalid JSON", func(t *testing.T, c *tclient) {
			c.sendRaw(`{"t":"chat","text":`)
			c.expectError(CodeBadJSON)
			c.sendRaw(`{"t":5}`)
			c.expectError(CodeBadJSON)
			c.sendRaw(`{"t":"ping"}`) // resets the count of bad lines
			c.expect(TypePong)
			c.sendRaw(`[1,2,3]`)
			c.expectError(CodeBadJSON)
			c.sendRaw(`"hello"`)
			c.expectError(CodeBadJSON)
			c.sendRaw(`{"t":"ping"}`)
			c.expect(TypePong) // still open: the bad lines were not in a row
		}},
		{"invalid UTF-8", func(t *testing.T, c *tclient) {
			c.sendRaw("{\"t\":\"chat\",\"text\":\"\xff\xfe\xc0\"}")
			if e := c.expectError(CodeBadJSON); !strings.Contains(e.Msg, "UTF-8") {
				t.Fatalf("error %q does not say UTF-8", e.Msg)
			}
			c.sendRaw(`{"t":"ping"}`)
			c.expect(TypePong)
		}},
		{"three bad lines in a row", func(t *testing.T, c *tclient) {
			c.sendRaw("nope")
			c.sendRaw("\xff")
			c.sendRaw("{")
			c.expectError(CodeBadJSON)
			c.expectError(CodeBadJSON)
			if e := c.expectError(CodeBadJSON); !strings.Contains(e.Msg, "closed") {
				t.Fatalf("third error %q does not say the connection is closed", e.Msg)
			}
			c.expectClosed()
		}},
		{"unknown types", func(t *testing.T, c *tclient) {
			for i := 0; i < 2*MaxBadLines; i++ {
				c.sendRaw(fmt.Sprintf(`{"t":"xyzzy%d","extra":[1,2]}`, i))
				c.expectError(CodeUnknownType)
			}
			c.sendRaw(`{"t":"ping","unknown_field":true}`)
			c.expect(TypePong)
		}},
		{"escape sequences in a name", func(t *testing.T, _ *tclient) {
			c := dial(t, addr)
			c.send(map[string]any{"t": "hello", "v": 1, "name": "\x1b]0;pwned\x07bob\u202e"})
			raw, err := c.line()
			if err != nil {
				t.Fatal(err)
			}
			if strings.ContainsAny(raw, "\x1b\x07\u202e") || strings.Contains(raw, `\u001b`) || strings.Contains(raw, `\u202e`) {
				t.Fatalf("error echoes the escapes: %q", raw)
			}
			if !strings.Contains(raw, CodeBadName) {
				t.Fatalf("got %q, want bad_name", raw)
			}
		}},
		{"escape sequences in chat", func(t *testing.T, c *tclient) {
			c.send(map[string]any{"t": "chat", "text": "\x1b[2J\x1b]0;pwned\x07hi\u202e\u0085 \u009b31mthere\x7f\u2066"})
			for _, r := range []*tclient{c, carol} {
				raw, err := r.line()
				for err == nil && strings.HasPrefix(raw, `{"t":"lobby"`) {
					raw, err = r.line()
				}
				if err != nil {
					t.Fatal(err)
				}
				if want := `{"t":"chat","scope":"lobby","from":"` + c.name + `","text":"hi there"}`; raw != want {
					t.Fatalf("%s got %q, want %q", r.name, raw, want)
				}
			}
		}},
		{"invisible characters and padding in chat", func(t *testing.T, c *tclient) {
			// Zero-width characters hide a word from filters; a run of
			// spaces pushes text to where the reader expects another
			// player's message.
			text := "hi\u200b\u200d\ufeff" + strings.Repeat(" ", 70) + "\U000E0001bob\u2060: my token is\u00a0\u00a0\u3000abc\U000E007F"
			c.send(map[string]any{"t": "chat", "text": text})
			for _, r := range []*tclient{c, carol} {
				ch := r.expect(TypeChat).(*Chat)
				if want := "hi bob: my token is abc"; ch.Text != want {
					t.Fatalf("%s got %q, want %q", r.name, ch.Text, want)
				}
			}
		}},
		{"chat flooding", func(t *testing.T, c *tclient) {
			for i := 0; i < ChatBurst+3; i++ {
				c.send(map[string]any{"t": "chat", "text": fmt.Sprint("spam ", i)})
			}
			for i := 0; i < ChatBurst+3; i++ {
				m := c.expect(map[bool]string{true: TypeChat, false: TypeError}[i < ChatBurst])
				if e, ok := m.(*Error); ok && e.Code != CodeRateLimited {
					t.Fatalf("error %+v", e)
				}
			}
			for i := 0; i < ChatBurst; i++ {
				carol.expect(TypeChat)
			}
			carol.send(map[string]any{"t": "ping"})
			carol.expect(TypePong) // and no more chat than that
		}},
		{"a client that never reads", func(t *testing.T, c *tclient) {
			batch := []byte(strings.Repeat(`{"t":"invite","to":"nobody-who-is-here"}`+"\n", 100))
			deadline := time.Now().Add(waitFor)
			for time.Now().Before(deadline) {
				c.conn.SetWriteDeadline(deadline)
				if _, err := c.conn.Write(batch); err != nil {
					return // the server closed the connection
				}
			}
			t.Fatal("the server never dropped a client that does not read")
		}},
	}
	for i, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			c := dial(t, addr)
			c.hello(fmt.Sprintf("abuser%d", i))
			c.expect(TypeLobby)
			c.expect(TypeDaily)
			carol.t = t
			tt.run(t, c)
			unnoticed(t)
		})
	}
}
