package engine

import (
	"flag"
	"fmt"
	"testing"

	"github.com/minotaur-game/minotaur/internal/testenv"
)

var seedsFlag = flag.Uint64("invariant-seeds", 0, "campaign seeds the generation invariants cover (make test-long: 1000)")

// invariantSeeds is how many campaign seeds the generation invariants
// cover: 1,000 × 7 levels under make test-long (MINOTAUR_TEST_LONG=1),
// else 50 by default, 30 under the race detector (raceEnabled), which
// makes the engine about ten times slower, and 20 with -short.
func invariantSeeds() uint64 {
	switch {
	case *seedsFlag > 0:
		return *seedsFlag
	case testenv.Long():
		return 1000
	case testing.Short():
		return 20
	case raceEnabled:
		return 30
	}
	return 50
}

// winSeeds is how many of those seeds also have every level won in a real
// game along the solver's line.
const winSeeds = 50

func TestGeneratedLevelInvariants(t *testing.T) {
	seeds := invariantSeeds()
	for n := 1; n <= CampaignLevels; n++ {
		t.Run(fmt.Sprintf("level%d", n), func(t *testing.T) {
			t.Parallel()
			levelInvariants(t, n, seeds)
		})
	}
}

func levelInvariants(t *testing.T, n int, seeds uint64) {
	for seed := uint64(0); seed < seeds; seed++ {
		{
			l, err := Generate(seed, n)
			if err != nil {
				t.Fatalf("seed %d level %d: %v", seed, n, err)
			}
			if err := checkInvariants(l, Campaign[n-1], n); err != nil {
				t.Fatalf("seed %d level %d: %v", seed, n, err)
			}
			if err := checkFair(l, Campaign[n-1].Loops); err != nil {
				t.Fatalf("seed %d level %d: %v", seed, n, err)
			}
			if err := checkNoDeadEnd(l); err != nil {
				t.Fatalf("seed %d level %d: %v", seed, n, err)
			}
			if seed < winSeeds {
				if err := checkWinnable(seed, n); err != nil {
					t.Fatalf("seed %d level %d: %v", seed, n, err)
				}
			}
		}
	}
}

// checkFair verifies the structural rules of a fair level (docs/rules.md,
// "Only fair levels are dealt"), counted here on the tiles, apart from the
// generator's own check: the floor a player walks before finding the key
// (the closed exit a wall) has at least loops independent loops, and every
// hunter is farther from the key than every start.
func checkFair(l Level, loops int) error {
	b := newBoard(&l)
	var walk distMap
	walk.fill(b, playerPass(b, false), l.Starts[0])
	tiles, edges := 0, 0
	for i, d := range walk.d {
		if d < 0 {
			continue
		}
		tiles++
		p := b.pt(i)
		for _, q := range []Point{p.Add(Point{1, 0}), p.Add(Point{0, 1})} {
			if b.in(q) && walk.d[b.idx(q)] >= 0 {
				edges++
			}
		}
	}
	if c := edges - tiles + 1; c < loops {
		return fmt.Errorf("the floor before the key has %d independent loops, want ≥ %d", c, loops)
	}
	var monToKey, toKey distMap
	monToKey.fill(b, monsterPass, l.Key)
	toKey.fill(b, playerPass(b, false), l.Key)
	for _, m := range l.Monsters {
		for _, s := range l.Starts {
			if MonsterKind(m.Kind) == Hunter && monToKey.at(b, m.Pos) <= toKey.at(b, s) {
				return fmt.Errorf("the hunter at %v is %d from the key, the start %v is %d", m.Pos, monToKey.at(b, m.Pos), s, toKey.at(b, s))
			}
		}
	}
	return nil
}

// checkNoDeadEnd verifies that a player who has not found the key (the
// closed exit a wall) meets no dead end but the one tile in front of the
// exit: peeling off, again and again, every floor tile with fewer than two
// ways on leaves all but those tiles, so a monster behind never corners the
// player in a corridor the closed exit plugs.
func checkNoDeadEnd(l Level) error {
	b := newBoard(&l)
	walk := playerPass(b, false)
	alive := make([]bool, len(b.wall))
	for i := range alive {
		alive[i] = walk.ok(b, b.pt(i))
	}
	for peeled := true; peeled; {
		peeled = false
		for i, ok := range alive {
			if !ok {
				continue
			}
			p, ways, byExit := b.pt(i), 0, false
			for _, d := range dirs {
				q := p.Add(d)
				if b.in(q) && alive[b.idx(q)] {
					ways++
				}
				byExit = byExit || q == l.Exit
			}
			if ways >= 2 {
				continue
			}
			if !byExit {
				return fmt.Errorf("%v lies in a dead end before the key (the exit is at %v)", p, l.Exit)
			}
			alive[i], peeled = false, true
		}
	}
	return nil
}

// checkWinnable plays level n of a solo game of seed, started at that level,
// along the solver's line, and requires the level to be passed.
func checkWinnable(seed uint64, n int) error {
	g, err := New(Config{Seed: seed, Players: 1, Start: n})
	if err != nil {
		return err
	}
	sol := Solve(g, SolverBudget)
	if !sol.Found {
		return fmt.Errorf("dealt, yet the solver finds no line: %s", sol.Reason)
	}
	for i, a := range sol.Line {
		if _, err := g.Apply(1, a); err != nil {
			return fmt.Errorf("the solver's action %d (%c): %v", i+1, a, err)
		}
	}
	if len(g.passed) != 1 || (g.LevelNumber() == n && g.Result() != Won) {
		return fmt.Errorf("the solver's line of %d actions does not pass the level: %s", len(sol.Line), g.Status().Result)
	}
	return nil
}

func TestStressMazeInvariants(t *testing.T) {
	for _, size := range [][2]int{{15, 15}, {15, 31}, {31, 101}, {201, 201}} {
		l, err := GenerateSize(5, size[0], size[1])
		if err != nil {
			t.Fatalf("%v: %v", size, err)
		}
		spec := Campaign[CampaignLevels-1]
		spec.Rows, spec.Cols = size[0], size[1]
		if err := checkInvariants(l, spec, 7); err != nil {
			t.Fatalf("size %v: %v", size, err)
		}
	}
	if _, err := GenerateSize(1, 7, 9); err == nil {
		t.Errorf("a maze too small for the population must be refused")
	}
	if _, err := GenerateSize(1, 16, 17); err == nil {
		t.Errorf("an even size must be refused")
	}
	if _, err := GenerateSize(1, 1003, 9); err == nil {
		t.Errorf("a size above %d must be refused", MaxGenSide)
	}
}

func TestGenerationIsDeterministic(t *testing.T) {
	for n := 1; n <= CampaignLevels; n++ {
		a, _ := Generate(99, n)
		b, _ := Generate(99, n)
		if string(a.Glyphs()) != string(b.Glyphs()) {
			t.Fatalf("level %d of seed 99 differs between two generations", n)
		}
		c, _ := Generate(100, n)
		if n > 1 && string(a.Glyphs()) == string(c.Glyphs()) {
			t.Errorf("level %d is the same for seeds 99 and 100", n)
		}
	}
}

// checkInvariants verifies everything docs/rules.md promises of a generated level.
func checkInvariants(l Level, spec LevelSpec, n int) error {
	if l.Rows != spec.Rows || l.Cols != spec.Cols {
		return fmt.Errorf("size %d×%d, want %d×%d", l.Rows, l.Cols, spec.Rows, spec.Cols)
	}
	if err := l.Validate(); err != nil {
		return fmt.Errorf("invalid: %v", err)
	}
	count := map[MonsterKind]int{}
	for _, m := range l.Monsters {
		count[MonsterKind(m.Kind)]++
	}
	if count[Hunter] != spec.Hunters || count[Wanderer] != spec.Wanderers || (count[Minotaur] == 1) != spec.Minotaur {
		return fmt.Errorf("population %v, want %d H, %d W, Minotaur %v", count, spec.Hunters, spec.Wanderers, spec.Minotaur)
	}
	if len(l.Bonuses) != spec.Bonuses {
		return fmt.Errorf("%d bonuses, want %d", len(l.Bonuses), spec.Bonuses)
	}
	// Block grid: posts are wall, rooms are floor, the border is wall.
	for y := 0; y < l.Rows; y++ {
		for x := 0; x < l.Cols; x++ {
			p := Point{x, y}
			switch {
			case x == 0 || y == 0 || x == l.Cols-1 || y == l.Rows-1:
				if !l.IsWall(p) {
					return fmt.Errorf("border open at %v", p)
				}
			case x%2 == 0 && y%2 == 0:
				if !l.IsWall(p) {
					return fmt.Errorf("post %v is open", p)
				}
			case x%2 == 1 && y%2 == 1:
				if l.IsWall(p) {
					return fmt.Errorf("room %v is wall", p)
				}
			}
		}
	}
	// Every floor tile is reachable from the start; count edges for loops.
	b := newBoard(&l)
	var d distMap
	d.fill(b, monsterPass, l.Starts[0])
	floor, edges := 0, 0
	diameter := 0
	for i, w := range l.Wall {
		if w {
			continue
		}
		floor++
		p := b.pt(i)
		if d.at(b, p) < 0 {
			return fmt.Errorf("floor %v cannot be reached from the start %v", p, l.Starts[0])
		}
		if q := p.Add(Point{1, 0}); !b.isWall(q) {
			edges++
		}
		if q := p.Add(Point{0, 1}); !b.isWall(q) {
			edges++
		}
	}
	loops := edges - (floor - 1)
	if n >= 2 && loops < 1 {
		return fmt.Errorf("no loops on level %d", n)
	}
	// The longest shortest path, measured exactly over all floor tiles for
	// small mazes.
	if floor <= 2*exactDiameterRooms {
		var e distMap
		for i, w := range l.Wall {
			if w {
				continue
			}
			e.fill(b, monsterPass, b.pt(i))
			for _, v := range e.d {
				diameter = max(diameter, int(v))
			}
		}
	}
	if len(l.Starts) != 2 || cheb(l.Starts[0], l.Starts[1]) > 1 || abs(l.Starts[0].X-l.Starts[1].X)+abs(l.Starts[0].Y-l.Starts[1].Y) > 1 {
		return fmt.Errorf("co-op starts %v must be adjacent or equal", l.Starts)
	}
	var ds [2]distMap
	for i, s := range l.Starts {
		ds[i].fill(b, monsterPass, s)
		if kd := ds[i].at(b, l.Key); diameter > 0 && 3*kd < diameter {
			return fmt.Errorf("key %v is %d from start %v, less than a third of %d", l.Key, kd, s, diameter)
		}
		var pd distMap
		pd.fill(b, playerPass(b, false), s)
		if pd.at(b, l.Key) < 0 {
			return fmt.Errorf("the closed exit cuts the key off from start %v", s)
		}
		pd.fill(b, playerPass(b, true), s)
		if pd.at(b, l.Exit) < 0 {
			return fmt.Errorf("exit cannot be reached from start %v", s)
		}
	}
	if cheb(l.Exit, l.Key) <= 1 {
		return fmt.Errorf("exit %v next to key %v", l.Exit, l.Key)
	}
	for _, m := range l.Monsters {
		for i, s := range l.Starts {
			if dd := ds[i].at(b, m.Pos); dd < spec.MonsterDist {
				return fmt.Errorf("%c at %v is %d from start %v, want ≥ %d", m.Kind, m.Pos, dd, s, spec.MonsterDist)
			}
		}
	}
	// Walls drawn from their neighbours.
	g := l.Glyphs()
	for y := 0; y < l.Rows; y++ {
		for x := 0; x < l.Cols; x++ {
			p := Point{x, y}
			if !l.IsWall(p) {
				continue
			}
			left, right := l.In(Point{x - 1, y}) && l.IsWall(Point{x - 1, y}), l.In(Point{x + 1, y}) && l.IsWall(Point{x + 1, y})
			up, down := l.In(Point{x, y - 1}) && l.IsWall(Point{x, y - 1}), l.In(Point{x, y + 1}) && l.IsWall(Point{x, y + 1})
			want := byte('+')
			if left && right && !up && !down {
				want = '-'
			} else if up && down && !left && !right {
				want = '|'
			}
			if c := g[y*l.Cols+x]; c != want {
				return fmt.Errorf("wall at %v drawn %q, want %q", p, c, want)
			}
		}
	}
	return nil
}

// TestUpcomingDealsTheNextLevel: a generated campaign deals its next level
// ahead of time (into Generate's memory, the same level either way); a
// custom campaign or the last level has nothing to deal.
func TestUpcomingDealsTheNextLevel(t *testing.T) {
	const seed = 987654321
	dealt.Lock()
	delete(dealt.levels, [2]uint64{seed, 2}) // a run before this one (-count) dealt it
	dealt.Unlock()
	g, _ := New(Config{Seed: seed, Players: 1})
	work := g.Upcoming()
	if work == nil {
		t.Fatal("level 1 of a campaign must have a next level to deal")
	}
	dealt.Lock()
	_, before := dealt.levels[[2]uint64{seed, 2}]
	dealt.Unlock()
	work()
	dealt.Lock()
	ahead, after := dealt.levels[[2]uint64{seed, 2}]
	dealt.Unlock()
	if before || !after {
		t.Fatalf("level 2 remembered before %v, after %v; want false, true", before, after)
	}
	fresh, _, _ := GenerateCounted(seed, 2)
	if string(fresh.Glyphs()) != string(ahead.Glyphs()) {
		t.Errorf("the level dealt ahead differs from the one dealt afresh")
	}
	if last, _ := New(Config{Seed: seed, Players: 1, Start: CampaignLevels}); last.Upcoming() != nil {
		t.Errorf("the last level has no next level")
	}
	custom, _ := New(Config{Seed: seed, Players: 1, Levels: []Level{fresh, fresh}})
	if custom.Upcoming() != nil {
		t.Errorf("custom levels are not dealt")
	}
}
