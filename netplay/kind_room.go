package netplay

import (
	"errors"
	"strings"

	"github.com/minotaur-game/minotaur/safetext"
)

// This file runs the rooms of games of other kinds than Minotaur's (a
// room whose m is set): their start, acts, states, end. Everything else —
// the lobby, lost connections and grace, spectators' chat, the data
// folder — is the rooms' common code, which asks r.m where it would ask
// the engine.

// startKind begins a game of kind k between a (seat 1, the inviter) and b.
// Caller holds mu; both are connected and idle.
func (s *Server) startKind(a, b *player, k *Kind, m Match) {
	r := &room{id: newID(), kind: k.Name, m: m, seats: make([]roomSeat, 2)}
	for i, p := range []*player{a, b} {
		s.stopWatching(p.sess)
		dropInvites(p)
		p.room, p.seat = r, i+1
		r.seats[i] = roomSeat{p: p, name: p.name, tokenHash: p.tokenHash, sess: p.sess}
		p.sess.game.Store(&seatRef{r: r, seat: i + 1})
	}
	s.rooms[r.id] = r
	r.mu.Lock()
	for i := range r.seats {
		r.seats[i].sess.send(encode(r.startMsg(i + 1)))
	}
	r.broadcastKind()
	r.mu.Unlock()
	s.persist(r)
	s.lobbyChanged()
	s.log.Info("game started", "game", r.id, "kind", k.Name, "seat1", a.name, "seat2", b.name)
}

// soloKind starts a game of kind k against the server's computer at the
// given level (0: the middle level): the player is seat 1.
func (s *Server) soloKind(ss *Session, k *Kind, level int) {
	s.mu.Lock()
	defer s.mu.Unlock()
	p := s.idle(ss, "you are in a game: leave it before you start another")
	if p == nil {
		return
	}
	if !p.knows(k.Name) {
		ss.sendErr(CodeBadKind, "your hello did not list %q in kinds: say the kinds your program plays in hello", k.Name)
		return
	}
	if level == 0 {
		level = (k.MaxBot + 1) / 2
	}
	if level < 1 || level > k.MaxBot {
		ss.sendErr(CodeProto, "level %d: the computer's levels for %s are 1 to %d", level, k.Title, k.MaxBot)
		return
	}
	m, err := k.New(s.cfg.Seed(), level)
	if err != nil {
		s.log.Error("cannot start a game", "kind", k.Name, "err", err)
		ss.sendErr(CodeProto, "the server could not start a game: %v", err)
		return
	}
	s.stopWatching(ss)
	r := &room{id: newID(), kind: k.Name, m: m, seats: make([]roomSeat, 2)}
	dropInvites(p)
	p.room, p.seat = r, 1
	r.seats[0] = roomSeat{p: p, name: p.name, tokenHash: p.tokenHash, sess: ss}
	// The computer's seat has no player: it is never given up or away.
	r.seats[1] = roomSeat{name: "computer"}
	ss.game.Store(&seatRef{r: r, seat: 1})
	s.rooms[r.id] = r
	r.mu.Lock()
	ss.send(encode(r.startMsg(1)))
	r.botMoves()
	r.broadcastKind()
	r.mu.Unlock()
	s.persist(r)
	s.lobbyChanged()
	s.log.Info("solo game started", "game", r.id, "kind", k.Name, "name", p.name, "bot", level)
}

// startMsg is seat's start message (0: a spectator's). Caller holds r.mu.
func (r *room) startMsg(seat int) *Start {
	st := &Start{T: TypeStart, Game: r.id, Seat: seat, Kind: r.kind, Bot: r.m.Bot()}
	switch {
	case seat == 0:
		st.Partner = joinNames(r.players())
	case r.m.Bot() == 0:
		st.Partner = r.partnerName(seat - 1)
	}
	return st
}

// botMoves plays the computer's moves while it is its turn. Caller holds
// r.mu.
func (r *room) botMoves() {
	// A few moves in a row when the other side cannot move (Trails: a
	// player with no way on; chess: a side with no legal move passes).
	for n := 0; n < 16; n++ {
		a := r.m.BotMove()
		if a == "" {
			return
		}
		if err := r.m.Act(r.m.Turn(), a); err != nil {
			return // the bot plays the rules' own legal moves
		}
	}
}

// actKind plays one act of a game of another kind.
func (s *Server) actKind(ss *Session, r *room, seat int, a string) {
	r.mu.Lock()
	if r.done || r.seats[seat-1].sess != ss {
		r.mu.Unlock()
		ss.sendErr(CodeNotInGame, "you are not in a game any more")
		return
	}
	if err := r.m.Act(seat, a); err != nil {
		turn := r.m.Turn()
		r.mu.Unlock()
		switch {
		case errors.Is(err, ErrNotYourTurn) && turn == 0:
			ss.sendErr(CodeNotInGame, "the game is over")
		case errors.Is(err, ErrNotYourTurn):
			ss.sendErr(CodeNotYourTurn, "it is %s's turn", r.seats[turn-1].name)
		default:
			ss.sendErr(CodeBadAction, "%s", safetext.Short(err.Error(), 200))
		}
		return
	}
	r.botMoves()
	r.broadcastKind()
	ended := r.m.Winner() != 0
	if ended {
		r.done = true
	}
	r.mu.Unlock()
	s.persist(r)
	if ended {
		s.mu.Lock()
		s.finish(r)
		s.mu.Unlock()
	}
}

// broadcastKind sends every connected seat and spectator its state.
// Caller holds r.mu.
func (r *room) broadcastKind() {
	r.turn.Store(int32(r.m.Moves()))
	names := r.players()
	for i := range r.seats {
		if ss := r.seats[i].sess; ss != nil {
			ss.send(r.m.StateLine(i+1, ss.seq.Add(1), names))
		}
	}
	for _, w := range r.watchers {
		w.send(r.watchLineNamed(w, names))
	}
}

// sendKindState sends seat i (0-based) its state. Caller holds r.mu.
func (r *room) sendKindState(i int) {
	if ss := r.seats[i].sess; ss != nil {
		ss.send(r.m.StateLine(i+1, ss.seq.Add(1), r.players()))
	}
}

// overKind is the over message of a game of another kind for seat (0: a
// spectator): won or lost, and the winner's name. Caller holds r.mu.
func (r *room) overKind(seat int) []byte {
	w := r.m.Winner()
	o := &Over{T: TypeOver, Kind: r.kind, Result: "over"}
	if w != 0 {
		o.Winner = r.seats[w-1].name
	}
	switch {
	case seat == 0:
	case w == seat:
		o.Result = "won"
	default:
		o.Result = "lost"
	}
	return encode(o)
}

// finishKind ends a game of another kind: over to everyone, the players
// back to the lobby, the file removed. Caller holds mu.
func (s *Server) finishKind(r *room) {
	r.mu.Lock()
	r.done = true
	r.stopTimers()
	back := r.dismiss(r.overKind(0))
	for i := range r.seats {
		st := &r.seats[i]
		if st.sess != nil {
			st.sess.game.Store(nil)
			st.sess.send(r.overKind(i + 1))
			back = append(back, st.sess)
		}
		if p := st.p; p != nil {
			p.room, p.seat = nil, 0
			if p.sess == nil {
				s.removePlayer(p)
			}
		}
		st.p, st.sess = nil, nil
	}
	winner := r.m.Winner()
	r.mu.Unlock()
	delete(s.rooms, r.id)
	s.lobbyChanged()
	for _, ss := range back {
		s.backToLobby(ss, true)
	}
	s.unpersist(r)
	s.log.Info("game over", "game", r.id, "kind", r.kind, "winner", winner)
}

// kindListing is the lobby's entry of a game of another kind: its turn
// is the number of moves played.
func (r *room) kindListing() LobbyGame {
	return LobbyGame{Game: r.id, Players: r.players(), Turn: int(r.turn.Load()), Watchers: int(r.nwatch.Load()), Kind: r.kind}
}

// joinKind adds a spectator to a game of another kind. Caller holds r.mu.
func (r *room) joinKind(ss *Session) {
	ss.send(encode(r.startMsg(0)))
	ss.send(r.watchLine(ss))
}

// sidedMatch is a Match whose sides see differently (chess): a spectator
// chooses the seat whose view it gets.
type sidedMatch interface {
	// WatchLine is the state message for a spectator of seat (0: the
	// kind's choice): that seat's view, never its turn.
	WatchLine(seat int, seq int64, names []string) []byte
}

// watchLine is a spectator's state. Caller holds r.mu.
func (r *room) watchLine(ss *Session) []byte { return r.watchLineNamed(ss, r.players()) }

func (r *room) watchLineNamed(ss *Session, names []string) []byte {
	if m, ok := r.m.(sidedMatch); ok {
		return m.WatchLine(int(ss.watchSeat.Load()), ss.seq.Add(1), names)
	}
	return r.m.StateLine(0, ss.seq.Add(1), names)
}

// kindError is the sentence for a kind the server does not play.
func kindError(k string) string {
	return "there is no game kind " + quoteShort(k) + ": the kinds are " + kindNames()
}

func quoteShort(s string) string {
	return `"` + strings.ReplaceAll(safetext.Short(s, 24), `"`, `'`) + `"`
}
