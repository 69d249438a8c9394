package netplay

import (
	"encoding/json"
	"errors"
	"strconv"
	"strings"
	"time"

	"github.com/minotaur-game/minotaur/games/match"
	"github.com/minotaur-game/minotaur/safetext"
)

// This file runs the rooms' games, of every kind: their start, acts,
// computer seats, rounds of simultaneous moves and their deadlines,
// states, lost and returning seats, end. A kind that does something its
// own way says so through an optional interface of its Game (kinds.go),
// which the code here asks for. Minotaur's games are started in room.go
// (dealt off the server's lock, the daily challenge).

// newKindRoom makes the room of a new game g of kind k for people (seats
// 1…len(people), the inviter first; nil for a seat whose session is set
// later) with the computer seats after them. Caller holds mu.
func (s *Server) newKindRoom(k *Kind, g Game, people []*player) *room {
	bots := g.Seats() - len(people)
	r := &room{id: newID(), kind: k.Name, m: g, seats: make([]roomSeat, g.Seats()), bots: bots}
	for i := range r.seats {
		if i >= len(people) {
			// A computer's seat has no player: it is never given up or away.
			r.seats[i] = roomSeat{name: computerName(i-len(people)+1, bots)}
			continue
		}
		p := people[i]
		s.stopWatching(p.sess)
		dropInvites(p)
		p.room, p.seat = r, i+1
		r.seats[i] = roomSeat{p: p, name: p.name, tokenHash: p.tokenHash, sess: p.sess}
		p.sess.game.Store(&seatRef{r: r, seat: i + 1})
	}
	s.rooms[r.id] = r
	s.countComputer(r, +1)
	return r
}

// startKind begins a game of kind k between a (seat 1, the inviter), b
// and the computer seats of g. Caller holds mu; both are connected and
// idle.
func (s *Server) startKind(a, b *player, k *Kind, g Game) {
	r := s.newKindRoom(k, g, []*player{a, b})
	r.mu.Lock()
	for i := range r.seats {
		if ss := r.seats[i].sess; ss != nil {
			ss.send(encode(r.startMsg(i + 1)))
		}
	}
	s.settle(r)
	r.broadcast()
	r.mu.Unlock()
	s.persist(r)
	s.lobbyChanged()
	s.log.Info("game started", "game", r.id, "kind", k.Name, "seat1", a.name, "seat2", b.name, "seats", g.Seats())
}

// soloKind starts a game of kind k against the server's computer at the
// given level (0: the middle level) with bots computer seats (0: the
// kind's default): the player is seat 1.
func (s *Server) soloKind(ss *Session, k *Kind, req *Request) {
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
	level, bots := req.Level, req.Bots
	if level == 0 {
		level = (k.MaxBot + 1) / 2
	}
	if level < 1 || level > k.MaxBot {
		ss.sendErr(CodeProto, "level %d: the computer's levels for %s are 1 to %d", level, k.Title, k.MaxBot)
		return
	}
	if req.Choose && k.Name != KindLabyrinth {
		ss.sendErr(CodeProto, "only a Labyrinth game opens with a round of choosing start cells: ask without choose")
		return
	}
	if bots == 0 {
		bots = k.Solo[2]
	}
	if bots < k.Solo[0] || bots > k.Solo[1] {
		ss.sendErr(CodeProto, "%s", botsError(k, req.Bots, k.Solo[0], k.Solo[1]))
		return
	}
	if why := s.computerRefusal(k); why != "" {
		ss.sendErr(CodeRateLimited, "%s", why)
		return
	}
	g, err := k.New(Setup{Seed: s.cfg.Seed(), People: 1, Bots: bots, Level: level, Choose: req.Choose,
		Names: seatNames([]string{p.name}, bots)})
	if err != nil {
		s.log.Error("cannot start a game", "kind", k.Name, "err", err)
		ss.sendErr(CodeProto, "the server could not start a game: %v", err)
		return
	}
	r := s.newKindRoom(k, g, []*player{p})
	r.mu.Lock()
	ss.send(encode(r.startMsg(1)))
	s.settle(r)
	r.broadcast()
	r.mu.Unlock()
	s.persist(r)
	s.lobbyChanged()
	s.log.Info("solo game started", "game", r.id, "kind", k.Name, "name", p.name, "bot", level, "bots", bots)
}

// seatNames are the names of a new game's seats: the people's, then the
// computer seats'.
func seatNames(people []string, bots int) []string {
	out := append([]string(nil), people...)
	for i := 1; i <= bots; i++ {
		out = append(out, computerName(i, bots))
	}
	return out
}

// botsError is the sentence for a bots count out of a kind's range.
func botsError(k *Kind, bots, lo, hi int) string {
	if hi == 0 {
		return "bots " + strconv.Itoa(bots) + ": " + k.Title + " has no computer seats beside two players"
	}
	return "bots " + strconv.Itoa(bots) + ": " + k.Title + " takes " + strconv.Itoa(lo) + " to " + strconv.Itoa(hi) + " computer seats here"
}

// startMsg is seat's start message (0: a spectator's): partner names the
// other people (a spectator: every seat); the seed of a seeded game, and
// whether it is a daily challenge. Caller holds r.mu.
func (r *room) startMsg(seat int) *Start {
	st := &Start{T: TypeStart, Game: r.id, Seat: seat, Kind: r.kind, Bot: r.m.Level(), Daily: r.daily != ""}
	if sd, ok := r.m.(seeded); ok {
		st.Seed = sd.Seed()
	}
	if seat == 0 {
		st.Partner = joinNames(r.players())
		return st
	}
	var others []string
	for i := range r.seats {
		if i+1 != seat && !r.m.Computer(i+1) {
			others = append(others, r.seats[i].name)
		}
	}
	st.Partner = joinNames(others)
	return st
}

// tellOthers sends line to every connected seat but seat i (0-based).
// Caller holds r.mu.
func (r *room) tellOthers(i int, line []byte) {
	for j := range r.seats {
		if j != i && r.seats[j].sess != nil {
			r.seats[j].sess.send(line)
		}
	}
}

// botMoves plays the computer seats' actions while a computer is to act:
// a thinker's on the pool (think.go), which plays it later; any other's at
// once. Caller holds r.mu.
func (s *Server) botMoves(r *room) {
	if r.empty() {
		// Every person has given up their seat: the game ends as it
		// stands; the computers do not play on by themselves (a round of
		// computers alone would end as soon as it began, and the next).
		return
	}
	// A turn-based game passes from computer to computer; a round takes
	// each computer's command once. The bound keeps a computer that
	// answers nothing playable from looping.
	for n := 0; n < 16*r.m.Seats(); n++ {
		played := false
		for _, seat := range r.m.ToAct() {
			if !r.m.Computer(seat) {
				continue
			}
			if th, ok := r.m.(thinker); ok {
				s.think(r, th, seat)
				return
			}
			if a := r.m.Bot(seat); a != "" && r.m.Apply(seat, a) == nil {
				played = true
				break // ToAct has changed
			}
		}
		if !played {
			return
		}
	}
}

// waiting reports, for a round of simultaneous moves, whether a connected
// person still has to act in it, and whether any person is connected.
// Caller holds r.mu.
func (r *room) waiting() (pending, anyone bool) {
	for i := range r.seats {
		if r.seats[i].sess != nil {
			anyone = true
		}
	}
	for _, seat := range r.m.ToAct() {
		if st := &r.seats[seat-1]; !r.m.Computer(seat) && st.sess != nil {
			pending = true
		}
	}
	return pending, anyone
}

// settle brings a game to where a person must act: the computers play,
// a round nobody connected still waits for is played, and the deadline of
// the round being played is armed. While no person is connected a round
// waits without a deadline. Caller holds r.mu.
func (s *Server) settle(r *room) {
	s.botMoves(r)
	rd, ok := r.m.(match.Rounds)
	if !ok {
		return
	}
	for n := 0; n < 1000 && rd.Round() != 0; n++ {
		pending, anyone := r.waiting()
		if pending || !anyone {
			break
		}
		rd.EndRound()
		s.botMoves(r)
	}
	_, anyone := r.waiting()
	no := rd.Round()
	if no == 0 || !anyone || r.done {
		r.stopRound()
		return
	}
	if r.roundNo == no && r.roundTimer != nil {
		return
	}
	r.stopRound()
	d := s.roundTime(r)
	if d <= 0 {
		return
	}
	r.roundNo, r.roundLen, r.roundEnd = no, d, time.Now().Add(d)
	r.roundTimer = time.AfterFunc(d, func() { s.roundExpired(r, no) })
}

// roundTime is the deadline of a round of r's kind.
func (s *Server) roundTime(r *room) time.Duration {
	if s.cfg.RoundTime > 0 {
		return s.cfg.RoundTime
	}
	if k := kinds[r.kind]; k != nil {
		return k.Round
	}
	return 0
}

// stopRound disarms the round's deadline. Caller holds r.mu.
func (r *room) stopRound() {
	if r.roundTimer != nil {
		r.roundTimer.Stop()
		r.roundTimer = nil
	}
	r.roundNo = 0
}

// roundExpired plays round no of r as it stands: its deadline passed.
func (s *Server) roundExpired(r *room, no int) {
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.closing {
		return
	}
	r.mu.Lock()
	rd, ok := r.m.(match.Rounds)
	if r.done || !ok || rd.Round() != no || r.roundNo != no {
		r.mu.Unlock()
		return
	}
	r.roundTimer, r.roundNo = nil, 0
	rd.EndRound()
	s.settle(r)
	r.broadcast()
	ended := r.m.Outcome().Over
	if ended {
		r.done = true
	}
	r.mu.Unlock()
	s.persist(r)
	if ended {
		s.finish(r)
	}
}

// actAs plays one act of the seat.
func (s *Server) actAs(ss *Session, r *room, seat int, a string) {
	r.mu.Lock()
	if r.done || r.seats[seat-1].sess != ss {
		r.mu.Unlock()
		ss.sendErr(CodeNotInGame, "you are not in a game any more")
		return
	}
	if err := r.m.Apply(seat, a); err != nil {
		code, msg := r.refusal(err)
		r.mu.Unlock()
		if code == CodeProto {
			s.log.Error("action failed", "game", r.id, "seat", seat, "err", err)
		} else {
			s.log.Debug("action refused", "game", r.id, "seat", seat, "code", code)
		}
		ss.sendErr(code, "%s", msg)
		return
	}
	s.tally.actions.Add(1)
	s.settle(r)
	if ss.handling.Load() {
		r.by = ss // this goroutine is ss's reader: it writes the others' states after its own
	}
	r.broadcast()
	r.by = nil
	ended := r.m.Outcome().Over
	if ended {
		r.done = true
	}
	save := true
	if rs, ok := r.m.(roundSaver); ok {
		save = ended || rs.saveDue()
	}
	r.mu.Unlock()
	if save {
		s.persist(r)
	}
	if ended {
		s.mu.Lock()
		s.finish(r)
		s.mu.Unlock()
	}
}

// refusal is the error code and sentence for an act the game refused.
// Caller holds r.mu.
func (r *room) refusal(err error) (code, msg string) {
	if rf := (*refused)(nil); errors.As(err, &rf) {
		return rf.code, rf.msg
	}
	toAct := r.m.ToAct()
	switch {
	case errors.Is(err, match.ErrOver), errors.Is(err, match.ErrNotYourTurn) && r.m.Outcome().Over:
		return CodeNotInGame, "the game is over"
	case errors.Is(err, match.ErrNotYourTurn):
		if rd, ok := r.m.(match.Rounds); ok && rd.Round() != 0 {
			return CodeNotYourTurn, "you already sent your command this round: wait for the round to end"
		}
		if len(toAct) > 0 {
			return CodeNotYourTurn, "it is " + r.seats[toAct[0]-1].name + "'s turn"
		}
		return CodeNotYourTurn, "it is not your turn"
	}
	return CodeBadAction, safetext.Short(err.Error(), 200)
}

// broadcast sends every connected seat and spectator its state.
// Caller holds r.mu.
func (r *room) broadcast() {
	if r.thought != nil {
		return // the computer's answer brings everyone's state
	}
	if o, ok := r.m.(ownLines); ok {
		o.broadcast(r)
		return
	}
	r.turn.Store(int32(r.m.Moves()))
	for i := range r.seats {
		r.sendState(i)
	}
	for _, w := range r.watchers {
		w.queueBy(outLine{b: r.watchLine(w)}, r.by)
	}
}

// sendState sends seat i (0-based) its state. Caller holds r.mu.
func (r *room) sendState(i int) {
	if r.thought != nil {
		return // the computer's answer brings everyone's state
	}
	if o, ok := r.m.(ownLines); ok {
		o.sendState(r, i)
		return
	}
	if ss := r.seats[i].sess; ss != nil {
		ss.queueBy(outLine{b: r.kindLine(i+1, true, ss.seq.Add(1))}, r.by)
	}
}

// kindLine is the state message of the view of seat (0: the whole-table
// view of a spectator) with its seq: the message's fields — t, seq, kind,
// your_turn (only when player is set: the seat's own player), names,
// to_act, and a round's deadline — and then the fields of the game's
// View(seat), which alone decides what the seat may know. Caller holds
// r.mu.
func (r *room) kindLine(seat int, player bool, seq int64) []byte {
	toAct := r.m.ToAct()
	head := struct {
		T        string   `json:"t"`
		Seq      int64    `json:"seq"`
		Kind     string   `json:"kind"`
		YourTurn bool     `json:"your_turn"`
		Names    []string `json:"names"`
		ToAct    []int    `json:"to_act"`
		RoundMS  int64    `json:"round_ms,omitempty"`
		LeftMS   int64    `json:"left_ms,omitempty"`
	}{T: TypeState, Seq: seq, Kind: r.kind, Names: r.players(), ToAct: toAct}
	if toAct == nil {
		head.ToAct = []int{}
	}
	if player && seat != 0 {
		for _, s := range toAct {
			head.YourTurn = head.YourTurn || s == seat
		}
	}
	if r.roundTimer != nil {
		head.RoundMS = r.roundLen.Milliseconds()
		head.LeftMS = max(1, time.Until(r.roundEnd).Milliseconds())
	}
	out, err := json.Marshal(head)
	if err != nil {
		panic("netplay: cannot encode a state's head: " + err.Error()) // fixed types: never
	}
	view, err := json.Marshal(r.m.View(seat))
	if err != nil || len(view) < 2 || view[0] != '{' {
		// A kind's view marshals to an object: anything else is a bug.
		panic("netplay: the " + r.kind + " view does not encode to a JSON object")
	}
	if len(view) > 2 {
		out = append(out[:len(out)-1], ',')
		out = append(out, view[1:]...)
	}
	return append(out, '\n')
}

// overKind is the over message for seat (0: a spectator) of a game with
// no over of its own (campaign): won or lost, and the winners' names.
// Caller holds r.mu.
func (r *room) overKind(seat int) []byte {
	oc := r.m.Outcome()
	o := &Over{T: TypeOver, Kind: r.kind, Result: "over", Scores: oc.Scores}
	var names []string
	for _, w := range oc.Winners {
		if w >= 1 && w <= len(r.seats) {
			names = append(names, r.seats[w-1].name)
		}
	}
	o.Winner = joinNames(names)
	if len(names) > 1 || len(r.seats) > 2 {
		o.Winners = names
	}
	switch {
	case seat == 0:
	case oc.Won(seat):
		o.Result = "won"
	default:
		o.Result = "lost"
	}
	return encode(o)
}

// seatAway takes note that seat i's (0-based) player dropped (status
// PartnerDisconnected) or said bye during the game (PartnerStepped): the
// others are told and get a state, and a round no connected person still has to
// act in is played. The game waits for a turn of the absent seat, or takes
// it off the board (awayer). Caller holds mu and r.mu.
func (s *Server) seatAway(r *room, i int, status string) {
	if aw, ok := r.m.(awayer); ok && !aw.SetAway(i+1, true) {
		return // the game waits as it is
	}
	r.seats[i].away = true
	r.tellOthers(i, encode(&Partner{T: TypePartner, Name: r.seats[i].name, Status: status}))
	s.settle(r)
	r.broadcast()
}

// seatBack gives seat i (0-based) back to its returning player: start,
// and its state; the others are told when it came back from a drop
// (fresh), and a round waiting for a connected person gets its deadline.
// Caller holds mu and r.mu.
func (s *Server) seatBack(r *room, i int, fresh bool) {
	aw, away := r.m.(awayer)
	back := away && r.seats[i].away && aw.SetAway(i+1, false)
	r.seats[i].away = false
	ss := r.seats[i].sess
	ss.send(encode(r.startMsg(i + 1)))
	if fresh {
		r.tellOthers(i, encode(&Partner{T: TypePartner, Name: r.seats[i].name, Status: PartnerReconnected}))
	}
	before := r.m.Moves()
	s.settle(r)
	if back || r.m.Moves() != before {
		r.broadcast()
	} else {
		r.sendState(i)
	}
	if !away || r.rejoin != nil {
		return
	}
	for j := range r.seats {
		if st := &r.seats[j]; j != i && st.p != nil && st.sess == nil && !st.away {
			// After a restart: that seat is still on the board.
			seat := j + 1
			r.rejoin = time.AfterFunc(s.cfg.RejoinWait, func() { s.rejoinExpired(r, seat) })
			return
		}
	}
}

// seatGivenUp gives seat i (0-based) up for good: the game decides what
// becomes of it (match.Leaver), the others are told. Caller holds mu and
// r.mu.
func (s *Server) seatGivenUp(r *room, i int, why string) {
	if aw, ok := r.m.(awayer); ok && !r.seats[i].away && !r.m.Outcome().Over && aw.SetAway(i+1, true) {
		r.seats[i].away = true // off the board first
	}
	if l, ok := r.m.(match.Leaver); ok && !r.m.Outcome().Over {
		l.Leave(i + 1)
		if r.m.Computer(i + 1) {
			r.seats[i].name = computerTakeover(r.seats[i].name)
		}
	}
	r.tellOthers(i, encode(&Partner{T: TypePartner, Name: r.seats[i].name, Status: why}))
	s.settle(r)
	r.broadcast()
}

// leaving is the over message of a player who leaves seat, nil for none:
// a campaign's own, or else the game lets the seat go (match.Leaver) and
// its player has lost. Caller holds r.mu.
func (r *room) leaving(seat int) []byte {
	if c, ok := r.m.(campaign); ok {
		return c.leaveLine(seat)
	}
	if l, ok := r.m.(match.Leaver); ok && !r.m.Outcome().Over {
		l.Leave(seat)
	}
	return r.overKind(seat)
}

// followsSeat reports whether the game's spectators follow a seat they
// choose (a spectator who asks for another seat gets its state): not for a
// game that writes its own lines.
func (r *room) followsSeat() bool {
	_, own := r.m.(ownLines)
	return !own
}

// computerTakeover is the name of a seat the computer took over.
func computerTakeover(name string) string {
	if strings.HasSuffix(name, " (computer)") {
		return name
	}
	return name + " (computer)"
}

// watchLine is a spectator's state: for a kind whose seats see
// differently, the view of the seat it follows (seat 1 when it chose
// none); else the whole-table view. Never its turn. Caller holds r.mu.
func (r *room) watchLine(ss *Session) []byte {
	if o, ok := r.m.(ownLines); ok {
		return o.watchLine(r, ss)
	}
	seat := 0
	if k := kinds[r.kind]; k != nil && k.Follow {
		seat = max(1, min(int(ss.watchSeat.Load()), len(r.seats)))
	}
	return r.kindLine(seat, false, ss.seq.Add(1))
}

// kindError is the sentence for a kind the server does not play.
func kindError(k string) string {
	return "there is no game kind " + quoteShort(k) + ": the kinds are " + kindNames()
}

func quoteShort(s string) string {
	return `"` + strings.ReplaceAll(safetext.Short(s, 24), `"`, `'`) + `"`
}
