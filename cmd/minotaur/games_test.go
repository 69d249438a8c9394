package main

import (
	"testing"

	"github.com/minotaur-game/minotaur/tui"
)

// TestGameSubcommands: every game of the list with a subcommand has it in
// this binary, reached through the list, and a game's name that the list
// gives no subcommand (Minotaur's, the program's own) runs none.
func TestGameSubcommands(t *testing.T) {
	for _, g := range tui.Games() {
		c, ok := lookup(g.Name)
		switch {
		case g.Command == nil:
			if ok {
				t.Errorf("%q runs a subcommand the list of games does not give it", g.Name)
			}
		case !ok || c.Run == nil:
			t.Errorf("the game %q has no subcommand in this binary", g.Name)
		}
	}
}
