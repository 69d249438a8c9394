// Package match is the one shape in which every game is offered to the
// server, the bots' harness, saves and replays (docs/architecture.md, "One
// shape for a match"), after OpenSpiel's State: seats numbered 1…n, the
// seats expected to act now, a seat's action as a string, what a seat may
// know, the outcome, and the game's saved form.
//
// It is not a game: it holds the interface and the Outcome type, imports
// only the standard library, and any game's adapter may implement it.
// A front end drives any match the same way:
//
//	for !m.Outcome().Over {
//		for _, seat := range m.ToAct() {
//			if err := m.Apply(seat, choose(m.View(seat))); err != nil {
//				tell(seat, err) // a sentence for that seat; nothing changed
//			}
//		}
//	}
//
// A game of simultaneous moves (the Fox hunt) lists every seat still in
// the round in ToAct and implements Rounds, so that a front end can end a
// round whose deadline passed; the deadline itself, like every clock, is
// the front end's.
package match

import (
	"encoding/json"
	"errors"
)

// Match is one game in progress, whatever its kind. Its methods are not
// safe for concurrent use; a Match never reads a clock, a file or the
// network.
type Match interface {
	// Seats is the number of seats, 1…Seats.
	Seats() int
	// ToAct lists the seats whose action is expected now, in seat order:
	// one seat in a turn-based game, every seat still to act in a round
	// of simultaneous moves, none once the game is over.
	ToAct() []int
	// Apply plays seat's action, as the game's docs spell it on the
	// wire. ErrNotYourTurn when seat is not in ToAct, ErrOver once the
	// game is over; any other error is a sentence for that seat. On an
	// error nothing changed.
	Apply(seat int, action string) error
	// View is what seat may know, a value that marshals to a JSON
	// object; seat 0 is a spectator. Hidden information is withheld
	// here and nowhere else.
	View(seat int) any
	// Outcome is the result: Over false while the game goes on.
	Outcome() Outcome
	// MarshalJSON saves the match; each game's Load reads it back.
	json.Marshaler
}

// Outcome is how a match ended.
type Outcome struct {
	// Over is set once the game has ended; the rest is meaningful then.
	Over bool `json:"over"`
	// Winners are the seats that won (several on a tie that shares the
	// win); none on a draw or when nobody won.
	Winners []int `json:"winners,omitempty"`
	// Draw is set when the game ended drawn.
	Draw bool `json:"draw,omitempty"`
	// Scores are the seats' points, Scores[seat-1], for a game that
	// keeps points; nil otherwise.
	Scores []int `json:"scores,omitempty"`
}

// Won reports whether seat is among the winners.
func (o Outcome) Won(seat int) bool {
	for _, w := range o.Winners {
		if w == seat {
			return true
		}
	}
	return false
}

// Rounds is implemented by a match whose seats act together: while Round
// is not 0, ToAct lists the seats that have not acted in the round yet,
// and the round is played when the last of them acts — or when EndRound
// is called, the silent seats doing what the game's docs say a silent
// seat does.
type Rounds interface {
	// Round numbers the round of simultaneous moves being played (a new
	// number for each round), 0 while seats take turns or once over.
	Round() int
	// EndRound plays the round as it stands.
	EndRound()
}

// Leaver is implemented by a match that goes on when a seat is given up
// for good (its player left): Leave says what becomes of the seat — the
// other side wins, it leaves the table, or a computer takes it over, as the
// game's docs say.
type Leaver interface {
	Leave(seat int)
}

// Errors of Apply that a front end tells apart.
var (
	ErrNotYourTurn = errors.New("not your turn")
	ErrOver        = errors.New("the game is over")
)
