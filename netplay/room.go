package netplay

import (
	"sync"
	"sync/atomic"
	"time"

	"github.com/minotaur-game/minotaur/engine"
)

// room is one game run by the server, of any kind (kinds.go). Its Game,
// seats and watchers are guarded by mu; the lock order is Server.mu before
// room.mu. Actions take only room.mu, so games run in parallel.
type room struct {
	id     string
	mu     sync.Mutex
	m      Game
	kind   string      // the kind's name; "" for Minotaur's, whose messages carry none
	seats  []roomSeat  // one per seat of the game
	daily  string      // the day (YYYY-MM-DD) of a daily challenge; "" for other games
	done   bool        // the game is over or dropped: no more actions
	rejoin *time.Timer // after a restart: waiting for a seat still on the board (awayer)
	bots   int         // the computer seats the game began with: the last ones
	// snapLen is the length of the room's last snapshot, the size of the
	// next one's buffer (persist.go).
	snapLen int
	// The deadline of the round of simultaneous moves being played
	// (number roundNo, roundLen long, ending at roundEnd); nil when none.
	roundTimer *time.Timer
	roundNo    int
	roundLen   time.Duration
	roundEnd   time.Time
	// thought is the computer's move being thought (think.go); while it
	// is, no state is sent: the person's move and the answer go out in
	// one state.
	thought *thought

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
	away      bool     // the seat's player is away (disconnected)
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
func (r *room) ended() bool { return r.m.Outcome().Over }

func (r *room) stopTimers() {
	r.stopRound()
	r.dropThought()
	if r.rejoin != nil {
		r.rejoin.Stop()
		r.rejoin = nil
	}
}

// start begins a co-op game between a (seat 1, the inviter) and b. Caller
// holds mu; both are connected and idle.
func (s *Server) start(a, b *player, g *engine.Game) {
	seed := g.Seed()
	r := &room{id: newID(), m: newMinotaurGame(g, true), seats: make([]roomSeat, 2)}
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
	r.broadcast()
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
	s.actAs(ss, ref.r, ref.seat, a)
}

// finish ends a game that is over: `over` to the connected seats and the
// spectators, the players back to the lobby (absent ones are forgotten),
// a daily challenge's result in the day's table, the file removed. Caller
// holds mu.
func (s *Server) finish(r *room) {
	if s.rooms[r.id] != r {
		return
	}
	r.mu.Lock()
	r.done = true
	r.stopTimers()
	back := r.dismiss(r.over(0))
	for i := range r.seats {
		st := &r.seats[i]
		if st.sess != nil {
			st.sess.game.Store(nil)
			st.sess.send(r.over(i + 1))
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
	oc := r.m.Outcome()
	score, level, won := r.progress()
	r.mu.Unlock()
	delete(s.rooms, r.id)
	s.countComputer(r, -1)
	s.lobbyChanged()
	if r.daily != "" {
		s.dailyResult(r.daily, r.seats[0].name, score, level, won)
	}
	for _, ss := range back {
		s.backToLobby(ss, r.daily == "")
	}
	if r.daily != "" {
		s.dailyBroadcast()
	}
	s.unpersist(r)
	if _, ok := r.m.(campaign); ok {
		result := "lost"
		if won {
			result = "won"
		}
		s.log.Info("game over", "game", r.id, "result", result, "score", score, "level", level)
		return
	}
	s.log.Info("game over", "game", r.id, "kind", r.kind, "winners", oc.Winners)
}

// drop forgets a game nobody plays any more. Caller holds mu.
func (s *Server) drop(r *room) {
	if s.rooms[r.id] != r {
		return
	}
	r.mu.Lock()
	r.done = true
	r.stopTimers()
	back := r.dismiss(r.over(0))
	score, level, _ := r.progress()
	r.mu.Unlock()
	delete(s.rooms, r.id)
	s.countComputer(r, -1)
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

// over is the over message of seat (0: a spectator). Caller holds r.mu.
func (r *room) over(seat int) []byte {
	if c, ok := r.m.(campaign); ok {
		return c.overLine()
	}
	return r.overKind(seat)
}

// progress is the score and level of a game whose table keeps them (a
// campaign), and whether it was won. Caller holds r.mu.
func (r *room) progress() (score, level int, won bool) {
	if c, ok := r.m.(campaign); ok {
		return c.progress()
	}
	return 0, 0, false
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
	r := &room{id: newID(), m: newMinotaurGame(g, true), seats: make([]roomSeat, 1), daily: date}
	dropInvites(p)
	p.room, p.seat = r, 1
	r.seats[0] = roomSeat{p: p, name: p.name, tokenHash: p.tokenHash, sess: ss}
	ss.game.Store(&seatRef{r: r, seat: 1})
	s.rooms[r.id] = r
	r.mu.Lock()
	ss.send(encode(r.startMsg(1)))
	r.broadcast()
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
