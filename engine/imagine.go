package engine

import (
	"errors"
	"fmt"
	"math/rand/v2"
)

// Imagined is a solo position as a player pictures it: a board (its unknown
// parts filled in by guesses), where the key and the exit are, the player,
// and the monsters where the player believes them to be. A bot plays it
// forward with the engine's own rules (Imagine, Sim) instead of a copy of
// them; nothing in it has to agree with any real game.
type Imagined struct {
	// Level is the level's number, for nothing but messages.
	Level int
	Rows  int
	Cols  int
	// Wall holds Rows×Cols flags in reading order; true is wall. Imagine
	// and Reset copy what they keep of an Imagined: the caller may reuse
	// its slices.
	Wall []bool
	// Key is where the key lies (or is guessed to lie); ignored once Keyed.
	Key   Point
	Exit  Point
	Keyed bool
	// Bonuses lie on the board still.
	Bonuses  []Placed
	Player   Point
	Freezes  int
	Torch    bool
	Turn     int
	Monsters []ImaginedMonster
}

// ImaginedMonster is a monster of an imagined position, in the terms a
// player can know it by (MonsterView), plus a wanderer's memory.
type ImaginedMonster struct {
	Kind MonsterKind
	Pos  Point
	// Frozen is the number of actions it still skips.
	Frozen int
	// A wanderer's tile of the player last seen, which it walks to.
	Target    Point
	HasTarget bool
	// Dir is the wanderer's last step: 0 up, 1 left, 2 down, 3 right, -1 none.
	Dir int
	// A Minotaur: Aiming at Centre, leaping in Left actions of its own
	// (1: on its next action); else resting for Left actions more (0: it
	// aims on its next action).
	Aiming bool
	Left   int
	Centre Point
}

// Sim plays an imagined solo position forward by the engine's rules, the
// monsters' random choices drawn from the seed Imagine was given. Save and
// Load let a search go back to a position it has passed. A Sim is not safe
// for concurrent use.
type Sim struct {
	g     *Game
	objs  []int // tiles of the key, then the bonuses
	kinds []Item
}

// SimState is a saved position of a Sim; its buffers are reused by Save.
type SimState struct {
	pcg     rand.PCG
	draws   uint64
	pos     Point
	state   SeatState
	freezes int
	torch   bool
	keyed   bool
	turns   int
	bonuses int
	taken   uint64 // bit k: object k (key, then bonuses) taken
	mons    []monster
}

// Outcomes of Sim.Step.
type SimOutcome byte

const (
	SimMoved   SimOutcome = iota // the action was played; the player is still on the board
	SimBlocked                   // a wall, the closed exit or an empty pocket: nothing happened
	SimCaught                    // a monster caught the player
	SimEscaped                   // the player stepped on the open exit with the key
)

// maxImaginedObjects bounds the key and bonuses of an imagined position.
const maxImaginedObjects = 64

// Imagine builds a Sim for the position im, its monsters' random choices
// drawn from a source seeded with seed.
func Imagine(im *Imagined, seed uint64) (*Sim, error) {
	s := &Sim{}
	if err := s.Reset(im, seed); err != nil {
		return nil, err
	}
	return s, nil
}

// Reset makes s the Sim that Imagine(im, seed) builds, reusing its
// buffers; on an error s is left as it was.
func (s *Sim) Reset(im *Imagined, seed uint64) error {
	if err := checkImagined(im); err != nil {
		return err
	}
	g := s.g
	if g == nil {
		g = &Game{}
	}
	g.imagine(im, seed)
	s.g = g
	s.objs = append(s.objs[:0], g.b.idx(im.Key))
	s.kinds = append(s.kinds[:0], Key)
	for _, bo := range im.Bonuses {
		s.objs = append(s.objs, g.b.idx(bo.Pos))
		s.kinds = append(s.kinds, Item(bo.Kind))
	}
	return nil
}

// checkImagined reports what makes im no position to play.
func checkImagined(im *Imagined) error {
	if im.Rows < 1 || im.Cols < 1 || im.Rows > MaxGenSide || im.Cols > MaxGenSide {
		return fmt.Errorf("an imagined board of %d × %d tiles is not playable", im.Rows, im.Cols)
	}
	if len(im.Wall) != im.Rows*im.Cols {
		return fmt.Errorf("an imagined board of %d × %d tiles needs %d wall flags, not %d", im.Rows, im.Cols, im.Rows*im.Cols, len(im.Wall))
	}
	lv := Level{Rows: im.Rows, Cols: im.Cols, Wall: im.Wall}
	if !lv.In(im.Key) || !lv.In(im.Exit) {
		return errors.New("the imagined key and exit must lie on the board")
	}
	if lv.IsWall(im.Player) {
		return fmt.Errorf("the imagined player stands in a wall at %v", im.Player)
	}
	if len(im.Bonuses)+1 > maxImaginedObjects {
		return fmt.Errorf("an imagined position holds at most %d bonuses", maxImaginedObjects-1)
	}
	for _, bo := range im.Bonuses {
		if !lv.In(bo.Pos) || !Item(bo.Kind).IsBonus() {
			return fmt.Errorf("an imagined bonus %q at %v is not a bonus on the board", bo.Kind, bo.Pos)
		}
	}
	for _, m := range im.Monsters {
		if !lv.In(m.Pos) {
			return fmt.Errorf("an imagined %s at %v is off the board", m.Kind.Name(), m.Pos)
		}
		if m.Kind != Hunter && m.Kind != Wanderer && m.Kind != Minotaur {
			return fmt.Errorf("an imagined monster of kind %q is not a monster", m.Kind)
		}
	}
	return nil
}

// imagine makes g the blind game of the position im (which checkImagined
// accepts), reusing g's buffers when it was one before. A blind game is
// never shown, so it keeps no map glyphs.
func (g *Game) imagine(im *Imagined, seed uint64) {
	n := im.Rows * im.Cols
	old := *g
	*g = Game{seed: seed, players: 1, blind: true, levelNo: im.Level}
	if old.pcg != nil {
		// rng draws from &g.src, which is where it was.
		g.pcg, g.rng = old.pcg, old.rng
		g.src = countingSource{pcg: g.pcg}
	} else {
		g.setRNG(&rand.PCG{})
	}
	g.pcg.Seed(seed, playStream)
	g.lv = Level{Rows: im.Rows, Cols: im.Cols, Wall: append(old.lv.Wall[:0], im.Wall...),
		Starts: append(old.lv.Starts[:0], im.Player), Key: im.Key, Exit: im.Exit,
		Bonuses: append(old.lv.Bonuses[:0], im.Bonuses...)}
	b := old.b
	if b == nil {
		b = &board{}
	}
	*b = board{cols: im.Cols, rows: im.Rows, wall: g.lv.Wall, blank: b.blank[:0]}
	b.exit = b.idx(im.Exit)
	g.b = b
	g.items = reuse(old.items, n)
	g.items[b.idx(im.Key)] = Key
	for _, bo := range im.Bonuses {
		g.items[b.idx(bo.Pos)] = Item(bo.Kind)
	}
	g.mem = reuse(old.mem, n)
	g.keyDist, g.pathBuf, g.evBuf = old.keyDist, old.pathBuf[:0], old.evBuf[:0]
	// The walls of an imagined board never change (no level follows), so
	// a search from a tile gives the same answers all along: the monsters'
	// searches are kept (tileSearches), which changes none of their
	// choices.
	g.paths = old.paths
	if g.paths == nil {
		g.paths = &tileSearches{}
	}
	g.paths.reset(n)
	if im.Keyed {
		g.items[b.idx(im.Key)] = NoItem
	}
	g.keyed = im.Keyed
	g.turns = im.Turn
	g.seats[0] = seat{Pos: im.Player, Prev: im.Player, State: Active, Freezes: im.Freezes, Torch: im.Torch}
	g.next = 0
	g.mons = old.mons[:0]
	for _, m := range im.Monsters {
		mo := monster{Kind: m.Kind, Pos: m.Pos, Prev: m.Pos, Frozen: max(0, m.Frozen), Dir: -1}
		switch m.Kind {
		case Wanderer:
			if m.Dir >= 0 && m.Dir < len(dirs) {
				mo.Dir = m.Dir
			}
			mo.Target, mo.HasTarget = m.Target, m.HasTarget && g.lv.In(m.Target)
		case Minotaur:
			switch {
			case m.Aiming:
				mo.Phase, mo.Count, mo.Centre = phaseAimed, max(0, m.Left-1), m.Centre
			case m.Left <= 0:
				mo.Phase = phaseReady
			default:
				mo.Phase, mo.Count = phaseRest, m.Left
			}
		}
		g.mons = append(g.mons, mo)
	}
}

// reuse returns buf cleared to n elements, made anew when it is too small.
func reuse[T any](buf []T, n int) []T {
	if cap(buf) < n {
		return make([]T, n)
	}
	buf = buf[:n]
	clear(buf)
	return buf
}

// Save records the Sim's position in st.
func (s *Sim) Save(st *SimState) {
	g := s.g
	se := &g.seats[0]
	st.pcg, st.draws = *g.pcg, g.src.draws
	st.pos, st.state, st.freezes, st.torch = se.Pos, se.State, se.Freezes, se.Torch
	st.keyed, st.turns, st.bonuses = g.keyed, g.turns, g.bonuses
	st.taken = 0
	for k, t := range s.objs {
		if g.items[t] == NoItem {
			st.taken |= 1 << k
		}
	}
	st.mons = append(st.mons[:0], g.mons...)
}

// Load puts the Sim back in the position saved in st.
func (s *Sim) Load(st *SimState) {
	g := s.g
	*g.pcg, g.src.draws = st.pcg, st.draws
	// The seat's other fields (away, gone, what it sees and hears) are
	// never set in a blind game.
	se := &g.seats[0]
	se.Pos, se.Prev, se.State, se.Freezes, se.Torch, se.Moved = st.pos, st.pos, st.state, st.freezes, st.torch, false
	g.keyed, g.turns, g.bonuses = st.keyed, st.turns, st.bonuses
	for k, t := range s.objs {
		if st.taken&(1<<k) != 0 {
			g.items[t] = NoItem
		} else {
			g.items[t] = s.kinds[k]
		}
	}
	g.mons = append(g.mons[:0], st.mons...)
	g.compass = g.compass[:0]
	g.passed = g.passed[:0]
	g.result, g.round, g.nearOK = InProgress, false, false
	g.next = 0
	if st.state != Active {
		g.result, g.next = Lost, -1
		if st.state == Escaped {
			g.result = Won
		}
	}
}

// Step plays one action of the player and the monsters' answer.
func (s *Sim) Step(a Action) SimOutcome {
	g := s.g
	if g.result != InProgress {
		return SimBlocked
	}
	turns := g.turns
	if _, err := g.Apply(1, a); err != nil {
		return SimBlocked
	}
	switch g.seats[0].State {
	case Escaped:
		return SimEscaped
	case Caught:
		return SimCaught
	}
	if g.turns == turns {
		return SimBlocked
	}
	return SimMoved
}

// Blocked reports whether action a, played from the saved position st,
// is sure to be blocked (Step would answer SimBlocked): the position is
// over, a step goes into a wall or the closed exit, or a freeze is used
// with none in the pocket. A search asks it before loading st, which it
// then need not do.
func (s *Sim) Blocked(st *SimState, a Action) bool {
	if st.state != Active {
		return true
	}
	if a == UseFreeze {
		return st.freezes == 0
	}
	target := st.pos.Add(a.Delta())
	if target == st.pos {
		return false
	}
	b := s.g.b
	return b.isWall(target) || b.idx(target) == b.exit && !st.keyed
}

// Player returns the player's tile.
func (s *Sim) Player() Point { return s.g.seats[0].Pos }

// Keyed reports whether the player has the key.
func (s *Sim) Keyed() bool { return s.g.keyed }

// Freezes returns the freezes in the player's pocket.
func (s *Sim) Freezes() int { return s.g.seats[0].Freezes }

// Turn returns the turn counter.
func (s *Sim) Turn() int { return s.g.turns }

// Monsters returns the monsters as they stand, in creation order, as the
// whole truth of the imagined position.
func (s *Sim) Monsters() []MonsterView {
	out := make([]MonsterView, len(s.g.mons))
	for i, m := range s.g.mons {
		out[i] = s.g.monsterView(m)
	}
	return out
}

// Hash folds the part of the position that decides its future into a
// number, for a search to merge repeated positions (the turn counter is
// left out: reaching a position earlier is as good).
func (s *Sim) Hash() uint64 { return s.g.soloKey(s.objs) }

// Threat returns the least Manhattan distance from the player to a
// monster, a frozen one counted farther by the actions it still skips
// (-1: no monster).
func (s *Sim) Threat() int {
	g := s.g
	p := g.seats[0].Pos
	best := -1
	for j := range g.mons {
		m := &g.mons[j]
		d := abs(m.Pos.X-p.X) + abs(m.Pos.Y-p.Y) + m.Frozen
		if best < 0 || d < best {
			best = d
		}
	}
	return best
}
