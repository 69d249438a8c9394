package screen

import (
	"slices"

	"github.com/charmbracelet/bubbles/help"
	"github.com/charmbracelet/bubbles/key"
	tea "github.com/charmbracelet/bubbletea"
	"github.com/charmbracelet/lipgloss"

	"github.com/minotaur-game/minotaur/tui/keymap"
)

// ListKeys move through a menu or a list.
type ListKeys struct {
	Up, Down, Choose, Back key.Binding
}

// MenuKeys are the keys of every menu and list.
var MenuKeys = ListKeys{
	Up:     key.NewBinding(key.WithKeys("up", "w", "W", "k"), key.WithHelp("↑/W", "up")),
	Down:   key.NewBinding(key.WithKeys("down", "s", "S", "j"), key.WithHelp("↓/S", "down")),
	Choose: key.NewBinding(key.WithKeys("enter"), key.WithHelp("Enter", "choose")),
	Back:   key.NewBinding(key.WithKeys("esc"), key.WithHelp("Esc", "back")),
}

// ShortHelp lists the keys of a menu.
func (k ListKeys) ShortHelp() []key.Binding { return []key.Binding{k.Up, k.Down, k.Choose} }

// FullHelp lists the keys of a menu.
func (k ListKeys) FullHelp() [][]key.Binding { return [][]key.Binding{k.ShortHelp()} }

// NewHelp returns bubbles' help in the terminal's styles. (help.New's
// styles come from the process's own terminal; over SSH that is the
// server's, so the hints take the session's styles instead.)
func NewHelp(st *Styles) help.Model {
	h := help.New()
	h.Styles = help.Styles{
		ShortKey: st.Key, ShortDesc: st.Faint, ShortSeparator: st.Faint,
		FullKey: st.Key, FullDesc: st.Faint, FullSeparator: st.Faint,
		Ellipsis: st.Faint,
	}
	return h
}

// HintHelp renders key hints with bubbles' help: key in the Key style and
// description plain, or (plain) every part unstyled, for a line that is
// styled as a whole.
func HintHelp(st *Styles, sep string, plain bool) help.Model {
	h := help.New()
	h.ShortSeparator = sep
	none := lipgloss.NewStyle()
	h.Styles = help.Styles{ShortKey: st.Key, ShortDesc: none, ShortSeparator: none, Ellipsis: none}
	if plain {
		h.Styles.ShortKey = none
	}
	return h
}

// The keys that every game answers the same way (docs/guide.md, "The
// same keys in every game"), as the active keymap binds them: ? — and H,
// in a game that has no other use for it — opens the game's help, from
// its menu and in play; Esc and P open the pause menu and close it again.

// HelpKeys are the keys that open a game's help: ? and H, or only ? in
// a game whose play types letters (chess's moves name the columns a–h).
func HelpKeys(withH bool) []string {
	if withH {
		return keymap.Active().Keys(keymap.Minotaur, "help")
	}
	return keymap.Active().Keys(keymap.Chess, "help")
}

// PauseKeys are the keys that open the pause menu and close it.
func PauseKeys() []string { return keymap.Active().Keys(keymap.Minotaur, "pause") }

// IsHelp reports whether k opens the help (see HelpKeys).
func IsHelp(k tea.KeyMsg, withH bool) bool { return slices.Contains(HelpKeys(withH), k.String()) }

// IsPause reports whether k opens or closes the pause menu.
func IsPause(k tea.KeyMsg) bool { return slices.Contains(PauseKeys(), k.String()) }
