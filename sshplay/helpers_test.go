package sshplay

import (
	"context"
	"crypto/ed25519"
	"crypto/rand"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"net"
	"strings"
	"sync"
	"testing"
	"time"

	gossh "golang.org/x/crypto/ssh"

	"github.com/minotaur-game/minotaur/netplay"
)

// waitTime bounds every wait of the tests. It is a last guard against a
// hung test, never a measure: a healthy run needs a fraction, but go test
// -race on two cores busy with other builds can take seconds a screen.
const waitTime = 3 * time.Minute

// slowTest skips, under -short, a test that waits out the server's own
// timeouts (idle, login grace, shutdown grace) for seconds: the quick
// suite and CI run it.
func slowTest(t *testing.T) {
	t.Helper()
	if testing.Short() {
		t.Skip("waits out the server's timeouts: run without -short")
	}
}

// rig is a game server with its TCP port and an SSH server beside it, both
// on loopback, as `minotaur serve --ssh` runs them.
type rig struct {
	t       testing.TB
	data    string
	game    *netplay.Server
	srv     *Server
	sshAddr string
	tcpAddr string
	log     *logBuffer
}

// newRig starts the servers; edit changes the SSH server's configuration.
// They are shut down at the end of the test.
func newRig(t testing.TB, edit func(*Config)) *rig {
	t.Helper()
	return newRigWith(t, nil, edit)
}

// newRigWith is newRig with editGame changing the game server's
// configuration too.
func newRigWith(t testing.TB, editGame func(*netplay.Config), edit func(*Config)) *rig {
	t.Helper()
	r := &rig{t: t, data: t.TempDir(), log: &logBuffer{}}
	logger := slog.New(slog.NewTextHandler(r.log, nil))
	gcfg := netplay.Config{DataDir: r.data, Logger: logger, LobbyInterval: -1}
	if editGame != nil {
		editGame(&gcfg)
	}
	game, err := netplay.NewServer(gcfg)
	if err != nil {
		t.Fatal(err)
	}
	r.game = game
	cfg := Config{DataDir: r.data, Game: game, Logger: logger, Seed: func() uint64 { return 42 }}
	if edit != nil {
		edit(&cfg)
	}
	srv, err := New(cfg)
	if err != nil {
		t.Fatal(err)
	}
	r.srv = srv
	tcp := listen(t)
	ssh := listen(t)
	r.tcpAddr, r.sshAddr = tcp.Addr().String(), ssh.Addr().String()
	served := make(chan error, 2)
	go func() { served <- game.Serve(tcp) }()
	go func() { served <- srv.Serve(ssh) }()
	t.Cleanup(func() {
		ctx, cancel := context.WithTimeout(context.Background(), waitTime)
		defer cancel()
		if err := srv.Shutdown(ctx); err != nil {
			t.Errorf("ssh shutdown: %v", err)
		}
		if err := game.Shutdown(ctx); err != nil {
			t.Errorf("game server shutdown: %v", err)
		}
		for range 2 {
			if err := <-served; !errors.Is(err, ErrServerClosed) && !errors.Is(err, netplay.ErrServerClosed) {
				t.Errorf("serve returned %v", err)
			}
		}
	})
	return r
}

func listen(t testing.TB) net.Listener {
	t.Helper()
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	return ln
}

// logBuffer collects the servers' log for failure messages.
type logBuffer struct {
	mu sync.Mutex
	b  strings.Builder
}

func (l *logBuffer) Write(p []byte) (int, error) {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.b.Write(p)
}

func (l *logBuffer) String() string {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.b.String()
}

// newKey makes a client key.
func newKey(t testing.TB) ed25519.PrivateKey {
	t.Helper()
	_, k, err := ed25519.GenerateKey(rand.Reader)
	if err != nil {
		t.Fatal(err)
	}
	return k
}

// dial logs in as user with key, or as a guest (keyboard-interactive, no
// question) when key is nil. The server's host key must be the rig's.
func (r *rig) dial(user string, key ed25519.PrivateKey) *gossh.Client {
	r.t.Helper()
	c, err := r.tryDial(user, key)
	if err != nil {
		r.t.Fatalf("ssh login as %s: %v", user, err)
	}
	r.t.Cleanup(func() { c.Close() })
	return c
}

func (r *rig) tryDial(user string, key ed25519.PrivateKey) (*gossh.Client, error) {
	cfg := &gossh.ClientConfig{
		User:            user,
		HostKeyCallback: gossh.FixedHostKey(r.srv.signer.PublicKey()),
		Timeout:         waitTime,
	}
	if key != nil {
		signer, err := gossh.NewSignerFromKey(key)
		if err != nil {
			return nil, err
		}
		cfg.Auth = []gossh.AuthMethod{gossh.PublicKeys(signer)}
	} else {
		cfg.Auth = []gossh.AuthMethod{gossh.KeyboardInteractive(
			func(_, _ string, questions []string, _ []bool) ([]string, error) {
				return make([]string, len(questions)), nil
			})}
	}
	return gossh.Dial("tcp", r.sshAddr, cfg)
}

// sessions is the number of sessions the SSH server holds.
func (r *rig) sessions() int {
	r.srv.mu.Lock()
	defer r.srv.mu.Unlock()
	return len(r.srv.sessions)
}

// waitSessions waits until the SSH server holds n sessions.
func (r *rig) waitSessions(n int, why string) {
	r.t.Helper()
	deadline := time.Now().Add(waitTime)
	for r.sessions() != n {
		if time.Now().After(deadline) {
			r.t.Fatalf("%s: %d sessions still open after %v, want %d; the log:\n%s", why, r.sessions(), waitTime, n, r.log)
		}
		time.Sleep(20 * time.Millisecond)
	}
}

// waitLog waits until the servers' log holds text.
func (r *rig) waitLog(text, why string) {
	r.t.Helper()
	deadline := time.Now().Add(waitTime)
	for !strings.Contains(r.log.String(), text) {
		if time.Now().After(deadline) {
			r.t.Fatalf("%s: the log does not say %q after %v:\n%s", why, text, waitTime, r.log)
		}
		time.Sleep(20 * time.Millisecond)
	}
}

// term is an SSH session with a pty, its output followed on a screen.
type term struct {
	t    testing.TB
	sess *gossh.Session
	in   io.Writer

	mu      sync.Mutex
	scr     *screen
	raw     strings.Builder // everything received, for the goodbye line
	changed chan struct{}
	ended   chan struct{} // the output ended
}

// openTerm opens a session with a w×h xterm pty and a shell.
func openTerm(t testing.TB, c *gossh.Client, w, h int) *term {
	t.Helper()
	return openTermAs(t, c, w, h, "xterm-256color", nil)
}

// openTermAs opens a session with a w×h pty of the terminal type termType,
// sending the environment variables env first.
func openTermAs(t testing.TB, c *gossh.Client, w, h int, termType string, env []string) *term {
	t.Helper()
	sess, err := c.NewSession()
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { sess.Close() })
	for _, kv := range env {
		k, v, _ := strings.Cut(kv, "=")
		if err := sess.Setenv(k, v); err != nil {
			t.Fatal(err)
		}
	}
	if err := sess.RequestPty(termType, h, w, gossh.TerminalModes{gossh.ECHO: 0}); err != nil {
		t.Fatal(err)
	}
	tm := &term{t: t, sess: sess, scr: newScreen(min(w, 1000), min(h, 1000)), changed: make(chan struct{}, 1), ended: make(chan struct{})}
	if tm.in, err = sess.StdinPipe(); err != nil {
		t.Fatal(err)
	}
	out, err := sess.StdoutPipe()
	if err != nil {
		t.Fatal(err)
	}
	sess.Stderr = io.Discard
	go tm.read(out)
	if err := sess.Shell(); err != nil {
		t.Fatal(err)
	}
	return tm
}

func (tm *term) read(out io.Reader) {
	defer close(tm.ended)
	buf := make([]byte, 32*1024)
	for {
		n, err := out.Read(buf)
		if n > 0 {
			tm.mu.Lock()
			tm.scr.write(buf[:n])
			tm.raw.Write(buf[:n])
			tm.mu.Unlock()
			select {
			case tm.changed <- struct{}{}:
			default:
			}
		}
		if err != nil {
			return
		}
	}
}

// screen returns what the terminal shows now.
func (tm *term) screen() string {
	tm.mu.Lock()
	defer tm.mu.Unlock()
	return tm.scr.String()
}

// output returns everything received so far.
func (tm *term) output() string {
	tm.mu.Lock()
	defer tm.mu.Unlock()
	return tm.raw.String()
}

// waitFor waits until ok holds for the screen, or fails the test showing it.
func (tm *term) waitFor(what string, ok func(scr string) bool) string {
	tm.t.Helper()
	deadline := time.NewTimer(waitTime)
	defer deadline.Stop()
	for {
		scr := tm.screen()
		if ok(scr) {
			return scr
		}
		select {
		case <-tm.changed:
		case <-tm.ended:
			if scr := tm.screen(); ok(scr) {
				return scr
			}
			tm.t.Fatalf("the session ended before %s; the screen:\n%s", what, tm.screen())
		case <-deadline.C:
			tm.t.Fatalf("timed out waiting for %s; the screen:\n%s", what, tm.screen())
		}
	}
}

// waitText waits until every text is on the screen.
func (tm *term) waitText(texts ...string) string {
	tm.t.Helper()
	return tm.waitFor(fmt.Sprintf("%q", texts), func(scr string) bool {
		for _, s := range texts {
			if !strings.Contains(scr, s) {
				return false
			}
		}
		return true
	})
}

// continueGame presses C on the main menu until the saved game is on the
// screen with every text. The menu reads the saves folder after it is first
// drawn: a C that comes before says there is no saved game, and changes
// nothing else, so it is pressed again.
func (tm *term) continueGame(texts ...string) string {
	tm.t.Helper()
	deadline := time.Now().Add(waitTime)
	has := func(scr string) bool {
		for _, s := range texts {
			if !strings.Contains(scr, s) {
				return false
			}
		}
		return true
	}
	for {
		tm.press("c")
		again := time.NewTimer(200 * time.Millisecond)
	wait:
		for {
			if scr := tm.screen(); has(scr) {
				again.Stop()
				return scr
			}
			select {
			case <-tm.changed:
			case <-tm.ended:
				again.Stop()
				tm.t.Fatalf("the session ended before the game continued; the screen:\n%s", tm.screen())
			case <-again.C:
				break wait
			}
		}
		if time.Now().After(deadline) {
			tm.t.Fatalf("timed out waiting for the continued game %q; the screen:\n%s", texts, tm.screen())
		}
	}
}

// press types keys, one write each.
func (tm *term) press(keys ...string) {
	tm.t.Helper()
	for _, k := range keys {
		if _, err := io.WriteString(tm.in, k); err != nil {
			tm.t.Fatalf("typing %q: %v", k, err)
		}
	}
}

// wait waits for the session and its output to end, and returns its exit
// status.
func (tm *term) wait() int {
	tm.t.Helper()
	done := make(chan error, 1)
	go func() { done <- tm.sess.Wait() }()
	select {
	case err := <-done:
		// The output may still be on its way to the reader.
		select {
		case <-tm.ended:
		case <-time.After(waitTime):
			tm.t.Fatalf("the output did not end with the session")
		}
		var exit *gossh.ExitError
		switch {
		case err == nil:
			return 0
		case errors.As(err, &exit):
			return exit.ExitStatus()
		}
		tm.t.Fatalf("session: %v", err)
	case <-time.After(waitTime):
		tm.t.Fatalf("the session did not end; the screen:\n%s", tm.screen())
	}
	return -1
}

func mustSigner(t testing.TB, key ed25519.PrivateKey) gossh.Signer {
	t.Helper()
	s, err := gossh.NewSignerFromKey(key)
	if err != nil {
		t.Fatal(err)
	}
	return s
}
