package foxhunt

import (
	"errors"
	"fmt"
	"math/rand/v2"
)

// The game's constants (docs/foxhunt.md compares them with the reference
// server's).
const (
	Fuse         = 5  // rounds a bomb lies, counting the round it is thrown
	Paralysis    = 3  // rounds a player hit by a beam does nothing
	ShieldRounds = 10 // rounds the h special protects from beams
	ThrowRange   = 9  // the farthest a bomb can be thrown
	StartRange   = 1  // a beam's reach without r specials
	StartBombs   = 1  // bombs at a time without b specials
	MaxPlayers   = 256
	MaxRounds    = 100000
)

// The reference server's timing (eauw/bomberman-server v0.5.5, observed;
// docs/foxhunt.md), which the Reference rules follow.
const (
	RefFuse         = 6  // its bomb lies 5 rounds after the round it is thrown in
	RefParalysis    = 4  // rounds a player hit cannot move (it may still throw)
	RefShieldRounds = 30 // rounds its h special protects
)

// Rules chooses between the two sets of rules a match can be played by.
type Rules uint8

const (
	// Wiki is the wiki's rules (the spec's): no border, a bomb lies 5
	// rounds counting its throw's, a paralysed player does nothing for 3
	// rounds, a beam stops at a special, a throw's distance is any number.
	Wiki Rules = iota
	// Reference is what the reference server does wherever a bot can
	// notice it: a border of indestructible walls around the map (the size
	// includes it), RefFuse, RefParalysis (throwing still allowed),
	// RefShieldRounds, beams that destroy specials and go on, and a throw
	// read from its first three characters (b, one digit, a direction).
	Reference
)

// Config sets up a match.
type Config struct {
	W, H   int    // map size, MinSize..MaxSize each (a border included)
	Rounds int    // rounds in the match
	Seed   uint64 // the seed of map, places, fox and specials
	// NoRespawn keeps new specials from appearing (hand-drawn test maps).
	NoRespawn bool
	Rules     Rules
}

// Player is one seat as the rules see it.
type Player struct {
	Name      string
	At        Point
	Points    int
	Fox       bool
	Streak    int  // rounds in a row ended as the fox
	Paralysed int  // rounds left in which commands do nothing
	Shield    int  // rounds left of protection from beams
	Range     int  // beam reach of the next bomb thrown
	Bombs     int  // bombs at a time
	Gone      bool // left the match (q or lost connection)
}

// Bomb is a bomb lying on the map.
type Bomb struct {
	Owner int
	At    Point
	Fuse  int // rounds left; it explodes at the end of the round it reaches 0
	Range int
}

// Answer is what Submit did with a line.
type Answer uint8

const (
	Taken   Answer = iota // the round's command
	Already               // a second command this round: ignored
	Quit                  // q: the player left
	Over                  // the match is over: nothing more is taken
)

// AlreadyText is the text a second command in a round is answered with.
const AlreadyText = "You already sent a command."

// Game is one match.
type Game struct {
	rng     *rand.Rand
	pcg     *rand.PCG
	board   *Board
	players []Player
	bombs   []Bomb
	rounds  int
	played  int
	respawn bool
	beams   []bool // fields a beam crossed in the last round played
	rules   Rules
	// the rules' timing: Fuse, Paralysis and ShieldRounds or the Ref ones
	fuse      int
	paralysis int
	shield    int

	cmd   []string // this round's command per seat
	rank  []int    // order of arrival per seat (0: none yet)
	nrank int

	// scratch, reused each round
	blocked []bool
	order   []int
	byRank  []int
	entered []int32
	mark    int32
}

// New starts a match for the named players on a map generated from the
// seed; one of them, at random, is the fox.
func New(cfg Config, names []string) (*Game, error) {
	if cfg.W < MinSize || cfg.H < MinSize || cfg.W > MaxSize || cfg.H > MaxSize {
		return nil, fmt.Errorf("map size %d,%d: each side must be %d to %d fields", cfg.W, cfg.H, MinSize, MaxSize)
	}
	pcg := rand.NewPCG(cfg.Seed, cfg.Seed^0x9e3779b97f4a7c15)
	rng := rand.New(pcg)
	var b *Board
	if cfg.Rules == Reference {
		b = bordered(generate(cfg.W-2, cfg.H-2, rng))
	} else {
		b = generate(cfg.W, cfg.H, rng)
	}
	return start(b, cfg, names, nil, pcg, rng)
}

// NewOnBoard starts a match on a given board (a hand-drawn map) with the
// players at the given places and the given fox (an index into names).
// The board is played as drawn: by the Reference rules too, it gets no
// border but its own.
func NewOnBoard(b *Board, cfg Config, names []string, at []Point, fox int) (*Game, error) {
	if len(at) != len(names) {
		return nil, errors.New("one place for each player is needed")
	}
	for _, p := range at {
		if !b.In(p) || b.Cell(p) != Free {
			return nil, fmt.Errorf("place %v is not a free field", p)
		}
	}
	pcg := rand.NewPCG(cfg.Seed, cfg.Seed^0x9e3779b97f4a7c15)
	cfg.W, cfg.H = b.W, b.H
	g, err := start(b, cfg, names, at, pcg, rand.New(pcg))
	if err != nil {
		return nil, err
	}
	for i := range g.players {
		g.players[i].Fox = i == fox
	}
	return g, nil
}

func start(b *Board, cfg Config, names []string, at []Point, pcg *rand.PCG, rng *rand.Rand) (*Game, error) {
	if len(names) < 1 || len(names) > MaxPlayers {
		return nil, fmt.Errorf("%d players: a match needs 1 to %d", len(names), MaxPlayers)
	}
	if cfg.Rounds < 1 || cfg.Rounds > MaxRounds {
		return nil, fmt.Errorf("%d rounds: a match has 1 to %d", cfg.Rounds, MaxRounds)
	}
	n := b.W * b.H
	g := &Game{rng: rng, pcg: pcg, board: b, rounds: cfg.Rounds, respawn: !cfg.NoRespawn,
		beams: make([]bool, n), blocked: make([]bool, n), entered: make([]int32, n),
		cmd: make([]string, len(names)), rank: make([]int, len(names)),
		rules: cfg.Rules, fuse: Fuse, paralysis: Paralysis, shield: ShieldRounds}
	if cfg.Rules == Reference {
		g.fuse, g.paralysis, g.shield = RefFuse, RefParalysis, RefShieldRounds
	}
	g.players = make([]Player, len(names))
	for i, name := range names {
		g.players[i] = Player{Name: name, Range: StartRange, Bombs: StartBombs}
		if at != nil {
			g.players[i].At = at[i]
		} else {
			g.players[i].At = g.freeField(true)
		}
	}
	if at == nil {
		g.players[rng.IntN(len(names))].Fox = true
	}
	return g, nil
}

// freeField draws a free field with no bomb and no special, preferring one
// where nobody stands (the map always has free fields: generation keeps
// most of it free).
func (g *Game) freeField(empty bool) Point {
	b := g.board
	for tries := 0; tries < 64*b.W*b.H; tries++ {
		p := Point{g.rng.IntN(b.W), g.rng.IntN(b.H)}
		if b.Cell(p) != Free || b.Special(p) != NoSpecial || g.bombAt(p) {
			continue
		}
		if empty && tries < 16*b.W*b.H && g.someoneAt(p) {
			continue
		}
		return p
	}
	for i, c := range b.cells { // a map with no such field drawn: the first free one
		if c == Free {
			return Point{i % b.W, i / b.W}
		}
	}
	return Point{}
}

func (g *Game) someoneAt(p Point) bool {
	for i := range g.players {
		if !g.players[i].Gone && g.players[i].At == p {
			return true
		}
	}
	return false
}

func (g *Game) bombAt(p Point) bool {
	for i := range g.bombs {
		if g.bombs[i].At == p {
			return true
		}
	}
	return false
}

// Board is the map (read it only).
func (g *Game) Board() *Board { return g.board }

// Players are the seats (read them only).
func (g *Game) Players() []Player { return g.players }

// Bombs are the bombs on the map (read them only).
func (g *Game) Bombs() []Bomb { return g.bombs }

// Beam reports whether a beam crossed p in the last round played.
func (g *Game) Beam(p Point) bool { return g.board.In(p) && g.beams[g.board.idx(p)] }

// Played is the number of rounds played; Rounds the match's length.
func (g *Game) Played() int { return g.played }
func (g *Game) Rounds() int { return g.rounds }

// Rules is the set of rules the match plays.
func (g *Game) Rules() Rules { return g.rules }

// Over reports whether every round has been played.
func (g *Game) Over() bool { return g.played >= g.rounds }

// Fox is the fox's seat (-1 when nobody is left).
func (g *Game) Fox() int {
	for i := range g.players {
		if g.players[i].Fox && !g.players[i].Gone {
			return i
		}
	}
	return -1
}

// Sent reports whether seat sent a command this round.
func (g *Game) Sent(seat int) bool { return g.rank[seat] != 0 }

// Waiting is the number of seats still in the match that have sent no
// command this round.
func (g *Game) Waiting() int {
	n := 0
	for i := range g.players {
		if !g.players[i].Gone && g.rank[i] == 0 {
			n++
		}
	}
	return n
}

// Submit takes a line from seat for the current round. The first line of a
// round is its command (whatever it says: a line that is no command does
// nothing); a second is answered Already and ignored; q leaves at once.
func (g *Game) Submit(seat int, line string) Answer {
	if g.Over() {
		return Over
	}
	if seat < 0 || seat >= len(g.players) || g.players[seat].Gone {
		return Over
	}
	if line == "q" {
		g.Leave(seat)
		return Quit
	}
	if g.rank[seat] != 0 {
		return Already
	}
	g.nrank++
	g.rank[seat] = g.nrank
	g.cmd[seat] = line
	return Taken
}

// Rename changes a seat's name (the server has checked it).
func (g *Game) Rename(seat int, name string) { g.players[seat].Name = name }

// Leave takes seat out of the match; when it was the fox, another player
// at random becomes the fox.
func (g *Game) Leave(seat int) {
	p := &g.players[seat]
	if p.Gone {
		return
	}
	p.Gone = true
	wasFox := p.Fox
	p.Fox = false
	if !wasFox {
		return
	}
	var left []int
	for i := range g.players {
		if !g.players[i].Gone {
			left = append(left, i)
		}
	}
	if len(left) > 0 {
		f := left[g.rng.IntN(len(left))]
		g.players[f].Fox = true
		g.players[f].Streak = 0
	}
}

// Command is a parsed line.
type Command struct {
	Kind CmdKind
	Dir  Dir // a move's or a throw's direction
	Dist int // a throw's distance (0: the player's own field)
}

type CmdKind uint8

const (
	Nothing CmdKind = iota
	Move
	Throw
)

func dirOf(c byte) (Dir, bool) {
	switch c {
	case 'w':
		return Up, true
	case 'a':
		return Left, true
	case 's':
		return Down, true
	case 'd':
		return Right, true
	}
	return 0, false
}

// Parse reads one command line by the wiki's rules: w a s d move; b
// followed by a distance and a direction throws (b3w: 3 fields up); any
// other form starting with b (b, b1n, b2u) lays the bomb on the player's
// own field; anything else (n included) does nothing.
func Parse(line string) Command { return Wiki.Parse(line) }

// Parse reads one command line by the rules r. By the Reference rules a
// throw is read as the reference server reads it, from its first three
// characters: b, one digit, a direction (b3w and b3wx: 3 fields up; b12d
// and b1 and bxw: the own field).
func (r Rules) Parse(line string) Command {
	if r == Reference && len(line) > 1 && line[0] == 'b' {
		c := Command{Kind: Throw}
		if len(line) < 3 || line[1] < '0' || line[1] > '9' {
			return c
		}
		if d, ok := dirOf(line[2]); ok {
			c.Dir, c.Dist = d, min(int(line[1]-'0'), ThrowRange)
		}
		return c
	}
	if len(line) == 1 {
		if d, ok := dirOf(line[0]); ok {
			return Command{Kind: Move, Dir: d}
		}
	}
	if len(line) == 0 || line[0] != 'b' {
		return Command{}
	}
	c := Command{Kind: Throw}
	if len(line) < 3 {
		return c
	}
	n := 0
	i := 1
	for ; i < len(line)-1; i++ {
		ch := line[i]
		if ch < '0' || ch > '9' {
			return c
		}
		if n < 1000 {
			n = n*10 + int(ch-'0')
		}
	}
	d, ok := dirOf(line[len(line)-1])
	if !ok {
		return c
	}
	c.Dir, c.Dist = d, min(n, ThrowRange)
	return c
}

// Report is what happened in a round, for the front ends' words.
type Report struct {
	Round     int   // the round just played
	Caught    int   // the seat that caught the fox, -1 if none
	Paralysed []int // seats hit by a beam
	Exploded  int   // bombs that went off
	OutOfBomb []int // seats that threw with no bomb left
	Over      bool  // that was the last round
}

// EndRound plays the round with the commands submitted, in the order they
// arrived (those who sent none do nothing), and starts the next one.
func (g *Game) EndRound() Report {
	rep := Report{Caught: -1}
	if g.Over() {
		rep.Over = true
		return rep
	}
	g.played++
	rep.Round = g.played
	b := g.board
	clear(g.beams)

	// the order: arrival, then the silent seats in seat order
	g.byRank = g.byRank[:0]
	for r := 0; r <= g.nrank; r++ {
		g.byRank = append(g.byRank, -1)
	}
	for i := range g.players {
		if g.rank[i] > 0 {
			g.byRank[g.rank[i]] = i
		}
	}
	g.order = g.order[:0]
	for _, i := range g.byRank[1:] {
		if i >= 0 {
			g.order = append(g.order, i)
		}
	}
	for i := range g.players {
		if g.rank[i] == 0 {
			g.order = append(g.order, i)
		}
	}

	// 1. commands
	g.mark++
	moved := false
	for _, i := range g.order {
		p := &g.players[i]
		if p.Gone || g.rank[i] == 0 {
			continue
		}
		c := g.rules.Parse(g.cmd[i])
		if p.Paralysed > 0 && (c.Kind != Throw || g.rules != Reference) {
			continue // by the Reference rules a paralysed player may throw
		}
		switch c.Kind {
		case Move:
			to := p.At.Step(c.Dir)
			if b.Cell(to) != Free || g.bombAt(to) {
				continue
			}
			p.At = to
			g.entered[b.idx(to)] = g.mark
			moved = true
		case Throw:
			if g.bombsOf(i) >= p.Bombs {
				rep.OutOfBomb = append(rep.OutOfBomb, i)
				continue
			}
			at := p.At
			for k := 0; k < c.Dist; k++ {
				next := at.Step(c.Dir)
				if b.Cell(next) != Free || g.bombAt(next) || g.someoneAt(next) {
					break
				}
				at = next
			}
			g.bombs = append(g.bombs, Bomb{Owner: i, At: at, Fuse: g.fuse, Range: p.Range})
		}
	}

	// 2. specials: every player who entered a field with one gets it
	if moved {
		for i := range g.players {
			p := &g.players[i]
			if p.Gone {
				continue
			}
			k := b.idx(p.At)
			if g.entered[k] != g.mark || b.cells[k] != Free || b.specials[k] == NoSpecial {
				continue
			}
			s := b.specials[k]
			for j := range g.players {
				q := &g.players[j]
				if !q.Gone && q.At == p.At {
					g.take(q, s)
				}
			}
			b.specials[k] = NoSpecial
		}
	}

	// 3. catching the fox: the hunter on its field whose command came first
	if f := g.Fox(); f >= 0 {
		best := -1
		for _, i := range g.order {
			if i != f && !g.players[i].Gone && g.players[i].At == g.players[f].At {
				best = i
				break
			}
		}
		if best >= 0 {
			g.players[f].Fox = false
			g.players[f].Streak = 0
			g.players[best].Fox = true
			g.players[best].Streak = 0
			g.players[best].At = g.freeField(true)
			rep.Caught = best
		}
	}

	// 4. paralysis served this round
	for i := range g.players {
		if g.players[i].Paralysed > 0 {
			g.players[i].Paralysed--
		}
	}

	// 5. bombs
	rep.Exploded, rep.Paralysed = g.explode(rep.Paralysed)

	// 6. shields wear off, specials appear, the fox scores
	for i := range g.players {
		p := &g.players[i]
		if p.Shield > 0 {
			p.Shield--
		}
		if p.Fox && !p.Gone {
			p.Streak++
			p.Points += p.Streak + 1
		}
	}
	if g.respawn {
		g.spawnSpecial()
	}

	clear(g.rank)
	for i := range g.cmd {
		g.cmd[i] = ""
	}
	g.nrank = 0
	rep.Over = g.Over()
	return rep
}

func (p *Player) take(s Special) {
	switch s {
	case Range:
		p.Range++
	case ExtraBomb:
		p.Bombs++
	case Shield:
		p.Shield = ShieldRounds
	}
}

func (g *Game) take(p *Player, s Special) {
	p.take(s)
	if s == Shield {
		p.Shield = g.shield
	}
}

func (g *Game) bombsOf(seat int) int {
	n := 0
	for i := range g.bombs {
		if g.bombs[i].Owner == seat {
			n++
		}
	}
	return n
}

// explode counts every fuse down and sets off the bombs whose fuse ends,
// and every bomb a beam reaches, at once. Walls and specials standing when
// the explosions begin stop every beam of the round (a wall two beams reach
// stops both), so the order of the bombs changes nothing.
func (g *Game) explode(hit []int) (int, []int) {
	b := g.board
	var due []Point
	for i := range g.bombs {
		g.bombs[i].Fuse--
		if g.bombs[i].Fuse <= 0 {
			due = append(due, g.bombs[i].At)
		}
	}
	if len(due) == 0 {
		return 0, hit
	}
	// by the Reference rules specials do not stop a beam: it destroys them
	// and goes on
	for i := range b.cells {
		g.blocked[i] = b.cells[i] != Free || (b.specials[i] != NoSpecial && g.rules != Reference)
	}
	exploded := 0
	for len(due) > 0 {
		at := due[0]
		due = due[1:]
		// every bomb on this field goes off together; the largest range decides
		reach := 0
		kept := g.bombs[:0]
		for _, bm := range g.bombs {
			if bm.At == at {
				reach = max(reach, bm.Range)
				exploded++
				continue
			}
			kept = append(kept, bm)
		}
		g.bombs = kept
		if reach == 0 {
			continue // already gone off with another bomb on the field
		}
		g.beams[b.idx(at)] = true
		b.specials[b.idx(at)] = NoSpecial // a special under the bomb goes with it
		for d := Up; d <= Right; d++ {
			p := at
			for k := 0; k < reach; k++ {
				p = p.Step(d)
				if !b.In(p) {
					break
				}
				i := b.idx(p)
				if b.cells[i] == Rock {
					break
				}
				g.beams[i] = true
				if g.bombAt(p) {
					// a bomb the beam reaches goes off, also one lying on
					// a special
					due = append(due, p)
				}
				if g.rules == Reference {
					// the reference destroys every special on a beam's
					// fields, one hidden under a wall too
					b.specials[i] = NoSpecial
				}
				if g.blocked[i] {
					if b.cells[i] == Wall {
						b.cells[i] = Free // by the wiki's rules a special under it is left behind
					} else {
						b.specials[i] = NoSpecial
					}
					break
				}
			}
		}
	}
	// the players on a beam's fields are hit
	for i := range g.players {
		p := &g.players[i]
		if p.Gone || !g.beams[b.idx(p.At)] || p.Shield > 0 {
			continue
		}
		p.Paralysed = g.paralysis
		p.Range, p.Bombs = StartRange, StartBombs
		hit = append(hit, i)
	}
	return exploded, hit
}

// spawnSpecial lets a special appear now and then on a free field while the map
// holds fewer than it started with about.
func (g *Game) spawnSpecial() {
	b := g.board
	target := max(1, b.W*b.H/40)
	have := 0
	for _, s := range b.specials {
		if s != NoSpecial {
			have++
		}
	}
	if have >= target || g.rng.IntN(4) != 0 {
		return
	}
	for tries := 0; tries < 16; tries++ {
		p := Point{g.rng.IntN(b.W), g.rng.IntN(b.H)}
		if b.Cell(p) != Free || b.Special(p) != NoSpecial || g.bombAt(p) || g.someoneAt(p) {
			continue
		}
		b.specials[b.idx(p)] = Special(1 + g.rng.IntN(3))
		return
	}
}
