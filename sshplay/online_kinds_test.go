package sshplay

import (
	"testing"
	"time"

	ui "github.com/minotaur-game/minotaur/tui/screen"
)

// Two SSH players play the Labyrinth through the lobby: alice invites bob
// (I, then the Labyrinth in the list of games), each chooses a start cell
// in secret, and each sees its own answers only; then alice plays the Fox
// hunt against three computer players (B, then the Fox hunt).
func TestNewKindsOverSSH(t *testing.T) {
	r := newRig(t, nil)
	alice := openTerm(t, r.dial("alice", newKey(t)), 80, 24)
	bob := openTerm(t, r.dial("bob", newKey(t)), 80, 24)
	toLobby(alice, "alice")
	toLobby(bob, "bob")
	alice.waitText("bob")
	alice.press("i")
	alice.waitText("Invite bob to which game?", "2 Labyrinth")
	alice.press("2")
	bob.waitText("alice invites you to Labyrinth")
	bob.press("a")
	alice.waitText("Choose your start cell.")
	bob.waitText("Choose your start cell.")
	alice.press("\r")    // the middle cell, (5, 5)
	bob.press("w", "\r") // (4, 5)
	alice.waitText("You start at (5, 5)", "Your turn.")
	bob.waitText("You start at (4, 5)", "Waiting for alice.")
	alice.press("e")
	alice.waitText("1 E: You have 0 bullets")
	alice.press("\x1b")
	alice.waitText("Leave the game?")
	alice.press("y")
	alice.waitText("YOU LEFT THE GAME")
	bob.waitText("alice (computer)")
	time.Sleep(ui.KeyGrace) // the end ignores keys meant for the game
	alice.press("\r")
	alice.waitText("LOBBY")
	alice.press("b")
	alice.waitText("Play which game against the computer?", "5 Fox hunt")
	alice.press("5")
	alice.waitText("round 1/100", "computer 3", "alice: ")
	alice.press("w") // the computers have sent theirs: the round is played at once
	alice.waitText("round 2/100")
}
