package minotaur

import (
	"github.com/minotaur-game/minotaur/engine"
)

// narrator words the session's events for this screen's seat, in the first
// person ("You took the key"), the partner by name: the engine's one
// narrator, shared with the server's messages.
func narrator(sess Session) engine.Narrator {
	info := sess.Info()
	n := engine.Narrator{Seat: sess.Seat(), FirstPerson: true, Players: info.Players}
	for i := 0; i < len(info.Names) && i < 2; i++ {
		n.Names[i] = info.Names[i]
	}
	return n
}

// actionError turns an error from Session.Act into a sentence.
func actionError(err error) string {
	switch err {
	case engine.ErrNotYourTurn:
		return "Wait: it is your partner's turn."
	case engine.ErrGameOver:
		return "The game is over."
	case engine.ErrSeatInactive:
		return "You are out until the level ends."
	}
	return "That did not work: " + err.Error() + "."
}
