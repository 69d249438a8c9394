package sshplay

import (
	"context"
	"crypto/rand"
	"encoding/binary"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"net"
	"os"
	"path/filepath"
	"runtime/debug"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	tea "github.com/charmbracelet/bubbletea"
	"github.com/charmbracelet/lipgloss"
	"github.com/charmbracelet/ssh"
	"github.com/charmbracelet/wish"
	"github.com/muesli/termenv"
	gossh "golang.org/x/crypto/ssh"

	"github.com/minotaur-game/minotaur/netplay"
	"github.com/minotaur-game/minotaur/saves"
	"github.com/minotaur-game/minotaur/tui"
	tuiscreen "github.com/minotaur-game/minotaur/tui/screen"
)

// Defaults of Config.
const (
	DefaultAddr         = ":2222"
	DefaultIdle         = 30 * time.Minute
	DefaultMaxSessions  = 1024
	DefaultMaxPerKey    = 4
	DefaultLoginGrace   = 10 * time.Second
	DefaultWriteTimeout = 5 * time.Second
)

// sessionLinger is how long a connection stays open after its session.
const sessionLinger = time.Second

// shutdownGrace is how long Shutdown lets the sessions end by themselves,
// saving their games and saying goodbye, before it cuts their connections.
const shutdownGrace = time.Second

// ErrServerClosed is returned by Serve after Shutdown.
var ErrServerClosed = errors.New("sshplay: server closed")

// Config sets up a Server.
type Config struct {
	// DataDir is the game server's data folder. The SSH server keeps its
	// files in DataDir/ssh: the host key, the players' saved games and
	// replays, and the high-score table of the SSH players. Required.
	DataDir string
	// Game is the game server that the sessions' network screens join, in
	// process. Required.
	Game *netplay.Server
	// Idle ends a session in which no key was pressed for this long, with
	// a goodbye line. 0 means DefaultIdle; a negative value never ends one.
	Idle time.Duration
	// MaxSessions bounds the sessions at once (DefaultMaxSessions when 0);
	// beyond it a player is told the server is full. The connections
	// themselves count in the game server's budget (netplay.Server.Admit):
	// its MaxClients in all, MaxPerAddr per host.
	MaxSessions int
	// MaxPerKey bounds the sessions of one public key at once
	// (DefaultMaxPerKey when 0). A connection has one session.
	MaxPerKey int
	// LoginGrace is how long a connection may take to finish the SSH
	// handshake, log in and open a session (DefaultLoginGrace when 0).
	LoginGrace time.Duration
	// WriteTimeout bounds one write to a session (DefaultWriteTimeout
	// when 0): a client that does not take the output for that long is
	// cut off, so its session ends within WriteTimeout of it going away.
	WriteTimeout time.Duration
	// Seed draws the campaign seed of a session's first new game; nil
	// draws it from crypto/rand. With SeedFixed every new game of the
	// session plays that seed; otherwise the games after the first take
	// the seeds that follow it (tui.NextSeed).
	Seed      func() uint64
	SeedFixed bool
	// Levels, when not nil, is the campaign of the sessions' solo games
	// instead of the generated one (each level with its file's text, for
	// the replays).
	Levels tui.Campaign
	// Logger receives the server's structured log; nil discards it.
	Logger *slog.Logger
}

// Server serves the game over SSH: every session runs the game's own
// screens (tui), drawn for that session's terminal, with the session's
// user name as the player's name. It is safe for concurrent use. Create it
// with New, give it listeners with Serve, stop it with Shutdown.
type Server struct {
	cfg    Config
	log    *slog.Logger
	game   *netplay.Server
	dir    string // DataDir/ssh
	scores string // the high-score table of the SSH players
	signer gossh.Signer
	ssh    *ssh.Server

	mu       sync.Mutex
	sessions map[ssh.Session]*session
	closing  bool
	handlers sync.WaitGroup // sessions running a game
}

// session is one SSH session running the game.
type session struct {
	p       *player
	program *tea.Program
	why     atomic.Int32
	conn    *conn       // its connection, cut when the session must end
	out     io.Writer   // the session's output, every write bounded
	input   *inputClock // the session's input, with the time of the last byte
}

// New makes a server: it reads the host key from DataDir/ssh, or makes one
// on the first start, and removes the folders guests left behind.
func New(cfg Config) (*Server, error) {
	if cfg.DataDir == "" {
		return nil, errors.New("no data folder for the SSH server: name one with --data DIR")
	}
	if cfg.Game == nil {
		return nil, errors.New("sshplay: Config.Game is nil")
	}
	if cfg.Idle == 0 {
		cfg.Idle = DefaultIdle
	}
	if cfg.MaxSessions <= 0 {
		cfg.MaxSessions = DefaultMaxSessions
	}
	if cfg.LoginGrace <= 0 {
		cfg.LoginGrace = DefaultLoginGrace
	}
	if cfg.MaxPerKey <= 0 {
		cfg.MaxPerKey = DefaultMaxPerKey
	}
	if cfg.WriteTimeout <= 0 {
		cfg.WriteTimeout = DefaultWriteTimeout
	}
	if cfg.Seed == nil {
		cfg.Seed = randomSeed
	}
	if cfg.Logger == nil {
		cfg.Logger = slog.New(slog.NewTextHandler(io.Discard, nil))
	}
	s := &Server{
		cfg: cfg, log: cfg.Logger, game: cfg.Game,
		dir:      filepath.Join(cfg.DataDir, sshDirName),
		sessions: map[ssh.Session]*session{},
	}
	s.scores = filepath.Join(s.dir, saves.ScoresFileName)
	// The folder holds the host key and the players' tokens: only the
	// server's user may enter it.
	if err := os.MkdirAll(s.dir, 0o700); err != nil {
		return nil, fmt.Errorf("cannot create the SSH folder %s: %w", s.dir, err)
	}
	if err := os.Chmod(s.dir, 0o700); err != nil {
		return nil, fmt.Errorf("cannot protect the SSH folder %s: %w", s.dir, err)
	}
	saves.RemoveLeftovers(s.dir, time.Now()) // of a host key or score table write killed midway
	if err := os.RemoveAll(filepath.Join(s.dir, guestsDirName)); err != nil {
		s.log.Warn("cannot remove the guests' folders of a previous run", "err", err)
	}
	signer, created, err := loadHostKey(filepath.Join(s.dir, hostKeyName))
	if err != nil {
		return nil, err
	}
	s.signer = signer
	if created {
		s.log.Info("new SSH host key", "file", filepath.Join(s.dir, hostKeyName), "fingerprint", s.Fingerprint())
	}

	srv, err := wish.NewServer(
		// The host key first: without one, wish would make a key file in
		// the working folder.
		func(srv *ssh.Server) error { srv.AddHostKey(signer); return nil },
		wish.WithVersion("minotaur"),
		// Anyone may play. A public key is an identity (the player's saves
		// and seat); without one, keyboard-interactive with no question
		// lets a guest in without a password prompt.
		wish.WithPublicKeyAuth(func(ssh.Context, ssh.PublicKey) bool { return true }),
		wish.WithKeyboardInteractiveAuth(func(ssh.Context, gossh.KeyboardInteractiveChallenge) bool { return true }),
		wish.WithMiddleware(
			s.play,
			s.refuse,
			s.recoverPanics,
		),
	)
	if err != nil {
		return nil, err
	}
	srv.ConnCallback = s.onConn
	srv.ChannelHandlers = map[string]ssh.ChannelHandler{"session": s.sessionChannel}
	if cfg.Idle > 0 {
		// A backstop for connections that hold no session: a player's
		// session ends after Idle without a key, with its goodbye, first.
		srv.IdleTimeout = cfg.Idle + time.Minute
	}
	s.ssh = srv
	return s, nil
}

func randomSeed() uint64 {
	var b [8]byte
	rand.Read(b[:])
	return binary.LittleEndian.Uint64(b[:])
}

// Fingerprint is the SHA-256 fingerprint of the host key, as ssh shows it.
func (s *Server) Fingerprint() string { return gossh.FingerprintSHA256(s.signer.PublicKey()) }

// Serve accepts SSH connections on ln until Shutdown; it then returns
// ErrServerClosed.
func (s *Server) Serve(ln net.Listener) error {
	err := s.ssh.Serve(ln)
	if errors.Is(err, ssh.ErrServerClosed) || s.isClosing() {
		return ErrServerClosed
	}
	return err
}

func (s *Server) isClosing() bool {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.closing
}

// recoverPanics keeps a bug in one session from stopping the server. It
// is the outermost handler: when the session is over, its connection (which
// may hold no other) is closed a moment later, so that a client cannot keep
// an idle connection, and its place in the budget, after its session.
func (s *Server) recoverPanics(next ssh.Handler) ssh.Handler {
	return func(sess ssh.Session) {
		if c := connOf(sess.Context()); c != nil {
			// The moment lets the exit status reach the client first.
			defer time.AfterFunc(sessionLinger, func() { c.Close() })
		}
		defer func() {
			if r := recover(); r != nil {
				s.log.Error("ssh session panicked", "user", sess.User(), "panic", fmt.Sprint(r), "stack", string(debug.Stack()))
				fmt.Fprint(sess.Stderr(), "\r\nMinotaur hit a bug and closed this session; the server goes on. Sorry!\r\n")
				sess.Exit(1)
			}
		}()
		next(sess)
	}
}

// refuse turns away the sessions the game cannot serve: no terminal, a
// command, a full or stopping server. The others go on to the game.
func (s *Server) refuse(next ssh.Handler) ssh.Handler {
	return func(sess ssh.Session) {
		if c := connOf(sess.Context()); c != nil {
			c.grace.Stop()
		}
		_, _, hasPty := sess.Pty()
		var why string
		switch {
		case !hasPty:
			why = "Minotaur is a game for a terminal, and this session has none.\n" +
				"Connect with plain ssh (no command), or add -t: ssh -t -p PORT HOST"
		case len(sess.Command()) > 0 || sess.Subsystem() != "":
			why = fmt.Sprintf("Minotaur runs no commands (asked: %q).\nConnect with plain ssh: ssh -p PORT HOST", strings.Join(sess.Command(), " "))
		}
		if why != "" {
			s.log.Info("ssh session refused", "user", sess.User(), "remote", sess.RemoteAddr().String(), "reason", firstLine(why))
			fmt.Fprint(sess.Stderr(), strings.ReplaceAll(why, "\n", "\r\n")+"\r\n")
			sess.Exit(1)
			return
		}
		next(sess)
		s.goodbye(sess)
	}
}

func firstLine(s string) string {
	if i := strings.IndexByte(s, '\n'); i >= 0 {
		return s[:i]
	}
	return s
}

// play runs the game in a session: the program draws on the session's
// output through a deadline (see deadlineWriter), gets the window sizes
// without ever blocking the connection (see followSizes), quits when the
// connection is gone, and is cut off when it stays idle past its time
// while its output is stuck.
func (s *Server) play(next ssh.Handler) ssh.Handler {
	return func(sess ssh.Session) {
		ss, err := s.open(sess)
		if err != nil {
			s.log.Info("ssh session refused", "user", sess.User(), "remote", sess.RemoteAddr().String(), "reason", err.Error())
			w := &deadlineWriter{w: sess.Stderr(), d: s.cfg.WriteTimeout, cut: func() { s.cut(sess, nil) }}
			fmt.Fprintf(w, "%s\r\n", err)
			sess.Exit(1)
			return
		}
		ctx, cancel := context.WithCancel(sess.Context())
		if z, ok := sess.Context().Value(keySizes).(*sizes); ok {
			pty, _, _ := sess.Pty() // read once: window changes never reach it (see takeSizes)
			go z.follow(ctx, ss.program, pty.Window)
		}
		go func() {
			<-ctx.Done()
			ss.program.Quit() // returns once the program has ended, at the latest
		}()
		watchdog := s.watchIdle(sess, ss)
		if _, err := ss.program.Run(); err != nil && !errors.Is(err, tea.ErrProgramKilled) {
			s.log.Info("ssh session's program ended", "user", sess.User(), "err", err)
		}
		ss.program.Kill()
		cancel()
		if watchdog != nil {
			watchdog.Stop()
		}
		next(sess)
	}
}

// watchIdle runs the idle timeout of a session: once its client has sent
// nothing for Idle, the program is asked to check (it ends the session,
// with a goodbye, when no key came for Idle); a program stuck on its
// output cannot, so a session whose client sent nothing for Idle plus
// WriteTimeout is cut off. Stop the timer when the session ends.
func (s *Server) watchIdle(sess ssh.Session, ss *session) *time.Timer {
	if s.cfg.Idle <= 0 {
		return nil
	}
	var t *time.Timer
	t = time.AfterFunc(s.cfg.Idle, func() {
		idle := time.Duration(time.Now().UnixNano() - ss.input.last.Load())
		switch {
		case idle < s.cfg.Idle:
			t.Reset(s.cfg.Idle - idle)
		case idle < s.cfg.Idle+s.cfg.WriteTimeout:
			go ss.program.Send(idleCheckMsg{}) // returns when the program ends, at the latest
			// The program times the last key from when it read it, a
			// moment after the bytes came: it may not agree yet. Ask again
			// soon, and cut only when the deadline has passed.
			t.Reset(min(idleRecheck, s.cfg.Idle+s.cfg.WriteTimeout-idle))
		default:
			ss.why.CompareAndSwap(endQuit, endIdle)
			s.cut(sess, ss.conn)
		}
	})
	return t
}

// idleRecheck is how soon an idle session is asked again when its program
// did not end at the first ask.
const idleRecheck = 250 * time.Millisecond

// cut closes a session's connection: its writes fail at once and its
// program ends. c is the session's connection, or nil to look it up.
func (s *Server) cut(sess ssh.Session, c *conn) {
	if c == nil {
		c = connOf(sess.Context())
	}
	if c == nil {
		return
	}
	s.log.Info("ssh connection cut", "user", sess.User(), "remote", sess.RemoteAddr().String())
	c.Close()
}

// open registers a session and builds its game. Only the checks and the
// registration hold the server's lock: the player's folder, the styles and
// the program are made outside it, so that a burst of logins is built on
// every core at once instead of one after the other.
func (s *Server) open(sess ssh.Session) (*session, error) {
	p := s.describePlayer(sess)
	ss := &session{p: p, conn: connOf(sess.Context()), input: newInputClock(sess)}
	if err := s.reserve(sess, ss); err != nil {
		return nil, err
	}
	fail := func(err error) (*session, error) {
		s.mu.Lock()
		delete(s.sessions, sess)
		s.mu.Unlock()
		s.handlers.Done()
		return nil, err
	}
	if err := p.makeDir(); err != nil {
		s.log.Error("cannot make the player's folder", "user", sess.User(), "err", err)
		return fail(errors.New("The Minotaur server cannot keep your games right now (its disk is in trouble): try again later."))
	}
	pty, _, _ := sess.Pty()
	r := newRenderer(sess, pty.Term)
	// The player's settings, kept on the server under their name; the
	// palette is the session's MINOTAUR_PALETTE, else the settings', else
	// dark (the terminal's background is never asked over SSH).
	settingsFile := s.settingsFile(p)
	set, problems := saves.LoadSettings(settingsFile, tuiscreen.CheckPaletteName)
	for _, e := range problems {
		s.log.Info("a player's settings", "user", sess.User(), "problem", e.Error())
	}
	palette := set.Palette
	if v := environ(sess.Environ()).Getenv("MINOTAUR_PALETTE"); tuiscreen.CheckPaletteName(v) == nil {
		palette = v
	}
	st := tuiscreen.NewStylesWith(r, tuiscreen.ChoosePalette(palette, nil))
	name := p.name
	if set.Name != "" {
		name = set.Name
	}
	// The terminal's cursor on the player's tile, as locally (the output
	// is made below, once the session's clock is set).
	var cursor *tui.CursorWriter
	root := tui.New(tui.Config{
		Cursor: func(c tuiscreen.CursorAt) {
			if cursor != nil {
				cursor.Set(c)
			}
		},
		Saves:      p.savesDir(),
		Replays:    p.replaysDir(),
		Scores:     s.scores,
		Seed:       s.cfg.Seed(),
		SeedFixed:  s.cfg.SeedFixed,
		Levels:     s.cfg.Levels,
		Name:       name,
		Notice:     noticeFor(p),
		Now:        time.Now,
		Styles:     st,
		Palette:    palette,
		Settings:   settingsFile,
		Saved:      set,
		Accessible: set.Accessible(),
		// The Network screen joins the game server of this process (never
		// by dialing out), holding the player's token for a resume.
		Connect: func(ctx context.Context, _, name string) (*netplay.Client, *netplay.Welcome, error) {
			return s.connect(ctx, p, name)
		},
		// Solo games from the main menu are listed on the game server
		// and can be watched; they are saved as before.
		Host: func(name string, seed uint64) tui.Audience {
			return hostedAudience{s.game.Host(name, seed)}
		},
	})
	ss.input.last.Store(time.Now().UnixNano())
	ss.out = &deadlineWriter{w: sess, d: s.cfg.WriteTimeout, cut: func() { s.cut(sess, ss.conn) }}
	cursor = tui.NewCursorWriter(ss.out)
	m := &model{root: root, idle: s.cfg.Idle, why: &ss.why}
	gone := func() bool { return sess.Context().Err() != nil }
	program := tea.NewProgram(m, tea.WithAltScreen(), tea.WithoutSignalHandler(), tea.WithMouseCellMotion(),
		tea.WithFilter(hangupFilter(gone)), tea.WithInput(ss.input), tea.WithOutput(cursor))
	s.mu.Lock()
	closing := s.closing
	ss.program = program
	s.mu.Unlock()
	if closing {
		p.leave()
		return fail(errors.New("The Minotaur server is shutting down: try again in a minute."))
	}
	s.log.Info("ssh session", "user", sess.User(), "remote", sess.RemoteAddr().String(), "id", p.id,
		"guest", p.guest, "term", pty.Term, "width", pty.Window.Width, "height", pty.Window.Height,
		"colors", profileName(r.ColorProfile()))
	return ss, nil
}

// reserve checks that the server can take one more session (it is not
// stopping, not full, the key is not in MaxPerKey sessions already) and
// registers ss, whose program is not made yet.
func (s *Server) reserve(sess ssh.Session, ss *session) error {
	s.mu.Lock()
	defer s.mu.Unlock()
	switch {
	case s.closing:
		return errors.New("The Minotaur server is shutting down: try again in a minute.")
	case len(s.sessions) >= s.cfg.MaxSessions:
		return errors.New("The Minotaur server is full: try again later.")
	}
	if id := ss.p.id; id != "" {
		n := 0
		for _, o := range s.sessions {
			if o.p.id == id {
				n++
			}
		}
		if n >= s.cfg.MaxPerKey {
			return fmt.Errorf("You are playing in %d sessions with this key already: end one of them to start another.", n)
		}
	}
	s.sessions[sess] = ss
	s.handlers.Add(1)
	return nil
}

// goodbye ends a session whose game is over: it says why the session
// closes (the screen of the game is gone by now, so the line stays in the
// player's terminal), forgets the session and removes a guest's folder.
func (s *Server) goodbye(sess ssh.Session) {
	s.mu.Lock()
	ss := s.sessions[sess]
	delete(s.sessions, sess)
	s.mu.Unlock()
	if ss == nil {
		return // refused before a game was made
	}
	defer s.handlers.Done()
	why := ss.why.Load()
	switch why {
	case endIdle:
		fmt.Fprintf(ss.out, "No key was pressed for %s, so this session is closed. Goodbye, %s!\r\n", minutes(s.cfg.Idle), ss.p.name)
	case endShutdown:
		fmt.Fprintf(ss.out, "The Minotaur server is shutting down. Goodbye, %s!\r\n", ss.p.name)
	default:
		fmt.Fprintf(ss.out, "Thanks for playing Minotaur. Goodbye, %s!\r\n", ss.p.name)
	}
	// Clean up before the exit status, so that a client that sees the
	// session end finds the server done with it.
	if err := ss.p.leave(); err != nil {
		s.log.Warn("cannot remove a guest's folder", "dir", ss.p.dir, "err", err)
	}
	sess.Exit(0)
	reason := reasons[why]
	if why == endQuit && sess.Context().Err() != nil {
		reason = "connection lost"
	}
	s.log.Info("ssh session ended", "user", sess.User(), "remote", sess.RemoteAddr().String(), "reason", reason)
}

var reasons = [...]string{endQuit: "quit", endIdle: "idle", endShutdown: "shutdown"}

// minutes says a duration the way a player reads it.
func minutes(d time.Duration) string {
	switch {
	case d == time.Minute:
		return "1 minute"
	case d%time.Minute == 0:
		return fmt.Sprintf("%d minutes", d/time.Minute)
	}
	return d.Round(time.Second).String()
}

// Shutdown stops accepting connections, ends every game with a goodbye
// line (a game in progress is saved first), and gives the sessions a
// second to close; the connections of those left (their clients do not
// read, say) are then cut, which ends them too, and Shutdown waits for
// them until ctx is done. Call it before the game server's Shutdown, so
// that players in network games are marked away (and may resume) rather
// than cut off.
func (s *Server) Shutdown(ctx context.Context) error {
	s.mu.Lock()
	s.closing = true
	programs := make([]*tea.Program, 0, len(s.sessions))
	for _, ss := range s.sessions {
		if ss.program != nil { // nil: still being made; open sees closing
			programs = append(programs, ss.program)
		}
	}
	s.mu.Unlock()
	stopped, cancel := context.WithCancel(context.Background())
	cancel()
	s.ssh.Shutdown(stopped) // closes the listeners, not the connections
	for _, p := range programs {
		// Send waits for the program to take the message; never under mu.
		go p.Send(shutdownMsg{})
	}
	done := make(chan struct{})
	go func() { s.handlers.Wait(); close(done) }()
	grace := time.NewTimer(shutdownGrace)
	defer grace.Stop()
	var err error
	select {
	case <-done:
	case <-grace.C:
		s.mu.Lock()
		for sess, ss := range s.sessions {
			s.log.Info("ssh session cut at shutdown", "user", sess.User(), "remote", sess.RemoteAddr().String())
			if ss.conn != nil {
				ss.conn.Close()
			}
		}
		s.mu.Unlock()
		select {
		case <-done:
		case <-ctx.Done():
			err = fmt.Errorf("ssh sessions still open at shutdown: %w", ctx.Err())
		}
	case <-ctx.Done():
		err = fmt.Errorf("ssh sessions still open at shutdown: %w", ctx.Err())
	}
	s.ssh.Close() // connections left open (never logged in)
	return err
}

// noticeFor is the identity line of the main menu.
func noticeFor(p *player) string {
	if p.guest {
		return "Playing as " + p.name + " (guest, no SSH key): saves last for this visit only"
	}
	return "Playing as " + p.name + " (key " + shortFingerprint(p.fingerprint) + "): saves are kept on this server"
}

// shortFingerprint cuts a SHA256:… fingerprint for display.
func shortFingerprint(fp string) string {
	if len(fp) > 7+8 {
		return fp[:7+8] + "…"
	}
	return fp
}

// newRenderer returns the lipgloss renderer of a session: its colour
// profile comes from the client's terminal type (TERM of the pty request)
// and environment (NO_COLOR, COLORTERM, when the client sends them), never
// from the server's own terminal.
//
// It is wish's bubbletea.MakeRenderer without the background-colour query:
// that query waits for the terminal's answer on the session's input, and a
// terminal that does not answer would leave the player before a blank
// screen until their first key, which it then swallows. The game's styles
// use no adaptive colours, so the answer is not needed.
func newRenderer(sess ssh.Session, term string) *lipgloss.Renderer {
	if term == "" || term == "dumb" {
		return lipgloss.NewRenderer(sess, termenv.WithProfile(termenv.Ascii))
	}
	env := environ(append(sess.Environ(), "TERM="+term))
	return lipgloss.NewRenderer(sess, termenv.WithEnvironment(env), termenv.WithUnsafe(), termenv.WithColorCache(true))
}

// environ is a session's environment for termenv.
type environ []string

// Environ returns the variables.
func (e environ) Environ() []string { return e }

// Getenv returns the value of the last k=… (the pty's TERM wins).
func (e environ) Getenv(k string) string {
	for i := len(e) - 1; i >= 0; i-- {
		if v, ok := strings.CutPrefix(e[i], k+"="); ok {
			return v
		}
	}
	return ""
}

func profileName(p termenv.Profile) string {
	switch p {
	case termenv.TrueColor:
		return "truecolor"
	case termenv.ANSI256:
		return "256"
	case termenv.ANSI:
		return "16"
	}
	return "none"
}
