package foxhunt

import (
	"fmt"
	"strings"

	"github.com/minotaur-game/minotaur/tui/keymap"
	"github.com/minotaur-game/minotaur/tui/screen"
)

// helpText is the Fox hunt's help: the goal, every key, every glyph of the
// map. mono describes the glyphs as a terminal without colour draws them.
func helpText(mono bool) string {
	walls, rock, fox, you := "▒▒", "██", "the fox (on orange)", "you (on your colour)"
	if mono {
		walls, rock, fox, you = "++", "##", "the fox (in reverse)", "you (in bold)"
	}
	km, g := keymap.Active(), keymap.FoxHunt
	k := func(keys, what string) string { return fmt.Sprintf("  %-17s %s", keys, what) }
	moves := km.MoveLabel(g, "W A S D, arrows, hjkl, 8462")
	bomb := km.Label(g, "bomb", "B")
	return strings.Join([]string{
		"One player is the fox and scores a point every round it stays the fox; the others hunt it. A hunter who steps onto the fox's field catches it and becomes the fox. The most points when the rounds run out wins.",
		"",
		"Keys (one command a round; a round ends when everyone has sent one, or after its time):",
		k(moves, "step"),
		k(bomb+", direction, 0-9", "throw a bomb that many fields that way"),
		k(bomb+" "+bomb+"  or  "+bomb+" Space", "lay a bomb on your own field"),
		k("Esc (after "+bomb+")", "take the "+bomb+" back"),
		k(km.LabelAll(g, "wait", "Space, N, 5", ", "), "do nothing this round"),
		k(km.LabelAll(g, "help", "? H", " "), "this help"),
		k(km.LabelAll(g, "pause", "Esc, P", ", "), "pause (the rounds go on: you stand still)"),
		k(km.LabelAll(g, "quit", "Q", ", "), "leave the match (asks first)"),
		"",
		"The map:",
		"  F   " + fox,
		"  @   " + you,
		"  p   another hunter, in its colour on the scoreboard",
		"  P   several players on one field",
		"  0-9 a bomb: the rounds left before it goes off",
		"  *   a beam: a bomb going off, straight up, down, left and right; a",
		"      player in it stands still for a few rounds and loses its specials",
		"  " + walls + "  a wall a beam breaks (it may hide a special)",
		"  " + rock + "  a wall that stands",
		"  .   free field",
		"  r   special: your beams reach one field further",
		"  b   special: one more bomb at a time",
		"  h   special: a shield against beams for a few rounds",
	}, "\n")
}

// newHelp is the help screen; any key but the scrolling ones returns.
func newHelp(c *screen.Context) screen.Screen {
	return screen.NewPager(c, "FOX HUNT — HELP", func(w int) string { return screen.Wrap(helpText(c.Styles.Mono), w) },
		screen.ScrollHint, false)
}

// Help is the Fox hunt's help (what ? opens in its menu and in play).
func Help(c *screen.Context) screen.Screen { return newHelp(c) }
