package labyrinth

import (
	"encoding/json"
	"errors"
	"fmt"
	"math/rand/v2"
	"slices"
)

// Limits of the game.
const (
	MaxPlayers = 4
	MaxBullets = 3
)

// ErrOver is returned by Act once someone has won.
var ErrOver = errors.New("the game is over")

// Place is where a player is on one level of their sleep: level 0 is the
// body on the main field; each dream adds a level (a dream may hold a sleep
// cell too). Only the deepest level acts.
type Place struct {
	Field   int  `json:"field"`
	Pos     Cell `json:"pos"`
	Bullets int  `json:"bullets,omitempty"`
	Key     bool `json:"key,omitempty"`
	// Stun is the number of the player's turns still to be skipped.
	Stun int `json:"stun,omitempty"`
	// Shot is set when the turn to skip is the one after being shot (the
	// player is told that, not that they are stunned).
	Shot bool `json:"shot,omitempty"`
	// Left is, in a dream, the number of the player's turns it still lasts.
	Left int `json:"left,omitempty"`
	// Taken are the key cells (row-major indices) taken in this dream,
	// which are back when the dream ends.
	Taken []int `json:"taken,omitempty"`
}

// Player is one player's state.
type Player struct {
	Start  Cell    `json:"start"`
	Levels []Place `json:"levels"`
	// Path is every cell of the main field the player's body stood on, in
	// order (with the start first): the real path, shown when the game ends.
	Path []Cell `json:"path"`
}

// Body is the player's place on the main field.
func (p *Player) Body() Place { return p.Levels[0] }

// Asleep reports whether the player's spirit is in a dream.
func (p *Player) Asleep() bool { return len(p.Levels) > 1 }

func (p *Player) top() *Place { return &p.Levels[len(p.Levels)-1] }

// Drop is an inventory left on the main field by a player who was shot there.
type Drop struct {
	Cell    Cell `json:"cell"`
	Bullets int  `json:"bullets,omitempty"`
	Key     bool `json:"key,omitempty"`
}

// State is the whole state of a game, as saved.
type State struct {
	Players []Player `json:"players"`
	// Current is the index of the player whose turn it is.
	Current int `json:"current"`
	// Turn is the round: every player has one turn per round.
	Turn int `json:"turn"`
	// Keys are the key cells of the main field (row-major indices) whose
	// key has been taken.
	Keys  []int  `json:"keys,omitempty"`
	Drops []Drop `json:"drops,omitempty"`
	// Winner is the player (1-based) who got out, WinTurn the round; 0
	// while the game goes on.
	Winner  int `json:"winner,omitempty"`
	WinTurn int `json:"win_turn,omitempty"`
}

// Game is a game of Labyrinth: the field file and the state. Its methods
// are not safe for concurrent use.
type Game struct {
	lab   *File
	s     State
	keyed []bool // keyed[f]: field f has a key cell, so its exit needs a key
}

// New starts a game on lab, one player per start cell (1 to MaxPlayers).
func New(lab *File, starts []Cell) (*Game, error) {
	if err := checkStarts(lab, len(starts)); err != nil {
		return nil, err
	}
	g := &Game{lab: lab, s: State{Turn: 1}}
	for i, c := range starts {
		if !lab.Fields[0].In(c) {
			f := lab.Fields[0]
			return nil, fmt.Errorf("player %d's start %v is outside the field: x (the row) goes from 0 to %d and y (the column) from 0 to %d", i+1, c, f.Rows-1, f.Cols-1)
		}
		g.s.Players = append(g.s.Players, Player{Start: c, Levels: []Place{{Pos: c}}, Path: []Cell{c}})
	}
	g.init()
	return g, nil
}

func checkStarts(lab *File, n int) error {
	if lab == nil || len(lab.Fields) == 0 {
		return errors.New("no field to play on")
	}
	if n < 1 || n > MaxPlayers {
		return fmt.Errorf("%d players: the Labyrinth is played by 1 to %d", n, MaxPlayers)
	}
	return nil
}

func (g *Game) init() {
	g.keyed = make([]bool, len(g.lab.Fields))
	for f, fd := range g.lab.Fields {
		for _, ch := range fd.Cells {
			if sp, ok := g.lab.Legend[ch]; ok && sp.Kind == "Key" {
				g.keyed[f] = true
				break
			}
		}
	}
}

// RandomStart draws a start cell of the main field.
func RandomStart(lab *File, rng *rand.Rand) Cell {
	f := lab.Fields[0]
	i := rng.IntN(f.Rows * f.Cols)
	return Cell{X: i / f.Cols, Y: i % f.Cols}
}

// Lab returns the field file being played. It must not be changed.
func (g *Game) Lab() *File { return g.lab }

// Players is the number of players.
func (g *Game) Players() int { return len(g.s.Players) }

// Player returns player n's state (1-based). It must not be changed.
func (g *Game) Player(n int) *Player { return &g.s.Players[n-1] }

// Current is the player (1-based) whose turn it is.
func (g *Game) Current() int { return g.s.Current + 1 }

// Turn is the round being played.
func (g *Game) Turn() int { return g.s.Turn }

// Winner returns the player who got out and the round, or 0, 0.
func (g *Game) Winner() (player, turn int) { return g.s.Winner, g.s.WinTurn }

// Over reports whether someone has won.
func (g *Game) Over() bool { return g.s.Winner != 0 }

// Inventory is what player n carries where they act (in a dream, the
// dream's copy).
func (g *Game) Inventory(n int) (bullets int, key bool) {
	t := g.s.Players[n-1].top()
	return t.Bullets, t.Key
}

// Drops are the inventories lying on the main field.
func (g *Game) Drops() []Drop { return g.s.Drops }

// KeyTaken reports whether the key of main-field cell c has been taken.
func (g *Game) KeyTaken(c Cell) bool {
	return slices.Contains(g.s.Keys, c.X*g.lab.Fields[0].Cols+c.Y)
}

// NeedsKey reports whether the exits of field f need a key: they do when
// the field has a key cell.
func (g *Game) NeedsKey(f int) bool { return g.keyed[f] }

// Opening is what each player is told before the first turn: their start
// cell and the size of the field.
func (g *Game) Opening() []Answer {
	f := g.lab.Fields[0]
	out := make([]Answer, len(g.s.Players))
	for i, p := range g.s.Players {
		out[i] = Answer{Player: i + 1, Says: []Said{{Fact: FactStart, Cell: p.Start, N: f.Rows, M: f.Cols}}}
	}
	return out
}

// Act plays a command of the current player and returns every answer it
// causes, the player's own first: news for a player who was shot, and the
// skipped turns of stunned players, whose turns pass by themselves. A
// command that costs no turn (E, ?, a shot without bullets) leaves the turn
// with the player.
func (g *Game) Act(cmd Command) ([]Answer, error) {
	if g.Over() {
		return nil, ErrOver
	}
	if cmd.Kind > Help || cmd.Dir > Right {
		return nil, fmt.Errorf("not a command: %+v", cmd)
	}
	pi := g.s.Current
	p := &g.s.Players[pi]
	a := Answer{Player: pi + 1, Turn: g.s.Turn, Own: true, Cmd: cmd}
	t := p.top()
	switch cmd.Kind {
	case Inventory:
		a.Says = []Said{{Fact: FactInventory, N: t.Bullets, Key: t.Key}}
		return []Answer{a}, nil
	case Help:
		a.Says = []Said{{Fact: FactHelp}}
		return []Answer{a}, nil
	case Shoot:
		if t.Bullets == 0 {
			a.Says = []Said{{Fact: FactNoBullets}}
			return []Answer{a}, nil
		}
	}
	depth := len(p.Levels)
	var others []Answer
	if cmd.Kind == Step {
		a.Says = g.step(pi, cmd.Dir)
	} else {
		a.Says = g.shoot(pi, cmd.Dir, &others)
	}
	out := append([]Answer{a}, others...)
	if g.Over() {
		return out, nil
	}
	out[0].Says = append(out[0].Says, g.tick(p, depth)...)
	return g.advance(out), nil
}

// tick counts one turn of the player in each dream that was going on when
// the turn began; a dream that is over ends with every dream inside it.
func (g *Game) tick(p *Player, depth int) []Said {
	n := min(depth, len(p.Levels))
	for k := 1; k < n; k++ {
		p.Levels[k].Left--
	}
	for k := 1; k < n; k++ {
		if p.Levels[k].Left <= 0 {
			p.Levels = p.Levels[:k]
			return []Said{{Fact: FactWokeUp}}
		}
	}
	return nil
}

// advance passes the turn on; a stunned player's turn passes by itself,
// with the answer that tells them so.
func (g *Game) advance(out []Answer) []Answer {
	for {
		g.s.Current++
		if g.s.Current == len(g.s.Players) {
			g.s.Current = 0
			g.s.Turn++
		}
		p := &g.s.Players[g.s.Current]
		t := p.top()
		if t.Stun == 0 {
			return out
		}
		a := Answer{Player: g.s.Current + 1, Turn: g.s.Turn, Says: []Said{{Fact: FactStillStunned, N: t.Stun}}}
		if t.Shot {
			a.Says[0].Fact = FactShotSkip
			t.Shot = false
		}
		t.Stun--
		a.Says = append(a.Says, g.tick(p, len(p.Levels))...)
		out = append(out, a)
	}
}

// special returns the legend entry of a cell of field f.
func (g *Game) special(f int, c Cell) (Special, bool) {
	return g.lab.Special(f, c)
}

// step moves player pi one cell in d, as far as the field allows.
func (g *Game) step(pi int, d Dir) []Said {
	p := &g.s.Players[pi]
	level := len(p.Levels) - 1
	t := p.top()
	sp, ok := g.special(t.Field, t.Pos)
	if ok && sp.Kind == "Exit" && sp.Dir == d {
		if !t.Key && g.keyed[t.Field] {
			return []Said{{Fact: FactNeedKey}}
		}
		if level == 0 {
			g.s.Winner, g.s.WinTurn = pi+1, g.s.Turn
			return []Said{{Fact: FactWon}}
		}
		p.Levels = p.Levels[:level] // a victory in a dream only wakes
		return []Said{{Fact: FactWokeUp}}
	}
	rubber := ok && sp.Kind == "RubberRoom"
	if rubber && sp.Dir != d {
		return []Said{{Fact: FactMoved}} // the rubber room's lie
	}
	if !g.lab.Fields[t.Field].Open(t.Pos, d) {
		return []Said{{Fact: FactWall}}
	}
	t.Pos = t.Pos.Step(d)
	says := []Said{{Fact: FactMoved}}
	if rubber {
		says[0].Fact = FactLeftRubber
	}
	return append(says, g.arrive(pi, true)...)
}

// arrive applies the cell the player's deepest level has just reached.
// stepped is false for the landing of a teleport, whose cell does not
// teleport or put to sleep again.
func (g *Game) arrive(pi int, stepped bool) []Said {
	p := &g.s.Players[pi]
	level := len(p.Levels) - 1
	t := p.top()
	if level == 0 {
		p.Path = append(p.Path, t.Pos)
	}
	sp, ok := g.special(t.Field, t.Pos)
	if ok && sp.Kind == "Teleport" && stepped {
		t.Pos = sp.To
		return append([]Said{{Fact: FactTeleported}}, g.arrive(pi, false)...)
	}
	var says []Said
	if level == 0 {
		says = g.pickUp(t)
	}
	if !ok {
		return says
	}
	switch sp.Kind {
	case "Stun":
		if sp.Turns > 0 {
			t.Stun = sp.Turns
			says = append(says, Said{Fact: FactStunned, N: sp.Turns})
		}
	case "Armory":
		t.Bullets = max(t.Bullets, MaxBullets)
		says = append(says, Said{Fact: FactArmory, N: t.Bullets})
	case "Key":
		i := t.Pos.X*g.lab.Fields[t.Field].Cols + t.Pos.Y
		if t.Key {
			break // one key is enough: the others stay
		}
		if level == 0 && !slices.Contains(g.s.Keys, i) {
			g.s.Keys = append(g.s.Keys, i)
			slices.Sort(g.s.Keys)
		} else if level > 0 && !slices.Contains(t.Taken, i) {
			t.Taken = append(t.Taken, i)
		} else {
			break
		}
		t.Key = true
		says = append(says, Said{Fact: FactKey})
	case "Sleep":
		if stepped && sp.Turns > 0 {
			// Said nothing: the spirit goes on into the dream, with a
			// copy of the inventory; the body stays here.
			p.Levels = append(p.Levels, Place{Field: sp.ToField, Pos: sp.To, Bullets: t.Bullets, Key: t.Key, Left: sp.Turns})
		}
	}
	return says
}

// pickUp takes the inventory dropped on the body's cell: bullets up to the
// maximum, the key when the player has none. What is not taken stays.
func (g *Game) pickUp(t *Place) []Said {
	for i := range g.s.Drops {
		d := &g.s.Drops[i]
		if d.Cell != t.Pos {
			continue
		}
		n := min(d.Bullets, MaxBullets-t.Bullets)
		key := d.Key && !t.Key
		if n <= 0 && !key {
			return nil
		}
		t.Bullets += n
		d.Bullets -= n
		if key {
			t.Key, d.Key = true, false
		}
		if d.Bullets == 0 && !d.Key {
			g.s.Drops = slices.Delete(g.s.Drops, i, i+1)
		}
		return []Said{{Fact: FactPickedUp, N: n, Key: key}}
	}
	return nil
}

// shoot fires player pi's bullet in d: it flies through open cell sides
// until a wall and hits whoever stands in the first cell where anyone
// stands, on the shooter's field (bodies and spirits alike).
func (g *Game) shoot(pi int, d Dir, others *[]Answer) []Said {
	t := g.s.Players[pi].top()
	t.Bullets--
	field := &g.lab.Fields[t.Field]
	for c := t.Pos; field.Open(c, d); {
		c = c.Step(d)
		hit := false
		for qi := range g.s.Players {
			if qi == pi {
				continue
			}
			if k := g.levelAt(qi, t.Field, c); k >= 0 {
				hit = true
				*others = append(*others, g.kill(qi, k))
			}
		}
		if hit {
			return []Said{{Fact: FactHit}}
		}
	}
	return []Said{{Fact: FactMissed}}
}

// levelAt returns the level of player qi that stands on cell c of field f,
// or -1.
func (g *Game) levelAt(qi, f int, c Cell) int {
	for k, l := range g.s.Players[qi].Levels {
		if l.Field == f && l.Pos == c {
			return k
		}
	}
	return -1
}

// kill handles player qi hit at level k. On the main field: the inventory
// drops where the body stood, the player wakes if asleep, goes back to the
// start and skips the next turn. In a dream: the player only wakes from it.
func (g *Game) kill(qi, k int) Answer {
	p := &g.s.Players[qi]
	a := Answer{Player: qi + 1, Turn: g.s.Turn}
	if k > 0 {
		p.Levels = p.Levels[:k]
		a.Says = []Said{{Fact: FactWokeUp}}
		return a
	}
	body := p.Levels[0]
	if body.Bullets > 0 || body.Key {
		g.drop(Drop{Cell: body.Pos, Bullets: body.Bullets, Key: body.Key})
	}
	a.Says = []Said{{Fact: FactShot}}
	if p.Asleep() {
		a.Says[0].Fact = FactShotAsleep
	}
	p.Levels = []Place{{Pos: p.Start, Stun: 1, Shot: true}}
	p.Path = append(p.Path, p.Start)
	return a
}

func (g *Game) drop(d Drop) {
	for i := range g.s.Drops {
		if g.s.Drops[i].Cell == d.Cell {
			g.s.Drops[i].Bullets += d.Bullets
			g.s.Drops[i].Key = g.s.Drops[i].Key || d.Key
			return
		}
	}
	g.s.Drops = append(g.s.Drops, d)
}

// MarshalJSON writes the game's state (not its field, which the caller
// keeps as text beside it).
func (g *Game) MarshalJSON() ([]byte, error) { return json.Marshal(g.s) }

// Load restores a game saved with MarshalJSON on the same field file,
// checking that the state fits the field.
func Load(lab *File, data []byte) (*Game, error) {
	var s State
	if err := json.Unmarshal(data, &s); err != nil {
		return nil, fmt.Errorf("the game's state cannot be read: %v", err)
	}
	if err := checkStarts(lab, len(s.Players)); err != nil {
		return nil, err
	}
	bad := func(format string, args ...any) (*Game, error) {
		return nil, fmt.Errorf("the game's state does not fit its field: "+format, args...)
	}
	if s.Current < 0 || s.Current >= len(s.Players) || s.Turn < 1 || s.Winner < 0 || s.Winner > len(s.Players) {
		return bad("turn %d, player %d", s.Turn, s.Current+1)
	}
	main := lab.Fields[0]
	for i, p := range s.Players {
		if !main.In(p.Start) || len(p.Levels) == 0 || p.Levels[0].Field != 0 {
			return bad("player %d", i+1)
		}
		for _, l := range p.Levels {
			if l.Field < 0 || l.Field >= len(lab.Fields) || !lab.Fields[l.Field].In(l.Pos) ||
				l.Bullets < 0 || l.Bullets > MaxBullets || l.Stun < 0 {
				return bad("player %d is at %v of field %d", i+1, l.Pos, l.Field)
			}
		}
		for _, c := range p.Path {
			if !main.In(c) {
				return bad("player %d's path leaves the field at %v", i+1, c)
			}
		}
	}
	for _, d := range s.Drops {
		if !main.In(d.Cell) || d.Bullets < 0 {
			return bad("an inventory lies at %v", d.Cell)
		}
	}
	for _, k := range s.Keys {
		if k < 0 || k >= main.Rows*main.Cols {
			return bad("a taken key at cell %d", k)
		}
	}
	g := &Game{lab: lab, s: s}
	g.init()
	return g, nil
}
