package bot

import (
	"bufio"
	"bytes"
	"flag"
	"fmt"
	"math/rand/v2"
	"os"
	"strconv"
	"strings"
	"testing"

	"github.com/minotaur-game/minotaur/games/trails"
	"github.com/minotaur-game/minotaur/internal/testenv"
)

var updateGolden = flag.Bool("update", false, "write testdata/decisions.golden from the current bot (only when its moves are meant to change)")

const goldenFile = "testdata/decisions.golden"

// goldenSetups are the fields of the golden games: the classic one with
// either colour first, under today's rules and under the jump fill of
// version-1 saves, a small field with one tower, and bigger ones.
var goldenSetups = []struct {
	name    string
	cfg     trails.Config
	version int
}{
	{"classic", trails.Classic(), trails.SaveVersion},
	{"classic-red-first", trails.Config{Size: 11, Towers: 3, Distance: 2, First: 2}, trails.SaveVersion},
	{"classic-v1", trails.Classic(), 1},
	{"small", trails.Config{Size: 7, Towers: 1, Distance: 1, First: 1}, trails.SaveVersion},
	{"wide", trails.Config{Size: 15, Towers: 5, Distance: 2, First: 1}, trails.SaveVersion},
	{"widest", trails.Config{Size: 25, Towers: 7, Distance: 3, First: 2}, trails.SaveVersion},
}

// goldenPairs are the levels (Blue, Red) of the golden games: level 3
// against each level, from both sides.
var goldenPairs = [][2]int{{3, 1}, {1, 3}, {3, 2}, {2, 3}, {3, 3}}

// goldenSeeds is how many seeds each setup plays for each pair.
var goldenSeeds = map[string]int{"classic": 12, "classic-red-first": 6, "classic-v1": 6, "small": 8, "wide": 6, "widest": 2}

// goldenGame is one game of the golden file: the setup, the levels, the
// seed, the random opening moves before the bots take over, the bots'
// moves, and for each decision of a level-3 bot the positions its search
// visited (0 when it had one legal move and did not search).
type goldenGame struct {
	setup      string
	blue, red  int
	seed       uint64
	open, bots string
	nodes      []int
}

func (g goldenGame) String() string {
	open := g.open
	if open == "" {
		open = "-"
	}
	ns := make([]string, len(g.nodes))
	for i, n := range g.nodes {
		ns[i] = strconv.Itoa(n)
	}
	return fmt.Sprintf("%s %d %d %d %s %s %s", g.setup, g.blue, g.red, g.seed, open, g.bots, strings.Join(ns, ","))
}

func goldenStart(t testing.TB, setup string, seed uint64) *trails.Game {
	t.Helper()
	for _, s := range goldenSetups {
		if s.name != setup {
			continue
		}
		g, err := trails.New(s.cfg, seed)
		if err != nil {
			t.Fatal(err)
		}
		if s.version != trails.SaveVersion {
			data := fmt.Sprintf(`{"format":%q,"version":%d,"config":{"size":%d,"towers":%d,"distance":%d,"first":%d},"seed":%d,"moves":""}`,
				trails.SaveFormat, s.version, s.cfg.Size, s.cfg.Towers, s.cfg.Distance, s.cfg.First, seed)
			if g, err = trails.Load([]byte(data)); err != nil {
				t.Fatal(err)
			}
		}
		return g
	}
	t.Fatalf("no golden setup %q", setup)
	return nil
}

func letter(t testing.TB, r byte) trails.Dir {
	d, err := trails.ParseDir(string(r))
	if err != nil {
		t.Fatal(err)
	}
	return d
}

// playGolden plays a golden game with today's bots and records it.
func playGolden(t testing.TB, setup string, blue, red int, seed uint64) goldenGame {
	g := goldenStart(t, setup, seed)
	rec := goldenGame{setup: setup, blue: blue, red: red, seed: seed}
	// Up to 5 random moves first, so that the bots meet many positions.
	r := rand.New(rand.NewPCG(seed, 0x0be4))
	var open strings.Builder
	for range r.IntN(6) {
		var legal []trails.Dir
		for _, d := range trails.Dirs {
			if g.Position().Legal(d) {
				legal = append(legal, d)
			}
		}
		if g.Over() || len(legal) == 0 {
			break
		}
		d := legal[r.IntN(len(legal))]
		g.Move(d)
		open.WriteString(d.Letter())
	}
	rec.open = open.String()
	bots := [2]*Player{{Level: blue, Seed: seed}, {Level: red, Seed: seed ^ 0x5eed}}
	var moves strings.Builder
	for !g.Over() {
		b := bots[g.Current()-1]
		b.nodes = 0
		d := b.Choose(g.Position())
		if b.Level == 3 {
			rec.nodes = append(rec.nodes, b.nodes)
		}
		if _, err := g.Move(d); err != nil {
			t.Fatalf("%s seed %d: the level %d bot chose an illegal move: %v", setup, seed, b.Level, err)
		}
		moves.WriteString(d.Letter())
	}
	rec.bots = moves.String()
	return rec
}

func allGoldenGames(t testing.TB) []goldenGame {
	var games []goldenGame
	for _, s := range goldenSetups {
		for _, pair := range goldenPairs {
			for seed := uint64(1); seed <= uint64(goldenSeeds[s.name]); seed++ {
				games = append(games, playGolden(t, s.name, pair[0], pair[1], seed))
			}
		}
	}
	return games
}

func readGolden(t *testing.T) []goldenGame {
	data, err := os.ReadFile(goldenFile)
	if err != nil {
		t.Fatalf("the golden decisions: %v (write them with go test ./games/trails/bot -run Golden -update)", err)
	}
	var games []goldenGame
	sc := bufio.NewScanner(bytes.NewReader(data))
	for line := 1; sc.Scan(); line++ {
		if sc.Text() == "" || strings.HasPrefix(sc.Text(), "#") {
			continue
		}
		f := strings.Fields(sc.Text())
		if len(f) != 6 && len(f) != 7 {
			t.Fatalf("%s:%d: %d fields, want 7", goldenFile, line, len(f))
		}
		g := goldenGame{setup: f[0], open: f[4], bots: f[5]}
		var errs [3]error
		g.blue, errs[0] = strconv.Atoi(f[1])
		g.red, errs[1] = strconv.Atoi(f[2])
		g.seed, errs[2] = strconv.ParseUint(f[3], 10, 64)
		for _, err := range errs {
			if err != nil {
				t.Fatalf("%s:%d: %v", goldenFile, line, err)
			}
		}
		if g.open == "-" {
			g.open = ""
		}
		if len(f) == 7 {
			for _, s := range strings.Split(f[6], ",") {
				n, err := strconv.Atoi(s)
				if err != nil {
					t.Fatalf("%s:%d: %v", goldenFile, line, err)
				}
				g.nodes = append(g.nodes, n)
			}
		}
		games = append(games, g)
	}
	if len(games) == 0 {
		t.Fatalf("%s holds no games", goldenFile)
	}
	return games
}

// The computer plays exactly the moves it played when the golden file was
// written: every decision of the golden games, at every level, on the
// golden game's position, and at level 3 after a search of exactly as many
// positions. A faster search must not play differently, not even where
// its budget of positions cuts it short. Make test-long checks all of the
// decisions, the quick suite every 32nd, -short every 64th, the race
// detector every 1000th.
func TestDecisionsMatchGolden(t *testing.T) {
	if *updateGolden {
		var b strings.Builder
		b.WriteString("# The bots' decisions in seeded games (golden_test.go): setup, Blue's level, Red's level,\n")
		b.WriteString("# seed, random opening moves, the bots' moves, each level-3 decision's positions searched.\n")
		for _, g := range allGoldenGames(t) {
			b.WriteString(g.String() + "\n")
		}
		if err := os.MkdirAll("testdata", 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(goldenFile, []byte(b.String()), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	games := readGolden(t)
	stride := testenv.Pick(32, 1)
	switch {
	case raceEnabled:
		stride = 1000
	case testing.Short():
		stride = 64
	}
	decisions, level3, checked := 0, 0, 0
	// The server's thinker waits in Pause while people's lines are
	// handled: called or not, it must not change a move.
	pauses := 0
	pause := func() { pauses++ }
	for _, gg := range games {
		g := goldenStart(t, gg.setup, gg.seed)
		for i := range len(gg.open) {
			if _, err := g.Move(letter(t, gg.open[i])); err != nil {
				t.Fatalf("%s: opening move %d: %v", gg, i+1, err)
			}
		}
		bots := [2]*Player{{Level: gg.blue, Seed: gg.seed, Pause: pause}, {Level: gg.red, Seed: gg.seed ^ 0x5eed}}
		l3 := 0
		for i := range len(gg.bots) {
			want := letter(t, gg.bots[i])
			b := bots[g.Current()-1]
			if decisions%stride == 0 {
				b.nodes = 0
				if d := b.Choose(g.Position()); d != want {
					t.Fatalf("%s %d %d seed %d, bot move %d (level %d, %s): chose %s, the golden file says %s",
						gg.setup, gg.blue, gg.red, gg.seed, i+1, b.Level, trails.Name(g.Current()), d, want)
				}
				if b.Level == 3 && b.nodes != gg.nodes[l3] {
					t.Fatalf("%s %d %d seed %d, bot move %d (level 3, %s): searched %d positions, the golden file says %d",
						gg.setup, gg.blue, gg.red, gg.seed, i+1, trails.Name(g.Current()), b.nodes, gg.nodes[l3])
				}
				checked++
			}
			if b.Level == 3 {
				l3++
				level3++
			}
			decisions++
			if _, err := g.Move(want); err != nil {
				t.Fatalf("%s: bot move %d: %v", gg, i+1, err)
			}
		}
		if !g.Over() {
			t.Fatalf("%s %d %d seed %d: the game is not over after the golden moves", gg.setup, gg.blue, gg.red, gg.seed)
		}
		if l3 != len(gg.nodes) {
			t.Fatalf("%s %d %d seed %d: %d level-3 decisions, %d searches in the golden file", gg.setup, gg.blue, gg.red, gg.seed, l3, len(gg.nodes))
		}
	}
	if pauses == 0 {
		t.Error("no search paused: the golden decisions do not say Pause leaves the moves alone")
	}
	t.Logf("%d games, %d decisions (%d at level 3), %d checked, %d pauses", len(games), decisions, level3, checked, pauses)
}
