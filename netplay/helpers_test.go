package netplay

import (
	"bufio"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"net"
	"os"
	"strings"
	"testing"
	"time"

	"github.com/minotaur-game/minotaur/engine"
	"github.com/minotaur-game/minotaur/internal/testboard"
)

// waitFor bounds every wait of the tests: a broken server fails a test
// instead of hanging it. It is a last guard, never a measure: long enough
// for two cores shared with other builds and the race detector.
const waitFor = 2 * time.Minute

// testConfig is a server configuration for tests: lobby pushes at once,
// keep-alive slow enough never to interfere unless a test wants it.
func testConfig(t *testing.T) Config {
	cfg := Config{
		LobbyInterval: -1,
		Grace:         time.Minute,
		PingAfter:     time.Minute,
		DropAfter:     2 * time.Minute,
		Seed:          func() uint64 { return 42 },
	}
	// The server logs at debug level in every run, so that -v never
	// changes what runs; the lines are shown with MINOTAUR_TEST_LOG=1.
	var logs io.Writer = io.Discard
	if os.Getenv("MINOTAUR_TEST_LOG") == "1" {
		logs = os.Stderr
	}
	cfg.Logger = slog.New(slog.NewTextHandler(logs, &slog.HandlerOptions{Level: slog.LevelDebug}))
	return cfg
}

// startServer runs a server on an ephemeral loopback port until the test ends.
func startServer(t *testing.T, cfg Config) (*Server, string) {
	t.Helper()
	srv, err := NewServer(cfg)
	if err != nil {
		t.Fatalf("NewServer: %v", err)
	}
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatalf("listen: %v", err)
	}
	go srv.Serve(ln)
	t.Cleanup(func() {
		ctx, cancel := context.WithTimeout(context.Background(), waitFor)
		defer cancel()
		srv.Shutdown(ctx)
	})
	return srv, ln.Addr().String()
}

// tclient is a raw protocol client for tests: it writes exact lines and
// reads exact lines, so that tests see the wire as a bot would.
type tclient struct {
	t     *testing.T
	name  string
	token string
	conn  net.Conn
	r     *bufio.Reader
	seat  int
	game  string
	last  *State // the last state received
	wire  *wireState
	seq   int64
}

// wireState is a state message as its line reads, decoded by nothing but
// encoding/json: what a bot written in another language would see.
type wireState struct {
	Seq      int64    `json:"seq"`
	Rows     int      `json:"rows"`
	Cols     int      `json:"cols"`
	Key      bool     `json:"key"`
	Torch    bool     `json:"torch"`
	Map      []string `json:"map"`
	Light    []string `json:"light"`
	Monsters []struct {
		Kind string `json:"kind"`
		X    int    `json:"x"`
		Y    int    `json:"y"`
	} `json:"monsters"`
	Players []struct {
		Seat  int    `json:"seat"`
		Name  string `json:"name"`
		X     int    `json:"x"`
		Y     int    `json:"y"`
		State string `json:"state"`
	} `json:"players"`
}

func dial(t *testing.T, addr string) *tclient {
	t.Helper()
	c, err := net.Dial("tcp", addr)
	if err != nil {
		t.Fatalf("dial %s: %v", addr, err)
	}
	t.Cleanup(func() { c.Close() })
	return &tclient{t: t, conn: c, r: bufio.NewReaderSize(c, 1<<16)}
}

func (c *tclient) sendRaw(line string) {
	c.t.Helper()
	c.conn.SetWriteDeadline(time.Now().Add(waitFor))
	if _, err := io.WriteString(c.conn, line+"\n"); err != nil {
		c.t.Fatalf("%s: write %q: %v", c.name, line, err)
	}
}

func (c *tclient) send(v any) {
	c.t.Helper()
	b, err := json.Marshal(v)
	if err != nil {
		c.t.Fatal(err)
	}
	c.sendRaw(string(b))
}

// line reads one raw line.
func (c *tclient) line() (string, error) {
	c.conn.SetReadDeadline(time.Now().Add(waitFor))
	s, err := c.r.ReadString('\n')
	return strings.TrimSuffix(s, "\n"), err
}

// recv reads and decodes one message; states are checked for seq order.
func (c *tclient) recv() Message {
	c.t.Helper()
	s, err := c.line()
	if err != nil {
		c.t.Fatalf("%s: read: %v", c.name, err)
	}
	m, err := DecodeMessage([]byte(s))
	if err != nil {
		c.t.Fatalf("%s: decode %q: %v", c.name, s, err)
	}
	if st, ok := m.(*State); ok {
		if st.Seq != c.seq+1 {
			c.t.Fatalf("%s: state seq %d after %d", c.name, st.Seq, c.seq)
		}
		c.seq = st.Seq
		c.last = st
		c.wire = &wireState{}
		if err := json.Unmarshal([]byte(s), c.wire); err != nil {
			c.t.Fatalf("%s: state line %q: %v", c.name, s, err)
		}
	}
	return m
}

// expect reads the next message that is not a lobby list or a daily
// table and checks its type.
func (c *tclient) expect(typ string) Message {
	c.t.Helper()
	for {
		m := c.recv()
		if (m.Type() == TypeLobby || m.Type() == TypeDaily) && typ != m.Type() {
			continue
		}
		if m.Type() != typ {
			c.t.Fatalf("%s: got %s %+v, want %s", c.name, m.Type(), m, typ)
		}
		return m
	}
}

// expectError reads the next non-lobby message and checks it is an error
// with the code.
func (c *tclient) expectError(code string) *Error {
	c.t.Helper()
	e := c.expect(TypeError).(*Error)
	if e.Code != code {
		c.t.Fatalf("%s: error %q (%s), want code %s", c.name, e.Msg, e.Code, code)
	}
	return e
}

// expectLobby reads lobby lists until one satisfies ok.
func (c *tclient) expectLobby(ok func(*Lobby) bool) *Lobby {
	c.t.Helper()
	for {
		m := c.recv()
		if m.Type() == TypeDaily {
			continue
		}
		l, isLobby := m.(*Lobby)
		if !isLobby {
			c.t.Fatalf("%s: got %s %+v while waiting for the lobby", c.name, m.Type(), m)
		}
		if ok(l) {
			return l
		}
	}
}

// expectClosed reads until the server closes the connection; only the
// listed types may come first.
func (c *tclient) expectClosed(allowed ...string) {
	c.t.Helper()
	for {
		s, err := c.line()
		if err != nil {
			var ne net.Error
			if errors.As(err, &ne) && ne.Timeout() {
				c.t.Fatalf("%s: connection still open", c.name)
			}
			return
		}
		m, derr := DecodeMessage([]byte(s))
		if derr != nil || !contains(allowed, m.Type()) {
			c.t.Fatalf("%s: got %q while waiting for the close", c.name, s)
		}
	}
}

func contains(list []string, s string) bool {
	for _, x := range list {
		if x == s {
			return true
		}
	}
	return false
}

// hello says hello and reads the welcome (and the lobby after it).
func (c *tclient) hello(name string) *Welcome {
	c.t.Helper()
	c.name = name
	c.send(map[string]any{"t": "hello", "v": 1, "name": name})
	w := c.expect(TypeWelcome).(*Welcome)
	if w.Name != name || w.Resumed || len(w.Token) != 32 {
		c.t.Fatalf("welcome %+v for %s", w, name)
	}
	c.token = w.Token
	return w
}

// login connects a new player.
func login(t *testing.T, addr, name string) *tclient {
	t.Helper()
	c := dial(t, addr)
	c.hello(name)
	c.expect(TypeLobby)
	c.expect(TypeDaily)
	return c
}

// pair logs two players in and starts a game between them: a invites, b
// accepts. Both have read their start and first state.
func pair(t *testing.T, addr, a, b string) (*tclient, *tclient) {
	t.Helper()
	ca := login(t, addr, a)
	cb := login(t, addr, b)
	startGame(t, ca, cb)
	return ca, cb
}

func startGame(t *testing.T, ca, cb *tclient) {
	t.Helper()
	ca.send(map[string]any{"t": "invite", "to": cb.name})
	ca.expect(TypeInviteSent)
	if inv := cb.expect(TypeInvited).(*Invited); inv.From != ca.name {
		t.Fatalf("invited from %q, want %q", inv.From, ca.name)
	}
	cb.send(map[string]any{"t": "accept", "from": ca.name})
	for i, c := range []*tclient{ca, cb} {
		st := c.expect(TypeStart).(*Start)
		if st.Seat != i+1 {
			t.Fatalf("%s got seat %d, want %d", c.name, st.Seat, i+1)
		}
		c.seat, c.game = st.Seat, st.Game
		c.expect(TypeState)
	}
}

// act sends an action.
func (c *tclient) act(a string) { c.send(map[string]any{"t": "act", "a": a}) }

// me returns the client's own player in the last state.
func (c *tclient) me() engine.PlayerView {
	for _, p := range c.last.Players {
		if p.Seat == c.seat {
			return p
		}
	}
	c.t.Fatalf("%s: no seat %d in state", c.name, c.seat)
	return engine.PlayerView{}
}

// parseLevel builds a level from rows: '#' wall, '.' floor, 'P' start
// (one or two), 'K' key, 'E' exit, H W M monsters, * ^ ? bonuses.
func parseLevel(t testing.TB, rows ...string) engine.Level { return testboard.Level(t, rows...) }

// corridor is a one-row level: both players start at the left, the key is
// two steps right, the exit at the right end. Each seat escapes with "dddd"
// (seat 1) or "ddd" (seat 2).
func corridor(t testing.TB) engine.Level {
	return parseLevel(t,
		"#######",
		"#PPK.E#",
		"#######",
	)
}

func (c *tclient) String() string { return fmt.Sprintf("%s(seat %d)", c.name, c.seat) }
