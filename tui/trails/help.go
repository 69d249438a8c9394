package trails

import (
	"fmt"
	"strings"

	"github.com/minotaur-game/minotaur/tui/keymap"
	"github.com/minotaur-game/minotaur/tui/screen"
)

// helpText is the help page: the rules in short, the marks, the keys.
// Its paragraphs are wrapped to the terminal's width (helpBody); the key
// table's indented lines are kept as they are.
const helpText = `TRAILS AND TOWERS — HELP

Blue starts in the top-left corner, Red in the bottom-right. In turn, each moves up, down, left or right, leaving a trail.

Boost: a move in the same direction as your last one goes one cell further (1, 2, 3…); another direction goes 1 again.

A 1-cell move needs a free cell. With a boost you jump: the target must be free or a tower; every free cell on the way becomes yours, also those before a trail you jump over. A boost beyond the border stops at the border, if the cell there is free.

A tower (T) is taken only by a boosted jump that ends on it. Take more than half of the towers to win; a player with no legal move loses. No cell is taken twice.

Marks: b r trails, B R the players, T a tower (a taken one in its taker's colour; underlined without colour); the cells you may go to are marked (green, or reverse video without colour).

A field larger than the screen is shown in part, the part around the player to move; the panel says where the rest lies.

Keys`

// helpKeys is the help's list of keys, as the active keymap binds them.
func helpKeys() string {
	km, g := keymap.Active(), keymap.Trails
	k := func(keys, what string) string { return fmt.Sprintf("  %-12s %s", keys, what) }
	move := "move (D is right)"
	if km.MoveLabel(g, "") != "" {
		move = "move: up, left, down, right"
	}
	lines := []string{
		k(km.MoveLabel(g, "arrows WASD"), move),
	}
	if km.MoveLabel(g, "") == "" {
		lines = append(lines, k("hjkl 8462", "move too (vi-keys, numpad)"))
	}
	return strings.Join(append(lines,
		k("click", "a marked cell, or toward"),
		k(km.LabelAll(g, "undo", "U", " "), "undo (against the bot)"),
		k(km.LabelAll(g, "restart", "R", " "), "restart"),
		k(km.LabelAll(g, "help", "? H", " "), "this help"),
		k(km.LabelAll(g, "pause", "P Esc", " "), "pause: save, quit"),
		k(km.LabelAll(g, "quit", "Q", " "), "quit (asks if unsaved)"),
	), "\n")
}

// fullHelp is the help page with its keys.
func fullHelp() string { return helpText + "\n" + helpKeys() }

// helpBody is the help below its title, its paragraphs wrapped to w
// (the key table's indented lines are kept as they are).
func helpBody(w int) string {
	_, body, _ := strings.Cut(fullHelp(), "\n\n")
	paras := strings.Split(body, "\n\n")
	for i, p := range paras {
		if !strings.Contains(p, "\n  ") {
			paras[i] = screen.Wrap(p, w)
		}
	}
	return strings.Join(paras, "\n\n")
}

// newHelpScreen is the help as a screen of its own, opened from the
// Trails menu and in play.
func newHelpScreen(c *screen.Context) screen.Screen {
	title, _, _ := strings.Cut(helpText, "\n")
	return screen.NewPager(c, title, helpBody, screen.ScrollHint, false)
}

// Help is the Trails help (what ? opens in its menu and in play).
func Help(c *screen.Context) screen.Screen { return newHelpScreen(c) }
