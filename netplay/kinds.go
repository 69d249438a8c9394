package netplay

import (
	"slices"
	"sort"
	"strconv"
	"strings"
	"time"

	"github.com/minotaur-game/minotaur/games/match"
)

// Game kinds (docs/protocol.md "Game kinds"): the server runs games of every
// kind, Minotaur's campaign included, through one mechanism — "a game of
// kind K between these seats" — the room holding a Game (a match.Match
// with the server's computer seats). A kind is added by writing its Game
// and registering it in kinds; the lobby, invitations, solo games with
// computers, turns and rounds, spectators, lost connections and the data
// folder are the server's, for every kind.
const (
	KindMinotaur  = "minotaur"
	KindTrails    = "trails"
	KindChess     = "chess"
	KindLabyrinth = "labyrinth"
	KindFoxhunt   = "foxhunt"
)

// Game is a game of any kind as a room runs it: a match.Match (seats
// 1…n, the seats to act, actions as strings, a seat's view, the outcome,
// its saved form) whose computer seats the server plays (Minotaur's has
// none). Each kind's adapter lives in this package, beside its
// registration, because it wires the rules to their computer player,
// which imports the rules and so cannot sit in the rules' own package.
// The room's lock guards it; its methods are called with it held.
type Game interface {
	match.Match
	// Computer reports whether the server's computer plays seat.
	Computer(seat int) bool
	// Bot is the computer's action for seat, one of ToAct; "" when it
	// has none (the room then leaves the seat to the round's end).
	Bot(seat int) string
	// Level is the computer's level, for start's bot: 0 when people play
	// every seat.
	Level() int
	// Moves is the lobby's turn of the game: moves or rounds played.
	Moves() int
}

// Setup is what a new game of a kind is asked for.
type Setup struct {
	Seed uint64
	// People play seats 1…People; Bots computer seats follow them.
	People, Bots int
	// Level is the computer's level (0 with no computer seat).
	Level int
	// Choose, for the Labyrinth, opens the game with a round in which
	// every seat chooses its start cell.
	Choose bool
	// Names are the seats' names, in seat order, for a game whose rules
	// name the players in their sentences.
	Names []string
}

// Kind makes and reads the games of one kind.
type Kind struct {
	Name  string // as in kind fields
	Title string // for sentences: "Trails and Towers"
	// New starts a game.
	New func(s Setup) (Game, error)
	// Load reads a game saved by its MarshalJSON.
	Load func(data []byte) (Game, error)
	// MaxBot is the highest computer level (a solo game's level).
	MaxBot int
	// Bots bounds the computer seats an invitation may add beside its two
	// people ({0, 0}: two seats, two people). Solo bounds them beside one
	// person, with the default third ({1, 1, 1}: one computer).
	Bots [2]int
	Solo [3]int
	// Round is the deadline of a round of simultaneous moves, for a Game
	// that is a match.Rounds: when it passes, the round is played as it
	// stands. 0: rounds wait for every seat.
	Round time.Duration
	// Follow is set for a kind whose seats see differently: a spectator
	// follows one seat (watch's seat) and gets that seat's view.
	Follow bool
	// State makes an empty state message of the kind: DecodeMessage reads
	// a state whose kind is this one into it. A State with a check()
	// error method is refused when the check fails.
	State func() Message
	// Daily is set for the kind whose games may be a daily challenge
	// (Minotaur's).
	Daily bool
}

// Optional interfaces of a Game, for a kind that does something its own
// way (Minotaur's campaign, kind_minotaur.go). The rooms' common code asks
// for them; a Game without one gets the common way.

// awayer is a Game that takes a disconnected seat off the board instead
// of waiting for it: SetAway(seat, true) reports false when the game
// waits as it is after all (the seat is not away); SetAway(seat, false)
// reports whether the seat is back at once, which everyone is shown. A
// seat given up for good is taken off the board before it leaves; a seat
// still on the board after a restart is taken off when a player who came
// back has waited Config.RejoinWait for it.
type awayer interface {
	SetAway(seat int, away bool) bool
}

// ownLines is a Game that writes its own state messages (Minotaur's,
// which predate the head-and-View lines of kindLine): sendState sends seat
// i (0-based) its state, broadcast every seat and spectator theirs (or
// nobody, when nothing happened), watchLine is a new spectator's state.
// Its spectators all see one view, whatever seat they ask to follow.
// Caller holds r.mu.
type ownLines interface {
	sendState(r *room, i int)
	broadcast(r *room)
	watchLine(r *room, ss *Session) []byte
}

// campaign is a Game whose over message is its own, the same for every
// seat and spectator (overLine), with a leaving player's own (leaveLine,
// nil: none), and whose score and level a daily challenge's table keeps
// (progress).
type campaign interface {
	overLine() []byte
	leaveLine(seat int) []byte
	progress() (score, level int, won bool)
}

// roundSaver is a Game whose file is written only when its last act
// completed a round (saveDue), not after every act.
type roundSaver interface {
	saveDue() bool
}

// seeded is a Game whose start message carries its seed.
type seeded interface {
	Seed() uint64
}

// refused is an act a Game refused with a code and sentence of its own.
type refused struct{ code, msg string }

func (e *refused) Error() string { return e.msg }

// maxSeats bounds the seats of a game of any kind.
const maxSeats = 8

// ErrNotYourTurn is a Game's answer to an act out of turn.
var ErrNotYourTurn = match.ErrNotYourTurn

// kinds are the kinds the server plays besides Minotaur's, each registered
// once here: those a client names in hello and in kind fields. Minotaur's
// registration (minotaurKind) loads its games from the data folder.
var kinds = map[string]*Kind{
	KindTrails:    &trailsKind,
	KindChess:     &chessKind,
	KindLabyrinth: &labyrinthKind,
	KindFoxhunt:   &foxhuntKind,
}

// kindNames lists the kinds the server plays, for error messages.
func kindNames() string {
	names := []string{KindMinotaur}
	for n := range kinds {
		names = append(names, n)
	}
	sort.Strings(names[1:])
	return strings.Join(names, ", ")
}

// kindOf reads a request's kind: "" is Minotaur's (kd nil: its games are
// started their own way). ok is false for a kind the server does not play.
func kindOf(k string) (string, *Kind, bool) {
	if k == "" || k == KindMinotaur {
		return KindMinotaur, nil, true
	}
	kd, ok := kinds[k]
	return k, kd, ok
}

// registered is the registration of a saved game's kind ("" and
// "minotaur" are Minotaur's), nil for a kind the server does not play.
func registered(k string) *Kind {
	if k == "" || k == KindMinotaur {
		return &minotaurKind
	}
	return kinds[k]
}

// knows reports whether the player's client said (in hello's kinds) that
// it plays kind k. Every client plays Minotaur.
func (p *player) knows(k string) bool {
	if k == KindMinotaur {
		return true
	}
	for _, x := range p.kinds {
		if x == k {
			return true
		}
	}
	return false
}

// clientKinds keeps, of a hello's kinds, those the server plays (a client
// newer than the server may list more), each once.
func clientKinds(ks []string) []string {
	var out []string
	for _, k := range ks {
		if kinds[k] != nil && !slices.Contains(out, k) {
			out = append(out, k)
		}
	}
	return out
}

// computerName is the name of computer seat n (1-based among the
// computer seats) of a game with bots of them.
func computerName(n, bots int) string {
	if bots == 1 {
		return "computer"
	}
	return "computer " + strconv.Itoa(n)
}

// StateHead is the room's head of a state message of the kinds of more
// than two seats (docs/protocol.md): the message's type and number, the
// kind, whether the reader's seat is to act, the seats' names, the seats
// expected to act, and a timed round's deadline and what is left of it.
// The seat's View follows it in the same object.
type StateHead struct {
	T        string   `json:"t"`
	Seq      int64    `json:"seq"`
	Kind     string   `json:"kind"`
	YourTurn bool     `json:"your_turn"`
	Names    []string `json:"names"`
	ToAct    []int    `json:"to_act"`
	RoundMS  int64    `json:"round_ms,omitempty"`
	LeftMS   int64    `json:"left_ms,omitempty"`
}
