package tui

import (
	"fmt"
	"strings"
	"unicode"

	"github.com/charmbracelet/bubbles/key"
	tea "github.com/charmbracelet/bubbletea"

	"github.com/minotaur-game/minotaur/tui/screen"
)

// sameKeys is what every game answers the same way (docs/guide.md, "The
// same keys in every game").
const sameKeys = "In every game: ? help (H too, but in chess) · Esc or P pause and close the pause · " +
	"Q or Quit leaves, asking first only when something would be lost."

// gamesHelp is the main menu's Help: the five games, each with its letter
// and a line, the keys they share, and each game's own help on Enter or
// its letter.
type gamesHelp struct {
	c    *common
	menu screen.Menu
}

func newGamesHelp(c *common) *gamesHelp {
	h := &gamesHelp{c: c}
	for _, g := range c.games {
		h.menu.Items = append(h.menu.Items, g.Title)
	}
	return h
}

func (h *gamesHelp) Init() tea.Cmd { return nil }

func (h *gamesHelp) Update(msg tea.Msg) (screen.Nav, tea.Cmd) {
	k, ok := msg.(tea.KeyMsg)
	if !ok {
		return screen.Stay, nil
	}
	switch {
	case h.menu.Move(k):
		return screen.Stay, nil
	case key.Matches(k, screen.MenuKeys.Choose):
		return h.open(h.menu.Cursor)
	case k.Type == tea.KeyRunes && len(k.Runes) == 1:
		for i, g := range h.c.games {
			if unicode.ToUpper(k.Runes[0]) == g.Letter {
				return h.open(i)
			}
		}
	}
	return screen.Pop(), nil
}

// open shows game i's help above this one.
func (h *gamesHelp) open(i int) (screen.Nav, tea.Cmd) {
	g := h.c.games[i]
	if g.Help == nil {
		return screen.Stay, nil
	}
	return screen.Push(g.Help(h.c.Context)), nil
}

func (h *gamesHelp) View() string {
	c, st := h.c, h.c.st
	tw := c.DialogWidth()
	var lines []string
	for i, g := range h.c.games {
		l := fmt.Sprintf("%c  %s", g.Letter, g.Title)
		if tw >= 60 {
			l = fmt.Sprintf("%c  %-18s %s", g.Letter, g.Title, g.About)
		}
		l = screen.Fit(l, tw-2)
		if i == h.menu.Cursor {
			l = st.Selected.Render("> " + l)
		} else {
			l = "  " + l
		}
		lines = append(lines, l)
	}
	title := st.Title.Render("HELP — FIVE GAMES")
	list := strings.Join(lines, "\n")
	rule := screen.Wrap(sameKeys, tw)
	hint := st.Faint.Render(screen.Wrap("↑/↓ Enter or a letter: that game's help · other keys: back", tw))
	if screen.DialogHeight(title, list, rule, hint) > c.Height {
		rule = ""
	}
	if screen.DialogHeight(title, list, rule, hint) > c.Height {
		hint = st.Faint.Render(screen.Fit("Enter: its help · other keys: back", tw))
	}
	return c.Dialog(title, list, rule, hint)
}
