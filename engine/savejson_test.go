package engine

import (
	"bytes"
	"encoding/json"
	"fmt"
	"math/rand/v2"
	"reflect"
	"strings"
	"testing"

	"github.com/minotaur-game/minotaur/internal/cputime"
)

// The encoders of a game and a level by encoding/json, as the engine wrote
// them before AppendJSON: the reference the hand-built JSON is held to.

// refLevel is a Level marshalled through its levelJSON by encoding/json.
type refLevel Level

func (rl refLevel) MarshalJSON() ([]byte, error) {
	l := Level(rl)
	j := levelJSON{Name: l.Name, Author: l.Author, Rows: l.Rows, Cols: l.Cols,
		Starts: l.Starts, Key: l.Key, Exit: l.Exit, Bonuses: l.Bonuses, Monsters: l.Monsters}
	if len(l.Wall) != l.Rows*l.Cols {
		return nil, fmt.Errorf("level has %d tiles, want %d×%d", len(l.Wall), l.Rows, l.Cols)
	}
	j.Walls = make([]string, l.Rows)
	row := make([]byte, l.Cols)
	for y := 0; y < l.Rows; y++ {
		for x := 0; x < l.Cols; x++ {
			row[x] = '.'
			if l.Wall[y*l.Cols+x] {
				row[x] = '#'
			}
		}
		j.Walls[y] = string(row)
	}
	return json.Marshal(j)
}

// refGameJSON is gameJSON with its levels marshalled as refLevel
// (TestRefGameJSONIsGameJSON keeps the two alike).
type refGameJSON struct {
	Format   string       `json:"format"`
	Version  int          `json:"version"`
	Seed     uint64       `json:"seed"`
	Players  int          `json:"players"`
	Custom   []refLevel   `json:"custom,omitempty"`
	RNG      []byte       `json:"rng"`
	LevelNo  int          `json:"level_no"`
	Level    refLevel     `json:"level"`
	Items    []Placed     `json:"items"`
	Memory   []string     `json:"memory"`
	Keyed    bool         `json:"keyed"`
	Turns    int          `json:"turns"`
	Bonuses  int          `json:"bonuses"`
	Seats    []seat       `json:"seats"`
	Monsters []monster    `json:"monsters"`
	Compass  []Point      `json:"compass"`
	Next     int          `json:"next"`
	Round    bool         `json:"round"`
	Passed   []LevelScore `json:"passed"`
	Result   Result       `json:"result"`
}

// marshalReflect is the game's JSON by encoding/json.
func (g *Game) marshalReflect() ([]byte, error) {
	rng, err := g.pcg.MarshalBinary()
	if err != nil {
		return nil, err
	}
	var custom []refLevel
	for _, l := range g.custom {
		custom = append(custom, refLevel(l))
	}
	j := refGameJSON{Format: GameFormat, Version: GameVersion, Seed: g.seed, Players: g.players,
		Custom: custom, RNG: rng, LevelNo: g.levelNo, Level: refLevel(g.lv), Keyed: g.keyed,
		Turns: g.turns, Bonuses: g.bonuses, Seats: g.seats[:g.players], Monsters: g.mons,
		Compass: g.compass, Next: g.next, Round: g.round, Passed: g.passed, Result: g.result}
	for t, it := range g.items {
		if it != NoItem {
			j.Items = append(j.Items, Placed{Pos: g.b.pt(t), Kind: byte(it)})
		}
	}
	row := make([]byte, g.lv.Cols)
	for y := 0; y < g.lv.Rows; y++ {
		for x := range row {
			t := y*g.lv.Cols + x
			switch {
			case !g.mem[t]:
				row[x] = ' '
			case g.memItem[t] != NoItem:
				row[x] = byte(g.memItem[t])
			default:
				row[x] = '.'
			}
		}
		j.Memory = append(j.Memory, string(row))
	}
	return json.Marshal(j)
}

// TestRefGameJSONIsGameJSON: the reference has gameJSON's fields, names,
// tags and types (its levels aside), so a field added to the game's JSON
// shows up in the reference too, or fails here.
func TestRefGameJSONIsGameJSON(t *testing.T) {
	a, b := reflect.TypeFor[gameJSON](), reflect.TypeFor[refGameJSON]()
	if a.NumField() != b.NumField() {
		t.Fatalf("gameJSON has %d fields, the reference %d", a.NumField(), b.NumField())
	}
	for i := 0; i < a.NumField(); i++ {
		fa, fb := a.Field(i), b.Field(i)
		ta, tb := fa.Type, fb.Type
		if ta == reflect.TypeFor[Level]() && tb == reflect.TypeFor[refLevel]() ||
			ta == reflect.TypeFor[[]Level]() && tb == reflect.TypeFor[[]refLevel]() {
			ta = tb
		}
		if fa.Name != fb.Name || fa.Tag != fb.Tag || ta != tb {
			t.Errorf("field %d: gameJSON %s %s %s, reference %s %s %s", i, fa.Name, fa.Type, fa.Tag, fb.Name, fb.Type, fb.Tag)
		}
	}
}

// sameJSON fails t unless g's hand-built JSON is byte for byte what
// encoding/json writes, and appending it keeps what was in the buffer.
func sameJSON(t testing.TB, g *Game, what string) []byte {
	t.Helper()
	want, err := g.marshalReflect()
	if err != nil {
		t.Fatalf("%s: reference: %v", what, err)
	}
	got, err := g.MarshalJSON()
	if err != nil {
		t.Fatalf("%s: MarshalJSON: %v", what, err)
	}
	if !bytes.Equal(got, want) {
		i := 0
		for i < len(got) && i < len(want) && got[i] == want[i] {
			i++
		}
		t.Fatalf("%s: differs at byte %d:\n got …%s\nwant …%s", what, i, got[max(0, i-60):min(len(got), i+60)], want[max(0, i-60):min(len(want), i+60)])
	}
	pre := []byte(`{"prefix":`)
	app, err := g.AppendJSON(pre)
	if err != nil || !bytes.Equal(app[:len(pre)], pre) || !bytes.Equal(app[len(pre):], want) {
		t.Fatalf("%s: AppendJSON after a prefix differs (%v)", what, err)
	}
	return got
}

// oddText is a name or author with every character encoding/json escapes,
// one it keeps and one that is not UTF-8.
const oddText = "a <b> & \"c\" \\ é ☃ \u2028\u2029 \x00\x01\b\f\n\r\t\x1f\x7f \xff\xc3 😀 </script>"

// playAndCompare plays up to steps random actions of g (going away, coming
// back and giving up now and then in co-op), comparing both encoders at
// every step, and counts what the games held.
func playAndCompare(t *testing.T, g *Game, rng *rand.Rand, steps int, what string, seen map[string]int) {
	t.Helper()
	for step := 0; step < steps && g.Result() == InProgress; step++ {
		data := sameJSON(t, g, fmt.Sprintf("%s step %d", what, step))
		for _, k := range []string{`"heard":`, `"in_light":`, `"left_at":`, `"gone":true`, `"compass":[`, `"passed":[`, `"custom":`, `"items":null`, `"monsters":[{`, `"keyed":true`, `"away":true`, `"has_target":true`} {
			if bytes.Contains(data, []byte(k)) {
				seen[k]++
			}
		}
		if g.players == 2 && rng.IntN(40) == 0 {
			seat := 1 + rng.IntN(2)
			if _, err := g.SetAway(seat, !g.seats[seat-1].Away); err != nil {
				t.Fatal(err)
			}
			continue
		}
		if g.players == 2 && rng.IntN(400) == 0 {
			if _, err := g.Abandon(1 + rng.IntN(2)); err != nil {
				t.Fatal(err)
			}
			continue
		}
		if g.Turn() == 0 {
			break
		}
		if _, err := g.Apply(g.Turn(), allActions[rng.IntN(len(allActions))]); err != nil {
			t.Fatal(err)
		}
	}
	sameJSON(t, g, what+" at the end")
}

// TestGameAppendJSONIsEncodingJSON: the hand-built JSON of a game is byte
// for byte what encoding/json writes, over random solo and co-op games of
// every level of the campaign, games of custom levels whose names need
// escaping, and games played to their end; every part of the state the
// format can hold shows up in some of them.
func TestGameAppendJSONIsEncodingJSON(t *testing.T) {
	seen := map[string]int{}
	for seed := uint64(1); seed <= 3; seed++ {
		for _, players := range []int{1, 2} {
			for level := 1; level <= CampaignLevels; level++ {
				g, err := New(Config{Seed: seed, Players: players, Start: level})
				if err != nil {
					t.Fatal(err)
				}
				rng := rand.New(rand.NewPCG(seed, uint64(level*10+players)))
				playAndCompare(t, g, rng, 150, fmt.Sprintf("seed %d, %d players, level %d", seed, players, level), seen)
			}
		}
	}
	// Custom levels with odd names and authors, several of them, and one
	// without a name: the game passes from one to the next.
	var custom []Level
	for n := 1; n <= 3; n++ {
		lv, err := Generate(7, n)
		if err != nil {
			t.Fatal(err)
		}
		lv.Name, lv.Author = fmt.Sprintf("%d %s", n, oddText), oddText[n:]
		custom = append(custom, lv)
	}
	custom[1].Name, custom[1].Author = "", ""
	for _, players := range []int{1, 2} {
		g, err := New(Config{Seed: 5, Players: players, Levels: custom})
		if err != nil {
			t.Fatal(err)
		}
		playAndCompare(t, g, rand.New(rand.NewPCG(5, uint64(players))), 300, fmt.Sprintf("custom levels, %d players", players), seen)
	}
	// A level with no monsters and no bonuses, its key taken: no items,
	// no monsters, nothing in the level's lists.
	bare := newTiny(t, 2,
		"#######",
		"#P..K.#",
		"#E#####",
		"#######")
	for _, step := range []struct {
		seat int
		a    Action
	}{{1, Right}, {2, Right}, {1, Right}, {2, Right}, {1, Right}} {
		if _, err := bare.Apply(step.seat, step.a); err != nil {
			t.Fatal(err)
		}
	}
	for _, k := range []string{`"items":null`, `"monsters":null`, `"bonuses":null`, `"keyed":true`} {
		if data := sameJSON(t, bare, "a bare level, its key taken"); !bytes.Contains(data, []byte(k)) {
			t.Errorf("the bare level's game has no %s:\n%s", k, data)
		}
	}
	seen[`"items":null`]++
	// A game played through its levels to the end.
	won := wonGame(t)
	sameJSON(t, won, "a won game")
	seen[`"passed":[`]++
	for _, k := range []string{`"heard":`, `"in_light":`, `"left_at":`, `"gone":true`, `"compass":[`, `"passed":[`, `"custom":`, `"items":null`, `"monsters":[{`, `"keyed":true`, `"away":true`, `"has_target":true`} {
		if seen[k] == 0 {
			t.Errorf("no game compared held %s", k)
		}
	}
	t.Logf("compared: %v", seen)
}

// wonGame plays level 1 of seed 1 to its exit and on to the end of a
// one-level custom campaign, with the solver's route.
func wonGame(t *testing.T) *Game {
	t.Helper()
	lv, err := Generate(1, 1)
	if err != nil {
		t.Fatal(err)
	}
	lv.Name = "won <&>"
	for seed := uint64(1); seed < 50; seed++ {
		g, err := New(Config{Seed: seed, Players: 1, Levels: []Level{lv}})
		if err != nil {
			t.Fatal(err)
		}
		rng := rand.New(rand.NewPCG(seed, 99))
		for i := 0; i < 3000 && g.Result() == InProgress; i++ {
			a := greedy(g, rng)
			if _, err := g.Apply(1, a); err != nil {
				t.Fatal(err)
			}
		}
		if g.Result() == Won {
			return g
		}
	}
	t.Fatal("no game of level 1 was won by walking towards the key and the exit")
	return nil
}

// greedy steps along the shortest path to the key, then to the exit, now
// and then at random.
func greedy(g *Game, rng *rand.Rand) Action {
	if rng.IntN(5) == 0 {
		return allActions[rng.IntN(4)]
	}
	goal := g.lv.Key
	if g.keyed {
		goal = g.lv.Exit
	}
	from := g.seats[0].Pos
	// Breadth-first from the goal; step to the neighbour nearer to it.
	dist := make([]int, len(g.lv.Wall))
	for i := range dist {
		dist[i] = -1
	}
	q := []Point{goal}
	dist[goal.Y*g.lv.Cols+goal.X] = 0
	steps := [4]struct {
		a Action
		d Point
	}{{Up, Point{0, -1}}, {Left, Point{-1, 0}}, {Down, Point{0, 1}}, {Right, Point{1, 0}}}
	for len(q) > 0 {
		p := q[0]
		q = q[1:]
		for _, s := range steps {
			n := p.Add(s.d)
			if !g.lv.IsWall(n) && dist[n.Y*g.lv.Cols+n.X] < 0 {
				dist[n.Y*g.lv.Cols+n.X] = dist[p.Y*g.lv.Cols+p.X] + 1
				q = append(q, n)
			}
		}
	}
	best, bd := Skip, dist[from.Y*g.lv.Cols+from.X]
	for _, s := range steps {
		n := from.Add(s.d)
		if !g.lv.IsWall(n) && dist[n.Y*g.lv.Cols+n.X] >= 0 && dist[n.Y*g.lv.Cols+n.X] < bd {
			best, bd = s.a, dist[n.Y*g.lv.Cols+n.X]
		}
	}
	return best
}

// TestLevelAppendJSONIsEncodingJSON: a level's hand-built JSON is what
// encoding/json writes, names escaped, empty lists as null; a level whose
// walls do not fit its size is refused by both.
func TestLevelAppendJSONIsEncodingJSON(t *testing.T) {
	for n := 1; n <= CampaignLevels; n++ {
		lv, err := Generate(3, n)
		if err != nil {
			t.Fatal(err)
		}
		for _, name := range []string{"", "plain", oddText} {
			lv.Name, lv.Author = name, strings.ToUpper(name)
			want, err := refLevel(lv).MarshalJSON()
			if err != nil {
				t.Fatal(err)
			}
			got, err := lv.MarshalJSON()
			if err != nil || !bytes.Equal(got, want) {
				t.Fatalf("level %d named %q:\n got %s\nwant %s (%v)", n, name, got, want, err)
			}
		}
	}
	empty := Level{Rows: 0, Cols: 0}
	want, _ := refLevel(empty).MarshalJSON()
	if got, err := empty.MarshalJSON(); err != nil || !bytes.Equal(got, want) {
		t.Errorf("empty level:\n got %s\nwant %s (%v)", got, want, err)
	}
	bad := Level{Rows: 3, Cols: 3, Wall: make([]bool, 8)}
	if _, err := bad.MarshalJSON(); err == nil {
		t.Error("a level of 8 tiles for 3×3 was written")
	}
}

// TestAppendStringIsEncodingJSON: strings are escaped as encoding/json
// escapes them, for every byte and the characters it treats apart.
func TestAppendStringIsEncodingJSON(t *testing.T) {
	var cases []string
	for c := 0; c < 256; c++ {
		cases = append(cases, string([]byte{byte(c)}), "x"+string([]byte{byte(c)})+"y")
	}
	cases = append(cases, oddText, "", "\u2028", "a\u2029b", "\xe2\x80", "\xed\xa0\x80", "\xf4\x90\x80\x80", "é\xc3")
	for _, s := range cases {
		want, _ := json.Marshal(s)
		if got := appendString(nil, s); !bytes.Equal(got, want) {
			t.Errorf("%q: got %s, want %s", s, got, want)
		}
		if got := appendString([]byte("pre"), []byte(s)); !bytes.Equal(got, append([]byte("pre"), want...)) {
			t.Errorf("%q as bytes: got %s, want pre%s", s, got, want)
		}
	}
}

// FuzzAppendString: any string is escaped as encoding/json escapes it.
func FuzzAppendString(f *testing.F) {
	f.Add(oddText)
	f.Add("\u2028\xff<")
	f.Fuzz(func(t *testing.T, s string) {
		want, _ := json.Marshal(s)
		if got := appendString(nil, s); !bytes.Equal(got, want) {
			t.Fatalf("%q: got %s, want %s", s, got, want)
		}
	})
}

// FuzzGameAppendJSON: a game of a custom level named and signed by the
// fuzzer, after the fuzzer's actions (and goings away), is written byte for
// byte as encoding/json writes it.
func FuzzGameAppendJSON(f *testing.F) {
	f.Add(uint64(1), uint8(1), uint8(2), "name", "author", []byte("wasd.wasdf"))
	f.Add(uint64(7), uint8(6), uint8(1), oddText, "", []byte("ddddssssaaaawwww"))
	f.Add(uint64(3), uint8(3), uint8(2), "", "\u2029<>&", []byte("xwxsxdxa..ff"))
	lvs := make([]Level, CampaignLevels)
	for n := range lvs {
		lv, err := Generate(11, n+1)
		if err != nil {
			f.Fatal(err)
		}
		lvs[n] = lv
	}
	f.Fuzz(func(t *testing.T, seed uint64, level, players uint8, name, author string, acts []byte) {
		if len(acts) > 2000 {
			acts = acts[:2000]
		}
		lv := lvs[int(level)%len(lvs)].clone()
		lv.Name, lv.Author = name, author
		g, err := New(Config{Seed: seed, Players: 1 + int(players%2), Levels: []Level{lv, lvs[0]}})
		if err != nil {
			t.Fatal(err)
		}
		for _, c := range acts {
			if g.Turn() == 0 {
				break
			}
			switch {
			case c == 'x' && g.players == 2:
				g.SetAway(2, !g.seats[1].Away)
			case c == 'X' && g.players == 2:
				g.Abandon(2)
			default:
				g.Apply(g.Turn(), allActions[int(c)%len(allActions)])
			}
		}
		sameJSON(t, g, "fuzzed game")
	})
}

// BenchmarkGameJSON writes a co-op game of level 7, mid-level, into a
// reused buffer (AppendJSON), as a server saves a game after every round;
// BenchmarkGameJSONReflect is the same by encoding/json, as before.
func BenchmarkGameJSON(b *testing.B) {
	g := midLevel7(b)
	var buf []byte
	b.ReportAllocs()
	cpu := cputime.Start()
	for i := 0; i < b.N; i++ {
		buf, _ = g.AppendJSON(buf[:0])
	}
	cpu.Report(b)
	b.SetBytes(int64(len(buf)))
}

// BenchmarkGameMarshalJSON is MarshalJSON: a fresh buffer each time.
func BenchmarkGameMarshalJSON(b *testing.B) {
	g := midLevel7(b)
	b.ReportAllocs()
	cpu := cputime.Start()
	for i := 0; i < b.N; i++ {
		g.MarshalJSON()
	}
	cpu.Report(b)
}

func BenchmarkGameJSONReflect(b *testing.B) {
	g := midLevel7(b)
	b.ReportAllocs()
	cpu := cputime.Start()
	for i := 0; i < b.N; i++ {
		g.marshalReflect()
	}
	cpu.Report(b)
}

func midLevel7(b testing.TB) *Game {
	g, err := New(Config{Seed: 1, Players: 2, Start: 7})
	if err != nil {
		b.Fatal(err)
	}
	rng := rand.New(rand.NewPCG(1, 7))
	for i := 0; i < 60 && g.Result() == InProgress; i++ {
		g.Apply(g.Turn(), allActions[rng.IntN(len(allActions))])
	}
	if g.Result() != InProgress {
		b.Fatal("the game of level 7 ended within 60 actions")
	}
	return g
}
