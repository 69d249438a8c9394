package chess

import (
	"fmt"
	"strings"
	"unicode"
	"unicode/utf8"

	tea "github.com/charmbracelet/bubbletea"

	"github.com/minotaur-game/minotaur/games/chess"
	"github.com/minotaur-game/minotaur/netplay"
	"github.com/minotaur-game/minotaur/tui/screen"
)

// online is what a game screen holds when its game is on a server: the
// server decides every move; the screen draws the states it sends — its
// side's view and what its side was told, nothing else.
type online struct {
	link    screen.Link
	game    string // the game's id on the server
	seat    int    // 1 White, 2 Black, 0 watching (Tab: the other side's view)
	title   string
	over    *netplay.Over
	leaving bool // "Leave the game?" is asked
	gone    int  // the seat that gave the game up, when one did
	mirror  *mirror
}

// mirror is a game on a server as this client knows it: the last view the
// server sent and the events its side was told since the screen opened.
type mirror struct {
	v       chess.View
	log     []chess.Event
	lastPly int
}

func (r *mirror) View(chess.Color) chess.View   { return r.v }
func (r *mirror) Log(chess.Color) []chess.Event { return r.log }
func (r *mirror) ToMove() chess.Color           { return r.v.ToMove }
func (r *mirror) Over() bool                    { return r.v.Over }
func (r *mirror) Ply() int                      { return r.v.Ply }
func (r *mirror) Result() (chess.Color, bool, bool) {
	return r.v.Winner, r.v.Drawn, r.v.Over
}

// Online is the screen of a chess game through a server: start and the
// first state are the server's; seat 0 watches (White's fog).
func Online(c *screen.Context, link screen.Link, start *netplay.Start, first *netplay.ChessState) screen.Screen {
	side := chess.White
	if start.Seat == 2 {
		side = chess.Black
	}
	n := &online{link: link, game: start.Game, seat: start.Seat, mirror: &mirror{lastPly: -1}}
	s := &gameScreen{c: c, t: n.mirror, net: n, tiles: newTiles(c.Styles), side: side,
		m: &match{human: side}, sel: chess.NoSq, cursor: chess.NoSq}
	s.take(first)
	n.title = onlineTitle(start, first)
	s.begin()
	if n.mirror.Over() {
		s.stage = stOver
	}
	return s
}

// onlineTitle says who plays: "alice vs bob", "vs the computer (level 2)".
func onlineTitle(start *netplay.Start, st *netplay.ChessState) string {
	if start.Bot > 0 {
		return fmt.Sprintf("online, vs the computer (level %d)", start.Bot)
	}
	if len(st.Names) == 2 {
		return fmt.Sprintf("online: %s (White) vs %s (Black)", st.Names[0], st.Names[1])
	}
	return "online"
}

// take keeps a state of the server's: the view, and the news of a move
// not seen yet (a state sent again, to a player back after a lost
// connection, brings none twice).
func (s *gameScreen) take(st *netplay.ChessState) {
	r := s.net.mirror
	if st.Side != r.v.Side && s.net.seat == 0 && r.lastPly >= 0 {
		// A spectator turned to the other side: its news from now on.
		r.log, s.since = nil, 0
		s.side = st.Side
	}
	r.v = st.View
	if st.Ply != r.lastPly {
		r.log = append(r.log, st.Told...)
		r.lastPly = st.Ply
	}
	s.net.gone = st.Gone
}

// netUpdate handles what the connection reported.
func (s *gameScreen) netUpdate(m netplay.Message, err error) (screen.Nav, tea.Cmd) {
	n := s.net
	if err != nil {
		return screen.Replace(n.link.Lost(err)), tea.DisableMouse
	}
	switch m := m.(type) {
	case *netplay.ChessState:
		before := s.since
		s.take(m)
		if s.stage != stOver {
			s.note = ""
		}
		switch {
		case n.mirror.Over():
			s.stage, s.sel, s.typed, s.promo = stOver, chess.NoSq, "", nil
		case n.mirror.ToMove() == s.side && n.seat != 0:
			s.begin()
			s.since = min(before, len(n.mirror.log))
		}
	case *netplay.Over:
		n.over = m
		s.stage = stOver
		if n.seat == 0 && !n.mirror.Over() {
			s.note = "The game was given up."
		}
		// Back in the lobby on the server: what follows is the lobby's,
		// read by its own wait once the player goes back.
		return screen.Stay, nil
	case *netplay.Error:
		s.note = sentence(m.Msg) // "your pawn on e7 cannot go to e4" → "Your pawn on e7 cannot go to e4."
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
	case *netplay.Start, *netplay.State, *netplay.TrailsState:
		// Not this game's (never sent while it runs).
	default:
		n.link.Lobby(m)
	}
	return screen.Stay, n.link.Wait()
}

// netKey handles the keys that differ online: leaving, and the end.
func (s *gameScreen) netKey(k tea.KeyMsg) (screen.Nav, tea.Cmd, bool) {
	n := s.net
	switch {
	case s.stage == stOver:
		if k.Type == tea.KeyEnter || k.Type == tea.KeyEsc {
			return screen.Replace(n.link.Back(n.over == nil)), tea.DisableMouse, true
		}
		return screen.Stay, nil, false
	case n.leaving:
		n.leaving = false
		if k.String() == "y" || k.String() == "Y" {
			s.note = "Leaving…"
			return screen.Stay, s.send(func(c *netplay.Client) error { return c.Leave() }), true
		}
		return screen.Stay, nil, true
	case n.seat == 0 && k.Type == tea.KeyTab:
		seat := 2 - int(s.side) // the other side's seat: White 0 → 2, Black 1 → 1
		game := n.game
		s.note = "Watching " + s.side.Other().Title() + "'s side…"
		return screen.Stay, s.send(func(c *netplay.Client) error { return c.WatchSeat(game, seat) }), true
	case n.seat == 0 && (k.Type == tea.KeyEsc || k.String() == "q" || k.String() == "p" || k.String() == "P"):
		// A spectator goes back at once; the wait under way brings the
		// server's answer (the lobby list) to the lobby.
		return screen.Replace(n.link.Back(true)), tea.Batch(tea.DisableMouse, s.send(func(c *netplay.Client) error { return c.Leave() })), true
	case k.Type == tea.KeyEsc && s.sel == chess.NoSq && s.typed == "" && s.promo == nil, k.String() == "p", k.String() == "P":
		n.leaving = true
		return screen.Stay, nil, true
	}
	return screen.Stay, nil, false
}

// netPlay sends a move on the player's turn; the server's state shows it.
func (s *gameScreen) netPlay(m chess.Move) tea.Cmd {
	if s.net.seat == 0 {
		s.note = "You are watching."
		return nil
	}
	s.sel = chess.NoSq
	s.cursor = m.To
	s.since = len(s.net.mirror.log)
	a := m.String()
	return s.send(func(c *netplay.Client) error { return c.Move(a) })
}

func (s *gameScreen) send(f func(*netplay.Client) error) tea.Cmd {
	c := s.net.link.Client
	return func() tea.Msg {
		f(c)
		return nil
	}
}

// sentence is a server's message as a sentence: a capital first letter
// and a full stop.
func sentence(msg string) string {
	msg = strings.TrimSpace(msg)
	if msg == "" {
		return ""
	}
	r, n := utf8.DecodeRuneInString(msg)
	msg = string(unicode.ToUpper(r)) + msg[n:]
	if !strings.HasSuffix(msg, ".") && !strings.HasSuffix(msg, "!") && !strings.HasSuffix(msg, "?") {
		msg += "."
	}
	return msg
}
