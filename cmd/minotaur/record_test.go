package main

import (
	"flag"
	"os"
	"path/filepath"
	"testing"

	"github.com/minotaur-game/minotaur/engine"
	"github.com/minotaur-game/minotaur/levels"
	"github.com/minotaur-game/minotaur/saves"
)

var recordCorpus = flag.Bool("record-replays", false, "play the games of testdata/replays again (solver lines) and rewrite their moves")

// corpusGame says how one replay of the corpus is played: solo or co-op
// along the engine solver's lines for levels 1…pass, then on level pass+1
// skipping for wait turns (a lost or unfinished game), or custom levels
// along their solver lines.
type corpusGame struct {
	name    string
	seed    uint64
	players int
	pass    int      // levels passed along the solver's lines
	wait    int      // then this many skips by seat 1 on the next level
	half    bool     // instead: the first half of the next level's line
	custom  []string // level files of levels/examples, or nil
}

var corpusGames = []corpusGame{
	{name: "solo-seed42-won", seed: 42, players: 1, pass: 7},
	{name: "solo-seed3-won", seed: 3, players: 1, pass: 7},
	{name: "solo-seed44-lost-level3", seed: 44, players: 1, pass: 2, wait: 200},
	{name: "solo-seed94-level5-waits", seed: 94, players: 1, pass: 4, wait: 200},
	{name: "solo-seed105-lost-level7", seed: 105, players: 1, pass: 6, wait: 200},
	{name: "solo-seed119-level4-half", seed: 119, players: 1, pass: 3, half: true},
	{name: "coop-seed98", seed: 98, players: 2, pass: 7},
	{name: "coop-seed104", seed: 104, players: 2, pass: 7},
	{name: "coop-seed209-waits", seed: 209, players: 2, pass: 1, wait: 200},
	{name: "custom-minotaur-arena-1p", seed: 1, players: 1, pass: 1, custom: []string{"04-minotaur-arena.txt"}},
	{name: "custom-two-loops-1p", seed: 1, players: 1, pass: 1, custom: []string{"02-two-loops.txt"}},
	{name: "custom-side-by-side-2p-waits", seed: 5, players: 2, wait: 100, custom: []string{"05-side-by-side.txt"}},
	{name: "custom-caves-lost-1p", seed: 9, players: 1, wait: 300, custom: []string{"08-caves.txt"}},
}

// TestRecordCorpus rewrites testdata/replays when run with -record-replays
// (then -update-replays writes their outcomes); without it, it checks that
// every game of the list is in the corpus.
func TestRecordCorpus(t *testing.T) {
	for _, cg := range corpusGames {
		path := filepath.Join("testdata", "replays", cg.name+".json")
		if !*recordCorpus {
			if _, err := os.Stat(path); err != nil {
				t.Errorf("the corpus lacks %s (run with -record-replays): %v", cg.name, err)
			}
			continue
		}
		r := cg.play(t)
		if err := os.WriteFile(path, r.Encode(), 0o644); err != nil {
			t.Fatal(err)
		}
	}
}

// play plays the game: seat 1 follows the solver's line for each passed
// level, computed on a solo game of the same level (in co-op seat 2 waits
// at its start), then skips or plays half a line.
func (cg corpusGame) play(t *testing.T) saves.Replay {
	t.Helper()
	var texts []string
	var lvs []engine.Level
	for _, f := range cg.custom {
		data, err := os.ReadFile(filepath.Join("..", "..", "levels", "examples", f))
		if err != nil {
			t.Fatal(err)
		}
		lv, _, err := levels.Parse(f, data)
		if err != nil {
			t.Fatal(err)
		}
		texts = append(texts, string(data))
		lvs = append(lvs, lv)
	}
	g, err := engine.New(engine.Config{Seed: cg.seed, Players: cg.players, Levels: lvs})
	if err != nil {
		t.Fatal(err)
	}
	rec := saves.NewRecorder(cg.seed, texts, cg.players)
	// Seat 2 waits alone at most this many turns: with the hunters at
	// their posts nobody may ever come for it.
	alone := 300
	act := func(a engine.Action) bool {
		for g.Result() == engine.InProgress && g.Turn() == 2 && alone > 0 {
			rec.Apply(g, 2, engine.Skip)
			if g.Turn() == 2 {
				alone--
			}
		}
		if g.Result() != engine.InProgress || g.Turn() != 1 {
			return false
		}
		if _, err := rec.Apply(g, 1, a); err != nil {
			t.Fatalf("%s: %v", cg.name, err)
		}
		return true
	}
	line := func() []engine.Action {
		solo, err := engine.New(engine.Config{Seed: cg.seed, Players: 1, Levels: lvs, Start: g.LevelNumber()})
		if err != nil {
			t.Fatal(err)
		}
		sol := engine.Solve(solo, engine.SolverBudget)
		if !sol.Found {
			t.Fatalf("%s: level %d: %s", cg.name, g.LevelNumber(), sol.Reason)
		}
		return sol.Line
	}
	for lv := 1; lv <= cg.pass && g.Result() == engine.InProgress; lv++ {
		for _, a := range line() {
			if !act(a) {
				break
			}
		}
	}
	if g.Result() == engine.InProgress {
		if cg.half {
			l := line()
			for _, a := range l[:len(l)/2] {
				act(a)
			}
		}
		for i := 0; i < cg.wait && act(engine.Skip); i++ {
		}
	}
	return rec.Replay()
}
