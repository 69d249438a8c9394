package labyrinth

import (
	"errors"
	"testing"
)

func TestWallsAndEdges(t *testing.T) {
	// . .|.
	// _
	// . . .
	g := newGame(t, "2 3\n. .|.\n_ . .\n. . .\n", cell(0, 0))
	expect(t, g, cmds("W A S D D"),
		"P1: You hit a wall.", // the edge of the field is a wall
		"P1: You hit a wall.",
		"P1: You hit a wall.", // the wall under (0, 0)
		"P1: You moved.",
		"P1: You hit a wall.") // the wall right of (0, 1)
	at(t, g, 1, 0, cell(0, 1))
	if g.Turn() != 6 {
		t.Errorf("turn %d after 5 steps of one player, want 6: every step costs the turn", g.Turn())
	}
}

func TestTurnOrderAndFreeCommands(t *testing.T) {
	g := newGame(t, "1 3\n. . .\n", cell(0, 0), cell(0, 2))
	expect(t, g, cmds("E ? D"),
		"P1: You have 0 bullets of 3 and no key.",
		"P1: "+HelpText,
		"P1: You moved.")
	if g.Current() != 2 || g.Turn() != 1 {
		t.Fatalf("player %d's turn in round %d, want player 2 in round 1: E and ? cost no turn", g.Current(), g.Turn())
	}
	play(t, g, "A")
	if g.Current() != 1 || g.Turn() != 2 {
		t.Fatalf("player %d's turn in round %d, want player 1 in round 2", g.Current(), g.Turn())
	}
}

func TestStun(t *testing.T) {
	g := newGame(t, "1 5\n. S .|. .\nS Stun(2)\n", cell(0, 0), cell(0, 4))
	expect(t, g, cmds("D D A A D"),
		"P1: You moved. You are stunned for 2 turns.",
		"P2: You hit a wall.",
		"P1: You are stunned: 1 more turn.", // skipped by itself
		"P2: You moved.",
		"P1: You are stunned: this is your last skipped turn.",
		"P2: You hit a wall.",
		"P1: You moved.")
	at(t, g, 1, 0, cell(0, 2))
}

// TestRubberRoomLies: a step out of a rubber room any way but its own
// leaves the player where they are, and the referee says "You moved.",
// even against a wall; its own way out is announced.
func TestRubberRoomLies(t *testing.T) {
	// . R .
	// .
	// . . .
	g := newGame(t, "2 3\n. R .\n. . .\n. . .\nR RubberRoom(RIGHT)\n", cell(0, 0))
	expect(t, g, cmds("D W S A"),
		"P1: You moved.",
		"P1: You moved.", // a lie: the edge of the field is there
		"P1: You moved.", // a lie: the way down is open, but not for a rubber room
		"P1: You moved.") // a lie: back where the player came from
	at(t, g, 1, 0, cell(0, 1))
	expect(t, g, cmds("D"), "P1: You left a rubber room.")
	at(t, g, 1, 0, cell(0, 2))
	// Its own way against a wall is a wall, told truly.
	g = newGame(t, "1 3\n. R|.\nR RubberRoom(RIGHT)\n", cell(0, 0))
	expect(t, g, cmds("D D"), "P1: You moved.", "P1: You hit a wall.")
	at(t, g, 1, 0, cell(0, 1))
}

func TestTeleport(t *testing.T) {
	// T lands on (1, 2), which is a teleport too: no chains.
	g := newGame(t, "2 3\n. T .\n. _ .\n. . U\nT Teleport((1, 2))\nU Teleport((0, 0))\n", cell(0, 0))
	expect(t, g, cmds("D"), "P1: You moved. You were teleported.")
	at(t, g, 1, 0, cell(1, 2))
	expect(t, g, cmds("W A"), "P1: You moved.", "P1: You moved. You were teleported.")
	at(t, g, 1, 0, cell(1, 2))
	// The landing cell acts (here a key), as long as it is no teleport.
	g = newGame(t, "1 4\n. T K E\nT Teleport((0, 2))\nK Key()\nE Exit(RIGHT)\n", cell(0, 0))
	expect(t, g, cmds("D"), "P1: You moved. You were teleported. You found the key.")
}

func TestArmoryAndInventory(t *testing.T) {
	g := newGame(t, "1 3\n. A .\nA Armory()\n", cell(0, 0))
	expect(t, g, cmds("D E XD E D A"),
		"P1: You moved. You found an armory: you have 3 bullets.",
		"P1: You have 3 bullets of 3 and no key.",
		"P1: You missed.",
		"P1: You have 2 bullets of 3 and no key.",
		"P1: You moved.",
		"P1: You moved. You found an armory: you have 3 bullets.")
}

func TestShootingWithoutBullets(t *testing.T) {
	g := newGame(t, "1 2\n. .\n", cell(0, 0), cell(0, 1))
	expect(t, g, cmds("XD"), "P1: You have no bullets.")
	if g.Current() != 1 {
		t.Fatal("a shot without bullets spent the turn")
	}
}

// TestShot: the first other player on the bullet's way dies: their
// inventory drops where they stood, they go back to their start and skip
// their next turn. Stepping on the inventory takes it.
func TestShot(t *testing.T) {
	// P1 . P3 P2 . with a key for P3 to carry: P3 (at 0, 2) is hit, P2 behind is not.
	g := newGame(t, "1 6\nA . K . .|.\nA Armory()\nK Key()\n", cell(0, 1), cell(0, 4), cell(0, 3))
	expect(t, g, cmds("A W A D W W XD"),
		"P1: You moved. You found an armory: you have 3 bullets.",
		"P2: You hit a wall.",
		"P3: You moved. You found the key.",
		"P1: You moved.",
		"P2: You hit a wall.",
		"P3: You hit a wall.",
		"P1: You hit someone.",
		"P3: You were shot: you lost your inventory and are back at your start.")
	at(t, g, 3, 0, cell(0, 3))
	at(t, g, 2, 0, cell(0, 4))
	if b, k := g.Inventory(3); b != 0 || k {
		t.Fatalf("the shot player still has %d bullets, key %v", b, k)
	}
	expect(t, g, cmds("W"),
		"P2: You hit a wall.",
		"P3: You skip this turn: you were shot and are back at your start.")
	// The key lies at (0, 2), where P3 died: P1 walks onto it.
	expect(t, g, cmds("D"), "P1: You moved. You picked up the key.")
	if _, k := g.Inventory(1); !k {
		t.Fatal("the dropped key was not picked up")
	}
	if len(g.Drops()) != 0 {
		t.Fatalf("drops left: %v", g.Drops())
	}
	// The key cell's own key was taken by P3: it does not come back.
	if !g.KeyTaken(cell(0, 2)) {
		t.Fatal("the key cell has its key again")
	}
}

func TestShotStopsAtWalls(t *testing.T) {
	g := newGame(t, "1 3\nA .|.\nA Armory()\n", cell(0, 1), cell(0, 2))
	expect(t, g, cmds("A W D W XD"),
		"P1: You moved. You found an armory: you have 3 bullets.",
		"P2: You hit a wall.",
		"P1: You moved.",
		"P2: You hit a wall.",
		"P1: You missed.")
}

// TestShotAcrossRubberRoom: a rubber room holds players, not bullets.
func TestShotAcrossRubberRoom(t *testing.T) {
	g := newGame(t, "1 4\nA . L .\nA Armory()\nL RubberRoom(LEFT)\n", cell(0, 1), cell(0, 3))
	expect(t, g, cmds("A W XD"),
		"P1: You moved. You found an armory: you have 3 bullets.",
		"P2: You hit a wall.",
		"P1: You hit someone.",
		"P2: You were shot: you lost your inventory and are back at your start.",
		"P2: You skip this turn: you were shot and are back at your start.") // at once: player 2 is next
}

// TestSharedCell: players may share a cell; a shot from it does not hit
// the others there, and a shot into it hits everyone there.
func TestSharedCell(t *testing.T) {
	g := newGame(t, "1 4\nA . . .\nA Armory()\n", cell(0, 1), cell(0, 1), cell(0, 3), cell(0, 3))
	expect(t, g, cmds("A W W W D W W W XD"),
		"P1: You moved. You found an armory: you have 3 bullets.",
		"P2: You hit a wall.", "P3: You hit a wall.", "P4: You hit a wall.",
		"P1: You moved.", // P1 and P2 share (0, 1)
		"P2: You hit a wall.", "P3: You hit a wall.", "P4: You hit a wall.",
		"P1: You hit someone.",
		"P3: You were shot: you lost your inventory and are back at your start.",
		"P4: You were shot: you lost your inventory and are back at your start.")
}

func TestKeyAndExit(t *testing.T) {
	g := newGame(t, "1 3\nK . E\nK Key()\nE Exit(RIGHT)\n", cell(0, 1), cell(0, 1))
	expect(t, g, cmds("D D W D"),
		"P1: You moved.",
		"P2: You moved.",
		"P1: You hit a wall.",
		"P2: You need the key to get out.")
	expect(t, g, cmds("A A A A"),
		"P1: You moved.",
		"P2: You moved.",
		"P1: You moved. You found the key.",
		"P2: You moved.") // the key left the cell with player 1
	expect(t, g, cmds("D D D D D"),
		"P1: You moved.",
		"P2: You moved.",
		"P1: You moved.",
		"P2: You moved.",
		"P1: You got out: you win!")
	if w, turn := g.Winner(); w != 1 || turn != 7 {
		t.Fatalf("winner %d in round %d, want 1 in round 7", w, turn)
	}
	if _, err := g.Act(Command{Kind: Step}); !errors.Is(err, ErrOver) {
		t.Fatalf("a command after the end: %v", err)
	}
}

// TestExitWithoutKeyCells: on a field with no key, the exit opens without one.
func TestExitWithoutKeyCells(t *testing.T) {
	g := newGame(t, "1 2\n. E\nE Exit(UP)\n", cell(0, 0))
	expect(t, g, cmds("D W"), "P1: You moved.", "P1: You got out: you win!")
}

// TestExitDoorInside: the exit's way out is a door, whatever lies behind
// it: stepping that way never moves onto the neighbouring cell.
func TestExitDoorInside(t *testing.T) {
	g := newGame(t, "1 3\nK E .\nK Key()\nE Exit(RIGHT)\n", cell(0, 2))
	expect(t, g, cmds("A D A D D"),
		"P1: You moved.",
		"P1: You need the key to get out.",
		"P1: You moved. You found the key.",
		"P1: You moved.",
		"P1: You got out: you win!")
}

const dreamField = `2
1 4
. Z . K
1 3
. A E
Z Sleep(5, (1, 0, 0))
A Armory()
K Key()
E Exit(RIGHT)
`

// TestSleep: the spirit goes to the dream field without being told, plays
// there for the sleep's turns, and wakes on the body's cell; what it got in
// the dream is gone.
func TestSleep(t *testing.T) {
	g := newGame(t, dreamField, cell(0, 0))
	expect(t, g, cmds("D"), "P1: You moved.")
	at(t, g, 1, 1, cell(0, 0))
	expect(t, g, cmds("D"), "P1: You moved. You found an armory: you have 3 bullets.")
	if b, _ := g.Inventory(1); b != 3 {
		t.Fatalf("%d bullets in the dream, want 3", b)
	}
	expect(t, g, cmds("W W W W"), "P1: You hit a wall.", "P1: You hit a wall.", "P1: You hit a wall.", "P1: You hit a wall. You woke up.")
	at(t, g, 1, 0, cell(0, 1))
	if b, _ := g.Inventory(1); b != 0 {
		t.Fatalf("%d bullets after waking, want 0: nothing of the dream is kept", b)
	}
	// Stepping off and back on sleeps again.
	expect(t, g, cmds("D A"), "P1: You moved.", "P1: You moved.")
	at(t, g, 1, 1, cell(0, 0))
}

// TestVictoryInDreamDoesNotCount: the dream's exit (its field has no key)
// only wakes the player.
func TestVictoryInDreamDoesNotCount(t *testing.T) {
	g := newGame(t, dreamField, cell(0, 0))
	expect(t, g, cmds("D D D"), "P1: You moved.", "P1: You moved. You found an armory: you have 3 bullets.", "P1: You moved.")
	at(t, g, 1, 1, cell(0, 2))
	expect(t, g, cmds("D"), "P1: You woke up.")
	if g.Over() {
		t.Fatal("a victory in a dream won the game")
	}
	at(t, g, 1, 0, cell(0, 1))
}

// TestDeathWhileAsleep: the sleeping body is shot on the main field: the
// player wakes at once, at the start, without the inventory.
func TestDeathWhileAsleep(t *testing.T) {
	text := "2\n1 4\n. Z . A\n1 2\n. .\nZ Sleep(5, (1, 0, 0))\nA Armory()\n"
	g := newGame(t, text, cell(0, 0), cell(0, 2))
	expect(t, g, cmds("D D E D XA"),
		"P1: You moved.", // asleep now
		"P2: You moved. You found an armory: you have 3 bullets.",
		"P1: You have 0 bullets of 3 and no key.",
		"P1: You moved.",
		"P2: You hit someone.",
		"P1: You were shot in your sleep: you woke up back at your start, without your inventory.",
		"P1: You skip this turn: you were shot and are back at your start.")
	at(t, g, 1, 0, cell(0, 0))
	if g.Player(1).Asleep() {
		t.Fatal("the player still dreams")
	}
	expect(t, g, cmds("W D"), "P2: You hit a wall.", "P1: You moved.")
}

// TestDeathInDream: spirits in the same dream field can shoot each other;
// the one hit only wakes up, and nothing drops.
func TestDeathInDream(t *testing.T) {
	text := "2\n1 3\nZ . Y\n1 3\n. A .\nZ Sleep(9, (1, 0, 0))\nY Sleep(9, (1, 0, 2))\nA Armory()\n"
	g := newGame(t, text, cell(0, 1), cell(0, 1))
	expect(t, g, cmds("A D D W XD"),
		"P1: You moved.", // asleep: field 1, (0, 0)
		"P2: You moved.", // asleep: field 1, (0, 2)
		"P1: You moved. You found an armory: you have 3 bullets.",
		"P2: You hit a wall.",
		"P1: You hit someone.",
		"P2: You woke up.")
	at(t, g, 2, 0, cell(0, 2))
	if len(g.Drops()) != 0 {
		t.Fatalf("a death in a dream dropped %v", g.Drops())
	}
	if b, _ := g.Inventory(2); b != 0 {
		t.Fatalf("player 2 has %d bullets", b)
	}
}

// TestStunInDreamNotKept: a stun in a dream skips dream turns, which count
// toward the dream's length, and is gone on waking.
func TestStunInDreamNotKept(t *testing.T) {
	text := "2\n1 2\n. Z\n1 2\n. S\nZ Sleep(2, (1, 0, 0))\nS Stun(5)\n"
	g := newGame(t, text, cell(0, 0), cell(0, 0))
	expect(t, g, cmds("D W D W"),
		"P1: You moved.",
		"P2: You hit a wall.",
		"P1: You moved. You are stunned for 5 turns.",
		"P2: You hit a wall.",
		"P1: You are stunned: 4 more turns. You woke up.")
	at(t, g, 1, 0, cell(0, 1))
	expect(t, g, cmds("W A"), "P2: You hit a wall.", "P1: You moved.")
}

func TestNewRefusesBadStarts(t *testing.T) {
	lab := parse(t, "1 2\n. .\n")
	if _, err := New(lab, nil); err == nil {
		t.Error("no players accepted")
	}
	if _, err := New(lab, make([]Cell, 5)); err == nil {
		t.Error("5 players accepted")
	}
	_, err := New(lab, []Cell{{X: 0, Y: 0}, {X: 1, Y: 0}})
	if err == nil || err.Error() != "player 2's start (1, 0) is outside the field: x (the row) goes from 0 to 0 and y (the column) from 0 to 1" {
		t.Errorf("start outside: %v", err)
	}
}

func TestParseCommand(t *testing.T) {
	good := map[string]Command{
		"W": {Kind: Step, Dir: Up}, "a": {Kind: Step, Dir: Left}, " s ": {Kind: Step, Dir: Down},
		"D": {Kind: Step, Dir: Right}, "X D": {Kind: Shoot, Dir: Right}, "xw": {Kind: Shoot, Dir: Up},
		"x  a": {Kind: Shoot, Dir: Left}, "e": {Kind: Inventory}, "?": {Kind: Help},
	}
	for s, want := range good {
		if got, err := ParseCommand(s); err != nil || got != want {
			t.Errorf("ParseCommand(%q) = %v, %v; want %v", s, got, err, want)
		}
	}
	bad := map[string]string{
		"":    "no command: the commands are",
		"Q":   `"Q" is not a command: the commands are W, A, S, D`,
		"X":   "X takes a direction, W, A, S or D (such as X D)",
		"X Q": `"X Q" is not a shot: X takes a direction`,
		"WW":  `"WW" is not a command`,
	}
	for s, want := range bad {
		_, err := ParseCommand(s)
		if err == nil || !contains(err.Error(), want) {
			t.Errorf("ParseCommand(%q) error %v, want %q", s, err, want)
		}
	}
}

func contains(s, sub string) bool {
	return len(sub) == 0 || len(s) >= len(sub) && (s[:len(sub)] == sub || contains(s[1:], sub))
}
