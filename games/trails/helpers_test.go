package trails

import (
	"strings"
	"testing"
)

// drawn builds a position from a drawing, one string a row: '.' free, 'b'
// and 'r' trails, 'B' and 'R' where each player stands, 'T' a tower, 'X' and
// 'Y' towers taken by Blue and Red. Towers are numbered in reading order.
// cur is the player to move; boosts are each player's previous move.
type boost struct {
	Dir Dir
	Len int
}

func drawn(t *testing.T, cur int, b1, b2 boost, rows ...string) *Position {
	t.Helper()
	n := len(rows)
	towers := 0
	for _, r := range rows {
		if len(r) != n {
			t.Fatalf("row %q is not %d cells long", r, n)
		}
		towers += strings.Count(r, "T") + strings.Count(r, "X") + strings.Count(r, "Y")
	}
	p := &Position{n: n, cells: make([]int8, n*n), towerI: make([]int8, n*n), towers: towers, owner: make([]int8, towers), cur: cur - 1}
	p.p[0] = Player{Dir: b1.Dir, Len: b1.Len}
	p.p[1] = Player{Dir: b2.Dir, Len: b2.Len}
	if b1.Len == 0 {
		p.p[0].Dir = NoDir
	}
	if b2.Len == 0 {
		p.p[1].Dir = NoDir
	}
	k := 0
	for y, r := range rows {
		for x, ch := range r {
			i := y*n + x
			switch ch {
			case '.':
			case 'b':
				p.cells[i] = blue
			case 'r':
				p.cells[i] = red
			case 'B', 'R':
				who := strings.IndexRune("BR", ch)
				p.cells[i] = int8(who + 1)
				p.p[who].Pos = Cell{x, y}
			case 'T', 'X', 'Y':
				k++
				p.towerI[i] = int8(k)
				if ch != 'T' {
					who := strings.IndexRune("XY", ch)
					p.cells[i] = int8(who + 1)
					p.owner[k-1] = int8(who + 1)
					p.p[who].Towers++
				} else {
					p.cells[i] = tower
				}
			default:
				t.Fatalf("unknown cell %q in %q", ch, r)
			}
		}
	}
	return p
}

// same fails unless p draws as want (in the letters of drawn, towers as 'T'
// until taken, then as their taker's 'X' or 'Y').
func same(t *testing.T, p *Position, want ...string) {
	t.Helper()
	got := p.Rows()
	for y := range got {
		b := []byte(got[y])
		for x := range b {
			if i := p.towerI[y*p.n+x]; i > 0 && p.owner[i-1] != 0 && b[x] != 'B' && b[x] != 'R' {
				b[x] = "XY"[p.owner[i-1]-1]
			}
		}
		got[y] = string(b)
	}
	if strings.Join(got, "\n") != strings.Join(want, "\n") {
		t.Fatalf("the field is\n%s\nwant\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
}

func mustMove(t *testing.T, p *Position, d Dir) Move {
	t.Helper()
	m, err := p.Move(d)
	if err != nil {
		t.Fatalf("%s: %v", d, err)
	}
	return m
}

func mustRefuse(t *testing.T, p *Position, d Dir, why string) {
	t.Helper()
	before := p.Clone()
	_, err := p.Move(d)
	if err == nil {
		t.Fatalf("%s was played; want it refused (%s)", d, why)
	}
	if !strings.Contains(err.Error(), why) {
		t.Fatalf("%s refused with %q, want it to say %q", d, err, why)
	}
	if strings.Join(before.Rows(), "/") != strings.Join(p.Rows(), "/") || before.cur != p.cur || before.p != p.p {
		t.Fatalf("a refused move changed the position")
	}
}
