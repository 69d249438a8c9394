package labyrinth

import (
	"fmt"
	"strings"
)

// Fact is one thing the referee tells a player.
type Fact uint8

// The facts a referee tells. Each has one sentence (Said.Text).
const (
	// FactStart: the player's start cell (Cell) and the field's size
	// (N rows, M columns). Told once, before the first turn.
	FactStart        Fact = iota
	FactWall              // the step hit a wall; the player stays
	FactMoved             // the step was taken — or a rubber room lies
	FactLeftRubber        // the step left a rubber room
	FactNeedKey           // a step out through the exit without the key
	FactWon               // a step out through the exit with the key: the game is won
	FactStunned           // a stun cell: the next N turns are skipped
	FactStillStunned      // a skipped turn; N turns are skipped, this one included
	FactTeleported        // a teleport moved the player (where to is not told)
	FactArmory            // an armory: the player now has N bullets
	FactKey               // the key was found
	FactPickedUp          // a dropped inventory was taken: N bullets, and the key when Key
	FactHit               // the shot hit someone
	FactMissed            // the shot hit no one
	FactNoBullets         // no bullet to shoot: the turn is not spent
	FactShot              // the player was shot: back at the start, inventory lost
	FactShotAsleep        // the sleeping body was shot: awake, back at the start, inventory lost
	FactWokeUp            // the player woke up: the dream, if they knew it was one, is over
	FactInventory         // N bullets; the key when Key
	FactHelp              // the list of commands
	FactShotSkip          // the turn skipped after being shot, back at the start
	numFacts
)

// Said is one fact as told, with its numbers.
type Said struct {
	Fact Fact `json:"fact"`
	N    int  `json:"n,omitempty"`
	M    int  `json:"m,omitempty"`
	Key  bool `json:"key,omitempty"`
	Cell Cell `json:"cell,omitzero"`
}

func plural(n int, one, many string) string {
	if n == 1 {
		return fmt.Sprintf("%d %s", n, one)
	}
	return fmt.Sprintf("%d %s", n, many)
}

// HelpText is the referee's list of commands (the answer to "?").
const HelpText = "Commands: W, A, S, D step up, left, down, right; X and a direction shoots that way (X D); E tells your inventory; ? this list. Letters in either case."

// Text is the fact's sentence.
func (s Said) Text() string {
	switch s.Fact {
	case FactStart:
		return fmt.Sprintf("You start at %v on a field of %d × %d cells.", s.Cell, s.N, s.M)
	case FactWall:
		return "You hit a wall."
	case FactMoved:
		return "You moved."
	case FactLeftRubber:
		return "You left a rubber room."
	case FactNeedKey:
		return "You need the key to get out."
	case FactWon:
		return "You got out: you win!"
	case FactStunned:
		return "You are stunned for " + plural(s.N, "turn", "turns") + "."
	case FactStillStunned:
		// N counts this turn; the sentence counts the turns after it
		// (docs/labyrinth.md, "Stuns").
		if s.N <= 1 {
			return "You are stunned: this is your last skipped turn."
		}
		return "You are stunned: " + plural(s.N-1, "more turn", "more turns") + "."
	case FactTeleported:
		return "You were teleported."
	case FactArmory:
		return "You found an armory: you have " + plural(s.N, "bullet", "bullets") + "."
	case FactKey:
		return "You found the key."
	case FactPickedUp:
		var parts []string
		if s.N > 0 {
			parts = append(parts, plural(s.N, "bullet", "bullets"))
		}
		if s.Key {
			parts = append(parts, "the key")
		}
		return "You picked up " + strings.Join(parts, " and ") + "."
	case FactHit:
		return "You hit someone."
	case FactMissed:
		return "You missed."
	case FactNoBullets:
		return "You have no bullets."
	case FactShotSkip:
		return "You skip this turn: you were shot and are back at your start."
	case FactShot:
		return "You were shot: you lost your inventory and are back at your start."
	case FactShotAsleep:
		return "You were shot in your sleep: you woke up back at your start, without your inventory."
	case FactWokeUp:
		return "You woke up."
	case FactInventory:
		key := "no key"
		if s.Key {
			key = "the key"
		}
		return fmt.Sprintf("You have %s of %d and %s.", plural(s.N, "bullet", "bullets"), MaxBullets, key)
	case FactHelp:
		return HelpText
	}
	return fmt.Sprintf("(fact %d)", s.Fact)
}

// Answer is what the referee tells one player at one moment: the answer to
// their own command (Own, with Cmd), or news between their commands (a
// skipped turn, a shot that hit them, the start cell).
type Answer struct {
	Player int     `json:"player"` // 1-based
	Turn   int     `json:"turn"`   // the round; 0 for the opening
	Own    bool    `json:"own,omitempty"`
	Cmd    Command `json:"cmd"`
	Says   []Said  `json:"says"`
}

// Text is the answer's sentences.
func (a Answer) Text() string {
	parts := make([]string, len(a.Says))
	for i, s := range a.Says {
		parts[i] = s.Text()
	}
	return strings.Join(parts, " ")
}

// Has reports whether the answer tells fact f.
func (a Answer) Has(f Fact) bool {
	for _, s := range a.Says {
		if s.Fact == f {
			return true
		}
	}
	return false
}

// Check reports whether an answer read back from a file is one the referee
// could have given: known facts, a command that exists, a player number.
func (a Answer) Check(players int) error {
	if a.Player < 1 || a.Player > players {
		return fmt.Errorf("an answer to player %d of %d", a.Player, players)
	}
	if a.Cmd.Kind > Help || a.Cmd.Dir > Right {
		return fmt.Errorf("an answer to an unknown command")
	}
	for _, s := range a.Says {
		if s.Fact >= numFacts {
			return fmt.Errorf("an unknown fact (%d)", s.Fact)
		}
	}
	return nil
}
