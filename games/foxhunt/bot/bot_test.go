package bot

import (
	"testing"

	"github.com/minotaur-game/minotaur/games/foxhunt"
)

func TestBrainKeepsOutOfBeams(t *testing.T) {
	// a hunter next to a bomb about to go off steps out of its line
	st := &View{Round: 8, W: 5, H: 3, Rows: []string{"____f", "_Bp__", "_____"},
		Table: []Entry{{Name: "fox", Points: 3, At: pt(4, 0)}, {Name: "me", At: pt(2, 1)}}}
	b := NewBrain("me", 1)
	// seen in round 4: after this block (round 8) it goes off at the end of
	// the coming round
	b.fuses.seen = map[foxhunt.Point]int{pt(1, 1): 4}
	b.fuses.blocks, b.fuses.last = 8, 8
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
	read := func() *View {
		st := ViewOf(g)
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
	f.Update(&View{Round: 1, W: 6, H: 1, Rows: []string{"B_____"}})
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
	read := func() *View {
		st := ViewOf(g)
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
	st := &View{Round: 1, W: 3, H: 1, Rows: []string{"pwf"},
		Table: []Entry{{Name: "fox", At: pt(2, 0)}, {Name: "me", At: pt(0, 0)}}}
	if got := b.Decide(st); got != "b" {
		t.Fatalf("walled off from the fox, the bot answers %q, want b", got)
	}
	if b.fuses.ownAt != 1 || b.fuses.own != pt(0, 0) {
		t.Fatalf("the bot did not note its bomb: own %v in round %d", b.fuses.own, b.fuses.ownAt)
	}
}

func pt(x, y int) foxhunt.Point { return foxhunt.Point{X: x, Y: y} }
