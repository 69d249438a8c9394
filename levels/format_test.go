package levels

import (
	"testing"

	"github.com/minotaur-game/minotaur/engine"
)

// walls turns a picture of a board ('#' wall, anything else floor) into the
// wall flags of a Level.
func walls(rows ...string) (r, c int, wall []bool) {
	r, c = len(rows), len(rows[0])
	for _, row := range rows {
		for _, ch := range row {
			wall = append(wall, ch == '#')
		}
	}
	return r, c, wall
}

func TestFormat(t *testing.T) {
	tiny := func() engine.Level {
		r, c, w := walls(
			"#######",
			"#.....#",
			"#.###.#",
			"#.....#",
			"#######",
		)
		return engine.Level{
			Name: "Tiny", Author: "ada", Rows: r, Cols: c, Wall: w,
			Starts:   []engine.Point{{X: 1, Y: 1}},
			Key:      engine.Point{X: 5, Y: 1},
			Exit:     engine.Point{X: 5, Y: 3},
			Bonuses:  []engine.Placed{{Pos: engine.Point{X: 3, Y: 1}, Kind: '*'}},
			Monsters: []engine.Placed{{Pos: engine.Point{X: 1, Y: 3}, Kind: 'H'}, {Pos: engine.Point{X: 4, Y: 3}, Kind: 'W'}},
		}
	}
	tests := []struct {
		name  string
		level func() engine.Level
		want  string
	}{
		{"header and objects", tiny, "" +
			"name: Tiny\n" +
			"author: ada\n" +
			"+-----+\n" +
			"|P.*.K|\n" +
			"|.+-+.|\n" +
			"|H..WE|\n" +
			"+-----+\n"},
		{"no header when unnamed", func() engine.Level {
			l := tiny()
			l.Name, l.Author = "", "  "
			return l
		}, "" +
			"+-----+\n" +
			"|P.*.K|\n" +
			"|.+-+.|\n" +
			"|H..WE|\n" +
			"+-----+\n"},
		{"line breaks in the name stay on one line", func() engine.Level {
			l := tiny()
			l.Name, l.Author = " Two\nLoops\r", "a\tb"
			l.Monsters = nil
			return l
		}, "" +
			"name: Two Loops\n" +
			"author: a b\n" +
			"+-----+\n" +
			"|P.*.K|\n" +
			"|.+-+.|\n" +
			"|....E|\n" +
			"+-----+\n"},
		{"two starts and an exit in the border", func() engine.Level {
			l := tiny()
			l.Name, l.Author = "", ""
			l.Starts = []engine.Point{{X: 1, Y: 1}, {X: 2, Y: 1}}
			l.Wall[3*7+6] = false
			l.Exit = engine.Point{X: 6, Y: 3}
			l.Bonuses = []engine.Placed{{Pos: engine.Point{X: 3, Y: 1}, Kind: '^'}, {Pos: engine.Point{X: 5, Y: 3}, Kind: '?'}}
			l.Monsters = []engine.Placed{{Pos: engine.Point{X: 1, Y: 3}, Kind: 'M'}}
			return l
		}, "" +
			"+-----+\n" +
			"|PP^.K|\n" +
			"|.+-+.+\n" +
			"|M...?E\n" +
			"+-----+\n"},
		{"tiles that do not match the size", func() engine.Level {
			return engine.Level{Name: "Broken", Rows: 3, Cols: 3, Wall: make([]bool, 4)}
		}, "name: Broken\n# this level has no map: its tiles do not match its size\n"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := Format(tt.level()); got != tt.want {
				t.Errorf("Format:\n%s\nwant:\n%s", got, tt.want)
			}
		})
	}
}
