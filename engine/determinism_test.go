package engine

import (
	"bytes"
	"encoding/json"
	"errors"
	"math/rand/v2"
	"reflect"
	"strings"
	"testing"
)

var allActions = []Action{Up, Left, Down, Right, Skip}

// randomPlay plays up to n random actions (seat by seat as Turn says) and
// returns the actions taken; rng drives the choices.
func randomPlay(t *testing.T, g *Game, rng *rand.Rand, n int) []Action {
	t.Helper()
	var acts []Action
	for i := 0; i < n && g.Turn() != 0; i++ {
		a := allActions[rng.IntN(len(allActions))]
		if _, err := g.Apply(g.Turn(), a); err != nil {
			t.Fatalf("Apply: %v", err)
		}
		acts = append(acts, a)
	}
	return acts
}

func marshal(t *testing.T, g *Game) []byte {
	t.Helper()
	b, err := json.Marshal(g)
	if err != nil {
		t.Fatalf("marshal: %v", err)
	}
	return b
}

func TestSameSeedSameActionsSameGame(t *testing.T) {
	for seed := uint64(0); seed < 40; seed++ {
		for _, players := range []int{1, 2} {
			a, _ := New(Config{Seed: seed, Players: players})
			b, _ := New(Config{Seed: seed, Players: players})
			acts := randomPlay(t, a, rand.New(rand.NewPCG(seed, 7)), 400)
			for _, act := range acts {
				if _, err := b.Apply(b.Turn(), act); err != nil {
					t.Fatalf("seed %d: replay: %v", seed, err)
				}
			}
			if !bytes.Equal(marshal(t, a), marshal(t, b)) {
				t.Fatalf("seed %d players %d: the same actions gave different games", seed, players)
			}
		}
	}
}

func TestSaveLoadContinuesIdentically(t *testing.T) {
	for seed := uint64(0); seed < 60; seed++ {
		players := 1 + int(seed%2)
		rng := rand.New(rand.NewPCG(seed, 11))
		orig, _ := New(Config{Seed: seed, Players: players})
		// Walk a while, save at a random turn, then continue both.
		randomPlay(t, orig, rng, rng.IntN(300))
		loaded, err := Load(marshal(t, orig))
		if err != nil {
			t.Fatalf("seed %d: load: %v", seed, err)
		}
		if !bytes.Equal(marshal(t, orig), marshal(t, loaded)) {
			t.Fatalf("seed %d: a loaded game serialises differently", seed)
		}
		cont := rand.New(rand.NewPCG(seed, 13))
		for i := 0; i < 300 && orig.Turn() != 0; i++ {
			a := allActions[cont.IntN(len(allActions))]
			e1, err1 := orig.Apply(orig.Turn(), a)
			e2, err2 := loaded.Apply(loaded.Turn(), a)
			if !errors.Is(err1, err2) || len(e1) != len(e2) {
				t.Fatalf("seed %d step %d: events %v vs %v", seed, i, e1, e2)
			}
		}
		if !bytes.Equal(marshal(t, orig), marshal(t, loaded)) {
			t.Fatalf("seed %d: the loaded game went another way", seed)
		}
		v1, v2 := orig.View(1), loaded.View(1)
		if string(v1.Map) != string(v2.Map) {
			t.Fatalf("seed %d: views differ after continuing", seed)
		}
	}
}

func TestLoadRefusesDamage(t *testing.T) {
	g, _ := New(Config{Seed: 3, Players: 1})
	good := marshal(t, g)
	var generic map[string]any
	json.Unmarshal(good, &generic)
	tests := map[string]func(m map[string]any){
		"wrong format": func(m map[string]any) { m["format"] = "something-else" },
		"newer":        func(m map[string]any) { m["version"] = 99 },
		"bad level":    func(m map[string]any) { m["level_no"] = 42 },
		"bad seat":     func(m map[string]any) { m["seats"] = []any{map[string]any{"pos": map[string]any{"x": -5, "y": 0}}} },
		"bad rng":      func(m map[string]any) { m["rng"] = "AAAA" },
		"bad memory":   func(m map[string]any) { m["memory"] = []string{"x"} },
	}
	for name, mutate := range tests {
		t.Run(name, func(t *testing.T) {
			var m map[string]any
			json.Unmarshal(good, &m)
			mutate(m)
			data, _ := json.Marshal(m)
			if _, err := Load(data); err == nil {
				t.Errorf("Load accepted a game with %s", name)
			}
		})
	}
	if _, err := Load(good[:len(good)/2]); err == nil {
		t.Errorf("Load accepted a truncated game")
	}
	m := map[string]any{}
	json.Unmarshal(good, &m)
	m["version"] = GameVersion + 1
	data, _ := json.Marshal(m)
	if _, err := Load(data); !errors.Is(err, ErrNewerVersion) {
		t.Errorf("a newer version must say so: %v", err)
	}
}

func FuzzLoad(f *testing.F) {
	g, _ := New(Config{Seed: 1, Players: 2})
	good, _ := json.Marshal(g)
	f.Add(good)
	f.Add([]byte(`{"format":"minotaur-game","version":1}`))
	f.Fuzz(func(t *testing.T, data []byte) {
		g, err := Load(data)
		if err != nil {
			return
		}
		// A game that loads must be playable without panics.
		g.View(1)
		for i := 0; i < 20 && g.Turn() != 0; i++ {
			g.Apply(g.Turn(), allActions[i%len(allActions)])
		}
	})
}

// TestFullCampaignCanBeWon walks every level by the shortest paths with the
// monsters taken away, checking that levels follow one another, scores add up
// and the game is won after the last level.
func TestFullCampaignCanBeWon(t *testing.T) {
	g, _ := New(Config{Seed: 2024, Players: 1})
	for level := 1; level <= CampaignLevels; level++ {
		if g.LevelNumber() != level {
			t.Fatalf("at level %d, want %d", g.LevelNumber(), level)
		}
		g.mons = g.mons[:0] // the walk tests levels and scores, not escapes
		for _, goal := range []Point{g.lv.Key, g.lv.Exit} {
			g.dm.fill(g.b, playerPass(g.b, goal == g.lv.Exit), goal)
			for _, p := range g.dm.path(g.b, g.seats[0].Pos, 1<<20) {
				d := Point{p.X - g.seats[0].Pos.X, p.Y - g.seats[0].Pos.Y}
				var a Action
				for _, c := range allActions[:4] {
					if c.Delta() == d {
						a = c
					}
				}
				if _, err := g.Apply(1, a); err != nil {
					t.Fatal(err)
				}
			}
		}
	}
	if g.Result() != Won {
		t.Fatalf("after %d levels the result is %v", CampaignLevels, g.Result())
	}
	sum := 0
	for _, p := range g.Status().Passed {
		sum += p.Score
	}
	if len(g.Status().Passed) != CampaignLevels || g.Score() != sum {
		t.Errorf("passed %d levels, score %d, sum %d", len(g.Status().Passed), g.Score(), sum)
	}
}

// TestHunterAloneAgrees: with one player on the board, hunters find their
// way by a search from the hunter (hunterActAlone); the search over the
// whole board from the players, which two players need, must give the same
// game move for move, over random games of every level.
func TestHunterAloneAgrees(t *testing.T) {
	for seed := uint64(1); seed <= 20; seed++ {
		for n := 2; n <= CampaignLevels; n++ {
			a, err := New(Config{Seed: seed, Players: 1, Start: n})
			if err != nil {
				t.Fatal(err)
			}
			b, _ := New(Config{Seed: seed, Players: 1, Start: n})
			b.boardSearch = true
			r := rand.New(rand.NewPCG(seed, uint64(n)))
			acts := []Action{Up, Left, Down, Right, Skip}
			for i := 0; i < 300 && a.Result() == InProgress && a.LevelNumber() == n; i++ {
				act := acts[r.IntN(len(acts))]
				a.Apply(1, act)
				b.Apply(1, act)
				if sa, sb := a.Status(), b.Status(); !reflect.DeepEqual(sa, sb) {
					t.Fatalf("seed %d level %d action %d: the searches disagree:\n%+v\n%+v", seed, n, i, sa, sb)
				}
			}
		}
	}
}

// TestLoadRefusesImpossibleCounters: a hand-edited game with
// counters no play can produce is refused, not scored — negative turns or
// bonuses, more bonuses than the level holds, a forged passed level, a
// pocket of a billion freezes — while the game as saved loads.
func TestLoadRefusesImpossibleCounters(t *testing.T) {
	g, _ := New(Config{Seed: 3, Players: 1})
	good := marshal(t, g)
	if _, err := Load(good); err != nil {
		t.Fatalf("the game as saved: %v", err)
	}
	seat := func(m map[string]any) map[string]any { return m["seats"].([]any)[0].(map[string]any) }
	tests := map[string]func(m map[string]any){
		"negative turns":   func(m map[string]any) { m["turns"] = -5 },
		"negative bonuses": func(m map[string]any) { m["bonuses"] = -1 },
		"bonuses":          func(m map[string]any) { m["bonuses"] = 99 },
		"a forged passed one": func(m map[string]any) {
			m["passed"] = []any{map[string]any{"level": 1, "turns": 5, "time_bonus": 295, "score": 395}}
		},
		"freezes": func(m map[string]any) { seat(m)["freezes"] = 1_000_000_000 },
	}
	for name, mutate := range tests {
		t.Run(name, func(t *testing.T) {
			var m map[string]any
			json.Unmarshal(good, &m)
			mutate(m)
			data, _ := json.Marshal(m)
			if _, err := Load(data); err == nil || !strings.Contains(err.Error(), "impossible") {
				t.Errorf("Load of a game with impossible %s: %v, want it refused", name, err)
			}
		})
	}
}
