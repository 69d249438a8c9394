package chess

import (
	"math/rand/v2"
	"testing"

	"github.com/minotaur-game/minotaur/internal/testenv"
)

// oracle keeps, apart from the game, what each side must see: the cells
// within two of its pieces after every turn, and how many of its own turns
// have ended since a cell was last in that zone.
type oracle struct {
	inZone [2][64]bool
	ever   [2][64]bool
	since  [2][64]int // the side's own turns ended since the cell left its zone
}

func newOracle(g *Game) *oracle {
	o := &oracle{}
	o.look(g, White, false)
	o.look(g, Black, false)
	return o
}

// look recomputes a side's zone from the true board; turnEnded counts one of
// its own turns for the cells already out of the zone.
func (o *oracle) look(g *Game, c Color, turnEnded bool) {
	var z [64]bool
	for s := Sq(0); s < 64; s++ {
		if p := g.s.Pos.Board[s]; !p.Empty() && p.Color == c {
			for t := Sq(0); t < 64; t++ {
				if max(abs(s.File()-t.File()), abs(s.Rank()-t.Rank())) <= 2 {
					z[t] = true
				}
			}
		}
	}
	for s := range z {
		switch {
		case z[s]:
			o.since[c][s] = 0
			o.ever[c][s] = true
		case o.inZone[c][s]: // leaves now
			o.since[c][s] = 0
		case turnEnded:
			o.since[c][s]++
		}
	}
	o.inZone[c] = z
}

func (o *oracle) visible(c Color, s Sq) bool {
	return o.inZone[c][s] || (o.ever[c][s] && o.since[c][s] < Closing)
}

// checkView compares a side's view with the true board and the oracle.
func (o *oracle) checkView(t *testing.T, g *Game, c Color, where string) {
	t.Helper()
	v := g.View(c)
	for s := Sq(0); s < 64; s++ {
		cell := v.Cells[s]
		if !o.visible(c, s) {
			if cell != (Cell{}) {
				t.Fatalf("%s: %v sees %v in its fog: %+v", where, c, s, cell)
			}
			continue
		}
		want := Cell{Sight: Seen, Piece: g.s.Pos.Board[s], Bonus: g.s.Pos.Bonus[s]}
		if !o.inZone[c][s] {
			want.Sight, want.Left = Open, Closing-o.since[c][s]
		}
		if want.Piece.Color != c {
			want.Piece.Moved = false
		}
		if cell != want {
			t.Fatalf("%s: %v sees %v as %+v, want %+v", where, c, s, cell, want)
		}
	}
	for sq, p := range g.s.Pos.Board {
		if !p.Empty() && p.Color == c && v.Cells[sq].Sight != Seen {
			t.Fatalf("%s: %v's own %s on %v is not in its sight", where, c, p.Kind, Sq(sq))
		}
	}
	for _, m := range Moves(&v) {
		if p := g.s.Pos.Board[m.From]; p.Empty() || p.Color != c {
			t.Fatalf("%s: %v offered %v, not its piece", where, c, m)
		}
	}
}

// TestFogOverRandomGames plays many random games and checks after every
// turn each side's view against the true board and its fog, and every
// event a side is told against what really happened and what it saw.
func TestFogOverRandomGames(t *testing.T) {
	games, plies := testenv.Pick(60, 300), 300 // 300 games under make test-long
	if testing.Short() {
		games = 40
	}
	ends := 0
	for seed := uint64(1); seed <= uint64(games); seed++ {
		g := New(src(seed))
		o := newOracle(g)
		pick := rand.New(rand.NewPCG(seed, 5))
		for ply := 0; ply < plies && !g.Over(); ply++ {
			where := func() string { return "seed " + itoa(seed) + " ply " + itoa(uint64(ply)) }
			mover := g.ToMove()
			before := [2][64]bool{}
			for c := White; c <= Black; c++ {
				for s := Sq(0); s < 64; s++ {
					before[c][s] = o.visible(c, s)
				}
			}
			l := g.Legal()
			told, all, err := g.apply(l[pick.IntN(len(l))])
			if err != nil {
				t.Fatalf("%s: %v", where(), err)
			}
			o.look(g, mover, true)
			o.look(g, mover.Other(), false)
			for _, e := range all {
				if e.Kind == Passed {
					o.look(g, e.Side, true)
				}
			}
			for c := White; c <= Black; c++ {
				o.checkView(t, g, c, where())
				for _, e := range told[c] {
					checkTold(t, where(), c, e, all, &before[c], o)
				}
			}
		}
		if g.Over() {
			ends++
		}
	}
	if ends < games/4 {
		t.Errorf("only %d of %d random games ended: the test saw few ends", ends, games)
	}
}

// checkTold: a told event is a true event with some cells withheld, and
// names only cells the side saw, before or after the move — but for the
// cells its own pieces went to, fought on or felt a bonus on.
func checkTold(t *testing.T, where string, c Color, e Event, all []Event, before *[64]bool, o *oracle) {
	t.Helper()
	match := false
	for _, a := range all {
		if a.Kind == e.Kind && a.Side == e.Side && a.Piece == e.Piece && a.Other == e.Other && a.Bonus == e.Bonus &&
			a.Amount == e.Amount && a.OtherHP == e.OtherHP && a.Died == e.Died && a.OtherDied == e.OtherDied &&
			(e.From == NoSq || e.From == a.From) && (e.To == NoSq || e.To == a.To) &&
			(e.At == NoSq || e.At == a.At) && (e.Via == NoSq || e.Via == a.Via) &&
			(e.HP == 0 || e.HP == a.HP) {
			match = true
		}
	}
	if !match {
		t.Fatalf("%s: %v told %+v, which did not happen", where, c, e)
	}
	for _, s := range []Sq{e.From, e.To, e.At, e.Via} {
		if !s.Valid() || before[s] || o.visible(c, s) {
			continue
		}
		if e.Side == c && e.Kind != Appeared {
			continue // its own piece was there: moved, fought, felt a bonus
		}
		t.Fatalf("%s: %v told %+v, naming %v that it did not see", where, c, e, s)
	}
}

func itoa(n uint64) string {
	if n == 0 {
		return "0"
	}
	var b []byte
	for ; n > 0; n /= 10 {
		b = append([]byte{byte('0' + n%10)}, b...)
	}
	return string(b)
}
