package trails

import (
	"testing"

	"github.com/minotaur-game/minotaur/games/trails"
	trailsbot "github.com/minotaur-game/minotaur/games/trails/bot"
	"github.com/minotaur-game/minotaur/internal/cputime"
)

// BenchmarkView draws the game screen of a classic game in its middle, at
// 80×24 in colour (docs/performance.md).
func BenchmarkView(b *testing.B) {
	for _, n := range []int{11, 25} {
		b.Run(map[int]string{11: "classic", 25: "25x25"}[n], func(b *testing.B) {
			cfg := trails.Config{Size: n, Towers: 3, Distance: 1, First: 1}
			d := newDriver(b, false, 80, 24, gameOf(Setup{Config: cfg, Seed: 3}))
			g := d.game()
			bot := &trailsbot.Player{Level: 1, Seed: 2}
			for i := 0; i < 16 && !g.g.Over(); i++ {
				d.press(arrow[bot.Choose(g.g.Position())])
			}
			b.ReportAllocs()
			b.ResetTimer()
			cpu := cputime.Start()
			for i := 0; i < b.N; i++ {
				_ = g.View()
			}
			cpu.Report(b)
		})
	}
}
