package labyrinth

import (
	"fmt"
	"strings"
)

// Kind is what a command does.
type Kind uint8

// The commands of a turn.
const (
	// Step moves one cell in Dir; it costs the turn.
	Step Kind = iota
	// Shoot fires a bullet in Dir; it costs the turn (when there is a
	// bullet to fire).
	Shoot
	// Inventory tells the bullets and the key; it costs nothing.
	Inventory
	// Help lists the commands; it costs nothing.
	Help
)

// Command is one command of a player.
type Command struct {
	Kind Kind
	Dir  Dir
}

// dirKeys are the letters of the directions, in Dir order.
const dirKeys = "WASD"

// String is the command as a player types it: "W", "X D", "E", "?".
func (c Command) String() string {
	switch c.Kind {
	case Step:
		return string(dirKeys[c.Dir])
	case Shoot:
		return "X " + string(dirKeys[c.Dir])
	case Inventory:
		return "E"
	}
	return "?"
}

// CostsTurn reports whether the command ends the player's turn (a shot
// without bullets does not; Act tells).
func (c Command) CostsTurn() bool { return c.Kind == Step || c.Kind == Shoot }

// DirOfKey returns the direction of a W, A, S or D key, in either case.
func DirOfKey(r rune) (Dir, bool) {
	i := strings.IndexRune(dirKeys, toUpper(r))
	if i < 0 {
		return 0, false
	}
	return Dir(i), true
}

func toUpper(r rune) rune {
	if r >= 'a' && r <= 'z' {
		return r - 'a' + 'A'
	}
	return r
}

// commandHelp names the commands, for error messages.
const commandHelp = "the commands are W, A, S, D (a step up, left, down, right), X and a direction (a shot, such as X D), E (inventory) and ? (help)"

// ParseCommand reads a command as a player types it, in either case:
// "W", "a", "X D", "xd", "E", "?".
func ParseCommand(s string) (Command, error) {
	t := strings.ToUpper(strings.Join(strings.Fields(s), ""))
	switch {
	case t == "":
		return Command{}, fmt.Errorf("no command: %s", commandHelp)
	case t == "E":
		return Command{Kind: Inventory}, nil
	case t == "?":
		return Command{Kind: Help}, nil
	case len(t) == 1:
		if d, ok := DirOfKey(rune(t[0])); ok {
			return Command{Kind: Step, Dir: d}, nil
		}
	case t[0] == 'X':
		if len(t) == 2 {
			if d, ok := DirOfKey(rune(t[1])); ok {
				return Command{Kind: Shoot, Dir: d}, nil
			}
		}
		return Command{}, fmt.Errorf("%q is not a shot: X takes a direction, W, A, S or D (such as X D)", strings.TrimSpace(s))
	}
	if t == "X" {
		return Command{}, fmt.Errorf("X takes a direction, W, A, S or D (such as X D)")
	}
	return Command{}, fmt.Errorf("%q is not a command: %s", strings.TrimSpace(s), commandHelp)
}
