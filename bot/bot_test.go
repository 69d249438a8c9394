package bot

import (
	"strings"
	"testing"

	"github.com/minotaur-game/minotaur/engine"
)

// board builds a level from a picture: `#` wall, `.` floor, and the
// level-file letters for the player, key, exit, monsters and bonuses.
func board(t *testing.T, rows ...string) engine.Level {
	t.Helper()
	l := engine.Level{Rows: len(rows), Cols: len(rows[0])}
	l.Wall = make([]bool, l.Rows*l.Cols)
	for y, r := range rows {
		if len(r) != l.Cols {
			t.Fatalf("board: row %d is %d long, want %d", y, len(r), l.Cols)
		}
		for x := 0; x < len(r); x++ {
			p := engine.Point{X: x, Y: y}
			switch c := r[x]; c {
			case '#':
				l.Wall[y*l.Cols+x] = true
			case '.':
			case 'P':
				l.Starts = append(l.Starts, p)
			case 'K':
				l.Key = p
			case 'E':
				l.Exit = p
			case 'H', 'W', 'M':
				l.Monsters = append(l.Monsters, engine.Placed{Pos: p, Kind: c})
			case '*', '^', '?':
				l.Bonuses = append(l.Bonuses, engine.Placed{Pos: p, Kind: c})
			default:
				t.Fatalf("board: unknown %q", c)
			}
		}
	}
	return l
}

func newGame(t *testing.T, rows ...string) *engine.Game {
	t.Helper()
	g, err := engine.New(engine.Config{Seed: 1, Players: 1, Levels: []engine.Level{board(t, rows...)}})
	if err != nil {
		t.Fatalf("New: %v", err)
	}
	return g
}

// run lets p play seat 1 for at most n actions and returns every event and
// the actions taken.
func run(t *testing.T, g *engine.Game, p Player, n int) ([]engine.Event, string) {
	t.Helper()
	var all, ev []engine.Event
	var acts strings.Builder
	for i := 0; i < n && g.Result() == engine.InProgress; i++ {
		v := g.View(1)
		a := p.Act(&v, ev)
		acts.WriteByte(byte(a))
		var err error
		ev, err = g.Apply(1, a)
		if err != nil {
			t.Fatalf("action %d %q: %v", i, a, err)
		}
		all = append(all, ev...)
	}
	return all, acts.String()
}

func has(ev []engine.Event, k engine.EventKind) bool {
	for _, e := range ev {
		if e.Kind == k {
			return true
		}
	}
	return false
}

func count(ev []engine.Event, k engine.EventKind) int {
	n := 0
	for _, e := range ev {
		if e.Kind == k {
			n++
		}
	}
	return n
}
