package tui

import (
	"context"
	"path/filepath"
	"strings"
	"time"

	tea "github.com/charmbracelet/bubbletea"
	"github.com/charmbracelet/x/ansi"

	"github.com/minotaur-game/minotaur/netplay"
	"github.com/minotaur-game/minotaur/tui/screen"
)

// defaultServer is offered when no --server was given.
const defaultServer = "localhost:7777"

// networkScreen asks for the server's address and the player's name, then
// connects and shows the lobby. A failure is shown on the screen; Esc goes
// back to the menu.
type networkScreen struct {
	c          *common
	addr, name screen.Input
	field      int // 0 the address, 1 the name
	connecting bool
	attempt    int                // tells a late answer of an abandoned attempt apart
	cancel     context.CancelFunc // stops the attempt under way
	note       string
}

func newNetworkScreen(c *common) *networkScreen {
	n := &networkScreen{c: c}
	n.addr = screen.Input{Prompt: "Server: ", Limit: 255}
	n.name = screen.Input{Prompt: "Name:   ", Limit: netplay.MaxName}
	addr := c.cfg.Server
	if addr == "" {
		addr = defaultServer
	}
	n.addr.SetValue(addr)
	n.name.SetValue(netplay.PlayerName(c.cfg.Name))
	n.addr.Focus()
	if c.cfg.Connect != nil {
		n.focus(1) // the server is given: only the name is asked
	}
	return n
}

// connectFunc is how this terminal joins a server: the Config's Connect
// hook, or a TCP connection to the address typed. Over TCP it first offers
// the token this terminal last had on that server under that name, so a
// player whose game ended abruptly (a closed window, a crash) gets the seat
// back within the server's grace period; a refused token falls back to a
// plain join (netplay.Join).
func (c *common) connectFunc() func(ctx context.Context, addr, name string) (*netplay.Client, *netplay.Welcome, error) {
	if c.cfg.Connect != nil {
		return c.cfg.Connect
	}
	return func(ctx context.Context, addr, name string) (*netplay.Client, *netplay.Welcome, error) {
		return netplay.Join(ctx, netplay.TCP(addr), netplay.FileTokens{Path: c.tokenFile(), Addr: addr}, name)
	}
}

// tokenFile is where this terminal keeps its network tokens: beside the
// saves folder ("" when there is none).
func (c *common) tokenFile() string {
	if c.cfg.Saves == "" {
		return ""
	}
	return filepath.Join(filepath.Dir(filepath.Clean(c.cfg.Saves)), "network.json")
}

// rejoin is how a game's seat gets back after a lost connection: the
// Connect hook (which holds the token), or a TCP connection with the token.
func (c *common) rejoin(addr, name, token string) netplay.Rejoin {
	if c.cfg.Connect != nil {
		return func(ctx context.Context) (*netplay.Client, *netplay.Welcome, error) {
			return c.cfg.Connect(ctx, addr, name)
		}
	}
	return netplay.Rejoiner(netplay.TCP(addr), name, token)
}

// newNetworkReconnect is the network screen connecting at once, to go back
// to the lobby after a co-op game.
func newNetworkReconnect(c *common, addr, name string) *networkScreen {
	n := newNetworkScreen(c)
	n.addr.SetValue(addr)
	n.name.SetValue(name)
	n.connecting = true
	return n
}

// connectedMsg reports a finished connection attempt.
type connectedMsg struct {
	attempt int
	client  *netplay.Client
	welcome *netplay.Welcome
	addr    string
	err     error
}

// connect dials the server and says hello in a command.
func (n *networkScreen) connect() tea.Cmd {
	n.attempt++
	n.connecting = true
	n.note = ""
	attempt, addr, name := n.attempt, strings.TrimSpace(n.addr.Value()), n.name.Value()
	connect := n.c.connectFunc()
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	n.cancel = cancel
	return func() tea.Msg {
		defer cancel()
		c, w, err := connect(ctx, addr, name)
		if err == nil && ctx.Err() != nil {
			c.Close() // the player gave up waiting (Esc)
			return nil
		}
		return connectedMsg{attempt: attempt, client: c, welcome: w, addr: addr, err: err}
	}
}

// Init connects at once when the screen was opened to go back to the lobby.
func (n *networkScreen) Init() tea.Cmd {
	if n.connecting {
		return n.connect()
	}
	return nil
}

// Update edits the fields, connects on Enter, and leaves on Esc.
func (n *networkScreen) Update(msg tea.Msg) (screen.Nav, tea.Cmd) {
	switch msg := msg.(type) {
	case connectedMsg:
		if msg.attempt != n.attempt {
			if msg.client != nil {
				msg.client.Close()
			}
			return screen.Stay, nil
		}
		n.connecting = false
		if msg.err != nil {
			n.note = connectError(msg.addr, msg.err)
			return screen.Stay, nil
		}
		l := newLobbyScreen(n.c, msg.client, msg.addr, msg.welcome)
		return screen.Replace(l), nil
	case tea.KeyMsg:
		switch msg.Type {
		case tea.KeyEsc:
			n.attempt++ // forget an attempt under way
			if n.cancel != nil {
				n.cancel()
			}
			return screen.Replace(newMenu(n.c)), nil
		case tea.KeyEnter:
			if n.connecting {
				return screen.Stay, nil
			}
			switch {
			case strings.TrimSpace(n.addr.Value()) == "":
				n.note = "Type the server's address, host:port."
				n.focus(0)
			case n.field == 0 && n.name.Value() == "":
				n.focus(1)
			case !netplay.ValidName(n.name.Value()):
				n.note = "A name is 1 to 16 letters, digits, - or _."
				n.focus(1)
			default:
				return screen.Stay, n.connect()
			}
			return screen.Stay, nil
		case tea.KeyTab, tea.KeyShiftTab, tea.KeyUp, tea.KeyDown:
			if n.c.cfg.Connect == nil {
				n.focus(1 - n.field)
			}
			return screen.Stay, nil
		}
		if !n.connecting {
			if n.field == 0 {
				n.addr.Update(msg)
			} else {
				n.name.Update(msg)
			}
		}
	}
	return screen.Stay, nil
}

func (n *networkScreen) focus(f int) {
	n.field = f
	n.addr.Blur()
	n.name.Blur()
	if f == 0 {
		n.addr.Focus()
	} else {
		n.name.Focus()
	}
}

// connectError says why a connection failed and what to do.
func connectError(addr string, err error) string {
	var pe *netplay.Error
	if e, ok := err.(*netplay.Error); ok {
		pe = e
	}
	if pe != nil {
		switch pe.Code {
		case netplay.CodeNameTaken:
			return "That name is taken on this server: choose another one."
		case netplay.CodeBadName:
			return "The server refused the name: use 1 to 16 letters, digits, - or _."
		case netplay.CodeServerFull:
			return "The server is full: try again later."
		}
		return "The server refused: " + pe.Msg + "."
	}
	return screen.ConnectProblem(addr, "a Minotaur game server", err)
}

// View draws the two fields, the note and the keys.
func (n *networkScreen) View() string {
	st := n.c.st
	w := min(max(n.c.Width-10, 20), 60)
	intro := "Co-op with a friend or a bot, solo games, the daily challenge, and watching others, on a game server"
	if w >= 52 {
		intro = "Co-op with a friend or a bot, solo games, the daily\nchallenge, and watching others, on a game server"
	}
	body := st.Title.Render("NETWORK GAME") + "\n\n"
	small := n.c.Height < 18 // a small terminal: the fields and keys only
	if !small {
		body += ansi.Wrap(intro, w, "") + "\n"
	}
	switch {
	case n.c.cfg.Connect != nil && small:
		body += n.name.View(w) + "\n\n"
	case n.c.cfg.Connect != nil:
		body += st.Faint.Render("(the players of this server)") + "\n\n" + n.name.View(w) + "\n\n"
	case small:
		body += n.addr.View(w) + "\n" + n.name.View(w) + "\n\n"
	default:
		body += st.Faint.Render(ansi.Wrap("(run one with minotaur serve; --server fills this in)", w, "")) + "\n\n" +
			n.addr.View(w) + "\n" + n.name.View(w) + "\n\n"
	}
	switch {
	case n.connecting:
		body += st.Warn.Render("Connecting…")
	case n.note != "":
		body += st.Bad.Render(ansi.Wrap(n.note, w, ""))
	default:
		body += " "
	}
	keys := "Enter connect · Tab next field · Esc menu"
	if n.c.cfg.Connect != nil {
		keys = "Enter connect · Esc menu" // one field: nothing to Tab to
	}
	body += "\n\n" + st.Faint.Render(ansi.Wrap(keys, w, ""))
	return n.c.Center(st.Box.Render(body))
}
