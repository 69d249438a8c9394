package main

import (
	"fmt"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
	"time"

	"github.com/minotaur-game/minotaur/games/labyrinth"
)

var turnOf = regexp.MustCompile(`Player (\d) · turn (\d+)`)

// TestE2ELabyrinthTwoPlayers plays the real binary at 80×24: a two-player
// hot-seat game on the built-in field2 to player 1's win — every turn
// behind a hand-over screen, player 1 walking the shortest winning walk and
// player 2 bumping the wall above its start — then the true field beside
// each player's notebook, and back to the menus.
func TestE2ELabyrinthTwoPlayers(t *testing.T) {
	t.Parallel()
	bin := buildBinary(t)
	dir := t.TempDir()
	var lab *labyrinth.File
	for _, ex := range labyrinth.ExampleFields() {
		if ex.Name == "field2.txt" {
			lab, _ = labyrinth.Parse(ex.Name, ex.Text)
		}
	}
	start := labyrinth.Cell{X: 0, Y: 0}
	walk, ok := labyrinth.Solve(lab, start)
	if !ok {
		t.Fatal("no winning walk on field2 from (0, 0)")
	}
	cmdline := fmt.Sprintf("%s labyrinth field2 --start 0,0 --start 3,3 --saves %s; echo EXITED $?; sleep 60",
		bin, filepath.Join(dir, "saves"))
	tm := newTerm(t, 80, 24, cmdline)

	tm.waitFor("first hand-over", "Player 1's turn — press Enter")
	turns := 0
	for turns < 100 {
		s := tm.screen()
		switch {
		case strings.Contains(s, "GOT OUT IN TURN"):
			turns = 1000
		case strings.Contains(s, "'s turn — press Enter"):
			if strings.Contains(s, "@") || strings.Contains(s, "You moved") {
				t.Fatalf("the hand-over screen shows a notebook:\n%s", s)
			}
			tm.keys("Enter")
			tm.waitFor("a player's screen", "The referee told you")
		case strings.Contains(s, "Your turn is over"):
			tm.keys("Enter")
			tm.waitForAny("after a turn", "press Enter", "GOT OUT IN TURN")
		default:
			m := turnOf.FindStringSubmatch(s)
			if m == nil {
				time.Sleep(30 * time.Millisecond)
				continue
			}
			key := "w"
			if m[1] == "1" {
				if len(walk) == 0 {
					t.Fatalf("player 1 walked the whole walk without winning:\n%s", s)
				}
				key = string("wasd"[walk[0]])
				walk = walk[1:]
			}
			turns++
			tm.keys(key)
			tm.waitForAny("the answer", "Your turn is over", "GOT OUT IN TURN")
		}
	}
	s := tm.waitFor("the win", "PLAYER 1 GOT OUT IN TURN", "You got out: you win!")
	if len(walk) != 0 {
		t.Fatalf("won with %d steps of the walk left:\n%s", len(walk), s)
	}
	time.Sleep(600 * time.Millisecond) // the result read: its first half second ignores keys
	tm.keys("Enter")
	tm.waitFor("the true field", "Player 1: the true field and the real path", "the notebook, sheet")
	time.Sleep(600 * time.Millisecond) // so does the end screen's
	tm.keys("Tab")
	tm.waitFor("player 2's notebook", "Player 2: the true field and the real path")
	tm.keys("Enter")
	tm.waitFor("the Labyrinth menu", "field5.txt", "random")
	tm.keys("Escape")
	tm.waitFor("the main menu", "New game", "Labyrinth")
	tm.keys("q")
	tm.waitFor("exit", "EXITED 0")
}

// waitForAny waits until the screen shows one of the texts, and returns it.
func (tm *term) waitForAny(step string, texts ...string) string {
	tm.t.Helper()
	deadline := time.Now().Add(e2eWait)
	var s string
	for time.Now().Before(deadline) {
		s = tm.screen()
		for _, x := range texts {
			if strings.Contains(s, x) {
				return s
			}
		}
		time.Sleep(30 * time.Millisecond)
	}
	tm.t.Fatalf("%s: the screen shows none of %q after %v:\n%s", step, texts, e2eWait, s)
	return ""
}
