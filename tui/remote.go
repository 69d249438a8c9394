package tui

import (
	"context"
	"errors"
	"fmt"
	"sync"
	"time"

	tea "github.com/charmbracelet/bubbletea"

	"github.com/minotaur-game/minotaur/engine"
	"github.com/minotaur-game/minotaur/netplay"
)

// RemoteSession is a co-op game played on a server: the game screen draws
// the server's latest state for this seat and sends actions and chat
// through a netplay.Client. It implements Session.
//
// Update calls Seat, View, Act, Info and Say; the command returned by Next
// runs in its own goroutine, receives the server's messages one at a time
// and stores each state before it reports it, so the screen always reads
// the state its EventsMsg belongs to. Writes to the server go through one
// sender goroutine, so that Update never waits for the network. A lost
// connection is resumed with the player's token when the server allows it.
type RemoteSession struct {
	addr, name string
	seat       int
	game       string
	resume     func(ctx context.Context) (*netplay.Client, *netplay.Welcome, error)

	mu      sync.Mutex
	client  *netplay.Client
	state   *netplay.State
	names   [2]string
	online  [2]bool
	over    bool
	ended   bool
	sendq   chan func(*netplay.Client) error
	stopped chan struct{}
	stop    sync.Once

	// resumeTries and resumeWait bound the attempts to resume after a
	// lost connection (tests shorten them).
	resumeTries int
	resumeWait  time.Duration
}

// NewRemoteSession wraps a client whose game has started: start is the
// server's start message and first the state that followed it. addr and
// name say where and who the player is; resume, when not nil, connects
// again with the player's token after a lost connection.
func NewRemoteSession(c *netplay.Client, addr, name string, start *netplay.Start, first *netplay.State,
	resume func(ctx context.Context) (*netplay.Client, *netplay.Welcome, error)) *RemoteSession {
	s := &RemoteSession{
		addr: addr, name: name, seat: start.Seat, game: start.Game, resume: resume,
		client: c, state: first, online: [2]bool{true, true},
		sendq: make(chan func(*netplay.Client) error, 64), stopped: make(chan struct{}),
		resumeTries: 4, resumeWait: 500 * time.Millisecond,
	}
	if start.Seat == 1 || start.Seat == 2 {
		s.names[start.Seat-1] = name
		s.names[2-start.Seat] = start.Partner
	}
	for _, p := range first.Players {
		if p.Seat >= 1 && p.Seat <= 2 && p.Name != "" {
			s.names[p.Seat-1] = p.Name
		}
	}
	go s.sender()
	return s
}

// sender writes queued requests in order.
func (s *RemoteSession) sender() {
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
func (s *RemoteSession) queue(f func(*netplay.Client) error) error {
	select {
	case s.sendq <- f:
		return nil
	default:
		return errors.New("the connection to the server is too slow")
	}
}

// Seat is the seat the server gave this player.
func (s *RemoteSession) Seat() int { return s.seat }

// View returns what the server last told this seat.
func (s *RemoteSession) View() engine.View {
	s.mu.Lock()
	st := s.state
	s.mu.Unlock()
	return st.View
}

// Act sends the action. A move that the last state already rules out (not
// this seat's turn, or off the board) is refused at once.
func (s *RemoteSession) Act(a engine.Action) ([]engine.Event, error) {
	s.mu.Lock()
	st, over := s.state, s.over
	s.mu.Unlock()
	if over {
		return nil, engine.ErrGameOver
	}
	if !st.YourTurn {
		if me, ok := st.Player(s.seat); ok && me.State != engine.Active {
			return nil, engine.ErrSeatInactive
		}
		return nil, engine.ErrNotYourTurn
	}
	return nil, s.queue(func(c *netplay.Client) error { return c.Act(a) })
}

// Next waits for what the server reports: a state (EventsMsg), a chat line
// or a notice (ChatMsg), or a connection that is lost for good
// (SessionErrorMsg).
func (s *RemoteSession) Next() tea.Cmd {
	return func() tea.Msg {
		for {
			s.mu.Lock()
			c, ended := s.client, s.ended
			s.mu.Unlock()
			if ended {
				return nil
			}
			m, err := c.Next()
			if err != nil {
				return s.lost(c, err)
			}
			if msg := s.handle(m); msg != nil {
				return msg
			}
		}
	}
}

// handle turns one server message into what the game screen hears, or nil.
func (s *RemoteSession) handle(m netplay.Message) tea.Msg {
	switch m := m.(type) {
	case *netplay.State:
		s.mu.Lock()
		s.state = m
		for _, p := range m.Players {
			if p.Seat >= 1 && p.Seat <= 2 && p.Name != "" {
				s.names[p.Seat-1] = p.Name
			}
		}
		s.mu.Unlock()
		var ev []engine.Event
		for _, e := range m.Happened {
			switch e.Kind {
			case engine.EvSeatAway, engine.EvSeatBack, engine.EvSeatGone:
				continue // comings and goings are told from the partner messages
			case engine.EvGameWon, engine.EvGameLost:
				s.mu.Lock()
				s.over = true
				s.mu.Unlock()
			}
			ev = append(ev, e)
		}
		return EventsMsg{Events: ev}
	case *netplay.Chat:
		return ChatMsg{From: m.From, Text: m.Text}
	case *netplay.Partner:
		s.mu.Lock()
		other := 2 - s.seat
		if other >= 0 && other < 2 {
			s.online[other] = m.Status == netplay.PartnerReconnected
		}
		s.mu.Unlock()
		switch m.Status {
		case netplay.PartnerDisconnected:
			return ChatMsg{Text: m.Name + " lost the connection: play on alone until they are back."}
		case netplay.PartnerReconnected:
			return ChatMsg{Text: m.Name + " is back and joins at the next level."}
		case netplay.PartnerLeft:
			return ChatMsg{Text: m.Name + " left the game: play on alone."}
		}
	case *netplay.Over:
		s.mu.Lock()
		s.over = true
		s.mu.Unlock()
	case *netplay.Error:
		return ChatMsg{Text: "Server: " + m.Msg + "."}
	}
	return nil
}

// lost handles a broken connection: unless the game is over or left, it
// tries to resume the seat with the token.
func (s *RemoteSession) lost(c *netplay.Client, cause error) tea.Msg {
	s.mu.Lock()
	stale := s.client != c
	done := s.ended || s.over
	s.mu.Unlock()
	if done {
		return nil
	}
	if stale {
		return s.Next()()
	}
	if s.resume == nil {
		s.stop.Do(func() { close(s.stopped) })
		return SessionErrorMsg{Err: cause}
	}
	var err error
	wait := s.resumeWait
	for try := 0; try < s.resumeTries; try++ {
		if try > 0 {
			time.Sleep(wait)
			wait *= 2
		}
		ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
		var nc *netplay.Client
		var w *netplay.Welcome
		nc, w, err = s.resume(ctx)
		cancel()
		if err == nil && !w.Resumed {
			nc.Close() // joined as a new player: the seat is gone
			err = errors.New("the server no longer keeps this game")
			break
		}
		if err == nil {
			s.mu.Lock()
			if s.ended {
				s.mu.Unlock()
				nc.Close()
				return nil
			}
			s.client = nc
			s.mu.Unlock()
			return ChatMsg{Text: "The connection was lost; you are back in the game."}
		}
		var pe *netplay.Error
		if errors.As(err, &pe) {
			break // the server refused: the seat is gone
		}
	}
	s.stop.Do(func() { close(s.stopped) }) // nothing more will be sent
	return SessionErrorMsg{Err: fmt.Errorf("%v (could not resume: %v)", cause, err)}
}

// Info names the players and tells who is connected.
func (s *RemoteSession) Info() SessionInfo {
	s.mu.Lock()
	defer s.mu.Unlock()
	return SessionInfo{Players: 2, Names: []string{s.names[0], s.names[1]},
		Online: []bool{s.online[0], s.online[1]}}
}

// Say sends a chat line to the partner.
func (s *RemoteSession) Say(text string) error {
	return s.queue(func(c *netplay.Client) error { return c.Chat(text) })
}

// End leaves the game (unless it is over) and closes the connection.
func (s *RemoteSession) End() tea.Cmd {
	s.mu.Lock()
	if s.ended {
		s.mu.Unlock()
		return nil
	}
	s.ended = true
	c, over := s.client, s.over
	s.mu.Unlock()
	s.stop.Do(func() { close(s.stopped) })
	return func() tea.Msg {
		if !over {
			c.Leave()
		}
		c.Close()
		return EndedMsg{}
	}
}

// Server returns the address and player name of the session, for the way
// back to the lobby.
func (s *RemoteSession) Server() (addr, name string) { return s.addr, s.name }
