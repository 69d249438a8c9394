package trails

import (
	"encoding/json"
	"errors"
	"fmt"
	"strings"
)

// Save format of a game (Game.MarshalJSON): the setup and the moves, which
// Load replays through the rules, so a save cannot hold a position the rules
// would not reach. The version names the rules the moves were played under:
// version 1, the jump fill before it followed the original program (only the
// free cells after the last non-free one on the way); version 2, today's.
// A version-1 save loads and plays on under its own rules, and saves again as
// version 1 (docs/trails.md, "Saving and continuing").
const (
	SaveFormat     = "minotaur-trails"
	SaveVersion    = 2
	oldFillVersion = 1
	minSaveVersion = oldFillVersion
)

// Game is a game of Trails and Towers: the setup, the position, and every
// move played (the move list of the end screen, undo, and the save). Its
// methods are not safe for concurrent use.
type Game struct {
	cfg   Config
	seed  uint64
	pos   *Position
	moves []Move
	// version is the save version whose rules the game follows.
	version int
}

// New starts a game with setup cfg; seed is the seed of the computer
// player's choices, kept in the save (0 when no bot plays is fine).
func New(cfg Config, seed uint64) (*Game, error) {
	if err := cfg.Validate(); err != nil {
		return nil, err
	}
	return &Game{cfg: cfg, seed: seed, pos: newPosition(cfg), version: SaveVersion}, nil
}

// start is the position before the first move, under the game's rules.
func (g *Game) start() *Position {
	p := newPosition(g.cfg)
	p.fillAfterLast = g.version == oldFillVersion
	return p
}

// Config is the game's setup.
func (g *Game) Config() Config { return g.cfg }

// Seed is the seed of the computer player's choices.
func (g *Game) Seed() uint64 { return g.seed }

// Position is the current position. It is the game's own: copy it
// (Clone) before changing it.
func (g *Game) Position() *Position { return g.pos }

// Current is the player (1 or 2) whose turn it is.
func (g *Game) Current() int { return g.pos.Current() }

// Over reports whether the game has ended.
func (g *Game) Over() bool { return g.pos.Over() }

// Winner is the player who won (1 or 2) and why, or 0 and NotOver.
func (g *Game) Winner() (int, Reason) { return g.pos.Winner() }

// Moves are the moves played, in order. The slice is the game's own.
func (g *Game) Moves() []Move { return g.moves }

// Move plays the current player's move in direction d; an illegal move
// changes nothing and its error says why.
func (g *Game) Move(d Dir) (Move, error) {
	m, err := g.pos.Move(d)
	if err != nil {
		return m, err
	}
	g.moves = append(g.moves, m)
	return m, nil
}

// Undo takes back the last n moves (all of them when there are fewer) by
// playing the rest again from the start, and returns how many it took back.
func (g *Game) Undo(n int) int {
	n = min(n, len(g.moves))
	keep := g.moves[:len(g.moves)-n]
	g.pos = g.start()
	for _, m := range keep {
		g.pos.apply(m)
	}
	g.moves = keep
	return n
}

// Restart takes back every move.
func (g *Game) Restart() { g.Undo(len(g.moves)) }

// Name is the player's colour name: Blue (1) or Red (2).
func Name(player int) string {
	if player == 2 {
		return "Red"
	}
	return "Blue"
}

// Result is the end screen's sentence ("Red took 2 of 3 towers.", "Blue
// had no move left."), or "" while the game goes on.
func (g *Game) Result() string { return result(g.pos) }

func result(p *Position) string {
	w, r := p.Winner()
	switch r {
	case ByTowers:
		return fmt.Sprintf("%s took %d of %d towers.", Name(w), p.p[w-1].Towers, p.towers)
	case NoMove:
		return fmt.Sprintf("%s had no move left.", Name(3-w))
	}
	return ""
}

// Line is a move as the script prints it, without the player:
// "R -> (3, 0)" or "D -> (5, 5) takes tower 0" (towers numbered as the
// spec does, −(T−1)/2 … (T−1)/2).
func (g *Game) Line(m Move) string {
	s := fmt.Sprintf("%s -> %v", m.Dir.Letter(), m.To)
	if m.Tower >= 0 {
		s += fmt.Sprintf(" takes tower %d", g.cfg.TowerNumber(m.Tower))
	}
	return s
}

type saved struct {
	Format  string `json:"format"`
	Version int    `json:"version"`
	Config  Config `json:"config"`
	Seed    uint64 `json:"seed"`
	// Moves are the directions played, one letter each (U, R, D, L).
	Moves string `json:"moves"`
}

// MarshalJSON saves the game: its setup, its seed and its moves.
func (g *Game) MarshalJSON() ([]byte, error) {
	var b strings.Builder
	for _, m := range g.moves {
		b.WriteString(m.Dir.Letter())
	}
	return json.Marshal(saved{Format: SaveFormat, Version: g.version, Config: g.cfg, Seed: g.seed, Moves: b.String()})
}

// Load reads a saved game and plays its moves again; a save of another
// format or version, a setup out of limits or a move the rules refuse is
// an error saying which.
func Load(data []byte) (*Game, error) {
	var s saved
	if err := json.Unmarshal(data, &s); err != nil {
		return nil, fmt.Errorf("not a saved Trails game: %v", err)
	}
	if s.Format != SaveFormat {
		return nil, fmt.Errorf("not a saved Trails game (format %q, want %q)", s.Format, SaveFormat)
	}
	if s.Version < minSaveVersion || s.Version > SaveVersion {
		return nil, fmt.Errorf("a saved Trails game of version %d: this program reads versions %d to %d", s.Version, minSaveVersion, SaveVersion)
	}
	g, err := New(s.Config, s.Seed)
	if err != nil {
		return nil, fmt.Errorf("the saved game's setup: %v", err)
	}
	g.version = s.Version
	g.pos = g.start()
	for i, r := range s.Moves {
		d, err := ParseDir(string(r))
		if err == nil {
			_, err = g.Move(d)
		}
		if err != nil {
			return nil, fmt.Errorf("the saved game's move %d: %v", i+1, err)
		}
	}
	return g, nil
}

// ErrNotYourTurn is returned by MoveAs for a seat whose turn it is not.
var ErrNotYourTurn = errors.New("it is not your turn")

// MoveAs plays seat's move (1 or 2): online, a seat moves only on its turn.
func (g *Game) MoveAs(seat int, d Dir) (Move, error) {
	if g.Over() {
		return Move{}, ErrOver
	}
	if seat != g.Current() {
		return Move{}, ErrNotYourTurn
	}
	return g.Move(d)
}
