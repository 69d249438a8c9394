package netplay

import (
	"fmt"

	"github.com/minotaur-game/minotaur/engine"
)

// Sentences turns the events of one action into the sentences that the seat
// viewer (1 or 2) is shown, naming players by names (seat 1's name first).
// Steps and skips say nothing; a bump is told only to the player who bumped.
// The sentences reveal nothing the team does not know.
func Sentences(events []engine.Event, viewer int, names [2]string) []string {
	out := make([]string, 0, len(events))
	name := func(seat int) string {
		if seat >= 1 && seat <= 2 && names[seat-1] != "" {
			return names[seat-1]
		}
		return fmt.Sprintf("player %d", seat)
	}
	for _, e := range events {
		var s string
		switch e.Kind {
		case engine.EvBumpedWall:
			if e.Seat == viewer {
				s = "A wall blocks the way."
			}
		case engine.EvBumpedExit:
			if e.Seat == viewer {
				s = "The exit is locked — find the key."
			}
		case engine.EvTookKey:
			s = name(e.Seat) + " took the key: the exit is open."
		case engine.EvTookBonus:
			s = fmt.Sprintf("%s took a %s (+%d).", name(e.Seat), e.Item.Name(), engine.BonusScore)
		case engine.EvFroze:
			s = fmt.Sprintf("%s used a freeze: the monsters skip their next %d actions.", name(e.Seat), engine.FreezeActions)
		case engine.EvNoFreeze:
			if e.Seat == viewer {
				s = "Your pocket holds no freeze."
			}
		case engine.EvTorchLit:
			s = name(e.Seat) + " lights a torch."
		case engine.EvCompass:
			s = "The compass marks the way."
		case engine.EvEscaped:
			s = name(e.Seat) + " escaped."
		case engine.EvCaught:
			by := "a " + e.Monster.Name()
			if e.Monster == engine.Minotaur {
				by = "the Minotaur"
			}
			s = fmt.Sprintf("%s was caught by %s.", name(e.Seat), by)
		case engine.EvMinotaurAims:
			s = "The Minotaur is about to leap: leave the marked area!"
		case engine.EvMinotaurLeaps:
			s = "The Minotaur leaps."
		case engine.EvMinotaurRests:
			s = "The Minotaur rests."
		case engine.EvLevelPassed:
			sc := e.Score
			s = fmt.Sprintf("Level %d passed: %d points (%d + %d time bonus + %d for bonuses).",
				sc.Level, sc.Score, engine.BaseLevelScore, sc.TimeBonus, engine.BonusScore*sc.Bonuses)
		case engine.EvLevelStarted:
			s = fmt.Sprintf("Level %d begins.", e.Level)
		case engine.EvSeatAway:
			s = name(e.Seat) + " is away."
		case engine.EvSeatBack:
			s = name(e.Seat) + " is back."
		case engine.EvSeatEnters:
			s = name(e.Seat) + " is back on the board."
		case engine.EvSeatGone:
			s = name(e.Seat) + " has left the game."
		case engine.EvGameWon:
			s = "The team escaped the labyrinth: you won!"
		case engine.EvGameLost:
			s = "Nobody is left standing: the game is lost."
		}
		if s != "" {
			out = append(out, s)
		}
	}
	return out
}

// EventInfos returns the events of one action that seat viewer is told:
// the same selection as Sentences (a bump only to the player who bumped).
// Their JSON carries no positions (engine.Event.MarshalJSON).
func EventInfos(events []engine.Event, viewer int) []engine.Event {
	out := make([]engine.Event, 0, len(events))
	for _, e := range events {
		if (e.Kind == engine.EvBumpedWall || e.Kind == engine.EvBumpedExit || e.Kind == engine.EvNoFreeze) && e.Seat != viewer {
			continue
		}
		out = append(out, e)
	}
	return out
}
