package foxhunt

import (
	"strings"

	"github.com/minotaur-game/minotaur/tui/screen"
)

// helpText is the Fox hunt's help: the goal, every key, every glyph of the
// map. mono describes the glyphs as a terminal without colour draws them.
func helpText(mono bool) string {
	walls, rock, fox, you := "▒▒", "██", "the fox (on orange)", "you (on your colour)"
	if mono {
		walls, rock, fox, you = "++", "##", "the fox (in reverse)", "you (in bold)"
	}
	return strings.Join([]string{
		"One player is the fox and scores a point every round it stays the fox; the others hunt it. A hunter who steps onto the fox's field catches it and becomes the fox. The most points when the rounds run out wins.",
		"",
		"Keys (one command a round; a round ends when everyone has sent one, or after its time):",
		"  W A S D, arrows   step",
		"  B, direction, 0-9 throw a bomb that many fields that way",
		"  B B  or  B Space  lay a bomb on your own field",
		"  Esc (after B)     take the B back",
		"  Space, N          do nothing this round",
		"  ? H               this help",
		"  Esc, P            pause (the rounds go on: you stand still)",
		"  Q                 leave the match (asks first)",
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
