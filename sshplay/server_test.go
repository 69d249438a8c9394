package sshplay

import (
	"context"
	"errors"
	"io"
	"net"
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"testing"
	"time"

	gossh "golang.org/x/crypto/ssh"

	"github.com/minotaur-game/minotaur/levels"
	"github.com/minotaur-game/minotaur/netplay"
	"github.com/minotaur-game/minotaur/saves"
	"github.com/minotaur-game/minotaur/tui"
)

// A player logs in with a key, sees the main menu, plays a few turns,
// saves on the way out and quits: the save and the replay are in the
// player's folder on the server, and the terminal gets a goodbye.
func TestPlaySoloOverSSH(t *testing.T) {
	r := newRig(t, nil)
	key := newKey(t)
	tm := openTerm(t, r.dial("alice", key), 80, 24)

	scr := tm.waitText("New game", "Continue", "Network game", "High scores", "Quit")
	if !strings.Contains(scr, "Playing as alice") {
		t.Errorf("the menu does not say who plays; the screen:\n%s", scr)
	}
	tm.press("\r") // New game
	tm.waitText("Level 1/7", "Turn 0", "Seed   42")
	tm.press(" ", " ", " ")
	tm.waitText("Turn 3")
	tm.press("\x1b") // Esc: pause
	tm.waitText("PAUSED")
	tm.press("q")
	tm.waitText("Quit to the menu without saving?")
	tm.press("s") // save, then quit
	tm.waitText("New game")
	tm.press("q")
	if st := tm.wait(); st != 0 {
		t.Errorf("exit status %d, want 0", st)
	}
	if out := tm.output(); !strings.Contains(out, "Goodbye, alice!") {
		t.Errorf("no goodbye line; the end of the output: %q", out[max(0, len(out)-200):])
	}

	signer := mustSigner(t, key)
	dir := filepath.Join(r.data, "ssh", "players", identityOf(signer.PublicKey()))
	// The replay is written while the menu shows, and its write may still
	// be finishing (its temporary file beside it) when the session ends.
	// The replay has its run summary beside it.
	for sub, want := range map[string]int{"saves": 1, "replays": 2} {
		for deadline := time.Now().Add(waitTime); ; time.Sleep(20 * time.Millisecond) {
			files, err := os.ReadDir(filepath.Join(dir, sub))
			if err == nil && len(files) == want {
				break
			}
			if time.Now().After(deadline) {
				t.Errorf("%s of the player: %v %v, want %d files", sub, files, err, want)
				break
			}
		}
	}
}

// Sessions the game cannot serve are turned away with a sentence that says
// what to do, and a non-zero exit status.
func TestSessionsRefused(t *testing.T) {
	r := newRig(t, func(c *Config) { c.MaxSessions = 1 })
	tests := []struct {
		name    string
		pty     bool
		command string
		want    string
	}{
		{"no terminal", false, "", "this session has none"},
		{"a command", true, "cat /etc/passwd", `Minotaur runs no commands (asked: "cat /etc/passwd")`},
		{"a command without terminal", false, "ls", "this session has none"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			sess, err := r.dial("carol", newKey(t)).NewSession()
			if err != nil {
				t.Fatal(err)
			}
			defer sess.Close()
			if tt.pty {
				if err := sess.RequestPty("xterm", 24, 80, nil); err != nil {
					t.Fatal(err)
				}
			}
			var stderr strings.Builder
			sess.Stderr = &stderr
			if tt.command == "" {
				err = sess.Shell()
				if err == nil {
					err = sess.Wait()
				}
			} else {
				err = sess.Run(tt.command)
			}
			var exit *gossh.ExitError
			if !errors.As(err, &exit) || exit.ExitStatus() != 1 {
				t.Errorf("session ended with %v, want exit status 1", err)
			}
			if !strings.Contains(stderr.String(), tt.want) {
				t.Errorf("stderr %q does not say %q", stderr.String(), tt.want)
			}
		})
	}

	t.Run("server full", func(t *testing.T) {
		first := openTerm(t, r.dial("dave", newKey(t)), 80, 24)
		first.waitText("New game")
		sess, err := r.dial("erin", newKey(t)).NewSession()
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
		err = sess.Wait()
		var exit *gossh.ExitError
		if !errors.As(err, &exit) || exit.ExitStatus() != 1 || !strings.Contains(stderr.String(), "server is full") {
			t.Errorf("second session: %v, stderr %q; want exit status 1 and \"server is full\"", err, stderr.String())
		}
		first.press("q")
		if st := first.wait(); st != 0 {
			t.Errorf("first session: exit status %d", st)
		}
	})
}

// A session in which no key is pressed for Idle is closed with a goodbye;
// keys keep it open.
func TestIdleSessionClosed(t *testing.T) {
	slowTest(t)
	t.Parallel()
	const idle = 2 * time.Second
	r := newRig(t, func(c *Config) { c.Idle = idle })
	tm := openTerm(t, r.dial("frank", newKey(t)), 80, 24)
	tm.waitText("New game")
	start := time.Now()
	// Keys every twentieth of the idle time (a wide margin for a busy
	// machine), for longer than the idle time: the session stays.
	for i := 0; time.Since(start) < idle+idle/2; i++ {
		tm.press([]string{"s", "w"}[i%2])
		time.Sleep(idle / 20)
	}
	tm.press("i") // High scores
	tm.waitFor("the high scores", func(scr string) bool { return strings.Contains(scr, "HIGH SCORES") })
	if st := tm.wait(); st != 0 {
		t.Errorf("exit status %d, want 0", st)
	}
	if out := tm.output(); !strings.Contains(out, "No key was pressed for 2s, so this session is closed. Goodbye, frank!") {
		t.Errorf("no idle goodbye; the end of the output: %q", out[max(0, len(out)-200):])
	}
}

// Stopping the server ends every session with a goodbye line.
func TestShutdownSaysGoodbye(t *testing.T) {
	r := newRig(t, nil)
	a := openTerm(t, r.dial("gina", newKey(t)), 80, 24)
	b := openTerm(t, r.dial("hal", nil), 100, 30)
	a.waitText("New game")
	b.waitText("New game")
	a.press("\r")
	a.waitText("Turn 0")
	ctx, cancel := context.WithTimeout(context.Background(), waitTime)
	defer cancel()
	if err := r.srv.Shutdown(ctx); err != nil {
		t.Fatal(err)
	}
	for _, tm := range []*term{a, b} {
		tm.wait()
		if out := tm.output(); !strings.Contains(out, "The Minotaur server is shutting down. Goodbye,") {
			t.Errorf("no shutdown goodbye; the end of the output: %q", out[max(0, len(out)-200):])
		}
	}
	if _, err := r.tryDial("ivan", newKey(t)); err == nil {
		t.Error("a login succeeded after Shutdown")
	}
}

// A guest (no key) plays in a folder of their own that goes when they
// leave; the menu tells them so.
func TestGuestFolderGoes(t *testing.T) {
	r := newRig(t, nil)
	tm := openTerm(t, r.dial("judy", nil), 80, 24)
	tm.waitText("New game", "Playing as judy (guest, no SSH key): saves last for this visit only")
	guests := filepath.Join(r.data, "ssh", "guests")
	dirs, err := os.ReadDir(guests)
	if err != nil || len(dirs) != 1 {
		t.Fatalf("guests' folders during the visit: %v %v, want one", dirs, err)
	}
	tm.press("q")
	tm.wait()
	if dirs, _ := os.ReadDir(guests); len(dirs) != 0 {
		t.Errorf("guests' folders after the visit: %v, want none", dirs)
	}
}

// The host key is made once and kept: a restarted server shows the same
// one. A damaged key stops the server with a sentence naming the file.
func TestHostKeyKept(t *testing.T) {
	data := t.TempDir()
	cwd := t.TempDir()
	t.Chdir(cwd) // nothing may be written where the server happens to run
	game, err := netplay.NewServer(netplay.Config{})
	if err != nil {
		t.Fatal(err)
	}
	defer game.Shutdown(context.Background())
	first, err := New(Config{DataDir: data, Game: game})
	if err != nil {
		t.Fatal(err)
	}
	again, err := New(Config{DataDir: data, Game: game})
	if err != nil {
		t.Fatal(err)
	}
	if files, _ := os.ReadDir(cwd); len(files) > 0 {
		t.Errorf("the server wrote %v in its working folder", files)
	}
	if first.Fingerprint() != again.Fingerprint() {
		t.Errorf("host key changed on restart: %s, then %s", first.Fingerprint(), again.Fingerprint())
	}
	if first.signer.PublicKey().Type() != gossh.KeyAlgoED25519 {
		t.Errorf("host key type %s, want ed25519", first.signer.PublicKey().Type())
	}
	st, err := os.Stat(filepath.Join(data, "ssh"))
	if err != nil {
		t.Fatal(err)
	}
	if runtime.GOOS != "windows" && st.Mode().Perm() != 0o700 {
		t.Errorf("the SSH folder's mode is %v, want 0700 (it holds the host key)", st.Mode().Perm())
	}
	path := filepath.Join(data, "ssh", "host_ed25519")
	if err := os.WriteFile(path, []byte("not a key\n"), 0o600); err != nil {
		t.Fatal(err)
	}
	_, err = New(Config{DataDir: data, Game: game})
	if err == nil || !strings.Contains(err.Error(), path) {
		t.Errorf("a damaged host key gave %v, want an error naming %s", err, path)
	}
}

func TestPlayerName(t *testing.T) {
	tests := []struct{ user, want string }{
		{"alice", "alice"},
		{"john.doe", "john_doe"},
		{"Zoë", "Zo_"},
		{"", "player"},
		{"...", "player"},
		{"a-very-long-user-name-indeed", "a-very-long-user"},
		{"x\x1b[31my", "x__31my"},
	}
	for _, tt := range tests {
		t.Run(tt.user, func(t *testing.T) {
			got := netplay.PlayerName(tt.user)
			if got != tt.want || !netplay.ValidName(got) {
				t.Errorf("netplay.PlayerName(%q) = %q, want %q (a valid name)", tt.user, got, tt.want)
			}
		})
	}
}

// Each session is drawn for its own terminal: its type and NO_COLOR decide
// the colours, whatever the server's own terminal is. Without colour, the
// game screen marks the player in reverse video.
func TestColoursFollowTheSession(t *testing.T) {
	r := newRig(t, nil)
	const reverse = "\x1b[7m"
	tests := []struct {
		name      string
		termType  string
		env       []string
		want, not []string // escapes that must (must not) be drawn
	}{
		{"256 colours", "xterm-256color", nil, []string{"\x1b[1;91m", "\x1b[38;5;244m"}, nil},
		{"16 colours", "xterm", nil, []string{"\x1b[1;91m", "\x1b[90m"}, []string{"\x1b[38;5;"}},
		{"NO_COLOR", "xterm-256color", []string{"NO_COLOR=1"}, []string{reverse}, []string{"91m", "\x1b[38;5;"}},
		{"dumb", "dumb", nil, []string{reverse}, []string{"91m", "\x1b[38;5;"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			tm := openTermAs(t, r.dial("kim", newKey(t)), 80, 24, tt.termType, tt.env)
			tm.waitText("New game", "Playing as kim")
			tm.press("\r")
			tm.waitText("Turn 0")
			out := tm.output()
			for _, esc := range tt.want {
				if !strings.Contains(out, esc) {
					t.Errorf("the menu and the game are drawn without %q", esc)
				}
			}
			for _, esc := range tt.not {
				if strings.Contains(out, esc) {
					t.Errorf("the menu and the game are drawn with %q", esc)
				}
			}
			tm.press("\x03") // Ctrl+C: nothing played, so no question
			if st := tm.wait(); st != 0 {
				t.Errorf("exit status %d after Ctrl+C, want 0", st)
			}
		})
	}
}

// A client asking for a gigantic terminal gets frames of at most
// MaxWidth × MaxHeight, not frames the size of its request.
func TestHugeTerminal(t *testing.T) {
	r := newRig(t, nil)
	tm := openTerm(t, r.dial("liz", newKey(t)), 5000, 5000)
	tm.waitText("New game")
	tm.press("q")
	tm.wait()
	if n := len(tm.output()); n > 4*MaxWidth*MaxHeight {
		t.Errorf("%d bytes sent for the menu of a 5000×5000 terminal, want at most %d", n, 4*MaxWidth*MaxHeight)
	}
}

// A connection that does not log in is closed after LoginGrace.
func TestLoginGrace(t *testing.T) {
	r := newRig(t, func(c *Config) { c.LoginGrace = 200 * time.Millisecond })
	conn, err := net.Dial("tcp", r.sshAddr)
	if err != nil {
		t.Fatal(err)
	}
	defer conn.Close()
	conn.SetDeadline(time.Now().Add(waitTime))
	got, err := io.ReadAll(conn) // the server's version line, then the end
	if err != nil {
		t.Fatalf("the silent connection was not closed: %v", err)
	}
	if !strings.HasPrefix(string(got), "SSH-2.0-minotaur\r\n") {
		t.Errorf("the server said %q, want its version line", got)
	}
}

// A server started with level files plays them in the SSH players' solo
// games too.
func TestCustomCampaign(t *testing.T) {
	path := filepath.Join("..", "levels", "examples", "01-first-steps.txt")
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	lv, _, err := levels.Parse(path, data)
	if err != nil {
		t.Fatal(err)
	}
	r := newRig(t, func(c *Config) {
		c.Levels, c.SeedFixed = tui.Campaign{{Level: lv, Text: string(data)}}, true
	})
	tm := openTerm(t, r.dial("max", newKey(t)), 80, 24)
	tm.waitText("New game")
	tm.press("\r")
	tm.waitText("Level 1/1", "Turn 0", "Seed   42")
}

// The server gives nothing but the game: no port forwarding either way, no
// subsystem (sftp).
func TestNothingButTheGame(t *testing.T) {
	r := newRig(t, nil)
	c := r.dial("mallory", newKey(t))
	if conn, err := c.Dial("tcp", r.tcpAddr); err == nil {
		conn.Close()
		t.Error("a local port forward to the game server's port was opened")
	}
	if ln, err := c.Listen("tcp", "127.0.0.1:0"); err == nil {
		ln.Close()
		t.Error("a remote port forward was opened")
	}
	sess, err := c.NewSession()
	if err != nil {
		t.Fatal(err)
	}
	defer sess.Close()
	if err := sess.RequestSubsystem("sftp"); err == nil {
		t.Error("the sftp subsystem was started")
	}
}

// A player whose connection drops, or who idles out, loses nothing: the
// solo game in progress is saved in their folder, and Continue finds it.
func TestDroppedPlayerKeepsTheGame(t *testing.T) {
	slowTest(t)
	t.Parallel()
	for _, how := range []string{"drop", "idle"} {
		t.Run(how, func(t *testing.T) {
			r := newRig(t, func(c *Config) {
				if how == "idle" {
					// Long enough that the screens before the last
					// key never take it, on a busy machine too.
					c.Idle = 3 * time.Second
				}
			})
			key := newKey(t)
			client := r.dial("jo", key)
			tm := openTerm(t, client, 80, 24)
			tm.waitText("New game")
			tm.press("\r")
			tm.waitText("Turn 0")
			tm.press(" ", " ")
			tm.waitText("Turn 2")
			if how == "drop" {
				client.Close()
			} else {
				tm.wait()
			}
			signer := mustSigner(t, key)
			dir := filepath.Join(r.data, "ssh", "players", identityOf(signer.PublicKey()), "saves")
			// A whole save, listed as the menu lists it: the folder may
			// hold the write's temporary file a moment before.
			deadline := time.Now().Add(waitTime)
			for {
				list, err := saves.Store{Dir: dir}.List()
				if err == nil && len(list) == 1 && !list[0].Damaged() {
					break
				}
				if time.Now().After(deadline) {
					t.Fatalf("after the %s the player's saves hold %v (%v), want one whole save", how, list, err)
				}
				time.Sleep(20 * time.Millisecond)
			}
			again := openTerm(t, r.dial("jo", key), 80, 24)
			again.waitText("New game")
			again.continueGame("Turn 2")
		})
	}
}
