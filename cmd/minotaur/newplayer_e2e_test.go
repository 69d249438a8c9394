package main

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// The walks of what a new player trips over, with the real
// binary in tmux: `make e2e` runs them with the other E2E tests.

// TestE2ETooSmallPlaysNoKeys: keys pressed while "Terminal
// too small" is shown are not played.
func TestE2ETooSmallPlaysNoKeys(t *testing.T) {
	t.Parallel()
	bin := buildBinary(t)
	dir := t.TempDir()
	cmdline := fmt.Sprintf("%s --saves %s --scores %s --seed 42 --name e2e; echo EXITED $?; sleep 60",
		bin, filepath.Join(dir, "saves"), filepath.Join(dir, "hs.json"))
	tm := newTerm(t, 80, 24, cmdline)
	tm.waitFor("menu", "New game")
	tm.keys("Enter")
	tm.waitFor("new game", "Level 1/7", "Turn 0")
	tm.tmux("resize-window", "-t", "e2e", "-x", "30", "-y", "10")
	tm.waitFor("too small", "Terminal too small")
	tm.keys("Down", "Down", "Down")
	tm.tmux("resize-window", "-t", "e2e", "-x", "80", "-y", "24")
	s := tm.waitFor("grown again", "Level 1/7")
	if !strings.Contains(s, "Turn 0") {
		t.Fatalf("keys pressed while the terminal was too small were played:\n%s", s)
	}
	tm.keys("C-c")
	tm.waitFor("exit", "EXITED 0")
}

// TestE2EReplayLastFrameShowsTheCatch: the last frame of a
// lost game's replay draws the catcher where it caught the player.
func TestE2EReplayLastFrameShowsTheCatch(t *testing.T) {
	t.Parallel()
	bin := buildBinary(t)
	file, err := filepath.Abs(filepath.Join("testdata", "replays", "solo-seed44-lost-level3.json"))
	if err != nil {
		t.Fatal(err)
	}
	tm := newTerm(t, 80, 24, fmt.Sprintf("%s replay %s; echo EXITED $?; sleep 60", bin, file))
	tm.waitFor("replay", "Replay")
	tm.keys("g")
	tm.keys("3:56", "Enter") // the corpus's seed-44 game ends on turn 56 of level 3, caught by a wanderer
	s := tm.waitFor("the end", "the end: lost")
	if !strings.Contains(mapPart(s, 42), "W") {
		t.Fatalf("the last frame does not draw the wanderer that caught the player:\n%s", s)
	}
	tm.keys("q")
	tm.waitFor("exit", "EXITED 0")
}

// TestE2EHistoryAfterContinue: after Continue, Ctrl+P shows
// the messages from before the save, under their level's heading.
func TestE2EHistoryAfterContinue(t *testing.T) {
	t.Parallel()
	bin := buildBinary(t)
	dir := t.TempDir()
	cmdline := fmt.Sprintf("%s --saves %s --scores %s --seed 4 --name e2e; echo EXITED $?; sleep 60",
		bin, filepath.Join(dir, "saves"), filepath.Join(dir, "hs.json"))
	tm := newTerm(t, 80, 24, cmdline)
	tm.waitFor("menu", "New game")
	tm.keys("Enter")
	tm.waitFor("new game", "Level 1/7", "Turn 0")
	tm.keys("w", "w", "w") // seed 4's level 1 starts under a wall
	tm.waitFor("bumps", "A wall blocks the way. ×3")
	tm.keys("d")
	tm.waitFor("a step", "Turn 1")
	tm.keys("p")
	tm.waitFor("pause", "PAUSED")
	tm.keys("Down", "Enter")
	tm.waitFor("save", "Saved as save-")
	tm.keys("Down", "Enter")
	tm.waitFor("menu after quitting", "New game")
	tm.keys("q")
	tm.waitFor("exit", "EXITED 0")

	tm.tmux("respawn-pane", "-k", "-t", "e2e", cmdline)
	tm.waitFor("menu again", "Continue")
	tm.continueGame("continue", "Welcome back", "Turn 1")
	tm.keys("C-p")
	s := tm.waitFor("history", "MESSAGES OF THIS GAME")
	for _, want := range []string{"── Level 1 ──", "Level 1. Find the key, then the exit.", "A wall blocks the way.", "Welcome back: level 1, turn 1."} {
		if !strings.Contains(s, want) {
			t.Errorf("the history after Continue lacks %q:\n%s", want, s)
		}
	}
	tm.keys("x")
	tm.waitGone("back to the game", "MESSAGES OF THIS GAME")
	tm.keys("C-c")
	tm.waitFor("exit after continue", "EXITED 0")
}

// TestE2ELabyrinthScriptRunsOn: a stream of commands that goes
// on after the game ends (here an endless one) is read no further: the
// last line is WINNER, the status 0.
func TestE2ELabyrinthScriptRunsOn(t *testing.T) {
	t.Parallel()
	bin := buildBinary(t)
	out := filepath.Join(t.TempDir(), "out.txt")
	cmdline := fmt.Sprintf("(printf 'D\\nW\\nW\\n'; yes D) | %s labyrinth field1 --start 0,1 --start 2,2 --script - > %s; echo EXITED $?; sleep 60", bin, out)
	tm := newTerm(t, 160, 24, cmdline)
	s := tm.waitFor("the end", "EXITED")
	if !strings.Contains(s, "EXITED 0") || !strings.Contains(s, "player 1 won in turn 2; the script was not played from line 4 on") {
		t.Fatalf("the script did not stop at the end of the game:\n%s", s)
	}
	data, err := os.ReadFile(out)
	if err != nil {
		t.Fatal(err)
	}
	if !strings.HasSuffix(string(data), "WINNER 1 TURN 2\n") {
		t.Fatalf("the output does not end with the winner:\n%s", data)
	}
}
