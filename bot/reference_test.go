package bot

import (
	"testing"

	"github.com/minotaur-game/minotaur/engine"
)

func TestReferenceStepsAwayFromAHunter(t *testing.T) {
	// The hunter is two tiles to the right, chasing: a step right is
	// capture, and so is standing still; left leads round the loop.
	g := newGame(t,
		"#########",
		"#.......#",
		"#.#####.#",
		"#...P.H.#",
		"#.#####.#",
		"#K.....E#",
		"#########")
	v := g.View(1)
	if len(v.Monsters) != 1 {
		t.Fatalf("setup: the hunter should be in sight: %+v", v.Monsters)
	}
	a := NewReference().Act(&v, nil)
	if a != engine.Left {
		t.Errorf("with a hunter two tiles to the right the bot played %q, want a step left", a)
	}
}

func TestReferenceCirclesALoopAndWins(t *testing.T) {
	// A hunter of the same speed stands between the player and the key
	// (top left; the exit is top right). Walking straight at the key is
	// capture; leading the hunter round the loops wins.
	for _, h := range []engine.Point{{X: 1, Y: 3}, {X: 3, Y: 3}, {X: 5, Y: 3}, {X: 1, Y: 2}} {
		rows := []string{
			"###########",
			"#K.......E#",
			"#.#######.#",
			"#.........#",
			"#.###.###.#",
			"#....P....#",
			"#.#######.#",
			"#.........#",
			"###########"}
		r := []byte(rows[h.Y])
		r[h.X] = 'H'
		rows[h.Y] = string(r)
		if naiveWins(t, rows) {
			t.Fatalf("hunter at %v: setup: a player ignoring the hunter should be caught", h)
		}
		g := newGame(t, rows...)
		ev, acts := run(t, g, NewReference(), 300)
		if g.Result() != engine.Won {
			t.Errorf("hunter at %v: the bot should lead it round the loops and win; result %v after %q, caught: %v",
				h, g.Result(), acts, has(ev, engine.EvCaught))
		}
	}
}

// naiveWins reports whether the naive bot wins the level: a check that a
// test's monsters matter.
func naiveWins(t *testing.T, rows []string) bool {
	g := newGame(t, rows...)
	run(t, g, NewNaive(), 300)
	return g.Result() == engine.Won
}

func TestReferenceUsesAFreezeToSlipPast(t *testing.T) {
	// The only way to the key passes the mouth of a side corridor that a
	// hunter comes up. The freeze on the way, used in time, lets the bot
	// pass the mouth before the hunter gets there.
	rows := []string{
		"###########",
		"#P*.....K.#",
		"####.####.#",
		"####.####.#",
		"####H####.#",
		"#E........#",
		"###########"}
	if naiveWins(t, rows) {
		t.Fatalf("setup: without the freeze the hunter should catch a player")
	}
	g := newGame(t, rows...)
	ev, acts := run(t, g, NewReference(), 200)
	if !has(ev, engine.EvFroze) {
		t.Errorf("the bot never used its freeze: %q", acts)
	}
	if g.Result() != engine.Won {
		t.Errorf("with the freeze the level can be won; result %v after %q", g.Result(), acts)
	}
}

func TestReferenceLeavesTheMinotaursMarks(t *testing.T) {
	// An open arena: the Minotaur aims at the player again and again. The
	// bot must be out of the marked area every time it leaps.
	g := newGame(t,
		"#############",
		"#P..........#",
		"#...........#",
		"#...........#",
		"#.....M.....#",
		"#...........#",
		"#.........#.#",
		"#.........#K#",
		"#.........#E#",
		"#############")
	p := NewReference()
	var ev []engine.Event
	inMarks, leaps := 0, 0
	for i := 0; i < 400 && g.Result() == engine.InProgress; i++ {
		v := g.View(1)
		me, _ := v.Player(1)
		for _, m := range v.Marks {
			if m == me.Pos {
				inMarks++
				break
			}
		}
		a := p.Act(&v, ev)
		var err error
		if ev, err = g.Apply(1, a); err != nil {
			t.Fatal(err)
		}
		for _, e := range ev {
			switch e.Kind {
			case engine.EvCaught:
				t.Fatalf("turn %d: caught by the %s at %v", v.Turn, e.Monster.Name(), e.Pos)
			case engine.EvMinotaurLeaps:
				leaps++
			}
		}
	}
	if leaps < 2 || inMarks < 2 {
		t.Errorf("setup: the Minotaur should leap at the player at least twice (leaps %d, turns in marks %d)", leaps, inMarks)
	}
	if g.Result() != engine.Won {
		t.Errorf("result %v, want the level won", g.Result())
	}
}

func TestBotsNeverBumpTheSameWallTwice(t *testing.T) {
	// A view can be wrong about a tile (a stale or garbled state from the
	// network): the bot is told (2,1) is floor. After bumping into it once,
	// it must find another way, not bump for ever.
	for _, tc := range []struct {
		name string
		p    Player
	}{{"reference", NewReference()}, {"naive", NewNaive()}} {
		t.Run(tc.name, func(t *testing.T) {
			g := newGame(t,
				"#######",
				"#P#.K.#",
				"#.....#",
				"#....E#",
				"#######")
			var ev []engine.Event
			bumps := map[engine.Point]int{}
			for i := 0; i < 60 && g.Result() == engine.InProgress; i++ {
				v := g.View(1)
				v.Map[1*v.Cols+2] = '.' // the lie: the wall right of the start
				a := tc.p.Act(&v, ev)
				var err error
				if ev, err = g.Apply(1, a); err != nil {
					t.Fatal(err)
				}
				for _, e := range ev {
					if e.Kind == engine.EvBumpedWall {
						bumps[e.Pos]++
						if bumps[e.Pos] > 1 {
							t.Fatalf("bumped into the wall at %v twice", e.Pos)
						}
					}
				}
			}
			if g.Result() != engine.Won {
				t.Errorf("the bot should get round the wall and win, result %v", g.Result())
			}
		})
	}
}

func TestNaiveWalksStraightToTheKeyThenTheExit(t *testing.T) {
	g := newGame(t,
		"#########",
		"#P.....K#",
		"#.#####.#",
		"#E......#",
		"#########")
	_, acts := run(t, g, NewNaive(), 100)
	// 6 steps to the key, 8 back to the exit, by either way.
	if g.Result() != engine.Won || len(acts) != 14 {
		t.Errorf("naive: result %v with %q, want a win along the shortest way (14 steps)", g.Result(), acts)
	}
}

func TestBotsPlayBothSeatsOfACoopGame(t *testing.T) {
	// Later issues use a bot as a co-op partner: two bots, one per seat, fed
	// their own seat's views, play whole levels without an illegal action.
	for seed := uint64(1); seed <= 5; seed++ {
		g, err := engine.New(engine.Config{Seed: seed, Players: 2})
		if err != nil {
			t.Fatal(err)
		}
		players := map[int]Player{1: NewReference(), 2: NewReference()}
		events := map[int][]engine.Event{}
		for i := 0; i < 2000 && g.Result() == engine.InProgress; i++ {
			seat := g.Turn()
			if seat == 0 {
				break
			}
			v := g.View(seat)
			a := players[seat].Act(&v, events[seat])
			ev, err := g.Apply(seat, a)
			if err != nil {
				t.Fatalf("seed %d, seat %d, action %q: %v", seed, seat, a, err)
			}
			events[seat] = ev
		}
		if st := g.Status(); st.Level == 1 && st.Turn == 0 {
			t.Errorf("seed %d: the bots never got going", seed)
		}
	}
}

func TestReferenceGivesUpACompassWayAHunterGuards(t *testing.T) {
	// Level 2 of seed 245: the compass (right of the start) marks the
	// shortest way to the key, along the top, and the hunter — which
	// before the key waits on that way — guards it. The bot used to make
	// for the marks, step back as the hunter came, and do so again for
	// the rest of its 1,000 actions; giving up the marks as it gives up
	// unknown tiles it cannot reach, it goes round by the bottom and wins.
	g := newGame(t,
		"+---------+",
		"|........H|",
		"|.+.+---+.|",
		"|.|E|.....|",
		"|.|.+.+-+.|",
		"|.|...|P.?|",
		"|.+.+.+.+.|",
		"|K..|.....|",
		"+---+-----+")
	ev, acts := run(t, g, NewReference(), 400)
	if g.Result() != engine.Won {
		t.Fatalf("the bot did not pass the level in 400 actions (%s): %s", g.Status().Result, acts)
	}
	if !has(ev, engine.EvLevelPassed) {
		t.Errorf("won without the level passed: %v", ev)
	}
}

func TestReferenceLeavesABonusInACornerWhenChased(t *testing.T) {
	// A wanderer three tiles behind sees the player and follows. The
	// compass lies two steps down a dead end: taking it there is where
	// the chase ends. The way on, round the loop to the key and the exit,
	// wins with the wanderer trailing.
	rows := []string{
		"#############",
		"#K.........E#",
		"#.#########.#",
		"#.....P..W..#",
		"#####.#######",
		"#####?#######",
		"#############"}
	g := newGame(t, rows...)
	if v := g.View(1); len(v.Monsters) != 1 {
		t.Fatalf("setup: the wanderer should be in sight: %+v", v.Monsters)
	}
	compass := engine.Point{X: 5, Y: 5}
	p := NewReference()
	var ev []engine.Event
	for i := 0; i < 200 && g.Result() == engine.InProgress; i++ {
		v := g.View(1)
		var err error
		if ev, err = g.Apply(1, p.Act(&v, ev)); err != nil {
			t.Fatal(err)
		}
		if pos := g.Status().Players[0].Pos; pos == compass {
			t.Fatalf("turn %d: the bot took the compass at the end of the dead end with the wanderer behind it", g.TurnNumber())
		}
	}
	if g.Result() != engine.Won {
		t.Errorf("result %v: the bot should walk on round the loop with the wanderer trailing and win", g.Result())
	}
}
