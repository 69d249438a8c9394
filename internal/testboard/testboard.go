// Package testboard builds hand-drawn levels and walks them, for the tests of
// every package above the engine (the engine's own tests, inside the
// package, keep their builder).
package testboard

import (
	"testing"

	"github.com/minotaur-game/minotaur/engine"
)

// Level builds a level from a picture: `+ - | #` wall, `.` floor, and the
// level-file letters P K E H W M * ^ ? for objects standing on floor
// (monsters and bonuses in reading order). A picture the engine would not
// play fails the test.
func Level(t testing.TB, rows ...string) engine.Level {
	t.Helper()
	l := engine.Level{Rows: len(rows), Cols: len(rows[0]), Wall: make([]bool, len(rows)*len(rows[0]))}
	for y, r := range rows {
		if len(r) != l.Cols {
			t.Fatalf("testboard: row %d is %d long, want %d", y, len(r), l.Cols)
		}
		for x := 0; x < len(r); x++ {
			p := engine.Point{X: x, Y: y}
			switch c := r[x]; c {
			case '+', '-', '|', '#':
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
				t.Fatalf("testboard: unknown %q at %v", c, p)
			}
		}
	}
	if err := l.Validate(); err != nil {
		t.Fatalf("testboard: %v", err)
	}
	return l
}

// Steps are the four steps in the engine's order: up, left, down, right.
var Steps = [4]engine.Action{engine.Up, engine.Left, engine.Down, engine.Right}

// Step returns the first step of a shortest path from `from` to `to` over
// the tiles ok accepts (the first in the order up, left, down, right among
// equally short ones), and false when there is none or from is to.
func Step(from, to engine.Point, ok func(engine.Point) bool) (engine.Action, bool) {
	if from == to {
		return engine.Skip, false
	}
	first := map[engine.Point]engine.Action{from: engine.Skip}
	for queue := []engine.Point{from}; len(queue) > 0; queue = queue[1:] {
		p := queue[0]
		for _, a := range Steps {
			q := p.Add(a.Delta())
			if _, seen := first[q]; seen || !ok(q) {
				continue
			}
			if p == from {
				first[q] = a
			} else {
				first[q] = first[p]
			}
			if q == to {
				return first[q], true
			}
			queue = append(queue, q)
		}
	}
	return engine.Skip, false
}

// Walkable is the test of Step for a player on lv: floor, and the exit only
// once it is open.
func Walkable(lv engine.Level, exitOpen bool) func(engine.Point) bool {
	return func(p engine.Point) bool { return !lv.IsWall(p) && (exitOpen || p != lv.Exit) }
}

// StepToward returns the action of the first step of a shortest path from
// the first player to target over the level's floor, avoiding the tiles
// in avoid and the closed exit; ok is false when there is none.
func StepToward(g *engine.Game, target engine.Point, avoid map[engine.Point]bool) (engine.Action, bool) {
	st := g.Status()
	from := st.Players[0].Pos
	if from == target {
		return engine.Skip, true
	}
	walkable := Walkable(g.CurrentLevel(), st.Key)
	return Step(from, target, func(p engine.Point) bool { return walkable(p) && !avoid[p] })
}

// Key is the key that plays an action on the game screen.
func Key(a engine.Action) string {
	if a == engine.Skip {
		return "<space>"
	}
	return string(rune(a))
}

// PassLevel plays g's current level to its end through press (a key each
// action), along the engine solver's winning line. It reports false when
// the solver found no line or the line did not pass the level.
func PassLevel(g *engine.Game, press func(key string)) bool {
	level := g.LevelNumber()
	sol := engine.Solve(g, engine.SolverBudget)
	if !sol.Found {
		return false
	}
	for _, a := range sol.Line {
		press(Key(a))
	}
	return g.Result() != engine.Lost && (g.Result() == engine.Won || g.LevelNumber() != level)
}

// LoseGame walks into the nearest monster through press until the player
// is caught; it reports whether they were.
func LoseGame(g *engine.Game, press func(key string)) bool {
	for i := 0; i < 400 && g.Result() == engine.InProgress; i++ {
		st := g.Status()
		if len(st.Monsters) == 0 {
			return false
		}
		a, ok := StepToward(g, st.Monsters[0].Pos, nil)
		if !ok {
			a = engine.Skip
		}
		press(Key(a))
	}
	return g.Result() == engine.Lost
}
