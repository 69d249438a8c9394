package trails

import (
	"errors"
	"fmt"
	"math"
	"strings"
)

// Limits of a field.
const (
	MinSize = 5
	MaxSize = 25
)

// Dir is a direction of a move.
type Dir int8

// The four directions, and NoDir: a player's boost before their first move.
const (
	NoDir Dir = -1
	Up    Dir = 0
	Right Dir = 1
	Down  Dir = 2
	Left  Dir = 3
)

// Dirs are the four directions in the order the legal moves are listed.
var Dirs = [4]Dir{Up, Right, Down, Left}

var (
	dirDX = [4]int{0, 1, 0, -1}
	dirDY = [4]int{-1, 0, 1, 0}
)

// Delta is the change of column and row of one cell's step in direction d.
func (d Dir) Delta() (dx, dy int) { return dirDX[d], dirDY[d] }

// Letter is the direction's letter in a script: U, R, D or L.
func (d Dir) Letter() string {
	if d < 0 || d > 3 {
		return "-"
	}
	return [4]string{"U", "R", "D", "L"}[d]
}

// String is the direction's word: up, right, down, left.
func (d Dir) String() string {
	if d < 0 || d > 3 {
		return "none"
	}
	return [4]string{"up", "right", "down", "left"}[d]
}

// Arrow is the direction as an arrow, for the screen.
func (d Dir) Arrow() string {
	if d < 0 || d > 3 {
		return "·"
	}
	return [4]string{"↑", "→", "↓", "←"}[d]
}

// ParseDir reads a direction as a script writes it: U, L, D or R, or the
// words up, left, down, right (any case). WASD is not accepted here: "D"
// would mean both down and right.
func ParseDir(s string) (Dir, error) {
	switch strings.ToLower(strings.TrimSpace(s)) {
	case "u", "up":
		return Up, nil
	case "r", "right":
		return Right, nil
	case "d", "down":
		return Down, nil
	case "l", "left":
		return Left, nil
	case "w", "a", "s":
		return NoDir, fmt.Errorf("%q is not a direction: write U, L, D or R (or up, left, down, right); WASD is for the keyboard only", s)
	}
	return NoDir, fmt.Errorf("%q is not a direction: write U, L, D or R (or up, left, down, right)", s)
}

// Cell is a cell of the field: X the column, Y the row, from 0 at the top
// left.
type Cell struct {
	X int `json:"x"`
	Y int `json:"y"`
}

func (c Cell) String() string { return fmt.Sprintf("(%d, %d)", c.X, c.Y) }

// Config is the setup of a game: the field's side, the number of towers,
// their distance apart in diagonal steps, and who moves first (1 or 2).
type Config struct {
	Size     int `json:"size"`
	Towers   int `json:"towers"`
	Distance int `json:"distance"`
	First    int `json:"first"`
}

// Classic is the classic game: 11 × 11, three towers with one free cell
// of the diagonal between neighbours (2 diagonal steps apart: (5, 5),
// (7, 3), (3, 7)), Blue first.
func Classic() Config { return Config{Size: 11, Towers: 3, Distance: 2, First: 1} }

// Validate says which limit a setup breaks, in a sentence a player can act
// on, or nil.
func (c Config) Validate() error {
	switch {
	case c.Size < MinSize || c.Size > MaxSize:
		return fmt.Errorf("--size %d: the field's side is %d to %d cells", c.Size, MinSize, MaxSize)
	case c.Size%2 == 0:
		return fmt.Errorf("--size %d: the field's side must be odd (%d, %d, … %d), so that a middle cell holds the middle tower", c.Size, MinSize, MinSize+2, MaxSize)
	case c.Towers < 1:
		return fmt.Errorf("--towers %d: there is at least 1 tower", c.Towers)
	case c.Towers%2 == 0:
		return fmt.Errorf("--towers %d: the number of towers must be odd (1, 3, 5, …), so that one player can take more than half", c.Towers)
	case c.Distance < 1:
		return fmt.Errorf("--distance %d: towers stand at least 1 diagonal step apart", c.Distance)
	case c.First != 1 && c.First != 2:
		return fmt.Errorf("--first %d: player 1 or player 2 moves first", c.First)
	}
	// half·D > mid, asked without the product, which could wrap round and
	// let billions of towers through.
	half, mid := (c.Towers-1)/2, (c.Size-1)/2
	if half > mid/c.Distance {
		fit := fmt.Sprintf("at most %d towers fit", 2*(mid/c.Distance)+1)
		if mid/c.Distance == 0 {
			fit = "only 1 tower fits"
		}
		where := "outside"
		if half <= (math.MaxInt-mid)/c.Distance {
			far := half * c.Distance
			where = fmt.Sprintf("at (%d, %d) and (%d, %d), outside", mid+far, mid-far, mid-far, mid+far)
		}
		return fmt.Errorf("--towers %d --distance %d: the outer towers would stand %s the %d × %d field; at this distance %s (or bring them closer, or make the field bigger)",
			c.Towers, c.Distance, where, c.Size, c.Size, fit)
	}
	// The towers lie on the diagonal joining the free corners, so they can
	// never stand on a base (0, 0) or (N-1, N-1) of a field this big.
	return nil
}

// TowerCells are the towers' cells, tower k = −(T−1)/2 … (T−1)/2 at
// (c + k·D, c − k·D), in that order of k.
func (c Config) TowerCells() []Cell {
	mid, half := (c.Size-1)/2, (c.Towers-1)/2
	cells := make([]Cell, 0, c.Towers)
	for k := -half; k <= half; k++ {
		cells = append(cells, Cell{mid + k*c.Distance, mid - k*c.Distance})
	}
	return cells
}

// TowerNumber is the number k of the i-th tower of TowerCells (0-based i),
// as the spec numbers towers: −(T−1)/2 … (T−1)/2.
func (c Config) TowerNumber(i int) int { return i - (c.Towers-1)/2 }

// What a cell of the board holds.
const (
	free  int8 = 0
	blue  int8 = 1 // occupied by player 1
	red   int8 = 2 // occupied by player 2
	tower int8 = 3 // a tower not taken yet
)

// The computer player's levels (games/trails/bot).
const (
	MinBotLevel = 1
	MaxBotLevel = 3
)

// What At says a cell holds, besides a player's number (1 or 2).
const (
	Free  = int(free)
	Tower = int(tower)
)

// Reason is why a game ended.
type Reason int8

// The ways a game ends.
const (
	NotOver  Reason = iota
	ByTowers        // the winner took more than half of the towers
	NoMove          // the loser had no legal move at the start of their turn
)

// Player is one player's state.
type Player struct {
	Pos Cell `json:"pos"`
	// Dir and Len are the player's previous move: its direction (NoDir
	// before the first) and how many cells it went. The next move in Dir
	// goes Len+1 cells; in any other direction, 1.
	Dir    Dir `json:"dir"`
	Len    int `json:"len"`
	Towers int `json:"towers"`
}

// Next is how far the player's next move in direction d goes.
func (p Player) Next(d Dir) int {
	if d == p.Dir {
		return p.Len + 1
	}
	return 1
}

// Move is a move played: who, which way, how far it was meant to go (Len,
// the boost), where the player then stood, what it took.
type Move struct {
	Player int  `json:"player"`
	Dir    Dir  `json:"dir"`
	Len    int  `json:"len"`
	From   Cell `json:"from"`
	To     Cell `json:"to"`
	// Tower is the index (in Config.TowerCells) of the tower taken, or -1.
	Tower int `json:"tower"`
	// Border: the target lay beyond the border and the player slid to
	// the border cell.
	Border bool `json:"border,omitempty"`
	// Cells is how many cells the move occupied.
	Cells int `json:"cells"`
}

// Position is the state of play: the board, the players, whose turn it is
// and, once the game is over, who won and why. The bot searches on copies
// of it (CopyFrom), so it holds no history.
type Position struct {
	n      int
	cells  []int8 // row-major: free, blue, red or tower
	towerI []int8 // row-major: 1 + the index of the tower there, 0 none
	towers int
	owner  []int8 // per tower: 0, or the player who took it
	p      [2]Player
	cur    int // 0 or 1: the player whose turn it is
	moves  int
	winner int
	reason Reason
	// fillAfterLast is the jump fill of version-1 saves: only the free
	// cells after the last non-free one on the way (docs/trails.md,
	// "Saving and continuing").
	fillAfterLast bool
}

func newPosition(c Config) *Position {
	n := c.Size
	p := &Position{n: n, cells: make([]int8, n*n), towerI: make([]int8, n*n), towers: c.Towers, owner: make([]int8, c.Towers), cur: c.First - 1}
	for i, t := range c.TowerCells() {
		p.cells[t.Y*n+t.X] = tower
		p.towerI[t.Y*n+t.X] = int8(i + 1)
	}
	p.cells[0] = blue
	p.cells[n*n-1] = red
	p.p[0] = Player{Pos: Cell{0, 0}, Dir: NoDir}
	p.p[1] = Player{Pos: Cell{n - 1, n - 1}, Dir: NoDir}
	return p
}

// CopyFrom makes p a copy of q, reusing p's storage when it fits.
func (p *Position) CopyFrom(q *Position) {
	cells, towerI, owner := p.cells, p.towerI, p.owner
	*p = *q
	p.cells = append(cells[:0], q.cells...)
	p.towerI = append(towerI[:0], q.towerI...)
	p.owner = append(owner[:0], q.owner...)
}

// Clone returns an independent copy of p.
func (p *Position) Clone() *Position {
	q := &Position{}
	q.CopyFrom(p)
	return q
}

// Size is the field's side.
func (p *Position) Size() int { return p.n }

// Current is the player (1 or 2) whose turn it is.
func (p *Position) Current() int { return p.cur + 1 }

// Player is player n's state (1 or 2).
func (p *Position) Player(n int) Player { return p.p[n-1] }

// MovesPlayed is the number of moves played so far.
func (p *Position) MovesPlayed() int { return p.moves }

// Over reports whether the game has ended.
func (p *Position) Over() bool { return p.winner != 0 }

// Winner is the player who won (1 or 2) and why, or 0 and NotOver.
func (p *Position) Winner() (int, Reason) { return p.winner, p.reason }

// Towers is the number of towers in the game.
func (p *Position) Towers() int { return p.towers }

// TowerOwner is the player (1 or 2) who took the i-th tower, or 0.
func (p *Position) TowerOwner(i int) int { return int(p.owner[i]) }

func (p *Position) in(x, y int) bool { return x >= 0 && y >= 0 && x < p.n && y < p.n }

// ErrOver is returned for a move once the game has ended.
var ErrOver = errors.New("the game is over")

// Plan is what the current player's move in direction d would do, or why
// it is illegal (the error says it in a sentence).
func (p *Position) Plan(d Dir) (Move, error) {
	m, why := p.plan(d)
	if why != "" {
		return m, errors.New(why)
	}
	return m, nil
}

// plan computes the move in direction d; why is "" when it is legal. It
// does not allocate unless the move is illegal.
func (p *Position) plan(d Dir) (m Move, why string) { return p.check(d, true) }

// illegal is check's why when it is not asked to explain.
const illegal = "illegal"

// check computes the move in direction d; why is "" when it is legal, a
// sentence when explain is set, else illegal (the bot's searches ask
// millions of times and need no sentence).
func (p *Position) check(d Dir, explain bool) (m Move, why string) {
	if p.winner != 0 {
		return m, ErrOver.Error()
	}
	if d < 0 || d > 3 {
		return m, "no such direction"
	}
	pl := &p.p[p.cur]
	k := pl.Next(d)
	dx, dy := dirDX[d], dirDY[d]
	m = Move{Player: p.cur + 1, Dir: d, Len: k, From: pl.Pos, Tower: -1}
	tx, ty := pl.Pos.X+k*dx, pl.Pos.Y+k*dy
	end := k // the cell the player will stand on, in steps from them
	if !p.in(tx, ty) {
		if k == 1 {
			if !explain {
				return m, illegal
			}
			return m, fmt.Sprintf("%s from %v leaves the field", d, pl.Pos)
		}
		// Into the border: the player slides to the border cell, which
		// must be free.
		end = 0
		for p.in(pl.Pos.X+(end+1)*dx, pl.Pos.Y+(end+1)*dy) {
			end++
		}
		if end == 0 {
			if !explain {
				return m, illegal
			}
			return m, fmt.Sprintf("%s from %v: a boost of %d goes beyond the border, and %v stands at the border itself", d, pl.Pos, k, pl.Pos)
		}
		bx, by := pl.Pos.X+end*dx, pl.Pos.Y+end*dy
		if c := p.cells[by*p.n+bx]; c != free {
			if !explain {
				return m, illegal
			}
			return m, fmt.Sprintf("%s from %v: a boost of %d goes beyond the border, and the cell next to the border, %v, is %s", d, pl.Pos, k, Cell{bx, by}, p.what(c))
		}
		m.Border = true
	} else {
		c := p.cells[ty*p.n+tx]
		switch {
		case c == tower && k == 1:
			if !explain {
				return m, illegal
			}
			return m, fmt.Sprintf("%s from %v: %v is a tower, taken only with a boost of 2 or more", d, pl.Pos, Cell{tx, ty})
		case c == blue || c == red:
			if !explain {
				return m, illegal
			}
			return m, fmt.Sprintf("%s from %v: %v is %s", d, pl.Pos, Cell{tx, ty}, p.what(c))
		case c == tower:
			m.Tower = int(p.towerI[ty*p.n+tx]) - 1
		}
	}
	// Every free cell between the player's cell and the one they stand on
	// becomes theirs, and so does that cell (docs/trails.md, "A move"); under
	// the rules of version-1 saves only those after the last non-free one.
	m.Cells = 1
	for i := end - 1; i >= 1; i-- {
		if p.cells[(pl.Pos.Y+i*dy)*p.n+pl.Pos.X+i*dx] == free {
			m.Cells++
		} else if p.fillAfterLast {
			break
		}
	}
	m.To = Cell{pl.Pos.X + end*dx, pl.Pos.Y + end*dy}
	return m, ""
}

func (p *Position) what(c int8) string {
	switch c {
	case blue:
		return "taken by Blue's trail"
	case red:
		return "taken by Red's trail"
	case tower:
		return "a tower"
	}
	return "free"
}

// Legal reports whether the current player may move in direction d.
func (p *Position) Legal(d Dir) bool {
	_, why := p.check(d, false)
	return why == ""
}

// Try is the current player's move in direction d and whether it is
// legal, without the sentence that says why not: what a computer player's
// search asks millions of times. Play plays it.
func (p *Position) Try(d Dir) (Move, bool) {
	m, why := p.check(d, false)
	return m, why == ""
}

// Play plays a legal move that Try returned for p, or for a position p is
// a copy of (CopyFrom).
func (p *Position) Play(m Move) { p.apply(m) }

// CanMove reports whether player n (1 or 2) would have a legal move, were
// it their turn.
func (p *Position) CanMove(n int) bool {
	cur := p.cur
	p.cur = n - 1
	ok := p.HasMove()
	p.cur = cur
	return ok
}

// HasMove reports whether the current player has a legal move.
func (p *Position) HasMove() bool {
	for _, d := range Dirs {
		if p.Legal(d) {
			return true
		}
	}
	return false
}

// Move plays the current player's move in direction d: the move, or why it
// is illegal (then nothing changes and it is still their turn).
func (p *Position) Move(d Dir) (Move, error) {
	m, why := p.plan(d)
	if why != "" {
		return m, errors.New(why)
	}
	p.apply(m)
	return m, nil
}

// apply plays a legal planned move.
func (p *Position) apply(m Move) {
	me := int8(p.cur + 1)
	dx, dy := dirDX[m.Dir], dirDY[m.Dir]
	// The cell stood on, then the free cells back towards From: m.Cells
	// of them, as check counted.
	at := m.To.Y*p.n + m.To.X
	p.cells[at] = me
	for left := m.Cells - 1; left > 0; {
		at -= dy*p.n + dx
		if p.cells[at] == free {
			p.cells[at] = me
			left--
		}
	}
	pl := &p.p[p.cur]
	pl.Pos, pl.Dir, pl.Len = m.To, m.Dir, m.Len
	p.moves++
	if m.Tower >= 0 {
		p.owner[m.Tower] = me
		pl.Towers++
		if 2*pl.Towers > p.towers {
			p.winner, p.reason = int(me), ByTowers
			return
		}
	}
	p.cur = 1 - p.cur
	if !p.HasMove() {
		p.winner, p.reason = int(me), NoMove
	}
}

// At says what a cell holds for drawing: 0 free, 1 or 2 occupied by that
// player, 3 a tower not taken yet; and the index of the tower there (taken
// or not), or -1.
func (p *Position) At(c Cell) (what int, towerIndex int) {
	i := c.Y*p.n + c.X
	return int(p.cells[i]), int(p.towerI[i]) - 1
}
