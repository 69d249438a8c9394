package netplay

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"net"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"time"

	"github.com/minotaur-game/minotaur/engine"
	"github.com/minotaur-game/minotaur/saves"
)

// PlayerName turns any name (a --name, an OS or SSH user name) into one the
// server accepts: letters, digits, - and _ kept, every other character an
// _, at most MaxName characters; "player" when nothing is left.
func PlayerName(s string) string {
	var b strings.Builder
	for _, r := range s {
		if b.Len() == MaxName {
			break
		}
		switch {
		case r >= 'a' && r <= 'z', r >= 'A' && r <= 'Z', r >= '0' && r <= '9', r == '-', r == '_':
			b.WriteRune(r)
		default:
			b.WriteByte('_')
		}
	}
	if strings.Trim(b.String(), "_") == "" {
		return "player"
	}
	return b.String()
}

// Dialer opens a connection to a game server: TCP, or Server.Pipe in the
// same process.
type Dialer func(ctx context.Context) (net.Conn, error)

// TCP is the Dialer of a server's address (host:port).
func TCP(addr string) Dialer {
	return func(ctx context.Context) (net.Conn, error) {
		var d net.Dialer
		conn, err := d.DialContext(ctx, "tcp", addr)
		if err != nil {
			return nil, fmt.Errorf("cannot reach the server at %s: %w", addr, err)
		}
		return conn, nil
	}
}

// TokenStore keeps the tokens a server gave a player, so that a player whose
// connection or whole program ended abruptly gets the seat back.
type TokenStore interface {
	// Tokens are the tokens to offer, in order, for name on the server.
	Tokens(name string) []string
	// Keep remembers the token the server gave the player called name.
	Keep(name, token string)
}

// Join says hello to a server as name, offering each token of the store
// first: a token the server refuses (its seat is gone) only means a plain
// join after it. The token of the welcome is kept in the store (nil: no
// store).
func Join(ctx context.Context, dial Dialer, store TokenStore, name string) (*Client, *Welcome, error) {
	var tokens []string
	if store != nil {
		tokens = store.Tokens(name)
	}
	tried := map[string]bool{}
	for i, tok := range append(tokens, "") {
		last := i == len(tokens)
		if !last && (tok == "" || tried[tok]) {
			continue // nothing kept, or offered already
		}
		tried[tok] = true
		conn, err := dial(ctx)
		if err != nil {
			return nil, nil, err
		}
		c, w, err := Handshake(ctx, conn, name, tok)
		if err == nil {
			if store != nil {
				store.Keep(w.Name, w.Token)
			}
			return c, w, nil
		}
		var refused *Error
		if last || !errors.As(err, &refused) {
			return nil, nil, err
		}
	}
	return nil, nil, errors.New("no hello was tried") // never: the last token tried is "", which returns
}

// FileTokens is a TokenStore in one JSON file, by server address: what a
// terminal keeps beside its saves folder. A missing or damaged file only
// means nothing to offer; a failure to write only costs a later resume.
type FileTokens struct {
	Path string // "" keeps nothing
	Addr string
}

type fileToken struct {
	Name  string `json:"name"`
	Token string `json:"token"`
}

func (f FileTokens) read() map[string]fileToken {
	all := map[string]fileToken{}
	if f.Path == "" {
		return all
	}
	if data, err := saves.ReadFileLimit(f.Path, saves.MaxSmallFileSize); err == nil {
		json.Unmarshal(data, &all)
	}
	return all
}

// Tokens returns the token kept for name on the server, if any.
func (f FileTokens) Tokens(name string) []string {
	if t, ok := f.read()[f.Addr]; ok && strings.EqualFold(t.Name, name) && t.Token != "" {
		return []string{t.Token}
	}
	return nil
}

// Keep writes the token for name on the server, through the project's one
// atomic write, readable by its owner only (a token takes a seat).
func (f FileTokens) Keep(name, token string) {
	if f.Path == "" {
		return
	}
	all := f.read()
	all[f.Addr] = fileToken{Name: name, Token: token}
	if data, err := json.MarshalIndent(all, "", "  "); err == nil {
		os.MkdirAll(filepath.Dir(f.Path), 0o755)
		saves.WriteFileMode(f.Path, data, 0o600)
	}
}

// Reconnecting is what a Seat's Next reports while it tries to get a lost
// connection back: Try 0 the moment it was lost, then each failed try, and
// Left the time the server keeps the seat. It never travels on the wire.
type Reconnecting struct {
	Try  int
	Left time.Duration
	Err  error
}

// Type names the message.
func (*Reconnecting) Type() string { return "reconnecting" }

// Resumed is what a Seat's Next reports when a lost connection is back.
type Resumed struct{}

// Type names the message.
func (*Resumed) Type() string { return "resumed" }

// Seat is a player's seat in a game on a server, kept across lost
// connections: requests go out through one sender goroutine (so a front end
// never waits on the network), and when the connection drops, Next dials
// again with the seat's token, with growing waits, for as long as the
// server keeps the seat (Grace), reporting each try. It is safe for
// concurrent use; one goroutine calls Next.
type Seat struct {
	rejoin Rejoin
	// Grace is how long the server keeps a dropped seat (DefaultGrace
	// unless the front end knows better); FirstWait the first pause
	// between tries, doubled up to MaxWait. Set them before the first Next.
	Grace, FirstWait, MaxWait time.Duration

	mu      sync.Mutex
	client  *Client
	ended   bool
	over    bool
	lostAt  time.Time
	lostErr error
	tries   int
	wait    time.Duration
	sendq   chan func(*Client) error
	stopped chan struct{}
	stop    sync.Once
}

// Rejoin connects to the server again with the seat's token.
type Rejoin func(ctx context.Context) (*Client, *Welcome, error)

// Rejoiner is the Rejoin of a seat whose token is token, over dial.
func Rejoiner(dial Dialer, name, token string) Rejoin {
	return func(ctx context.Context) (*Client, *Welcome, error) {
		conn, err := dial(ctx)
		if err != nil {
			return nil, nil, err
		}
		return Handshake(ctx, conn, name, token)
	}
}

// NewSeat keeps the seat that client plays; rejoin, when not nil, gets it
// back after a lost connection.
func NewSeat(c *Client, rejoin Rejoin) *Seat {
	s := &Seat{rejoin: rejoin, client: c,
		Grace: DefaultGrace, FirstWait: 250 * time.Millisecond, MaxWait: 5 * time.Second,
		sendq: make(chan func(*Client) error, 64), stopped: make(chan struct{})}
	go s.sender()
	return s
}

func (s *Seat) sender() {
	for {
		select {
		case f := <-s.sendq:
			s.mu.Lock()
			c := s.client
			s.mu.Unlock()
			f(c) // a failed write shows up as a lost connection in Next
		case <-s.stopped:
			return
		}
	}
}

// queue hands a request to the sender without waiting.
func (s *Seat) queue(f func(*Client) error) error {
	select {
	case s.sendq <- f:
		return nil
	default:
		return errors.New("the connection to the server is too slow")
	}
}

// Act sends an action of the seat.
func (s *Seat) Act(a engine.Action) error { return s.queue(func(c *Client) error { return c.Act(a) }) }

// Leave gives the seat up on the live connection, which stays open: the
// server answers (`over` for a solo game, the lobby for co-op).
func (s *Seat) Leave() error { return s.queue(func(c *Client) error { return c.Leave() }) }

// Chat sends a chat line to the game.
func (s *Seat) Chat(text string) error {
	return s.queue(func(c *Client) error { return c.Chat(text) })
}

// Next returns the next thing the server says — or, after a lost
// connection, *Reconnecting for each try and *Resumed when the seat is back.
// An error means the seat is lost for good (or the game over or left).
func (s *Seat) Next() (Message, error) {
	for {
		s.mu.Lock()
		c, ended, lost := s.client, s.ended, s.lostErr
		s.mu.Unlock()
		if ended {
			return nil, ErrClosed
		}
		if lost != nil {
			return s.retry()
		}
		m, err := c.Next()
		if err == nil {
			if _, ok := m.(*Over); ok {
				s.mu.Lock()
				s.over = true
				s.mu.Unlock()
			}
			return m, nil
		}
		s.mu.Lock()
		stale := s.client != c
		done := s.ended || s.over || s.rejoin == nil
		if !stale && !done {
			s.lostErr, s.lostAt, s.tries, s.wait = err, time.Now(), 0, s.FirstWait
		}
		s.mu.Unlock()
		switch {
		case stale:
			continue
		case done:
			s.halt()
			return nil, err
		}
		return &Reconnecting{Left: s.Grace, Err: err}, nil
	}
}

// retry makes one try to get the seat back.
func (s *Seat) retry() (Message, error) {
	s.mu.Lock()
	cause, since, wait, tries := s.lostErr, time.Since(s.lostAt), s.wait, s.tries
	s.mu.Unlock()
	if tries > 0 {
		if since+wait >= s.Grace {
			s.halt()
			return nil, fmt.Errorf("%v (the server keeps a seat %v; could not get it back)", cause, s.Grace.Round(time.Second))
		}
		time.Sleep(wait)
	}
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
	c, w, err := s.rejoin(ctx)
	cancel()
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.ended {
		if c != nil {
			c.Close()
		}
		return nil, ErrClosed
	}
	var refused *Error
	switch {
	case err == nil && !w.Resumed:
		c.Close() // joined as a new player: the seat is gone
		go s.halt()
		return nil, fmt.Errorf("%v (the server no longer keeps this game)", cause)
	case err == nil:
		s.client, s.lostErr = c, nil
		return &Resumed{}, nil
	case errors.As(err, &refused):
		go s.halt()
		return nil, fmt.Errorf("%v (could not resume: %v)", cause, err)
	}
	s.tries++
	s.wait = min(2*s.wait, s.MaxWait)
	return &Reconnecting{Try: s.tries, Left: max(0, s.Grace-time.Since(s.lostAt)), Err: err}, nil
}

// halt stops the sender: nothing more will be sent.
func (s *Seat) halt() { s.stop.Do(func() { close(s.stopped) }) }

// Drop ends the seat's connection as a lost connection does (no bye): a
// hang-up of the player's terminal, not their choice to quit.
func (s *Seat) Drop() {
	s.mu.Lock()
	if s.ended {
		s.mu.Unlock()
		return
	}
	s.ended = true
	c := s.client
	s.mu.Unlock()
	s.halt()
	c.Drop()
}

// End leaves the game (unless leave is false, or the game is over) and
// closes the connection. It may block on the network: call it from a
// front end's command, not its event loop.
func (s *Seat) End(leave bool) {
	s.mu.Lock()
	if s.ended {
		s.mu.Unlock()
		return
	}
	s.ended = true
	c, over := s.client, s.over
	s.mu.Unlock()
	s.halt()
	if leave && !over {
		c.Leave()
	}
	c.Close()
}
