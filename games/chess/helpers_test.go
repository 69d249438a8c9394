package chess

import (
	"math/rand/v2"
	"slices"
	"strconv"
	"strings"
	"testing"
)

// pos builds a position from pieces and bonuses: "Ke1" a white king (capital
// letters white, small letters black), "Ra1:2" a rook with 2 HP, "Ra1:2/4"
// with 2 of 4 HP, "*d4=damage" a bonus.
func pos(t *testing.T, items ...string) Position {
	t.Helper()
	var p Position
	for _, it := range items {
		if b, ok := strings.CutPrefix(it, "*"); ok {
			cell, kind, _ := strings.Cut(b, "=")
			s := sq(t, cell)
			for k := Regen; k <= AddPiece; k++ {
				if k.String() == kind {
					p.Bonus[s] = k
				}
			}
			if p.Bonus[s] == NoBonus {
				t.Fatalf("no bonus %q", kind)
			}
			continue
		}
		letter := it[0]
		c := White
		if letter >= 'a' {
			c, letter = Black, letter-'a'+'A'
		}
		k := None
		for kk := King; kk <= Pawn; kk++ {
			if kk.Letter() == letter {
				k = kk
			}
		}
		if k == None {
			t.Fatalf("no piece %q", it)
		}
		cell, hp, _ := strings.Cut(it[1:], ":")
		pc := NewPiece(k, c)
		if hp != "" {
			h, m, has := strings.Cut(hp, "/")
			pc.HP = atoi(t, h)
			if has {
				pc.Max = atoi(t, m)
			} else if pc.HP > pc.Max {
				pc.Max = pc.HP
			}
		}
		s := sq(t, cell)
		if c == White && s.Rank() != 0 || c == Black && s.Rank() != 7 {
			pc.Moved = true // only back-rank kings and rooks may castle
		}
		p.Board[s] = pc
	}
	return p
}

func atoi(t *testing.T, s string) int {
	t.Helper()
	n, err := strconv.Atoi(s)
	if err != nil {
		t.Fatal(err)
	}
	return n
}

func sq(t *testing.T, s string) Sq {
	t.Helper()
	c, ok := ParseSq(s)
	if !ok {
		t.Fatalf("no cell %q", s)
	}
	return c
}

func mv(t *testing.T, s string) Move {
	t.Helper()
	m, err := ParseMove(s)
	if err != nil {
		t.Fatal(err)
	}
	return m
}

func src(seed uint64) *rand.PCG { return rand.NewPCG(seed, 0xc4e55) }

// play makes the moves (each must be accepted) and returns the last Told.
func play(t *testing.T, g *Game, moves ...string) Told {
	t.Helper()
	var told Told
	for _, s := range moves {
		var err error
		if told, err = g.Apply(mv(t, s)); err != nil {
			t.Fatalf("%s: %v", s, err)
		}
	}
	return told
}

// piece is what stands on a cell of the true board.
func (g *Game) piece(t *testing.T, cell string) Piece {
	t.Helper()
	return g.s.Pos.Board[sq(t, cell)]
}

func offered(g *Game, m string) bool {
	for _, l := range g.Legal() {
		if l.String() == m {
			return true
		}
	}
	return false
}

func kinds(evs []Event) []EventKind {
	var out []EventKind
	for _, e := range evs {
		out = append(out, e.Kind)
	}
	return out
}

func find(evs []Event, k EventKind) (Event, bool) {
	for _, e := range evs {
		if e.Kind == k {
			return e, true
		}
	}
	return Event{}, false
}

// withoutAppeared drops the bonuses that the fog's opening drew.
func withoutAppeared(t Told) Told {
	for c := range t {
		t[c] = slices.DeleteFunc(t[c], func(e Event) bool { return e.Kind == Appeared })
	}
	return t
}
