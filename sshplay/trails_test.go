package sshplay

import (
	"testing"
	"time"

	ui "github.com/minotaur-game/minotaur/tui/screen"
)

// An SSH player plays Trails and Towers on the server against its computer:
// the lobby's B and the chooser's Trails start it, the arrows move (the computer answers), and
// leaving ends it, lost, back to the lobby. The main menu's Trails entry
// works over SSH too.
func TestTrailsOverSSH(t *testing.T) {
	r := newRig(t, nil)
	alice := openTerm(t, r.dial("alice", newKey(t)), 80, 24)
	alice.waitText("R  Trails and Towers")
	toLobby(alice, "alice")
	alice.press("b")
	alice.waitText("Play which game against the computer?", "3 Trails and Towers")
	alice.press("3")
	alice.waitText("TRAILS AND TOWERS", "alice (you)", "online, computer level 2")
	alice.press("\x1b[C") // →: Blue to (1, 0); the computer answers
	alice.waitText("Move 3 · online", "boost → next goes 2")
	alice.press("\x1b[C") // → again: a boost of 2
	alice.waitText("Move 5 · online", "boost → next goes 3")
	alice.press("p")
	alice.waitText("Leave the game? You lose it. (y/n)")
	alice.press("y")
	alice.waitText("computer WINS", "You left the game.", "Moves (4):", "1.B→1,0", "4.R")
	time.Sleep(ui.KeyGrace) // the end screen ignores keys meant for the game
	alice.press("\r")
	alice.waitText("LOBBY · this server · you are alice")
}
