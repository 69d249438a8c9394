package engine

import (
	"math/rand/v2"
	"testing"
)

// TestSearchAgreesWithDistanceMaps: a monster's search gives the distances of
// a full distance map, and its first step is the step a walker takes down the
// target's map (the fixed tie-break order) — across many searches, including
// the wrap of the generation counter.
func TestSearchAgreesWithDistanceMaps(t *testing.T) {
	lv, err := Generate(11, 5)
	if err != nil {
		t.Fatal(err)
	}
	b := newBoard(&lv)
	var floor []Point
	for i, w := range lv.Wall {
		if !w {
			floor = append(floor, b.pt(i))
		}
	}
	rng := rand.New(rand.NewPCG(1, 2))
	var s search
	var from, to distMap
	for k := 0; k < 3*wallGen; k++ {
		src := floor[rng.IntN(len(floor))]
		dst := floor[rng.IntN(len(floor))]
		s.begin(b, src)
		for depth := 0; s.grow(b, depth); depth++ {
		}
		if k%50 != 0 && k < 2*wallGen-5 {
			continue // check in full now and then, and all around the wrap
		}
		from.fill(b, monsterPass, src)
		for i := range lv.Wall {
			if want := int(from.d[i]); max(want, -1) != s.dist(i) {
				t.Fatalf("search %d from %v: tile %v at %d, want %d", k, src, b.pt(i), s.dist(i), want)
			}
		}
		to.fill(b, monsterPass, dst)
		want, okWant := to.stepDown(b, src)
		got, okGot := s.stepToward(b, b.idx(dst))
		if okWant != okGot || (okWant && want != got) {
			t.Fatalf("search %d: first step from %v toward %v is %v, want %v", k, src, dst, got, want)
		}
	}
}
