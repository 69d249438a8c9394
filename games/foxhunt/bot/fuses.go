package bot

import "github.com/minotaur-game/minotaur/games/foxhunt"

// Fuses remembers, from the blocks alone, when each bomb on the map was
// first seen, to tell how many rounds are left before it goes off (the
// block shows a bomb, not its fuse). Both the computer player and the
// terminal's screens keep one.
type Fuses struct {
	seen   map[foxhunt.Point]int // a bomb's field, and the round it was thrown in (as far as known)
	last   int                   // the last block's round
	blocks int                   // blocks seen in this match
	own    foxhunt.Point         // where the player last threw from, and in which round
	ownAt  int
	prev   []string // the last block's rows
	fuse   int      // rounds a bomb lies, counting the round it is thrown, by the blocks' rules
}

// Played is the number of rounds played in the match, as the blocks tell
// it (the first two blocks of a match both say round 1).
func (f *Fuses) Played() int { return max(f.blocks-1, 0) }

// Reset forgets the match (a new one starts).
func (f *Fuses) Reset() {
	clear(f.seen)
	f.blocks, f.last, f.ownAt = 0, 0, 0
	f.prev = f.prev[:0]
}

// Thrown tells that the player sent a bomb command from at for the coming
// round: a bomb laid on its own field is hidden under it until it steps
// off, and then is known to be that round's.
func (f *Fuses) Thrown(at foxhunt.Point) { f.own, f.ownAt = at, f.Played()+1 }

// Update takes the next block. A round lower than the last block's means a
// new match.
func (f *Fuses) Update(s *View) {
	if f.seen == nil {
		f.seen = map[foxhunt.Point]int{}
	}
	if s.Round < f.last {
		f.Reset()
	}
	f.last = s.Round
	f.blocks++
	f.fuse = foxhunt.Fuse
	if s.Rules == foxhunt.Reference {
		f.fuse = foxhunt.RefFuse // the reference counts its 5 rounds from the round after the throw
	}
	for p := range f.seen {
		if c := s.At(p); c != 'B' && c != 'p' && c != 'f' && c != 'P' {
			delete(f.seen, p) // gone off (a bomb under a player is kept)
		}
	}
	for y, row := range s.Rows {
		for x := 0; x < len(row); x++ {
			if row[x] != 'B' {
				continue
			}
			p := foxhunt.Point{X: x, Y: y}
			if _, ok := f.seen[p]; ok {
				continue
			}
			f.seen[p] = f.Played()
			if under(f.prev, p) {
				// it was hidden under a player in the last block: laid on
				// its own field at the latest in the round before (a
				// player cannot step onto a bomb)
				f.seen[p] = max(f.Played()-1, 0)
			}
			if p == f.own && f.ownAt > 0 {
				f.seen[p] = f.ownAt
			}
		}
	}
	f.prev = append(f.prev[:0], s.Rows...)
}

// under reports whether rows show a player at p.
func under(rows []string, p foxhunt.Point) bool {
	if p.Y >= len(rows) || p.X >= len(rows[p.Y]) {
		return false
	}
	c := rows[p.Y][p.X]
	return c == 'p' || c == 'f' || c == 'P'
}

// Left is the number of rounds, the coming one included, before the bomb
// at p goes off: 1 means at the end of the coming round. A bomb not seen
// before counts as just thrown.
func (f *Fuses) Left(p foxhunt.Point) int {
	k, ok := f.seen[p]
	if !ok {
		k = f.Played()
	}
	fuse := f.fuse
	if fuse == 0 { // no block yet
		fuse = foxhunt.Fuse
	}
	return max(k+fuse-1-f.Played(), 1)
}

// Each calls fn for every bomb known, with its rounds left.
func (f *Fuses) Each(fn func(p foxhunt.Point, left int)) {
	for p := range f.seen {
		fn(p, f.Left(p))
	}
}
