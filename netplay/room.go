package netplay

import (
	"errors"
	"sync"
	"sync/atomic"
	"time"

	"github.com/minotaur-game/minotaur/engine"
	"github.com/minotaur-game/minotaur/saves"
)

type engineEvent = engine.Event

// room is one co-op game. Its engine.Game and seats are guarded by mu; the
// lock order is Server.mu before room.mu. Actions take only room.mu, so games
// run in parallel.
type room struct {
	id     string
	mu     sync.Mutex
	g      *engine.Game
	seats  [2]roomSeat
	done   bool        // the game is over or dropped: no more actions
	rejoin *time.Timer // after a restart: waiting for the partner

	// persistence, see store
	saveMu sync.Mutex
	queued atomic.Bool
	gone   bool // guarded by saveMu: the file is deleted, never write it again
}

// roomSeat is one seat of a room.
type roomSeat struct {
	p         *player  // nil once the seat is given up (left, grace over)
	name      string   // the seat's player name, kept for the other seat's view
	tokenHash string   // kept for persistence
	sess      *Session // the connected session, nil when absent
	away      bool     // the engine has this seat away (SetAway)
}

func (r *room) names() [2]string { return [2]string{r.seats[0].name, r.seats[1].name} }

// ended reports whether the game is over. Caller holds r.mu.
func (r *room) ended() bool { return r.g.Result() != engine.InProgress }

// sendState sends seat i's state, with the sentences of events. Caller
// holds r.mu, which keeps every client's states in seq order.
func (r *room) sendState(i int, events []engine.Event) {
	ss := r.seats[i].sess
	if ss == nil {
		return
	}
	v := r.g.View(i + 1)
	sentences, happened := told(events, i+1, r.names())
	st := newState(ss.seq.Add(1), v, r.names(), sentences, happened)
	ss.send(encode(st))
}

// broadcast sends both connected seats their state. Caller holds r.mu.
func (r *room) broadcast(events []engine.Event) {
	r.sendState(0, events)
	r.sendState(1, events)
}

// seatAway takes a seat off the board (its player is gone for now) and
// returns what happened. The engine puts a connected partner who waits for
// the next level on the board at once if the board would be empty. Caller
// holds r.mu.
func (r *room) seatAway(seat int) []engine.Event {
	ev, _ := r.g.SetAway(seat, true)
	r.seats[seat-1].away = true
	return ev
}

func (r *room) stopTimers() {
	if r.rejoin != nil {
		r.rejoin.Stop()
		r.rejoin = nil
	}
}

// start begins a co-op game between a (seat 1, the inviter) and b. Caller
// holds mu; both are connected and idle.
func (s *Server) start(a, b *player) {
	seed := s.cfg.Seed()
	g, err := engine.New(engine.Config{Seed: seed, Players: 2, Levels: s.cfg.Levels})
	if err != nil {
		s.log.Error("cannot start a game", "err", err)
		for _, p := range []*player{a, b} {
			p.sess.sendErr(CodeProto, "the server could not start a game: %v", err)
		}
		return
	}
	r := &room{id: newID(), g: g}
	for i, p := range []*player{a, b} {
		p.room, p.seat, p.invites = r, i+1, nil
		r.seats[i] = roomSeat{p: p, name: p.name, tokenHash: p.tokenHash, sess: p.sess}
		p.sess.game.Store(&seatRef{r: r, seat: i + 1})
	}
	s.rooms[r.id] = r
	r.mu.Lock()
	for i := range r.seats {
		r.seats[i].sess.send(encode(&Start{T: TypeStart, Game: r.id, Seat: i + 1, Partner: r.seats[1-i].name, Seed: seed}))
	}
	r.broadcast([]engine.Event{{Kind: engine.EvLevelStarted, Level: g.LevelNumber()}})
	r.mu.Unlock()
	s.persist(r)
	s.lobbyChanged()
	s.log.Info("game started", "game", r.id, "seat1", a.name, "seat2", b.name, "seed", seed)
}

// act plays one action of the session's seat. It takes only the room's
// lock (and the server's only when the game ends).
func (s *Server) act(ss *Session, a string) {
	ref := ss.game.Load()
	if ref == nil {
		ss.sendErr(CodeNotInGame, "you are not in a game: invite a player or accept an invitation first")
		return
	}
	action, ok := engine.Action(0), false
	if len(a) == 1 {
		action, ok = engine.ParseAction(a[0])
	}
	if !ok {
		ss.sendErr(CodeBadAction, "action %q is not one of w a s d . f (up, left, down, right, skip, use a freeze)", truncateRunes(saves.CleanText(a), 16))
		return
	}
	r, seat := ref.r, ref.seat
	r.mu.Lock()
	if r.done || r.seats[seat-1].sess != ss {
		r.mu.Unlock()
		ss.sendErr(CodeNotInGame, "you are not in a game any more")
		return
	}
	level := r.g.LevelNumber()
	ev, err := r.g.Apply(seat, action)
	if err != nil {
		turn := r.g.Turn()
		r.mu.Unlock()
		switch {
		case (errors.Is(err, engine.ErrNotYourTurn) || errors.Is(err, engine.ErrSeatInactive)) && turn == 0:
			ss.sendErr(CodeNotYourTurn, "nobody can move now: wait for the next level")
		case errors.Is(err, engine.ErrNotYourTurn), errors.Is(err, engine.ErrSeatInactive):
			ss.sendErr(CodeNotYourTurn, "it is %s's turn", r.seats[turn-1].name)
		case errors.Is(err, engine.ErrBadAction):
			ss.sendErr(CodeBadAction, "action %q is not one of w a s d . f", a)
		case errors.Is(err, engine.ErrGameOver):
			ss.sendErr(CodeNotInGame, "the game is over")
		default:
			s.log.Error("action failed", "game", r.id, "seat", seat, "err", err)
			ss.sendErr(CodeProto, "the server could not play that action: %v", err)
		}
		return
	}
	if !ev.TurnSpent() {
		// Nothing changed: only the player who acted hears of it.
		r.sendState(seat-1, ev)
		r.mu.Unlock()
		return
	}
	r.broadcast(ev)
	ended := r.ended()
	if ended {
		r.done = true
	}
	// The file is written when a round is complete (the turn is back to
	// the first seat on the board, or a new level began), not after every
	// action: half the writes, and nothing but a half round to replay.
	round := ended || r.g.Turn() <= seat || r.g.LevelNumber() != level
	r.mu.Unlock()
	if round {
		s.persist(r)
	}
	if ended {
		s.mu.Lock()
		s.finish(r)
		s.mu.Unlock()
	}
}

// finish ends a game that is over: `over` to the connected seats, both
// players back to the lobby (absent ones are forgotten), the file removed.
// Caller holds mu.
func (s *Server) finish(r *room) {
	if s.rooms[r.id] != r {
		return
	}
	r.mu.Lock()
	r.done = true
	r.stopTimers()
	res := r.g.Result()
	over := encode(&Over{T: TypeOver, Result: res.String(), Score: r.g.Score(), Level: r.g.LevelNumber()})
	var back []*Session
	for i := range r.seats {
		st := &r.seats[i]
		if st.sess != nil {
			st.sess.game.Store(nil)
			st.sess.send(over)
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
	score, level := r.g.Score(), r.g.LevelNumber()
	r.mu.Unlock()
	delete(s.rooms, r.id)
	s.lobbyChanged()
	for _, ss := range back {
		ss.lobbySent = nil
		s.sendLobby(ss)
	}
	s.unpersist(r)
	s.log.Info("game over", "game", r.id, "result", res.String(), "score", score, "level", level)
}

// drop forgets a game nobody plays any more. Caller holds mu.
func (s *Server) drop(r *room) {
	if s.rooms[r.id] != r {
		return
	}
	r.mu.Lock()
	r.done = true
	r.stopTimers()
	r.mu.Unlock()
	delete(s.rooms, r.id)
	s.unpersist(r)
	s.log.Info("game abandoned", "game", r.id)
}

// persist schedules the room's file to be written.
func (s *Server) persist(r *room) {
	if s.store != nil {
		s.store.mark(r)
	}
}

// unpersist schedules the room's file to be removed.
func (s *Server) unpersist(r *room) {
	if s.store != nil {
		s.store.mark(r)
	}
}
