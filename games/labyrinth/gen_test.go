package labyrinth

import (
	"math/rand/v2"
	"testing"

	"github.com/minotaur-game/minotaur/internal/cputime"
)

// TestGenerateChecks: generated fields of many sizes and seeds pass the
// same check as `minotaur check`, have no sleep cells, one exit whose door
// leads off the field, a key that can be reached from every cell, at most
// 9 teleports — and survive being written out and read back.
func TestGenerateChecks(t *testing.T) {
	sizes := [][2]int{{2, 2}, {2, 7}, {3, 3}, {5, 9}, {10, 10}, {17, 4}, {30, 30}, {70, 70}, {100, 100}}
	for _, sz := range sizes {
		for seed := uint64(0); seed < 30; seed++ {
			if sz[0] >= 70 && seed >= 3 {
				break
			}
			lab, err := Generate(sz[0], sz[1], rand.New(rand.NewPCG(seed, 0)))
			if err != nil {
				t.Fatalf("%v seed %d: %v", sz, seed, err)
			}
			text := Format(lab)
			back, err := Parse("gen.txt", []byte(text))
			if err != nil {
				t.Fatalf("%v seed %d: %v", sz, seed, err)
			}
			if !back.Check()[0].OK {
				t.Fatalf("%v seed %d fails check: %v\n%s", sz, seed, verdicts(back), text)
			}
			checkGenerated(t, back, sz, seed)
		}
	}
}

func checkGenerated(t *testing.T, lab *File, sz [2]int, seed uint64) {
	t.Helper()
	f := lab.Fields[0]
	if len(lab.Fields) != 1 || f.Rows != sz[0] || f.Cols != sz[1] {
		t.Fatalf("%v seed %d: %d fields, %d × %d", sz, seed, len(lab.Fields), f.Rows, f.Cols)
	}
	exits, keys, jumps, key := 0, 0, 0, -1
	for i, ch := range f.Cells {
		sp, ok := lab.Legend[ch]
		if !ok {
			continue
		}
		switch sp.Kind {
		case "Sleep":
			t.Fatalf("%v seed %d: a sleep cell", sz, seed)
		case "Exit":
			exits++
			c := Cell{X: i / f.Cols, Y: i % f.Cols}
			if f.In(c.Step(sp.Dir)) {
				t.Errorf("%v seed %d: the exit at %v leads %v, into the field", sz, seed, c, sp.Dir)
			}
		case "Key":
			keys++
			key = i
		case "Teleport":
			jumps++
		}
	}
	if exits != 1 || keys != 1 || jumps > 9 {
		t.Fatalf("%v seed %d: %d exits, %d keys, %d teleports", sz, seed, exits, keys, jumps)
	}
	// The key can be reached from every cell: from the exit, which every
	// cell reaches.
	exit := -1
	for i, ch := range f.Cells {
		if ch == 'E' {
			exit = i
		}
	}
	if !reachable(lab, exit)[key] {
		t.Fatalf("%v seed %d: the key cannot be reached from the exit", sz, seed)
	}
}

func TestGenerateDeterministic(t *testing.T) {
	a, _ := Generate(20, 30, rand.New(rand.NewPCG(7, 1)))
	b, _ := Generate(20, 30, rand.New(rand.NewPCG(7, 1)))
	c, _ := Generate(20, 30, rand.New(rand.NewPCG(8, 1)))
	if Format(a) != Format(b) {
		t.Fatal("the same seed gave two fields")
	}
	if Format(a) == Format(c) {
		t.Fatal("two seeds gave the same field")
	}
}

func TestGenerateSizes(t *testing.T) {
	for _, sz := range [][2]int{{1, 5}, {5, 1}, {101, 10}, {10, 101}, {0, 0}} {
		if _, err := Generate(sz[0], sz[1], rand.New(rand.NewPCG(1, 1))); err == nil {
			t.Errorf("%v accepted", sz)
		}
	}
}

// BenchmarkGenerate100 draws a 100 × 100 field (target < 50 ms; the
// original program took 99.5 s).
func BenchmarkGenerate100(b *testing.B) {
	b.ReportAllocs()
	rng := rand.New(rand.NewPCG(1, 2))
	cpu := cputime.Start()
	for b.Loop() {
		if _, err := Generate(100, 100, rng); err != nil {
			b.Fatal(err)
		}
	}
	cpu.Report(b)
}

// BenchmarkGenerate50 draws a 50 × 50 field (the original: 7.8 s).
func BenchmarkGenerate50(b *testing.B) {
	b.ReportAllocs()
	rng := rand.New(rand.NewPCG(1, 2))
	cpu := cputime.Start()
	for b.Loop() {
		if _, err := Generate(50, 50, rng); err != nil {
			b.Fatal(err)
		}
	}
	cpu.Report(b)
}

// TestSolveWinsGeneratedFields: the solver's walk, played by the referee,
// wins every generated field from a random start.
func TestSolveWinsGeneratedFields(t *testing.T) {
	for seed := uint64(0); seed < 40; seed++ {
		rng := rand.New(rand.NewPCG(seed, 9))
		lab, err := Generate(3+int(seed%12), 3+int(seed%7), rng)
		if err != nil {
			t.Fatal(err)
		}
		start := RandomStart(lab, rng)
		walk, ok := Solve(lab, start)
		if !ok {
			t.Fatalf("seed %d: no walk from %v:\n%s", seed, start, Format(lab))
		}
		g, _ := New(lab, []Cell{start})
		for _, d := range walk {
			if _, err := g.Act(Command{Kind: Step, Dir: d}); err != nil {
				t.Fatalf("seed %d: %v", seed, err)
			}
		}
		if w, _ := g.Winner(); w != 1 {
			t.Fatalf("seed %d: the walk %v from %v did not win:\n%s", seed, walk, start, Format(lab))
		}
	}
}
