package chess

import (
	"testing"

	"github.com/minotaur-game/minotaur/games/chess"
	"github.com/minotaur-game/minotaur/internal/cputime"
)

// BenchmarkPlayView: one frame of a side's screen at 80×24, its board drawn
// from the glyph table (docs/performance.md).
func BenchmarkPlayView(b *testing.B) {
	cfg := testConfig(b, 5)
	cfg.Chess = &Setup{Human: chess.White, Level: 1, Seed: 5}
	d := newDriver(b, cfg, 80, 24)
	d.keys("e2e4<enter>g1f3<enter>")
	g := d.game()
	b.ReportAllocs()
	cpu := cputime.Start()
	for b.Loop() {
		_ = g.View()
	}
	cpu.Report(b)
}
