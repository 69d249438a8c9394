package sshplay

import (
	"fmt"
	"strings"
	"testing"
)

// TestMouseClickTravelsOverSSH (SSH players are a main
// audience): a left click on a known floor tile of the map, sent by the
// SSH client's terminal as an SGR mouse report, travels there — the
// player moves, turn by turn, as a click does in a local terminal.
func TestMouseClickTravelsOverSSH(t *testing.T) {
	r := newRig(t, nil)
	client := r.dial("alice", newKey(t))
	tm := openTerm(t, client, 80, 24)
	tm.waitText("New game")
	tm.press("\r")
	scr := tm.waitText("Level 1/7", "Turn 0")
	lines := strings.Split(scr, "\n")
	// The player's P, and a floor tile of the map on another row and
	// column (cells are two characters wide: "P . .").
	px, py := -1, -1
	for y, l := range lines {
		if x := strings.IndexRune(l, 'P'); x >= 0 && x < 40 {
			px, py = len([]rune(l[:x])), y
			break
		}
	}
	if px < 0 {
		t.Fatalf("no player on the screen:\n%s", scr)
	}
	tx, ty := -1, -1
	for y, l := range lines {
		r := []rune(l)
		for x := 0; x < min(len(r), 40); x++ {
			if r[x] == '.' && y != py && abs(x-px)+abs(y-py) >= 3 {
				tx, ty = x, y
				break
			}
		}
		if tx >= 0 {
			break
		}
	}
	if tx < 0 {
		t.Fatalf("no floor tile to click on the screen:\n%s", scr)
	}
	// Press and release of the left button at (tx, ty), 1-based.
	tm.press(fmt.Sprintf("\x1b[<0;%d;%dM", tx+1, ty+1), fmt.Sprintf("\x1b[<0;%d;%dm", tx+1, ty+1))
	after := tm.waitFor("the click's travel", func(s string) bool { return !strings.Contains(s, "Turn 0") && strings.Contains(s, "Turn ") })
	if strings.Split(after, "\n")[py] == lines[py] && !strings.Contains(after, "You see") {
		t.Errorf("the player did not move:\n%s", after)
	}
	// The player leaves; the session ends once the game in progress is
	// saved, before the test's folder is removed.
	client.Close()
	r.waitSessions(0, "alice gone")
}

func abs(n int) int { return max(n, -n) }
