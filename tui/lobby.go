package tui

import (
	"fmt"
	"slices"
	"strconv"
	"strings"

	"github.com/charmbracelet/bubbles/key"
	tea "github.com/charmbracelet/bubbletea"
	"github.com/charmbracelet/x/ansi"

	"github.com/minotaur-game/minotaur/netplay"
	"github.com/minotaur-game/minotaur/safetext"
	"github.com/minotaur-game/minotaur/tui/keymap"
	"github.com/minotaur-game/minotaur/tui/screen"
)

// lobbyKeep is the number of lobby chat lines kept.
const lobbyKeep = 50

// lobbyScreen is the server's lobby: who is online and what they do, the
// lobby chat, invitations sent and received. When a game starts it hands
// the connection to a RemoteSession and the game screen.
type lobbyScreen struct {
	c        *common
	client   *netplay.Client
	addr     string
	me       string
	token    string
	players  []netplay.LobbyPlayer
	more     int
	games    []netplay.LobbyGame
	moreG    int
	daily    *netplay.Daily // the day's daily challenge; nil until the server tells it
	dailyAsk bool           // C pressed: start the day's one try? (Y or Enter)
	cursor   int            // the selected line: a player in players, then a game in games
	invites  []string
	// inviteKind is the kind of each invitation (its game's name in the
	// list of games); declines are invitations to decline (of kinds this
	// client cannot play), sent after the message that brought them.
	inviteKind map[string]string
	declines   []string
	chat       []string // lines of chat and notices, oldest first
	typing     bool
	allKeys    bool        // the lobby's help (every key) is shown
	choosing   *kindChoice // the kind chooser is open
	input      screen.Input
	start      *netplay.Start // the game that is starting, until its first state
	note       string
	gone       bool // the connection is closed
	// waiting is set while a command waits for the connection's next
	// message on the lobby's behalf (the watch screen hands the lobby
	// back with its wait under way): Init then starts no second one.
	waiting bool
}

func newLobbyScreen(c *common, cl *netplay.Client, addr string, w *netplay.Welcome) *lobbyScreen {
	l := &lobbyScreen{c: c, client: cl, addr: addr, me: w.Name, token: w.Token}
	l.input = screen.Input{Prompt: "> ", Limit: netplay.MaxChat}
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

// Init starts receiving, unless a wait is under way already.
func (l *lobbyScreen) Init() tea.Cmd {
	if l.waiting {
		return nil
	}
	l.waiting = true
	return l.wait()
}

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
func (l *lobbyScreen) Update(msg tea.Msg) (screen.Nav, tea.Cmd) {
	switch msg := msg.(type) {
	case lobbyNetMsg:
		if msg.client != l.client {
			return screen.Stay, nil
		}
		l.waiting = false
		if msg.err != nil {
			l.gone = true
			return screen.Replace(screen.NewMessage(l.c.Context, "Connection lost",
				"The connection to "+l.addr+" was lost:\n"+safetext.Clean(msg.err.Error())+".", true)), nil
		}
		return l.server(msg.m)
	case tea.KeyMsg:
		return l.key(msg)
	}
	return screen.Stay, nil
}

// server handles one server message and re-arms the wait, except when a
// game starts: its session (or the watch screen) takes the connection over.
func (l *lobbyScreen) server(m netplay.Message) (screen.Nav, tea.Cmd) {
	if n := l.handle(m); n != screen.Stay {
		return n, nil
	}
	l.waiting = true
	cmds := []tea.Cmd{l.wait()}
	for _, from := range l.declines {
		cmds = append(cmds, l.send(func(c *netplay.Client) error { return c.Decline(from) }))
	}
	l.declines = nil
	return screen.Stay, tea.Batch(cmds...)
}

// handle takes one server message in: the lists, the day's table, chat,
// invitations, and the start of a game, played or watched (the screen to
// go to; stay otherwise).
func (l *lobbyScreen) handle(m netplay.Message) screen.Nav {
	switch m := m.(type) {
	case *netplay.Lobby:
		sel, selGame := l.selected()
		l.players, l.more = nil, m.More
		for _, p := range m.Players {
			if p.Name != l.me {
				l.players = append(l.players, p)
			}
		}
		l.games, l.moreG = m.Games, m.MoreGames
		l.cursor = 0
		for i, p := range l.players {
			if sel != nil && p.Name == sel.Name {
				l.cursor = i
			}
		}
		for i, g := range l.games {
			if selGame != nil && g.Game == selGame.Game {
				l.cursor = len(l.players) + i
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
	case *netplay.Daily:
		l.daily = m
	case *netplay.Chat:
		l.say(m.From + ": " + m.Text)
	case *netplay.Invited:
		l.invites = append(removeName(l.invites, m.From), m.From)
		if l.inviteKind == nil {
			l.inviteKind = map[string]string{}
		}
		delete(l.inviteKind, m.From)
		g := l.game(m.Kind)
		if g == nil || g.Online == nil {
			// A kind this client has no screens for: declined at once.
			l.invites = removeName(l.invites, m.From)
			l.note = m.From + " invited you to a game this program cannot play; declined."
			l.declines = append(l.declines, m.From)
			return screen.Stay
		}
		what := "play" // the server's own kind (Minotaur's co-op)
		if m.Kind != "" {
			l.inviteKind[m.From] = g.Name
			what = g.Title + withComputers(m.Bots)
		}
		l.note = m.From + " invites you to " + what + ": A to accept, D to decline."
	case *netplay.InviteSent:
		l.note = "Invitation sent to " + m.To + "; waiting for an answer."
	case *netplay.Declined:
		l.note = m.By + " declined your invitation."
	case *netplay.Error:
		l.note = m.Msg + "."
	case *netplay.Start:
		l.start = m
	default:
		// The first state of a game that starts, played or watched: the
		// screen of its kind's game takes the connection over.
		if l.start == nil {
			break
		}
		g := l.game(l.start.Kind)
		if g == nil || g.Online == nil {
			break
		}
		if next := g.Online(l.c.Context, l.link(), l.start, m); next != nil {
			l.start, l.note = nil, ""
			return screen.Replace(next)
		}
	}
	return screen.Stay
}

// withComputers names the computer players an invitation brings: ""
// for none.
func withComputers(bots int) string {
	switch {
	case bots == 1:
		return " with a computer player"
	case bots > 1:
		return fmt.Sprintf(" with %d computer players", bots)
	}
	return ""
}

// selected returns the player or the game on the selected line (nil and
// nil when the lists are empty).
func (l *lobbyScreen) selected() (*netplay.LobbyPlayer, *netplay.LobbyGame) {
	switch i := l.cursor; {
	case i < len(l.players):
		return &l.players[i], nil
	case i-len(l.players) < len(l.games):
		return nil, &l.games[i-len(l.players)]
	}
	return nil, nil
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
func (l *lobbyScreen) key(msg tea.KeyMsg) (screen.Nav, tea.Cmd) {
	if l.typing {
		switch msg.Type {
		case tea.KeyEsc:
			l.typing = false
			l.input.Blur()
		case tea.KeyEnter:
			l.typing = false
			l.input.Blur()
			if text := strings.TrimSpace(l.input.Value()); text != "" {
				return screen.Stay, l.send(func(c *netplay.Client) error { return c.Chat(text) })
			}
		default:
			l.input.Update(msg)
		}
		return screen.Stay, nil
	}
	if l.choosing != nil {
		return l.chooseKey(msg)
	}
	if l.dailyAsk {
		// The day's one try is spent by leaving it: it starts only on a
		// yes.
		l.dailyAsk = false
		if s := strings.ToLower(msg.String()); s == "y" || s == "enter" {
			l.note = "Starting the daily challenge…"
			return screen.Stay, l.send(func(c *netplay.Client) error { return c.Solo(true) })
		}
		l.note = "The daily challenge is not started: C when you are ready."
		return screen.Stay, nil
	}
	k := lobbyKeys()
	if l.allKeys {
		// Any key closes the help; ? and Esc only that.
		l.allKeys = false
		if key.Matches(msg, k.Keys) || msg.Type == tea.KeyEsc {
			return screen.Stay, nil
		}
	}
	switch {
	case key.Matches(msg, k.Keys):
		l.allKeys = true
	case key.Matches(msg, k.Back):
		return l.leave()
	case key.Matches(msg, k.Up):
		l.move(-1)
	case key.Matches(msg, k.Down):
		l.move(+1)
	case key.Matches(msg, k.Chat):
		return screen.Stay, l.chatStart()
	case key.Matches(msg, k.Invite):
		p, _ := l.selected()
		if p == nil {
			if len(l.players) == 0 {
				l.note = "Nobody to invite yet: wait for a player to join, or play solo (N)."
			} else {
				l.note = "Select a player to invite (↑/↓)."
			}
			return screen.Stay, nil
		}
		to := p.Name
		return l.choose("Invite "+to+" to which game?", l.kinds(), func(g screen.Descriptor) tea.Cmd {
			kind := g.Name
			if kind == netplay.KindMinotaur {
				kind = "" // the protocol's own kind, which every client plays
			} else {
				l.note = "Inviting " + to + " to " + g.Title + "…"
			}
			return l.send(func(c *netplay.Client) error { return c.InviteWith(to, kind, g.InviteBots, g.Choose) })
		})
	case key.Matches(msg, k.Bot):
		return l.choose("Play which game against the computer?", l.botKinds(), l.vsComputer)
	case key.Matches(msg, k.Watch):
		g := l.watchable()
		if g == nil {
			if len(l.games) == 0 {
				l.note = "No game is in progress to watch."
			} else {
				l.note = "Select a game in progress (↓) to watch it."
			}
			return screen.Stay, nil
		}
		id := g.Game
		l.note = "Joining " + gameTitle(g) + " as a spectator…"
		return screen.Stay, l.send(func(c *netplay.Client) error { return c.Watch(id) })
	case key.Matches(msg, k.Solo):
		l.note = "Starting a solo game on the server…"
		return screen.Stay, l.send(func(c *netplay.Client) error { return c.Solo(false) })
	case key.Matches(msg, k.Daily):
		if l.daily != nil && l.daily.Played {
			l.note = "Today's challenge is played (one try a day); a new one starts at 00:00 UTC."
			return screen.Stay, nil
		}
		l.dailyAsk = true
		l.note = "Start the daily challenge? One try a day: leaving it before the end spends it. Y or Enter: start · N: not now"
		return screen.Stay, nil
	case key.Matches(msg, k.Accept), key.Matches(msg, k.Decline):
		if len(l.invites) == 0 {
			l.note = "Nobody has invited you."
			return screen.Stay, nil
		}
		from := l.invites[len(l.invites)-1]
		l.invites = l.invites[:len(l.invites)-1]
		if key.Matches(msg, k.Decline) {
			l.note = "You declined " + from + "'s invitation."
			return screen.Stay, l.send(func(c *netplay.Client) error { return c.Decline(from) })
		}
		l.note = "Starting a game with " + from + "…"
		return screen.Stay, l.send(func(c *netplay.Client) error { return c.Accept(from) })
	}
	return screen.Stay, nil
}

// idleBot is the bot to invite: the selected player when it is an idle
// bot, else the first idle bot in the list ("" when none is free).
func (l *lobbyScreen) idleBot() string {
	if p, _ := l.selected(); p != nil && p.Bot && p.Status == netplay.StatusIdle {
		return p.Name
	}
	for _, p := range l.players {
		if p.Bot && p.Status == netplay.StatusIdle {
			return p.Name
		}
	}
	return ""
}

// watchable is the game to watch: the selected game, or the game of the
// selected player when they are playing (nil for none).
func (l *lobbyScreen) watchable() *netplay.LobbyGame {
	p, g := l.selected()
	if g != nil {
		return g
	}
	if p == nil {
		return nil
	}
	for i := range l.games {
		for _, name := range l.games[i].Players {
			if name == p.Name {
				return &l.games[i]
			}
		}
	}
	return nil
}

// gameTitle names a game by its players: "alice", "alice and bob".
func gameTitle(g *netplay.LobbyGame) string {
	if len(g.Players) == 0 {
		return "game " + g.Game
	}
	return strings.Join(g.Players, " and ")
}

func (l *lobbyScreen) chatStart() tea.Cmd {
	l.typing = true
	l.input.SetValue("")
	l.input.Focus()
	return nil
}

func (l *lobbyScreen) move(d int) {
	if n := len(l.players) + len(l.games); n > 0 {
		l.cursor = (l.cursor + d + n) % n
	}
}

// leave closes the connection and goes back to the menu.
func (l *lobbyScreen) leave() (screen.Nav, tea.Cmd) {
	c := l.client
	l.gone = true
	return screen.Replace(newMenu(l.c)), func() tea.Msg {
		c.Close()
		return nil
	}
}

// View draws the lists (players, then the games in progress), the day's
// table and the chat, the invitations and the keys.
func (l *lobbyScreen) View() string {
	st := l.c.st
	w, h := l.c.Width, l.c.Height
	if l.compact() {
		return l.compactView()
	}
	listW := min(max(w*9/20, 20), 38)
	chatW := max(w-listW-3, 8)
	where := l.addr
	if l.c.cfg.Connect != nil {
		where = "this server"
	}
	title := fmt.Sprintf("LOBBY · %s · you are %s", where, l.me)
	lines := []string{st.Title.Render(screen.Fit(title, w)), ""}

	hints := l.hintLines(w)
	bodyH := max(h-7-len(hints), 3)
	if l.allKeys {
		// The help instead of the lists and the chat.
		body := l.helpLines(w, bodyH+1)
		lines = append(lines, body...)
		for len(lines) < 2+bodyH+1 {
			lines = append(lines, "")
		}
		lines = append(lines, st.Faint.Render(screen.Fit(l.note, w)), "")
		lines = append(lines, hints...)
		return screen.PadLines(strings.Join(lines, "\n"), h)
	}
	left := l.listLines(listW, bodyH)

	var right []string
	if l.daily != nil {
		right = l.dailyLines(chatW, max(1, bodyH/3))
		right = append(right, "")
	}
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
	if n := bodyH - len(right); len(wrapped) > n {
		wrapped = wrapped[len(wrapped)-max(n, 0):]
	}
	right = append(right, wrapped...)

	for i := 0; i < bodyH; i++ {
		var a, b string
		if i < len(left) {
			a = left[i]
		}
		if i < len(right) {
			b = screen.Fit(right[i], chatW)
		}
		// Every row is padded to the list's width, so that the divider
		// stands in one column: a row exactly as wide as the list (a
		// selected player who is "playing") gets no extra space.
		if ansi.StringWidth(a) > listW {
			a = screen.Fit(a, listW)
		}
		pad := max(0, listW-ansi.StringWidth(a))
		lines = append(lines, a+strings.Repeat(" ", pad)+" │ "+b)
	}
	lines = append(lines, "")
	switch {
	case l.choosing != nil:
		lines = append(lines, st.Warn.Render(screen.Fit(l.choosing.question, w)))
	case len(l.invites) > 0:
		lines = append(lines, st.Warn.Render(screen.Fit("Invited by "+strings.Join(l.invites, ", ")+" — A accept · D decline", w)))
	default:
		lines = append(lines, st.Faint.Render(screen.Fit(l.note, w)))
	}
	if l.typing {
		lines = append(lines, l.input.View(w), st.Faint.Render("Enter send · Esc cancel"))
	} else {
		if len(l.invites) > 0 {
			lines = append(lines, screen.Fit(l.note, w))
		} else {
			lines = append(lines, "")
		}
		lines = append(lines, hints...)
	}
	return screen.PadLines(strings.Join(lines, "\n"), h)
}

// hintLines are the key hints for a terminal w columns wide: one line, or
// two when one would be cut (the chooser's while it is open).
func (l *lobbyScreen) hintLines(w int) []string {
	if l.choosing != nil {
		return l.wrapHints(l.choosing.keys(), w)
	}
	played := l.daily != nil && l.daily.Played
	return l.wrapHints(lobbyKeys().hints(!played, len(l.invites) > 0), w)
}

// wrapHints are the hints of keys on as few lines of w columns as hold
// each hint whole.
func (l *lobbyScreen) wrapHints(keys []key.Binding, w int) []string {
	st := l.c.st
	h := screen.HintHelp(st, " · ", true)
	one := h.ShortHelpView(keys)
	if ansi.StringWidth(one) <= w {
		return []string{st.Faint.Render(one)}
	}
	// As many hints a line as fit whole (three lines at 40 columns).
	var lines []string
	from := 0
	for from < len(keys) {
		to := from + 1
		for to < len(keys) && ansi.StringWidth(h.ShortHelpView(keys[from:to+1])) <= w {
			to++
		}
		lines = append(lines, st.Faint.Render(screen.Fit(h.ShortHelpView(keys[from:to]), w)))
		from = to
	}
	return lines
}

// listLines are the left column: the players (bots marked), then the
// games in progress on two lines each (players and a daily mark, then
// level, turn and watchers), scrolled to keep the selected line in view.
func (l *lobbyScreen) listLines(w, h int) []string {
	st := l.c.st
	type row struct {
		text string
		item int // the line's item (-1: a heading or a note)
	}
	var rows []row
	add := func(text string, item int) { rows = append(rows, row{text, item}) }
	add(st.Heading.Render(l.playersHeading()), -1)
	if len(l.players) == 0 {
		add(st.Faint.Render("nobody else yet"), -1)
	}
	nameW := min(netplay.MaxName, max(w-2-len(netplay.StatusPlaying)-1, 6))
	for i, p := range l.players {
		text := fmt.Sprintf("%-*s %s", nameW, p.Name, p.Status)
		if p.Bot {
			text += " · bot"
		}
		switch {
		case i == l.cursor:
			add("> "+st.Selected.Render(text), i)
		case p.Status == netplay.StatusIdle:
			add("  "+text, i)
		default:
			add("  "+st.Faint.Render(text), i)
		}
	}
	if l.more > 0 {
		add(st.Faint.Render(fmt.Sprintf("  and %d more", l.more)), -1)
	}
	add("", -1)
	add(st.Heading.Render(l.gamesHeading()), -1)
	if len(l.games) == 0 {
		add(st.Faint.Render("none right now"), -1)
	}
	for i := range l.games {
		g := &l.games[i]
		item := len(l.players) + i
		text, infos := gameLine(g)
		info := "    " + strings.Join(infos, " · ")
		if item == l.cursor {
			add("> "+st.Selected.Render(screen.Fit(text, w-2)), item)
		} else {
			add("  "+text, item)
		}
		add(st.Faint.Render(screen.Fit(info, w)), item)
	}
	if l.moreG > 0 {
		add(st.Faint.Render(fmt.Sprintf("  and %d more games", l.moreG)), -1)
	}
	// The selected item's lines in view.
	first, last := -1, -1
	for i, r := range rows {
		if r.item == l.cursor && r.item >= 0 {
			if first < 0 {
				first = i
			}
			last = i
		}
	}
	top := 0
	if last >= h {
		top = last - h + 1
	}
	if first >= 0 && first < top {
		top = first
	}
	out := make([]string, 0, h)
	for i := top; i < len(rows) && len(out) < h; i++ {
		out = append(out, rows[i].text)
	}
	return out
}

// dailyLines are the day's table in at most n entries (the player's own
// always among them), headed by the day, and what the player can do.
func (l *lobbyScreen) dailyLines(w, n int) []string {
	st := l.c.st
	d := l.daily
	out := []string{st.Heading.Render(screen.Fit("Daily challenge "+d.Date, w))}
	out = append(out, screen.DailyTable(st, d, l.me, n, w)...)
	if d.Played {
		out = append(out, st.Faint.Render(screen.Fit("You played today's challenge.", w)))
	} else {
		out = append(out, st.Warn.Render(screen.Fit("C: play it (one try a day)", w)))
	}
	return out
}

// link is the lobby's connection as a game played or watched through
// the server uses it: it receives with the lobby's wait, hands the lobby's
// messages back, and returns to this lobby.
func (l *lobbyScreen) link() screen.Link {
	return screen.Link{
		Client: l.client,
		Wait:   l.wait,
		Unpack: func(msg tea.Msg) (netplay.Message, error, bool) {
			m, ok := msg.(lobbyNetMsg)
			if !ok || m.client != l.client {
				return nil, nil, false
			}
			return m.m, m.err, true
		},
		Lobby:  func(m netplay.Message) { l.handle(m) },
		Addr:   l.addr,
		Name:   l.me,
		Rejoin: l.c.rejoin(l.addr, l.me, l.token),
		Note:   func(s string) { l.note = s },
		Back: func(waiting bool) screen.Screen {
			l.waiting = waiting
			return l
		},
		Lost: func(err error) screen.Screen {
			l.gone = true
			return screen.NewMessage(l.c.Context, "Connection lost",
				"The connection to "+l.addr+" was lost:\n"+safetext.Clean(err.Error())+".", true)
		},
	}
}

// gameLine is a game in progress: its title (players, kind, daily or solo
// mark) and what is known of its progress (level and turn, or move, and
// watchers).
func gameLine(g *netplay.LobbyGame) (string, []string) {
	text := gameTitle(g)
	if g.Kind != "" && g.Kind != netplay.KindMinotaur {
		text += " · " + g.Kind
	}
	if g.Daily {
		text += " · daily"
	} else if len(g.Players) == 1 {
		text += " · solo"
	}
	info := []string{fmt.Sprintf("level %d", g.Level), fmt.Sprintf("turn %d", g.Turn)}
	if g.Kind != "" {
		info = []string{fmt.Sprintf("move %d", g.Turn+1)}
	}
	if g.Watchers > 0 {
		info = append(info, strconv.Itoa(g.Watchers)+" watching")
	}
	return text, info
}

// playersHeading heads the players' list with how many others are online.
func (l *lobbyScreen) playersHeading() string {
	if n := len(l.players) + l.more; n > 0 {
		return fmt.Sprintf("Players (%d)", n)
	}
	return "Players"
}

// gamesHeading heads the games' list with how many are in progress.
func (l *lobbyScreen) gamesHeading() string {
	if n := len(l.games) + l.moreG; n > 0 {
		return fmt.Sprintf("Games in progress (%d)", n)
	}
	return "Games in progress"
}

// compact is whether the terminal is too small for the lists beside the
// chat (below 60×16): then they stand one above the other, a line each.
func (l *lobbyScreen) compact() bool { return l.c.Width < 60 || l.c.Height < 16 }

// compactView is the lobby on a small terminal: the title; the players and
// the games in progress, a line each, scrolled to the selection, their
// headings counting them (and the lines out of view); the day's challenge
// in a line; the chat's last line; the note or invitation; the keys that
// matter ("?" lists them all).
func (l *lobbyScreen) compactView() string {
	st := l.c.st
	w, h := l.c.Width, l.c.Height
	where := l.addr
	if l.c.cfg.Connect != nil {
		where = "this server"
	}
	top := []string{st.Title.Render(screen.Fit(fmt.Sprintf("LOBBY · %s · you are %s", where, l.me), w))}

	var foot []string
	if l.daily != nil {
		if l.daily.Played {
			foot = append(foot, st.Faint.Render(screen.Fit("Daily challenge "+l.daily.Date+" · played", w)))
		} else {
			foot = append(foot, st.Warn.Render(screen.Fit("Daily challenge "+l.daily.Date+" · C to play", w)))
		}
	}
	status := l.note
	if l.choosing != nil {
		status = l.choosing.question
	} else if len(l.invites) > 0 {
		// Who invited to what: the note naming the game may be gone.
		from := make([]string, len(l.invites))
		for i, name := range l.invites {
			from[i] = name
			if kind := l.inviteKind[name]; kind != "" {
				from[i] += " (" + kind + ")"
			}
		}
		// The hints below say A accept · D decline.
		status = "Invited by " + strings.Join(from, ", ") + "."
	}
	// The chat's last message on a line, or two when there is no note; a
	// line wrapped from it indented, as beside the lists.
	if n := len(l.chat); n > 0 {
		room := 2
		if status != "" {
			room = 1
		}
		chat := strings.Split(screen.Wrap(l.chat[n-1], w-2), "\n")
		if len(chat) > room {
			chat[room-1] = strings.Join(chat[room-1:], " ")
			chat = chat[:room]
		}
		for i, s := range chat {
			if i > 0 {
				s = "  " + s
			}
			foot = append(foot, screen.Fit(s, w))
		}
	}
	// The note whole on up to two lines (none when there is no note).
	var notes []string
	if status != "" {
		notes = strings.Split(screen.Wrap(status, w), "\n")
	}
	if len(notes) > 2 {
		notes = notes[:2]
		notes[1] = screen.Fit(notes[1]+" …", w)
	}
	for _, s := range notes {
		if len(l.invites) > 0 {
			foot = append(foot, st.Warn.Render(screen.Fit(s, w)))
		} else {
			foot = append(foot, st.Faint.Render(screen.Fit(s, w)))
		}
	}
	if l.typing {
		foot = append(foot, l.input.View(w), st.Faint.Render("Enter send · Esc cancel"))
	} else if l.choosing != nil {
		foot = append(foot, l.wrapHints(l.choosing.keys(), w)...)
	} else {
		played := l.daily != nil && l.daily.Played
		foot = append(foot, l.wrapHints(lobbyKeys().shortHints(!played, len(l.invites) > 0), w)...)
	}
	if l.allKeys {
		// The help takes the screen under the title.
		lines := append(top, l.helpLines(w, h-len(top))...)
		return screen.PadLines(strings.Join(lines, "\n"), h)
	}
	bodyH := max(h-len(top)-len(foot), 2)

	body := l.compactLists(w, bodyH)
	if len(body) > bodyH {
		body = body[:bodyH]
	}
	for len(body) < bodyH {
		body = append(body, "")
	}
	lines := append(append(top, body...), foot...)
	return screen.PadLines(strings.Join(lines, "\n"), h)
}

// compactLists are the players and the games in h lines: each list gets a
// heading and at least one line, the games at least half of what is left
// when they need it; each list is scrolled to keep the selection in view.
func (l *lobbyScreen) compactLists(w, h int) []string {
	st := l.c.st
	var players, games []string
	nameW := min(netplay.MaxName, max(w-2-len(netplay.StatusPlaying)-1-len(" · bot"), 6))
	for i, p := range l.players {
		text := fmt.Sprintf("%-*s %s", nameW, p.Name, p.Status)
		if p.Bot {
			text += " · bot"
		}
		switch {
		case i == l.cursor:
			players = append(players, "> "+st.Selected.Render(screen.Fit(text, w-2)))
		case p.Status == netplay.StatusIdle:
			players = append(players, "  "+screen.Fit(text, w-2))
		default:
			players = append(players, "  "+st.Faint.Render(screen.Fit(text, w-2)))
		}
	}
	for i := range l.games {
		g := &l.games[i]
		text, infos := gameLine(g)
		text = screen.Fit(text, w-2)
		// The progress only in parts that fit whole.
		for _, s := range infos {
			if ansi.StringWidth(text)+3+ansi.StringWidth(s) > w-2 {
				break
			}
			text += " · " + s
		}
		if len(l.players)+i == l.cursor {
			games = append(games, "> "+st.Selected.Render(text))
		} else {
			games = append(games, "  "+text)
		}
	}
	rows := max(h-2, 2) // the lines under the two headings
	gRows := min(max(len(games), 1), max(rows/2, 1))
	pRows := min(max(len(players), 1), rows-gRows)
	gRows = min(max(len(games), 1), rows-pRows)

	section := func(heading string, items []string, n, sel int, none string) []string {
		out := []string{}
		if len(items) == 0 {
			return append(out, st.Heading.Render(heading), st.Faint.Render(screen.Fit(none, w)))
		}
		from := 0
		if sel >= 0 {
			from = screen.Window(len(items), n, sel)
		}
		shown := items[from:min(from+n, len(items))]
		if hidden := len(items) - len(shown); hidden > 0 {
			heading += fmt.Sprintf(" · %d more ↑/↓", hidden)
		}
		out = append(out, st.Heading.Render(screen.Fit(heading, w)))
		return append(out, shown...)
	}
	selP, selG := -1, -1
	if l.cursor < len(l.players) {
		selP = l.cursor
	} else {
		selG = l.cursor - len(l.players)
	}
	out := section(l.playersHeading(), players, pRows, selP, "nobody else yet")
	return append(out, section(l.gamesHeading(), games, gRows, selG, "none right now")...)
}

// lobbyKeyMap are the keys of the server's lobby: the lobby matches keys
// against them and draws its key hints and its help from them.
type lobbyKeyMap struct {
	Up, Down key.Binding
	// Invite invites the selected player, Bot plays against the
	// computer, each to a game of the kind chosen next (the chooser lists
	// the games played through the lobby).
	Invite, Bot     key.Binding
	Accept, Decline key.Binding
	Watch           key.Binding
	Solo, Daily     key.Binding
	Chat, Back      key.Binding
	// Select is Up and Down as one hint; it is never matched.
	Select key.Binding
	// Keys shows the lobby's help: every key and what it does.
	Keys key.Binding
}

// lobbyKeys are the lobby's keys as the active keymap binds them: help
// is ? and H as in the games, quit Esc and Q.
func lobbyKeys() lobbyKeyMap { return lobbyKeysCache.Get() }

var lobbyKeysCache = keymap.NewCached(func(m *keymap.Map) lobbyKeyMap {
	const g = keymap.Lobby
	k := lobbyKeyMap{
		Up:      m.Binding(g, "up", "↑", "up"),
		Down:    m.Binding(g, "down", "↓", "down"),
		Invite:  m.Binding(g, "invite", "I", "invite"),
		Bot:     m.Binding(g, "computer", "B", "vs computer"),
		Accept:  m.Binding(g, "accept", "A", "accept"),
		Decline: m.Binding(g, "decline", "D", "decline"),
		Watch:   m.Binding(g, "watch", "V", "watch"),
		Solo:    m.Binding(g, "solo", "N", "solo"),
		Daily:   m.Binding(g, "daily", "C", "daily"),
		Chat:    m.Binding(g, "chat", "T", "chat"),
		Back:    m.Binding(g, "quit", "Esc", "menu"),
		Keys:    m.Binding(g, "help", "?", "help"),
	}
	k.Select = key.NewBinding(key.WithKeys("up", "down"), key.WithHelp(m.Label(g, "up", "↑")+"/"+m.Label(g, "down", "↓"), "select"))
	if !m.Changed(g, "up") && !m.Changed(g, "down") {
		k.Select.SetHelp("↑/↓", "select")
	}
	return k
})

// hints are the lobby's key hints: the daily challenge's only while the
// player has not used today's attempt (daily false), the answers only
// while an invitation waits.
func (k lobbyKeyMap) hints(daily, invited bool) []key.Binding {
	d := k.Daily
	d.SetEnabled(daily)
	if invited {
		return []key.Binding{k.Select, k.Accept, k.Decline, k.Invite, k.Bot, k.Watch, k.Solo, d, k.Chat, k.Keys, k.Back}
	}
	return []key.Binding{k.Select, k.Invite, k.Bot, k.Watch, k.Solo, d, k.Chat, k.Keys, k.Back}
}

// shortHints are the keys that matter where the hints have two lines
// (40×12); ? shows the others.
func (k lobbyKeyMap) shortHints(daily, invited bool) []key.Binding {
	d := k.Daily
	d.SetEnabled(daily)
	if invited {
		return []key.Binding{k.Accept, k.Decline, k.Select, k.Watch, k.Chat, k.Keys, k.Back}
	}
	return []key.Binding{k.Select, k.Invite, k.Watch, k.Chat, k.Solo, d, k.Keys, k.Back}
}

// lobbyHelp is the lobby's help: each key and what it does, at length and
// in short (for a narrow terminal).
func lobbyHelp() [][3]string {
	km, g := keymap.Active(), keymap.Lobby
	l := func(action, dflt string) string { return km.LabelAll(g, action, dflt, ", ") }
	return [][3]string{
		{l("up", "↑") + "/" + l("down", "↓"), "select a player or a game in progress", "select a player or a game"},
		{l("invite", "I"), "invite the selected player: choose the game, then wait for the answer", "invite the selected player"},
		{l("computer", "B"), "play against the computer: choose the game", "play against the computer"},
		{l("watch", "V"), "watch the selected game, or the selected player's", "watch the selected game"},
		{l("accept", "A") + " / " + l("decline", "D"), "accept / decline the last invitation", "accept / decline an invite"},
		{l("solo", "N"), "a solo game on the server, listed for others to watch", "a solo game on the server"},
		{l("daily", "C"), "the daily challenge: the day's maze, one try a day", "the daily challenge"},
		{l("chat", "T, Enter"), "chat with the lobby (Enter sends, Esc cancels)", "chat (Enter sends)"},
		{l("help", "?, H"), "this help (it or Esc closes it)", "close this help"},
		{l("quit", "Esc, Q"), "leave the server, back to the menu", "back to the menu"},
	}
}

// helpLines are the lobby's help in w columns and at most h lines: a key
// and what it does on each line (in short on a narrow terminal), or the
// keys' hints alone where that does not fit.
func (l *lobbyScreen) helpLines(w, h int) []string {
	st := l.c.st
	out := []string{st.Heading.Render(screen.Fit("Keys (? or Esc closes)", w))}
	if len(lobbyHelp())+1 > h {
		played := l.daily != nil && l.daily.Played
		return append(out, l.wrapHints(lobbyKeys().hints(!played, len(l.invites) > 0), w)...)
	}
	long := true
	for _, k := range lobbyHelp() {
		long = long && 10+ansi.StringWidth(k[1]) <= w
	}
	for _, k := range lobbyHelp() {
		what := k[2]
		if long {
			what = k[1]
		}
		out = append(out, st.Key.Render(fmt.Sprintf("%-9s", k[0]))+" "+screen.Fit(what, w-10))
	}
	if games := l.gamesLine(w); games != "" && len(out) < h {
		out = append(out, st.Faint.Render(games))
	}
	return out
}

// gamesLine names the games played through this lobby ("" for none).
func (l *lobbyScreen) gamesLine(w int) string {
	var names []string
	for _, g := range l.kinds() {
		names = append(names, g.Title)
	}
	if len(names) == 0 {
		return ""
	}
	return screen.Fit("Games here: "+strings.Join(names, ", ")+".", w)
}

// kindChoice is the kind chooser: the question, the games offered (with
// the keys 1…n) and what choosing one does.
type kindChoice struct {
	question string
	games    []screen.Descriptor
	act      func(g screen.Descriptor) tea.Cmd
}

// choose opens the kind chooser on games; with one game it acts at once.
func (l *lobbyScreen) choose(question string, games []screen.Descriptor, act func(g screen.Descriptor) tea.Cmd) (screen.Nav, tea.Cmd) {
	switch len(games) {
	case 0:
		l.note = "This server plays no game of this program with others."
		return screen.Stay, nil
	case 1:
		return screen.Stay, act(games[0])
	}
	l.choosing = &kindChoice{question: question, games: games, act: act}
	l.note = ""
	return screen.Stay, nil
}

// chooseKey handles a key of the kind chooser: a game's number chooses it,
// Esc cancels; other keys do nothing.
func (l *lobbyScreen) chooseKey(msg tea.KeyMsg) (screen.Nav, tea.Cmd) {
	ch := l.choosing
	if msg.Type == tea.KeyEsc {
		l.choosing = nil
		return screen.Stay, nil
	}
	if msg.Type == tea.KeyRunes && len(msg.Runes) == 1 {
		if n := int(msg.Runes[0] - '1'); n >= 0 && n < len(ch.games) {
			l.choosing = nil
			return screen.Stay, ch.act(ch.games[n])
		}
	}
	return screen.Stay, nil
}

// keys are the chooser's hints: a number for each game, Esc.
func (ch *kindChoice) keys() []key.Binding {
	var out []key.Binding
	for i, g := range ch.games {
		n := strconv.Itoa(i + 1)
		out = append(out, key.NewBinding(key.WithKeys(n), key.WithHelp(n, g.Title)))
	}
	return append(out, key.NewBinding(key.WithKeys("esc"), key.WithHelp("Esc", "cancel")))
}

// kinds are the games played through the lobby: those of the list with
// an online screen whose kind the server plays (the protocol's own kind,
// and netplay's registered kinds), in the list's order.
func (l *lobbyScreen) kinds() []screen.Descriptor {
	server := append([]string{netplay.KindMinotaur}, netplay.ClientKinds()...)
	var out []screen.Descriptor
	for _, g := range l.c.games {
		if g.Online != nil && slices.Contains(server, g.Name) {
			out = append(out, g)
		}
	}
	return out
}

// botKinds are the games played against the computer: every kind of the
// lobby (the protocol's own with one of the server's bot players, the
// others against the server's computer).
func (l *lobbyScreen) botKinds() []screen.Descriptor { return l.kinds() }

// vsComputer starts a game of g's kind against the computer: the
// protocol's own kind (Minotaur's co-op) by inviting an idle bot player,
// any other against the server's computer.
func (l *lobbyScreen) vsComputer(g screen.Descriptor) tea.Cmd {
	if g.Name != netplay.KindMinotaur {
		l.note = "Starting " + g.Title + " against the server's computer…"
		kind := g.Name
		return l.send(func(c *netplay.Client) error { return c.SoloWith(kind, 0, g.SoloBots, g.Choose) })
	}
	to := l.idleBot()
	if to == "" {
		l.note = "No bot is free on this server (a server started with --bots N has some)."
		return nil
	}
	l.note = "Inviting the bot " + to + "…"
	return l.send(func(c *netplay.Client) error { return c.Invite(to) })
}

// game is the game of a kind on the server ("" is the protocol's own,
// Minotaur's), nil for a kind the list has no game of.
func (l *lobbyScreen) game(kind string) *screen.Descriptor {
	if kind == "" {
		kind = netplay.KindMinotaur
	}
	for i := range l.c.games {
		if l.c.games[i].Name == kind {
			return &l.c.games[i]
		}
	}
	return nil
}
