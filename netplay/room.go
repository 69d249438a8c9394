package netplay

import (
	"errors"
	"sync"
	"sync/atomic"
	"time"

	"github.com/minotaur-game/minotaur/engine"
	"github.com/minotaur-game/minotaur/safetext"
)

type engineEvent = engine.Event

// room is one game run by the server: co-op (two seats) or solo (one). Its
// engine.Game, seats and watchers are guarded by mu; the lock order is
// Server.mu before room.mu. Actions take only room.mu, so games run in
// parallel.
type room struct {
	id     string
	mu     sync.Mutex
	g      *engine.Game
	seats  []roomSeat  // one per player of the game
	daily  string      // the day (YYYY-MM-DD) of a daily challenge; "" for other games
	done   bool        // the game is over or dropped: no more actions
	rejoin *time.Timer // after a restart: waiting for the partner
	view   engine.View // the view of the state being sent, its storage reused; under mu
	// kind and m: a game of another kind than Minotaur's (kinds.go),
	// then g is nil.
	kind string
	m    Game
	bots int // the computer seats a game of another kind began with: the last ones
	// The deadline of the round of simultaneous moves being played
	// (number roundNo, roundLen long, ending at roundEnd); nil when none.
	roundTimer *time.Timer
	roundNo    int
	roundLen   time.Duration
	roundEnd   time.Time

	audience // spectators, under mu

	// level and turn of the game, for the lobby's list without the lock
	level, turn atomic.Int32

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

// names returns the seats' player names ("" for a seat a solo game lacks).
func (r *room) names() [2]string {
	var n [2]string
	for i := range r.seats {
		n[i] = r.seats[i].name
	}
	return n
}

// partner returns the other seat of a co-op game, nil in a solo game.
func (r *room) partner(i int) *roomSeat {
	if len(r.seats) != 2 {
		return nil
	}
	return &r.seats[1-i]
}

// partnerName is the name the `start` message gives seat i as its partner.
func (r *room) partnerName(i int) string {
	if o := r.partner(i); o != nil {
		return o.name
	}
	return ""
}

// players returns the seats' names, for the lobby and the spectators.
func (r *room) players() []string {
	n := make([]string, len(r.seats))
	for i := range r.seats {
		n[i] = r.seats[i].name
	}
	return n
}

// empty reports whether every seat was given up. Caller holds mu.
func (r *room) empty() bool {
	for i := range r.seats {
		if r.seats[i].p != nil {
			return false
		}
	}
	return true
}

// ended reports whether the game is over. Caller holds r.mu.
func (r *room) ended() bool {
	if r.m != nil {
		return r.m.Outcome().Over
	}
	return r.g.Result() != engine.InProgress
}

// sendState sends seat i's state, with the sentences of events. Caller
// holds r.mu, which keeps every client's states in seq order.
func (r *room) sendState(i int, events []engine.Event) {
	if r.m != nil {
		r.sendKindState(i)
		return
	}
	ss := r.seats[i].sess
	if ss == nil {
		return
	}
	line, buf := r.state(i, ss.seq.Add(1), events).pooledLine()
	ss.queue(outLine{b: line, buf: buf})
}

// state is seat i's state with the given seq, its view in r.view: good
// until the next. Caller holds r.mu.
func (r *room) state(i int, seq int64, events []engine.Event) State {
	sentences, happened := told(events, i+1, r.names())
	r.g.ViewInto(&r.view, i+1)
	return newState(seq, r.view, r.names(), sentences, happened)
}

// broadcast sends every connected seat and every spectator their state.
// Caller holds r.mu.
func (r *room) broadcast(events []engine.Event) {
	if r.m != nil {
		r.broadcastKind()
		return
	}
	r.level.Store(int32(r.g.LevelNumber()))
	r.turn.Store(int32(r.g.TurnNumber()))
	if len(r.seats) == 1 && len(r.watchers) > 0 {
		// A solo game's spectators see what its player sees: the
		// player's line, shared, with your_turn and seat made theirs.
		var seq int64
		ss := r.seats[0].sess
		if ss != nil {
			seq = ss.seq.Add(1)
		}
		r.share(sharedState(r.state(0, seq, events), true), ss)
		return
	}
	for i := range r.seats {
		r.sendState(i, events)
	}
	if len(r.watchers) > 0 {
		sentences, happened := told(events, 0, r.names())
		r.g.TeamViewInto(&r.view)
		r.showAll(r.view, r.names(), sentences, happened)
	}
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
	r.stopRound()
	if r.rejoin != nil {
		r.rejoin.Stop()
		r.rejoin = nil
	}
}

// start begins a co-op game between a (seat 1, the inviter) and b. Caller
// holds mu; both are connected and idle.
func (s *Server) start(a, b *player, g *engine.Game) {
	seed := g.Seed()
	r := &room{id: newID(), g: g, seats: make([]roomSeat, 2)}
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
		r.seats[i].sess.send(encode(&Start{T: TypeStart, Game: r.id, Seat: i + 1, Partner: r.partnerName(i), Seed: seed}))
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
	if ref.r.m != nil {
		s.actKind(ss, ref.r, ref.seat, a)
		return
	}
	action, ok := engine.Action(0), false
	if len(a) == 1 {
		action, ok = engine.ParseAction(a[0])
	}
	if !ok {
		ss.sendErr(CodeBadAction, "action %q is not one of w a s d . f (up, left, down, right, skip, use a freeze)", safetext.Short(a, 16))
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
	if r.m != nil {
		s.finishKind(r)
		return
	}
	r.mu.Lock()
	r.done = true
	r.stopTimers()
	res := r.g.Result()
	over := encode(&Over{T: TypeOver, Result: res.String(), Score: r.g.Score(), Level: r.g.LevelNumber()})
	back := r.dismiss(over)
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
	if r.daily != "" {
		s.dailyResult(r.daily, r.seats[0].name, score, level, res == engine.Won)
	}
	for _, ss := range back {
		s.backToLobby(ss, r.daily == "")
	}
	if r.daily != "" {
		s.dailyBroadcast()
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
	var over []byte
	score, level := 0, 0
	if r.m != nil {
		over = r.overKind(0)
	} else {
		score, level = r.g.Score(), r.g.LevelNumber()
		over = encode(&Over{T: TypeOver, Result: engine.Lost.String(), Score: score, Level: level})
	}
	back := r.dismiss(over)
	r.mu.Unlock()
	delete(s.rooms, r.id)
	s.lobbyChanged()
	for _, ss := range back {
		s.backToLobby(ss, r.daily == "")
	}
	if r.daily != "" {
		s.dailyResult(r.daily, r.seats[0].name, score, level, false)
		s.dailyBroadcast()
	}
	s.unpersist(r)
	s.log.Info("game abandoned", "game", r.id)
}

// solo starts a one-player game run by the server for the session's
// player: the day's daily challenge when daily, once per name per day.
func (s *Server) solo(ss *Session, daily bool) {
	s.mu.Lock()
	defer s.mu.Unlock()
	p := s.idle(ss, "you are in a game: leave it before you start another")
	if p == nil {
		return
	}
	seed, date := s.cfg.Seed(), ""
	var day *dailyDay
	if daily {
		day = s.today()
		if e := day.find(p.key); e != nil {
			if e.Done {
				ss.sendErr(CodeProto, "%s has played the daily challenge of %s (score %d, level %d): one attempt per name per day; the next one starts at midnight UTC", p.name, day.Date, e.Score, e.Level)
			} else {
				ss.sendErr(CodeProto, "%s is playing the daily challenge of %s already: one attempt per name per day", p.name, day.Date)
			}
			return
		}
		if code, msg := s.refuseDaily(day, ss.host); code != "" {
			ss.sendErr(code, "%s", msg)
			return
		}
		seed, date = day.Seed, day.Date
	}
	// Dealing the first level (the solver included) takes a while: not
	// under the server's lock, which every lobby request needs. Requests
	// of one session come one after another, so nothing of this player
	// but a disconnect can change meanwhile.
	s.mu.Unlock()
	g, err := s.deal(seed, 1)
	s.mu.Lock()
	if err != nil {
		s.log.Error("cannot start a game", "err", err)
		ss.sendErr(CodeProto, "the server could not start a game: %v", err)
		return
	}
	if ss.p != p || p.room != nil || day != nil && day.find(p.key) != nil {
		return // gone, or playing, meanwhile
	}
	if day != nil {
		if code, msg := s.refuseDaily(day, ss.host); code != "" { // others began meanwhile
			ss.sendErr(code, "%s", msg)
			return
		}
	}
	s.stopWatching(ss)
	if day != nil {
		day.byHost[ss.host]++
		day.add(dailyRecord{Name: p.name, Level: 1, key: p.key})
		s.dailyChanged(day)
	}
	r := &room{id: newID(), g: g, seats: make([]roomSeat, 1), daily: date}
	dropInvites(p)
	p.room, p.seat = r, 1
	r.seats[0] = roomSeat{p: p, name: p.name, tokenHash: p.tokenHash, sess: ss}
	ss.game.Store(&seatRef{r: r, seat: 1})
	s.rooms[r.id] = r
	r.mu.Lock()
	ss.send(encode(&Start{T: TypeStart, Game: r.id, Seat: 1, Seed: seed, Daily: daily}))
	r.broadcast([]engine.Event{{Kind: engine.EvLevelStarted, Level: g.LevelNumber()}})
	r.mu.Unlock()
	s.persist(r)
	s.lobbyChanged()
	s.log.Info("solo game started", "game", r.id, "name", p.name, "seed", seed, "daily", date)
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

// deal makes a new game: its first level dealt, the solver's check
// included (a fifth of a millisecond for a generated first level). One
// game is dealt at a time: a burst of new games then waits for each other
// instead of taking every core from the games being played. Caller does
// not hold mu.
func (s *Server) deal(seed uint64, players int) (*engine.Game, error) {
	s.dealing <- struct{}{}
	defer func() { <-s.dealing }()
	return engine.New(engine.Config{Seed: seed, Players: players, Levels: s.cfg.Levels})
}
