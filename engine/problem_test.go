package engine

import (
	"errors"
	"fmt"
	"strings"
	"testing"
)

// good is a small valid level that the cases below break one rule at a time.
var good = []string{
	"#######",
	"#P...K#",
	"#.###.#",
	"#H...E#",
	"#######",
}

// with returns good with the given rows replaced.
func with(rows map[int]string) []string {
	out := append([]string(nil), good...)
	for i, r := range rows {
		out[i] = r
	}
	return out
}

func TestProblems(t *testing.T) {
	pt := func(x, y int) Point { return Point{x, y} }
	tests := []struct {
		name string
		rows []string
		edit func(l *Level)
		want []Problem
	}{
		{"valid", good, nil, nil},
		{"too small", []string{"#####", "#PKE#"}, nil, []Problem{
			{Code: ProblemSize, At: pt(5, 2)}}},
		{"too large", good, func(l *Level) { l.Cols = MaxGenSide + 1 }, []Problem{
			{Code: ProblemSize, At: pt(MaxGenSide+1, 5)}}},
		{"tiles missing", good, func(l *Level) { l.Wall = l.Wall[:30] }, []Problem{
			{Code: ProblemTiles, At: pt(7, 5), N: 30}}},
		{"object lists are checked without a board", good, func(l *Level) {
			l.Wall = nil
			l.Monsters = append(l.Monsters, Placed{pt(3, 3), 'M'}, Placed{pt(4, 3), 'M'})
		}, []Problem{
			{Code: ProblemMinotaurs, At: pt(4, 3), Other: pt(3, 3), Kind: 'M'},
			{Code: ProblemTiles, At: pt(7, 5), N: 0}}},
		{"no start", with(map[int]string{1: "#....K#"}), nil, []Problem{
			{Code: ProblemStarts}}},
		{"three starts", with(map[int]string{1: "#PPP.K#"}), nil, []Problem{
			{Code: ProblemStarts, At: pt(3, 1), Kind: 'P', N: 3}}},
		{"both players on one tile", good, func(l *Level) { l.Starts = append(l.Starts, l.Starts[0]) }, nil},
		{"key off the board", good, func(l *Level) { l.Key = pt(-1, 2) }, []Problem{
			{Code: ProblemOffBoard, At: pt(-1, 2), Kind: 'K'}}},
		{"bonus on the key", good, func(l *Level) { l.Bonuses = []Placed{{l.Key, '?'}} }, []Problem{
			{Code: ProblemSharedTile, At: pt(5, 1), Kind: '?', With: 'K'}}},
		{"exit on a wall", good, func(l *Level) { l.Exit = pt(3, 2) }, []Problem{
			{Code: ProblemOnWall, At: pt(3, 2), Kind: 'E'}}},
		{"unknown bonus", good, func(l *Level) { l.Bonuses = []Placed{{pt(3, 1), 'x'}} }, []Problem{
			{Code: ProblemUnknownBonus, At: pt(3, 1), Kind: 'x'}}},
		{"unknown monster", good, func(l *Level) { l.Monsters[0].Kind = 'Z' }, []Problem{
			{Code: ProblemUnknownMonster, At: pt(1, 3), Kind: 'Z'}}},
		{"two Minotaurs", with(map[int]string{3: "#M.M.E#"}), nil, []Problem{
			{Code: ProblemMinotaurs, At: pt(3, 3), Other: pt(1, 3), Kind: 'M'}}},
		{"a gap in the border", with(map[int]string{0: "###.###"}), nil, []Problem{
			{Code: ProblemBorderOpen, At: pt(3, 0), Other: pt(3, 0)}}},
		{"a long gap runs along one edge", with(map[int]string{4: "#....##", 3: "#H...E."}), nil, []Problem{
			{Code: ProblemBorderOpen, At: pt(1, 4), Other: pt(4, 4)},
			{Code: ProblemBorderOpen, At: pt(6, 3), Other: pt(6, 3)}}},
		{"a corner belongs to the top edge", with(map[int]string{0: ".######", 1: ".P...K#"}), nil, []Problem{
			{Code: ProblemBorderOpen, At: pt(0, 0), Other: pt(0, 0)},
			{Code: ProblemBorderOpen, At: pt(0, 1), Other: pt(0, 1)}}},
		{"an object in the border", with(map[int]string{1: "#P....K", 3: "#H...E#"}), nil, []Problem{
			{Code: ProblemBorderOpen, At: pt(6, 1), Other: pt(6, 1), Kind: 'K'}}},
		{"the exit may be a door", with(map[int]string{1: "#P...KE", 3: "#H....#"}), nil, nil},
		{"monster beside a start", with(map[int]string{1: "#PW..K#"}), nil, []Problem{
			{Code: ProblemMonsterNearStart, At: pt(2, 1), Other: pt(1, 1), Kind: 'W'}}},
		{"monster diagonal to a start", with(map[int]string{1: "#.P..K#", 2: "#H###.#", 3: "#....E#"}), nil, []Problem{
			{Code: ProblemMonsterNearStart, At: pt(1, 2), Other: pt(2, 1), Kind: 'H'}}},
		{"monster on a start", good, func(l *Level) { l.Monsters[0].Pos = l.Starts[0] }, []Problem{
			{Code: ProblemSharedTile, At: pt(1, 1), Kind: 'H', With: 'P'}}},
		{"two tiles away is fine", with(map[int]string{1: "#P.M.K#", 3: "#....E#"}), nil, nil},
		{"key walled in", with(map[int]string{1: "#P..#K#", 2: "#.#####"}), nil, []Problem{
			{Code: ProblemKeyWalledIn, At: pt(5, 1), Other: pt(1, 1), Kind: 'K'}}},
		{"key behind the locked exit", with(map[int]string{1: "#P..EK#", 2: "#.#####", 3: "#H....#"}), nil, []Problem{
			{Code: ProblemKeyBehindExit, At: pt(5, 1), Other: pt(1, 1), Kind: 'K'}}},
		{"exit walled in", with(map[int]string{2: "#.#####", 3: "#H..#E#"}), nil, []Problem{
			{Code: ProblemExitWalledIn, At: pt(5, 3), Other: pt(1, 1), Kind: 'E'}}},
		{"each start is asked", []string{
			"#########",
			"#P..#.PK#",
			"#.#######",
			"#H.....E#",
			"#########"}, nil, []Problem{
			{Code: ProblemKeyWalledIn, At: pt(7, 1), Other: pt(1, 1), Kind: 'K'},
			{Code: ProblemExitWalledIn, At: pt(7, 3), Other: pt(6, 1), Kind: 'E'}}},
		{"reachability is checked whatever else is wrong", with(map[int]string{0: "###.###", 1: "#PH.#K#", 2: "#.#####"}), nil, []Problem{
			{Code: ProblemBorderOpen, At: pt(3, 0), Other: pt(3, 0)},
			{Code: ProblemMonsterNearStart, At: pt(2, 1), Other: pt(1, 1), Kind: 'H'},
			{Code: ProblemKeyWalledIn, At: pt(5, 1), Other: pt(1, 1), Kind: 'K'}}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			l := tiny(t, tt.rows...)
			if tt.edit != nil {
				tt.edit(&l)
			}
			got := l.Problems()
			if fmt.Sprint(got) != fmt.Sprint(tt.want) || len(got) != len(tt.want) {
				t.Fatalf("Problems:\n%s\nwant\n%s", dump(got), dump(tt.want))
			}
			for i := range got {
				if got[i] != tt.want[i] {
					t.Errorf("problem %d = %+v, want %+v", i, got[i], tt.want[i])
				}
			}
			err := l.Validate()
			if (err == nil) != (len(tt.want) == 0) {
				t.Fatalf("Validate = %v with %d problems", err, len(tt.want))
			}
			for _, p := range got {
				var target Problem
				if !errors.As(err, &target) || !strings.Contains(err.Error(), p.Error()) {
					t.Errorf("Validate's error %q does not carry %q", err, p.Error())
				}
			}
		})
	}
}

func dump(ps []Problem) string {
	var b strings.Builder
	for _, p := range ps {
		fmt.Fprintf(&b, "\t%+v: %v\n", p, p)
	}
	return b.String()
}

// TestProblemMessages pins how a problem reads in an engine error: what is
// wrong, where, and what the rule is.
func TestProblemMessages(t *testing.T) {
	tests := []struct {
		p    Problem
		want string
	}{
		{Problem{Code: ProblemSize, At: Point{1002, 9}}, "the level is 9 rows × 1002 columns: a level has 3 to 1001 of each"},
		{Problem{Code: ProblemStarts}, "the level has no player start: it needs one or two"},
		{Problem{Code: ProblemStarts, At: Point{3, 1}, N: 3}, "the player start at (3, 1) is one too many: a level has one or two, this one 3"},
		{Problem{Code: ProblemSharedTile, At: Point{5, 1}, Kind: '?', With: 'K'}, "the compass bonus ? at (5, 1) shares its tile with the key K"},
		{Problem{Code: ProblemBorderOpen, At: Point{1, 4}, Other: Point{4, 4}}, "the border is open from (1, 4) to (4, 4): only the exit may be a door in the outer wall"},
		{Problem{Code: ProblemBorderOpen, At: Point{6, 1}, Other: Point{6, 1}, Kind: 'K'}, "the border is open at (6, 1): the key K stands in the outer wall (only the exit may be a door in the outer wall)"},
		{Problem{Code: ProblemMonsterNearStart, At: Point{2, 1}, Other: Point{1, 1}, Kind: 'W'}, "the wanderer W at (2, 1) stands next to the player start at (1, 1): a monster must start at least two tiles away from every start"},
		{Problem{Code: ProblemKeyBehindExit, At: Point{5, 1}, Other: Point{1, 1}}, "the key at (5, 1) is walled in: no path from the start at (1, 1) reaches it without going through the exit, which stays locked until the key is found"},
		{Problem{Code: ProblemExitWalledIn, At: Point{5, 3}, Other: Point{1, 1}}, "the exit at (5, 3) is walled in: no path from the start at (1, 1) reaches it"},
	}
	for _, tt := range tests {
		if got := tt.p.Error(); got != tt.want {
			t.Errorf("%+v reads\n%q, want\n%q", tt.p, got, tt.want)
		}
	}
}

// TestGeneratedLevelsHaveNoProblems: the generator keeps monsters at least
// four path steps from every start, so no monster stands next to one, and
// every other rule holds too — on the campaign (whose levels carry both
// players' starts) and on stress mazes.
func TestGeneratedLevelsHaveNoProblems(t *testing.T) {
	for seed := uint64(1); seed <= 20; seed++ {
		for n := 1; n <= CampaignLevels; n++ {
			l, err := Generate(seed, n)
			if err != nil {
				t.Fatalf("seed %d level %d: %v", seed, n, err)
			}
			if ps := l.Problems(); len(ps) > 0 {
				t.Fatalf("seed %d level %d:\n%s", seed, n, dump(ps))
			}
			if len(l.Starts) != 2 {
				t.Fatalf("seed %d level %d has %d starts: a generated level has one for each player", seed, n, len(l.Starts))
			}
		}
	}
	for _, size := range [][2]int{{21, 21}, {31, 61}, {101, 101}, {MaxGenSide, MaxGenSide}} {
		l, err := GenerateSize(5, size[0], size[1])
		if err != nil {
			t.Fatalf("GenerateSize %v: %v", size, err)
		}
		if ps := l.Problems(); len(ps) > 0 {
			t.Fatalf("GenerateSize %v:\n%s", size, dump(ps))
		}
	}
}

func TestPlayerReach(t *testing.T) {
	l := tiny(t,
		"#########",
		"#P..#..K#",
		"#.###.###",
		"#...E.#.#",
		"#########")
	reach := l.PlayerReach()
	for _, c := range []struct {
		p    Point
		want bool
	}{
		{Point{1, 1}, true}, {Point{4, 3}, true}, {Point{7, 1}, true}, // through the exit
		{Point{7, 3}, false}, {Point{4, 1}, false},
	} {
		if reach[c.p.Y*l.Cols+c.p.X] != c.want {
			t.Errorf("PlayerReach at %v = %v, want %v", c.p, !c.want, c.want)
		}
	}
}

// BenchmarkProblems: checking a 1001 × 1001 stress maze, which engine.New
// does for `minotaur gen` levels.
func BenchmarkProblems(b *testing.B) {
	l, err := GenerateSize(1, MaxGenSide, MaxGenSide)
	if err != nil {
		b.Fatal(err)
	}
	b.ReportAllocs()
	for b.Loop() {
		if ps := l.Problems(); len(ps) > 0 {
			b.Fatal(ps)
		}
	}
}
