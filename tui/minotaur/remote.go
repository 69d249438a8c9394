package minotaur

import (
	"fmt"
	"sync"
	"time"

	tea "github.com/charmbracelet/bubbletea"

	"github.com/minotaur-game/minotaur/engine"
	"github.com/minotaur-game/minotaur/netplay"
	"github.com/minotaur-game/minotaur/tui/screen"
)

// RemoteSession is a co-op game played on a server: the game screen draws
// the server's latest state for this seat and sends actions and chat
// through a netplay.Seat, which keeps the seat across lost connections (it
// tries again, with the player's token, for as long as the server keeps the
// seat). It implements Session.
//
// Update calls Seat, View, Act, Info and Say; the command returned by Next
// runs in its own goroutine, receives the server's messages one at a time
// and stores each state before it reports it, so the screen always reads
// the state its EventsMsg belongs to.
type RemoteSession struct {
	addr, name string
	seat       int
	game       string
	solo       bool // a one-player game run by the server (no partner)
	daily      bool // the day's daily challenge
	net        *netplay.Seat

	mu     sync.Mutex
	state  *netplay.State
	names  [2]string
	online [2]bool
	over   bool
	ended  bool
	// forfeit is set when the player gave the game up (Forfeit): the
	// server's answer ends the game on the screen.
	forfeit bool
	// resumed is set when the seat came back after a lost connection:
	// the next state tells the player where they stand (pending holds
	// that notice until Next hands it over).
	resumed bool
	pending []tea.Msg
	// back is the partner who came back (partner reconnected): the next
	// state tells whether they play on this level. partnerGone: the
	// partner gave the seat up for good.
	back        string
	partnerGone bool
	// table is the day's table the server sent after this game (a daily
	// challenge) ended; tabled is closed when it came.
	table  *netplay.Daily
	tabled chan struct{}
}

// NewRemoteSession wraps a client whose game has started: start is the
// server's start message and first the state that followed it. addr and
// name say where and who the player is; rejoin, when not nil, connects
// again with the player's token after a lost connection.
func NewRemoteSession(c *netplay.Client, addr, name string, start *netplay.Start, first *netplay.State, rejoin netplay.Rejoin) *RemoteSession {
	s := &RemoteSession{
		addr: addr, name: name, seat: start.Seat, game: start.Game,
		solo: start.Partner == "", daily: start.Daily,
		net: netplay.NewSeat(c, rejoin), state: first, online: [2]bool{true, true},
		tabled: make(chan struct{}),
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
	if me, ok := first.Player(start.Seat); ok && me.State != engine.Active && first.Result == engine.InProgress {
		// A player back in a game that went on without them (the program
		// was started again): told at once why they cannot move.
		s.pending = append(s.pending, ChatMsg{Text: s.backNotice(first)})
	}
	return s
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
	return nil, s.net.Act(a)
}

// Next waits for what the server reports: a state (EventsMsg), a chat line
// or a notice (ChatMsg) — a lost connection and each try to get it back
// included — or a seat lost for good (SessionErrorMsg).
func (s *RemoteSession) Next() tea.Cmd {
	return func() tea.Msg {
		s.mu.Lock()
		if len(s.pending) > 0 {
			msg := s.pending[0]
			s.pending = s.pending[1:]
			s.mu.Unlock()
			return msg
		}
		s.mu.Unlock()
		for {
			m, err := s.net.Next()
			if err != nil {
				s.mu.Lock()
				done := s.ended || s.over
				s.mu.Unlock()
				if done {
					return nil
				}
				return SessionErrorMsg{Err: err}
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
		if s.back != "" {
			s.pending = append(s.pending, ChatMsg{Text: partnerBack(m, s.back, 3-max(s.seat, 1))})
			s.back = ""
		}
		if s.resumed {
			// Told right after this state, before anything else.
			s.resumed = false
			s.pending = append(s.pending, ChatMsg{Text: s.backNotice(m)})
		}
		for _, x := range extraSentences(m, engine.Narrator{Seat: s.seat, Names: s.names}) {
			// What the server tells besides the game's events: who
			// watches.
			s.pending = append(s.pending, ChatMsg{Text: x})
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
		if m.Scope == netplay.ScopeLobby {
			return nil // the game is over and the player back in the lobby
		}
		return ChatMsg{From: m.From, Text: m.Text}
	case *netplay.Daily:
		if !s.daily {
			return nil // the lobby's, after another kind of game
		}
		s.mu.Lock()
		first := s.table == nil
		s.table = m
		s.mu.Unlock()
		if first {
			close(s.tabled)
		}
		return DailyMsg{Daily: m, Name: s.name}
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
		case netplay.PartnerStepped:
			return ChatMsg{Text: m.Name + " quit for now and keeps the seat: play on alone until they are back."}
		case netplay.PartnerReconnected:
			// The state that follows says whether they are on the board
			// again at once or join at the next level (docs/protocol.md,
			// "Resume"): told with it.
			s.mu.Lock()
			s.back = m.Name
			s.mu.Unlock()
			return nil
		case netplay.PartnerLeft:
			s.mu.Lock()
			s.partnerGone = true
			s.mu.Unlock()
			return ChatMsg{Text: m.Name + " left the game: play on alone."}
		}
	case *netplay.Over:
		s.mu.Lock()
		gaveUp := s.forfeit && !s.over
		s.over = true
		s.mu.Unlock()
		if gaveUp {
			return EventsMsg{Events: []engine.Event{{Kind: engine.EvGameLost}}}
		}
	case *netplay.Lobby:
		// After a co-op game given up, the server puts the player back
		// in the lobby: the game is over for them.
		s.mu.Lock()
		gaveUp := s.forfeit && !s.over
		s.over = s.over || s.forfeit
		s.mu.Unlock()
		if gaveUp {
			return EventsMsg{Events: []engine.Event{{Kind: engine.EvGameLost}}}
		}
	case *netplay.Error:
		return ChatMsg{Text: "Server: " + m.Msg + "."}
	case *netplay.Reconnecting:
		left := m.Left.Round(time.Second)
		if m.Try == 0 {
			return ChatMsg{Text: fmt.Sprintf("The connection was lost: reconnecting (the server keeps your seat %v)…", left)}
		}
		return ChatMsg{Text: fmt.Sprintf("Still reconnecting (try %d, %v left): %v", m.Try, left, m.Err)}
	case *netplay.Resumed:
		// The server sends the seat's state next; the notice waits for it.
		s.mu.Lock()
		s.resumed = true
		s.mu.Unlock()
	}
	return nil
}

// backNotice tells a player whose seat came back where they stand in st:
// on the board again, or out until the level ends, and why. Caller holds mu.
func (s *RemoteSession) backNotice(st *netplay.State) string {
	me, ok := st.Player(s.seat)
	if !ok || me.State == engine.Active || st.Result != engine.InProgress {
		return "The connection was lost; you are back in the game."
	}
	partner := "your partner"
	if other := 2 - s.seat; other >= 0 && other < 2 && s.names[other] != "" {
		partner = s.names[other]
	}
	why := "the level went on while you were away"
	switch me.State {
	case engine.Caught:
		why = "you were caught on this level"
	case engine.Escaped:
		why = "you escaped this level"
	}
	if st.Level >= st.Levels {
		return fmt.Sprintf("You are back, but out of the last level: %s. You watch %s finish it.", why, partner)
	}
	return fmt.Sprintf("You are back, but out until level %d ends: %s. You re-enter at the start of the next level; until then you watch %s.", st.Level, why, partner)
}

// Info names the players and tells who is connected.
func (s *RemoteSession) Info() SessionInfo {
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.solo && s.seat == 1 {
		return SessionInfo{Players: 1, Names: []string{s.names[0]}}
	}
	return SessionInfo{Players: 2, Names: []string{s.names[0], s.names[1]},
		Online: []bool{s.online[0], s.online[1]}}
}

// Daily reports whether the game is the day's daily challenge.
func (s *RemoteSession) Daily() bool { return s.daily }

// Say sends a chat line to the partner and the game's spectators.
func (s *RemoteSession) Say(text string) error { return s.net.Chat(text) }

// End leaves the game (unless it is over) and closes the connection.
func (s *RemoteSession) End() tea.Cmd {
	s.mu.Lock()
	if s.ended {
		s.mu.Unlock()
		return nil
	}
	s.ended = true
	over, daily, left := s.over, s.daily, s.forfeit
	s.mu.Unlock()
	return func() tea.Msg {
		if over && daily {
			// The day's table follows the game's end: the end screen
			// shows it, so the connection waits for it a moment.
			select {
			case <-s.tabled:
			case <-time.After(dailyWait):
			}
		}
		s.net.End(!left) // a seat given up already is not left twice
		return screen.EndedMsg{}
	}
}

// QuitCost says what giving this game up costs.
func (s *RemoteSession) QuitCost() string {
	s.mu.Lock()
	defer s.mu.Unlock()
	switch {
	case s.daily:
		return "This ends the game and uses today's try: there is one a day."
	case s.solo:
		return "This ends the game: it counts as lost where it stands."
	}
	partner := ""
	if s.seat == 1 || s.seat == 2 {
		partner = s.names[2-s.seat]
	}
	if partner == "" {
		partner = "your partner"
	}
	if s.partnerGone {
		return "You give up your seat for good: " + partner + " has left the game already, so it ends here, lost where it stands."
	}
	return "You give up your seat for good: " + partner + " plays on alone, and you cannot come back to this game."
}

// partnerBack is what the partner's return says, from the state that
// follows it: on the board again at once (no turn has passed since they
// left), or back for the next level.
func partnerBack(st *netplay.State, name string, seat int) string {
	if p, ok := st.Player(seat); ok && p.State == engine.Active {
		return name + " is back and plays on this level again."
	}
	if st.Level >= st.Levels {
		return name + " is back and watches this last level; they were away while it went on."
	}
	return name + " is back and joins at the next level."
}

// Forfeit gives the seat up on the live connection.
func (s *RemoteSession) Forfeit() tea.Cmd {
	s.mu.Lock()
	s.forfeit = true
	s.mu.Unlock()
	return func() tea.Msg {
		if err := s.net.Leave(); err != nil {
			return SessionErrorMsg{Err: err}
		}
		return nil
	}
}

// Forfeited reports whether the player gave the game up.
func (s *RemoteSession) Forfeited() bool {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.forfeit
}

// Drop is a hang-up (the terminal or the SSH connection went away): the
// connection ends as a lost one does, so that the partner is told the
// line broke, and the seat is kept as by Keep.
func (s *RemoteSession) Drop() tea.Cmd { return s.close(s.net.Drop) }

// Keep closes the connection without leaving: the server keeps the seat
// for its grace period, and the player's token (kept beside the saves)
// brings them back into it.
func (s *RemoteSession) Keep() tea.Cmd { return s.close(func() { s.net.End(false) }) }

// close ends the session once, by how: the command that closes the
// connection so (nil once the session has ended).
func (s *RemoteSession) close(how func()) tea.Cmd {
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.ended {
		return nil
	}
	s.ended = true
	return func() tea.Msg {
		how()
		return nil
	}
}

// dailyWait is how long the end of a daily challenge waits for the day's
// table before it closes the connection.
const dailyWait = 2 * time.Second

// DailyMsg is the day's table of the daily challenge, as the server sent
// it after a game; Name is the player's name in it.
type DailyMsg struct {
	Daily *netplay.Daily
	Name  string
}

// Server returns the address and player name of the session, for the way
// back to the lobby.
func (s *RemoteSession) Server() (addr, name string) { return s.addr, s.name }
