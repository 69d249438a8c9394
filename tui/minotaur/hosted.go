package minotaur

import (
	"sync"

	tea "github.com/charmbracelet/bubbletea"

	"github.com/minotaur-game/minotaur/engine"
	"github.com/minotaur-game/minotaur/netplay"
	"github.com/minotaur-game/minotaur/safetext"
)

// Audience is where a solo game played in this process is shown to
// spectators: a game server's listing of games in progress (the SSH front
// end's, which runs the server in its own process). The game screen calls
// it only from its commands, in order: Show after the start and after
// every move, Say for the player's chat lines, End once.
type Audience interface {
	// Show shows what the team knows now (engine.Game.TeamView) and the
	// events that led there.
	Show(v engine.View, events []engine.Event)
	// Say sends the player's chat line to the spectators.
	Say(text string)
	// Heard waits for the next chat line of a spectator (from "" is a
	// notice: "carol is watching"); ok is false once the game is no longer
	// shown or done is closed.
	Heard(done <-chan struct{}) (from, text string, ok bool)
	// End tells the spectators how the game ended ("won", "lost", or
	// "saved" for a game put away to be continued later, which is over
	// for them too), the score and the level, and takes it off the list.
	End(result string, score, level int)
}

// hostedSession is a solo game of this process shown to an Audience: a
// LocalSession (saves, replays and the rest work exactly as without one)
// whose views, chat and end go to the audience, and which hears the
// spectators' chat. The views are taken in Update (a snapshot) and handed
// over in the commands, in order: every command hands over all that is
// waiting, under one lock.
type hostedSession struct {
	*LocalSession
	name string
	open func(name string, seed uint64) Audience

	mu      sync.Mutex // guards pending
	pending []hostItem

	show   sync.Mutex // held while handing over; guards a and closed
	a      Audience   // nil until the first command opens it
	closed bool       // End was handed over
	done   chan struct{}
	ended  bool // End was called (Update only)
}

// hostItem is one thing to hand over: a view and its events, or a chat
// line.
type hostItem struct {
	view   engine.View
	events []engine.Event
	say    string
	isSay  bool
}

// newHostedSession shows ls through the audience that open returns (open
// runs in the session's first command).
func newHostedSession(ls *LocalSession, name string, open func(name string, seed uint64) Audience) *hostedSession {
	h := &hostedSession{LocalSession: ls, name: netplay.PlayerName(name), open: open, done: make(chan struct{})}
	h.queue(hostItem{view: ls.game.TeamView()})
	return h
}

func (h *hostedSession) queue(it hostItem) {
	h.mu.Lock()
	h.pending = append(h.pending, it)
	h.mu.Unlock()
}

// flush hands over what is waiting, opening the audience first. It runs
// in commands.
func (h *hostedSession) flush() Audience {
	h.show.Lock()
	defer h.show.Unlock()
	if h.closed {
		return nil
	}
	if h.a == nil {
		h.a = h.open(h.name, h.game.Seed())
	}
	h.mu.Lock()
	items := h.pending
	h.pending = nil
	h.mu.Unlock()
	for _, it := range items {
		if it.isSay {
			h.a.Say(it.say)
		} else {
			h.a.Show(it.view, it.events)
		}
	}
	return h.a
}

// Flush returns a command that hands over what is waiting.
func (h *hostedSession) Flush() tea.Cmd {
	return func() tea.Msg {
		h.flush()
		return nil
	}
}

// Act plays the action and keeps what the spectators are to see.
func (h *hostedSession) Act(a engine.Action) ([]engine.Event, error) {
	ev, err := h.LocalSession.Act(a)
	if err == nil {
		h.queue(hostItem{view: h.game.TeamView(), events: ev})
	}
	return ev, err
}

// Next hands over what is waiting, then waits for a spectator's chat line.
func (h *hostedSession) Next() tea.Cmd {
	done := h.done
	return func() tea.Msg {
		a := h.flush()
		if a == nil {
			return nil
		}
		from, text, ok := a.Heard(done)
		if !ok {
			return nil
		}
		return ChatMsg{From: safetext.Clean(from), Text: safetext.Clean(text)}
	}
}

// Say sends the player's chat line to the spectators (with the next
// command that hands over).
func (h *hostedSession) Say(text string) error {
	h.queue(hostItem{say: text, isSay: true})
	return nil
}

// End ends the game as a LocalSession does, and takes it off the list,
// telling the spectators how it ended.
func (h *hostedSession) End() tea.Cmd {
	if h.ended {
		return h.LocalSession.End()
	}
	h.ended = true
	v := h.game.View(1)
	// A game put away to be continued later is over for the spectators,
	// who are told so.
	result := "saved"
	switch h.game.Result() {
	case engine.Won:
		result = "won"
	case engine.Lost:
		result = "lost"
	default:
		if h.LocalSession.savedAt < 0 || h.LocalSession.Unsaved() {
			// Quit without a save that holds it: the game is gone.
			result = "lost"
		}
	}
	inner := h.LocalSession.End()
	return func() tea.Msg {
		if a := h.flush(); a != nil {
			h.show.Lock()
			h.closed = true
			h.show.Unlock()
			a.End(result, v.Score, v.Level)
		}
		close(h.done)
		if inner == nil {
			return nil
		}
		return inner()
	}
}
