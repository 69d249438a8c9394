package main

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

// chessScriptMoves are the moves of a recorded script (its lines that are
// not comments), up to the line that is not read after the end.
func chessScriptMoves(t *testing.T, name string, n int) []string {
	t.Helper()
	data, err := os.ReadFile(filepath.Join("testdata", "chess", name))
	if err != nil {
		t.Fatal(err)
	}
	var moves []string
	for _, l := range strings.Split(string(data), "\n") {
		if l = strings.TrimSpace(l); l != "" && !strings.HasPrefix(l, "#") && len(moves) < n {
			moves = append(moves, l)
		}
	}
	return moves
}

// TestE2EChessVsBot plays the real binary at 80×24 against the level-1
// computer, the moves of the recorded white-vs-level1 game (the same seed
// gives the same game on the screen): the first by the cursor, the others
// typed; a save in the middle; the win, the end screen, the chess menu.
func TestE2EChessVsBot(t *testing.T) {
	t.Parallel()
	bin := buildBinary(t)
	dir := t.TempDir()
	moves := chessScriptMoves(t, "white-vs-level1.script", 9)
	tm := newTerm(t, 80, 24, fmt.Sprintf("%s chess --seed 11 --bot-level 1 --saves %s; echo EXITED $?; sleep 60", bin, filepath.Join(dir, "saves")))
	tm.waitFor("the board", "White to move", "K5")
	tm.keys("Enter") // the cursor starts on the pawn on e2
	tm.waitFor("the pawn picked", "Your pawn on e2:")
	tm.keys("Up", "Up", "Enter")
	tm.waitFor("the computer's answer", "Your pawn moved e2→e4.", "move 2")
	for i, m := range moves[1:] {
		tm.keys(m, "Enter")
		if i < len(moves)-2 { // the computer answers before the next move is typed
			tm.waitFor("the computer's answer", fmt.Sprintf("move %d", i+3))
		}
		if i == 2 {
			tm.keys("Escape")
			tm.waitFor("the pause menu", "PAUSED")
			tm.keys("Down", "Enter")
			tm.waitFor("saved", "Saved as chess-")
			tm.keys("Escape")
			tm.waitGone("back to the game", "PAUSED")
		}
	}
	s := tm.waitFor("the win", "WHITE WINS: the black king has left the board.")
	if !strings.Contains(s, "You win: the black king has left the board.") {
		t.Errorf("the log does not say it:\n%s", s)
	}
	tm.keys("Enter")
	tm.waitFor("the end screen", "YOU WIN", "White's last view")
	files, _ := filepath.Glob(filepath.Join(dir, "saves", "*.chesssave"))
	if len(files) != 0 {
		t.Errorf("the ended game's save is still there: %v", files)
	}
	time.Sleep(600 * time.Millisecond) // the end screen's key guard
	tm.keys("Enter")
	tm.waitFor("the chess menu", "Play White", "Hot-seat")
	tm.keys("Escape")
	tm.waitFor("the main menu", "Open-world chess", "Labyrinth")
	tm.keys("q")
	tm.waitFor("the end", "EXITED 0")
}

// TestE2EChessHotSeat plays a hot-seat game at 40×12: every turn behind a
// hand-over screen that shows no board, each side its own board.
func TestE2EChessHotSeat(t *testing.T) {
	t.Parallel()
	bin := buildBinary(t)
	dir := t.TempDir()
	moves := chessScriptMoves(t, "hotseat.script", 12)
	tm := newTerm(t, 40, 12, fmt.Sprintf("%s chess --vs human --seed 13 --saves %s; echo EXITED $?; sleep 60", bin, filepath.Join(dir, "saves")))
	side := []string{"White", "Black"}
	for i, m := range moves {
		s := tm.waitFor("the hand-over", side[i%2]+"'s turn — press Enter")
		for _, piece := range []string{"P1", "p1", "K5", "k5", "R3", "r3", "░"} {
			if strings.Contains(s, piece) {
				t.Fatalf("the hand-over shows the board (%s):\n%s", piece, s)
			}
		}
		tm.keys("Enter")
		tm.waitFor("the board", side[i%2]+" to move")
		tm.keys(m, "Enter")
		tm.waitFor("the move made", "to "+side[1-i%2])
		tm.keys("Enter")
	}
	tm.waitFor("the hand-over", "White's turn — press Enter")
	tm.keys("Escape")
	tm.waitFor("the pause menu", "PAUSED")
	tm.keys("Down", "Down", "Enter")
	tm.waitFor("asked", "unsaved")
	tm.keys("y")
	tm.waitFor("the chess menu", "Play White")
}
