package minotaur

import (
	"github.com/charmbracelet/bubbles/key"

	"github.com/minotaur-game/minotaur/tui/keymap"
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
	Quit key.Binding
	// short and shortLook are the shortest names of the moves, help,
	// pause, look, travel and explore, for the narrow hints.
	short     [4]string
	shortLook [3]string
}

// playKeys are the keys of play as the active keymap binds them (the
// defaults: WASD, the arrows, the vi-keys h j k l and the numpad move, 5
// waits).
func playKeys() gameKeys { return playKeysCache.Get() }

var playKeysCache = keymap.NewCached(func(m *keymap.Map) gameKeys {
	const g = keymap.Minotaur
	k := gameKeys{
		Up:      m.Binding(g, "up", "W/↑", "up"),
		Left:    m.Binding(g, "left", "A/←", "left"),
		Down:    m.Binding(g, "down", "S/↓", "down"),
		Right:   m.Binding(g, "right", "D/→", "right"),
		Skip:    m.Binding(g, "wait", "Space", "wait"),
		Freeze:  m.Binding(g, "freeze", "F", "freeze"),
		Help:    m.Binding(g, "help", "H/?", "help"),
		Pause:   m.Binding(g, "pause", "P/Esc", "pause"),
		Quit:    m.Binding(g, "quit", "Q", "quit"),
		Chat:    m.Binding(g, "chat", "Enter", "chat"),
		Look:    m.Binding(g, "look", "X", "look"),
		Travel:  m.Binding(g, "travel", ">/T", "travel"),
		Explore: m.Binding(g, "explore", "O", "explore"),
		History: m.Binding(g, "messages", "Ctrl+P", "messages"),
	}
	var move []string
	for _, d := range []string{"up", "left", "down", "right"} {
		move = append(move, m.Keys(g, d)...)
	}
	k.Move = key.NewBinding(key.WithKeys(move...), key.WithHelp(m.MoveLabel(g, "WASD/arrows"), "move"))
	k.short = [4]string{m.MoveLabel(g, "WASD"), m.Label(g, "help", "H"), m.Label(g, "pause", "P"), ""}
	k.shortLook = [3]string{m.Label(g, "look", "X"), m.Label(g, "travel", "T"), m.Label(g, "explore", "O")}
	return k
})

// ShortHelp is the hints under the map on a narrow terminal (one line, or
// two at 40 columns), with the shortest names of the keys.
func (k gameKeys) ShortHelp() []key.Binding {
	move, help, pause := k.Move, k.Help, k.Pause
	move.SetHelp(k.short[0], "move")
	help.SetHelp(k.short[1], "help")
	pause.SetHelp(k.short[2], "pause")
	look, travel, explore := k.Look, k.Travel, k.Explore
	look.SetHelp(k.shortLook[0], "look")
	travel.SetHelp(k.shortLook[1], "travel")
	explore.SetHelp(k.shortLook[2], "explore")
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

// watchKeyMap is the keys of the watch screen.
type watchKeyMap struct {
	Chat, Leave, Help key.Binding
}

// watchKeys are the keys of the watch screen: chat, help and quit as in
// play (Esc leaves too).
func watchKeys() watchKeyMap { return watchKeysCache.Get() }

var watchKeysCache = keymap.NewCached(func(m *keymap.Map) watchKeyMap {
	const g = keymap.Minotaur
	leave := append([]string{"esc"}, m.Keys(g, "quit")...)
	label := "Esc/Q"
	if m.Changed(g, "quit") {
		label = "Esc/" + m.Label(g, "quit", "Q")
	}
	return watchKeyMap{
		Chat:  m.Binding(g, "chat", "Enter", "chat"),
		Leave: key.NewBinding(key.WithKeys(leave...), key.WithHelp(label, "leave")),
		Help:  m.Binding(g, "help", "H/?", "help"),
	}
})
