package sshplay

import (
	"crypto/ed25519"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/minotaur-game/minotaur/saves"
)

// Over SSH the main menu's More Minotaur works as at home: the replays
// listed are the player's own folder on the server (another player's are
// not), the tutorial is built in, and a seed pasted starts its campaign.
func TestMoreMinotaurOverSSH(t *testing.T) {
	r := newRig(t, nil)
	key, other := newKey(t), newKey(t)
	folder := func(k ed25519.PrivateKey) string {
		return filepath.Join(r.data, sshDirName, playersDirName, identityOf(mustSigner(t, k).PublicKey()), saves.ReplaysDirName)
	}
	written := time.Date(2025, 3, 14, 15, 9, 26, 0, time.UTC)
	// alice's game of seed 4, left on turn 2; bob's, which alice must not see.
	if _, err := saves.SaveReplay(folder(key), saves.Replay{Seed: 4, Players: 1, Moves: "ds"}, written); err != nil {
		t.Fatal(err)
	}
	if _, err := saves.SaveReplay(folder(other), saves.Replay{Seed: 9, Players: 1, Moves: "d"}, written); err != nil {
		t.Fatal(err)
	}
	tm := openTerm(t, r.dial("alice", key), 80, 24)
	tm.waitText("M  More Minotaur")
	tm.press("m")
	tm.waitText("MINOTAUR", "Seeded game", "Tutorial", "Watch a replay")
	tm.press("r")
	scr := tm.waitText("REPLAYS", "left L1, 0", "seed 4")
	if strings.Contains(scr, "seed 9") || strings.Count(scr, "2025-03-14") != 1 {
		t.Errorf("alice's list shows another player's replay:\n%s", scr)
	}
	tm.press("\x1b")
	tm.waitText("Watch a replay")
	tm.press("t")
	tm.waitText("TUTORIAL: FIRST STEPS", "You are P.")
	tm.press("\x1b")
	tm.waitText("Watch a replay")
	tm.press("d")
	tm.waitText("SEEDED GAME")
	tm.press("\x1b[200~Seed   77\x1b[201~")
	tm.waitText("Seed: Seed   77")
	tm.press("\r")
	tm.waitText("Level 1/7", "Seed   77")
}
