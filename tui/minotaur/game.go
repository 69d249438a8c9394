package minotaur

import (
	"strings"

	"github.com/charmbracelet/bubbles/key"
	tea "github.com/charmbracelet/bubbletea"

	"github.com/minotaur-game/minotaur/engine"
	"github.com/minotaur-game/minotaur/tui/keymap"
	"github.com/minotaur-game/minotaur/tui/screen"
)

// gameScreen is a game being played: a board showing the session's View
// and the messages of its events, the keys of play turned into the
// session's actions, and the chat line of a co-op game.
type gameScreen struct {
	c    *env
	sess Session
	b    *board

	chatting bool
	chat     screen.Input

	hints hintCache

	// over is set once the game has been won or lost.
	over bool

	// trip is the travel or exploration under way (travel.go); tripGen
	// numbers the trips.
	trip    *trip
	tripGen int
	// seen remembers where monsters were seen lately, so that a trip
	// keeps out of a dead end one was seen beside (guard.go).
	seen sightings
}

func newGameScreen(c *env, sess Session) *gameScreen {
	if ls, ok := sess.(*LocalSession); ok && c.cfg.Host != nil {
		sess = newHostedSession(ls, c.cfg.Name, c.cfg.Host)
	}
	g := &gameScreen{c: c, sess: sess}
	g.b = newBoard(c.st, sess.Seat(), sess.View())
	g.b.accessible = c.Accessible
	g.b.info, g.b.turns = sess.Info, true
	g.b.keys = g.keyHints
	g.chat = screen.Input{Prompt: "> ", Limit: 200}
	if d, ok := sess.(interface{ Daily() bool }); ok && d.Daily() {
		g.b.status = "Daily challenge"
	}
	g.b.welcome()
	g.seen = g.seen.note(&g.b.view)
	return g
}

// Init waits for whatever the session reports unasked.
func (g *gameScreen) Init() tea.Cmd { return tea.Batch(g.sess.Next(), g.dealAhead()) }

// dealAhead deals the next level in the background when the session can,
// so that passing this one shows the next at once.
func (g *gameScreen) dealAhead() tea.Cmd {
	if d, ok := g.sess.(interface{ DealAhead() tea.Cmd }); ok {
		return d.DealAhead()
	}
	return nil
}

// canChat reports whether the session has someone to talk to: a partner,
// or the spectators of a game on a server.
func (g *gameScreen) canChat() bool {
	_, ok := g.sess.(Chatter)
	return ok
}

// Owns claims the session's reports, which must reach the game (and re-arm
// its wait) even while help or the pause menu is shown above it.
func (g *gameScreen) Owns(msg tea.Msg) bool {
	switch msg.(type) {
	case EventsMsg, ChatMsg, SessionErrorMsg:
		return true
	}
	return false
}

// Update handles a key or a session's report.
func (g *gameScreen) Update(msg tea.Msg) (screen.Nav, tea.Cmd) {
	switch msg := msg.(type) {
	case tea.WindowSizeMsg:
		if g.c.TooSmall() {
			g.stopTrip() // a trip does not walk on unseen
		}
	case tea.KeyMsg:
		if g.trip != nil {
			g.stopTrip() // any key stops a trip, and only stops it
			return screen.Stay, nil
		}
		return g.key(msg)
	case tea.MouseMsg:
		return g.mouse(msg)
	case travelStepMsg:
		if g.trip == nil || g.trip.gen != msg.gen || g.over {
			return screen.Stay, nil
		}
		return g.tripStep()
	case EventsMsg:
		n, cmd := g.apply(msg.Events)
		return n, tea.Batch(cmd, g.sess.Next())
	case ChatMsg:
		g.stopTrip() // a line from the partner or the server is for the player
		g.b.said(msg.From, msg.Text)
		return screen.Stay, g.sess.Next()
	case SessionErrorMsg:
		g.stopTrip()
		g.b.say("Connection lost: " + msg.Err.Error())
		return screen.Push(screen.NewMessage(g.c.Context, "Connection lost",
			"The game could not go on: "+msg.Err.Error()+".", true)), nil
	case SavedMsg:
		// A save finished after the pause screen was left.
		if msg.Err != nil {
			saveFailedIn(g.sess)
			g.b.say("The game was not saved: " + msg.Err.Error())
		}
	}
	return screen.Stay, nil
}

// key handles a key in play.
func (g *gameScreen) key(msg tea.KeyMsg) (screen.Nav, tea.Cmd) {
	if g.chatting {
		return screen.Stay, g.chatKey(msg)
	}
	if g.b.cursor != nil {
		return g.lookKey(msg)
	}
	switch {
	case key.Matches(msg, playKeys().Help):
		return screen.Push(newHelpScreen(g.c)), nil
	case key.Matches(msg, playKeys().History):
		return screen.Push(newHistoryScreen(g.c, g.b.history)), nil
	case key.Matches(msg, playKeys().Pause):
		return screen.Push(newPauseScreen(g.c, g)), nil
	case key.Matches(msg, playKeys().Quit):
		return g.quit()
	case key.Matches(msg, playKeys().Chat):
		if g.canChat() {
			g.chatting = true
			g.chat.SetValue("")
			g.chat.Focus()
			g.b.touch()
		}
		return screen.Stay, nil
	}
	if g.over {
		return screen.Stay, nil
	}
	var a engine.Action
	switch {
	case key.Matches(msg, playKeys().Up):
		a = engine.Up
	case key.Matches(msg, playKeys().Left):
		a = engine.Left
	case key.Matches(msg, playKeys().Down):
		a = engine.Down
	case key.Matches(msg, playKeys().Right):
		a = engine.Right
	case key.Matches(msg, playKeys().Skip):
		a = engine.Skip
	case key.Matches(msg, playKeys().Freeze):
		a = engine.UseFreeze
	case key.Matches(msg, playKeys().Look):
		g.lookAt()
		return screen.Stay, nil
	case key.Matches(msg, playKeys().Travel):
		return g.travelKey()
	case key.Matches(msg, playKeys().Explore):
		return g.startTrip(true, engine.Point{}, "")
	default:
		if keymap.IsUnknown(msg) && !key.Matches(msg, playKeys().Chat) {
			g.b.refused(keymap.Active().Unknown(keymap.Minotaur))
		}
		return screen.Stay, nil
	}
	ev, err := g.sess.Act(a)
	if err != nil {
		g.b.refused(actionError(err))
		return screen.Stay, nil
	}
	return g.apply(ev)
}

// quit leaves the game as the pause menu's Quit does: asking first when
// something would be lost.
func (g *gameScreen) quit() (screen.Nav, tea.Cmd) {
	if _, ok := forfeiter(g.sess); ok {
		return screen.Push(forfeitConfirm(g.c, g, false)), nil
	}
	if unsaved(g.sess) {
		return screen.Push(quitConfirm(g.c, g, false)), nil
	}
	return leaveGame(g.c, g)
}

// flush hands over to the session's audience what it is waiting to show
// (a solo game shown to spectators), or nil.
func (g *gameScreen) flush() tea.Cmd {
	if f, ok := g.sess.(interface{ Flush() tea.Cmd }); ok {
		return f.Flush()
	}
	return nil
}

// chatKey handles a key while a chat line is typed.
func (g *gameScreen) chatKey(msg tea.KeyMsg) tea.Cmd {
	g.b.touch()
	switch msg.Type {
	case tea.KeyEsc:
		g.chatting = false
		g.chat.Blur()
		return nil
	case tea.KeyEnter:
		g.chatting = false
		g.chat.Blur()
		if text := strings.TrimSpace(g.chat.Value()); text != "" {
			if err := g.sess.(Chatter).Say(text); err != nil {
				g.b.say("Not sent: " + err.Error())
			}
			return g.flush()
		}
		return nil
	}
	g.chat.Update(msg)
	return nil
}

// apply shows the events and the new view, and moves to the level-passed
// or end screen when the events say so.
func (g *gameScreen) apply(ev []engine.Event) (screen.Nav, tea.Cmd) {
	n, cmd := g.applied(ev)
	if f := g.flush(); f != nil {
		cmd = tea.Sequence(f, cmd)
	}
	return n, cmd
}

// applied is apply without the hand-over to an audience.
func (g *gameScreen) applied(ev []engine.Event) (screen.Nav, tea.Cmd) {
	o := g.b.play(ev, g.sess.View(), narrator(g.sess))
	g.seen = g.seen.note(&g.b.view)
	if o.end != 0 || o.passed != nil {
		g.stopTrip()
		if g.b.cursor != nil {
			g.endLook()
		}
	}
	switch {
	case o.end != 0:
		g.over = true
		e := newEndScreen(g.c, g.sess, g.b.view, o.end == engine.EvGameWon)
		e.told(g.b.path, o.caught, o.seen)
		if f, ok := g.sess.(Forfeiter); ok && f.Forfeited() {
			e.why = "You quit the game."
		}
		return screen.Replace(e), nil
	case o.passed != nil:
		return screen.Push(newPassedScreen(g.c, *o.passed, g.b.view)), g.dealAhead()
	}
	return screen.Stay, g.tripAfter(ev)
}

// mouse handles a mouse message: a left click on a known tile travels
// there (in look mode it moves the cursor there); a click stops a trip.
func (g *gameScreen) mouse(msg tea.MouseMsg) (screen.Nav, tea.Cmd) {
	if msg.Action != tea.MouseActionPress || msg.Button != tea.MouseButtonLeft || g.chatting || g.over {
		return screen.Stay, nil
	}
	if g.trip != nil {
		g.stopTrip()
		return screen.Stay, nil
	}
	p, ok := g.b.tileAt(msg.X, msg.Y, g.c.Width, g.c.Height)
	if !ok {
		return screen.Stay, nil
	}
	if g.b.cursor != nil {
		*g.b.cursor = p
		g.hints.ok = false
		g.b.touch()
		return screen.Stay, nil
	}
	return g.clickTravel(p)
}

// View draws the board for the terminal's size.
func (g *gameScreen) View() string { return g.b.View(g.c.Width, g.c.Height) }

// hintCache keeps key hints rendered for one width and one mode, so that a
// frame does not render them again.
type hintCache struct {
	w, mode int
	side    []string
	under   string
	ok      bool
}

// get returns the cached hints, or builds them with make.
func (h *hintCache) get(w, mode int, make func() ([]string, string)) ([]string, string) {
	if !h.ok || h.w != w || h.mode != mode {
		h.side, h.under = make()
		h.w, h.mode, h.ok = w, mode, true
	}
	return h.side, h.under
}

// shortHints lays key hints out under the map: "key desc" entries two
// spaces apart, a whole entry at a time, on as many lines of w columns as
// they need (joined with newlines), so that no key is cut off.
func shortHints(keys []key.Binding, w int) string {
	var entries []string
	for _, k := range keys {
		if h := k.Help(); h.Key != "" {
			entries = append(entries, h.Key+" "+h.Desc)
		}
	}
	return strings.Join(screen.WrapParts(entries, "  ", w), "\n")
}

// keyHints are the key hints of play: the rows of gameKeys.FullHelp at the
// foot of the side panel (the chat row only when there is someone to talk
// to), gameKeys.ShortHelp under the map; while a chat line is typed, how
// to send it and the line itself.
func (g *gameScreen) keyHints(w int) ([]string, pline) {
	st := g.c.st
	if g.b.cursor != nil {
		return g.lookHints(w)
	}
	if g.chatting {
		line := g.chat.View(w)
		return []string{st.Faint.Render(screen.HintHelp(st.Styles, " · ", true).ShortHelpView(chatKeys)), line}, pline{text: line}
	}
	mode := 0
	if g.canChat() {
		mode = 1
	}
	side, under := g.hints.get(w, mode, func() ([]string, string) {
		rows := playKeys().FullHelp()
		if mode == 0 {
			rows = rows[:len(rows)-1]
		}
		h := screen.HintHelp(st.Styles, "  ", false)
		var side []string
		for _, row := range rows {
			side = append(side, screen.Fit(h.ShortHelpView(row), w))
		}
		return side, shortHints(playKeys().ShortHelp(), w)
	})
	return side, pline{st.text.faint, under}
}

// Session is the session the screen plays: the program's tests read the
// game through it.
func (g *gameScreen) Session() Session { return g.sess }
