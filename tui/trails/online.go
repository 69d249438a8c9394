package trails

import (
	"fmt"

	"github.com/charmbracelet/bubbles/key"
	tea "github.com/charmbracelet/bubbletea"

	"github.com/minotaur-game/minotaur/games/trails"
	"github.com/minotaur-game/minotaur/netplay"
	"github.com/minotaur-game/minotaur/tui/keymap"
	"github.com/minotaur-game/minotaur/tui/screen"
)

// online is what a Screen holds when its game is on a server: the server
// decides every move; the screen draws the states it sends.
type online struct {
	link  screen.Link
	seat  int // 1 or 2, 0 when watching
	names []string
	moves []trails.Move // the moves seen, for the end screen's list
	over  *netplay.Over
	bot   int // the computer's level when it plays Red
}

// Online is the screen of a Trails game through a server: start and the
// first state are the server's; seat 0 watches.
func Online(c *screen.Context, link screen.Link, start *netplay.Start, first *netplay.TrailsState) *Screen {
	s := &Screen{c: c, gl: newGlyphs(c.Styles), net: &online{link: link, seat: start.Seat, bot: start.Bot}}
	s.take(first)
	return s
}

// take draws a state of the server's.
func (s *Screen) take(st *netplay.TrailsState) {
	n := s.net
	n.names = st.Names
	if len(st.History) != len(n.moves) {
		// The moves played, for the end screen's list: the server's
		// history played through the rules (a state may bring two moves,
		// the player's and the computer's answer, or a whole game on
		// coming back).
		n.moves = n.moves[:0]
		if g, err := trails.New(st.Config, 0); err == nil {
			for _, r := range st.History {
				d, err := trails.ParseDir(string(r))
				if err != nil {
					break
				}
				if _, err := g.Move(d); err != nil {
					break
				}
			}
			n.moves = append(n.moves, g.Moves()...)
		}
	}
	s.v = st.View
	if s.v.Winner != 0 && s.mode != modeEnd {
		s.enterEnd()
	}
}

// netUpdate handles what the connection reported.
func (s *Screen) netUpdate(m netplay.Message, err error) (screen.Nav, tea.Cmd) {
	n := s.net
	if err != nil {
		return screen.Replace(n.link.Lost(err)), nil
	}
	switch m := m.(type) {
	case *netplay.TrailsState:
		s.take(m)
		s.note = ""
	case *netplay.Over:
		n.over = m
		s.note = ""
		if s.mode != modeEnd {
			s.enterEnd()
		}
		if s.v.Winner == 0 {
			// No last state told the end (the player who leaves gets
			// none): the over message does.
			for i, name := range n.names {
				if name == m.Winner {
					s.v.Winner = i + 1
				}
			}
			s.v.Current, s.v.Legal = 0, nil
			switch {
			case m.Result == "lost" && n.seat != 0:
				s.v.Result = "You left the game."
			default:
				s.v.Result = "The game was given up."
			}
		}
		// Back in the lobby on the server: what follows is the lobby's,
		// read by its own wait once the player goes back.
		return screen.Stay, nil
	case *netplay.Error:
		s.note = m.Msg + "."
	case *netplay.Partner:
		s.note = fmt.Sprintf("%s: %s.", m.Name, m.Status)
	case *netplay.Chat:
		if m.Scope == netplay.ScopeGame {
			if m.From == "" {
				s.note = m.Text + "."
			} else {
				s.note = m.From + ": " + m.Text
			}
		} else {
			n.link.Lobby(m)
		}
	case *netplay.Start, *netplay.State:
		// Not this game's (never sent while it runs).
	default:
		n.link.Lobby(m)
	}
	return screen.Stay, n.link.Wait()
}

// netKey handles a key of an online game.
func (s *Screen) netKey(msg tea.KeyMsg) (screen.Nav, tea.Cmd) {
	n := s.net
	if s.mode == modeEnd {
		if s.guard.Blocks(s.c.Now()) {
			return screen.Stay, nil
		}
		switch {
		case key.Matches(msg, keys().Choose), key.Matches(msg, keys().Quit), msg.String() == "esc":
			return screen.Replace(n.link.Back(n.over == nil)), nil
		}
		var cmd tea.Cmd
		s.moves, cmd = s.moves.Update(msg)
		return screen.Stay, cmd
	}
	if s.mode == modeRestart { // here: "Leave the game?"
		if key.Matches(msg, keys().Yes) {
			s.mode = modePlay
			s.note = "Leaving…"
			return screen.Stay, s.send(func(c *netplay.Client) error { return c.Leave() })
		}
		s.mode = modePlay
		return screen.Stay, nil
	}
	s.note = ""
	switch {
	case n.seat == 0 && (key.Matches(msg, keys().Pause) || key.Matches(msg, keys().Quit)):
		// A spectator goes back at once; the wait under way brings the
		// server's answer (the lobby list) to the lobby.
		return screen.Replace(n.link.Back(true)), s.send(func(c *netplay.Client) error { return c.Leave() })
	case key.Matches(msg, keys().Up):
		return screen.Stay, s.netMove(trails.Up)
	case key.Matches(msg, keys().Right):
		return screen.Stay, s.netMove(trails.Right)
	case key.Matches(msg, keys().Down):
		return screen.Stay, s.netMove(trails.Down)
	case key.Matches(msg, keys().Left):
		return screen.Stay, s.netMove(trails.Left)
	case key.Matches(msg, keys().Undo):
		s.note = "Undo is for a game against the computer at this keyboard, not online."
	case key.Matches(msg, keys().Restart):
		s.note = "A game on a server cannot be restarted."
	case key.Matches(msg, keys().Help):
		return screen.Push(newHelpScreen(s.c)), nil
	case key.Matches(msg, keys().Pause), key.Matches(msg, keys().Quit):
		s.mode = modeRestart
	default:
		if keymap.IsUnknown(msg) {
			s.note = keymap.Active().Unknown(keymap.Trails)
		}
	}
	return screen.Stay, nil
}

// netMove sends a move on the player's turn; the server's state shows it.
func (s *Screen) netMove(d trails.Dir) tea.Cmd {
	switch {
	case s.net.seat == 0:
		s.note = "You are watching."
		return nil
	case s.v.Current != s.net.seat:
		s.note = "Wait for " + s.netName(s.v.Current) + "'s move."
		return nil
	}
	a := d.Letter()
	return s.send(func(c *netplay.Client) error { return c.Move(a) })
}

func (s *Screen) send(f func(*netplay.Client) error) tea.Cmd {
	c := s.net.link.Client
	return func() tea.Msg {
		f(c)
		return nil
	}
}

// netName is a seat's player name.
func (s *Screen) netName(seat int) string {
	if seat >= 1 && seat <= len(s.net.names) {
		return s.net.names[seat-1]
	}
	return trails.Name(seat)
}
