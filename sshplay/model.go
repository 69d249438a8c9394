package sshplay

import (
	"strings"
	"sync/atomic"
	"time"

	tea "github.com/charmbracelet/bubbletea"
	"github.com/charmbracelet/lipgloss"

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
// which no key was pressed for a while, ends every session when the server
// stops, and tells the player on the main menu under which identity they
// play (and, for a guest, that their saved games last for this visit).
type model struct {
	root   *tui.Model
	styles *tui.Styles
	idle   time.Duration // 0: never
	notice string        // the identity line of the main menu
	why    *atomic.Int32 // why the session ended (endQuit…)

	lastKey time.Time
	w, h    int
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
	case tea.KeyMsg:
		m.lastKey = time.Now()
	case tea.WindowSizeMsg:
		// The size comes from the client: a terminal of a million columns
		// would make every frame a gigabyte.
		msg.Width, msg.Height = clampSize(msg.Width, msg.Height)
		m.w, m.h = msg.Width, msg.Height
		_, cmd := m.root.Update(msg)
		return m, cmd
	}
	_, cmd := m.root.Update(msg)
	return m, cmd
}

// View draws the game, with the identity line at the foot of the main menu
// when that line is free.
func (m *model) View() string {
	v := m.root.View()
	if m.notice == "" || m.root.Screen() != "menu" {
		return v
	}
	i := strings.LastIndexByte(v, '\n')
	if i < 0 || strings.TrimSpace(v[i+1:]) != "" || lipgloss.Width(m.notice) > m.w {
		return v
	}
	return v[:i+1] + lipgloss.PlaceHorizontal(m.w, lipgloss.Center, m.styles.Faint.Render(m.notice))
}

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
