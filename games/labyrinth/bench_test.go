package labyrinth

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/minotaur-game/minotaur/internal/cputime"
)

// BenchmarkCheckField5 parses and checks the 100 × 100 Labyrinth example field
// (target: under 20 ms).
func BenchmarkCheckField5(b *testing.B) {
	data, err := os.ReadFile(filepath.Join(labyrinthDir(b), "field5.txt"))
	if err != nil {
		b.Fatal(err)
	}
	b.SetBytes(int64(len(data)))
	b.ReportAllocs()
	cpu := cputime.Start()
	for b.Loop() {
		lab, err := Parse("field5.txt", data)
		if err != nil {
			b.Fatal(err)
		}
		if r := lab.Check(); !r[0].OK {
			b.Fatal(r)
		}
	}
	cpu.Report(b)
}
