package netplay

import (
	"bufio"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net"
	"sync"
	"time"

	"github.com/minotaur-game/minotaur/engine"
)

// ErrClosed is returned by a Client whose connection is closed.
var ErrClosed = errors.New("the connection to the server is closed")

// clientWriteTimeout bounds one write to the server.
const clientWriteTimeout = 10 * time.Second

// Client is a connection to a game server. Requests are methods (Chat,
// Invite, Act, …); server messages arrive, cleaned for display, through Next
// (or the Messages channel) in the order the server sent them. The client
// answers the server's pings itself. It is safe for concurrent use; one
// goroutine should receive.
//
// In bubbletea, a command that calls Next is re-armed after each message:
//
//	func wait(c *netplay.Client) tea.Cmd {
//		return func() tea.Msg { m, err := c.Next(); return netMsg{m, err} }
//	}
type Client struct {
	conn net.Conn
	wmu  sync.Mutex
	in   chan Message
	done chan struct{}
	once sync.Once
	emu  sync.Mutex
	err  error
}

// Dial connects to the server at addr (host:port) and says hello. It
// returns the client and the server's welcome, or an error; a refused hello
// is an *Error (name_taken, bad_name, server_full, …). A non-empty token
// resumes the player's seat.
func Dial(ctx context.Context, addr, name, token string) (*Client, *Welcome, error) {
	var d net.Dialer
	conn, err := d.DialContext(ctx, "tcp", addr)
	if err != nil {
		return nil, nil, fmt.Errorf("cannot reach the server at %s: %w", addr, err)
	}
	return Handshake(ctx, conn, name, token)
}

// Handshake says hello on an open connection (TCP, or Server.Pipe) and
// waits for the welcome. On failure the connection is closed.
func Handshake(ctx context.Context, conn net.Conn, name, token string) (*Client, *Welcome, error) {
	return handshake(ctx, conn, func(c *Client) error { return c.Hello(name, token) })
}

// HandshakeBot is Handshake for a program: the lobby shows it as a bot.
func HandshakeBot(ctx context.Context, conn net.Conn, name string) (*Client, *Welcome, error) {
	return handshake(ctx, conn, func(c *Client) error { return c.HelloBot(name) })
}

func handshake(ctx context.Context, conn net.Conn, hello func(*Client) error) (*Client, *Welcome, error) {
	c := NewClient(conn)
	if err := hello(c); err != nil {
		// The reader may have failed first and closed the connection
		// under the hello (a server of another protocol speaks at once):
		// its reason is the one to tell, not the write's.
		if rerr := c.Err(); rerr != nil && !errors.Is(rerr, ErrClosed) {
			err = rerr
		}
		c.Close()
		return nil, nil, err
	}
	for {
		m, err := c.NextContext(ctx)
		if err != nil {
			c.Close()
			return nil, nil, err
		}
		switch m := m.(type) {
		case *Welcome:
			return c, m, nil
		case *Error:
			c.Close()
			return nil, nil, m
		}
	}
}

// NewClient starts a client on an open connection; call Hello next.
func NewClient(conn net.Conn) *Client {
	c := &Client{conn: conn, in: make(chan Message, 64), done: make(chan struct{})}
	go c.read()
	return c
}

func (c *Client) read() {
	defer close(c.in)
	br := bufio.NewReaderSize(conn{c.conn}, 64*1024)
	for {
		line, err := readLine(br, MaxClientLine)
		if err != nil {
			if errors.Is(err, io.EOF) || errors.Is(err, net.ErrClosed) {
				err = ErrClosed
			}
			c.fail(err)
			return
		}
		if len(line) == 0 {
			continue
		}
		m, err := DecodeMessage(line)
		if errors.Is(err, ErrUnknownMessage) {
			continue // a newer server: ignore what we do not know
		}
		if err != nil {
			c.fail(err)
			c.conn.Close()
			return
		}
		if _, ok := m.(*Ping); ok {
			c.send(Request{T: TypePong})
			continue
		}
		select {
		case c.in <- m:
		case <-c.done:
			return
		}
	}
}

// conn hides the deadline methods so that bufio sees a plain reader.
type conn struct{ c net.Conn }

func (c conn) Read(p []byte) (int, error) { return c.c.Read(p) }

// readLine reads one line without its terminator, refusing lines longer
// than max bytes.
func readLine(br *bufio.Reader, max int) ([]byte, error) {
	var long []byte
	for {
		frag, err := br.ReadSlice('\n')
		if err == nil {
			if long != nil {
				frag = append(long, frag...)
			}
			frag = frag[:len(frag)-1]
			if n := len(frag); n > 0 && frag[n-1] == '\r' {
				frag = frag[:n-1]
			}
			return frag, nil
		}
		if !errors.Is(err, bufio.ErrBufferFull) {
			return nil, err
		}
		long = append(long, frag...)
		if len(long) > max {
			return nil, fmt.Errorf("the server sent a line longer than %d bytes", max)
		}
	}
}

func (c *Client) fail(err error) {
	c.emu.Lock()
	if c.err == nil {
		c.err = err
	}
	c.emu.Unlock()
}

// Err returns why the connection ended, or nil while it is open.
func (c *Client) Err() error {
	c.emu.Lock()
	defer c.emu.Unlock()
	return c.err
}

// Next waits for the next server message. After the connection ends it
// returns the reason (ErrClosed when the server closed it).
func (c *Client) Next() (Message, error) {
	m, ok := <-c.in
	if !ok {
		return nil, c.closedErr()
	}
	return m, nil
}

// NextContext is Next with a deadline or cancellation.
func (c *Client) NextContext(ctx context.Context) (Message, error) {
	select {
	case m, ok := <-c.in:
		if !ok {
			return nil, c.closedErr()
		}
		return m, nil
	case <-ctx.Done():
		return nil, ctx.Err()
	}
}

func (c *Client) closedErr() error {
	if err := c.Err(); err != nil {
		return err
	}
	return ErrClosed
}

// Messages is the channel of server messages; it is closed when the
// connection ends (then Err says why).
func (c *Client) Messages() <-chan Message { return c.in }

func (c *Client) send(r Request) error {
	b, err := json.Marshal(r)
	if err != nil {
		return err
	}
	b = append(b, '\n')
	c.wmu.Lock()
	defer c.wmu.Unlock()
	select {
	case <-c.done:
		return ErrClosed
	default:
	}
	c.conn.SetWriteDeadline(time.Now().Add(clientWriteTimeout))
	if _, err := c.conn.Write(b); err != nil {
		return fmt.Errorf("cannot send to the server: %w", err)
	}
	return nil
}

// Hello introduces the player (or resumes its seat with token).
// The game's own client plays every kind the program has screens for:
// its hello lists them (ClientKinds).
func (c *Client) Hello(name, token string) error {
	return c.send(Request{T: TypeHello, V: Version, Name: name, Token: token, Kinds: ClientKinds()})
}

// ClientKinds are the kinds of game besides Minotaur's that this
// program's screens play online.
func ClientKinds() []string { return []string{KindTrails, KindChess, KindLabyrinth, KindFoxhunt} }

// InviteKind invites a player to a game of the kind (KindTrails, KindChess).
func (c *Client) InviteKind(to, kind string) error {
	return c.send(Request{T: TypeInvite, To: to, Kind: kind})
}

// SoloKind starts a game of the kind against the server's computer at
// level (0: its middle level).
func (c *Client) SoloKind(kind string, level int) error {
	return c.send(Request{T: TypeSolo, Kind: kind, Level: level})
}

// Move plays a move of a game of another kind: its action as the kind
// writes it (a Trails direction: U, L, D, R; a chess move: e2e4).
func (c *Client) Move(a string) error { return c.send(Request{T: TypeAct, A: a}) }

// HelloBot says hello as a program: the lobby shows the name as a bot.
func (c *Client) HelloBot(name string) error {
	return c.send(Request{T: TypeHello, V: Version, Name: name, Bot: true})
}

// Chat sends a chat line to the lobby, or to the partner during a game.
func (c *Client) Chat(text string) error { return c.send(Request{T: TypeChat, Text: text}) }

// Invite invites a player in the lobby to a co-op game.
func (c *Client) Invite(to string) error { return c.send(Request{T: TypeInvite, To: to}) }

// Accept accepts an invitation: the game starts.
func (c *Client) Accept(from string) error { return c.send(Request{T: TypeAccept, From: from}) }

// Decline declines an invitation.
func (c *Client) Decline(from string) error { return c.send(Request{T: TypeDecline, From: from}) }

// Act plays the seat's turn: a step or a skip.
func (c *Client) Act(a engine.Action) error {
	return c.send(Request{T: TypeAct, A: string(rune(a))})
}

// Solo starts a one-player game run by the server; daily asks for the
// day's daily challenge (one attempt per name per day).
func (c *Client) Solo(daily bool) error { return c.send(Request{T: TypeSolo, Daily: daily}) }

// Watch makes the client a spectator of a game in progress (its id from
// the lobby's games); Leave stops watching.
func (c *Client) Watch(game string) error { return c.send(Request{T: TypeWatch, Game: game}) }

// WatchSeat watches a game from one seat's side (chess: 1 White, 2
// Black); asked again for the game being watched, it changes sides.
func (c *Client) WatchSeat(game string, seat int) error {
	return c.send(Request{T: TypeWatch, Game: game, Seat: seat})
}

// Leave leaves the game for the lobby.
func (c *Client) Leave() error { return c.send(Request{T: TypeLeave}) }

// Ping asks the server for a pong.
func (c *Client) Ping() error { return c.send(Request{T: TypePing}) }

// Drop closes the connection without a bye, as a lost connection ends:
// the server tells a partner the line broke (a bye during a game is
// quitting for now).
func (c *Client) Drop() error {
	c.once.Do(func() { close(c.done) })
	c.fail(ErrClosed)
	return c.conn.Close()
}

// Close says bye (unless a write is stuck) and closes the connection.
func (c *Client) Close() error {
	if c.wmu.TryLock() {
		c.conn.SetWriteDeadline(time.Now().Add(time.Second))
		c.conn.Write([]byte(`{"t":"bye"}` + "\n"))
		c.wmu.Unlock()
	}
	c.once.Do(func() { close(c.done) })
	c.fail(ErrClosed)
	return c.conn.Close()
}

// InviteWith invites a player to a game of the kind with bots computer
// seats; choose, for the Labyrinth, opens it with a round of choosing
// start cells.
func (c *Client) InviteWith(to, kind string, bots int, choose bool) error {
	return c.send(Request{T: TypeInvite, To: to, Kind: kind, Bots: bots, Choose: choose})
}

// SoloWith starts a game of the kind against bots computer seats.
func (c *Client) SoloWith(kind string, level, bots int, choose bool) error {
	return c.send(Request{T: TypeSolo, Kind: kind, Level: level, Bots: bots, Choose: choose})
}
