// Package netplay is network co-op: the wire protocol's message types, the
// always-on game server (lobby, chat, invitations, rooms running the engine,
// persistence of games in progress) and a client.
//
// The protocol is one JSON object per line over TCP (docs/protocol.md). The
// server is authoritative: it runs engine.Game and sends each seat only what
// engine.View shows that seat. A program serves it like this:
//
//	srv, err := netplay.NewServer(netplay.Config{DataDir: "games"})
//	ln, err := net.Listen("tcp", ":7777")
//	go srv.Serve(ln)
//	...
//	srv.Shutdown(ctx) // persists every game in progress
//
// and plays it like this:
//
//	c, welcome, err := netplay.Dial(ctx, "host:7777", "alice", "")
//	c.Invite("bob")
//	for {
//		m, err := c.Next() // *Lobby, *Invited, *Start, *State, *Over, ...
//		...
//	}
//
// The server core (lobby and rooms) knows nothing of TCP: a transport
// attaches a Session, feeds it lines and drains its bounded outgoing queue
// (ServeConn does this for any net.Conn). netplay never imports the terminal
// interface.
package netplay

import (
	"encoding/json"
	"errors"
	"fmt"
	"slices"
	"strconv"
	"sync"

	"github.com/minotaur-game/minotaur/engine"
	"github.com/minotaur-game/minotaur/safetext"
)

// Version is the protocol version this package speaks.
const Version = 1

// Limits of the protocol.
const (
	// MaxLine is the longest line a client may send, in bytes, without its
	// line terminator.
	MaxLine = 4096
	// MaxName is the longest player name, in characters.
	MaxName = 16
	// MaxChat is the longest chat message, in characters; longer ones are cut.
	MaxChat = 256
	// ChatBurst chat messages are allowed per ChatWindow.
	ChatBurst = 5
	// SpectatorChatBurst bounds the chat of a game's spectators, all of
	// them together, per ChatWindow: however many watch, the players read
	// at most this many of their lines (beyond, rate_limited).
	SpectatorChatBurst = 10
	// MaxBadLines bad lines in a row close the connection.
	MaxBadLines = 3
	// MaxClientLine is the longest line the client accepts from a server.
	MaxClientLine = 1 << 20
)

// Message types (the `t` field).
const (
	TypeHello      = "hello"
	TypeWelcome    = "welcome"
	TypeError      = "error"
	TypeLobby      = "lobby"
	TypeChat       = "chat"
	TypeInvite     = "invite"
	TypeInvited    = "invited"
	TypeInviteSent = "invite_sent"
	TypeAccept     = "accept"
	TypeDecline    = "decline"
	TypeDeclined   = "declined"
	TypeStart      = "start"
	TypeState      = "state"
	TypeAct        = "act"
	TypeLeave      = "leave"
	TypePartner    = "partner"
	TypeOver       = "over"
	TypePing       = "ping"
	TypePong       = "pong"
	TypeBye        = "bye"
	TypeSolo       = "solo"
	TypeWatch      = "watch"
	TypeDaily      = "daily"
)

// Error codes of the `error` message.
const (
	CodeProto        = "proto"
	CodeBadJSON      = "bad_json"
	CodeTooLong      = "too_long"
	CodeUnknownType  = "unknown_type"
	CodeBadName      = "bad_name"
	CodeNameTaken    = "name_taken"
	CodeNoSuchPlayer = "no_such_player"
	CodeNotInGame    = "not_in_game"
	CodeNotYourTurn  = "not_your_turn"
	CodeBadAction    = "bad_action"
	CodeRateLimited  = "rate_limited"
	CodeServerFull   = "server_full"
	CodeBadKind      = "bad_kind"
)

// Lobby statuses of a player.
const (
	StatusIdle    = "idle"
	StatusPlaying = "playing"
	StatusAway    = "away"
)

// Partner statuses of the `partner` message.
const (
	PartnerDisconnected = "disconnected"
	PartnerReconnected  = "reconnected"
	PartnerLeft         = "left"
	// PartnerStepped: the partner said bye during the game — quit for
	// now, the seat kept for a resume (a lost connection is
	// PartnerDisconnected).
	PartnerStepped = "stepped_away"
)

// reasonBye is a session's end when its client said bye.
const reasonBye = "said bye"

// Chat scopes.
const (
	ScopeLobby = "lobby"
	ScopeGame  = "game"
)

// Message is one server → client message: *Welcome, *Error, *Lobby, *Chat,
// *Invited, *InviteSent, *Declined, *Start, *State, *Partner, *Over, *Ping or
// *Pong.
type Message interface {
	// Type returns the message's `t`.
	Type() string
}

// Welcome answers a hello: the name the server knows the player by, and the
// token that resumes the player's seat after a disconnect.
type Welcome struct {
	T       string `json:"t"`
	V       int    `json:"v"`
	Name    string `json:"name"`
	Token   string `json:"token"`
	Resumed bool   `json:"resumed"`
}

// Error reports a request the server refused. It is also a Go error.
type Error struct {
	T    string `json:"t"`
	Code string `json:"code"`
	Msg  string `json:"msg"`
}

func (e *Error) Error() string { return e.Msg + " (" + e.Code + ")" }

// LobbyPlayer is one player in the lobby list.
type LobbyPlayer struct {
	Name   string `json:"name"`
	Status string `json:"status"`
	Bot    bool   `json:"bot,omitempty"` // a program plays this name (its hello said so)
}

// LobbyGame is one game in progress in the lobby list: its id (for watch),
// its players' names, where it is and how many watch it.
type LobbyGame struct {
	Game     string   `json:"game"`
	Players  []string `json:"players"`
	Level    int      `json:"level,omitempty"` // 0 (left out) for a game of another kind
	Turn     int      `json:"turn"`
	Watchers int      `json:"watchers"`
	Daily    bool     `json:"daily,omitempty"` // the day's daily challenge
	Kind     string   `json:"kind,omitempty"`  // the game's kind when it is not Minotaur's
	// Bots counts the computer seats of a game of more than two seats,
	// whose Players are then its people only.
	Bots int `json:"bots,omitempty"`
}

// Lobby lists the players on the server: idle ones first, then away, then
// playing, each group by name; and the games in progress, the most watched
// first. A busy server lists at most LobbyListMax players and LobbyListMax
// games; More and MoreGames count those left out.
type Lobby struct {
	T         string        `json:"t"`
	Players   []LobbyPlayer `json:"players"`
	More      int           `json:"more,omitempty"`
	Games     []LobbyGame   `json:"games"`
	MoreGames int           `json:"more_games,omitempty"`
}

// DailyEntry is one finished attempt in the day's table.
type DailyEntry struct {
	Name  string `json:"name"`
	Score int    `json:"score"`
	Level int    `json:"level"` // the level reached (7 and a win: all passed)
	Won   bool   `json:"won,omitempty"`
}

// Daily is the daily challenge: the day (UTC, YYYY-MM-DD), its seed and the
// day's table, best first (score, then level, then who finished first).
// Played says whether this client's name has used its attempt today.
type Daily struct {
	T       string       `json:"t"`
	Date    string       `json:"date"`
	Seed    uint64       `json:"seed"`
	Entries []DailyEntry `json:"entries"`
	Played  bool         `json:"played"`
}

// Chat is a chat line, in the lobby or in a game.
type Chat struct {
	T     string `json:"t"`
	Scope string `json:"scope"`
	From  string `json:"from"`
	Text  string `json:"text"`
}

// Invited tells a player that From invites them to a co-op game.
type Invited struct {
	T    string `json:"t"`
	From string `json:"from"`
	// Kind is the game's kind when it is not Minotaur's; such an
	// invitation goes only to a client that said it plays the kind.
	Kind string `json:"kind,omitempty"`
	// Bots is the number of computer seats the game adds, Choose that it
	// opens with a round of choosing start cells (the Labyrinth).
	Bots   int  `json:"bots,omitempty"`
	Choose bool `json:"choose,omitempty"`
}

// InviteSent confirms that To was invited.
type InviteSent struct {
	T  string `json:"t"`
	To string `json:"to"`
}

// Declined tells the inviter that By declined.
type Declined struct {
	T  string `json:"t"`
	By string `json:"by"`
}

// Start begins (or, after a resume, rejoins) a game: co-op (seat 1 or 2,
// with a partner), solo (seat 1, no partner) or watched (seat 0: the
// client is a spectator; Partner names the players). Daily is set for the
// day's daily challenge.
type Start struct {
	T       string `json:"t"`
	Game    string `json:"game"`
	Seat    int    `json:"seat"`
	Partner string `json:"partner"`
	Seed    uint64 `json:"seed"`
	Daily   bool   `json:"daily,omitempty"`
	// Kind is the game's kind when it is not Minotaur's.
	Kind string `json:"kind,omitempty"`
	// Bot is the computer's level in a solo game of another kind.
	Bot int `json:"bot,omitempty"`
}

// State is the `state` message: what one seat perceives — the engine's View,
// whose JSON is the message's body (engine/viewjson.go), so nothing hidden
// from the seat can be in it — with the message's sequence number, the
// sentences of what happened since the last state, and the same events in
// structured form (no positions). Players' names are in View.Players.
type State struct {
	engine.View
	Seq      int64
	Events   []string
	Happened []engine.Event
}

// stateTail is what a state message adds to its view.
type stateTail struct {
	Seq      int64          `json:"seq"`
	Events   []string       `json:"events"`
	Happened []engine.Event `json:"happened,omitempty"`
}

// MarshalJSON writes {"t":"state","seq":…, the view's fields…, "events":…,
// "happened":…}.
func (s State) MarshalJSON() ([]byte, error) { return s.appendTo(nil), nil }

// appendTo appends the state's JSON to out.
func (s State) appendTo(out []byte) []byte {
	out, _ = s.appendMarked(out)
	return out
}

// appendMarked is appendTo that also says where, in out, the view's
// seat-specific values were written.
func (s State) appendMarked(out []byte) ([]byte, engine.JSONMarks) {
	size := 320 + 2*s.Rows*(s.Cols+3) + 64*(len(s.Monsters)+len(s.Players)+len(s.Happened))
	for _, e := range s.Events {
		size += len(e) + 3
	}
	out = slices.Grow(out, size)
	out = append(out, `{"t":"state","seq":`...)
	out = strconv.AppendInt(out, s.Seq, 10)
	out = append(out, ',')
	out, mk := s.View.AppendJSONFieldsMarked(out)
	out = append(out, `,"events":[`...)
	for i, e := range s.Events {
		if i > 0 {
			out = append(out, ',')
		}
		out = engine.AppendJSONString(out, e)
	}
	out = append(out, ']')
	if len(s.Happened) > 0 {
		out = append(out, `,"happened":`...)
		out = engine.AppendEvents(out, s.Happened)
	}
	return append(out, '}'), mk
}

// UnmarshalJSON reads a state message: its view leniently (see
// engine.View.UnmarshalJSON), events of unknown kinds dropped.
func (s *State) UnmarshalJSON(data []byte) error {
	var tail stateTail
	if err := json.Unmarshal(data, &tail); err != nil {
		return err
	}
	if err := s.View.UnmarshalJSON(data); err != nil {
		return err
	}
	s.Seq, s.Events = tail.Seq, tail.Events
	s.Happened = s.Happened[:0]
	for _, e := range tail.Happened {
		if e.Kind != 0 {
			s.Happened = append(s.Happened, e)
		}
	}
	return nil
}

// Partner tells a player what became of their partner.
type Partner struct {
	T      string `json:"t"`
	Name   string `json:"name"`
	Status string `json:"status"`
}

// Over ends a game: both players are back in the lobby.
type Over struct {
	T      string `json:"t"`
	Result string `json:"result"`
	Score  int    `json:"score"`
	Level  int    `json:"level"`
	// Saved, for the spectators of a hosted game, says that its player
	// saved it and put it away to continue later: not lost, though the
	// result says "lost" for clients that know only won and lost.
	Saved bool `json:"saved,omitempty"`
	// Kind and Winner, for a game of another kind: the winner's name,
	// the winners' joined with "and" (a spectator's result is "over").
	Kind   string `json:"kind,omitempty"`
	Winner string `json:"winner,omitempty"`
	// Winners, for a game of more than two seats or several winners,
	// are the winners' names; Scores each seat's points, in seat order,
	// for a kind that keeps points.
	Winners []string `json:"winners,omitempty"`
	Scores  []int    `json:"scores,omitempty"`
}

// Ping asks for a sign of life; answer with pong.
type Ping struct {
	T string `json:"t"`
}

// Pong answers a ping.
type Pong struct {
	T string `json:"t"`
}

// Type implements Message.
func (*Welcome) Type() string { return TypeWelcome }

// Type implements Message.
func (*Error) Type() string { return TypeError }

// Type implements Message.
func (*Lobby) Type() string { return TypeLobby }

// Type implements Message.
func (*Chat) Type() string { return TypeChat }

// Type implements Message.
func (*Invited) Type() string { return TypeInvited }

// Type implements Message.
func (*InviteSent) Type() string { return TypeInviteSent }

// Type implements Message.
func (*Declined) Type() string { return TypeDeclined }

// Type implements Message.
func (*Start) Type() string { return TypeStart }

// Type implements Message.
func (*State) Type() string { return TypeState }

// Type implements Message.
func (*Partner) Type() string { return TypePartner }

// Type implements Message.
func (*Over) Type() string { return TypeOver }

// Type implements Message.
func (*Daily) Type() string { return TypeDaily }

// Type implements Message.
func (*Ping) Type() string { return TypePing }

// Type implements Message.
func (*Pong) Type() string { return TypePong }

// Request is a client → server message. Only the fields its T names are
// meaningful; unknown fields of the line are ignored.
type Request struct {
	T     string `json:"t"`
	V     int    `json:"v,omitempty"`
	Name  string `json:"name,omitempty"`
	Token string `json:"token,omitempty"`
	Text  string `json:"text,omitempty"`
	To    string `json:"to,omitempty"`
	From  string `json:"from,omitempty"`
	A     string `json:"a,omitempty"`
	// Bot, with hello, says that a program plays this name: the lobby
	// shows it as a bot.
	Bot bool `json:"bot,omitempty"`
	// Daily, with solo, asks for the day's daily challenge.
	Daily bool `json:"daily,omitempty"`
	// Game, with watch, is the id of the game to watch.
	Game string `json:"game,omitempty"`
	// Kind, with invite, solo and watch, is the game's kind (kinds.go):
	// "" or "minotaur" for Minotaur's campaign.
	Kind string `json:"kind,omitempty"`
	// Kinds, with hello, are the kinds of game the client plays besides
	// Minotaur's: it is invited only to those.
	Kinds []string `json:"kinds,omitempty"`
	// Level, with solo of another kind, is the computer's level.
	Level int `json:"level,omitempty"`
	// Seat, with watch of a game whose seats see differently (chess, the
	// Labyrinth), is the seat whose view the spectator gets (0: the
	// first).
	Seat int `json:"seat,omitempty"`
	// Bots, with invite and solo of a kind of more than two seats, is the
	// number of computer seats to add; Choose, for the Labyrinth, opens the
	// game with a round in which each seat chooses its start cell.
	Bots   int  `json:"bots,omitempty"`
	Choose bool `json:"choose,omitempty"`
}

// newMessage returns an empty message of type t, or nil for a type the
// server never sends.
func newMessage(t string) Message {
	switch t {
	case TypeWelcome:
		return &Welcome{}
	case TypeError:
		return &Error{}
	case TypeLobby:
		return &Lobby{}
	case TypeChat:
		return &Chat{}
	case TypeInvited:
		return &Invited{}
	case TypeInviteSent:
		return &InviteSent{}
	case TypeDeclined:
		return &Declined{}
	case TypeStart:
		return &Start{}
	case TypeState:
		return &State{}
	case TypePartner:
		return &Partner{}
	case TypeOver:
		return &Over{}
	case TypeDaily:
		return &Daily{}
	case TypePing:
		return &Ping{}
	case TypePong:
		return &Pong{}
	}
	return nil
}

// ErrUnknownMessage is returned by DecodeMessage for a `t` it does not know.
var ErrUnknownMessage = errors.New("unknown message type")

// DecodeMessage parses one server line into its message type and cleans
// every text field in it (names, chat, events) for display.
func DecodeMessage(line []byte) (Message, error) {
	var env struct {
		T    string `json:"t"`
		Kind string `json:"kind"`
	}
	if err := json.Unmarshal(line, &env); err != nil {
		return nil, fmt.Errorf("server sent a line that is not a protocol message: %w", err)
	}
	m := newMessage(env.T)
	if kd := kinds[env.Kind]; env.T == TypeState && kd != nil {
		m = kd.State()
	}
	if m == nil {
		return nil, fmt.Errorf("%w %q", ErrUnknownMessage, safetext.Clean(env.T))
	}
	if err := json.Unmarshal(line, m); err != nil {
		return nil, fmt.Errorf("server sent a bad %s message: %w", env.T, err)
	}
	if c, ok := m.(interface{ check() error }); ok {
		if err := c.check(); err != nil {
			return nil, fmt.Errorf("server sent a bad state of %s: %w", kinds[env.Kind].Title, err)
		}
	}
	cleanMessage(m)
	return m, nil
}

// cleanMessage cleans the text a server sent before a client shows it:
// every string of every message type, the level's name and the daily's
// date as much as names and chat (safetext.All), so that a field added to
// a message is cleaned without anyone remembering to.
func cleanMessage(m Message) { safetext.All(m) }

// Name returns the name of the given seat in the state, or "".
func (s *State) Name(seat int) string {
	for _, p := range s.Players {
		if p.Seat == seat {
			return p.Name
		}
	}
	return ""
}

// newState builds the `state` message of a view for a seat: names are the
// seats' player names, events the sentences for this seat and happened the
// same events in structured form.
func newState(seq int64, v engine.View, names [2]string, events []string, happened []engine.Event) State {
	for i := range v.Players {
		if p := &v.Players[i]; p.Seat >= 1 && p.Seat <= 2 {
			p.Name = names[p.Seat-1]
		}
	}
	return State{View: v, Seq: seq, Events: events, Happened: happened}
}

// line is the state's message line, newline included. Built from a value,
// the state costs no allocation of its own on the server's hot path.
func (s State) line() []byte { return append(s.appendTo(nil), '\n') }

// lineBufs holds the storage of state lines that their writer has sent, for
// the next: a server sends a line to every player after every action.
var lineBufs = sync.Pool{New: func() any { return new([]byte) }}

// pooledLine is line built in storage from lineBufs. The storage goes
// back to the pool when the line has been written (outLine.buf).
func (s State) pooledLine() ([]byte, *[]byte) {
	buf := lineBufs.Get().(*[]byte)
	return append(s.appendTo((*buf)[:0]), '\n'), buf
}

// encode marshals a server message to one line, newline included.
func encode(m any) []byte {
	if st, ok := m.(*State); ok {
		// A state's JSON is built by hand already: json.Marshal's check
		// and copy of it is skipped.
		return st.line()
	}
	b, err := json.Marshal(m)
	if err != nil {
		// Every message type marshals; this is a bug, never a player's doing.
		panic(fmt.Sprintf("netplay: cannot encode %T: %v", m, err))
	}
	return append(b, '\n')
}
