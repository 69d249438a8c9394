package engine

import (
	"strings"
	"testing"
)

// tiny builds a Level from a picture: `+ - | #` wall, `.` floor, and the
// level-file letters for objects (on floor). Monsters are listed in reading
// order.
func tiny(t *testing.T, rows ...string) Level {
	t.Helper()
	l := Level{Rows: len(rows), Cols: len(rows[0])}
	l.Wall = make([]bool, l.Rows*l.Cols)
	var starts []Point
	for y, r := range rows {
		if len(r) != l.Cols {
			t.Fatalf("tiny: row %d is %d long, want %d", y, len(r), l.Cols)
		}
		for x := 0; x < len(r); x++ {
			p := Point{x, y}
			switch c := r[x]; c {
			case '+', '-', '|', '#':
				l.Wall[y*l.Cols+x] = true
			case '.':
			case 'P':
				starts = append(starts, p)
			case 'K':
				l.Key = p
			case 'E':
				l.Exit = p
			case 'H', 'W', 'M':
				l.Monsters = append(l.Monsters, Placed{Pos: p, Kind: c})
			case '*', '^', '?':
				l.Bonuses = append(l.Bonuses, Placed{Pos: p, Kind: c})
			default:
				t.Fatalf("tiny: unknown %q", c)
			}
		}
	}
	l.Starts = starts
	return l
}

// newTiny starts a game on one hand-built level.
func newTiny(t *testing.T, players int, rows ...string) *Game {
	t.Helper()
	g, err := New(Config{Seed: 1, Players: players, Levels: []Level{tiny(t, rows...)}})
	if err != nil {
		t.Fatalf("New: %v", err)
	}
	return g
}

// play applies actions of seat 1 (a string of w a s d .) and returns all events.
func play(t *testing.T, g *Game, moves string) []Event {
	t.Helper()
	var all []Event
	for i := 0; i < len(moves); i++ {
		a, ok := ParseAction(moves[i])
		if !ok {
			t.Fatalf("play: bad move %q", moves[i])
		}
		ev, err := g.Apply(g.Turn(), a)
		if err != nil {
			t.Fatalf("play %q, move %d: %v", moves, i, err)
		}
		all = append(all, ev...)
	}
	return all
}

func hasEvent(ev []Event, k EventKind) bool {
	for _, e := range ev {
		if e.Kind == k {
			return true
		}
	}
	return false
}

func kinds(ev []Event) string {
	var s []string
	for _, e := range ev {
		s = append(s, e.Kind.String())
	}
	return strings.Join(s, ",")
}

func (g *Game) monsterAt(i int) Point { return g.mons[i].Pos }

// moveMonster puts monster i at p as if it had started there: rule tests
// that need a monster beside a player use it, since a level may not start a
// monster next to a start.
func moveMonster(g *Game, i int, p Point) { g.mons[i].Pos, g.mons[i].Prev = p, p }
