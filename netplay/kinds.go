package netplay

import (
	"encoding/json"
	"errors"
	"slices"
	"sort"
	"strings"
)

// Game kinds (docs/protocol.md "Game kinds"): the server runs Minotaur's
// campaign, and games of other kinds through one mechanism — "a game of
// kind K between these seats" — the room holding a Match instead of an
// engine.Game. A kind is added by writing its Match and registering it in
// kinds; the lobby, invitations, solo games with a bot, turns, spectators,
// lost connections and the data folder are the server's, for every kind.
const (
	KindMinotaur = "minotaur"
	KindTrails   = "trails"
	KindChess    = "chess"
)

// Match is a game of a kind other than Minotaur's, as a room runs it. The
// room's lock guards it; its methods are called with it held.
type Match interface {
	// Seats is the number of players.
	Seats() int
	// Turn is the seat (1…Seats) whose act is expected, 0 once over.
	Turn() int
	// Act plays seat's action (the act message's a). ErrNotYourTurn out
	// of turn; any other error is a sentence for the client, and nothing
	// changed.
	Act(seat int, a string) error
	// StateLine is the state message for seat (0: a spectator), with
	// its seq and the seats' names: only what that seat may see.
	StateLine(seat int, seq int64, names []string) []byte
	// Winner is the seat that won, 0 while the game goes on.
	Winner() int
	// Abandon gives a seat up for good: the other side wins.
	Abandon(seat int)
	// BotMove is the action of the computer when it plays the seat to
	// move (a game started with a bot), else "".
	BotMove() string
	// Moves is the number of moves played, the lobby's turn.
	Moves() int
	// Bot is the computer's level, 0 when people play every seat.
	Bot() int
	json.Marshaler
}

// Kind makes and reads the games of one kind.
type Kind struct {
	Name  string // as in kind fields
	Title string // for sentences: "Trails and Towers"
	// New starts a game; with bot > 0 the computer of that level plays
	// the last seat.
	New func(seed uint64, bot int) (Match, error)
	// Load reads a game saved by its MarshalJSON.
	Load func(data []byte) (Match, error)
	// MaxBot is the highest computer level (a solo game's level).
	MaxBot int
}

// ErrNotYourTurn is a Match's answer to an act out of turn.
var ErrNotYourTurn = errors.New("not your turn")

var kinds = map[string]*Kind{KindTrails: &trailsKind, KindChess: &chessKind}

// kindNames lists the kinds the server plays, for error messages.
func kindNames() string {
	names := []string{KindMinotaur}
	for n := range kinds {
		names = append(names, n)
	}
	sort.Strings(names[1:])
	return strings.Join(names, ", ")
}

// kindOf reads a request's kind: "" is Minotaur's. ok is false for a kind
// the server does not play.
func kindOf(k string) (string, *Kind, bool) {
	if k == "" || k == KindMinotaur {
		return KindMinotaur, nil, true
	}
	kd, ok := kinds[k]
	return k, kd, ok
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
