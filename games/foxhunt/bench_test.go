package foxhunt

import (
	"testing"

	"github.com/minotaur-game/minotaur/internal/cputime"
)

// BenchmarkGenerate101 draws a 101×101 map (once per match on the server).
func BenchmarkGenerate101(b *testing.B) {
	b.ReportAllocs()
	cpu := cputime.Start()
	for i := 0; i < b.N; i++ {
		if _, err := New(Config{W: 101, H: 101, Rounds: 1, Seed: uint64(i)}, []string{"a", "b"}); err != nil {
			b.Fatal(err)
		}
	}
	cpu.Report(b)
}
