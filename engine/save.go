package engine

import (
	"encoding/json"
	"errors"
	"fmt"
	"math/rand/v2"
	"strings"
)

// Serialisation format of a whole Game. Version 2 is the first with the
// hunters' hearing: a version-1 game was played by the rules before it, and
// its recorded moves would play differently now, so Load refuses it with
// ErrOlderRules (docs/files.md).
const (
	GameFormat  = "minotaur-game"
	GameVersion = 2
)

// levelJSON is a Level on disk: the walls as rows of '#' and '.'.
type levelJSON struct {
	Name     string   `json:"name,omitempty"`
	Author   string   `json:"author,omitempty"`
	Rows     int      `json:"rows"`
	Cols     int      `json:"cols"`
	Walls    []string `json:"walls"`
	Starts   []Point  `json:"starts"`
	Key      Point    `json:"key"`
	Exit     Point    `json:"exit"`
	Bonuses  []Placed `json:"bonuses"`
	Monsters []Placed `json:"monsters"`
}

// MarshalJSON writes a level with its walls as rows of '#' (wall) and '.'.
func (l Level) MarshalJSON() ([]byte, error) {
	j := levelJSON{Name: l.Name, Author: l.Author, Rows: l.Rows, Cols: l.Cols,
		Starts: l.Starts, Key: l.Key, Exit: l.Exit, Bonuses: l.Bonuses, Monsters: l.Monsters}
	if len(l.Wall) != l.Rows*l.Cols {
		return nil, fmt.Errorf("level has %d tiles, want %d×%d", len(l.Wall), l.Rows, l.Cols)
	}
	j.Walls = make([]string, l.Rows)
	row := make([]byte, l.Cols)
	for y := 0; y < l.Rows; y++ {
		for x := 0; x < l.Cols; x++ {
			row[x] = '.'
			if l.Wall[y*l.Cols+x] {
				row[x] = '#'
			}
		}
		j.Walls[y] = string(row)
	}
	return json.Marshal(j)
}

// UnmarshalJSON reads a level written by MarshalJSON. It checks the shape
// only; Validate checks the rules.
func (l *Level) UnmarshalJSON(data []byte) error {
	var j levelJSON
	if err := json.Unmarshal(data, &j); err != nil {
		return err
	}
	if j.Rows < MinSide || j.Cols < MinSide || j.Rows > MaxGenSide || j.Cols > MaxGenSide || len(j.Walls) != j.Rows {
		return fmt.Errorf("level map is %d rows for a %d×%d level", len(j.Walls), j.Rows, j.Cols)
	}
	*l = Level{Name: j.Name, Author: j.Author, Rows: j.Rows, Cols: j.Cols,
		Starts: j.Starts, Key: j.Key, Exit: j.Exit, Bonuses: j.Bonuses, Monsters: j.Monsters}
	l.Wall = make([]bool, j.Rows*j.Cols)
	for y, r := range j.Walls {
		if len(r) != j.Cols {
			return fmt.Errorf("level map row %d has %d tiles, want %d", y+1, len(r), j.Cols)
		}
		for x := 0; x < j.Cols; x++ {
			switch r[x] {
			case '#':
				l.Wall[y*j.Cols+x] = true
			case '.':
			default:
				return fmt.Errorf("level map row %d has %q, want '#' or '.'", y+1, r[x])
			}
		}
	}
	return nil
}

// gameJSON is the serialised Game.
type gameJSON struct {
	Format   string       `json:"format"`
	Version  int          `json:"version"`
	Seed     uint64       `json:"seed"`
	Players  int          `json:"players"`
	Custom   []Level      `json:"custom,omitempty"`
	RNG      []byte       `json:"rng"`
	LevelNo  int          `json:"level_no"`
	Level    Level        `json:"level"`
	Items    []Placed     `json:"items"`
	Memory   []string     `json:"memory"` // rows: ' ' unseen, '.' seen, or the item last seen in light
	Keyed    bool         `json:"keyed"`
	Turns    int          `json:"turns"`
	Bonuses  int          `json:"bonuses"`
	Seats    []seat       `json:"seats"`
	Monsters []monster    `json:"monsters"`
	Compass  []Point      `json:"compass"`
	Next     int          `json:"next"`
	Round    bool         `json:"round"`
	Passed   []LevelScore `json:"passed"`
	Result   Result       `json:"result"`
}

// MarshalJSON serialises the whole game, RNG state included.
func (g *Game) MarshalJSON() ([]byte, error) {
	rng, err := g.pcg.MarshalBinary()
	if err != nil {
		return nil, err
	}
	j := gameJSON{Format: GameFormat, Version: GameVersion, Seed: g.seed, Players: g.players,
		Custom: g.custom, RNG: rng, LevelNo: g.levelNo, Level: g.lv, Keyed: g.keyed,
		Turns: g.turns, Bonuses: g.bonuses, Seats: g.seats[:g.players], Monsters: g.mons,
		Compass: g.compass, Next: g.next, Round: g.round, Passed: g.passed, Result: g.result}
	for t, it := range g.items {
		if it != NoItem {
			j.Items = append(j.Items, Placed{Pos: g.b.pt(t), Kind: byte(it)})
		}
	}
	row := make([]byte, g.lv.Cols)
	for y := 0; y < g.lv.Rows; y++ {
		for x := range row {
			t := y*g.lv.Cols + x
			switch {
			case !g.mem[t]:
				row[x] = ' '
			case g.memItem[t] != NoItem:
				row[x] = byte(g.memItem[t])
			default:
				row[x] = '.'
			}
		}
		j.Memory = append(j.Memory, string(row))
	}
	return json.Marshal(j)
}

// ErrNewerVersion is returned by Load for a game written by a newer version.
var ErrNewerVersion = errors.New("the game was saved by a newer version of Minotaur")

// ErrOlderRules is returned by Load for a game saved under the rules before
// the hunters' hearing (version 1).
var ErrOlderRules = errors.New("the game was saved under the old rules, before hunters kept their posts until they heard a player")

// Load reads a game written by MarshalJSON. The loaded game continues exactly
// as the saved one would have. A damaged or inconsistent game is refused with
// an error, never a panic.
func Load(data []byte) (*Game, error) {
	var j gameJSON
	if err := json.Unmarshal(data, &j); err != nil {
		return nil, fmt.Errorf("game data is not valid: %w", err)
	}
	if j.Format != GameFormat {
		return nil, fmt.Errorf("game data has format %q, want %q", j.Format, GameFormat)
	}
	if j.Version > GameVersion {
		return nil, fmt.Errorf("%w (version %d, this one reads %d)", ErrNewerVersion, j.Version, GameVersion)
	}
	if j.Version == 1 {
		return nil, fmt.Errorf("%w (version 1, this one reads %d)", ErrOlderRules, GameVersion)
	}
	if j.Version < 1 {
		return nil, fmt.Errorf("game data has unknown version %d", j.Version)
	}
	if j.Players != 1 && j.Players != 2 || len(j.Seats) != j.Players {
		return nil, fmt.Errorf("game data has %d players and %d seats", j.Players, len(j.Seats))
	}
	if err := j.Level.Validate(); err != nil {
		return nil, fmt.Errorf("game's level is damaged: %w", err)
	}
	for i := range j.Custom {
		if err := j.Custom[i].Validate(); err != nil {
			return nil, fmt.Errorf("game's level %d is damaged: %w", i+1, err)
		}
	}
	g := &Game{seed: j.Seed, players: j.Players, custom: j.Custom}
	g.setRNG(&rand.PCG{})
	if err := g.pcg.UnmarshalBinary(j.RNG); err != nil {
		return nil, fmt.Errorf("game's random state is damaged: %w", err)
	}
	if j.LevelNo < 1 || j.LevelNo > g.Levels() {
		return nil, fmt.Errorf("game is at level %d of %d", j.LevelNo, g.Levels())
	}
	g.levelNo = j.LevelNo
	g.setLevel(j.Level)
	for t := range g.items {
		g.items[t] = NoItem
	}
	inBoard := func(p Point) bool { return g.b.in(p) && !g.b.isWall(p) }
	for _, it := range j.Items {
		if !inBoard(it.Pos) || (Item(it.Kind) != Key && !Item(it.Kind).IsBonus()) {
			return nil, fmt.Errorf("game has a damaged item at %v", it.Pos)
		}
		g.items[g.b.idx(it.Pos)] = Item(it.Kind)
	}
	if len(j.Memory) != j.Level.Rows {
		return nil, fmt.Errorf("game's memory has %d rows, want %d", len(j.Memory), j.Level.Rows)
	}
	for y, r := range j.Memory {
		if len(r) != j.Level.Cols {
			return nil, fmt.Errorf("game's memory row %d is %d long, want %d", y+1, len(r), j.Level.Cols)
		}
		for x := 0; x < len(r); x++ {
			t := y*j.Level.Cols + x
			switch c := r[x]; {
			case c == ' ':
			case c == '.':
				g.mem[t] = true
			case Item(c) == Key || Item(c).IsBonus():
				g.mem[t], g.memItem[t] = true, Item(c)
			default:
				return nil, fmt.Errorf("game's memory has %q at row %d", c, y+1)
			}
		}
	}
	g.keyed, g.turns, g.bonuses = j.Keyed, j.Turns, j.Bonuses
	for i, s := range j.Seats {
		if !inBoard(s.Pos) || s.State > Away || s.Freezes < 0 || !allBelow(s.InLight, len(j.Monsters)) || !heardValid(s.Heard, j.Monsters) {
			return nil, fmt.Errorf("game's seat %d is damaged", i+1)
		}
		g.seats[i] = s
	}
	for _, m := range j.Monsters {
		if !inBoard(m.Pos) || (m.Kind != Hunter && m.Kind != Wanderer && m.Kind != Minotaur) ||
			m.Dir < -1 || m.Dir > 3 || m.Frozen < 0 || m.Count < 0 || m.Phase < phaseRest || m.Phase > phaseAimed ||
			(m.Phase == phaseAimed && !inBoard(m.Centre)) || (m.HasTarget && !inBoard(m.Target)) {
			return nil, fmt.Errorf("game has a damaged monster at %v", m.Pos)
		}
		g.mons = append(g.mons, m)
	}
	for _, p := range j.Compass {
		if !inBoard(p) {
			return nil, fmt.Errorf("game has a damaged compass mark at %v", p)
		}
	}
	g.compass = j.Compass
	if j.Next < -1 || j.Next >= j.Players || j.Result > Lost {
		return nil, errors.New("game's turn order is damaged")
	}
	g.next, g.round, g.passed, g.result = j.Next, j.Round, j.Passed, j.Result
	if err := g.checkCounters(&j); err != nil {
		return nil, fmt.Errorf("game's counters are impossible: %w", err)
	}
	return g, nil
}

// levelBonuses is the most bonuses level n (1-based) of the game holds.
func (g *Game) levelBonuses(n int) int {
	if g.custom != nil {
		return len(g.custom[n-1].Bonuses)
	}
	return Campaign[n-1].Bonuses
}

// checkCounters refuses counters no play can produce — a hand-edited or
// forged file: negative turns or bonuses, more bonuses or freezes than
// the level holds, passed levels out of order or scored otherwise than
// ScoreLevel scores them.
func (g *Game) checkCounters(j *gameJSON) error {
	most := g.levelBonuses(j.LevelNo)
	if len(j.Level.Bonuses) > most {
		return fmt.Errorf("level %d holds %d bonuses, at most %d", j.LevelNo, len(j.Level.Bonuses), most)
	}
	if j.Turns < 0 || j.Bonuses < 0 {
		return fmt.Errorf("%d turns and %d bonuses on level %d", j.Turns, j.Bonuses, j.LevelNo)
	}
	left, freezes := 0, 0
	for _, it := range j.Items {
		if Item(it.Kind).IsBonus() {
			left++
		}
	}
	for _, b := range j.Level.Bonuses {
		if Item(b.Kind) == Freeze {
			freezes++
		}
	}
	if j.Bonuses+left > len(j.Level.Bonuses) {
		return fmt.Errorf("%d bonuses taken and %d left on a level of %d", j.Bonuses, left, len(j.Level.Bonuses))
	}
	held := 0
	for _, s := range j.Seats {
		held += s.Freezes
	}
	if held > freezes {
		return fmt.Errorf("%d freezes held on a level of %d", held, freezes)
	}
	passed := j.LevelNo - 1
	if j.Result == Won {
		passed = j.LevelNo
	}
	if len(j.Passed) != passed {
		return fmt.Errorf("%d levels passed at level %d", len(j.Passed), j.LevelNo)
	}
	for i, p := range j.Passed {
		if p.Level != i+1 || p.Turns < 0 || p.Bonuses < 0 || p.Bonuses > g.levelBonuses(i+1) || p != ScoreLevel(p.Level, p.Turns, p.Bonuses) {
			return fmt.Errorf("passed level %d is scored %+v", i+1, p)
		}
	}
	return nil
}

// String returns the game's map as seen from above, every object shown: for
// tests and debugging.
func (g *Game) String() string {
	gl := append([]byte(nil), g.glyphs...)
	for t, it := range g.items {
		if it != NoItem {
			gl[t] = byte(it)
		}
	}
	for _, m := range g.mons {
		gl[g.b.idx(m.Pos)] = byte(m.Kind)
	}
	for i := 0; i < g.players; i++ {
		if g.seats[i].State == Active {
			gl[g.b.idx(g.seats[i].Pos)] = 'P'
		}
	}
	var sb strings.Builder
	for y := 0; y < g.lv.Rows; y++ {
		sb.Write(gl[y*g.lv.Cols : (y+1)*g.lv.Cols])
		sb.WriteByte('\n')
	}
	return sb.String()
}

// allBelow reports whether every index is in 0…n-1.
func allBelow(xs []int, n int) bool {
	for _, x := range xs {
		if x < 0 || x >= n {
			return false
		}
	}
	return true
}

// heardValid reports whether every heard hunter is a hunter of the level at
// a distance hearing allows.
func heardValid(hs []hearing, mons []monster) bool {
	for _, h := range hs {
		if h.Mon < 0 || h.Mon >= len(mons) || mons[h.Mon].Kind != Hunter || h.Dist < 1 || h.Dist > HearingRangeKey {
			return false
		}
	}
	return true
}
