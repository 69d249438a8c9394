package tui

import (
	"fmt"

	"github.com/minotaur-game/minotaur/engine"
)

// eventText turns one event into the sentence the player reads, or "" for
// events that need no words (a plain step). seat is the seat this screen
// plays: the partner's deeds are told in the third person.
func eventText(e engine.Event, seat int, keyed bool) string {
	you := e.Seat == 0 || e.Seat == seat
	who := "You"
	if !you {
		who = "Your partner"
	}
	switch e.Kind {
	case engine.EvBumpedWall:
		if you {
			return "A wall blocks the way."
		}
	case engine.EvBumpedExit:
		if you {
			return "The exit is locked — find the key."
		}
	case engine.EvSkipped:
		if you {
			return "You wait."
		}
	case engine.EvTookKey:
		return who + " took the key. The exit is open!"
	case engine.EvTookBonus:
		if e.Item == engine.Freeze {
			return fmt.Sprintf("%s pocketed a freeze (+%d): F uses it.", who, engine.BonusScore)
		}
		return fmt.Sprintf("%s took a %s (+%d).", who, e.Item.Name(), engine.BonusScore)
	case engine.EvFroze:
		return fmt.Sprintf("%s used a freeze: the monsters skip their next %d actions.", who, engine.FreezeActions)
	case engine.EvNoFreeze:
		if you {
			return "Your pocket holds no freeze."
		}
	case engine.EvTorchLit:
		if you {
			return "Your torch burns brighter: you see further."
		}
		return "Your partner's torch burns brighter."
	case engine.EvCompass:
		if keyed {
			return "The compass marks the way to the exit."
		}
		return "The compass marks the way to the key."
	case engine.EvEscaped:
		return who + " escaped through the exit!"
	case engine.EvCaught:
		if you {
			return fmt.Sprintf("The %s caught you!", e.Monster.Name())
		}
		return fmt.Sprintf("The %s caught your partner!", e.Monster.Name())
	case engine.EvMinotaurAims:
		return "The Minotaur prepares to leap! Get out of the marked area."
	case engine.EvMinotaurLeaps:
		return "The Minotaur leaps!"
	case engine.EvMinotaurRests:
		return "The Minotaur rests: slip past it now."
	case engine.EvLevelPassed:
		return fmt.Sprintf("Level %d passed: +%d points.", e.Score.Level, e.Score.Score)
	case engine.EvLevelStarted:
		return fmt.Sprintf("Level %d. Find the key, then the exit.", e.Level)
	case engine.EvSeatAway:
		if !you {
			return "Your partner lost the connection."
		}
	case engine.EvSeatBack:
		if !you {
			return "Your partner is back: they play from the next level."
		}
	case engine.EvSeatEnters:
		if you {
			return "You are back on the board, at your start."
		}
		return "Your partner is back on the board."
	case engine.EvSeatGone:
		if !you {
			return "Your partner has left the game: play on alone."
		}
	case engine.EvGameWon:
		return "You escaped the labyrinth!"
	case engine.EvGameLost:
		return "Game over."
	}
	return ""
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
