package chess

import (
	"math/rand/v2"
	"testing"
)

// randomGame plays up to n random offered moves from a seed.
func randomGame(t *testing.T, seed uint64, n int) *Game {
	t.Helper()
	g := New(src(seed))
	pick := rand.New(rand.NewPCG(seed, 99))
	for i := 0; i < n && !g.Over(); i++ {
		l := g.Legal()
		if _, err := g.Apply(l[pick.IntN(len(l))]); err != nil {
			t.Fatalf("seed %d move %d: %v", seed, i, err)
		}
	}
	return g
}
