package engine

import "fmt"

// Narrator words events for one viewer. It is the one place the game's
// events become sentences: the terminal game (solo, co-op, over SSH, in a
// replay) and the server's `state` messages all use it, so a deed reads
// the same everywhere.
//
// A viewer is a seat (1 or 2) or nobody in particular (Seat 0: a
// spectator, or a protocol client, who is told every deed by the doer's
// name). With FirstPerson, the viewer's own deeds are told as "You …", and
// a partner without a name is "Your partner".
type Narrator struct {
	Seat        int
	Names       [2]string // the players' names, "" where unknown
	FirstPerson bool
	Players     int // 1 solo, 2 co-op; 0 is taken as 2 when Names[1] is set
}

// Tells reports whether the viewer is told of e at all: a bump into a
// wall, the closed exit or an empty pocket is told only to the player who
// made it.
func (n Narrator) Tells(e Event) bool {
	switch e.Kind {
	case EvBumpedWall, EvBumpedExit, EvNoFreeze, EvSkipped, EvSighted, EvHeard:
		return e.Seat == n.Seat && n.Seat != 0
	}
	return true
}

// Sentences returns the sentences of the events the viewer is told, in
// order; events that need no words (a plain step) give none.
func (n Narrator) Sentences(events []Event) []string {
	return n.AppendSentences(make([]string, 0, len(events)), events)
}

// AppendSentences appends Sentences(events) to dst: a caller that keeps
// dst allocates only the sentences that name someone.
func (n Narrator) AppendSentences(dst []string, events []Event) []string {
	for _, e := range events {
		if s := n.Say(e); s != "" {
			dst = append(dst, s)
		}
	}
	return dst
}

// Told returns the events the viewer is told of, in order.
func (n Narrator) Told(events []Event) []Event {
	return n.AppendTold(make([]Event, 0, len(events)), events)
}

// AppendTold appends Told(events) to dst.
func (n Narrator) AppendTold(dst []Event, events []Event) []Event {
	for _, e := range events {
		if n.Tells(e) {
			dst = append(dst, e)
		}
	}
	return dst
}

// Say returns the sentence for one event, or "" when the viewer is not told
// of it or it needs no words.
func (n Narrator) Say(e Event) string {
	if !n.Tells(e) {
		return ""
	}
	you := n.FirstPerson && e.Seat != 0 && e.Seat == n.Seat
	who := n.who(e.Seat)
	solo := n.players() == 1
	switch e.Kind {
	case EvBumpedWall:
		return "A wall blocks the way."
	case EvBumpedExit:
		return "The exit is locked — find the key."
	case EvNoFreeze:
		return "Your pocket holds no freeze."
	case EvSkipped:
		if you {
			return "You wait."
		}
	case EvTookKey:
		return who + " took the key: the exit is open."
	case EvTookBonus:
		if e.Item == Freeze {
			return fmt.Sprintf("%s pocketed a freeze (+%d): F uses it.", who, BonusScore)
		}
		return fmt.Sprintf("%s took a %s (+%d).", who, e.Item.Name(), BonusScore)
	case EvFroze:
		return fmt.Sprintf("%s used a freeze: the monsters skip their next %d actions.", who, FreezeActions)
	case EvTorchLit:
		if you {
			return "Your torch burns brighter: you see further."
		}
		return who + " lights a torch."
	case EvCompass:
		if e.Item == Key {
			return "The compass marks the way to the key."
		}
		return "The compass marks the way to the exit."
	case EvEscaped:
		return who + " escaped."
	case EvCaught:
		by := e.Monster.Called()
		if you {
			return fmt.Sprintf("You were caught by %s!", by)
		}
		return fmt.Sprintf("%s was caught by %s.", who, by)
	case EvSighted:
		if you {
			return "You see " + e.Monster.Called() + "."
		}
		return who + " sees " + e.Monster.Called() + "."
	case EvHeard:
		return HeardSentence(e.Monster, e.Dist, e.Dir)
	case EvMinotaurAims:
		return "The Minotaur is about to leap: leave the marked area!"
	case EvMinotaurLeaps:
		return "The Minotaur leaps."
	case EvMinotaurRests:
		return "The Minotaur rests: slip past it now."
	case EvLevelPassed:
		sc := e.Score
		return fmt.Sprintf("Level %d passed: %d points (%d + %d time bonus + %d for bonuses).",
			sc.Level, sc.Score, BaseLevelScore, sc.TimeBonus, BonusScore*sc.Bonuses)
	case EvLevelStarted:
		return fmt.Sprintf("Level %d begins.", e.Level)
	case EvSeatAway:
		return who + " is away."
	case EvSeatBack:
		return who + " is back."
	case EvSeatEnters:
		if you {
			return "You are back on the board, at your start."
		}
		return who + " is back on the board."
	case EvSeatGone:
		return who + " has left the game."
	case EvGameWon:
		if solo {
			return "You escaped the labyrinth: you won!"
		}
		return "The team escaped the labyrinth: you won!"
	case EvGameLost:
		if solo {
			return "Game over."
		}
		return "Nobody is left standing: the game is lost."
	}
	return ""
}

// who names the doer of a deed of seat s for this viewer.
func (n Narrator) who(s int) string {
	switch {
	case n.FirstPerson && s == n.Seat:
		return "You"
	case s >= 1 && s <= 2 && n.Names[s-1] != "":
		return n.Names[s-1]
	case n.FirstPerson:
		return "Your partner"
	}
	return fmt.Sprintf("player %d", s)
}

func (n Narrator) players() int {
	if n.Players != 0 {
		return n.Players
	}
	if n.Names[1] != "" {
		return 2
	}
	return 1
}

// HeardSentence words a hunter starting to hear a seat, told to that seat
// alone: "A hunter has heard you: 5 steps, north-east."
func HeardSentence(k MonsterKind, dist int, dir Wind) string {
	return fmt.Sprintf("%s has heard you: %s, %s.", capital(k.Called()), Steps(dist), dir.Name())
}

// Steps says a path distance: "1 step", "5 steps".
func Steps(n int) string {
	if n == 1 {
		return "1 step"
	}
	return fmt.Sprintf("%d steps", n)
}

// capital makes the first letter of an ASCII phrase upper case.
func capital(s string) string {
	if s != "" && s[0] >= 'a' && s[0] <= 'z' {
		return string(s[0]-'a'+'A') + s[1:]
	}
	return s
}
