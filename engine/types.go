// Package engine is the game itself: grids, maze generation, sight, paths,
// monsters, turns, score, events and (de)serialisation. It is pure and
// deterministic: it reads no clock, touches no file, starts no goroutine, and
// draws every random number from a math/rand/v2 PCG source that is saved with
// the game. The same seed and the same actions give the same game.
//
// A front end uses it like this:
//
//	g, err := engine.New(engine.Config{Seed: 42, Players: 1})
//	events, err := g.Apply(1, engine.Up) // seat 1 steps up
//	v := g.View(1)                        // what seat 1 perceives now
//	data, err := json.Marshal(g)          // a save; engine.Load reads it back
//
// The front end draws only from a View and shows messages only from Events:
// it never re-derives a rule.
package engine

import "fmt"

// Point is a tile position: X the column from 0 at the left, Y the row from 0
// at the top.
type Point struct {
	X int `json:"x"`
	Y int `json:"y"`
}

func (p Point) String() string { return fmt.Sprintf("(%d, %d)", p.X, p.Y) }

// Add returns p moved by d.
func (p Point) Add(d Point) Point { return Point{p.X + d.X, p.Y + d.Y} }

// Action is what a player does with a turn. Its value is the character that
// stands for it in replays and in the network protocol.
type Action byte

// The actions. Steps are tried, and path ties broken, in the order up, left,
// down, right.
const (
	Up    Action = 'w'
	Left  Action = 'a'
	Down  Action = 's'
	Right Action = 'd'
	Skip  Action = '.'
	// UseFreeze spends a freeze from the pocket: every monster skips its
	// next FreezeActions actions.
	UseFreeze Action = 'f'
)

// ParseAction returns the action for its character (w a s d . f), in either case.
func ParseAction(c byte) (Action, bool) {
	switch c {
	case 'w', 'W':
		return Up, true
	case 'a', 'A':
		return Left, true
	case 's', 'S':
		return Down, true
	case 'd', 'D':
		return Right, true
	case '.':
		return Skip, true
	case 'f', 'F':
		return UseFreeze, true
	}
	return 0, false
}

// Delta returns the step an action makes; Skip and UseFreeze make none.
func (a Action) Delta() Point {
	switch a {
	case Up:
		return Point{0, -1}
	case Left:
		return Point{-1, 0}
	case Down:
		return Point{0, 1}
	case Right:
		return Point{1, 0}
	}
	return Point{}
}

func (a Action) String() string { return string(rune(a)) }

// dirs are the four steps in the fixed tie-break order: up, left, down, right.
var dirs = [4]Point{{0, -1}, {-1, 0}, {0, 1}, {1, 0}}

// Item is an object lying on a tile that a player can take.
type Item byte

// The items. Their values are their level-file characters.
const (
	NoItem  Item = 0
	Key     Item = 'K'
	Freeze  Item = '*'
	Torch   Item = '^'
	Compass Item = '?'
)

// IsBonus reports whether the item is one of the three bonuses.
func (i Item) IsBonus() bool { return i == Freeze || i == Torch || i == Compass }

// Name is the item's name in a sentence ("the key", "a torch").
func (i Item) Name() string {
	switch i {
	case Key:
		return "key"
	case Freeze:
		return "freeze"
	case Torch:
		return "torch"
	case Compass:
		return "compass"
	}
	return "nothing"
}

// MonsterKind tells hunters, wanderers and the Minotaur apart. Its value is
// the monster's level-file character.
type MonsterKind byte

// The monster kinds.
const (
	Hunter   MonsterKind = 'H'
	Wanderer MonsterKind = 'W'
	Minotaur MonsterKind = 'M'
)

// Name is the monster's name in a sentence.
func (k MonsterKind) Name() string {
	switch k {
	case Hunter:
		return "hunter"
	case Wanderer:
		return "wanderer"
	case Minotaur:
		return "Minotaur"
	}
	return "monster"
}

// Called is the monster's name with its article, as a sentence names one
// ("a hunter", "the Minotaur": there is only one).
func (k MonsterKind) Called() string {
	if k == Minotaur {
		return "the " + k.Name()
	}
	return "a " + k.Name()
}

// SeatState is where a player stands in the current level.
type SeatState byte

// The seat states.
const (
	Active  SeatState = iota // on the board, playing
	Caught                   // out until the level ends
	Escaped                  // stepped on the open exit
	Away                     // disconnected: off the board, not needed to pass
)

func (s SeatState) String() string {
	switch s {
	case Active:
		return "active"
	case Caught:
		return "caught"
	case Escaped:
		return "escaped"
	case Away:
		return "away"
	}
	return "unknown"
}

// Result is how the game stands.
type Result byte

// The results.
const (
	InProgress Result = iota
	Won
	Lost
)

func (r Result) String() string {
	switch r {
	case Won:
		return "won"
	case Lost:
		return "lost"
	}
	return "in_progress"
}

// Light is how well a seat sees a tile.
type Light byte

// The light levels, as in the protocol's `light` rows.
const (
	Unseen     Light = 0 // never seen: nothing is drawn
	Remembered Light = 1 // seen before, now in shadow: drawn grey from memory
	Penumbra   Light = 2 // map only: walls, floor, the exit
	Lit        Light = 3 // map, items and monsters
)

// LevelScore is the score of one passed level.
type LevelScore struct {
	Level     int `json:"level"`
	Turns     int `json:"turns"`
	Bonuses   int `json:"bonuses"`
	TimeBonus int `json:"time_bonus"`
	Score     int `json:"score"`
}

// ScoreLevel computes a level's score: 100 + max(0, 300 − turns) + 20 × bonuses.
func ScoreLevel(level, turns, bonuses int) LevelScore {
	tb := max(0, TimeBonusTurns-turns)
	return LevelScore{
		Level: level, Turns: turns, Bonuses: bonuses, TimeBonus: tb,
		Score: BaseLevelScore + tb + BonusScore*bonuses,
	}
}

// Scoring constants.
const (
	BaseLevelScore = 100
	TimeBonusTurns = 300
	BonusScore     = 20
)
