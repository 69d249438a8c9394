package bot

import (
	"bufio"
	"flag"
	"fmt"
	"math/rand/v2"
	"os"
	"strings"
	"testing"

	"github.com/minotaur-game/minotaur/games/chess"
)

var updateChoices = flag.Bool("update-choices", false, "rewrite testdata/choices.txt from the bot as it is")

// choiceLines are the moves the bot chooses at each level on a fixed set
// of positions: twelve games of level 2 against itself with a random move
// every third ply, looked at every eighth ply. One line per position and
// level: "seed ply level move".
func choiceLines() []string {
	var out []string
	for seed := uint64(1); seed <= 12; seed++ {
		g := chess.New(rand.NewPCG(seed, 0xc4e55))
		for ply := 0; ply <= 64 && !g.Over(); ply++ {
			v := g.View(g.ToMove())
			if ply%8 == 0 {
				for level := Random; level <= Levels; level++ {
					m, ok := Choose(&v, level, rand.New(rand.NewPCG(seed, uint64(ply))))
					out = append(out, fmt.Sprintf("%d %d %d %v %v", seed, ply, level, m, ok))
				}
			}
			level := 2
			if ply%3 == 2 {
				level = Random
			}
			m, ok := Choose(&v, level, rand.New(rand.NewPCG(seed^0x55, uint64(ply))))
			if !ok {
				break
			}
			if _, err := g.Apply(m); err != nil {
				panic(err)
			}
		}
	}
	return out
}

// TestChoicesPinned: the bot chooses the moves it chose when
// testdata/choices.txt was written, on every position of it and at every
// level — making it faster must not change what it plays.
func TestChoicesPinned(t *testing.T) {
	got := choiceLines()
	const path = "testdata/choices.txt"
	if *updateChoices {
		if err := os.WriteFile(path, []byte(strings.Join(got, "\n")+"\n"), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	f, err := os.Open(path)
	if err != nil {
		t.Fatalf("the pinned choices are missing: %v (write them with -update-choices)", err)
	}
	defer f.Close()
	var want []string
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		want = append(want, sc.Text())
	}
	if len(want) < 100 {
		t.Fatalf("%s holds %d choices, want the whole set", path, len(want))
	}
	if len(got) != len(want) {
		t.Fatalf("%d choices made, %d pinned", len(got), len(want))
	}
	for i := range got {
		if got[i] != want[i] {
			t.Errorf("seed ply level move: chose %q, pinned %q", got[i], want[i])
		}
	}
}

// The server's thinker waits in Player.Pause while people's lines are
// handled: level 3 calls it as it looks deeper, and it never changes the
// move.
func TestPauseLeavesTheMoveAlone(t *testing.T) {
	pauses := 0
	for seed := uint64(1); seed <= 6; seed++ {
		g := chess.New(rand.NewPCG(seed, 0xc4e55))
		for ply := 0; ply <= 64 && !g.Over(); ply++ {
			v := g.View(g.ToMove())
			if ply%4 == 0 {
				p := Player{Level: Levels, Seed: seed}
				want, wantOK := p.Move(&v)
				p.Pause = func() { pauses++ }
				if got, ok := p.Move(&v); got != want || ok != wantOK {
					t.Fatalf("seed %d ply %d: %v %v with pauses, %v %v without", seed, ply, got, ok, want, wantOK)
				}
			}
			m, ok := Player{Level: 2, Seed: seed}.Move(&v)
			if !ok {
				break
			}
			if _, err := g.Apply(m); err != nil {
				t.Fatal(err)
			}
		}
	}
	if pauses == 0 {
		t.Fatal("level 3 never paused")
	}
}
