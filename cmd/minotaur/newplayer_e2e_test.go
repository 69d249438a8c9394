package main

import (
	"fmt"
	"path/filepath"
	"strings"
	"testing"
)

// The walks of issue 23 ("what a new player trips over") with the real
// binary in tmux: `make e2e` runs them with the other E2E tests.

// TestE2ETooSmallPlaysNoKeys is defect 1: keys pressed while "Terminal
// too small" is shown are not played.
func TestE2ETooSmallPlaysNoKeys(t *testing.T) {
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
