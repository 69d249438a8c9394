package foxnet

import (
	"bufio"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"math/rand/v2"
	"net"
	"path/filepath"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"github.com/minotaur-game/minotaur/games/foxhunt"
	"github.com/minotaur-game/minotaur/netplay"
	"github.com/minotaur-game/minotaur/safetext"
	"github.com/minotaur-game/minotaur/saves"
)

// Defaults and limits of the server.
const (
	DefaultAddr       = ":5000"
	DefaultSpectate   = ":5001"
	DefaultPlayers    = 2
	DefaultRounds     = 200
	DefaultSize       = 20
	DefaultTimeout    = time.Second
	DefaultMaxClients = 4096
	DefaultMaxPerAddr = 32
	DefaultQueueLen   = 64
	DefaultPause      = time.Second
	// MaxLine is the longest line a client may send (a command is a few
	// bytes; a name at most MaxName). A longer line is answered and the
	// connection closed, as on the main server.
	MaxLine = 256
	MaxName = 16
	// MaxMicaName is the longest name the mica dialect keeps (in terminal
	// columns): the reference server takes any name, ours cuts it there.
	MaxMicaName = 32
	MaxBots     = 512
	// AlreadyText answers a second command in a round.
	AlreadyText = foxhunt.AlreadyText
	// DefaultSilentRounds is how many rounds in a row a seated player may
	// send nothing before its seat is given up (Config.SilentRounds).
	DefaultSilentRounds = 10
)

// Config sets up a Server. Zero values mean the defaults.
type Config struct {
	Players int           // seats in a match, bots included
	Rounds  int           // rounds in a match
	W, H    int           // map size
	Timeout time.Duration // the longest a round waits for commands
	Bots    int           // computer players filling seats (at most Players)
	// Seed, when not 0, makes match k play seed Seed+k-1; 0 draws each
	// match's seed from Seeds.
	Seed  uint64
	Seeds func() uint64
	Wire  Dialect
	// DataDir, when not empty, receives results.json: the tables of the
	// last matches, written atomically after each.
	DataDir    string
	MaxClients int // connections in all, players and spectators
	MaxPerAddr int // connections from one host
	QueueLen   int // blocks queued to a client; a client that lets it fill is closed
	// WriteTimeout bounds one write to a client.
	WriteTimeout time.Duration
	Pause        time.Duration // between two matches
	// MinRound is the shortest a round lasts (0: none), so that a match of
	// bots alone can be watched (the reference server's --mintimeout).
	MinRound time.Duration
	// StartDelay is how long a match waits once its seats are taken (for
	// names to arrive, as the reference server waits 1 s); default 1 s.
	StartDelay time.Duration
	// SilentRounds is how many rounds in a row a seated person may send
	// no command before its seat is given up: it leaves the match, watches
	// the rest of it and waits for its turn again (0: DefaultSilentRounds;
	// negative: never).
	SilentRounds int
	Matches      int // stop after this many matches (0: never)
	Logger       *slog.Logger
	// OnMatch, when set, is told every finished match (from the match's
	// goroutine).
	OnMatch func(Result)
	// OnRound, when set, is told how long each round took from its start
	// to its block being queued, and whether it waited for the timeout.
	OnRound func(r RoundStat)
	// newGame, when set, makes each match's game instead of foxhunt.New
	// (a test plays a recorded map)
	newGame func(foxhunt.Config, []string) (*foxhunt.Game, error)
}

// RoundStat is one round's timing.
type RoundStat struct {
	Wait     time.Duration // from the round's start until it was played
	Work     time.Duration // playing it and queueing its block
	TimedOut bool          // it ended by the timeout, not by every command in
	Players  int
}

// Result is a finished match.
type Result struct {
	Match  int    `json:"match"`
	Seed   uint64 `json:"seed"`
	Rounds int    `json:"rounds"`
	// Winner is the best player still in the match at its end; "" when
	// every player left.
	Winner string `json:"winner,omitempty"`
	// Abandoned is set when the match ended before its last round because
	// every player who is a person had left it.
	Abandoned bool          `json:"abandoned,omitempty"`
	Table     []ResultEntry `json:"table"` // best first
}

// ResultEntry is one player's line in a Result.
type ResultEntry struct {
	Name   string `json:"name"`
	Points int    `json:"points"`
	Bot    bool   `json:"bot,omitempty"`
	Left   bool   `json:"left,omitempty"`
}

func (c *Config) defaults() {
	if c.Players <= 0 {
		c.Players = DefaultPlayers
	}
	if c.Rounds <= 0 {
		c.Rounds = DefaultRounds
	}
	if c.W <= 0 {
		c.W = DefaultSize
	}
	if c.H <= 0 {
		c.H = DefaultSize
	}
	if c.Timeout <= 0 {
		c.Timeout = DefaultTimeout
	}
	if c.MaxClients <= 0 {
		c.MaxClients = DefaultMaxClients
	}
	if c.MaxPerAddr <= 0 {
		c.MaxPerAddr = DefaultMaxPerAddr
	}
	if c.QueueLen <= 0 {
		c.QueueLen = DefaultQueueLen
	}
	if c.WriteTimeout <= 0 {
		c.WriteTimeout = 10 * time.Second
	}
	if c.Pause < 0 {
		c.Pause = 0
	} else if c.Pause == 0 {
		c.Pause = DefaultPause
	}
	if c.StartDelay < 0 {
		c.StartDelay = 0
	} else if c.StartDelay == 0 {
		c.StartDelay = time.Second
	}
	if c.SilentRounds == 0 {
		c.SilentRounds = DefaultSilentRounds
	}
	if c.Seeds == nil {
		c.Seeds = func() uint64 { return rand.Uint64() }
	}
	if c.Logger == nil {
		c.Logger = slog.New(slog.NewTextHandler(io.Discard, nil))
	}
}

// Check reports a configuration that cannot run, in the flags' words.
func (c Config) Check() error {
	if c.Players < 1 || c.Players > foxhunt.MaxPlayers {
		return fmt.Errorf("--players %d: 1 to %d", c.Players, foxhunt.MaxPlayers)
	}
	if c.Rounds < 1 || c.Rounds > foxhunt.MaxRounds {
		return fmt.Errorf("--rounds %d: 1 to %d", c.Rounds, foxhunt.MaxRounds)
	}
	if c.W < foxhunt.MinSize || c.H < foxhunt.MinSize || c.W > foxhunt.MaxSize || c.H > foxhunt.MaxSize {
		return fmt.Errorf("--size %d,%d: each side %d to %d", c.W, c.H, foxhunt.MinSize, foxhunt.MaxSize)
	}
	if c.Bots < 0 || c.Bots > c.Players || c.Bots > MaxBots {
		return fmt.Errorf("--bots %d: 0 to --players (%d)", c.Bots, c.Players)
	}
	if c.Timeout < 10*time.Millisecond || c.Timeout > time.Minute {
		return fmt.Errorf("--timeout %v: 10ms to 1m", c.Timeout)
	}
	if c.MinRound < 0 || c.MinRound > c.Timeout {
		return fmt.Errorf("--min-round %v: 0 to --timeout (%v)", c.MinRound, c.Timeout)
	}
	return nil
}

type evKind uint8

const (
	evJoin evKind = iota
	evLeave
	evLine
	evName
)

type event struct {
	kind  evKind
	c     *client
	line  string
	round int64 // a line's: the round it arrived in
}

// Server runs Fox hunt matches, one after the other, for the players
// connected to it; spectators see every block.
type Server struct {
	cfg    Config
	budget *netplay.Budget
	in     chan event
	quit   chan struct{}
	closed sync.Once
	wg     sync.WaitGroup
	round  atomic.Int64 // the round being collected, counted over all matches
	// running is set while a match is played (a waiting player's line is
	// answered runningText, not that the game waits for players)
	running atomic.Bool

	mu        sync.Mutex
	listeners []net.Listener
	specs     map[*client]struct{}
	conns     map[*client]struct{}
	idRand    *rand.Rand

	// owned by the match goroutine
	joins   int // players who joined (the wiki dialect's numbers)
	present int // players connected (the mica dialect's numbers)
	lobby   []*client
	names   map[string]*client
	results []Result
	match   int
	game    *foxhunt.Game // the match being played

	tally tally // what Counts counts over time
}

// NewServer makes a server; Run plays its matches.
func NewServer(cfg Config) (*Server, error) {
	cfg.defaults()
	if err := cfg.Check(); err != nil {
		return nil, err
	}
	s := &Server{cfg: cfg, budget: netplay.NewBudget(cfg.MaxClients, cfg.MaxPerAddr),
		in: make(chan event, 1024), quit: make(chan struct{}),
		specs: map[*client]struct{}{}, conns: map[*client]struct{}{}, names: map[string]*client{},
		idRand: rand.New(rand.NewPCG(cfg.Seed, 0x5eed))}
	return s, nil
}

// Config is the server's configuration with its defaults filled in.
func (s *Server) Config() Config { return s.cfg }

// client is one connection, a player's or a spectator's, or an in-process
// bot.
type client struct {
	srv   *Server
	id    string
	name  string // the match goroutine's
	bot   bool
	spec  bool
	out   chan []byte
	done  chan struct{}
	hi    chan struct{} // closed once the greeting is queued: the reader answers nothing before
	once  sync.Once
	conn  net.Conn
	seat  int          // the match goroutine's: the seat, -1 when not playing
	inRun atomic.Bool  // seated in a running match
	sent  atomic.Int64 // the round it last sent a command in
	note  string       // the match goroutine's: an E: line for the round's command (mica)
	// the match goroutine's: rounds in a row without a command, whether
	// it sent one in the round being collected, and whether its seat was
	// given up (it watches the rest of the match)
	silent  int
	active  bool
	benched bool
	// names: the reader's count of name: lines in the current second
	nameSec   int64
	nameCount int
}

// benchedText tells a player that its seat was given up after n silent
// rounds, in the dialect's way: the wiki dialect's sentences, the mica
// dialect's E: lines.
func benchedText(d Dialect, n int) string {
	if d == Mica {
		return fmt.Sprintf("E: no command for %d rounds: your seat is given up; you watch the rest of this match and play again when your turn comes.\n", n)
	}
	return fmt.Sprintf("No command for %d rounds: your seat is given up. You watch the rest of this match and play again when your turn comes.\n", n)
}

// runningText answers a player who waits for the next match.
const runningText = "Game running: you play in the next match.\n"

// MaxNamesPerSecond bounds a client's name: lines; more are refused.
const MaxNamesPerSecond = 8

func (c *client) close() {
	c.once.Do(func() {
		close(c.done)
		if c.conn != nil {
			c.conn.Close()
		}
	})
}

// send queues b without blocking; a full queue closes the client (it does
// not read).
func (c *client) send(b []byte) {
	select {
	case <-c.done:
		return
	default:
	}
	select {
	case c.out <- b:
	default:
		// id, spec and conn never change (the name is the match
		// goroutine's, and send is also called from the reader)
		who, addr := "player", ""
		if c.spec {
			who = "spectator"
		}
		if c.conn != nil {
			addr = c.conn.RemoteAddr().String()
		}
		c.srv.cfg.Logger.Warn("foxhunt: queue full (the client does not read), closing", "client", who, "id", c.id, "addr", addr)
		c.close()
	}
}

func (c *client) sendString(s string) { c.send([]byte(s)) }

// Serve accepts players on ln until Close.
func (s *Server) Serve(ln net.Listener) error { return s.accept(ln, false) }

// ServeSpectators accepts spectators on ln until Close.
func (s *Server) ServeSpectators(ln net.Listener) error { return s.accept(ln, true) }

func (s *Server) accept(ln net.Listener, spec bool) error {
	s.mu.Lock()
	s.listeners = append(s.listeners, ln)
	s.mu.Unlock()
	for {
		c, err := ln.Accept()
		if err != nil {
			select {
			case <-s.quit:
				return nil
			default:
			}
			var ne net.Error
			if errors.As(err, &ne) && ne.Timeout() {
				time.Sleep(10 * time.Millisecond)
				continue
			}
			if errors.Is(err, net.ErrClosed) {
				return nil
			}
			time.Sleep(10 * time.Millisecond)
			continue
		}
		release, err := s.budget.Admit(c.RemoteAddr())
		if err != nil {
			s.tally.refuse(err)
			msg := "E: the server is full: try again later\n"
			if errors.Is(err, netplay.ErrTooManyFromAddr) {
				msg = fmt.Sprintf("E: too many connections from your address (at most %d): close some and try again\n", s.cfg.MaxPerAddr)
			}
			c.SetWriteDeadline(time.Now().Add(time.Second))
			c.Write([]byte(msg))
			c.Close()
			continue
		}
		s.wg.Add(1)
		go func() {
			defer s.wg.Done()
			defer release()
			s.serveConn(c, spec)
		}()
	}
}

// ServeConn serves one player over c (an in-process connection such as
// one end of net.Pipe) until it leaves; it is not counted in the budget.
func (s *Server) ServeConn(c net.Conn) { s.serveConn(c, false) }

// ServeSpectatorConn serves one spectator over c.
func (s *Server) ServeSpectatorConn(c net.Conn) { s.serveConn(c, true) }

func (s *Server) newClient(conn net.Conn, spec, bot bool) *client {
	s.mu.Lock()
	var id [8]byte
	for i := range id {
		id[i] = byte('a' + s.idRand.IntN(26))
	}
	s.mu.Unlock()
	return &client{srv: s, id: string(id[:]), out: make(chan []byte, s.cfg.QueueLen), done: make(chan struct{}), hi: make(chan struct{}),
		conn: conn, spec: spec, bot: bot, seat: -1}
}

func (s *Server) serveConn(conn net.Conn, spec bool) {
	c := s.newClient(conn, spec, false)
	s.mu.Lock()
	if spec {
		s.specs[c] = struct{}{}
	}
	s.conns[c] = struct{}{}
	s.mu.Unlock()
	defer func() {
		s.mu.Lock()
		delete(s.specs, c)
		delete(s.conns, c)
		s.mu.Unlock()
	}()
	wdone := make(chan struct{})
	go func() {
		defer close(wdone)
		s.writeLoop(c)
	}()
	if !spec {
		if !s.post(event{kind: evJoin, c: c}) {
			c.close()
		}
	}
	s.readLoop(c)
	if !spec {
		s.post(event{kind: evLeave, c: c})
	}
	// let the writer send what is queued (a last answer), then stop it
	select {
	case <-wdone:
	case <-time.After(200 * time.Millisecond):
	}
	c.close()
	<-wdone
}

// post hands an event to the match goroutine (false once the server stops).
func (s *Server) post(e event) bool {
	select {
	case s.in <- e:
		return true
	case <-s.quit:
		return false
	}
}

func (s *Server) writeLoop(c *client) {
	bw := bufio.NewWriterSize(c.conn, 8192)
	for {
		var b []byte
		select {
		case b = <-c.out:
		case <-c.done:
			return
		}
		c.conn.SetWriteDeadline(time.Now().Add(s.cfg.WriteTimeout))
		bw.Write(b)
	more:
		for {
			select {
			case b = <-c.out:
				bw.Write(b)
			default:
				break more
			}
		}
		if err := bw.Flush(); err != nil {
			c.close()
			return
		}
	}
}

// arrivals reads a connection and notes the round being collected when
// each read returned: the lines a read brings arrived in that round, even
// when the round ends before the reader has handled them all.
type arrivals struct {
	conn  net.Conn
	s     *Server
	round int64
}

func (a *arrivals) Read(p []byte) (int, error) {
	n, err := a.conn.Read(p)
	a.round = a.s.round.Load()
	return n, err
}

// readLoop reads c's lines until it closes or says q.
func (s *Server) readLoop(c *client) {
	src := &arrivals{conn: c.conn, s: s}
	br := bufio.NewReaderSize(src, MaxLine+2)
	if !c.spec {
		// the greeting goes out before any answer (as the reference
		// server writes it on accepting)
		select {
		case <-c.hi:
		case <-c.done:
			return
		case <-s.quit:
			return
		}
	}
	for {
		line, err := br.ReadSlice('\n')
		if errors.Is(err, bufio.ErrBufferFull) {
			c.sendString(fmt.Sprintf("E: line too long (at most %d bytes): closing\n", MaxLine))
			return
		}
		if err != nil {
			if len(line) == 0 || !errors.Is(err, io.EOF) {
				return
			}
		}
		text := strings.TrimSpace(string(line))
		if c.spec {
			if err != nil {
				return
			}
			continue // spectators change nothing
		}
		if !s.handleLineIn(c, text, src.round) || err != nil {
			return
		}
	}
}

// handleLine deals with one line of an in-process bot, which answers a
// block as it reads it: the line is for the round being collected.
func (s *Server) handleLine(c *client, text string) bool {
	return s.handleLineIn(c, text, s.round.Load())
}

// handleLineIn deals with one player line, which arrived in round, on the
// reader's goroutine; it returns false when the player leaves.
func (s *Server) handleLineIn(c *client, text string, round int64) bool {
	if text == "" {
		// a blank line is no command: the contest's bots end each command
		// with one (the reference server lost it, reading each line with
		// a new buffer), and it may come in a read of its own, after the
		// round ended
		return true
	}
	switch {
	case text == "q":
		c.sendString("good bye\n")
		return false
	case strings.HasPrefix(text, "name:"):
		if s.cfg.Wire == Mica {
			c.sendString(text + "\n")
		}
		if sec := time.Now().Unix(); sec != c.nameSec {
			c.nameSec, c.nameCount = sec, 0
		}
		if c.nameCount++; c.nameCount > MaxNamesPerSecond {
			c.sendString("E: too many name changes: wait a second\n")
			return true
		}
		if !s.post(event{kind: evName, c: c, line: text[len("name:"):]}) {
			return false
		}
		if s.cfg.Wire != Mica || !c.inRun.Load() {
			return true
		}
		// the reference server also takes a name: line sent in a match as
		// the round's command (it does nothing), so the round does not
		// wait for another
		return s.command(c, text, round)
	}
	if s.cfg.Wire == Mica {
		// the reference server echoes every line (name: lines too)
		c.sendString(text + "\n")
	}
	if !c.inRun.Load() {
		if s.running.Load() {
			c.sendString(runningText)
		} else {
			c.sendString("Game waiting for more players.\n")
		}
		return true
	}
	return s.command(c, text, round)
}

// command hands a seated player's line to the match as its command for
// round, or answers it when the player sent one in that round already.
func (s *Server) command(c *client, text string, round int64) bool {
	if c.sent.Swap(round) == round {
		c.sendString(AlreadyText + "\n")
		return true
	}
	return s.post(event{kind: evLine, c: c, line: text, round: round})
}

// Close stops the server: listeners, connections and the matches.
func (s *Server) Close() {
	s.closed.Do(func() {
		close(s.quit)
		s.mu.Lock()
		for _, ln := range s.listeners {
			ln.Close()
		}
		for c := range s.conns {
			c.close()
		}
		s.mu.Unlock()
	})
}

// Wait waits for every connection's goroutines after Close.
func (s *Server) Wait() { s.wg.Wait() }

// Open is the number of connections counted in the budget.
func (s *Server) Open() int { return s.budget.Open() }

// validName reports whether a chosen name can stand in both dialects'
// tables (no separators of either).
func validName(n string) bool {
	if n == "" || len(n) > MaxName {
		return false
	}
	for i := 0; i < len(n); i++ {
		ch := n[i]
		if !(ch >= 'a' && ch <= 'z' || ch >= 'A' && ch <= 'Z' || ch >= '0' && ch <= '9' || ch == '_' || ch == '-' || ch == '.') {
			return false
		}
	}
	return true
}

// micaName is the name a mica player asked for as the table will show it
// (the reference server takes any name: ours is cleaned of control
// characters and escape sequences, its spaces collapsed, and cut to
// MaxMicaName columns), or "" when it cannot stand in the table (empty, or
// holding the table's separators , and ;).
func micaName(n string) string {
	n = safetext.Name(n, MaxMicaName)
	if strings.ContainsAny(n, ",;") {
		return ""
	}
	return n
}

// hello greets a player who connected; named answers a rename (the
// reference server sends only these two lines then).
func (s *Server) hello(c *client) {
	c.sendString(micaHello)
	s.named(c)
}

func (s *Server) named(c *client) {
	c.sendString("YourID:" + c.id + "\nYourName:" + c.name + "\n")
}

// Run plays matches until Close (or Config.Matches have been played).
func (s *Server) Run() {
	defer s.Close()
	var bots []*client
	for i := 0; i < s.cfg.Bots; i++ {
		b := s.newBot(i + 1)
		bots = append(bots, b)
	}
	for s.cfg.Matches == 0 || s.match < s.cfg.Matches {
		humans := s.waitForPlayers(len(bots))
		if humans == nil && s.stopped() {
			return
		}
		seated := append([]*client(nil), humans...)
		for i, b := range bots {
			select {
			case <-b.done: // it failed: a fresh one takes its seat
				delete(s.names, b.name)
				bots[i] = s.newBot(i + 1)
				b = bots[i]
			default:
			}
			if len(seated) == s.cfg.Players {
				break
			}
			seated = append(seated, b)
		}
		if !s.play(seated) {
			return
		}
		select {
		case <-s.quit:
			return
		case <-time.After(s.cfg.Pause):
		}
	}
}

func (s *Server) stopped() bool {
	select {
	case <-s.quit:
		return true
	default:
		return false
	}
}

// waitForPlayers takes events until enough players wait for a match: the
// first humans of the lobby, as many as the seats the bots leave.
func (s *Server) waitForPlayers(bots int) []*client {
	need := s.cfg.Players - bots
	var ready <-chan time.Time
	for {
		s.pruneLobby()
		if len(s.lobby) < need {
			ready = nil
		} else if ready == nil {
			if s.cfg.StartDelay <= 0 {
				break
			}
			t := time.NewTimer(s.cfg.StartDelay)
			defer t.Stop()
			ready = t.C
		}
		select {
		case e := <-s.in:
			s.lobbyEvent(e)
			continue
		case <-ready:
		case <-s.quit:
			return nil
		}
		s.pruneLobby()
		if len(s.lobby) >= need {
			break
		}
		ready = nil
	}
	n := min(len(s.lobby), s.cfg.Players)
	h := append([]*client(nil), s.lobby[:n]...)
	s.lobby = append(s.lobby[:0], s.lobby[n:]...)
	return h
}

func (s *Server) pruneLobby() {
	kept := s.lobby[:0]
	for _, c := range s.lobby {
		select {
		case <-c.done:
			delete(s.names, c.name)
		default:
			kept = append(kept, c)
		}
	}
	s.lobby = kept
}

// lobbyEvent handles an event outside a match's seats.
func (s *Server) lobbyEvent(e event) {
	c := e.c
	switch e.kind {
	case evJoin:
		// players are numbered by players only: the wiki dialect counts
		// the joins, the mica dialect the players connected with this one,
		// as the reference server does; a name taken goes to the next
		s.joins++
		s.present++
		n := s.joins
		if s.cfg.Wire == Mica {
			n = s.present
		}
		for {
			c.name = "Player" + strconv.Itoa(n)
			if s.names[c.name] == nil {
				break
			}
			n++
		}
		s.names[c.name] = c
		s.lobby = append(s.lobby, c)
		s.hello(c)
		close(c.hi)
		s.cfg.Logger.Info("foxhunt: player connected", "name", c.name)
	case evLeave:
		if !c.bot { // a failing in-process bot leaves too; it never joined
			s.present--
		}
		if s.names[c.name] == c {
			delete(s.names, c.name)
		}
		for i, l := range s.lobby {
			if l == c {
				s.lobby = append(s.lobby[:i], s.lobby[i+1:]...)
				break
			}
		}
	case evName:
		s.rename(c, e.line)
	case evLine:
		// a line that arrived as its match ended: nothing to do
	}
}

func (s *Server) rename(c *client, name string) {
	valid := validName(name)
	if s.cfg.Wire == Mica {
		name = micaName(name)
		valid = name != ""
	}
	switch {
	case !valid && s.cfg.Wire == Mica:
		c.sendString(fmt.Sprintf("E: invalid name: 1 to %d characters, none of them , or ;\n", MaxMicaName))
	case !valid:
		c.sendString(fmt.Sprintf("E: invalid name %q: 1 to %d letters, digits, _ . -\n", clip(name), MaxName))
	case s.names[name] != nil && s.names[name] != c:
		c.sendString("E: name already taken\n")
	default:
		delete(s.names, c.name)
		c.name = name
		s.names[name] = c
		if s.game != nil && c.seat >= 0 && c.inRun.Load() {
			s.game.Rename(c.seat, name)
		}
		s.named(c)
	}
}

func clip(s string) string {
	if len(s) > 20 {
		return s[:20] + "…"
	}
	return s
}

// play runs one match with the seated clients; it returns false when the
// server stops.
func (s *Server) play(seated []*client) bool {
	s.match++
	seed := s.cfg.Seed + uint64(s.match) - 1
	if s.cfg.Seed == 0 {
		seed = s.cfg.Seeds()
	}
	names := make([]string, len(seated))
	for i, c := range seated {
		names[i] = c.name
		c.seat = i
		c.silent, c.active, c.benched = 0, false, false
		c.inRun.Store(true)
	}
	rules := foxhunt.Wiki
	if s.cfg.Wire == Mica {
		rules = foxhunt.Reference
	}
	newGame := foxhunt.New
	if s.cfg.newGame != nil {
		newGame = s.cfg.newGame
	}
	g, err := newGame(foxhunt.Config{W: s.cfg.W, H: s.cfg.H, Rounds: s.cfg.Rounds, Seed: seed, Rules: rules}, names)
	if err != nil { // Check has vetted the sizes
		panic(err)
	}
	s.game = g
	s.running.Store(true)
	defer func() { s.game = nil; s.running.Store(false) }()
	s.cfg.Logger.Info("foxhunt: match starts", "match", s.match, "seed", seed, "players", len(names))
	frame := Frame{Game: (s.match-1)%s.cfg.Players + 1, Games: s.cfg.Players, Timeout: s.cfg.Timeout}
	s.round.Add(1)
	s.broadcast(g, frame, seated, nil)
	timer := time.NewTimer(s.cfg.Timeout)
	defer timer.Stop()
	abandoned := false
	for !g.Over() {
		if abandoned = s.empty(g, seated); abandoned {
			break
		}
		start := time.Now()
		timedOut := false
		if !timer.Stop() {
			select {
			case <-timer.C:
			default:
			}
		}
		timer.Reset(s.cfg.Timeout)
	collect:
		for g.Waiting() > 0 {
			select {
			case e := <-s.in:
				s.matchEvent(g, seated, e)
			case <-timer.C:
				timedOut = true
				break collect
			case <-s.quit:
				s.endMatch(seated)
				return false
			}
		}
		if rest := s.cfg.MinRound - time.Since(start); rest > 0 && !timedOut {
			select {
			case <-time.After(rest):
			case <-s.quit:
				s.endMatch(seated)
				return false
			}
		}
		if abandoned = s.empty(g, seated); abandoned {
			break
		}
		waited := time.Since(start)
		if timedOut {
			s.tally.late.Add(1)
			s.cfg.Logger.Debug("foxhunt: round ended at the timeout", "match", s.match, "round", g.Played()+1, "waiting", g.Waiting())
		}
		rep := g.EndRound()
		s.round.Add(1)
		s.benchSilent(g, seated)
		s.broadcast(g, frame, seated, &rep)
		if s.cfg.OnRound != nil {
			s.cfg.OnRound(RoundStat{Wait: waited, Work: time.Since(start) - waited, TimedOut: timedOut, Players: len(seated)})
		}
	}
	if abandoned {
		s.abandon(seated)
	}
	res := Result{Match: s.match, Seed: seed, Rounds: g.Played(), Abandoned: abandoned}
	for i, p := range g.Players() {
		res.Table = append(res.Table, ResultEntry{Name: p.Name, Points: p.Points, Bot: seated[i].bot, Left: p.Gone})
	}
	sortTable(res.Table)
	for _, e := range res.Table {
		if !e.Left {
			res.Winner = e.Name
			break
		}
	}
	s.finish(res, seated)
	return true
}

// empty reports whether every person seated in the match has left it (or
// given up its seat): the match ends at once. A match of bots alone (no
// person was seated) plays to its end, to be watched.
func (s *Server) empty(g *foxhunt.Game, seated []*client) bool {
	persons := 0
	for i, c := range seated {
		if c.bot {
			continue
		}
		persons++
		if !g.Players()[i].Gone {
			return false
		}
	}
	return persons > 0
}

// abandon ends a match whose players are all gone: its spectators, and
// the players who gave up their seats, are told the game is over and stay
// for the next match.
func (s *Server) abandon(seated []*client) {
	for _, c := range seated {
		if c.benched {
			c.send([]byte(gameIsOver))
		}
	}
	s.mu.Lock()
	for c := range s.specs {
		c.send([]byte(gameIsOver))
	}
	s.mu.Unlock()
}

// benchSilent counts each seated person's rounds without a command, the
// round just played included, and gives up the seat of one silent for
// SilentRounds rounds in a row: it leaves the match (the map and the
// table), is told so, gets the rest of the match's blocks as a spectator
// (without wfyc) and takes its turn again after those who waited.
func (s *Server) benchSilent(g *foxhunt.Game, seated []*client) {
	for i, c := range seated {
		if c.bot || g.Players()[i].Gone {
			continue
		}
		if c.active {
			c.silent, c.active = 0, false
			continue
		}
		c.silent++
		if s.cfg.SilentRounds < 0 || c.silent < s.cfg.SilentRounds {
			continue
		}
		g.Leave(i)
		c.inRun.Store(false)
		c.benched = true
		c.sendString(benchedText(s.cfg.Wire, c.silent))
		s.cfg.Logger.Info("foxhunt: seat given up after silent rounds", "name", c.name, "rounds", c.silent)
	}
}

// micaBombNote is the reference server's E: line for a bomb command it
// lays on the thrower's own field because it cannot read it ("" for a
// command that is no bomb or is read whole). It reads the first three
// characters, as foxhunt.Reference.Parse does.
func micaBombNote(line string) string {
	if len(line) == 0 || line[0] != 'b' {
		return ""
	}
	rs := []rune(line)
	switch {
	case len(rs) == 2:
		return "E: incomplete bomb command.\n"
	case len(rs) < 3:
		return ""
	case rs[1] < '0' || rs[1] > '9':
		return "E: invalid distance " + string(rs[1]) + ".\n"
	case !strings.ContainsRune("wasd", rs[2]):
		return "E: invalid direction " + string(rs[2]) + ". Must be in [wasd].\n"
	}
	return ""
}

func sortTable(t []ResultEntry) {
	for i := 1; i < len(t); i++ {
		for j := i; j > 0 && t[j].Points > t[j-1].Points; j-- {
			t[j], t[j-1] = t[j-1], t[j]
		}
	}
}

func (s *Server) matchEvent(g *foxhunt.Game, seated []*client, e event) {
	c := e.c
	if c.seat < 0 || c.seat >= len(seated) || seated[c.seat] != c {
		s.lobbyEvent(e)
		if e.kind == evJoin {
			c.sendString(runningText)
		}
		return
	}
	switch e.kind {
	case evLine:
		if e.round != s.round.Load() {
			// it arrived in a round already played (its command came as
			// the round ended by the timeout): it does nothing
			return
		}
		c.active = true
		switch g.Submit(c.seat, e.line) {
		case foxhunt.Already:
			c.sendString(AlreadyText + "\n")
		case foxhunt.Taken:
			if !c.bot {
				s.tally.commands.Add(1)
			}
			if s.cfg.Wire == Mica {
				c.note = micaBombNote(e.line)
			}
		}
	case evLeave:
		if !c.bot { // a failing in-process bot leaves too; it never joined
			s.present--
		}
		g.Leave(c.seat)
		if s.names[c.name] == c {
			delete(s.names, c.name)
		}
	case evName:
		s.rename(c, e.line)
	}
}

// broadcast queues the state block to the seated players and the
// spectators, with each player's own lines after it.
func (s *Server) broadcast(g *foxhunt.Game, f Frame, seated []*client, rep *foxhunt.Report) {
	block := AppendBlock(make([]byte, 0, 2*g.Board().W*g.Board().H+g.Board().H+64*len(seated)+256), s.cfg.Wire, g, f)
	player := block
	if s.cfg.Wire == Mica {
		player = AppendHeader(make([]byte, 0, len(block)+20+len(micaWait)), len(block))
		player = append(player, block...)
	}
	var outOf map[int]bool
	if rep != nil && len(rep.OutOfBomb) > 0 && s.cfg.Wire == Mica {
		outOf = map[int]bool{}
		for _, i := range rep.OutOfBomb {
			outOf[i] = true
		}
	}
	over := g.Over()
	for i, c := range seated {
		if g.Players()[i].Gone {
			if c.benched {
				// it watches the rest of the match
				c.send(player)
				if over {
					c.send([]byte(gameIsOver))
				}
			}
			continue
		}
		c.send(player)
		if outOf[i] {
			c.sendString("E: out of bombs\n")
		} else if c.note != "" {
			c.sendString(c.note)
		}
		c.note = ""
		if s.cfg.Wire == Mica && !over {
			c.send([]byte(micaWait))
		}
		if over {
			c.send([]byte(gameIsOver))
		}
	}
	s.mu.Lock()
	for c := range s.specs {
		c.send(block)
		if over {
			c.send([]byte(gameIsOver))
		}
	}
	s.mu.Unlock()
}

func (s *Server) endMatch(seated []*client) {
	for _, c := range seated {
		c.inRun.Store(false)
		c.seat = -1
	}
}

// finish records a match and puts its players still connected back in the
// lobby after those who waited (so that, with more players than seats,
// everyone takes turns), in their seats' order, those who gave up their
// seats last.
func (s *Server) finish(res Result, seated []*client) {
	s.endMatch(seated)
	var back, benched []*client
	for _, c := range seated {
		if c.bot {
			continue
		}
		select {
		case <-c.done:
			if s.names[c.name] == c {
				delete(s.names, c.name)
			}
		default:
			if c.benched {
				benched = append(benched, c)
			} else {
				back = append(back, c)
			}
		}
		c.benched = false
	}
	s.lobby = append(append(s.lobby, back...), benched...)
	s.results = append(s.results, res)
	if len(s.results) > 100 {
		s.results = s.results[len(s.results)-100:]
	}
	if s.cfg.DataDir != "" {
		b, _ := json.MarshalIndent(struct {
			Format  string   `json:"format"`
			Matches []Result `json:"matches"`
		}{"minotaur-foxhunt-results", s.results}, "", "  ")
		if err := saves.WriteFile(filepath.Join(s.cfg.DataDir, "results.json"), append(b, '\n')); err != nil {
			s.cfg.Logger.Error("foxhunt: results not written", "err", err)
		}
	}
	s.cfg.Logger.Info("foxhunt: match over", "match", res.Match, "winner", res.Winner, "rounds", res.Rounds, "abandoned", res.Abandoned)
	if s.cfg.OnMatch != nil {
		s.cfg.OnMatch(res)
	}
}
