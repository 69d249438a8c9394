package netplay

import (
	"bytes"
	"crypto/rand"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"sort"
	"strings"
	"time"
	"unicode/utf8"

	"github.com/minotaur-game/minotaur/safetext"
)

// player is a named player: connected (sess set) or away from a game in
// progress (sess nil, room set, grace running). Guarded by Server.mu.
type player struct {
	bot       bool // its hello said a program plays it
	name      string
	key       string // nameKey(name)
	tokenHash string
	sess      *Session
	room      *room
	seat      int                   // 1 or 2 while in a room
	invites   map[*player]time.Time // pending invitations to this player: inviter → when sent
	sent      map[*player]time.Time // pending invitations this player sent: invitee → when sent
	// inviteKind is the game of each pending invitation that is not
	// Minotaur's; kinds are the kinds its client's hello said it plays.
	inviteKind map[*player]invitation
	kinds      []string
	chat       rateRing // chat lines and the notices of its watching
	watches    rateRing // watch requests
	grace      *time.Timer
	graceGen   int
}

// rateRing allows ChatBurst events per window: the times of the last ones
// accepted, a ring. Guarded by Server.mu.
type rateRing struct {
	times [ChatBurst]time.Time
	next  int
}

// spend takes one event of the budget, and reports false when it is
// spent.
func (r *rateRing) spend(window time.Duration) bool { return spendRing(r.times[:], &r.next, window) }

// spectatorRing is rateRing for the spectators of one game together.
type spectatorRing struct {
	times [SpectatorChatBurst]time.Time
	next  int
}

func (r *spectatorRing) spend(window time.Duration) bool {
	return spendRing(r.times[:], &r.next, window)
}

// spendRing allows len(times) events per window.
func spendRing(times []time.Time, next *int, window time.Duration) bool {
	now := time.Now()
	if t := times[*next]; !t.IsZero() && now.Sub(t) < window {
		return false
	}
	times[*next] = now
	*next = (*next + 1) % len(times)
	return true
}

func (p *player) status() string {
	switch {
	case p.sess == nil:
		return StatusAway
	case p.room != nil:
		return StatusPlaying
	}
	return StatusIdle
}

// newToken returns a 128-bit random token in hex.
func newToken() string {
	var b [16]byte
	rand.Read(b[:])
	return hex.EncodeToString(b[:])
}

// hashToken is what the server keeps of a token: a leaked data folder does
// not let anyone take over a seat.
func hashToken(tok string) string {
	h := sha256.Sum256([]byte(tok))
	return hex.EncodeToString(h[:])
}

// newID returns a game's id: 64 random bits in hex.
func newID() string {
	var b [8]byte
	rand.Read(b[:])
	return hex.EncodeToString(b[:])
}

// Handle processes one line from the client (without its line terminator)
// and reports whether the session goes on. The transport calls it from one
// goroutine, in the order the lines arrived; it never blocks on other
// clients. A blank line only counts as a sign of life, and only after
// hello: before it, nothing but a successful hello keeps the connection.
func (ss *Session) Handle(line []byte) bool {
	select {
	case <-ss.done:
		return false
	default:
	}
	blank := len(bytes.TrimSpace(line)) == 0
	if !blank || ss.hello.Load() {
		ss.last.Store(ss.srv.cfg.Now().UnixNano())
	}
	if blank {
		return true
	}
	if !utf8.Valid(line) {
		return ss.badLine("line is not valid UTF-8")
	}
	var req Request
	if a, ok := plainAct(line); ok {
		req = Request{T: TypeAct, A: a}
	} else if err := json.Unmarshal(line, &req); err != nil {
		return ss.badLine("line is not a protocol message (a JSON object with a string field t): " + safetext.Clean(err.Error()))
	}
	if req.T != TypeHello || req.Token == "" {
		ss.bad = 0 // a wrong token counts as a bad line: hello resets below
	}
	return ss.srv.handle(ss, &req)
}

// actPrefix is how an action line begins in the form every client in this
// project writes it.
const actPrefix = `{"t":"act","a":"`

// plainAct reads an action line written exactly as {"t":"act","a":"d"}
// without the JSON decoder: actions are most of what a server reads. Any
// other form is left to the decoder, which reads it the same way.
func plainAct(line []byte) (string, bool) {
	if len(line) != len(actPrefix)+3 || string(line[:len(actPrefix)]) != actPrefix || line[len(line)-2] != '"' || line[len(line)-1] != '}' {
		return "", false
	}
	c := line[len(actPrefix)]
	if c < 0x20 || c == '"' || c == '\\' || c >= 0x80 {
		return "", false
	}
	return string(line[len(actPrefix) : len(actPrefix)+1]), true
}

// badLine answers a line that is not UTF-8 or not JSON; MaxBadLines in a
// row close the connection.
func (ss *Session) badLine(msg string) bool {
	ss.bad++
	if ss.bad >= MaxBadLines {
		ss.setReason("too many bad lines")
		ss.sendErr(CodeBadJSON, "%s; %d bad lines in a row: the connection is closed", msg, ss.bad)
		ss.closeAfterFlush()
		return false
	}
	ss.sendErr(CodeBadJSON, "%s", msg)
	return true
}

func (s *Server) handle(ss *Session, req *Request) bool {
	switch req.T {
	case TypeHello:
		return s.hello(ss, req)
	case TypePing:
		ss.send(pongLine)
		return true
	case TypePong:
		return true // a sign of life
	case TypeBye:
		ss.setReason(reasonBye)
		ss.closeAfterFlush()
		return false
	case "":
		ss.sendErr(CodeProto, `every message needs a string field t, e.g. {"t":"ping"}`)
		return true
	case TypeChat, TypeInvite, TypeAccept, TypeDecline, TypeAct, TypeLeave, TypeSolo, TypeWatch:
	default:
		ss.sendErr(CodeUnknownType, "unknown message type %q", safetext.Short(req.T, 32))
		return true
	}
	if ss.game.Load() == nil && !ss.named() {
		ss.sendErr(CodeProto, `say hello first: {"t":"hello","v":1,"name":"yourname"}`)
		return true
	}
	switch req.T {
	case TypeAct:
		s.act(ss, req.A)
	case TypeChat:
		s.chat(ss, req.Text)
	case TypeInvite:
		s.invite(ss, req)
	case TypeAccept:
		s.accept(ss, req.From)
	case TypeDecline:
		s.decline(ss, req.From)
	case TypeLeave:
		s.leave(ss)
	case TypeSolo:
		switch kind, kd, ok := kindOf(req.Kind); {
		case !ok:
			ss.sendErr(CodeBadKind, "%s", kindError(kind))
		case kd == nil:
			s.solo(ss, req.Daily)
		case req.Daily:
			ss.sendErr(CodeProto, "the daily challenge is a Minotaur game: ask for it without kind")
		default:
			s.soloKind(ss, kd, req)
		}
	case TypeWatch:
		s.watch(ss, req.Game, req.Kind, req.Seat)
	}
	return true
}

// named reports whether the session said hello successfully.
func (ss *Session) named() bool {
	ss.srv.mu.Lock()
	defer ss.srv.mu.Unlock()
	return ss.p != nil
}

// hello names the session's player, or resumes a seat with a token. It
// reports whether the session goes on: wrong tokens count as bad lines, so
// that a client guessing tokens is closed after MaxBadLines of them.
func (s *Server) hello(ss *Session, req *Request) bool {
	s.mu.Lock()
	defer s.mu.Unlock()
	if ss.p != nil {
		ss.sendErr(CodeProto, "you already said hello as %s", ss.p.name)
		return true
	}
	if req.V != Version {
		s.tally.refuse("bad_version")
		ss.sendErr(CodeProto, "protocol version %d is not spoken here: this server speaks version %d (send \"v\":%d)", req.V, Version, Version)
		return true
	}
	if req.Token != "" {
		// A token resumes a seat while its game lasts, nothing else: the
		// token of a game that is over never takes over its owner's
		// connection in the lobby. Every wrong token counts, however the
		// client interleaves them with other lines: MaxBadLines of them
		// on one connection close it.
		p := s.byToken[hashToken(req.Token)]
		if p == nil || p.room == nil {
			why := "unknown or expired token"
			if p != nil {
				why = "that token's game is over"
			}
			s.tally.refuse("bad_token")
			s.logLimited(ss.host, "resume refused: "+why, "remote", ss.remote)
			ss.bad++
			ss.wrong++
			if ss.wrong >= MaxBadLines || ss.bad >= MaxBadLines {
				ss.setReason("too many wrong tokens")
				ss.sendErr(CodeProto, "%s; %d wrong tokens: the connection is closed", why, max(ss.wrong, ss.bad))
				ss.closeAfterFlush()
				return false
			}
			ss.sendErr(CodeProto, "%s: say hello without a token to join as a new player", why)
			return true
		}
		ss.bad = 0
		ss.hello.Store(true)
		p.kinds = clientKinds(req.Kinds) // the new client's
		s.resume(ss, p, req.Token)
		return true
	}
	name := req.Name
	if !ValidName(name) {
		s.tally.refuse("bad_name")
		ss.sendErr(CodeBadName, "name %q is not allowed: use 1 to %d letters, digits, - or _", safetext.Short(name, 40), MaxName)
		return true
	}
	if other := s.byName[nameKey(name)]; other != nil {
		s.tally.refuse("name_taken")
		ss.sendErr(CodeNameTaken, "the name %s is taken: choose another one", other.name)
		return true
	}
	ss.hello.Store(true)
	tok := newToken()
	p := &player{name: name, key: nameKey(name), tokenHash: hashToken(tok), sess: ss, bot: req.Bot, kinds: clientKinds(req.Kinds)}
	s.byName[p.key] = p
	s.byToken[p.tokenHash] = p
	ss.p = p
	ss.send(encode(&Welcome{T: TypeWelcome, V: Version, Name: name, Token: tok}))
	s.lobbyChanged()
	s.sendLobby(ss)
	s.sendDaily(ss)
	s.log.Info("hello", "remote", ss.remote, "name", name)
	return true
}

// removePlayer forgets a player: its name is free again. Caller holds mu.
func (s *Server) removePlayer(p *player) {
	dropInvites(p)
	if s.byName[p.key] == p {
		delete(s.byName, p.key)
	}
	if s.byToken[p.tokenHash] == p {
		delete(s.byToken, p.tokenHash)
	}
	if p.grace != nil {
		p.grace.Stop()
		p.graceGen++
	}
	s.lobbyChanged()
}

// detach handles a session that is gone.
func (s *Server) detach(ss *Session) {
	s.mu.Lock()
	defer s.mu.Unlock()
	delete(s.sessions, ss)
	s.nsess.Add(-1)
	s.stopWatching(ss)
	p := ss.p
	ss.p = nil
	if p == nil || p.sess != ss {
		s.log.Info("disconnected", "remote", ss.remote, "reason", ss.reason())
		return
	}
	p.sess = nil
	s.log.Info("disconnected", "remote", ss.remote, "name", p.name, "reason", ss.reason())
	if s.closing {
		return
	}
	s.lobbyChanged()
	if p.room == nil {
		s.removePlayer(p)
		return
	}
	r := p.room
	i := p.seat - 1
	s.startGrace(p)
	r.mu.Lock()
	ss.game.Store(nil)
	r.seats[i].sess = nil
	status := PartnerDisconnected
	if ss.reason() == reasonBye {
		status = PartnerStepped // quit for now, with the seat kept
	}
	s.seatAway(r, i, status)
	ended := r.ended()
	r.mu.Unlock()
	s.persist(r)
	if ended {
		s.finish(r)
	}
}

func (s *Server) startGrace(p *player) {
	if p.grace != nil {
		p.grace.Stop()
	}
	p.graceGen++
	gen := p.graceGen
	p.grace = time.AfterFunc(s.cfg.Grace, func() { s.graceExpired(p, gen) })
}

// graceExpired gives up an absent player's seat.
func (s *Server) graceExpired(p *player, gen int) {
	s.mu.Lock()
	defer s.mu.Unlock()
	if p.graceGen != gen || p.sess != nil || s.closing {
		return
	}
	s.log.Info("grace period over", "name", p.name)
	r := p.room
	s.removePlayer(p)
	p.room = nil
	if r == nil {
		return
	}
	s.giveUpSeat(r, p.seat, PartnerLeft)
}

// giveUpSeat takes a player off a room for good (left, or grace over): the
// partner is told, and a room with nobody left is dropped. Caller holds mu.
func (s *Server) giveUpSeat(r *room, seat int, why string) {
	i := seat - 1
	r.mu.Lock()
	st := &r.seats[i]
	if st.sess != nil {
		st.sess.game.Store(nil)
	}
	st.p, st.sess = nil, nil
	s.seatGivenUp(r, i, why)
	empty := r.empty()
	ended := r.ended()
	r.mu.Unlock()
	switch {
	case ended:
		s.finish(r)
	case empty:
		s.drop(r)
	default:
		s.persist(r)
	}
}

// resume gives a returning player its seat back. Caller holds mu.
func (s *Server) resume(ss *Session, p *player, tok string) {
	old := p.sess
	if old != nil {
		old.p = nil
		old.game.Store(nil)
		old.fail("replaced by a new connection of the same player")
	}
	if p.grace != nil {
		p.grace.Stop()
		p.graceGen++
	}
	p.sess = ss
	ss.p = p
	s.lobbyChanged()
	ss.send(encode(&Welcome{T: TypeWelcome, V: Version, Name: p.name, Token: tok, Resumed: true}))
	s.log.Info("resumed", "remote", ss.remote, "name", p.name, "in_game", p.room != nil)
	r := p.room
	if r == nil {
		s.sendLobby(ss)
		s.sendDaily(ss)
		return
	}
	i := p.seat - 1
	r.mu.Lock()
	r.seats[i].sess = ss
	ss.game.Store(&seatRef{r: r, seat: p.seat})
	s.seatBack(r, i, old == nil)
	ended := r.ended()
	r.mu.Unlock()
	s.persist(r)
	if ended {
		s.finish(r)
	}
}

// rejoinExpired marks a seat away whose player did not come back after a
// restart while another seat's did (awayer).
func (s *Server) rejoinExpired(r *room, seat int) {
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.closing {
		return
	}
	r.mu.Lock()
	r.rejoin = nil
	st := &r.seats[seat-1]
	if r.done || st.sess != nil || st.away || st.p == nil {
		r.mu.Unlock()
		return
	}
	s.seatAway(r, seat-1, PartnerDisconnected)
	ended := r.ended()
	r.mu.Unlock()
	s.persist(r)
	if ended {
		s.finish(r)
	}
}

// chat relays a chat line to the lobby or to the game.
func (s *Server) chat(ss *Session, text string) {
	text = safetext.Cut(strings.TrimSpace(safetext.Clean(text)), MaxChat)
	if text == "" {
		ss.sendErr(CodeProto, "chat text is empty")
		return
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	p := ss.p
	if p == nil {
		return
	}
	if !p.chat.spend(s.cfg.ChatWindow) {
		ss.sendErr(CodeRateLimited, "too many chat messages: at most %d per %v, wait a moment", ChatBurst, s.cfg.ChatWindow)
		return
	}
	var game spectated
	if p.room != nil {
		game = p.room
	} else if ss.watching != nil {
		game = ss.watching
		// The spectators of a game share one budget, so that however
		// many watch, the players are never flooded.
		if !game.spectatorChat().spend(s.cfg.ChatWindow) {
			ss.sendErr(CodeRateLimited, "the spectators of this game have said %d lines in %v, the most they may together: wait a moment", SpectatorChatBurst, s.cfg.ChatWindow)
			return
		}
	}
	if game != nil {
		c := &Chat{T: TypeChat, Scope: ScopeGame, From: p.name, Text: text}
		game.gameChat(encode(c), c)
		return
	}
	line := encode(&Chat{T: TypeChat, Scope: ScopeLobby, From: p.name, Text: text})
	for _, q := range s.byName {
		if inLobby(q) {
			q.sess.sendDroppable(line)
		}
	}
}

// idle returns the session's player when it is in no game; otherwise it
// answers with msg (a player in a game) or nothing (before hello) and
// returns nil. Caller holds s.mu.
func (s *Server) idle(ss *Session, msg string) *player {
	p := ss.p
	if p == nil {
		return nil
	}
	if p.room != nil {
		ss.sendErr(CodeProto, "%s", msg)
		return nil
	}
	return p
}

// invitation is a pending invitation to a game of another kind than
// Minotaur's: its kind, computer seats and start round.
type invitation struct {
	kind   string
	bots   int
	choose bool
}

func (s *Server) invite(ss *Session, req *Request) {
	s.mu.Lock()
	defer s.mu.Unlock()
	to := req.To
	p := s.idle(ss, "you are in a game: leave it before you invite anyone")
	if p == nil {
		return
	}
	kind, kd, ok := kindOf(req.Kind)
	if !ok {
		ss.sendErr(CodeBadKind, "%s", kindError(kind))
		return
	}
	inv := invitation{kind: kind, bots: req.Bots, choose: req.Choose}
	switch {
	case kd == nil && (req.Bots != 0 || req.Choose):
		ss.sendErr(CodeProto, "a Minotaur game has no computer seats and no start round: invite without bots and choose")
		return
	case kd != nil && (req.Bots < kd.Bots[0] || req.Bots > kd.Bots[1]):
		ss.sendErr(CodeProto, "%s", botsError(kd, req.Bots, kd.Bots[0], kd.Bots[1]))
		return
	case kd != nil && req.Choose && kd.Name != KindLabyrinth:
		ss.sendErr(CodeProto, "only a Labyrinth game opens with a round of choosing start cells: invite without choose")
		return
	}
	q := s.byName[nameKey(to)]
	switch {
	case q == nil:
		ss.sendErr(CodeNoSuchPlayer, "nobody called %q is on the server", safetext.Short(to, 40))
		return
	case q == p:
		ss.sendErr(CodeNoSuchPlayer, "you cannot invite yourself: invite another player")
		return
	case q.room != nil:
		ss.sendErr(CodeNoSuchPlayer, "%s is playing a game: invite them when they are back in the lobby", q.name)
		return
	case !q.knows(kind):
		// Never an invitation a client cannot play, nor one it would
		// read as Minotaur's.
		ss.sendErr(CodeBadKind, "%s's program does not play %s: invite them to Minotaur", q.name, kd.Title)
		return
	}
	now := s.cfg.Now()
	s.expireInvites(p, now)
	s.expireInvites(q, now)
	pendingKind := invitation{kind: KindMinotaur}
	if k, ok := q.inviteKind[p]; ok {
		pendingKind = k
	}
	// An invitation already pending is not told again (unless its kind
	// or its seats changed).
	if _, pending := q.invites[p]; !pending || pendingKind != inv {
		switch {
		case !pending && len(p.sent) >= MaxInvites:
			ss.sendErr(CodeRateLimited, "you have %d invitations waiting for an answer, the most one player may have: wait for an answer (invitations lapse after %v)", len(p.sent), InviteTimeout)
			return
		case !pending && len(q.invites) >= MaxInvites:
			ss.sendErr(CodeRateLimited, "%s has %d invitations waiting, the most one player may have: try again in a while", q.name, len(q.invites))
			return
		}
		if q.invites == nil {
			q.invites = map[*player]time.Time{}
		}
		if p.sent == nil {
			p.sent = map[*player]time.Time{}
		}
		q.invites[p], p.sent[q] = now, now
		if q.inviteKind == nil {
			q.inviteKind = map[*player]invitation{}
		}
		delete(q.inviteKind, p)
		msg := &Invited{T: TypeInvited, From: p.name}
		if kd != nil {
			q.inviteKind[p] = inv
			msg.Kind, msg.Bots, msg.Choose = kind, inv.bots, inv.choose
		}
		q.sess.sendDroppable(encode(msg))
	}
	ss.send(encode(&InviteSent{T: TypeInviteSent, To: q.name}))
}

// Bounds of the invitations (see docs/server.md).
const (
	// MaxInvites bounds the invitations a player may have waiting, sent
	// and received alike.
	MaxInvites = 16
	// InviteTimeout is how long an invitation waits for its answer.
	InviteTimeout = 2 * time.Minute
)

// pendingInvite reports whether p holds an invitation from q that has not
// lapsed. Caller holds mu.
func (s *Server) pendingInvite(p, q *player) bool {
	at, ok := p.invites[q]
	return ok && s.cfg.Now().Sub(at) < InviteTimeout
}

// forgetInvite removes the invitation of q to p. Caller holds mu.
func forgetInvite(p, q *player) {
	delete(p.invites, q)
	delete(p.inviteKind, q)
	delete(q.sent, p)
}

// expireInvites removes the lapsed invitations p sent and received.
// Caller holds mu.
func (s *Server) expireInvites(p *player, now time.Time) {
	for q, at := range p.invites {
		if now.Sub(at) >= InviteTimeout {
			forgetInvite(p, q)
		}
	}
	for q, at := range p.sent {
		if now.Sub(at) >= InviteTimeout {
			forgetInvite(q, p)
		}
	}
}

// dropInvites removes every invitation p sent or received: it left the
// lobby (for a game, or for good). Caller holds mu.
func dropInvites(p *player) {
	for q := range p.invites {
		delete(q.sent, p)
	}
	for q := range p.sent {
		delete(q.invites, p)
		delete(q.inviteKind, p)
	}
	p.invites, p.sent, p.inviteKind = nil, nil, nil
}

func (s *Server) accept(ss *Session, from string) {
	s.mu.Lock()
	defer s.mu.Unlock()
	p := ss.p
	if p == nil {
		return
	}
	if p.room != nil {
		ss.sendErr(CodeProto, "you are in a game: leave it before you accept an invitation")
		return
	}
	q := s.byName[nameKey(from)]
	if q == nil || !s.pendingInvite(p, q) {
		s.noInvitation(ss, p, q, from)
		return
	}
	inv := p.inviteKind[q]
	forgetInvite(p, q)
	if q.room != nil || q.sess == nil {
		ss.sendErr(CodeNoSuchPlayer, "%s is playing another game now", q.name)
		return
	}
	if kd := kinds[inv.kind]; kd != nil {
		if why := s.computerRefusal(kd); inv.bots > 0 && why != "" {
			ss.sendErr(CodeRateLimited, "%s", why)
			q.sess.sendErr(CodeRateLimited, "%s", why)
			return
		}
		m, err := kd.New(Setup{Seed: s.cfg.Seed(), People: 2, Bots: inv.bots, Level: min(1, inv.bots), Choose: inv.choose,
			Names: seatNames([]string{q.name, p.name}, inv.bots)})
		if err != nil {
			s.log.Error("cannot start a game", "kind", inv.kind, "err", err)
			ss.sendErr(CodeProto, "the server could not start a game: %v", err)
			return
		}
		s.startKind(q, p, kd, m)
		return
	}
	// Dealing the first level (the solver included) takes a while: not
	// under the server's lock, which every lobby request needs.
	s.mu.Unlock()
	seed := s.cfg.Seed()
	g, err := s.deal(seed, 2)
	s.mu.Lock()
	switch {
	case err != nil:
		s.log.Error("cannot start a game", "err", err)
		ss.sendErr(CodeProto, "the server could not start a game: %v", err)
		if q.sess != nil {
			q.sess.sendErr(CodeProto, "the server could not start a game: %v", err)
		}
	case ss.p != p || p.room != nil:
		// p left or started another game meanwhile.
	case q.room != nil || q.sess == nil || s.byName[q.key] != q:
		ss.sendErr(CodeNoSuchPlayer, "%s is playing another game now", q.name)
	default:
		s.start(q, p, g)
	}
}

func (s *Server) decline(ss *Session, from string) {
	s.mu.Lock()
	defer s.mu.Unlock()
	p := ss.p
	if p == nil {
		return
	}
	q := s.byName[nameKey(from)]
	if q == nil || !s.pendingInvite(p, q) {
		s.noInvitation(ss, p, q, from)
		return
	}
	forgetInvite(p, q)
	if q.sess != nil {
		q.sess.send(encode(&Declined{T: TypeDeclined, By: p.name}))
	}
}

// noInvitation answers an accept or decline of an invitation p does not
// hold (any more). Caller holds mu.
func (s *Server) noInvitation(ss *Session, p, q *player, from string) {
	if q != nil {
		if _, lapsed := p.invites[q]; lapsed {
			forgetInvite(p, q)
			ss.sendErr(CodeNoSuchPlayer, "the invitation from %s lapsed (invitations wait %v for an answer): invite them yourself", q.name, InviteTimeout)
			return
		}
	}
	ss.sendErr(CodeNoSuchPlayer, "you have no invitation from %q", safetext.Short(from, 40))
}

// leave takes a player out of its game (or a spectator out of the game it
// watches) and back to the lobby. Leaving a solo game ends it: the player
// is told how it ended.
func (s *Server) leave(ss *Session) {
	s.mu.Lock()
	defer s.mu.Unlock()
	p := ss.p
	if p != nil && p.room == nil && s.stopWatching(ss) {
		s.backToLobby(ss, true)
		return
	}
	if p == nil || p.room == nil {
		ss.sendErr(CodeNotInGame, "you are not in a game")
		return
	}
	r := p.room
	seat := p.seat
	p.room, p.seat = nil, 0
	s.log.Info("left game", "name", p.name, "game", r.id)
	r.mu.Lock()
	line := r.leaving(seat)
	r.mu.Unlock()
	if line != nil {
		ss.send(line)
	}
	s.giveUpSeat(r, seat, PartnerLeft)
	s.lobbyChanged()
	s.backToLobby(ss, r.daily == "")
}

// lobbyChanged notes that the lobby list changed. Caller holds mu.
func (s *Server) lobbyChanged() {
	s.lobbyDirty = true
	select {
	case s.lobbyKick <- struct{}{}:
	default:
	}
}

// sendLobby sends the current lobby list to a session unless it has it
// already. Caller holds mu.
func (s *Server) sendLobby(ss *Session) {
	line := s.lobbyLine()
	if bytes.Equal(ss.lobbySent, line) {
		return
	}
	if ss.send(line) {
		ss.lobbySent = line
	}
}

// lobbyLine returns the current lobby message: the first LobbyListMax
// players in lobby order (idle, away, playing; by name), built by a
// bounded selection, so a busy server does not sort thousands of players
// under its lock — and at most once per LobbyInterval: on a busy server
// games start and end hundreds of times a second, and a player back in the
// lobby may get a list that old (lobbyLoop sends the new one after it).
// Caller holds mu.
func (s *Server) lobbyLine() []byte {
	if s.lobbyCache != nil && (!s.lobbyDirty || time.Since(s.lobbyBuilt) < s.cfg.LobbyInterval) {
		return s.lobbyCache
	}
	s.lobbyDirty, s.lobbyBuilt = false, time.Now()
	top := s.lobbyTop[:0]
	more := 0
	for _, p := range s.byName {
		e := lobbyEntry{rank: lobbyRank(p), p: p}
		if len(top) == LobbyListMax {
			more++
			if !e.before(top[len(top)-1]) {
				continue
			}
			top = top[:len(top)-1]
		}
		i := sort.Search(len(top), func(i int) bool { return e.before(top[i]) })
		top = append(top, lobbyEntry{})
		copy(top[i+1:], top[i:])
		top[i] = e
	}
	s.lobbyTop = top
	l := &Lobby{T: TypeLobby, Players: make([]LobbyPlayer, len(top)), More: more}
	for i, e := range top {
		l.Players[i] = LobbyPlayer{Name: e.p.name, Status: e.p.status(), Bot: e.p.bot}
	}
	l.Games, l.MoreGames = s.lobbyGames()
	s.lobbyCache = encode(l)
	return s.lobbyCache
}

// lobbyGames returns the first LobbyGamesMax games in progress, the most
// watched first (then daily challenges, then by id), by a bounded
// selection, and how many were left out. Caller holds mu.
func (s *Server) lobbyGames() ([]LobbyGame, int) {
	top := s.gamesTop[:0]
	more := 0
	add := func(g gameEntry) {
		if len(top) == LobbyGamesMax {
			more++
			if !g.before(top[len(top)-1]) {
				return
			}
			top = top[:len(top)-1]
		}
		i := sort.Search(len(top), func(i int) bool { return g.before(top[i]) })
		top = append(top, gameEntry{})
		copy(top[i+1:], top[i:])
		top[i] = g
	}
	for id, r := range s.rooms {
		add(gameEntry{watchers: r.nwatch.Load(), daily: r.daily != "", id: id, g: r})
	}
	for id, h := range s.hosted {
		if h.level.Load() > 0 { // shown at least once
			add(gameEntry{watchers: h.nwatch.Load(), id: id, g: h})
		}
	}
	s.gamesTop = top
	games := make([]LobbyGame, len(top))
	for i, e := range top {
		games[i] = e.g.listing() // only the games listed: names are copied
	}
	return games, more
}

// gameEntry is a game in the making of the lobby's list.
type gameEntry struct {
	watchers int32
	daily    bool
	id       string
	g        spectated
}

// before orders the games: the most watched first, then daily
// challenges, then by id.
func (a gameEntry) before(b gameEntry) bool {
	if a.watchers != b.watchers {
		return a.watchers > b.watchers
	}
	if a.daily != b.daily {
		return a.daily
	}
	return a.id < b.id
}

// lobbyEntry is a player in the making of the lobby list.
type lobbyEntry struct {
	rank int
	p    *player
}

func (a lobbyEntry) before(b lobbyEntry) bool {
	return a.rank < b.rank || a.rank == b.rank && a.p.key < b.p.key
}

// lobbyRank orders the statuses: idle players (who can be invited) first.
func lobbyRank(p *player) int {
	switch {
	case p.sess == nil:
		return 1
	case p.room != nil:
		return 2
	}
	return 0
}

// lobbyLoop pushes the lobby list to the players in the lobby when it
// changes, at most once per LobbyInterval, and at least every
// GamesInterval while games are in progress (their levels and turns move
// on). It also sends the new day's daily table when the day changes.
func (s *Server) lobbyLoop() {
	var last time.Time
	tick := time.NewTicker(GamesInterval)
	defer tick.Stop()
	for {
		select {
		case <-s.lobbyKick:
		case <-tick.C:
			s.mu.Lock()
			if len(s.rooms)+len(s.hosted) > 0 {
				s.lobbyDirty = true
			}
			if s.dailySent != "" && s.dailySent != DailyDate(s.cfg.Now()) {
				s.dailyBroadcast()
			}
			s.mu.Unlock()
		case <-s.quit:
			return
		}
		if wait := s.cfg.LobbyInterval - time.Since(last); wait > 0 {
			t := time.NewTimer(wait)
			select {
			case <-t.C:
			case <-s.quit:
				t.Stop()
				return
			}
		}
		last = time.Now()
		s.mu.Lock()
		for _, p := range s.byName {
			if inLobby(p) {
				s.sendLobby(p.sess)
			}
		}
		s.mu.Unlock()
	}
}
