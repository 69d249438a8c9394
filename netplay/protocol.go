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
	"strings"

	"github.com/minotaur-game/minotaur/engine"
	"github.com/minotaur-game/minotaur/saves"
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
)

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
}

// Lobby lists the players on the server: idle ones first, then away, then
// playing, each group by name. A busy server lists at most LobbyListMax
// players; More counts those left out.
type Lobby struct {
	T       string        `json:"t"`
	Players []LobbyPlayer `json:"players"`
	More    int           `json:"more,omitempty"`
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

// Start begins (or, after a resume, rejoins) a co-op game.
type Start struct {
	T       string `json:"t"`
	Game    string `json:"game"`
	Seat    int    `json:"seat"`
	Partner string `json:"partner"`
	Seed    uint64 `json:"seed"`
}

// MonsterPos is a visible monster in a State. Frozen and Resting extend
// the specification (drawing hints).
type MonsterPos struct {
	Kind    string `json:"kind"`
	X       int    `json:"x"`
	Y       int    `json:"y"`
	Frozen  bool   `json:"frozen,omitempty"`
	Resting bool   `json:"resting,omitempty"`
}

// EventInfo is one event of a State in structured form, for front ends that
// word events themselves. It tells what the sentences tell and no more: no
// positions.
type EventInfo struct {
	Kind    string             `json:"kind"` // engine.EventKind's name: "took_key", "caught", ...
	Seat    int                `json:"seat,omitempty"`
	Item    string             `json:"item,omitempty"`    // one letter: K * ^ ?
	Monster string             `json:"monster,omitempty"` // one letter: H W M
	Level   int                `json:"level,omitempty"`
	Score   *engine.LevelScore `json:"score,omitempty"`
}

// PlayerPos is a seat in a State.
type PlayerPos struct {
	Seat  int    `json:"seat"`
	Name  string `json:"name"`
	X     int    `json:"x"`
	Y     int    `json:"y"`
	State string `json:"state"`
}

// State is what one seat perceives, built only from engine.View: nothing
// hidden from the seat is in it. Levels, Torch, Freezes, Happened and Passed extend
// the specification's fields (clients may ignore them).
type State struct {
	T        string              `json:"t"`
	Seq      int64               `json:"seq"`
	Level    int                 `json:"level"`
	Levels   int                 `json:"levels"`
	Turn     int                 `json:"turn"`
	Score    int                 `json:"score"`
	Key      bool                `json:"key"`
	Torch    bool                `json:"torch"`
	Freezes  int                 `json:"freezes"`
	YourTurn bool                `json:"your_turn"`
	Rows     int                 `json:"rows"`
	Cols     int                 `json:"cols"`
	Map      []string            `json:"map"`
	Light    []string            `json:"light"`
	Monsters []MonsterPos        `json:"monsters"`
	Marks    [][2]int            `json:"marks"`
	Compass  [][2]int            `json:"compass"`
	Players  []PlayerPos         `json:"players"`
	Events   []string            `json:"events"`
	Happened []EventInfo         `json:"happened,omitempty"`
	Passed   []engine.LevelScore `json:"passed,omitempty"`
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
		T string `json:"t"`
	}
	if err := json.Unmarshal(line, &env); err != nil {
		return nil, fmt.Errorf("server sent a line that is not a protocol message: %w", err)
	}
	m := newMessage(env.T)
	if m == nil {
		return nil, fmt.Errorf("%w %q", ErrUnknownMessage, saves.CleanText(env.T))
	}
	if err := json.Unmarshal(line, m); err != nil {
		return nil, fmt.Errorf("server sent a bad %s message: %w", env.T, err)
	}
	cleanMessage(m)
	return m, nil
}

// cleanMessage cleans the text a server sent before a client shows it.
func cleanMessage(m Message) {
	switch m := m.(type) {
	case *Welcome:
		m.Name = saves.CleanText(m.Name)
	case *Error:
		m.Msg = saves.CleanText(m.Msg)
	case *Lobby:
		for i := range m.Players {
			m.Players[i].Name = saves.CleanText(m.Players[i].Name)
		}
	case *Chat:
		m.From, m.Text = saves.CleanText(m.From), saves.CleanText(m.Text)
	case *Invited:
		m.From = saves.CleanText(m.From)
	case *InviteSent:
		m.To = saves.CleanText(m.To)
	case *Declined:
		m.By = saves.CleanText(m.By)
	case *Start:
		m.Partner = saves.CleanText(m.Partner)
	case *State:
		for i := range m.Players {
			m.Players[i].Name = saves.CleanText(m.Players[i].Name)
		}
		for i := range m.Events {
			m.Events[i] = saves.CleanText(m.Events[i])
		}
		for i := range m.Map {
			m.Map[i] = cleanMapRow(m.Map[i])
		}
	case *Partner:
		m.Name = saves.CleanText(m.Name)
	}
}

// cleanMapRow keeps only the level-file characters of a map row; anything
// else becomes a space (never seen).
func cleanMapRow(s string) string {
	ok := true
	for i := 0; i < len(s); i++ {
		if !isMapChar(s[i]) {
			ok = false
			break
		}
	}
	if ok {
		return s
	}
	b := []byte(s)
	for i := range b {
		if !isMapChar(b[i]) {
			b[i] = ' '
		}
	}
	return string(b)
}

func isMapChar(c byte) bool {
	switch c {
	case '+', '-', '|', '.', 'E', 'K', '*', '^', '?', ' ':
		return true
	}
	return false
}

// View turns a state into the engine's description of what the seat
// perceives, so that a front end draws a remote game with the same code as a
// local one. seat is the receiving seat (from Start). Rows or light levels
// that do not match the size are treated as never seen.
func (s *State) View(seat int) engine.View {
	rows, cols := s.Rows, s.Cols
	if rows < 0 || cols < 0 || rows*cols > engine.MaxGenSide*engine.MaxGenSide {
		rows, cols = 0, 0
	}
	n := rows * cols
	v := engine.View{
		Seat: seat, Level: s.Level, Levels: s.Levels, Turn: s.Turn, Score: s.Score,
		Key: s.Key, Torch: s.Torch, Freezes: max(0, s.Freezes), YourTurn: s.YourTurn, Rows: rows, Cols: cols,
		Map: make([]byte, n), Light: make([]engine.Light, n),
		Passed: append([]engine.LevelScore(nil), s.Passed...),
	}
	if v.Levels < v.Level {
		v.Levels = v.Level
	}
	for i := range v.Map {
		v.Map[i] = ' '
	}
	for y := 0; y < rows; y++ {
		if y < len(s.Map) && len(s.Map[y]) == cols {
			copy(v.Map[y*cols:], s.Map[y])
		}
		if y < len(s.Light) && len(s.Light[y]) == cols {
			for x := 0; x < cols; x++ {
				if c := s.Light[y][x]; c >= '0' && c <= '3' {
					v.Light[y*cols+x] = engine.Light(c - '0')
				}
			}
		}
	}
	for i, c := range v.Map {
		if v.Light[i] == engine.Unseen {
			v.Map[i] = ' '
		} else if !isMapChar(c) {
			v.Map[i] = ' '
		}
	}
	in := func(x, y int) bool { return x >= 0 && y >= 0 && x < cols && y < rows }
	for _, m := range s.Monsters {
		if in(m.X, m.Y) && len(m.Kind) == 1 {
			v.Monsters = append(v.Monsters, engine.MonsterView{Kind: engine.MonsterKind(m.Kind[0]),
				Pos: engine.Point{X: m.X, Y: m.Y}, Frozen: m.Frozen, Resting: m.Resting})
		}
	}
	for _, p := range s.Marks {
		if in(p[0], p[1]) {
			v.Marks = append(v.Marks, engine.Point{X: p[0], Y: p[1]})
		}
	}
	for _, p := range s.Compass {
		if in(p[0], p[1]) {
			v.Compass = append(v.Compass, engine.Point{X: p[0], Y: p[1]})
		}
	}
	for _, p := range s.Players {
		v.Players = append(v.Players, engine.PlayerView{Seat: p.Seat, Pos: engine.Point{X: p.X, Y: p.Y}, State: parseSeatState(p.State)})
	}
	return v
}

func parseSeatState(s string) engine.SeatState {
	for _, st := range []engine.SeatState{engine.Active, engine.Caught, engine.Escaped, engine.Away} {
		if st.String() == s {
			return st
		}
	}
	return engine.Away
}

// Name returns the name of the given seat in the state, or "".
func (s *State) Name(seat int) string {
	for _, p := range s.Players {
		if p.Seat == seat {
			return p.Name
		}
	}
	return ""
}

// Happenings returns the state's structured events as engine events
// (without positions), in order; events of kinds it does not know are left
// out.
func (s *State) Happenings() []engine.Event {
	out := make([]engine.Event, 0, len(s.Happened))
	for _, e := range s.Happened {
		k, ok := eventKinds[e.Kind]
		if !ok {
			continue
		}
		ev := engine.Event{Kind: k, Seat: e.Seat, Level: e.Level}
		if len(e.Item) == 1 {
			ev.Item = engine.Item(e.Item[0])
		}
		if len(e.Monster) == 1 {
			ev.Monster = engine.MonsterKind(e.Monster[0])
		}
		if e.Score != nil {
			ev.Score = *e.Score
		}
		out = append(out, ev)
	}
	return out
}

// eventKinds maps the names of engine events back to their kinds.
var eventKinds = func() map[string]engine.EventKind {
	m := map[string]engine.EventKind{}
	for k := engine.EventKind(1); k < 64; k++ {
		if name := k.String(); !strings.HasPrefix(name, "event(") {
			m[name] = k
		}
	}
	return m
}()

// newState builds the `state` message of a view; names are the seats'
// player names, events the sentences for this seat and happened the same
// events in structured form.
func newState(seq int64, v *engine.View, names [2]string, events []string, happened []EventInfo) *State {
	st := &State{
		T: TypeState, Seq: seq, Level: v.Level, Levels: v.Levels, Turn: v.Turn, Score: v.Score,
		Key: v.Key, Torch: v.Torch, Freezes: v.Freezes, YourTurn: v.YourTurn, Rows: v.Rows, Cols: v.Cols,
		Map: make([]string, v.Rows), Light: make([]string, v.Rows),
		Monsters: make([]MonsterPos, 0, len(v.Monsters)),
		Marks:    make([][2]int, 0, len(v.Marks)),
		Compass:  make([][2]int, 0, len(v.Compass)),
		Players:  make([]PlayerPos, 0, len(v.Players)),
		Events:   events,
		Happened: happened,
		Passed:   v.Passed,
	}
	if st.Events == nil {
		st.Events = []string{}
	}
	for y := 0; y < v.Rows; y++ {
		st.Map[y] = v.Row(y)
		st.Light[y] = v.LightRow(y)
	}
	for _, m := range v.Monsters {
		st.Monsters = append(st.Monsters, MonsterPos{Kind: string(rune(m.Kind)), X: m.Pos.X, Y: m.Pos.Y, Frozen: m.Frozen, Resting: m.Resting})
	}
	for _, p := range v.Marks {
		st.Marks = append(st.Marks, [2]int{p.X, p.Y})
	}
	for _, p := range v.Compass {
		st.Compass = append(st.Compass, [2]int{p.X, p.Y})
	}
	for _, p := range v.Players {
		name := ""
		if p.Seat >= 1 && p.Seat <= 2 {
			name = names[p.Seat-1]
		}
		st.Players = append(st.Players, PlayerPos{Seat: p.Seat, Name: name, X: p.Pos.X, Y: p.Pos.Y, State: p.State.String()})
	}
	return st
}

// encode marshals a server message to one line, newline included.
func encode(m any) []byte {
	b, err := json.Marshal(m)
	if err != nil {
		// Every message type marshals; this is a bug, never a player's doing.
		panic(fmt.Sprintf("netplay: cannot encode %T: %v", m, err))
	}
	return append(b, '\n')
}
