package bot

import "github.com/minotaur-game/minotaur/games/foxhunt"

// View is what a player sees of a round, as a state block of the contest
// wire tells it (foxnet reads a block into a View): the round, the map and
// the table. The computer player decides from a View alone.
type View struct {
	Round int
	W, H  int
	// Rules are the rules the blocks come from (foxnet's Reader: Reference
	// for the mica dialect), which set how long a bomb lies.
	Rules foxhunt.Rules
	Rows  []string // the map, W characters a row
	Table []Entry  // the fox first
}

// Entry is one row of a block's table.
type Entry struct {
	Name   string
	Points int
	At     foxhunt.Point
}

// At is the map character at p ('W' off the map).
func (v *View) At(p foxhunt.Point) byte {
	if p.X < 0 || p.Y < 0 || p.Y >= len(v.Rows) || p.X >= len(v.Rows[p.Y]) {
		return 'W'
	}
	return v.Rows[p.Y][p.X]
}

// ViewOf is what a state block of g shows (foxnet's AppendBlock writes it,
// its Reader reads it back): round 1 until a round has been played, the
// map, and the table with the fox first, then the players still in the
// match in seat order.
func ViewOf(g *foxhunt.Game) *View {
	b := g.Board()
	v := &View{Round: max(1, g.Played()), W: b.W, H: b.H, Rules: g.Rules()}
	cells := g.AppendMap(nil)
	for y := 0; y < b.H; y++ {
		v.Rows = append(v.Rows, string(cells[y*b.W:(y+1)*b.W]))
	}
	ps := g.Players()
	row := func(i int) { v.Table = append(v.Table, Entry{Name: ps[i].Name, Points: ps[i].Points, At: ps[i].At}) }
	fox := g.Fox()
	if fox >= 0 {
		row(fox)
	}
	for i := range ps {
		if i != fox && !ps[i].Gone {
			row(i)
		}
	}
	return v
}
