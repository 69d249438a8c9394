package netplay

import (
	"bufio"
	"bytes"
	"slices"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"

	"github.com/minotaur-game/minotaur/engine"
	"github.com/minotaur-game/minotaur/safetext"
)

// audience is a game's spectators, guarded by the game's lock.
type audience struct {
	watchers []*Session
	nwatch   atomic.Int32  // len(watchers), for the lobby without the lock
	said     spectatorRing // the spectators' chat budget; guarded by Server.mu
	// by is the session whose reader is handling the line that makes the
	// states being sent (an action): it writes the others' lines after its
	// own (Session.queueBy). nil while anything else sends them. Under
	// the owner's mu.
	by *Session
}

// spectatorChat is the chat budget the game's spectators share. Caller
// holds Server.mu.
func (a *audience) spectatorChat() *spectatorRing { return &a.said }

// chatAll sends a chat line to every spectator; chat never costs anyone
// their connection (Session.sendDroppable).
func (a *audience) chatAll(line []byte) {
	for _, ss := range a.watchers {
		ss.sendDroppable(line)
	}
}

func (a *audience) addWatcher(ss *Session) {
	if !slices.Contains(a.watchers, ss) {
		a.watchers = append(a.watchers, ss)
	}
	a.nwatch.Store(int32(len(a.watchers)))
}

func (a *audience) removeWatcher(ss *Session) bool {
	i := slices.Index(a.watchers, ss)
	if i < 0 {
		return false
	}
	last := len(a.watchers) - 1
	a.watchers[i], a.watchers[last] = a.watchers[last], nil
	a.watchers = a.watchers[:last]
	a.nwatch.Store(int32(len(a.watchers)))
	return true
}

// showAll sends every spectator the team's view. The state line is
// encoded once and shared; each spectator's writer puts in its own seq.
func (a *audience) showAll(v engine.View, names [2]string, sentences []string, happened []engine.Event) {
	if len(a.watchers) == 0 {
		return
	}
	v.Seat, v.YourTurn = 0, false
	a.share(sharedState(newState(0, v, names, sentences, happened), false), nil)
}

// share queues the shared line p for player (as it is; none when nil) and
// for every spectator, each with its own seq. The line's storage goes back
// to the pool when the last of them has written it.
func (a *audience) share(p *spectatorPatch, player *Session) {
	n := len(a.watchers)
	if player != nil {
		n++
	}
	p.refs.Store(int32(n))
	if player != nil && !player.queueBy(outLine{b: p.line, patch: p, seq: asIs}, a.by) {
		p.release()
	}
	for _, ss := range a.watchers {
		if !ss.queueBy(outLine{b: p.line, patch: p, seq: ss.seq.Add(1)}, a.by) {
			p.release()
		}
	}
}

// spectatorPatch is a state line that several sessions are sent, each
// with its own seq put in by its writer; in a solo game, the player's own
// line made a spectator's: "your_turn" false and the top-level "seat" 0,
// the only fields in which the player's state and the team's differ (see
// engine.Game.TeamView).
type spectatorPatch struct {
	line    []byte
	seqEnd  int // the ',' after the seq's digits
	turnAt  int // the your_turn value; -1: only the seq is put in
	turnLen int // its length: 4 (true) or 5 (false)
	seatAt  int // the top-level seat's digits
	seatLen int

	buf  *[]byte      // line's storage, from lineBufs
	refs atomic.Int32 // the sessions that have yet to write the line
}

// patches holds spectatorPatch values whose line every session has
// written, for the next.
var patches = sync.Pool{New: func() any { return new(spectatorPatch) }}

// sharedState encodes a state once, in pooled storage, for several
// sessions: when spectate, its your_turn and seat are made a spectator's
// for each of them (a solo player's line); otherwise only the seq is put
// in. The caller sets refs before the line is queued.
func sharedState(s State, spectate bool) *spectatorPatch {
	p := patches.Get().(*spectatorPatch)
	p.buf = lineBufs.Get().(*[]byte)
	line, mk := s.appendMarked((*p.buf)[:0])
	p.line = append(line, '\n')
	p.seqEnd = len(statePrefix) + bytes.IndexByte(line[len(statePrefix):], ',')
	p.turnAt, p.seatAt = -1, -1
	if spectate {
		p.turnAt, p.turnLen = mk.YourTurn, 5
		if s.YourTurn {
			p.turnLen = 4
		}
		p.seatAt, p.seatLen = mk.Seat, len(strconv.Itoa(s.Seat))
	}
	return p
}

// release is called by each session once it has written the line (or
// could not queue it): the last gives the storage back.
func (p *spectatorPatch) release() {
	if p.refs.Add(-1) != 0 {
		return
	}
	*p.buf = p.line[:0]
	lineBufs.Put(p.buf)
	p.line, p.buf = nil, nil
	patches.Put(p)
}

// apply returns the spectator's line with the given seq.
func (p *spectatorPatch) apply(seq int64) []byte {
	var b bytes.Buffer
	w := bufio.NewWriterSize(&b, len(p.line)+24)
	p.writeTo(w, seq)
	w.Flush()
	return b.Bytes()
}

// writeTo writes the spectator's line with the given seq, in pieces of
// the shared line: nothing is copied but into w.
func (p *spectatorPatch) writeTo(w *bufio.Writer, seq int64) {
	w.Write(strconv.AppendInt(append(w.AvailableBuffer(), statePrefix...), seq, 10))
	if p.turnAt < 0 {
		w.Write(p.line[p.seqEnd:])
		return
	}
	w.Write(p.line[p.seqEnd:p.turnAt])
	w.Write(falseJSON)
	w.Write(p.line[p.turnAt+p.turnLen : p.seatAt])
	w.Write(seatZero)
	w.Write(p.line[p.seatAt+p.seatLen:])
}

var falseJSON, seatZero = []byte("false"), []byte("0")

// asIs is the seq of a shared line queued for the session whose line it
// is: it is written as it is.
const asIs = -1

// outLine is one line of a session's queue: b as it is, or — a state line
// shared among sessions — b with this session's seq put in by patch.
type outLine struct {
	b     []byte
	patch *spectatorPatch
	seq   int64   // with patch: this session's seq, or asIs
	buf   *[]byte // b's storage, from lineBufs: back to the pool once written
}

// writeTo writes the line to w.
func (l outLine) writeTo(w *bufio.Writer) {
	switch {
	case l.patch == nil:
		w.Write(l.b)
		if l.buf != nil {
			*l.buf = l.b[:0]
			lineBufs.Put(l.buf)
		}
	case l.seq == asIs:
		w.Write(l.b)
		l.patch.release()
	default:
		l.patch.writeTo(w, l.seq)
		l.patch.release()
	}
}

// bytes returns the line as the client gets it.
func (l outLine) bytes() []byte {
	if l.patch == nil || l.seq == asIs {
		return l.b
	}
	return l.patch.apply(l.seq)
}

// dismiss sends every spectator the game's end (over) and forgets them;
// it returns them, for the lobby.
func (a *audience) dismiss(over []byte) []*Session {
	back := a.watchers
	for _, ss := range back {
		ss.send(over)
	}
	a.watchers = nil
	a.nwatch.Store(0)
	return back
}

// tellAll sends one line to every spectator.
func (a *audience) tellAll(line []byte) {
	for _, ss := range a.watchers {
		ss.send(line)
	}
}

// statePrefix starts every encoded state line; seq follows it.
const statePrefix = `{"t":"state","seq":`

// spectated is a game that can be watched: a room the server runs, or a
// game hosted by a front end of the server's process.
type spectated interface {
	// join adds a spectator and sends it `start` and the team's state,
	// telling the others when notify; false when the game is over. Caller
	// holds Server.mu.
	join(ss *Session, name string, notify bool) bool
	// part removes a spectator, telling the others when notify. Caller
	// holds Server.mu.
	part(ss *Session, name string, notify bool)
	// gameChat sends a game chat line to the players and spectators.
	gameChat(line []byte, c *Chat)
	// listing is the game's entry in the lobby.
	listing() LobbyGame
	// spectatorChat is the chat budget the spectators share. Caller holds
	// Server.mu.
	spectatorChat() *spectatorRing
}

// joinNames is the `partner` of a spectator's `start`: the players' names.
func joinNames(names []string) string { return strings.Join(names, " and ") }

func (r *room) join(ss *Session, name string, notify bool) bool {
	r.mu.Lock()
	defer r.mu.Unlock()
	if r.done {
		return false
	}
	if notify {
		r.notice(name + " is watching")
	}
	r.addWatcher(ss)
	ss.send(encode(r.startMsg(0)))
	ss.send(r.watchLine(ss))
	return true
}

func (r *room) part(ss *Session, name string, notify bool) {
	r.mu.Lock()
	defer r.mu.Unlock()
	if r.removeWatcher(ss) && !r.done && notify {
		r.notice(name + " stopped watching")
	}
}

// notice tells the players and spectators a sentence of the server's: a
// game chat line from nobody (`from` empty). Not a state: a bot that acts
// on every state of its turn would act twice. Caller holds r.mu.
func (r *room) notice(text string) {
	line := noticeLine(text)
	for i := range r.seats {
		if ss := r.seats[i].sess; ss != nil {
			ss.sendDroppable(line) // spectators come and go at will: never at a player's cost
		}
	}
	r.chatAll(line)
}

// noticeLine is a server's notice to a game: a game chat line from nobody.
func noticeLine(text string) []byte {
	return encode(&Chat{T: TypeChat, Scope: ScopeGame, Text: text})
}

func (r *room) gameChat(line []byte, _ *Chat) {
	r.mu.Lock()
	defer r.mu.Unlock()
	for _, st := range r.seats {
		if st.sess != nil {
			st.sess.sendDroppable(line)
		}
	}
	r.chatAll(line)
}

// listing is the lobby's entry of a game: its turn is the number of
// moves (or rounds) played, its level a campaign's (0, left out, for
// other kinds). A game of more than two seats lists its people and counts
// its computer seats, so that the lobby line stays within MaxLine however
// many seats its games have. r.seats and r.bots are fixed when the room
// is made (a seat the computer takes over later is still listed by its
// player's name).
func (r *room) listing() LobbyGame {
	g := LobbyGame{Game: r.id, Players: r.players(), Level: int(r.level.Load()), Turn: int(r.turn.Load()),
		Watchers: int(r.nwatch.Load()), Daily: r.daily != "", Kind: r.kind}
	if len(r.seats) > 2 {
		g.Players, g.Bots = g.Players[:len(r.seats)-r.bots], r.bots
	}
	return g
}

// Hosted is a solo game that a front end in the server's own process runs
// itself — an SSH player's game from the main menu, with its saves — and
// that the server lists in the lobby and lets clients watch, like the
// games it runs. The front end shows the server every change with Show,
// reads the spectators' chat from Chat, answers with Say, and calls End
// when the game is over or put away. Its methods are safe for concurrent
// use and never block on the spectators.
type Hosted struct {
	s    *Server
	id   string
	name string
	seed uint64

	mu sync.Mutex
	audience
	last  *engine.View // the last view shown, for new spectators
	ended bool
	chat  chan Chat

	level, turn atomic.Int32
}

// Host lists a solo game of the named player that a front end runs. Show
// it its first view at once.
func (s *Server) Host(name string, seed uint64) *Hosted {
	h := &Hosted{s: s, id: newID(), name: safetext.Clean(name), seed: seed, chat: make(chan Chat, 32)}
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.closing {
		h.ended = true
		return h
	}
	s.hosted[h.id] = h
	s.lobbyChanged()
	return h
}

// Show tells the spectators what the player now sees; events are what
// happened since the last Show. Give Show the views in the order they
// happened.
func (h *Hosted) Show(v engine.View, events []engine.Event) {
	h.mu.Lock()
	defer h.mu.Unlock()
	if h.ended {
		return
	}
	v.Seat, v.YourTurn = 0, false
	h.last = &v
	h.level.Store(int32(v.Level))
	h.turn.Store(int32(v.Turn))
	if len(h.watchers) > 0 {
		names := h.names()
		sentences, happened := told(events, 0, names)
		h.showAll(v, names, sentences, happened)
	}
}

func (h *Hosted) names() [2]string { return [2]string{h.name, ""} }

// Chat delivers the game chat of the spectators (and the player's own
// lines said with Say) to the player. Lines that the player does not take
// in time are dropped.
func (h *Hosted) Chat() <-chan Chat { return h.chat }

// Say sends the player's chat line to the spectators.
func (h *Hosted) Say(text string) {
	text = safetext.Cut(strings.TrimSpace(safetext.Clean(text)), MaxChat)
	if text == "" {
		return
	}
	c := &Chat{T: TypeChat, Scope: ScopeGame, From: h.name, Text: text}
	h.gameChat(encode(c), c)
}

// HostedSaved is the result End takes for a game put away to be continued
// later: its spectators are told so, then get `over` "lost" (the
// protocol's results are won and lost).
const HostedSaved = "saved"

// End takes the game off the lobby: its spectators get `over` with the
// result ("won", "lost", or HostedSaved) and go back to the lobby.
func (h *Hosted) End(result string, score, level int) {
	s := h.s
	s.mu.Lock()
	defer s.mu.Unlock()
	h.mu.Lock()
	if h.ended {
		h.mu.Unlock()
		return
	}
	saved := result == HostedSaved
	if saved {
		h.tellAll(noticeLine(h.name + " put the game away, to continue it later."))
		result = engine.Lost.String()
	}
	h.ended = true
	over := encode(&Over{T: TypeOver, Result: result, Score: score, Level: level, Saved: saved})
	back := h.dismiss(over)
	h.mu.Unlock()
	delete(s.hosted, h.id)
	s.lobbyChanged()
	for _, ss := range back {
		s.backToLobby(ss, true)
	}
}

func (h *Hosted) join(ss *Session, name string, notify bool) bool {
	h.mu.Lock()
	defer h.mu.Unlock()
	if h.ended || h.last == nil {
		return false
	}
	if notify {
		h.notice(name + " is watching")
	}
	h.addWatcher(ss)
	ss.send(encode(&Start{T: TypeStart, Game: h.id, Seat: 0, Partner: h.name, Seed: h.seed}))
	ss.send(newState(ss.seq.Add(1), *h.last, h.names(), nil, nil).line())
	return true
}

func (h *Hosted) part(ss *Session, name string, notify bool) {
	h.mu.Lock()
	defer h.mu.Unlock()
	if h.removeWatcher(ss) && !h.ended && notify {
		h.notice(name + " stopped watching")
	}
}

// notice tells the spectators and the player a sentence of the server's,
// as room.notice does. Caller holds h.mu.
func (h *Hosted) notice(text string) {
	h.chatAll(noticeLine(text))
	select {
	case h.chat <- Chat{T: TypeChat, Scope: ScopeGame, Text: text}:
	default:
	}
}

func (h *Hosted) gameChat(line []byte, c *Chat) {
	h.mu.Lock()
	defer h.mu.Unlock()
	h.chatAll(line)
	select {
	case h.chat <- *c:
	default:
	}
}

func (h *Hosted) listing() LobbyGame {
	return LobbyGame{Game: h.id, Players: []string{h.name}, Level: int(h.level.Load()), Turn: int(h.turn.Load()),
		Watchers: int(h.nwatch.Load())}
}

// watch makes the session a spectator of a game in progress.
func (s *Server) watch(ss *Session, id, kind string, seat int) {
	s.mu.Lock()
	defer s.mu.Unlock()
	p := s.idle(ss, "you are playing a game: leave it before you watch another")
	if p == nil {
		return
	}
	var g spectated
	if r := s.rooms[id]; r != nil {
		g = r
	} else if h := s.hosted[id]; h != nil {
		g = h
	}
	if g == nil {
		ss.sendErr(CodeNotInGame, "no game %q is in progress: pick one from the games in the lobby list", safetext.Short(id, 40))
		return
	}
	if r, ok := g.(*room); ok {
		rk := r.kind
		if rk == "" {
			rk = KindMinotaur
		}
		k, _, _ := kindOf(kind)
		switch {
		case kind != "" && k != rk:
			ss.sendErr(CodeBadKind, "game %s is a %s game, not %s", safetext.Cut(id, 40), rk, quoteShort(kind))
			return
		case !p.knows(rk):
			ss.sendErr(CodeBadKind, "game %s is a %s game, and your hello did not list %q in kinds", safetext.Cut(id, 40), rk, rk)
			return
		}
	}
	seats := 2
	if r, ok := g.(*room); ok && len(r.seats) > 2 {
		seats = len(r.seats) // fixed when the room is made: no lock needed
	}
	switch {
	case (seat < 0 || seat > seats) && seats == 2:
		ss.sendErr(CodeProto, "seat %d: watch seat 1 or 2 (or leave it out)", seat)
		return
	case seat < 0 || seat > seats:
		ss.sendErr(CodeProto, "seat %d: watch a seat from 1 to %d (or leave it out)", seat, seats)
		return
	}
	r, turning := g.(*room)
	turning = turning && ss.watching == g && r.followsSeat() && int(ss.watchSeat.Load()) != seat
	if ss.watching == g && !turning {
		return // already watching that: nothing to send
	}
	if !p.watches.spend(s.cfg.ChatWindow) {
		// Each watch, and each turn to another seat of the same game,
		// builds and sends a whole state: switching as fast as a client
		// can send is a load, not a way to watch.
		ss.sendErr(CodeRateLimited, "too many watch requests: at most %d per %v, wait a moment", ChatBurst, s.cfg.ChatWindow)
		return
	}
	if turning {
		// The same game from another seat.
		ss.watchSeat.Store(int32(seat))
		r.mu.Lock()
		ss.send(r.watchLine(ss))
		r.mu.Unlock()
		return
	}
	s.stopWatching(ss)
	ss.watchSeat.Store(int32(seat))
	// The notice is a line to the players: a spectator coming and going
	// faster than it may chat comes and goes unannounced.
	if !g.join(ss, p.name, p.chat.spend(s.cfg.ChatWindow)) {
		ss.sendErr(CodeNotInGame, "that game is over")
		return
	}
	ss.watching = g
	ss.lobbySent = nil
	s.lobbyChanged()
	s.log.Info("watching", "name", p.name, "game", id)
}

// stopWatching takes the session out of the audience it is in, if any.
// Caller holds mu.
func (s *Server) stopWatching(ss *Session) bool {
	g := ss.watching
	if g == nil {
		return false
	}
	ss.watching = nil
	name, notify := "", false
	if ss.p != nil {
		name, notify = ss.p.name, ss.p.chat.spend(s.cfg.ChatWindow)
	}
	g.part(ss, name, notify)
	s.lobbyChanged()
	return true
}

// backToLobby sends a session that stopped playing or watching the lobby
// and, unless a broadcast of it follows, the day's table. Caller holds mu.
func (s *Server) backToLobby(ss *Session, daily bool) {
	ss.watching = nil
	ss.lobbySent = nil
	s.sendLobby(ss)
	if daily {
		s.sendDaily(ss)
	}
}

// inLobby reports whether a session is in the lobby: named, neither
// playing nor watching. Caller holds mu.
func inLobby(p *player) bool {
	return p.sess != nil && p.room == nil && p.sess.watching == nil
}
