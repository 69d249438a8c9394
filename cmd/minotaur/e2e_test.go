package main

import (
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/minotaur-game/minotaur/engine"
	"github.com/minotaur-game/minotaur/internal/testboard"
	"github.com/minotaur-game/minotaur/internal/testenv"
	"github.com/minotaur-game/minotaur/levels"
)

// The end-to-end tests build the real binary and play it in tmux, reading
// the screen with capture-pane as a player would see it. They run under
// make e2e and CI only (MINOTAUR_TEST_E2E=1 go test ./cmd/minotaur -run
// TestE2E), side by side: each has its own tmux server.

var tmuxN atomic.Int32

// term is one tmux server (its own socket, so tests never collide) with one
// session of a fixed size.
type term struct {
	t      *testing.T
	socket string
}

// e2eWait bounds every wait for the screen. It is a last guard against a
// hung test, never a measure: the binary answers within a frame, but on two
// cores shared with other builds a frame can take seconds.
const e2eWait = 3 * time.Minute

func newTerm(t *testing.T, w, h int, command string) *term {
	t.Helper()
	testenv.E2E(t, "tmux")
	tm := &term{t: t, socket: fmt.Sprintf("minotaur-e2e-%d-%d", os.Getpid(), tmuxN.Add(1))}
	t.Cleanup(func() { exec.Command("tmux", "-L", tm.socket, "kill-server").Run() })
	tm.tmux("new-session", "-d", "-s", "e2e", "-x", fmt.Sprint(w), "-y", fmt.Sprint(h), command)
	return tm
}

func (tm *term) tmux(args ...string) string {
	tm.t.Helper()
	cmd := exec.Command("tmux", append([]string{"-L", tm.socket}, args...)...)
	cmd.Env = append(os.Environ(), "TERM=xterm-256color")
	out, err := cmd.CombinedOutput()
	if err != nil {
		tm.t.Fatalf("tmux %s: %v\n%s", strings.Join(args, " "), err, out)
	}
	return string(out)
}

// keys sends keys by tmux name (Enter, Down, Escape, C-c) or as text.
func (tm *term) keys(keys ...string) { tm.tmux(append([]string{"send-keys", "-t", "e2e"}, keys...)...) }

// screen returns the visible text.
func (tm *term) screen() string { return tm.tmux("capture-pane", "-p", "-t", "e2e") }

// waitFor waits until the screen shows every text, and returns it.
func (tm *term) waitFor(step string, texts ...string) string {
	tm.t.Helper()
	deadline := time.Now().Add(e2eWait)
	var s string
	for time.Now().Before(deadline) {
		s = tm.screen()
		ok := true
		for _, x := range texts {
			ok = ok && strings.Contains(s, x)
		}
		if ok {
			return s
		}
		time.Sleep(30 * time.Millisecond)
	}
	tm.t.Fatalf("%s: the screen does not show %q after %v:\n%s", step, texts, e2eWait, s)
	return ""
}

// continueGame presses C on the main menu until the screen shows every
// text. The menu reads the saves folder after it is first drawn: a C that
// comes before says there is no saved game, and changes nothing else, so
// it is pressed again.
func (tm *term) continueGame(step string, texts ...string) string {
	tm.t.Helper()
	deadline := time.Now().Add(e2eWait)
	var s string
	for time.Now().Before(deadline) {
		tm.keys("c")
		for again := time.Now().Add(300 * time.Millisecond); time.Now().Before(again); time.Sleep(30 * time.Millisecond) {
			s = tm.screen()
			ok := true
			for _, x := range texts {
				ok = ok && strings.Contains(s, x)
			}
			if ok {
				return s
			}
		}
	}
	tm.t.Fatalf("%s: the screen does not show %q after %v:\n%s", step, texts, e2eWait, s)
	return ""
}

// waitGone waits until the screen no longer shows text, and returns it. A
// key sent right after Escape would reach the game as Alt and that key:
// wait for the Escape to be taken first.
func (tm *term) waitGone(step, text string) string {
	tm.t.Helper()
	deadline := time.Now().Add(e2eWait)
	var s string
	for time.Now().Before(deadline) {
		if s = tm.screen(); !strings.Contains(s, text) {
			return s
		}
		time.Sleep(30 * time.Millisecond)
	}
	tm.t.Fatalf("%s: the screen still shows %q after %v:\n%s", step, text, e2eWait, s)
	return ""
}

// binDir holds the binary the end-to-end tests share, built by the first
// that asks (binOnce); TestMain removes it.
var (
	binOnce sync.Once
	binDir  string
	binErr  error
)

// buildBinary skips the test outside make e2e, and returns the game's
// binary, built once for all the tests of the run.
func buildBinary(t *testing.T) string {
	t.Helper()
	testenv.E2E(t, "tmux")
	return gameBinary(t)
}

// gameBinary returns the game's binary, built once for all the tests of
// the run.
func gameBinary(t *testing.T) string {
	t.Helper()
	binOnce.Do(func() {
		if binDir, binErr = os.MkdirTemp("", "minotaur-e2e-"); binErr != nil {
			return
		}
		out, err := exec.Command("go", "build", "-o", filepath.Join(binDir, "minotaur"), ".").CombinedOutput()
		if err != nil {
			binErr = fmt.Errorf("go build: %v\n%s", err, out)
		}
	})
	if binErr != nil {
		t.Fatal(binErr)
	}
	return filepath.Join(binDir, "minotaur")
}

func TestMain(m *testing.M) {
	// The player's folders of the tests' runs are their own: the runs
	// neither read the tester's settings nor move the tester's files.
	home, err := os.MkdirTemp("", "minotaur-cmd-test-")
	if err != nil {
		panic(err)
	}
	os.Setenv("XDG_CONFIG_HOME", filepath.Join(home, "config"))
	os.Setenv("XDG_DATA_HOME", filepath.Join(home, "data"))
	os.Unsetenv("MINOTAUR_DATA")
	os.Unsetenv("MINOTAUR_PALETTE")
	code := m.Run()
	if binDir != "" {
		os.RemoveAll(binDir)
	}
	os.RemoveAll(home)
	os.Exit(code)
}

// mapPart returns the first n columns of each line, without trailing
// blanks: the map beside the panel.
func mapPart(screen string, n int) string {
	var b strings.Builder
	for _, l := range strings.Split(screen, "\n") {
		r := []rune(l)
		b.WriteString(strings.TrimRight(string(r[:min(n, len(r))]), " ") + "\n")
	}
	return b.String()
}

// TestE2EPlaySaveContinue plays at 80×24: the menu, a seeded game, moves,
// the help, the pause menu, a save, quitting; then a new run with the same
// --saves continues the game at the same place.
func TestE2EPlaySaveContinue(t *testing.T) {
	t.Parallel()
	bin := buildBinary(t)
	dir := t.TempDir()
	const seed = 4
	cmdline := fmt.Sprintf("%s --saves %s --scores %s --seed %d --name e2e; echo EXITED $?; sleep 60",
		bin, filepath.Join(dir, "saves"), filepath.Join(dir, "hs.json"), seed)
	tm := newTerm(t, 80, 24, cmdline)

	tm.waitFor("menu", "New game", "Continue", "Network game", "High scores", "Help", "Quit")
	tm.keys("Enter")
	tm.waitFor("new game", "Level 1/7", "Turn 0", fmt.Sprintf("Seed   %d", seed))

	moves := "ssdd"
	want, _ := engine.New(engine.Config{Seed: seed, Players: 1})
	for _, c := range moves {
		a, _ := engine.ParseAction(byte(c))
		want.Apply(1, a)
		tm.keys(string(c))
	}
	turn := want.Status().Turn
	before := tm.waitFor("moves", fmt.Sprintf("Turn %d", turn))
	if turn == 0 {
		t.Fatalf("the moves %q cost no turn; choose moves that walk", moves)
	}

	tm.keys("?")
	tm.waitFor("help", "HELP", "Symbols", "Keys", "100")
	tm.keys("x")
	tm.waitFor("back from help", fmt.Sprintf("Turn %d", turn))

	tm.keys("p")
	tm.waitFor("pause", "PAUSED", "Continue", "Save", "Quit to menu")
	tm.keys("Down", "Enter")
	tm.waitFor("save", "Saved as save-")
	tm.keys("Down", "Enter")
	tm.waitFor("menu after quitting", "New game", "Network game")
	tm.keys("q")
	tm.waitFor("exit", "EXITED 0")
	saves, _ := filepath.Glob(filepath.Join(dir, "saves", "save-*.json"))
	if len(saves) != 1 {
		t.Fatalf("%d save files, want 1", len(saves))
	}

	tm.tmux("respawn-pane", "-k", "-t", "e2e", cmdline)
	tm.waitFor("menu again", "New game", "Continue")
	after := tm.continueGame("continue", "Welcome back", fmt.Sprintf("Turn %d", turn))
	if b, a := mapPart(before, 20), mapPart(after, 20); b != a {
		t.Fatalf("the continued map differs from the saved one:\n--- before ---\n%s--- after ---\n%s", b, a)
	}
	tm.keys("C-c")
	tm.waitFor("exit after continue", "EXITED 0")
}

// TestE2EScroll plays a custom level larger than a 60×20 terminal: the map
// scrolls to keep the player in view at every step.
func TestE2EScroll(t *testing.T) {
	t.Parallel()
	bin := buildBinary(t)
	dir := t.TempDir()
	lv, err := engine.GenerateSize(3, 41, 61)
	if err != nil {
		t.Fatal(err)
	}
	file := filepath.Join(dir, "big.txt")
	if err := os.WriteFile(file, []byte(levels.Format(lv)), 0o644); err != nil {
		t.Fatal(err)
	}
	cmdline := fmt.Sprintf("%s --saves %s --scores %s --level %s --seed 1; echo EXITED $?; sleep 60",
		bin, filepath.Join(dir, "saves"), filepath.Join(dir, "hs.json"), file)
	tm := newTerm(t, 60, 20, cmdline)
	tm.waitFor("menu", "New game")
	tm.keys("Enter")
	tm.waitFor("game", "Level 1/1")

	g, err := engine.New(engine.Config{Seed: 1, Players: 1, Levels: []engine.Level{lv}})
	if err != nil {
		t.Fatal(err)
	}
	// Walk toward the key along a shortest path, checking the screen at
	// every step: the player's P is on it and nothing is wider or taller
	// than the terminal.
	for step := 0; step < 25 && g.Result() == engine.InProgress; step++ {
		a := firstStep(g, lv.Key)
		g.Apply(1, a)
		tm.keys(string(rune(a)))
		s := tm.waitFor(fmt.Sprintf("step %d", step+1), fmt.Sprintf("Turn %d", g.Status().Turn))
		lines := strings.Split(strings.TrimRight(s, "\n"), "\n")
		if len(lines) > 20 {
			t.Fatalf("step %d: %d lines on a 20-line terminal", step+1, len(lines))
		}
		if !strings.Contains(mapPart(s, 32), "P") {
			t.Fatalf("step %d: the player is not on the screen:\n%s", step+1, s)
		}
	}
	if g.Result() == engine.Lost {
		t.Fatal("the walk ran into a monster; choose another seed")
	}
	tm.keys("C-c")
	tm.waitFor("confirm", "Quit the game without saving?")
	tm.keys("y")
	tm.waitFor("exit", "EXITED 0")
	if r, _ := filepath.Glob(filepath.Join(dir, "replays", "*.json")); len(r) != 1 {
		t.Fatalf("%d replays after quitting, want 1", len(r))
	}
}

// firstStep is the first step of a shortest path from the player to target
// (the exit closed).
func firstStep(g *engine.Game, target engine.Point) engine.Action {
	lv := g.CurrentLevel()
	a, _ := testboard.Step(g.Status().Players[0].Pos, target, testboard.Walkable(lv, false))
	return a
}
