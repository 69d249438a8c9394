package minotaur

import (
	"testing"

	tea "github.com/charmbracelet/bubbletea"

	"github.com/minotaur-game/minotaur/engine"
	"github.com/minotaur-game/minotaur/internal/cputime"
	"github.com/minotaur-game/minotaur/saves"
	"github.com/minotaur-game/minotaur/tui/screen"
)

// level7Screen returns a game screen at 80×24 on a level-7 maze (21×23),
// every tile of it remembered so that the whole map is drawn.
func level7Screen(b *testing.B, seed uint64) (*gameScreen, *Model) {
	lv, err := engine.Generate(seed, 7)
	if err != nil {
		b.Fatal(err)
	}
	g, err := engine.New(engine.Config{Seed: seed, Players: 1, Levels: []engine.Level{lv}})
	if err != nil {
		b.Fatal(err)
	}
	cfg := testConfig(b, seed)
	m := New(cfg)
	m.Update(tea.WindowSizeMsg{Width: 80, Height: 24})
	gs := newGameScreen(m.c, NewLocalSession(g, nil, nil, cfg.Saves, cfg.Replays, cfg.Now, false))
	m.Stack = []screen.Screen{gs}
	// Draw a fully known map: every tile lit, as in the worst case.
	v := &gs.b.view
	for i := range v.Light {
		v.Light[i] = engine.Lit
		if v.Map[i] == ' ' {
			v.Map[i] = '.'
		}
	}
	return gs, m
}

// BenchmarkGameViewLevel7 measures drawing a whole level-7 frame (map and
// panel) after a change, from the glyph table.
func BenchmarkGameViewLevel7(b *testing.B) {
	gs, _ := level7Screen(b, 7)
	gs.View()
	b.ReportAllocs()
	b.ResetTimer()
	cpu := cputime.Start()
	for i := 0; i < b.N; i++ {
		gs.b.touch()
		_ = gs.View()
	}
	cpu.Report(b)
}

// BenchmarkGameViewSmall measures the same frame at 40×12, the panel
// under the map: the figures and the hints wrapped whole.
func BenchmarkGameViewSmall(b *testing.B) {
	gs, m := level7Screen(b, 7)
	m.Update(tea.WindowSizeMsg{Width: 40, Height: 12})
	gs.View()
	b.ReportAllocs()
	b.ResetTimer()
	cpu := cputime.Start()
	for i := 0; i < b.N; i++ {
		gs.b.touch()
		_ = gs.View()
	}
	cpu.Report(b)
}

// BenchmarkGameViewCached measures View between changes (the cached frame).
func BenchmarkGameViewCached(b *testing.B) {
	gs, _ := level7Screen(b, 7)
	gs.View()
	b.ReportAllocs()
	b.ResetTimer()
	cpu := cputime.Start()
	for i := 0; i < b.N; i++ {
		_ = gs.View()
	}
	cpu.Report(b)
}

// BenchmarkTurn measures a turn from key to new frame on level 7: the
// root model's Update with a move key (the engine's Apply and View
// included) and the View that follows.
func BenchmarkTurn(b *testing.B) {
	keys := []tea.KeyMsg{
		{Type: tea.KeyRunes, Runes: []rune{'w'}}, {Type: tea.KeyRunes, Runes: []rune{'a'}},
		{Type: tea.KeyRunes, Runes: []rune{'s'}}, {Type: tea.KeyRunes, Runes: []rune{'d'}},
	}
	gs, m := level7Screen(b, 7)
	b.ReportAllocs()
	b.ResetTimer()
	cpu := cputime.Start()
	for i := 0; i < b.N; i++ {
		if gs.over {
			b.StopTimer()
			cpu.StopTimer()
			gs, m = level7Screen(b, uint64(i))
			cpu.StartTimer()
			b.StartTimer()
		}
		m.Update(keys[i%len(keys)])
		_ = m.View()
	}
	cpu.Report(b)
}

// BenchmarkReplayStepBack measures ← at the end of a whole won campaign
// (every level passed along the solver's line): the game is played again
// from its start, on a new board, and drawn.
func BenchmarkReplayStepBack(b *testing.B) {
	g, err := engine.New(engine.Config{Seed: 3, Players: 1})
	if err != nil {
		b.Fatal(err)
	}
	var moves []byte
	for g.Result() == engine.InProgress {
		sol := engine.Solve(g, engine.SolverBudget)
		if !sol.Found {
			b.Skip("seed 3: a level has no winning line")
		}
		for _, a := range sol.Line {
			g.Apply(1, a)
			moves = append(moves, byte(a))
		}
	}
	if g.Result() != engine.Won {
		b.Fatalf("seed 3 was not won along the solver's lines")
	}
	m, err := NewReplay(saves.Replay{Seed: 3, Players: 1, Moves: string(moves)}, nil, nil)
	if err != nil {
		b.Fatal(err)
	}
	m.Update(tea.WindowSizeMsg{Width: 80, Height: 24})
	b.ReportAllocs()
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		b.StopTimer()
		m.seek(len(moves))
		b.StartTimer()
		m.seek(len(moves) - 1)
		_ = m.View()
	}
	b.ReportMetric(float64(len(moves)), "moves")
}
