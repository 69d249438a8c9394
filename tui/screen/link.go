package screen

import (
	tea "github.com/charmbracelet/bubbletea"

	"github.com/minotaur-game/minotaur/netplay"
)

// Link is the lobby's connection as any game played or watched through
// a server uses it; tui's lobby makes it. The game receives with the
// lobby's own wait, so that whatever arrives after it is the lobby's.
type Link struct {
	Client *netplay.Client
	// Addr is the server's address, Name the player's name on it.
	Addr, Name string
	// Rejoin gets a seat back after a lost connection (a game the server
	// keeps for a resume); nil when the game has none to get back.
	Rejoin netplay.Rejoin
	// Wait waits for the connection's next message; Unpack reads what
	// Wait reported (ok false: not this connection's).
	Wait   func() tea.Cmd
	Unpack func(tea.Msg) (m netplay.Message, err error, ok bool)
	// Lobby takes a message that is the lobby's (its lists, chat,
	// invitations) while the game is shown.
	Lobby func(netplay.Message)
	// Note puts a sentence on the lobby's note line, for when the player
	// is back ("You stopped watching alice.").
	Note func(string)
	// Back is the lobby to go back to, told whether a wait is under way.
	Back func(waiting bool) Screen
	// Lost is the screen shown when the connection is lost.
	Lost func(err error) Screen
}
