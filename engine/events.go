package engine

import "fmt"

// EventKind says what happened.
type EventKind byte

// The events, in the order a turn can produce them.
const (
	EvMoved         EventKind = iota + 1 // Seat stepped to Pos
	EvSkipped                            // Seat skipped a turn
	EvBumpedWall                         // Seat walked into a wall at Pos: no turn spent
	EvBumpedExit                         // Seat walked into the closed exit at Pos: no turn spent
	EvTookKey                            // Seat took the key at Pos: the exit is open
	EvTookBonus                          // Seat took bonus Item at Pos
	EvFroze                              // Seat used a freeze: every monster skips its next FreezeActions actions
	EvTorchLit                           // Seat's light grows until the level ends
	EvCompass                            // Path holds the tiles the compass marked for Seat; Item is Key when they lead to the key, else to the exit
	EvEscaped                            // Seat stepped on the open exit
	EvCaught                             // Seat was caught by Monster at Pos
	EvMinotaurAims                       // the Minotaur marked the 3×3 area around Pos
	EvMinotaurLeaps                      // the Minotaur landed on Pos
	EvMinotaurRests                      // the Minotaur rests after its leap
	EvLevelPassed                        // Score holds the passed level's score
	EvLevelStarted                       // Level began
	EvSeatAway                           // Seat left the board (disconnected)
	EvSeatBack                           // Seat is connected again; it plays from the next level (or see EvSeatEnters)
	EvGameWon                            // the last level is passed
	EvGameLost                           // no player can go on
	EvSeatGone                           // Seat left the game for good (Abandon)
	EvSeatEnters                         // Seat, back while nobody was on the board, comes on at once at Pos
	EvNoFreeze                           // Seat tried to use a freeze with an empty pocket: no turn spent
	EvSighted                            // a Monster at Pos came into Seat's light, which it was not in after Seat's last action
	EvHeard                              // a hunter (Monster) began to hear Seat: Dist steps away, toward Dir; Pos is the seat's tile, never the hunter's
)

var eventNames = [...]string{
	EvMoved: "moved", EvSkipped: "skipped", EvBumpedWall: "bumped_wall",
	EvBumpedExit: "bumped_exit", EvTookKey: "took_key", EvTookBonus: "took_bonus",
	EvFroze: "froze", EvTorchLit: "torch_lit", EvCompass: "compass",
	EvEscaped: "escaped", EvCaught: "caught", EvMinotaurAims: "minotaur_aims",
	EvMinotaurLeaps: "minotaur_leaps", EvMinotaurRests: "minotaur_rests",
	EvLevelPassed: "level_passed", EvLevelStarted: "level_started",
	EvSeatAway: "seat_away", EvSeatBack: "seat_back", EvSeatGone: "seat_gone", EvSeatEnters: "seat_enters",
	EvGameWon: "game_won", EvGameLost: "game_lost", EvNoFreeze: "no_freeze", EvSighted: "sighted", EvHeard: "heard",
}

func (k EventKind) String() string {
	if int(k) < len(eventNames) && eventNames[k] != "" {
		return eventNames[k]
	}
	return fmt.Sprintf("event(%d)", k)
}

// Event is one thing that happened during Apply. Only the fields its Kind
// names are set. Front ends turn events into messages and effects; they never
// re-derive the rules.
type Event struct {
	Kind    EventKind
	Seat    int // 1 or 2; 0 when no player is concerned
	Pos     Point
	Item    Item
	Monster MonsterKind
	Level   int // 1-based level number
	Score   LevelScore
	Path    []Point
	Dist    int  // EvHeard: path distance from the seat to the hunter
	Dir     Wind // EvHeard: compass direction from the seat to the hunter
}

func (e Event) String() string {
	s := e.Kind.String()
	if e.Seat != 0 {
		s += fmt.Sprintf(" seat=%d", e.Seat)
	}
	switch e.Kind {
	case EvMoved, EvBumpedWall, EvBumpedExit, EvTookKey, EvEscaped, EvMinotaurAims, EvMinotaurLeaps:
		s += " at " + e.Pos.String()
	case EvTookBonus:
		s += fmt.Sprintf(" %s at %v", e.Item.Name(), e.Pos)
	case EvCaught:
		s += fmt.Sprintf(" by %s at %v", e.Monster.Name(), e.Pos)
	case EvHeard:
		s += fmt.Sprintf(" %s %d %s", e.Monster.Name(), e.Dist, e.Dir)
	case EvLevelPassed:
		s += fmt.Sprintf(" level=%d turns=%d bonuses=%d score=%d", e.Score.Level, e.Score.Turns, e.Score.Bonuses, e.Score.Score)
	case EvLevelStarted:
		s += fmt.Sprintf(" level=%d", e.Level)
	}
	return s
}

// Events are what one action did, in order, as Apply returns them.
type Events []Event

// TurnSpent reports whether the action cost a turn. A step into a wall or
// the closed exit, or a freeze used with an empty pocket, changes nothing:
// Apply then returns that one event and nothing else.
func (ev Events) TurnSpent() bool {
	if len(ev) != 1 {
		return len(ev) > 0
	}
	switch ev[0].Kind {
	case EvBumpedWall, EvBumpedExit, EvNoFreeze:
		return false
	}
	return true
}
