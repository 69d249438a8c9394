package sshplay

import (
	"context"
	"io"
	"net"
	"sync"
	"sync/atomic"
	"time"

	tea "github.com/charmbracelet/bubbletea"
	"github.com/charmbracelet/ssh"
	gossh "golang.org/x/crypto/ssh"
)

// conn is an SSH connection as the server holds it: counted in the game
// server's connection budget until it closes, and closed by the server when
// a session must end whatever its client does (a write past its deadline,
// an idle session whose program is stuck, a shutdown).
type conn struct {
	net.Conn
	release func() // counts the connection out of the budget
	once    sync.Once
	grace   *time.Timer // closes a connection that has not opened a session in time
	opened  atomic.Bool // a session channel was opened: the only one it may have
}

// Close closes the connection and counts it out of the budget, once.
func (c *conn) Close() error {
	err := c.Conn.Close()
	c.once.Do(func() {
		c.grace.Stop()
		c.release()
	})
	return err
}

// ctxKey keys the values the server keeps in an SSH connection's context.
type ctxKey string

const keyConn ctxKey = "minotaur-conn"

// connOf returns the connection of an SSH context, or nil.
func connOf(ctx ssh.Context) *conn {
	c, _ := ctx.Value(keyConn).(*conn)
	return c
}

// onConn admits a new connection into the game server's budget (refused
// connections are closed at once, before the key exchange costs anything)
// and gives it LoginGrace to finish the handshake and open a session.
func (s *Server) onConn(ctx ssh.Context, nc net.Conn) net.Conn {
	if s.isClosing() {
		return nil
	}
	release, err := s.game.Admit(nc.RemoteAddr())
	if err != nil {
		return nil // the game server logged it, at most once a second per host
	}
	c := &conn{Conn: nc, release: release}
	c.grace = time.AfterFunc(s.cfg.LoginGrace, func() {
		s.log.Info("ssh login timed out", "remote", nc.RemoteAddr().String(), "after", s.cfg.LoginGrace)
		c.Close()
	})
	ctx.SetValue(keyConn, c)
	return c
}

// sessionChannel opens the one session a connection may have; any other
// is refused, so that one connection holds one game.
func (s *Server) sessionChannel(srv *ssh.Server, sc *gossh.ServerConn, nc gossh.NewChannel, ctx ssh.Context) {
	c := connOf(ctx)
	if c == nil || !c.opened.CompareAndSwap(false, true) {
		nc.Reject(gossh.ResourceShortage, "one session per connection: open another connection to play again")
		return
	}
	z := &sizes{kick: make(chan struct{}, 1)}
	ctx.SetValue(keySizes, z)
	ssh.DefaultSessionHandler(srv, sc, sessionChan{nc, z}, ctx)
}

// sessionChan is a new session channel whose window changes go to sizes
// (see takeSizes).
type sessionChan struct {
	gossh.NewChannel
	z *sizes
}

func (c sessionChan) Accept() (gossh.Channel, <-chan *gossh.Request, error) {
	ch, reqs, err := c.NewChannel.Accept()
	if err != nil {
		return ch, reqs, err
	}
	return ch, takeSizes(reqs, c.z), nil
}

// takeSizes passes a session's requests on, in order, except the window
// changes: it keeps the latest size in z and answers them itself. The SSH
// library would hand each one over to the session's handler and wait until
// the handler took it: a client that sends resizes faster than its program
// draws them (while not reading what it draws), or before its shell, or to
// a session that was refused, would stop the connection's request loop,
// and with it the whole connection, its close included.
func takeSizes(in <-chan *gossh.Request, z *sizes) <-chan *gossh.Request {
	out := make(chan *gossh.Request)
	go func() {
		defer close(out)
		for r := range in {
			if r.Type != "window-change" {
				out <- r
				continue
			}
			var w struct{ Cols, Rows, WidthPx, HeightPx uint32 }
			err := gossh.Unmarshal(r.Payload, &w)
			if err == nil {
				z.set(ssh.Window{Width: int(min(w.Cols, 1<<20)), Height: int(min(w.Rows, 1<<20))})
			}
			if r.WantReply {
				r.Reply(err == nil, nil)
			}
		}
	}()
	return out
}

// sizes keeps the latest window size a client asked for.
type sizes struct {
	latest atomic.Pointer[ssh.Window]
	kick   chan struct{} // a new size came
}

const keySizes ctxKey = "minotaur-sizes"

func (z *sizes) set(w ssh.Window) {
	z.latest.Store(&w)
	select {
	case z.kick <- struct{}{}:
	default:
	}
}

// follow passes the sizes to the program, merged: the program gets the
// latest, starting with first unless a resize came already. Only this
// goroutine waits for the program. It returns when ctx is done.
func (z *sizes) follow(ctx context.Context, p *tea.Program, first ssh.Window) {
	if z.latest.CompareAndSwap(nil, &first) {
		z.set(first)
	}
	for {
		select {
		case <-ctx.Done():
			return
		case <-z.kick:
			w := z.latest.Load()
			p.Send(tea.WindowSizeMsg{Width: w.Width, Height: w.Height})
		}
	}
}

// deadlineWriter bounds every write to a session. A write on an SSH
// channel waits for the client to open its window, so a client that stops
// reading (or is gone without a word) would hold the session's program
// forever; a write that takes longer than d cuts the connection instead,
// which fails the write and ends the session.
type deadlineWriter struct {
	w   io.Writer
	d   time.Duration
	cut func()
}

func (dw *deadlineWriter) Write(p []byte) (int, error) {
	t := time.AfterFunc(dw.d, dw.cut)
	n, err := dw.w.Write(p)
	t.Stop()
	return n, err
}

// A session's typing is bounded: InputBurst bytes at once, then
// InputRate bytes a second. A person types, clicks and pastes an address
// well within it; a client that pastes megabytes is slowed down instead of
// keeping a processor busy (each byte costs the program a key's work), and
// SSH's own flow control then holds the client back.
const (
	InputBurst = 4096
	InputRate  = 1024
)

// inputClock wraps a session's input: it notes when the client last sent
// anything, for the idle watchdog, and hands the bytes on no faster than
// the typing bound (a token bucket).
type inputClock struct {
	r    io.Reader
	last atomic.Int64 // UnixNano

	// the bucket, used by the one goroutine that reads the input
	tokens float64
	at     time.Time             // when tokens was last worked out
	now    func() time.Time      // time.Now; a test's clock
	sleep  func(d time.Duration) // time.Sleep; a test's clock
	burst  float64               // InputBurst
	rate   float64               // InputRate, bytes a second
}

func newInputClock(r io.Reader) *inputClock {
	return &inputClock{r: r, now: time.Now, sleep: time.Sleep, burst: InputBurst, rate: InputRate, tokens: InputBurst}
}

func (ic *inputClock) Read(p []byte) (int, error) {
	if len(p) == 0 {
		return 0, nil
	}
	now := ic.now()
	if !ic.at.IsZero() {
		ic.tokens = min(ic.burst, ic.tokens+now.Sub(ic.at).Seconds()*ic.rate)
	}
	ic.at = now
	if ic.tokens < 1 {
		// Wait for one byte's worth: the client is over its bound.
		wait := time.Duration((1 - ic.tokens) / ic.rate * float64(time.Second))
		ic.sleep(wait)
		ic.tokens, ic.at = 1, ic.at.Add(wait)
	}
	p = p[:min(len(p), int(ic.tokens))]
	n, err := ic.r.Read(p)
	if n > 0 {
		ic.tokens -= float64(n)
		ic.last.Store(ic.now().UnixNano())
	}
	return n, err
}
