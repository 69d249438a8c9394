package tui

import (
	"fmt"
	"strings"

	tea "github.com/charmbracelet/bubbletea"
	"github.com/charmbracelet/x/ansi"

	"github.com/minotaur-game/minotaur/netplay"

	"github.com/minotaur-game/minotaur/saves"
)

// lobbyKeep is the number of lobby chat lines kept.
const lobbyKeep = 50

// lobbyScreen is the server's lobby: who is online and what they do, the
// lobby chat, invitations sent and received. When a game starts it hands
// the connection to a RemoteSession and the game screen.
type lobbyScreen struct {
	c       *common
	client  *netplay.Client
	addr    string
	me      string
	token   string
	players []netplay.LobbyPlayer
	more    int
	cursor  int // the selected player in players
	invites []string
	chat    []string // lines of chat and notices, oldest first
	typing  bool
	input   lineInput
	start   *netplay.Start // the game that is starting, until its first state
	note    string
	gone    bool // the connection is closed
}

func newLobbyScreen(c *common, cl *netplay.Client, addr string, w *netplay.Welcome) *lobbyScreen {
	l := &lobbyScreen{c: c, client: cl, addr: addr, me: w.Name, token: w.Token}
	l.input = lineInput{Prompt: "> ", Limit: netplay.MaxChat}
	if c.cfg.Connect != nil {
		l.say(fmt.Sprintf("Connected as %s.", w.Name))
	} else {
		l.say(fmt.Sprintf("Connected to %s as %s.", addr, w.Name))
	}
	return l
}

// lobbyNetMsg is one message from the server, or the connection's end.
type lobbyNetMsg struct {
	client *netplay.Client
	m      netplay.Message
	err    error
}

// wait receives the next server message in a command; the screen re-arms
// it after every message.
func (l *lobbyScreen) wait() tea.Cmd {
	c := l.client
	return func() tea.Msg {
		m, err := c.Next()
		return lobbyNetMsg{client: c, m: m, err: err}
	}
}

// Init starts receiving.
func (l *lobbyScreen) Init() tea.Cmd { return l.wait() }

func (l *lobbyScreen) say(s string) {
	l.chat = append(l.chat, s)
	if len(l.chat) > lobbyKeep {
		l.chat = append(l.chat[:0], l.chat[len(l.chat)-lobbyKeep:]...)
	}
}

// send runs a request in a command; a failed write shows up as the end of
// the connection.
func (l *lobbyScreen) send(f func(*netplay.Client) error) tea.Cmd {
	c := l.client
	return func() tea.Msg {
		f(c)
		return nil
	}
}

// Update handles the server's messages and the keys.
func (l *lobbyScreen) Update(msg tea.Msg) (nav, tea.Cmd) {
	switch msg := msg.(type) {
	case lobbyNetMsg:
		if msg.client != l.client {
			return stay, nil
		}
		if msg.err != nil {
			l.gone = true
			return replace(newMessageScreen(l.c, "Connection lost",
				"The connection to "+l.addr+" was lost:\n"+saves.CleanText(msg.err.Error())+".", true)), nil
		}
		return l.server(msg.m)
	case tea.KeyMsg:
		return l.key(msg)
	}
	return stay, nil
}

// server handles one server message and re-arms the wait, except when a
// game starts: its session takes the connection over.
func (l *lobbyScreen) server(m netplay.Message) (nav, tea.Cmd) {
	switch m := m.(type) {
	case *netplay.Lobby:
		sel := ""
		if l.cursor < len(l.players) {
			sel = l.players[l.cursor].Name
		}
		l.players, l.more = nil, m.More
		for _, p := range m.Players {
			if p.Name != l.me {
				l.players = append(l.players, p)
			}
		}
		l.cursor = 0
		for i, p := range l.players {
			if p.Name == sel {
				l.cursor = i
			}
		}
		// Invitations from players who left or started playing lapse.
		kept := l.invites[:0]
		for _, from := range l.invites {
			if l.status(from) == netplay.StatusIdle {
				kept = append(kept, from)
			}
		}
		l.invites = kept
	case *netplay.Chat:
		l.say(m.From + ": " + m.Text)
	case *netplay.Invited:
		l.invites = append(removeName(l.invites, m.From), m.From)
		l.note = m.From + " invites you to play: A to accept, D to decline."
	case *netplay.InviteSent:
		l.note = "Invitation sent to " + m.To + "; waiting for an answer."
	case *netplay.Declined:
		l.note = m.By + " declined your invitation."
	case *netplay.Error:
		l.note = m.Msg + "."
	case *netplay.Start:
		l.start = m
	case *netplay.State:
		if l.start != nil {
			sess := NewRemoteSession(l.client, l.addr, l.me, l.start, m, l.c.rejoin(l.addr, l.me, l.token))
			return replace(newGameScreen(l.c, sess)), nil
		}
	}
	return stay, l.wait()
}

func (l *lobbyScreen) status(name string) string {
	for _, p := range l.players {
		if p.Name == name {
			return p.Status
		}
	}
	return ""
}

func removeName(list []string, name string) []string {
	out := list[:0]
	for _, s := range list {
		if s != name {
			out = append(out, s)
		}
	}
	return out
}

// key handles a key: chat typing, or the lobby's commands.
func (l *lobbyScreen) key(msg tea.KeyMsg) (nav, tea.Cmd) {
	if l.typing {
		switch msg.Type {
		case tea.KeyEsc:
			l.typing = false
			l.input.Blur()
		case tea.KeyEnter:
			l.typing = false
			l.input.Blur()
			if text := strings.TrimSpace(l.input.Value()); text != "" {
				return stay, l.send(func(c *netplay.Client) error { return c.Chat(text) })
			}
		default:
			l.input.Update(msg)
		}
		return stay, nil
	}
	switch msg.Type {
	case tea.KeyEsc:
		return l.leave()
	case tea.KeyUp:
		l.move(-1)
		return stay, nil
	case tea.KeyDown:
		l.move(+1)
		return stay, nil
	case tea.KeyEnter:
		return stay, l.chatStart()
	case tea.KeyRunes:
	default:
		return stay, nil
	}
	switch strings.ToLower(msg.String()) {
	case "t":
		return stay, l.chatStart()
	case "w", "k":
		l.move(-1)
	case "s", "j":
		l.move(+1)
	case "i":
		if l.cursor >= len(l.players) {
			l.note = "Nobody to invite yet: wait for a player to join."
			return stay, nil
		}
		to := l.players[l.cursor].Name
		return stay, l.send(func(c *netplay.Client) error { return c.Invite(to) })
	case "a", "d":
		if len(l.invites) == 0 {
			l.note = "Nobody has invited you."
			return stay, nil
		}
		from := l.invites[len(l.invites)-1]
		l.invites = l.invites[:len(l.invites)-1]
		if strings.ToLower(msg.String()) == "d" {
			l.note = "You declined " + from + "'s invitation."
			return stay, l.send(func(c *netplay.Client) error { return c.Decline(from) })
		}
		l.note = "Starting a game with " + from + "…"
		return stay, l.send(func(c *netplay.Client) error { return c.Accept(from) })
	case "q":
		return l.leave()
	}
	return stay, nil
}

func (l *lobbyScreen) chatStart() tea.Cmd {
	l.typing = true
	l.input.SetValue("")
	l.input.Focus()
	return nil
}

func (l *lobbyScreen) move(d int) {
	if n := len(l.players); n > 0 {
		l.cursor = (l.cursor + d + n) % n
	}
}

// leave closes the connection and goes back to the menu.
func (l *lobbyScreen) leave() (nav, tea.Cmd) {
	c := l.client
	l.gone = true
	return replace(newMenu(l.c)), func() tea.Msg {
		c.Close()
		return nil
	}
}

// View draws the players, the chat, the invitations and the keys.
func (l *lobbyScreen) View() string {
	st := l.c.st
	w, h := l.c.w, l.c.h
	listW := min(max(w/3, 22), 30)
	chatW := max(w-listW-3, 16)
	where := l.addr
	if l.c.cfg.Connect != nil {
		where = "this server"
	}
	title := fmt.Sprintf("LOBBY · %s · you are %s", where, l.me)
	lines := []string{st.Title.Render(cut(title, w)), ""}

	bodyH := max(h-8, 3)
	var left []string
	left = append(left, st.Heading.Render("Players"))
	if len(l.players) == 0 {
		left = append(left, st.Faint.Render("nobody else yet"))
	}
	first := max(0, min(l.cursor-(bodyH-2), len(l.players)-(bodyH-1)))
	for i := first; i < len(l.players) && len(left) < bodyH; i++ {
		p := l.players[i]
		text := fmt.Sprintf("%-16s %s", p.Name, p.Status)
		switch {
		case i == l.cursor:
			left = append(left, "> "+st.Selected.Render(text))
		case p.Status == netplay.StatusIdle:
			left = append(left, "  "+text)
		default:
			left = append(left, "  "+st.Faint.Render(text))
		}
	}
	if l.more > 0 && len(left) < bodyH {
		left = append(left, st.Faint.Render(fmt.Sprintf("  and %d more", l.more)))
	}

	var right []string
	right = append(right, st.Heading.Render("Chat"))
	var wrapped []string
	for _, s := range l.chat {
		// A line wrapped from a message is indented, so that no message
		// can wrap into what looks like another player's.
		for i, line := range strings.Split(ansi.Wrap(s, max(chatW-2, 8), ""), "\n") {
			if i > 0 {
				line = "  " + line
			}
			wrapped = append(wrapped, line)
		}
	}
	if n := bodyH - 1; len(wrapped) > n {
		wrapped = wrapped[len(wrapped)-n:]
	}
	right = append(right, wrapped...)

	for i := 0; i < bodyH; i++ {
		var a, b string
		if i < len(left) {
			a = left[i]
		}
		if i < len(right) {
			b = right[i]
		}
		// Every row is padded to the list's width, so that the divider
		// stands in one column: a row exactly as wide as the list (a
		// selected player who is "playing") gets no extra space.
		if ansi.StringWidth(a) > listW {
			a = fit(a, listW)
		}
		pad := max(0, listW-ansi.StringWidth(a))
		lines = append(lines, a+strings.Repeat(" ", pad)+" │ "+b)
	}
	lines = append(lines, "")
	if len(l.invites) > 0 {
		lines = append(lines, st.Warn.Render(cut("Invited by "+strings.Join(l.invites, ", ")+" — A accept · D decline", w)))
	} else {
		lines = append(lines, st.Faint.Render(cut(l.note, w)))
	}
	if l.typing {
		lines = append(lines, l.input.View(w), st.Faint.Render("Enter send · Esc cancel"))
	} else {
		if len(l.invites) > 0 {
			lines = append(lines, cut(l.note, w))
		} else {
			lines = append(lines, "")
		}
		lines = append(lines, st.Faint.Render(cut("↑/↓ select · I invite · A accept · D decline · T chat · Esc menu", w)))
	}
	return padLines(strings.Join(lines, "\n"), h)
}
