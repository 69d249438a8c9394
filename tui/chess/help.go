package chess

import (
	"strings"

	tea "github.com/charmbracelet/bubbletea"

	"github.com/minotaur-game/minotaur/tui/keymap"
	"github.com/minotaur-game/minotaur/tui/screen"
)

// helpScreen explains the keys, the board's marks and the rules, in a
// pager that scrolls when the terminal is small.
type helpScreen struct{ *screen.Pager }

func newHelp(c *screen.Context) *helpScreen {
	t := newTiles(c.Styles)
	st := c.Styles
	return &helpScreen{screen.NewPager(c, "OPEN-WORLD CHESS — HELP", func(w int) string {
		k := func(keys, text string) string { return st.Key.Render(keys) + "  " + text }
		km, kg := keymap.Active(), keymap.Chess
		g := func(cl int, s, text string) string { return t.Glyph(cl, s) + "  " + text }
		lines := []string{
			st.Heading.Render("Keys"),
			k(km.MoveLabel(kg, "arrows, WASD"), "move the cursor (Black sees the board turned)"),
			k(km.LabelAll(kg, "pick", "Enter", ", "), "pick the piece under the cursor, then Enter on a marked cell"),
			k("mouse", "click a piece, then where it goes"),
			k("e2e4", "type a move; e7e8q promotes to a queen; e1g1 castles"),
			k("Q R B N", "the piece a pawn becomes on the last rank"),
			k(km.LabelAll(kg, "log", "L", ", "), "the whole log of what you saw"),
			k(km.LabelAll(kg, "help", "?", ", "), "this help (letters and digits type moves here: no vi-keys, no numpad)"),
			k(km.LabelAll(kg, "pause", "Esc, P", ", "), "pause: save, quit"),
			"",
			st.Heading.Render("The board"),
			g(clWhite, "N3", "a white knight with 3 HP (Black's pieces in small letters)"),
			g(clOpen, "· ³", "out of sight: still seen for 3 more of your turns"),
			g(clFog, "░░░", "fog: you do not know what is there"),
			g(clBonus, "+", "regen: +1 or +2 HP (not for a king)"),
			g(clBonus, "^", "HP upgrade: maximum HP +1 (not for a king)"),
			g(clBonus, "!", "damage: 0 to 5 HP lost, also when passing over it"),
			g(clBonus, "$", "king's HP upgrade: your king healed, or its max +1"),
			g(clBonus, "&", "extra piece: a new piece of the same kind beside it"),
			"",
			st.Heading.Render("The rules"),
			"Pieces move as in chess, with castling and promotion but no check and no en passant. A king has 5 HP, a pawn 1, the others 3.",
			"Moving onto an enemy attacks it. The weaker loses: if the attacker has fewer HP, the defender loses that many and the attacker dies; if more, the attacker loses the defender's HP and takes the cell; if equal, the attacker takes the cell with 1 HP.",
			"You see two cells around each of your pieces. A cell you stop seeing closes after five of your turns. A long move through the fog stops at a piece you could not see — and attacks it if it is an enemy. Fog that opens may hold a new bonus.",
			"The game ends when a king leaves the board: its side loses.",
		}
		for i, l := range lines {
			lines[i] = screen.Wrap(l, w)
		}
		return strings.Join(lines, "\n")
	}, screen.ScrollHint, false)}
}

// Init does nothing.
func (h *helpScreen) Init() tea.Cmd { return nil }

// Update scrolls, or returns to the game.
func (h *helpScreen) Update(msg tea.Msg) (screen.Nav, tea.Cmd) { return h.Pager.Update(msg) }

// Help is the chess help (what ? opens in its menu and in play).
func Help(c *screen.Context) screen.Screen { return newHelp(c) }
