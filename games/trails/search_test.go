package trails

import "testing"

// Try and Play, the computer player's way through the rules, agree with
// Plan and Move: the same move, legal or not, and the same position after.
func TestTryAndPlayAgreeWithMove(t *testing.T) {
	g, err := New(Config{Size: 7, Towers: 3, Distance: 1, First: 1}, 1)
	if err != nil {
		t.Fatal(err)
	}
	for step := 0; !g.Over() && step < 40; step++ {
		p := g.Position()
		var first Dir = NoDir
		for _, d := range Dirs {
			m, ok := p.Try(d)
			want, err := p.Plan(d)
			if ok != (err == nil) || ok && m != want {
				t.Fatalf("step %d, %s: Try gives %+v, %v; Plan %+v, %v", step, d, m, ok, want, err)
			}
			if !ok {
				continue
			}
			if first == NoDir {
				first = d
			}
			played, moved := p.Clone(), p.Clone()
			played.Play(m)
			if _, err := moved.Move(d); err != nil {
				t.Fatal(err)
			}
			if played.Rows()[0] != moved.Rows()[0] || played.Current() != moved.Current() || played.Over() != moved.Over() {
				t.Fatalf("step %d, %s: Play and Move differ", step, d)
			}
		}
		if first == NoDir {
			t.Fatalf("step %d: no legal move in a game that is not over", step)
		}
		if _, err := g.Move(first); err != nil {
			t.Fatal(err)
		}
	}
}

// CanMove asks for either player, whoever is to move, and changes nothing.
func TestCanMove(t *testing.T) {
	p := drawn(t, 1, none, none,
		"Bb...",
		"b....",
		".....",
		".....",
		"...rR")
	if p.CanMove(1) || !p.CanMove(2) {
		t.Errorf("CanMove(1) = %v, CanMove(2) = %v; want false, true", p.CanMove(1), p.CanMove(2))
	}
	if p.Current() != 1 {
		t.Errorf("CanMove changed the player to move to %d", p.Current())
	}
	if dx, dy := Left.Delta(); dx != -1 || dy != 0 {
		t.Errorf("Left.Delta() = %d, %d", dx, dy)
	}
}
