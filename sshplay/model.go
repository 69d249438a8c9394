package sshplay

import (
	"sync/atomic"
	"time"

	tea "github.com/charmbracelet/bubbletea"

	"github.com/minotaur-game/minotaur/engine"
	"github.com/minotaur-game/minotaur/netplay"
	"github.com/minotaur-game/minotaur/tui"
)

// Why a session ended, for the goodbye line written after the game's
// screen is gone.
const (
	endQuit     int32 = iota // the player quit, or the connection dropped
	endIdle                  // no key for Config.Idle
	endShutdown              // the server is stopping
)

// model wraps the game's root model for one SSH session. It passes every
// message on, and adds what only a server needs: it ends a session in
// which no key was pressed for a while and ends every session when the
// server stops. (The main menu's identity line is tui.Config.Notice.)
type model struct {
	root *tui.Model
	idle time.Duration // 0: never
	why  *atomic.Int32 // why the session ended (endQuit…)

	lastKey time.Time
}

// The largest terminal a session is drawn for; a larger one is drawn in its
// top left corner.
const (
	MaxWidth  = 500
	MaxHeight = 250
)

// clampSize bounds a terminal size asked for by a client.
func clampSize(w, h int) (int, int) {
	return min(max(w, 0), MaxWidth), min(max(h, 0), MaxHeight)
}

// idleCheckMsg asks the model whether the session has been idle too long.
// The server sends it (see Server.watchIdle) rather than the model ticking
// for itself: a tick of half an hour would keep an ended session's program
// in memory until it fires.
type idleCheckMsg struct{}

// shutdownMsg tells the model that the server is stopping.
type shutdownMsg struct{}

// Init starts the game and the idle clock.
func (m *model) Init() tea.Cmd {
	m.lastKey = time.Now()
	return m.root.Init()
}

// Update passes messages to the game, watching the keys and the size.
func (m *model) Update(msg tea.Msg) (tea.Model, tea.Cmd) {
	switch msg := msg.(type) {
	case idleCheckMsg:
		if m.idle <= 0 || time.Since(m.lastKey) < m.idle {
			return m, nil // a key came since: the server asks again later
		}
		m.why.CompareAndSwap(endQuit, endIdle)
		return m.hangup()
	case shutdownMsg:
		m.why.CompareAndSwap(endQuit, endShutdown)
		return m.hangup()
	case tea.KeyMsg, tea.MouseMsg:
		m.lastKey = time.Now()
	case tea.WindowSizeMsg:
		// The size comes from the client: a terminal of a million columns
		// would make every frame a gigabyte.
		msg.Width, msg.Height = clampSize(msg.Width, msg.Height)
		_, cmd := m.root.Update(msg)
		return m, cmd
	}
	_, cmd := m.root.Update(msg)
	return m, cmd
}

// View draws the game.
func (m *model) View() string { return m.root.View() }

// hangup ends the session without losing the player's game: the root model
// saves a game in progress, writes its replay, then quits.
func (m *model) hangup() (tea.Model, tea.Cmd) {
	_, cmd := m.root.Update(tui.HangupMsg{})
	return m, cmd
}

// hangupFilter turns the quit that wish sends when the client's connection
// is gone into tui.HangupMsg, once, so that a dropped player's game is saved
// before the program ends.
func hangupFilter(gone func() bool) func(tea.Model, tea.Msg) tea.Msg {
	hung := false // the filter runs on the program's event loop only
	return func(_ tea.Model, msg tea.Msg) tea.Msg {
		if _, quit := msg.(tea.QuitMsg); quit && !hung && gone() {
			hung = true
			return tui.HangupMsg{}
		}
		return msg
	}
}

// hostedAudience shows an SSH player's solo game on the game server
// (tui.Audience over netplay.Hosted): listed in the lobby, watchable, the
// spectators' chat and the server's notices ("carol is watching") for the
// player.
type hostedAudience struct{ h *netplay.Hosted }

func (a hostedAudience) Show(v engine.View, events []engine.Event) { a.h.Show(v, events) }
func (a hostedAudience) Say(text string)                           { a.h.Say(text) }
func (a hostedAudience) End(result string, score, level int)       { a.h.End(result, score, level) }

func (a hostedAudience) Heard(done <-chan struct{}) (from, text string, ok bool) {
	select {
	case c := <-a.h.Chat():
		return c.From, c.Text, true
	case <-done:
		return "", "", false
	}
}
