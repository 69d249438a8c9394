package sshplay

import (
	"encoding/pem"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"

	gossh "golang.org/x/crypto/ssh"

	"github.com/minotaur-game/minotaur/internal/testenv"
)

// These tests run the real OpenSSH client in tmux against the servers of
// the test, on loopback, with a throwaway key and no known_hosts file:
// under make e2e and CI only (MINOTAUR_TEST_E2E=1), side by side, each with
// its own tmux server.

// needTools skips the test outside make e2e, and fails it there when a
// tool is missing; the test runs in parallel with the others.
func needTools(t *testing.T, tools ...string) {
	t.Helper()
	testenv.E2E(t, tools...)
	t.Parallel()
}

// sshArgs are the ssh client's arguments to log in to the rig as user:
// with the key in keyFile, or with no key at all when keyFile is "".
func (r *rig) sshArgs(user, keyFile string, extra ...string) []string {
	host, port, _ := strings.Cut(r.sshAddr, ":")
	args := []string{"-F", "/dev/null", "-p", port,
		"-o", "StrictHostKeyChecking=no", "-o", "UserKnownHostsFile=/dev/null",
		"-o", "LogLevel=ERROR", "-o", "IdentitiesOnly=yes"}
	if keyFile != "" {
		args = append(args, "-i", keyFile)
	} else {
		args = append(args, "-o", "PubkeyAuthentication=no")
	}
	return append(append(args, extra...), user+"@"+host)
}

// writeKey writes a new client key in OpenSSH format and returns its file.
func writeKey(t *testing.T) string {
	t.Helper()
	block, err := gossh.MarshalPrivateKey(newKey(t), "throwaway test key")
	if err != nil {
		t.Fatal(err)
	}
	path := filepath.Join(t.TempDir(), "id_ed25519")
	if err := os.WriteFile(path, pem.EncodeToMemory(block), 0o600); err != nil {
		t.Fatal(err)
	}
	return path
}

// tmux is a tmux server of its own running one window.
type tmux struct {
	t      *testing.T
	socket string
}

func startTmux(t *testing.T, w, h int, argv ...string) *tmux {
	t.Helper()
	tm := &tmux{t: t, socket: filepath.Join(t.TempDir(), "tmux.sock")}
	// The window stays after ssh ends, so that its last words and its exit
	// status can be read.
	script := shellQuote(argv) + `; echo "[exit status $?]"; sleep 600`
	tm.run("new-session", "-d", "-x", fmt.Sprint(w), "-y", fmt.Sprint(h), script)
	t.Cleanup(func() { exec.Command("tmux", "-S", tm.socket, "kill-server").Run() })
	return tm
}

func shellQuote(argv []string) string {
	q := make([]string, len(argv))
	for i, a := range argv {
		q[i] = "'" + strings.ReplaceAll(a, "'", `'\''`) + "'"
	}
	return strings.Join(q, " ")
}

func (tm *tmux) run(args ...string) string {
	tm.t.Helper()
	out, err := exec.Command("tmux", append([]string{"-S", tm.socket}, args...)...).CombinedOutput()
	if err != nil {
		tm.t.Fatalf("tmux %s: %v\n%s", strings.Join(args, " "), err, out)
	}
	return string(out)
}

func (tm *tmux) screen() string { return tm.run("capture-pane", "-p", "-t", "0") }

func (tm *tmux) keys(keys ...string) { tm.run(append([]string{"send-keys", "-t", "0"}, keys...)...) }

// waitText waits until every text is on the screen.
func (tm *tmux) waitText(texts ...string) string {
	tm.t.Helper()
	deadline := time.Now().Add(waitTime)
	for {
		scr := tm.screen()
		ok := true
		for _, s := range texts {
			ok = ok && strings.Contains(scr, s)
		}
		if ok {
			return scr
		}
		if time.Now().After(deadline) {
			tm.t.Fatalf("timed out waiting for %q; the screen:\n%s", texts, scr)
		}
		time.Sleep(50 * time.Millisecond)
	}
}

// A player with the real ssh client and a key: the menu, a few turns, a
// resize, quitting, and the goodbye left in the terminal.
func TestOpenSSHPlays(t *testing.T) {
	needTools(t, "ssh", "tmux")
	r := newRig(t, nil)
	keyFile := writeKey(t)
	tm := startTmux(t, 80, 24, append([]string{"ssh"}, r.sshArgs("alice", keyFile)...)...)

	tm.waitText("New game", "Network game", "Playing as alice (key SHA256:")
	tm.keys("Enter")
	tm.waitText("Level 1/7", "Turn 0", "Seed   42")
	tm.keys("Space")
	tm.waitText("Turn 1")
	tm.keys("Space")
	tm.waitText("Turn 2")

	tm.run("resize-window", "-t", "0", "-x", "30", "-y", "10")
	tm.waitText("Terminal too small", "(now 30×10)")
	tm.run("resize-window", "-t", "0", "-x", "100", "-y", "30")
	tm.waitText("Turn 2", "Seed   42")

	tm.keys("Escape")
	tm.waitText("PAUSED", "Level 1/7 · turn 2")
	tm.keys("q")
	tm.waitText("Quit to the menu without saving?")
	tm.keys("y")
	tm.waitText("New game")
	tm.keys("q")
	tm.waitText("Thanks for playing Minotaur. Goodbye, alice!", "[exit status 0]")
}

// A player without a key logs in with no password prompt, as a guest.
func TestOpenSSHGuest(t *testing.T) {
	needTools(t, "ssh", "tmux")
	r := newRig(t, nil)
	tm := startTmux(t, 80, 24, append([]string{"ssh"}, r.sshArgs("bob", "")...)...)
	tm.waitText("New game", "Playing as bob (guest, no SSH key): saves last for this visit only")
	tm.keys("C-c")
	tm.waitText("Thanks for playing Minotaur. Goodbye, bob!", "[exit status 0]")
}

// ssh with a command, or without a terminal, is told how to connect.
func TestOpenSSHWithoutTerminal(t *testing.T) {
	needTools(t, "ssh")
	r := newRig(t, nil)
	keyFile := writeKey(t)
	tests := []struct {
		name string
		args []string
		want string
	}{
		{"a command", append(r.sshArgs("carol", keyFile, "-o", "BatchMode=yes"), "ls"), "this session has none"},
		{"no pty", r.sshArgs("carol", keyFile, "-T", "-o", "BatchMode=yes"), "this session has none"},
		{"a command with a pty", append(r.sshArgs("carol", keyFile, "-tt", "-o", "BatchMode=yes"), "ls", "-l"), `Minotaur runs no commands (asked: "ls -l")`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			cmd := exec.Command("ssh", tt.args...)
			cmd.Stdin = strings.NewReader("")
			out, err := cmd.CombinedOutput()
			exit, ok := err.(*exec.ExitError)
			if !ok || exit.ExitCode() != 1 {
				t.Errorf("ssh ended with %v, want exit status 1; output:\n%s", err, out)
			}
			if !strings.Contains(string(out), tt.want) {
				t.Errorf("output %q does not say %q", out, tt.want)
			}
		})
	}
}
