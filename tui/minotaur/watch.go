package minotaur

import (
	"fmt"
	"strings"

	"github.com/charmbracelet/bubbles/key"
	tea "github.com/charmbracelet/bubbletea"

	"github.com/minotaur-game/minotaur/engine"
	"github.com/minotaur-game/minotaur/netplay"
	"github.com/minotaur-game/minotaur/safetext"
	"github.com/minotaur-game/minotaur/tui/screen"
)

// watchScreen shows a game in progress to a spectator: the board of seat 0
// (what the team knows), the players and their states, what happens told
// in the third person, and the game's chat, which the spectator may join.
// A spectator never acts. Esc or Q stops watching; when the game ends the
// result is shown and any key goes back to the lobby.
//
// The lobby's connection stays open under the screen (its Link): the
// screen receives its messages with the lobby's wait, and hands what is
// for the lobby (the lists, the day's table, lobby chat, invitations) to
// the lobby it returns to.
type watchScreen struct {
	c     *env
	link  screen.Link
	start *netplay.Start
	b     *board
	names [2]string
	n     int // players in the game

	chatting bool
	chat     screen.Input
	hints    hintCache

	over   bool
	result string // the result, told once the game is over
}

func newWatchScreen(c *env, link screen.Link, start *netplay.Start, first *netplay.State) *watchScreen {
	w := &watchScreen{c: c, link: link, start: start}
	w.chat = screen.Input{Prompt: "> ", Limit: netplay.MaxChat}
	w.b = newBoard(c.st, 0, first.View)
	w.b.accessible = c.Accessible
	w.b.info = w.info
	w.b.keys = w.keyHints
	w.learn(first)
	w.b.say(fmt.Sprintf("You are watching %s: level %d, turn %d.", w.players(), first.Level, first.Turn))
	w.b.status = w.watchingLine()
	return w
}

// learn takes the players' names from a state.
func (w *watchScreen) learn(st *netplay.State) {
	for _, p := range st.Players {
		if p.Seat >= 1 && p.Seat <= 2 && p.Name != "" {
			w.names[p.Seat-1] = p.Name
		}
		w.n = max(w.n, p.Seat)
	}
	if w.n == 0 {
		w.n = 1
	}
}

// players names the players: "alice", "alice and bob".
func (w *watchScreen) players() string {
	var names []string
	for i := 0; i < w.n && i < 2; i++ {
		if w.names[i] != "" {
			names = append(names, w.names[i])
		}
	}
	if len(names) == 0 {
		return w.start.Partner
	}
	return strings.Join(names, " and ")
}

// watchingLine is the status line of the panel.
func (w *watchScreen) watchingLine() string {
	if w.over {
		return w.result
	}
	s := "Watching"
	if w.start.Daily {
		s += " the daily challenge"
	}
	return s
}

// info describes the players for the panel's players line.
func (w *watchScreen) info() SessionInfo {
	return SessionInfo{Players: w.n, Names: []string{w.names[0], w.names[1]}}
}

// narrator tells the game in the third person.
func (w *watchScreen) narrator() engine.Narrator {
	return engine.Narrator{Seat: 0, Names: w.names, Players: w.n}
}

// wait receives the next server message.
func (w *watchScreen) wait() tea.Cmd { return w.link.Wait() }

// Init starts receiving.
func (w *watchScreen) Init() tea.Cmd { return w.wait() }

// Owns claims the connection's messages while help is shown above.
func (w *watchScreen) Owns(msg tea.Msg) bool {
	_, _, ok := w.link.Unpack(msg)
	return ok
}

// Update handles the server's messages and the keys.
func (w *watchScreen) Update(msg tea.Msg) (screen.Nav, tea.Cmd) {
	if m, err, ok := w.link.Unpack(msg); ok {
		if err != nil {
			return screen.Replace(w.link.Lost(err)), nil
		}
		if w.server(m) {
			// Back in the lobby on the server: what follows is the
			// lobby's, read by its own wait once the player goes back.
			return screen.Stay, nil
		}
		return screen.Stay, w.wait()
	}
	switch msg := msg.(type) {
	case tea.KeyMsg:
		return w.key(msg)
	}
	return screen.Stay, nil
}

// server handles one message: the watched game's, or the lobby's. It
// reports whether the game is over, when the screen stops receiving.
func (w *watchScreen) server(m netplay.Message) bool {
	switch m := m.(type) {
	case *netplay.State:
		w.learn(m)
		n := w.narrator()
		o := w.b.play(m.Happened, m.View, n)
		for _, s := range extraSentences(m, n) {
			w.b.say(s)
		}
		if o.end != 0 {
			w.b.status = "The game is over"
		}
	case *netplay.Chat:
		if m.Scope == netplay.ScopeLobby {
			w.link.Lobby(m)
			break
		}
		w.b.said(m.From, m.Text)
	case *netplay.Over:
		w.over = true
		w.result = overLine(m)
		w.b.status = w.result
		w.b.say(w.result + ". Any key: back to the lobby.")
		w.chatting = false
		w.hints.ok = false
		w.b.touch()
	case *netplay.Invited:
		w.link.Lobby(m)
		w.b.say(m.From + " invites you to play: leave (Esc) to answer in the lobby.")
	case *netplay.Error:
		w.b.say("Server: " + m.Msg + ".")
	default:
		w.link.Lobby(m) // the lists, the day's table
	}
	return w.over
}

// overLine tells a game's result in words.
func overLine(o *netplay.Over) string {
	if o.Saved {
		return fmt.Sprintf("Saved and put away on level %d, score %d, to continue later", o.Level, o.Score)
	}
	switch o.Result {
	case "won":
		return fmt.Sprintf("Won, score %d", o.Score)
	case "lost":
		return fmt.Sprintf("Lost on level %d, score %d", o.Level, o.Score)
	}
	return fmt.Sprintf("Game over (%s) on level %d, score %d", safetext.Clean(o.Result), o.Level, o.Score)
}

// key handles a key: chat typing, help, leaving; a key of play is told
// that spectators do not play.
func (w *watchScreen) key(msg tea.KeyMsg) (screen.Nav, tea.Cmd) {
	if w.chatting {
		w.b.touch()
		switch msg.Type {
		case tea.KeyEsc:
			w.chatting = false
		case tea.KeyEnter:
			w.chatting = false
			if text := strings.TrimSpace(w.chat.Value()); text != "" {
				return screen.Stay, w.send(func(c *netplay.Client) error { return c.Chat(text) })
			}
		default:
			w.chat.Update(msg)
		}
		return screen.Stay, nil
	}
	if w.over {
		return w.back("")
	}
	switch {
	case key.Matches(msg, watchKeys().Leave):
		return w.back("You stopped watching " + w.players() + ".")
	case key.Matches(msg, watchKeys().Chat):
		w.chatting = true
		w.chat.SetValue("")
		w.chat.Focus()
		w.b.touch()
	case key.Matches(msg, watchKeys().Help):
		return screen.Push(newHelpScreen(w.c)), nil
	case key.Matches(msg, playKeys().Move), key.Matches(msg, playKeys().Skip), key.Matches(msg, playKeys().Freeze):
		w.b.refused("You are watching: only the players move.")
	}
	return screen.Stay, nil
}

// back returns to the lobby (telling the server first, while the game
// goes on: the screen's wait is under way and carries on for the lobby).
func (w *watchScreen) back(note string) (screen.Nav, tea.Cmd) {
	if w.over {
		w.link.Note("The game you watched is over: " + w.result + ".")
		return screen.Replace(w.link.Back(false)), nil
	}
	w.link.Note(note)
	return screen.Replace(w.link.Back(true)), w.send(func(c *netplay.Client) error { return c.Leave() })
}

// send runs a request in a command; a failed write shows up as the end of
// the connection.
func (w *watchScreen) send(f func(*netplay.Client) error) tea.Cmd {
	c := w.link.Client
	return func() tea.Msg {
		f(c)
		return nil
	}
}

// View draws the board.
func (w *watchScreen) View() string { return w.b.View(w.c.Width, w.c.Height) }

// keyHints are the watch screen's hints: chat, leave, help; while a chat
// line is typed, how to send it and the line itself.
func (w *watchScreen) keyHints(width int) ([]string, pline) {
	st := w.c.st
	if w.chatting {
		line := w.chat.View(width)
		return []string{st.Faint.Render(screen.HintHelp(st.Styles, " · ", true).ShortHelpView(chatKeys)), line}, pline{text: line}
	}
	mode := 0
	if w.over {
		mode = 1
	}
	side, under := w.hints.get(width, mode, func() ([]string, string) {
		if w.over {
			s := "Any key: back to the lobby"
			return []string{screen.Fit(s, width)}, cut(s, width)
		}
		h := screen.HintHelp(st.Styles, "  ", false)
		side := []string{screen.Fit(h.ShortHelpView([]key.Binding{watchKeys().Chat, watchKeys().Help}), width),
			screen.Fit(h.ShortHelpView([]key.Binding{watchKeys().Leave}), width)}
		return side, cut(screen.HintHelp(st.Styles, " · ", true).ShortHelpView([]key.Binding{watchKeys().Chat, watchKeys().Leave, watchKeys().Help}), width)
	})
	return side, pline{st.text.faint, under}
}

// extraSentences are the sentences of a state that its events do not
// account for: what the server tells of the game itself ("carol is
// watching"), in the order sent.
func extraSentences(st *netplay.State, n engine.Narrator) []string {
	if len(st.Events) == 0 {
		return nil
	}
	told := map[string]int{}
	third := engine.Narrator{Seat: n.Seat, Names: n.Names}
	for _, s := range third.Sentences(st.Happened) {
		told[s]++
	}
	var out []string
	for _, s := range st.Events {
		if told[s] > 0 {
			told[s]--
			continue
		}
		out = append(out, s)
	}
	return out
}
