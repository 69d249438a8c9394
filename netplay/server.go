package netplay

import (
	"bufio"
	"context"
	"crypto/rand"
	"encoding/binary"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"net"
	"runtime"
	"sync"
	"sync/atomic"
	"time"

	"github.com/minotaur-game/minotaur/engine"
)

// Defaults of Config.
const (
	DefaultAddr          = ":7777"
	DefaultGrace         = 10 * time.Minute
	DefaultMaxClients    = 4096
	DefaultMaxPerAddr    = 32
	DefaultHelloTimeout  = 10 * time.Second
	DefaultPingAfter     = 10 * time.Second
	DefaultDropAfter     = 30 * time.Second
	DefaultRejoinWait    = time.Minute
	DefaultQueueLen      = 128
	DefaultWriteTimeout  = 10 * time.Second
	DefaultLobbyInterval = 100 * time.Millisecond
	DefaultChatWindow    = 5 * time.Second
	// DefaultDailyPerAddr bounds the daily attempts begun from one address
	// (an IPv6 host by its /64) in a day; DefaultDailyMax the attempts of
	// a day in all (see docs/server.md).
	DefaultDailyPerAddr = 16
	DefaultDailyMax     = 10000
	// LobbyListMax is the most players, and LobbyGamesMax the most games,
	// one lobby message lists, so that the line stays under MaxLine bytes.
	LobbyListMax  = 40
	LobbyGamesMax = 12
	// GamesInterval is how often the lobby list is made anew while games
	// are in progress, for their levels and turns.
	GamesInterval = time.Second
)

// Config sets up a Server. The zero value of every field means its default.
type Config struct {
	// DataDir is the folder where games in progress are kept (created when
	// missing). Empty keeps games in memory only.
	DataDir string
	// Grace is how long an absent player's seat is kept for them.
	Grace time.Duration
	// MaxClients bounds the open connections, TCP and SSH together (a
	// front end such as the SSH server counts its connections in with
	// Admit); beyond it a client gets server_full and is closed.
	MaxClients int
	// MaxPerAddr bounds the open connections from one remote host
	// (loopback included; an IPv6 host by its /64), so that no single
	// host can take the whole budget.
	MaxPerAddr int
	// HelloTimeout is how long a new connection has to say hello; blank
	// lines do not extend it.
	HelloTimeout time.Duration
	// PingAfter is the silence after which the server sends a ping;
	// DropAfter the silence after which it drops the client.
	PingAfter, DropAfter time.Duration
	// RejoinWait is how long, after a server restart, a returning player's
	// partner is awaited before their seat is marked away.
	RejoinWait time.Duration
	// QueueLen is the length of each client's outgoing queue; a client
	// whose queue fills up (it does not read) is disconnected.
	QueueLen int
	// WriteTimeout bounds one write to a client.
	WriteTimeout time.Duration
	// LobbyInterval is the shortest time between two lobby lists pushed
	// to the players in the lobby (changes in between are merged).
	LobbyInterval time.Duration
	// ChatWindow is the window of the chat rate limit (ChatBurst messages).
	ChatWindow time.Duration
	// DailyPerAddr bounds the daily attempts begun from one remote host in
	// a day (the in-process SSH front end and bots are not counted: SSH
	// has its own per-key limits); DailyMax bounds the attempts of a day
	// in all, so that the day's table stays small enough to write and to
	// read back.
	DailyPerAddr, DailyMax int
	// Levels, when not nil, is the campaign every game plays instead of
	// the generated one.
	Levels []engine.Level
	// Seed draws a new game's seed (it may be called from several
	// goroutines at once); nil draws it from crypto/rand.
	Seed func() uint64
	// Logger receives the server's structured log; nil discards it.
	Logger *slog.Logger
	// WriteFile writes a file atomically; nil uses saves.WriteFile.
	WriteFile func(path string, data []byte) error
	// journal sets the data folder's journal writer for tests.
	journal journalConfig
	// Now tells the time by which a client's silence and hello deadline
	// are measured; nil uses time.Now (tests move it by hand).
	Now func() time.Time
	// RoundTime, when set, is the deadline of every round of simultaneous
	// moves instead of each kind's own (the Fox hunt's 15 s).
	RoundTime time.Duration
	// Thinkers is the number of goroutines on which computers think
	// (think.go); 0: GOMAXPROCS less one, at least one.
	Thinkers int
	// ThinkTime is the deadline of one computer move (DefaultThinkTime):
	// past it the computer's cheapest level moves instead.
	ThinkTime time.Duration
	// ComputerGames bounds, per kind name, the games against the computer
	// played at once (a kind not in it: DefaultComputerGames; 0: none).
	// One more is refused with rate_limited and a sentence.
	ComputerGames map[string]int
	// Processors, when set, is called with the number of thinkers when
	// they begin to think after an idle spell, and with 0 once they have
	// been idle for a second (and at Shutdown): serve lends Go that many
	// processors more (runtime.GOMAXPROCS) while the computer thinks
	// (think.go, lend).
	Processors func(extra int)
	// cores, when set (tests), replaces the processors the server counts
	// on (GOMAXPROCS when it starts: yieldToPeople).
	cores int
	// lendLinger, when set (tests), replaces that second.
	lendLinger time.Duration
	// thinkVia, when set (tests), runs every thought on a thinker.
	thinkVia func(run func() string) string
}

func (c *Config) setDefaults() {
	def := func(d *time.Duration, v time.Duration) {
		if *d <= 0 {
			*d = v
		}
	}
	def(&c.Grace, DefaultGrace)
	def(&c.PingAfter, DefaultPingAfter)
	def(&c.DropAfter, DefaultDropAfter)
	def(&c.RejoinWait, DefaultRejoinWait)
	def(&c.WriteTimeout, DefaultWriteTimeout)
	def(&c.ChatWindow, DefaultChatWindow)
	def(&c.HelloTimeout, DefaultHelloTimeout)
	def(&c.ThinkTime, DefaultThinkTime)
	if c.LobbyInterval < 0 {
		c.LobbyInterval = 0
	} else if c.LobbyInterval == 0 {
		c.LobbyInterval = DefaultLobbyInterval
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
	if c.DailyPerAddr <= 0 {
		c.DailyPerAddr = DefaultDailyPerAddr
	}
	if c.DailyMax <= 0 {
		c.DailyMax = DefaultDailyMax
	}
	if c.Now == nil {
		c.Now = time.Now
	}
	if c.Seed == nil {
		c.Seed = randomSeed
	}
	if c.Logger == nil {
		c.Logger = slog.New(slog.NewTextHandler(io.Discard, nil))
	}
	if c.WriteFile == nil {
		c.WriteFile = defaultWriteFile
	}
}

func randomSeed() uint64 {
	var b [8]byte
	rand.Read(b[:])
	return binary.LittleEndian.Uint64(b[:])
}

// ErrServerFull is returned by Admit when MaxClients connections are open.
var ErrServerFull = errors.New("the server is full")

// ErrServerClosed is returned by Serve after Shutdown.
var ErrServerClosed = errors.New("netplay: server closed")

// Server is the game server: lobby, chat, invitations and the rooms where
// co-op games run. It is safe for concurrent use. Create it with NewServer,
// give it connections with Serve or ServeConn, stop it with Shutdown.
type Server struct {
	// people counts the connections handling a line now; a thinker waits
	// in yieldToPeople while they and the thinkers running would leave no
	// processor idle (think.go).
	people    atomic.Int32
	thinkWait atomic.Int32  // thinkers waiting for people
	thinkWake chan struct{} // a token per waiting thinker when people are done
	cores     int32         // the processors the people and the thinkers share (GOMAXPROCS at start)
	cfg       Config
	log       *slog.Logger

	mu      sync.Mutex
	byName  map[string]*player // by nameKey: connected players and away ones
	byToken map[string]*player // by tokenHash
	rooms   map[string]*room
	hosted  map[string]*Hosted
	daily   *dailyBook
	dealing chan struct{} // one game dealt at a time (see deal)
	// dailySent is the day whose table the lobby was last sent
	dailySent string
	sessions  map[*Session]struct{}
	closing   bool
	lnMu      sync.Mutex
	lns       map[net.Listener]struct{}

	budget     budget
	logMu      sync.Mutex
	logged     map[string]time.Time // when logLimited last logged, by host and message
	nsess      atomic.Int64
	conns      sync.WaitGroup
	lobbyKick  chan struct{}
	lobbyCache []byte       // the last lobby line built; guarded by mu
	lobbyDirty bool         // the lobby changed since lobbyCache was built
	lobbyBuilt time.Time    // when lobbyCache was built
	lobbyTop   []lobbyEntry // scratch of lobbyLine
	gamesTop   []gameEntry  // scratch of lobbyGames
	quit       chan struct{}
	bg         sync.WaitGroup
	store      *store
	tally      tally // what Counts counts over time

	pool          *thinkPool     // the computers' thinkers (think.go)
	computerGames map[string]int // games with computer seats in progress, by kind; guarded by mu
	lateThoughts  atomic.Int64   // computer moves played by the quick level at their deadline
	stopping      atomic.Bool    // Shutdown has begun
	writers       atomic.Int64   // writer goroutines started (startWriter), for tests
}

// NewServer makes a server and resumes the games kept in cfg.DataDir.
// Unreadable game files are logged and left alone.
func NewServer(cfg Config) (*Server, error) {
	cfg.setDefaults()
	s := &Server{
		cfg: cfg, log: cfg.Logger,
		byName: map[string]*player{}, byToken: map[string]*player{},
		rooms: map[string]*room{}, hosted: map[string]*Hosted{}, sessions: map[*Session]struct{}{},
		daily: newDailyBook(cfg.DataDir, cfg.WriteFile), dealing: make(chan struct{}, 1),
		lns: map[net.Listener]struct{}{}, lobbyKick: make(chan struct{}, 1),
		quit:   make(chan struct{}),
		budget: budget{max: cfg.MaxClients, maxPer: cfg.MaxPerAddr, per: map[string]int{}},
		logged: map[string]time.Time{}, computerGames: map[string]int{},
	}
	s.cores = int32(runtime.GOMAXPROCS(0))
	if cfg.cores > 0 {
		s.cores = int32(cfg.cores)
	}
	if cfg.DataDir != "" {
		st, err := openStore(cfg.DataDir, cfg.WriteFile, cfg.journal, s.log)
		if err != nil {
			return nil, err
		}
		s.store = st
		if err := s.restore(); err != nil {
			return nil, err
		}
		s.bg.Add(1)
		go func() { defer s.bg.Done(); st.run(s.quit) }()
	}
	s.startThinkers()
	s.bg.Add(2)
	go func() { defer s.bg.Done(); s.lobbyLoop() }()
	go func() { defer s.bg.Done(); s.runDaily(s.quit) }()
	return s, nil
}

// Serve accepts connections on ln until Shutdown, serving each with
// ServeConn. It returns ErrServerClosed after Shutdown.
func (s *Server) Serve(ln net.Listener) error {
	s.lnMu.Lock()
	if s.isClosing() {
		s.lnMu.Unlock()
		ln.Close()
		return ErrServerClosed
	}
	s.lns[ln] = struct{}{}
	s.lnMu.Unlock()
	defer func() {
		s.lnMu.Lock()
		delete(s.lns, ln)
		s.lnMu.Unlock()
	}()
	var delay time.Duration
	for {
		c, err := ln.Accept()
		if err != nil {
			if s.isClosing() {
				return ErrServerClosed
			}
			if errors.Is(err, net.ErrClosed) {
				return err
			}
			// Out of file descriptors and the like: wait and try again.
			delay = min(max(2*delay, 5*time.Millisecond), time.Second)
			s.log.Error("accept failed; retrying", "err", err, "retry_in", delay)
			time.Sleep(delay)
			continue
		}
		delay = 0
		release, err := s.Admit(c.RemoteAddr())
		if err != nil {
			// A fresh socket's buffer is empty: this write does not wait.
			// The deadline is only a guard, and a generous one: on a busy
			// machine 100 ms could pass before the write begins, and the
			// client would get no reason.
			c.SetWriteDeadline(time.Now().Add(time.Second))
			c.Write(s.refusal(err))
			c.Close()
			continue
		}
		s.conns.Add(1)
		go func() {
			defer s.conns.Done()
			defer release()
			s.ServeConn(c)
		}()
	}
}

func (s *Server) isClosing() bool {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.closing
}

// Pipe returns the client end of an in-process connection served by s, for
// a front end that runs in the same process as the server.
func (s *Server) Pipe() net.Conn {
	client, server := net.Pipe()
	s.conns.Add(1)
	go func() {
		defer s.conns.Done()
		s.ServeConn(server)
	}()
	return client
}

// ServeConn serves one client over c until it leaves, is dropped or the
// server shuts down, and closes c. It frames lines (at most MaxLine bytes),
// feeds them to a Session and writes the session's outgoing queue. It does
// not count c against the connection limits: Serve does that, with Admit.
func (s *Server) ServeConn(c net.Conn) {
	remote := "pipe"
	if a := c.RemoteAddr(); a != nil {
		remote = a.String()
	}
	ss, err := s.Attach(remote, c)
	if err != nil {
		s.log.Warn("connection refused", "remote", remote, "reason", err.Error())
		c.SetWriteDeadline(time.Now().Add(s.cfg.WriteTimeout))
		c.Write(s.refusal(err))
		c.Close()
		return
	}
	ss.conn = c
	switch c.(type) {
	case *net.TCPConn, *net.UnixConn:
		// A kernel socket has a buffer: the reader's own write does not
		// wait for the client to read (net.Pipe's does, and the client may
		// be writing to us from the goroutine that reads).
		ss.selfWrite = true
		ss.raw = rawConn(c)
	}
	reason := s.readLoop(c, ss)
	ss.Detach(reason)
	// Let the writer send what is queued (an error that explains the
	// close), then make sure it stops.
	ss.closeAfterFlush()
	select {
	case <-ss.flushed:
	case <-time.After(s.cfg.WriteTimeout):
		ss.closeNow()
		<-ss.flushed
	}
}

// readBuf is the size of a connection's read buffer: a client's lines
// are short (an action is 20 bytes), and a longer one is put together in
// a buffer of its own (up to MaxLine), so that an idle connection keeps
// little.
const readBuf = 512

// readLoop reads lines until the connection ends or the session closes, and
// returns why it stopped. After each line it writes the lines its answer
// queued for this client itself (the acting player's own state), so that
// they need no hand-off to another goroutine.
func (s *Server) readLoop(c net.Conn, ss *Session) string {
	br := bufio.NewReaderSize(c, readBuf)
	var long []byte
	for {
		line, err := br.ReadSlice('\n')
		if errors.Is(err, bufio.ErrBufferFull) {
			if len(long)+len(line) > MaxLine+2 {
				ss.TooLong()
				return "line too long"
			}
			long = append(long, line...)
			continue
		}
		if err != nil {
			select {
			case <-ss.done:
				return ss.reason()
			default:
			}
			if errors.Is(err, io.EOF) {
				return "closed by client"
			}
			return "read error: " + err.Error()
		}
		if long != nil {
			line = append(long, line...)
		}
		line = line[:len(line)-1]
		if n := len(line); n > 0 && line[n-1] == '\r' {
			line = line[:n-1]
		}
		if len(line) > MaxLine {
			ss.TooLong()
			return "line too long"
		}
		if ss.selfWrite {
			ss.handling.Store(true)
		}
		s.people.Add(1)
		goOn := ss.Handle(line)
		s.peopleDone()
		long = nil
		if ss.selfWrite {
			ss.handled()
		}
		if !goOn {
			return ss.reason()
		}
	}
}

// The outgoing queue. Lines are queued under qmu; the goroutine that
// queues a line to a session whose queue nobody is writing starts a writer
// for it (writeQueue), which writes everything queued, in order, through a
// pooled buffer, and ends when the queue is empty — an idle connection has
// no writer goroutine and no write buffer. While the session's own reader
// is handling a line, it writes what was queued itself once it is done
// (handled): the acting player's state goes out without a hand-off.
// Lines it queued meanwhile for other clients (a partner's, the
// spectators' states: queueBy) start no writer either: the reader claims
// their queues and, once its own client's lines are written, writes
// theirs as far as their sockets take them without waiting (writeNow);
// only what a socket does not take goes to a writer goroutine.

// writeBufs are the write buffers of the writers at work.
var writeBufs = sync.Pool{New: func() any { return bufio.NewWriterSize(nil, 4096) }}

// handled ends the handling of a line: the reader writes what was queued
// meanwhile for its own client, unless a writer already is, and then the
// queues of the other sessions it claimed while handling the line (owed).
// While it owes any, its own write does not wait for its client either:
// the others' lines must not wait for a client that does not read.
func (ss *Session) handled() {
	ss.handling.Store(false)
	owed := ss.owed
	ss.qmu.Lock()
	own := !ss.writing && len(ss.q) > 0 && ss.conn != nil
	if own {
		ss.writing = true
	}
	ss.qmu.Unlock()
	switch {
	case !own:
	case len(owed) == 0 || ss.raw == nil:
		ss.writeQueue()
	default:
		ss.writeNow()
	}
	for i, o := range owed {
		o.writeNow()
		owed[i] = nil
	}
	ss.owed = owed[:0]
}

// startWriter starts a writer goroutine for the queue. The caller set
// writing.
func (ss *Session) startWriter() {
	ss.srv.writers.Add(1)
	go ss.writeQueue()
}

// writeQueue writes the queue until it is empty (then the session has no
// writer), or the session closes; after closeAfterFlush, an empty queue
// closes the connection. The caller set writing.
func (ss *Session) writeQueue() {
	var bw *bufio.Writer
	defer func() {
		if bw != nil {
			bw.Reset(nil)
			writeBufs.Put(bw)
		}
	}()
	if rest := ss.pending; rest != nil {
		// What writeNow's socket did not take goes first.
		ss.pending = nil
		if !ss.isDone() {
			ss.writeDeadline()
			if _, err := ss.conn.Write(rest); err != nil {
				ss.closeNow()
			}
		}
	}
	for {
		ss.qmu.Lock()
		batch := ss.q
		if len(batch) == 0 || ss.isDone() {
			ss.writing = false
			closing := ss.closing || ss.isDone()
			ss.qmu.Unlock()
			if closing {
				ss.closeNow()
				ss.flushOnce.Do(func() { close(ss.flushed) })
			}
			return
		}
		ss.q, ss.spare = ss.spare[:0], nil
		ss.qmu.Unlock()
		if bw == nil {
			bw = writeBufs.Get().(*bufio.Writer)
			bw.Reset(ss.conn)
		}
		ss.writeDeadline()
		for _, l := range batch {
			l.writeTo(bw)
		}
		err := bw.Flush()
		clear(batch)
		ss.qmu.Lock()
		if ss.spare == nil && cap(batch) <= 2*spareMax {
			ss.spare = batch[:0]
		}
		ss.qmu.Unlock()
		if err != nil {
			ss.closeNow()
		}
	}
}

// writeNow writes the queue from the reader that claimed it (handled), as
// far as the socket's buffer takes it without waiting, so that a
// partner's or a spectator's state needs no goroutine of its own: a
// loopback or LAN client's buffer has room for many lines. What the
// socket does not take, and a session that closes meanwhile, are handed
// to a writer goroutine (writeQueue), which waits with the write deadline:
// the queue's bound, the deadline and the slow-client handling are the
// same either way. The caller set writing; raw is not nil.
func (ss *Session) writeNow() {
	o := nowBufs.Get().(*nowOut)
	o.w.raw = ss.raw
	// The deadline is moved here too (at most once a second), so that
	// the socket's stays ahead: a passed one makes every write a writer's.
	ss.writeDeadline()
	for {
		ss.qmu.Lock()
		batch := ss.q
		if len(batch) == 0 && len(o.w.rest) == 0 && !ss.closing && !ss.isDone() {
			ss.writing = false
			ss.qmu.Unlock()
			o.put()
			return
		}
		if len(batch) == 0 || len(o.w.rest) > 0 || ss.closing || ss.isDone() {
			ss.qmu.Unlock()
			break
		}
		ss.q, ss.spare = ss.spare[:0], nil
		ss.qmu.Unlock()
		for _, l := range batch {
			l.writeTo(o.bw)
		}
		o.bw.Flush() // never fails: nowWriter keeps what the socket did not take
		clear(batch)
		ss.qmu.Lock()
		if ss.spare == nil && cap(batch) <= 2*spareMax {
			ss.spare = batch[:0]
		}
		ss.qmu.Unlock()
	}
	ss.pending, o.w.rest = o.w.rest, nil
	o.put()
	ss.startWriter()
}

// rawWriter is a socket written without waiting: tryWrite writes what its
// buffer takes now and says how many bytes went (rawwrite_*.go).
type rawWriter interface {
	tryWrite(p []byte) int
}

// nowOut is writeNow's buffer, pooled: lines are put together in bw and
// written through w.
type nowOut struct {
	w  nowWriter
	bw *bufio.Writer
}

var nowBufs = sync.Pool{New: func() any {
	o := &nowOut{}
	o.bw = bufio.NewWriterSize(&o.w, 4096)
	return o
}}

func (o *nowOut) put() {
	o.w.raw, o.w.rest = nil, nil
	o.bw.Reset(&o.w)
	nowBufs.Put(o)
}

// nowWriter writes to a socket without waiting; from the first write the
// socket does not take whole, it keeps the rest, in order, for a writer
// that waits.
type nowWriter struct {
	raw  rawWriter
	rest []byte
}

func (w *nowWriter) Write(p []byte) (int, error) {
	n := len(p)
	if len(w.rest) == 0 {
		p = p[w.raw.tryWrite(p):]
	}
	if len(p) > 0 {
		w.rest = append(w.rest, p...)
	}
	return n, nil
}

// writeDeadline gives the write about to begin the write timeout. The
// connection's deadline is moved only when it is more than a second
// older than that (each move is a timer's): a write may get up to a second
// less than WriteTimeout. Only the goroutine writing calls it.
func (ss *Session) writeDeadline() {
	now := time.Now()
	if now.Sub(ss.deadlineSet) < time.Second {
		return
	}
	ss.deadlineSet = now
	ss.conn.SetWriteDeadline(now.Add(ss.srv.cfg.WriteTimeout))
}

// spareMax is the queue's storage a session keeps between writes.
const spareMax = 8

func (ss *Session) isDone() bool {
	select {
	case <-ss.done:
		return true
	default:
		return false
	}
}

// Session is one attached client as the server core sees it, whatever
// carries its lines: the transport (ServeConn) feeds it lines with Handle,
// writes what arrives on its outgoing queue, and calls Detach when the
// client is gone. The queue is bounded; a client that does not keep up is
// closed (Done is closed) rather than slowing anyone else down. A state
// line shared by spectators is queued once for all of them, each with its
// own seq, which the writer puts in.
type Session struct {
	srv    *Server
	remote string
	host   string // the remote host, for the log's rate limit
	// The outgoing queue (see writeQueue): lines not yet written, at most
	// QueueLen; spare is the storage of the last batch written, for the
	// next; writing is set while a goroutine writes them; closing once the
	// connection is to close when they are written; handling while the
	// session's reader handles a line (it writes the queue itself after).
	qmu       sync.Mutex
	q, spare  []outLine
	writing   bool
	closing   bool
	handling  atomic.Bool
	conn      net.Conn // the transport's connection, written by writeQueue; nil: lines stay queued (tests)
	selfWrite bool     // the reader writes what its line queued (a kernel socket)
	// raw is the socket, for writes that never wait (writeNow); nil: the
	// reader's lines for other clients go through writer goroutines.
	// pending is what writeNow's socket did not take, for the writer it
	// started. owed are the sessions whose queues the reader claimed while
	// handling a line (queueBy), to write after its own (handled); only
	// the reader touches it.
	raw     rawWriter
	pending []byte
	owed    []*Session
	// deadlineSet is when the write deadline was last moved; only the
	// goroutine writing (writing set, under qmu) uses it.
	deadlineSet time.Time
	flushed     chan struct{} // closed when the queue's last writer closed the connection
	flushOnce   sync.Once
	done        chan struct{}
	once        sync.Once
	why         atomic.Pointer[string]
	seq         atomic.Int64
	game        atomic.Pointer[seatRef]

	bad      int // consecutive bad lines; only the transport's goroutine
	wrong    int // wrong tokens on this connection, however interleaved; under Server.mu
	detached atomic.Bool
	last     atomic.Int64
	pingedAt atomic.Int64
	timer    *time.Timer
	helloBy  int64       // UnixNano by which hello must have succeeded
	hello    atomic.Bool // the session said hello successfully

	closer io.Closer // the transport's connection, closed by closeNow

	p         *player   // guarded by srv.mu; nil before hello
	lobbySent []byte    // the last lobby line sent; guarded by srv.mu
	watching  spectated // the game the session watches; guarded by srv.mu
	// watchSeat is the seat whose view a spectator of a game of another
	// kind gets (0: the kind's own choice); set with watching.
	watchSeat atomic.Int32
}

// seatRef is the seat a session plays in a room.
type seatRef struct {
	r    *room
	seat int // 1…n
}

// Attach registers a new client session, or returns ErrServerClosed after
// Shutdown. remote names the client in the log; conn, when not nil, is
// closed when the session must end at once (a client that does not read, a
// silent one). The connection limits are the transport's (see Admit).
func (s *Server) Attach(remote string, conn io.Closer) (*Session, error) {
	s.nsess.Add(1)
	now := s.cfg.Now()
	ss := &Session{srv: s, remote: remote, host: hostOfString(remote), flushed: make(chan struct{}), done: make(chan struct{}), closer: conn,
		helloBy: now.Add(s.cfg.HelloTimeout).UnixNano()}
	ss.last.Store(now.UnixNano())
	s.mu.Lock()
	if s.closing {
		s.mu.Unlock()
		s.nsess.Add(-1)
		s.tally.refuse("shutting_down")
		return nil, ErrServerClosed
	}
	s.sessions[ss] = struct{}{}
	s.mu.Unlock()
	ss.timer = time.AfterFunc(min(s.cfg.PingAfter, s.cfg.HelloTimeout), ss.keepAlive)
	s.log.Info("connected", "remote", remote)
	return ss, nil
}

// Done is closed when the session must end at once.
func (ss *Session) Done() <-chan struct{} { return ss.done }

// send queues one line without ever blocking; a full queue closes the
// session. It reports whether the line was queued.
func (ss *Session) send(b []byte) bool { return ss.queue(outLine{b: b}) }

// sendDroppable queues a line that others make at will — chat, watch
// notices, invitations — unless the client's queue is half full: then the
// line is dropped, never the client. What a player must read (states,
// results, answers to its own requests) keeps the other half, so that no
// flood of other people's lines can push a player that reads out of the
// server.
func (ss *Session) sendDroppable(b []byte) bool {
	ss.qmu.Lock()
	n := len(ss.q)
	ss.qmu.Unlock()
	if n >= ss.srv.cfg.QueueLen/2 {
		ss.srv.logLimited(ss.host, "a line of others dropped: the client's queue is half full", "remote", ss.remote)
		return false
	}
	return ss.queue(outLine{b: b})
}

func (ss *Session) queue(l outLine) bool { return ss.enqueue(l, nil) }

// queueBy queues l, a line made while by's reader handles its client's
// line (by nil: by anything else — a timer, a thinker, the lobby): when
// nobody writes to ss, by's reader claims its queue and writes it after
// its own client's lines (handled), instead of a writer goroutine started
// for it. by's reader must be the caller.
func (ss *Session) queueBy(l outLine, by *Session) bool {
	if by == nil || by == ss || by.raw == nil || ss.raw == nil {
		by = nil
	}
	return ss.enqueue(l, by)
}

func (ss *Session) enqueue(l outLine, by *Session) bool {
	select {
	case <-ss.done:
		return false
	default:
	}
	ss.qmu.Lock()
	if len(ss.q) >= ss.srv.cfg.QueueLen || ss.closing {
		closing := ss.closing
		ss.qmu.Unlock()
		if !closing {
			ss.fail("outgoing queue full (the client does not read)")
		}
		return false
	}
	ss.q = append(ss.q, l)
	start := !ss.writing && ss.conn != nil && !ss.handling.Load()
	if start {
		ss.writing = true
	}
	ss.qmu.Unlock()
	switch {
	case !start:
	case by != nil:
		by.owed = append(by.owed, ss)
	default:
		ss.startWriter()
	}
	return true
}

// take takes the first line queued, for a session without a connection
// (tests); ok is false when none is.
func (ss *Session) take() (l outLine, ok bool) {
	ss.qmu.Lock()
	defer ss.qmu.Unlock()
	if len(ss.q) == 0 {
		return outLine{}, false
	}
	l = ss.q[0]
	n := copy(ss.q, ss.q[1:]) // the storage stays for the next lines
	ss.q[n] = outLine{}
	ss.q = ss.q[:n]
	return l, true
}

// queued is the number of lines queued.
func (ss *Session) queued() int {
	ss.qmu.Lock()
	defer ss.qmu.Unlock()
	return len(ss.q)
}

// sendErr queues an error message.
func (ss *Session) sendErr(code, format string, a ...any) {
	ss.send(encode(&Error{T: TypeError, Code: code, Msg: fmt.Sprintf(format, a...)}))
}

// fail closes the session at once for the given reason.
func (ss *Session) fail(why string) {
	ss.why.CompareAndSwap(nil, &why)
	ss.closeNow()
}

// closeNow closes the session without flushing: a writer stuck on a client
// that does not read is released too.
func (ss *Session) closeNow() {
	ss.once.Do(func() {
		close(ss.done)
		if ss.closer != nil {
			ss.closer.Close()
		}
	})
}

// closeAfterFlush sends what is queued and then closes the connection;
// nothing is queued after it.
func (ss *Session) closeAfterFlush() {
	ss.qmu.Lock()
	ss.closing = true
	start := !ss.writing
	if start {
		ss.writing = true
	}
	ss.qmu.Unlock()
	if start {
		if ss.conn == nil {
			ss.closeNow()
			ss.flushOnce.Do(func() { close(ss.flushed) })
			return
		}
		ss.startWriter()
	}
}

func (ss *Session) reason() string {
	if p := ss.why.Load(); p != nil {
		return *p
	}
	return "closed"
}

func (ss *Session) setReason(why string) { ss.why.CompareAndSwap(nil, &why) }

// keepAlive pings a silent client and drops one that stays silent.
func (ss *Session) keepAlive() {
	if ss.detached.Load() {
		return
	}
	select {
	case <-ss.done:
		return
	default:
	}
	cfg := &ss.srv.cfg
	now := cfg.Now().UnixNano()
	if !ss.hello.Load() {
		if now >= ss.helloBy {
			ss.srv.logLimited(ss.host, "dropping a client that did not say hello", "remote", ss.remote, "after", cfg.HelloTimeout)
			ss.setReason("no hello in time")
			ss.sendErr(CodeProto, `no hello within %v: the connection is closed (say {"t":"hello","v":1,"name":"yourname"} first)`, cfg.HelloTimeout)
			ss.closeAfterFlush()
			return
		}
	}
	last := ss.last.Load()
	idle := time.Duration(now - last)
	if idle >= cfg.DropAfter {
		ss.srv.log.Info("dropping silent client", "remote", ss.remote, "silent", idle.Round(time.Millisecond))
		ss.fail(fmt.Sprintf("silent for %v", idle.Round(time.Millisecond)))
		return
	}
	next := cfg.PingAfter - idle
	if idle >= cfg.PingAfter {
		if ss.pingedAt.Swap(last) != last {
			ss.send(pingLine)
		}
		next = cfg.DropAfter - idle
	}
	if !ss.hello.Load() {
		next = min(next, time.Duration(ss.helloBy-now))
	}
	ss.timer.Reset(next)
}

// pingLine and pongLine are encode's lines of a ping and a pong, written
// out rather than encoded at start, which every command of the program
// would pay for (TestPingPongLines holds them to encode's).
var pingLine = []byte(`{"t":"` + TypePing + `"}` + "\n")
var pongLine = []byte(`{"t":"` + TypePong + `"}` + "\n")

// TooLong tells the session that the client sent a line longer than MaxLine:
// it gets too_long and the connection closes.
func (ss *Session) TooLong() {
	ss.setReason("line too long")
	ss.sendErr(CodeTooLong, "line is longer than %d bytes: the connection is closed", MaxLine)
	ss.closeAfterFlush()
}

// Detach ends the session: its player, if in a game, is marked away and the
// partner told; an idle player leaves the server. why is logged.
func (ss *Session) Detach(why string) {
	ss.setReason(why)
	ss.detached.Store(true)
	ss.timer.Stop()
	ss.srv.detach(ss)
}

// Shutdown stops accepting, closes every connection, and writes every game
// in progress to the data folder so that a restarted server resumes them.
// Seats stay as they were: players who come back find their game where
// they left it.
func (s *Server) Shutdown(ctx context.Context) error {
	s.mu.Lock()
	if s.closing {
		s.mu.Unlock()
		return nil
	}
	s.closing = true
	s.stopping.Store(true)
	for ss := range s.sessions {
		ss.setReason("server shutting down")
		ss.closeNow()
	}
	s.mu.Unlock()
	s.lnMu.Lock()
	for ln := range s.lns {
		ln.Close()
	}
	s.lnMu.Unlock()

	done := make(chan struct{})
	go func() { s.conns.Wait(); close(done) }()
	var err error
	select {
	case <-done:
	case <-ctx.Done():
		err = fmt.Errorf("connections still open at shutdown: %w", ctx.Err())
	}
	close(s.quit)
	s.bg.Wait()
	s.pool.closeLending()
	s.mu.Lock()
	rooms := make([]*room, 0, len(s.rooms))
	for _, r := range s.rooms {
		rooms = append(rooms, r)
		r.mu.Lock()
		r.stopTimers()
		r.mu.Unlock()
	}
	for _, p := range s.byName {
		if p.grace != nil {
			p.grace.Stop()
		}
	}
	s.mu.Unlock()
	saved := 0
	// Every result still queued (a write that failed earlier included) is
	// written now; what cannot be written is logged and returned, so that
	// the server's exit status says a result was lost.
	err = errors.Join(err, s.flushDaily())
	if s.store != nil {
		// One checkpoint of every game in progress (the games that ended
		// are left out of it).
		n, e := s.store.close(rooms)
		saved, err = n, errors.Join(err, e)
	}
	if err != nil {
		s.log.Error("server stopped with results not written", "games_saved", saved, "err", err)
	} else {
		s.log.Info("server stopped", "games_saved", saved)
	}
	return err
}

// Stats is a snapshot of the server's load.
type Stats struct {
	Open    int // connections counted in the budget, TCP and SSH
	Clients int // attached sessions
	Players int // players with a name (connected or away)
	Games   int // games in progress
}

// Stats returns the current load.
func (s *Server) Stats() Stats {
	s.budget.mu.Lock()
	open := s.budget.total
	s.budget.mu.Unlock()
	s.mu.Lock()
	defer s.mu.Unlock()
	return Stats{Open: open, Clients: int(s.nsess.Load()), Players: len(s.byName), Games: len(s.rooms)}
}
