package tui

import "github.com/charmbracelet/bubbles/key"

// gameKeys are the keys of play (tui.md, "Keys in play").
type gameKeys struct {
	Up, Left, Down, Right key.Binding
	Skip, Freeze          key.Binding
	Help, Pause           key.Binding
	Chat                  key.Binding
}

var playKeys = gameKeys{
	Up:     key.NewBinding(key.WithKeys("w", "W", "up"), key.WithHelp("W/↑", "up")),
	Left:   key.NewBinding(key.WithKeys("a", "A", "left"), key.WithHelp("A/←", "left")),
	Down:   key.NewBinding(key.WithKeys("s", "S", "down"), key.WithHelp("S/↓", "down")),
	Right:  key.NewBinding(key.WithKeys("d", "D", "right"), key.WithHelp("D/→", "right")),
	Skip:   key.NewBinding(key.WithKeys(" "), key.WithHelp("Space", "wait")),
	Freeze: key.NewBinding(key.WithKeys("f", "F"), key.WithHelp("F", "use a freeze")),
	Help:   key.NewBinding(key.WithKeys("h", "H", "?"), key.WithHelp("H/?", "help")),
	Pause:  key.NewBinding(key.WithKeys("p", "P", "esc"), key.WithHelp("P/Esc", "pause")),
	Chat:   key.NewBinding(key.WithKeys("enter", "t", "T"), key.WithHelp("Enter/T", "chat")),
}

// ShortHelp lists the keys shown in the side panel.
func (k gameKeys) ShortHelp() []key.Binding {
	return []key.Binding{k.Skip, k.Freeze, k.Help, k.Pause}
}

// FullHelp lists every key of play, by group.
func (k gameKeys) FullHelp() [][]key.Binding {
	return [][]key.Binding{{k.Up, k.Left, k.Down, k.Right}, {k.Skip, k.Freeze, k.Help, k.Pause, k.Chat}}
}

// listKeys move through a menu or a list.
type listKeys struct {
	Up, Down, Choose, Back key.Binding
}

var menuKeys = listKeys{
	Up:     key.NewBinding(key.WithKeys("up", "w", "W", "k"), key.WithHelp("↑/W", "up")),
	Down:   key.NewBinding(key.WithKeys("down", "s", "S", "j"), key.WithHelp("↓/S", "down")),
	Choose: key.NewBinding(key.WithKeys("enter"), key.WithHelp("Enter", "choose")),
	Back:   key.NewBinding(key.WithKeys("esc"), key.WithHelp("Esc", "back")),
}

// ShortHelp lists the keys of a menu.
func (k listKeys) ShortHelp() []key.Binding { return []key.Binding{k.Up, k.Down, k.Choose} }

// FullHelp lists the keys of a menu.
func (k listKeys) FullHelp() [][]key.Binding { return [][]key.Binding{k.ShortHelp()} }
