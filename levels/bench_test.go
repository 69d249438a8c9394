package levels

import (
	"testing"

	"github.com/minotaur-game/minotaur/engine"
	"github.com/minotaur-game/minotaur/internal/cputime"
)

// BenchmarkCheckLevel255 checks the largest level a file may hold, a
// 255 × 255 generated maze (target: under 10 ms).
func BenchmarkCheckLevel255(b *testing.B) {
	l, err := engine.GenerateSize(1, 255, 255)
	if err != nil {
		b.Fatal(err)
	}
	data := []byte(Format(l))
	b.SetBytes(int64(len(data)))
	b.ReportAllocs()
	cpu := cputime.Start()
	for b.Loop() {
		if r := Check("big.txt", data); !r.OK() {
			b.Fatal(r.Lines(false))
		}
	}
	cpu.Report(b)
}

// BenchmarkFormatLevel7 writes the campaign's largest level.
func BenchmarkFormatLevel7(b *testing.B) {
	l, err := engine.Generate(1, 7)
	if err != nil {
		b.Fatal(err)
	}
	b.ReportAllocs()
	cpu := cputime.Start()
	for b.Loop() {
		_ = Format(l)
	}
	cpu.Report(b)
}
