package foxnet

import (
	"fmt"
	"strings"
	"testing"

	"github.com/minotaur-game/minotaur/games/foxhunt"
	"github.com/minotaur-game/minotaur/internal/testenv"
)

// Over 20 matches of 200 rounds with 4 players (the bot and three random
// movers), the bot has the most points in at least 90 % of them.
func TestBotBeatsRandomMovers(t *testing.T) {
	res, err := Duel(20, 200, 4, DefaultSize, DefaultSize, 1)
	if err != nil {
		t.Fatal(err)
	}
	wins := 0
	var tab strings.Builder
	fmt.Fprintf(&tab, "%-6s %-5s %-16s %s\n", "seed", "bot", "random movers", "bot as fox")
	for _, r := range res {
		if r.BotWins {
			wins++
		}
		fmt.Fprintf(&tab, "%-6d %-5d %-16s %d\n", r.Seed, r.Bot, fmt.Sprint(r.Random), r.FoxRounds)
	}
	t.Logf("bot wins %d of %d\n%s", wins, len(res), tab.String())
	if wins*10 < len(res)*9 {
		t.Fatalf("the bot won %d of %d matches, want at least 90 %%\n%s", wins, len(res), tab.String())
	}
}

func TestBrainKeepsOutOfBeams(t *testing.T) {
	// a hunter next to a bomb about to go off steps out of its line
	var r Reader
	text := "Runde: 8/20, Spieleranzahl: 2, Spielfeldgröße: x 5 y 3, Cmd-Timeout: 1, \n\n\n" +
		"_|_|_|_|f|\n" +
		"_|B|p|_|_|\n" +
		"_|_|_|_|_|\n\nName:\tPunkte:\tFeld:\nfox\t3\tx4 y0\nme\t0\tx2 y1\n\n"
	b := NewBrain("me", 1)
	// seen in round 4: after this block (round 8) it goes off at the end of
	// the coming round
	b.fuses.seen = map[foxhunt.Point]int{pt(1, 1): 4}
	b.fuses.blocks, b.fuses.last = 8, 8
	var st *State
	for _, line := range strings.Split(text, "\n") {
		if s, err := r.Line(line); err != nil {
			t.Fatal(err)
		} else if s != nil {
			st = s
		}
	}
	for i := 0; i < 20; i++ {
		b.flee = 0
		got := b.Decide(st)
		if got == "d" || got == "n" || got == "a" {
			t.Fatalf("stayed in the bomb's line with %q", got)
		}
	}
}

// Fuses tells a bomb's rounds left from the blocks: a thrown bomb from the
// block that first shows it, one laid under the player from the round it
// was sent in; a new match forgets them.
func TestFuses(t *testing.T) {
	b, _ := foxhunt.ParseBoard([]string{"______"})
	g, _ := foxhunt.NewOnBoard(b, foxhunt.Config{Rounds: 20, NoRespawn: true}, []string{"f", "me"}, []foxhunt.Point{{X: 5, Y: 0}, {X: 0, Y: 0}}, 0)
	var f Fuses
	read := func() *State {
		var r Reader
		var st *State
		for _, l := range strings.Split(strings.TrimSuffix(string(AppendBlock(nil, Wiki, g, Frame{})), "\n"), "\n") {
			if s, _ := r.Line(l); s != nil {
				st = s
			}
		}
		f.Update(st)
		return st
	}
	read()             // the first block: nothing played
	f.Thrown(pt(0, 0)) // round 1: a bomb on the own field
	g.Submit(1, "b")
	g.EndRound()
	read()
	g.Submit(1, "b2d") // out of bombs: nothing
	g.EndRound()
	read()
	g.Submit(1, "d") // round 3: steps off; the bomb shows
	g.EndRound()
	read()
	if got := f.Left(pt(0, 0)); got != 2 {
		t.Fatalf("after round 3 a bomb thrown in round 1 has %d rounds left, want 2 (it goes off at the end of round 5)", got)
	}
	g.EndRound()
	read()
	if got := f.Left(pt(0, 0)); got != 1 {
		t.Fatalf("after round 4: %d left, want 1", got)
	}
	g.EndRound() // round 5: it goes off
	s := read()
	if s.At(pt(0, 0)) != '*' {
		t.Fatalf("no beam: %q", s.Rows)
	}
	n := 0
	f.Each(func(foxhunt.Point, int) { n++ })
	if n != 0 {
		t.Fatal("a bomb that went off is still known")
	}
	f.Update(&State{Round: 1, W: 6, H: 1, Rows: []string{"B_____"}})
	if f.Played() != 0 || f.Left(pt(0, 0)) != foxhunt.Fuse-1 {
		t.Fatalf("a new match: played %d, left %d", f.Played(), f.Left(pt(0, 0)))
	}
}

// A bomb another player laid on its own field shows only once that player
// steps off; its fuse is counted from the round before it shows (it could
// not have been laid in that round), not one round high. The computer
// player counts its own bomb from the round it laid it.
func TestFusesOfABombHiddenUnderItsLayer(t *testing.T) {
	b, _ := foxhunt.ParseBoard([]string{"________"})
	g, _ := foxhunt.NewOnBoard(b, foxhunt.Config{Rounds: 20, NoRespawn: true}, []string{"f", "layer"}, []foxhunt.Point{{X: 7, Y: 0}, {X: 0, Y: 0}}, 0)
	var watcher Fuses
	brain := NewBrain("layer", 1)
	read := func() *State {
		var r Reader
		var st *State
		for _, l := range strings.Split(strings.TrimSuffix(string(AppendBlock(nil, Wiki, g, Frame{})), "\n"), "\n") {
			if s, _ := r.Line(l); s != nil {
				st = s
			}
		}
		watcher.Update(st)
		return st
	}
	st := read()
	brain.track(st)
	brain.fuses.Thrown(pt(0, 0)) // as Decide does when it answers "b"
	g.Submit(1, "b")             // round 1: laid on its own field, hidden
	g.EndRound()
	brain.track(read())
	g.Submit(1, "d") // round 2: steps off; the bomb shows
	g.EndRound()
	brain.track(read())
	// thrown in round 1, it goes off at the end of round 5: 3 rounds left
	if got := watcher.Left(pt(0, 0)); got != 3 {
		t.Errorf("a watcher: %d rounds left after round 2, want 3", got)
	}
	if got := brain.fuses.Left(pt(0, 0)); got != 3 {
		t.Errorf("the bot that laid it: %d rounds left after round 2, want 3", got)
	}
	// a bomb thrown away from the thrower is counted from the block that
	// first shows it
	g.Submit(0, "b2a")
	g.EndRound()
	read()
	if got := watcher.Left(pt(5, 0)); got != 4 {
		t.Errorf("a thrown bomb: %d rounds left after the round it was thrown in, want 4", got)
	}
}

// The computer player notes its own bombs: a bomb it lays under itself is
// known to be that round's once it shows.
func TestBrainNotesItsOwnBomb(t *testing.T) {
	b := NewBrain("me", 1)
	st := &State{Round: 1, Rounds: 20, W: 3, H: 1, Rows: []string{"pwf"},
		Table: []Entry{{Name: "fox", At: pt(2, 0)}, {Name: "me", At: pt(0, 0)}}}
	if got := b.Decide(st); got != "b" {
		t.Fatalf("walled off from the fox, the bot answers %q, want b", got)
	}
	if b.fuses.ownAt != 1 || b.fuses.own != pt(0, 0) {
		t.Fatalf("the bot did not note its bomb: own %v in round %d", b.fuses.own, b.fuses.ownAt)
	}
}

// Computer players against each other: the hunters catch the fox. The
// table (MINOTAUR_TEST_LONG=1 go test ./foxnet -run BotsHunt -v: 80
// matches; 20 in the quick suite) is the figure in docs/foxhunt.md.
func TestBotsHunt(t *testing.T) {
	res, err := Hunt(testenv.Pick(20, huntMatches), 200, 4, DefaultSize, DefaultSize, 1)
	if err != nil {
		t.Fatal(err)
	}
	catches, hits, fox := 0, 0, 0
	var tab strings.Builder
	fmt.Fprintf(&tab, "%-6s %-8s %-10s %s\n", "seed", "catches", "paralysed", "fox hit")
	for _, r := range res {
		catches += r.Catches
		hits += r.Paralysed
		fox += r.FoxHits
		fmt.Fprintf(&tab, "%-6d %-8d %-10d %d\n", r.Seed, r.Catches, r.Paralysed, r.FoxHits)
	}
	t.Logf("4 bots, %d matches of 200 rounds on %d×%d: %d catches (%.1f a match), %d paralysed, %d of them the fox\n%s", len(res),
		DefaultSize, DefaultSize, catches, float64(catches)/float64(len(res)), hits, fox, tab.String())
	if catches < huntFloor*len(res) {
		t.Fatalf("the hunters caught the fox %d times in %d matches, want at least %d a match\n%s", catches, len(res), huntFloor, tab.String())
	}
}

// huntFloor is the catches a match of four bots must reach on average.
const huntFloor = 5

const huntMatches = 80
