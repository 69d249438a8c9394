package minotaur

import (
	"github.com/charmbracelet/bubbles/key"

	"github.com/minotaur-game/minotaur/tui/screen"
)

// gameKeys are the keys of play (docs/guide.md, "Playing"). The game screen
// matches keys against them and draws its key hints from them through
// bubbles' help (gameScreen.keyHints).
type gameKeys struct {
	Up, Left, Down, Right key.Binding
	Skip, Freeze          key.Binding
	Help, Pause           key.Binding
	Chat                  key.Binding
	History               key.Binding
	Look, Travel, Explore key.Binding
	// Move is the four moves as one hint; it is never matched (its keys
	// are those of Up, Left, Down and Right).
	Move key.Binding
}

var playKeys = gameKeys{
	Up:      key.NewBinding(key.WithKeys("w", "W", "up"), key.WithHelp("W/↑", "up")),
	Left:    key.NewBinding(key.WithKeys("a", "A", "left"), key.WithHelp("A/←", "left")),
	Down:    key.NewBinding(key.WithKeys("s", "S", "down"), key.WithHelp("S/↓", "down")),
	Right:   key.NewBinding(key.WithKeys("d", "D", "right"), key.WithHelp("D/→", "right")),
	Skip:    key.NewBinding(key.WithKeys(" "), key.WithHelp("Space", "wait")),
	Freeze:  key.NewBinding(key.WithKeys("f", "F"), key.WithHelp("F", "freeze")),
	Help:    key.NewBinding(key.WithKeys(screen.HelpKeys(true)...), key.WithHelp("H/?", "help")),
	Pause:   key.NewBinding(key.WithKeys(screen.PauseKeys()...), key.WithHelp("P/Esc", "pause")),
	Chat:    key.NewBinding(key.WithKeys("enter"), key.WithHelp("Enter", "chat")),
	Look:    key.NewBinding(key.WithKeys("x", "X"), key.WithHelp("X", "look")),
	Travel:  key.NewBinding(key.WithKeys(">", "t", "T"), key.WithHelp(">/T", "travel")),
	Explore: key.NewBinding(key.WithKeys("o", "O"), key.WithHelp("O", "explore")),
	History: key.NewBinding(key.WithKeys("ctrl+p"), key.WithHelp("Ctrl+P", "messages")),
	Move: key.NewBinding(key.WithKeys("w", "W", "up", "a", "A", "left", "s", "S", "down", "d", "D", "right"),
		key.WithHelp("WASD/arrows", "move")),
}

// ShortHelp is the hints under the map on a narrow terminal (one line, or
// two at 40 columns), with the shortest names of the keys.
func (k gameKeys) ShortHelp() []key.Binding {
	move, help, pause := k.Move, k.Help, k.Pause
	move.SetHelp("WASD", "move")
	help.SetHelp("H", "help")
	pause.SetHelp("P", "pause")
	look, travel, explore := k.Look, k.Travel, k.Explore
	look.SetHelp("X", "look")
	travel.SetHelp("T", "travel")
	explore.SetHelp("O", "explore")
	return []key.Binding{move, k.Skip, k.Freeze, look, travel, explore, help, pause}
}

// FullHelp is the hints at the foot of the side panel, one group a line;
// the last, chat, only in a game with someone to talk to.
func (k gameKeys) FullHelp() [][]key.Binding {
	return [][]key.Binding{{k.Move}, {k.Skip, k.Freeze}, {k.Travel, k.Explore}, {k.Look, k.Help}, {k.Pause}, {k.Chat}}
}

// chatKeys are the hints while a chat line is typed (the line input reads
// the keys itself).
var chatKeys = []key.Binding{
	key.NewBinding(key.WithKeys("enter"), key.WithHelp("Enter", "send")),
	key.NewBinding(key.WithKeys("esc"), key.WithHelp("Esc", "cancel")),
}

// watchKeys are the keys of the watch screen.
var watchKeys = struct {
	Chat, Leave, Help key.Binding
}{
	Chat:  key.NewBinding(key.WithKeys("enter"), key.WithHelp("Enter", "chat")),
	Leave: key.NewBinding(key.WithKeys("esc", "q", "Q"), key.WithHelp("Esc/Q", "leave")),
	Help:  key.NewBinding(key.WithKeys(screen.HelpKeys(true)...), key.WithHelp("H/?", "help")),
}
