package sshplay

import (
	"bufio"
	"context"
	"errors"
	"net"
	"os"
	"path/filepath"
	"runtime/pprof"
	"strings"
	"testing"
	"time"

	gossh "golang.org/x/crypto/ssh"

	"github.com/minotaur-game/minotaur/netplay"
)

// stuckTerm opens a session like a hostile client: a pty, a shell, then a
// storm of 600 window changes between a small and a huge terminal, while it
// never reads what the server draws: the frames (about 4 MB when read)
// fill the channel's window (2 MiB) and the server's output stays blocked.
func stuckTerm(t *testing.T, c *gossh.Client) *gossh.Session {
	t.Helper()
	sess := stuckPty(t, c)
	if err := sess.Shell(); err != nil {
		t.Fatal(err)
	}
	storm(t, sess)
	return sess
}

// stuckPty opens a session with a pty whose output is never read.
func stuckPty(t *testing.T, c *gossh.Client) *gossh.Session {
	t.Helper()
	sess, err := c.NewSession()
	if err != nil {
		t.Fatal(err)
	}
	if err := sess.RequestPty("xterm-256color", 24, 80, nil); err != nil {
		t.Fatal(err)
	}
	if _, err := sess.StdoutPipe(); err != nil { // never read
		t.Fatal(err)
	}
	if _, err := sess.StderrPipe(); err != nil {
		t.Fatal(err)
	}
	return sess
}

// storm sends 600 window changes, or fewer when the server cuts the
// connection first.
func storm(t *testing.T, sess *gossh.Session) {
	t.Helper()
	for i := range 600 {
		w, h := 80, 24
		if i%2 == 1 {
			w, h = MaxWidth, MaxHeight
		}
		if err := sess.WindowChange(h, w); err != nil {
			return // the server cut the connection (a client that does not read)
		}
		if i%20 == 19 {
			time.Sleep(20 * time.Millisecond) // time to draw: the frames pile up
		}
	}
}

// TestResizeStormThenGone is row 1 of the attack run: a client storms its
// session with resizes while it reads nothing, then goes away. The session
// must end (its seat freed, its goodbye logged) instead of hanging on its
// blocked output forever.
func TestResizeStormThenGone(t *testing.T) {
	r := newRig(t, nil)
	c, err := r.tryDial("storm", newKey(t))
	if err != nil {
		t.Fatal(err)
	}
	stuckTerm(t, c)
	r.waitSessions(1, "the storm's session")
	time.Sleep(300 * time.Millisecond) // the output is blocked now
	c.Close()
	r.waitSessions(0, "after the client went away")
	// Another player is served as usual.
	tm := openTerm(t, r.dial("calm", newKey(t)), 80, 24)
	tm.waitText("New game")
}

// TestStuckClientCutOff: a client that stays connected but stops reading is
// cut off after WriteTimeout, and its session ends.
func TestStuckClientCutOff(t *testing.T) {
	r := newRig(t, func(c *Config) { c.WriteTimeout = 300 * time.Millisecond })
	sess := stuckTerm(t, r.dial("stuck", newKey(t)))
	// How many frames fill the connection's window depends on how fast the
	// machine draws them: the client storms on until it is cut. (Waiting
	// for no session at all could pass before the session had begun.)
	for deadline := time.Now().Add(waitTime); !strings.Contains(r.log.String(), "ssh connection cut"); {
		if time.Now().After(deadline) {
			t.Fatalf("a client that does not read is not cut off after %v; the log:\n%s", waitTime, r.log)
		}
		storm(t, sess) // returns at once when the connection is cut
	}
	r.waitSessions(0, "a client that does not read")
}

// TestIdleWhileOutputBlocked: the idle timeout ends a session whose client
// sends nothing and reads nothing.
func TestIdleWhileOutputBlocked(t *testing.T) {
	slowTest(t)
	t.Parallel()
	r := newRig(t, func(c *Config) { c.Idle = 500 * time.Millisecond; c.WriteTimeout = time.Second })
	stuckTerm(t, r.dial("idler", newKey(t)))
	// Ended by the program's own idle check, or cut when its output is
	// blocked: either way it ends, and says so.
	r.waitLog("ssh session ended", "an idle session with its output blocked")
	r.waitSessions(0, "an idle session with its output blocked")
}

// TestSessionFlood is row 2 of the attack run: one connection opens one
// session, no more; one key holds at most MaxPerKey sessions; a player
// with another key still gets in.
func TestSessionFlood(t *testing.T) {
	r := newRig(t, nil)
	key := newKey(t)
	c := r.dial("flood", key)
	first := openTerm(t, c, 80, 24)
	first.waitText("New game")
	for i := range 10 {
		if s, err := c.NewSession(); err == nil {
			s.Close()
			t.Fatalf("session %d opened on a connection that has one", i+2)
		} else if !strings.Contains(err.Error(), "one session per connection") {
			t.Errorf("refusal %q does not say why", err)
		}
	}
	for range DefaultMaxPerKey - 1 {
		tm := openTerm(t, r.dial("flood", key), 80, 24)
		tm.waitText("New game")
	}
	fifth := r.dial("flood", key)
	sess, err := fifth.NewSession()
	if err != nil {
		t.Fatal(err)
	}
	defer sess.Close()
	if err := sess.RequestPty("xterm", 24, 80, nil); err != nil {
		t.Fatal(err)
	}
	var stderr strings.Builder
	sess.Stderr = &stderr
	if err := sess.Shell(); err != nil {
		t.Fatal(err)
	}
	ended := make(chan error, 1)
	go func() { ended <- sess.Wait() }()
	select {
	case err = <-ended:
	case <-time.After(waitTime):
		t.Fatal("a fifth session of the key got in and plays")
	}
	var exit *gossh.ExitError
	if !errors.As(err, &exit) || exit.ExitStatus() != 1 || !strings.Contains(stderr.String(), "You are playing in 4 sessions with this key already") {
		t.Errorf("a fifth session of the key: %v, stderr %q", err, stderr.String())
	}
	// The refused connection holds no place: the server closes it.
	closed := make(chan error, 1)
	go func() { closed <- fifth.Wait() }()
	select {
	case <-closed:
	case <-time.After(waitTime):
		t.Error("the connection of a refused session is still open")
	}
	other := openTerm(t, r.dial("olga", newKey(t)), 80, 24)
	other.waitText("New game")
}

// TestSSHConnectionsInBudget is row 3 of the attack run: plain TCP
// connections to the SSH port count in the one budget of the server (here
// its per-host share) until the handshake deadline closes them, so they
// cannot starve the game's TCP port, and another host is never kept out.
func TestSSHConnectionsInBudget(t *testing.T) {
	slowTest(t)
	const perAddr = 6
	// The handshake deadline is long enough that the silent connections
	// still hold the host's share when the game connection comes, on a
	// loaded machine too (at 500 ms they were sometimes gone already), and
	// short enough to watch them freed.
	r := newRigWith(t, func(g *netplay.Config) { g.MaxPerAddr = perAddr }, func(c *Config) { c.LoginGrace = 4 * time.Second })
	var silent []net.Conn
	for range perAddr + 4 {
		c, err := net.Dial("tcp", r.sshAddr)
		if err != nil {
			t.Fatal(err)
		}
		defer c.Close()
		silent = append(silent, c)
	}
	// The host's share is taken (once the server has counted them: a dial
	// returns when the kernel accepts, before the server does) ...
	deadline := time.Now().Add(waitTime)
	for r.game.Stats().Open < perAddr && time.Now().Before(deadline) {
		time.Sleep(10 * time.Millisecond)
	}
	// ... so its next game connection is refused.
	c, err := net.Dial("tcp", r.tcpAddr)
	if err != nil {
		t.Fatal(err)
	}
	defer c.Close()
	c.SetReadDeadline(time.Now().Add(waitTime))
	line, _ := bufio.NewReader(c).ReadString('\n')
	if !strings.Contains(line, `"code":"server_full"`) || !strings.Contains(line, "too many connections from your address") {
		t.Errorf("a game connection beside %d silent SSH connections got %q, want server_full", perAddr, line)
	}
	// Another host logs in over SSH and plays.
	nc, err := (&net.Dialer{LocalAddr: &net.TCPAddr{IP: net.ParseIP("127.0.0.2")}}).Dial("tcp", r.sshAddr)
	if err != nil {
		t.Fatal(err)
	}
	cc, chans, reqs, err := gossh.NewClientConn(nc, r.sshAddr, &gossh.ClientConfig{
		User: "other", HostKeyCallback: gossh.FixedHostKey(r.srv.signer.PublicKey()),
		Auth: []gossh.AuthMethod{gossh.PublicKeys(mustSigner(t, newKey(t)))}, Timeout: waitTime,
	})
	if err != nil {
		t.Fatalf("another host cannot log in: %v", err)
	}
	other := gossh.NewClient(cc, chans, reqs)
	defer other.Close()
	openTerm(t, other, 80, 24).waitText("New game")
	// The silent connections are closed by the handshake deadline, and
	// their places are free again.
	for _, s := range silent {
		s.SetReadDeadline(time.Now().Add(waitTime))
		if _, err := bufio.NewReader(s).ReadString(0); err == nil || errors.Is(err, os.ErrDeadlineExceeded) {
			t.Fatalf("a silent connection is still open after the handshake deadline: %v", err)
		}
	}
	ctx, cancel := context.WithTimeout(context.Background(), waitTime)
	defer cancel()
	for {
		c, _, err := netplay.Dial(ctx, r.tcpAddr, "back", "")
		if err == nil {
			c.Close()
			break
		}
		if ctx.Err() != nil {
			t.Fatalf("the host's places were not freed: %v", err)
		}
		time.Sleep(20 * time.Millisecond)
	}
}

// TestShutdownWithStuckSessions: sessions whose clients read nothing do
// not hold the server's shutdown: it ends within its second of grace plus
// the cut, and says goodbye to the players who read.
func TestShutdownWithStuckSessions(t *testing.T) {
	slowTest(t)
	t.Parallel()
	r := newRig(t, nil)
	for range 3 {
		stuckTerm(t, r.dial("stuck", newKey(t)))
	}
	calm := openTerm(t, r.dial("calm", newKey(t)), 80, 24)
	calm.waitText("New game")
	r.waitSessions(4, "the sessions")
	ctx, cancel := context.WithTimeout(context.Background(), 3*time.Second)
	defer cancel()
	if err := r.srv.Shutdown(ctx); err != nil {
		t.Fatalf("shutdown: %v", err)
	}
	calm.wait()
	if !strings.Contains(calm.output(), "The Minotaur server is shutting down. Goodbye, calm!") {
		t.Errorf("no goodbye for the player who reads")
	}
}

// TestSecretsPrivate: the host key and a player's token are readable by the
// server's user only.
func TestSecretsPrivate(t *testing.T) {
	r := newRig(t, nil)
	key := newKey(t)
	tm := openTerm(t, r.dial("alice", key), 80, 24)
	toLobby(tm, "alice")
	for _, path := range []string{
		filepath.Join(r.data, sshDirName, hostKeyName),
		filepath.Join(r.data, sshDirName, playersDirName, identityOf(mustSigner(t, key).PublicKey()), tokenFileName),
	} {
		st, err := os.Stat(path)
		if err != nil {
			t.Fatal(err)
		}
		if st.Mode().Perm() != 0o600 {
			t.Errorf("%s: mode %v, want 0600", filepath.Base(path), st.Mode().Perm())
		}
	}
}

// serverConns counts the SSH connections and sessions the server still
// runs, by their goroutines (the larger count).
func serverConns() int {
	var b strings.Builder
	pprof.Lookup("goroutine").WriteTo(&b, 2)
	return max(strings.Count(b.String(), "charmbracelet/ssh.(*Server).HandleConn("),
		strings.Count(b.String(), "charmbracelet/ssh.(*session).handleRequests("))
}

// TestStormBeforeShell: window changes sent before the shell (nobody takes
// them yet), to a session that is then refused (its key has all its
// sessions) or never started, must not wedge the connection: once the
// client is gone, the server holds nothing of it.
func TestStormBeforeShell(t *testing.T) {
	slowTest(t)
	t.Parallel()
	r := newRig(t, func(c *Config) { c.MaxPerKey = 1 })
	key := newKey(t)
	openTerm(t, r.dial("held", key), 80, 24).waitText("New game")
	var storms []*gossh.Client
	for i := range 4 {
		c, err := r.tryDial("held", key)
		if err != nil {
			t.Fatal(err)
		}
		sess := stuckPty(t, c)
		storm(t, sess)
		if i%2 == 0 {
			if err := sess.Shell(); err != nil {
				t.Fatal(err)
			}
		}
		storms = append(storms, c)
	}
	time.Sleep(300 * time.Millisecond)
	for _, c := range storms {
		c.Close()
	}
	deadline := time.Now().Add(waitTime)
	for serverConns() > 1 {
		if time.Now().After(deadline) {
			t.Fatalf("%d connections or sessions still run on the server after their clients left, want 1", serverConns())
		}
		time.Sleep(20 * time.Millisecond)
	}
}
