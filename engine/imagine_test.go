package engine

import (
	"math/rand/v2"
	"testing"
)

// imagineTruth builds the Imagined position of a solo game's whole truth.
func imagineTruth(g *Game) Imagined {
	im := Imagined{Level: g.levelNo, Rows: g.lv.Rows, Cols: g.lv.Cols, Wall: g.lv.Wall,
		Key: g.lv.Key, Exit: g.lv.Exit, Keyed: g.keyed, Player: g.seats[0].Pos,
		Freezes: g.seats[0].Freezes, Torch: g.seats[0].Torch, Turn: g.turns}
	for _, bo := range g.lv.Bonuses {
		if g.items[g.b.idx(bo.Pos)] != NoItem {
			im.Bonuses = append(im.Bonuses, bo)
		}
	}
	for _, m := range g.mons {
		mv := g.monsterView(m)
		im.Monsters = append(im.Monsters, ImaginedMonster{Kind: m.Kind, Pos: m.Pos, Frozen: m.Frozen,
			Target: m.Target, HasTarget: m.HasTarget, Dir: m.Dir, Aiming: mv.Aiming, Left: mv.Left, Centre: m.Centre})
	}
	return im
}

// TestImaginedTruthPlaysAsTheGame: a position imagined from a game's whole
// truth, its random source set to the game's, plays on exactly as the game
// does — every monster of every kind on the same tile after every action,
// and the same end. So a bot that searches a Sim searches the rules
// themselves, not a copy of them (the Sim keeps its monsters' searches,
// where the game searches afresh).
func TestImaginedTruthPlaysAsTheGame(t *testing.T) {
	acts := []Action{Up, Left, Down, Right, Skip, UseFreeze}
	compared := 0
	var reused [CampaignLevels + 1]*Sim
	for seed := uint64(1); seed <= 30; seed++ {
		for _, n := range []int{3, 5, 7} {
			g, err := New(Config{Seed: seed, Players: 1, Start: n})
			if err != nil {
				t.Fatal(err)
			}
			r := rand.New(rand.NewPCG(seed, uint64(n)))
			// Some play first, so that monsters are on the move, frozen,
			// or on a player's trail.
			g.seats[0].Freezes = 2
			for i, k := 0, 4+r.IntN(20); (i < k || !tracking(g, seed%2 == 0) && i < 200) && g.Result() == InProgress && g.levelNo == n; i++ {
				g.Apply(1, acts[r.IntN(len(acts))])
			}
			if g.Result() != InProgress || g.levelNo != n {
				continue
			}
			im := imagineTruth(g)
			// On even seeds one Sim per level is Reset from position to
			// position (other seeds' boards of the same size between
			// them), as a bot reuses its Sim: what it keeps must not leak.
			sim := reused[n]
			if seed%2 == 1 || sim == nil {
				sim = &Sim{}
			}
			if err := sim.Reset(&im, 99); err != nil {
				t.Fatalf("seed %d level %d: %v", seed, n, err)
			}
			if seed%2 == 0 {
				reused[n] = sim
			}
			*sim.g.pcg = *g.pcg
			for i := 0; i < 60; i++ {
				a := acts[r.IntN(len(acts))]
				turn := g.turns
				g.Apply(1, a)
				out := sim.Step(a)
				st := g.Status()
				switch {
				case g.Result() == Lost && out != SimCaught,
					g.Result() == InProgress && g.levelNo == n && g.turns != turn && out != SimMoved,
					g.turns == turn && g.Result() == InProgress && out != SimBlocked,
					g.levelNo != n && out != SimEscaped:
					t.Fatalf("seed %d level %d action %d (%q): the game is %v on level %d turn %d, the sim says %d",
						seed, n, i, a, g.Result(), g.levelNo, g.turns, out)
				}
				if g.Result() != InProgress || g.levelNo != n {
					break
				}
				compared++
				if sim.Player() != g.seats[0].Pos || sim.Keyed() != g.keyed || sim.Turn() != g.turns || sim.Freezes() != g.seats[0].Freezes {
					t.Fatalf("seed %d level %d action %d: the player differs", seed, n, i)
				}
				ms := sim.Monsters()
				for j, m := range st.Monsters {
					if ms[j] != m {
						t.Fatalf("seed %d level %d action %d: monster %d is %+v in the game, %+v imagined", seed, n, i, j, m, ms[j])
					}
				}
			}
		}
	}
	if compared < 150 {
		t.Fatalf("only %d positions compared: the test plays too little", compared)
	}
}

// tracking reports whether a wanderer walks to where it last saw the
// player, or with frozen, whether a monster is frozen.
func tracking(g *Game, frozen bool) bool {
	for _, m := range g.mons {
		if m.HasTarget && !frozen || m.Frozen > 0 && frozen {
			return true
		}
	}
	return false
}

// TestSimSaveLoadReplays: a position saved and loaded plays on as it did
// the first time, random choices included.
func TestSimSaveLoadReplays(t *testing.T) {
	g, err := New(Config{Seed: 5, Players: 1, Start: 6})
	if err != nil {
		t.Fatal(err)
	}
	im := imagineTruth(g)
	sim, err := Imagine(&im, 7)
	if err != nil {
		t.Fatal(err)
	}
	var start SimState
	sim.Save(&start)
	line := []Action{Skip, Skip, Skip, Skip, Skip, Skip, Skip, Skip, Skip, Skip, Skip, Skip}
	var first [][]MonsterView
	h0 := sim.Hash()
	for _, a := range line {
		sim.Step(a)
		first = append(first, sim.Monsters())
	}
	sim.Load(&start)
	if sim.Hash() != h0 {
		t.Fatal("a loaded position hashes differently from the saved one")
	}
	for i, a := range line {
		sim.Step(a)
		for j, m := range sim.Monsters() {
			if m != first[i][j] {
				t.Fatalf("after action %d, monster %d is %+v, was %+v the first time", i, j, m, first[i][j])
			}
		}
	}
}

// TestImagineRejectsBadPositions: a bot's mistake is an error, not a panic.
func TestImagineRejectsBadPositions(t *testing.T) {
	lv := tiny(t,
		"#####",
		"#P.K#",
		"#E..#",
		"#####")
	base := Imagined{Rows: lv.Rows, Cols: lv.Cols, Wall: lv.Wall, Key: lv.Key, Exit: lv.Exit, Player: lv.Starts[0]}
	for name, f := range map[string]func(im *Imagined){
		"short walls":    func(im *Imagined) { im.Wall = im.Wall[:3] },
		"player in wall": func(im *Imagined) { im.Player = Point{0, 0} },
		"key off board":  func(im *Imagined) { im.Key = Point{9, 9} },
		"monster off":    func(im *Imagined) { im.Monsters = []ImaginedMonster{{Kind: Hunter, Pos: Point{-1, 2}}} },
		"not a monster":  func(im *Imagined) { im.Monsters = []ImaginedMonster{{Kind: 'Q', Pos: Point{2, 2}}} },
		"not a bonus":    func(im *Imagined) { im.Bonuses = []Placed{{Pos: Point{2, 2}, Kind: 'K'}} },
	} {
		im := base
		f(&im)
		if _, err := Imagine(&im, 1); err == nil {
			t.Errorf("%s: Imagine accepted it", name)
		}
	}
	if _, err := Imagine(&base, 1); err != nil {
		t.Errorf("a good position was refused: %v", err)
	}
}
