package main

import (
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
)

// infoLevel is staged for TestE2EPlayerSees: the key lies two steps left of
// the start, a freeze on the way right; the hunter keeps its post in the
// lower corridor until the player, travelling back to the key, comes
// within 6 steps: it hears the player (the trip stops), comes up to wait
// on the key's way, and appears on the next step.
const infoLevel = `name: Travel
+-------------+
|.K.P*........|
|.+-----------|
|EH...........|
+-------------+
`

// TestE2EPlayerSees walks the real binary in tmux, at 80×24 and 120×40,
// through what a player must never have to work out: a save continued,
// merged repeats, the history of messages, travel back to a known key that
// stops when a monster appears, the sighting in the log and the monster in
// the panel, look naming its state, an end screen with the map and the
// cause, the continued save gone once the game is over, and the replay
// viewer stepping back.
func TestE2EPlayerSees(t *testing.T) {
	t.Parallel()
	bin := buildBinary(t)
	for _, size := range [][2]int{{80, 24}, {120, 40}} {
		t.Run(fmt.Sprintf("%dx%d", size[0], size[1]), func(t *testing.T) {
			t.Parallel()
			dir := t.TempDir()
			level := filepath.Join(dir, "travel.txt")
			if err := os.WriteFile(level, []byte(infoLevel), 0o644); err != nil {
				t.Fatal(err)
			}
			saves := filepath.Join(dir, "saves")
			cmdline := fmt.Sprintf("%s --saves %s --scores %s --level %s --seed 1 --name e2e; echo EXITED $?; sleep 60",
				bin, saves, filepath.Join(dir, "hs.json"), level)
			tm := newTerm(t, size[0], size[1], cmdline)
			tm.waitFor("menu", "New game")
			tm.keys("Enter")
			tm.waitFor("game", "Level 1/1", "Turn 0")

			// A save, continued: the game goes on from it.
			tm.keys("p")
			tm.waitFor("pause", "PAUSED")
			tm.keys("Down", "Enter")
			tm.waitFor("saved", "Saved as save-")
			tm.keys("Down", "Enter")
			tm.waitFor("menu", "New game", "Continue")
			if n, _ := filepath.Glob(filepath.Join(saves, "save-*.json")); len(n) != 1 {
				t.Fatalf("%d save files after saving, want 1", len(n))
			}
			tm.continueGame("continued", "Level 1/1", "Turn 0", "Find the key")

			// Three bumps are one line, counted.
			tm.keys("w", "w", "w")
			tm.waitFor("merged repeat", "A wall blocks the way. ×3")
			tm.keys("C-p")
			hist := tm.waitFor("history", "MESSAGES OF THIS GAME")
			if strings.Count(hist, "A wall blocks the way.") != 3 {
				t.Fatalf("the history must list each bump:\n%s", hist)
			}
			tm.keys("x")
			tm.waitFor("back from the history", "MINOTAUR")

			// Away from the key, then back to it by travel: the hunter
			// hears the player and the walk stops; travelling on, the
			// hunter comes into sight and the walk stops before the key.
			tm.keys("d", "d", "d", "d")
			tm.waitFor("walked", "Turn 4", "pocketed a freeze")
			tm.keys(">")
			tm.waitFor("travel stopped by hearing", "A hunter has heard you: 5 steps,", "H hears you  5 SW")
			tm.keys(">")
			s := tm.waitFor("travel stopped", "You see a hunter.", "H hunter")
			if !strings.Contains(s, "Key    not found") {
				t.Fatalf("travel went on to the key after the hunter appeared:\n%s", s)
			}

			// A freeze used; look names the hunter's state.
			tm.keys("F")
			tm.waitFor("freeze", "used a freeze", "H hunter  frozen")
			tm.keys("X")
			tm.waitFor("look", "Look:")
			tm.keys("a", "a", "s")
			tm.waitFor("look at the hunter", "hunter, frozen")
			tm.keys("Escape")
			tm.waitGone("look left", "Look:")

			// Into the hunter: the end screen shows the map, the cause and
			// the replay's whole path; the continued save is gone.
			tm.keys("a", "a", "s")
			end := tm.waitFor("game over", "GAME OVER", "You walked into a hunter", "· your path", "caught you", "Replay saved:", ".json")
			if !strings.Contains(end, "· ·") || !strings.Contains(end, "E") {
				t.Fatalf("the end screen does not show the level's map with the walked path:\n%s", end)
			}
			if n, _ := filepath.Glob(filepath.Join(saves, "save-*.json")); len(n) != 0 {
				t.Fatalf("the continued game's save is still there after the game ended: %v", n)
			}
			replay := regexp.MustCompile(`/\S+\.json`).FindString(strings.ReplaceAll(unbox(end), "\n", ""))
			if replay == "" {
				t.Fatalf("no replay path on the end screen:\n%s", end)
			}

			// The replay viewer steps forward and back.
			tm.tmux("respawn-pane", "-k", "-t", "e2e", fmt.Sprintf("%s replay %s; echo EXITED $?; sleep 60", bin, replay))
			tm.waitFor("replay", "Turn 0")
			tm.keys("[") // back to the start of the level, paused (it plays on by itself)
			tm.waitFor("at the start", "Replay 0/", "PAUSED")
			tm.keys("Right", "Right", "Right", "Right", "Right") // three bumps, two steps
			tm.waitFor("five actions", "Replay 5/", "Turn 2")
			tm.keys("Left")
			tm.waitFor("one step back", "Replay 4/", "Turn 1")
			tm.keys("q")
			tm.waitFor("exit", "EXITED 0")
		})
	}
}

// unbox takes an end screen's box borders and padding off its lines, so
// that a path wrapped inside the box reads whole.
func unbox(screen string) string {
	var b strings.Builder
	for _, l := range strings.Split(screen, "\n") {
		l = strings.TrimSpace(strings.Trim(strings.TrimSpace(l), "│"))
		b.WriteString(l + "\n")
	}
	return b.String()
}
