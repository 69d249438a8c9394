package engine

import (
	"encoding/base64"
	"encoding/json"
	"errors"
	"fmt"
	"math/rand/v2"
	"strconv"
	"strings"
	"unicode/utf8"
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
	return l.AppendJSON(make([]byte, 0, 160+l.Rows*(l.Cols+3)))
}

// AppendJSON appends the level's JSON to b: the bytes encoding/json writes
// of its levelJSON (fields in order, name and author left out when empty,
// strings escaped as encoding/json escapes them), built by hand.
func (l *Level) AppendJSON(b []byte) ([]byte, error) {
	if len(l.Wall) != l.Rows*l.Cols {
		return b, fmt.Errorf("level has %d tiles, want %d×%d", len(l.Wall), l.Rows, l.Cols)
	}
	b = append(b, '{')
	if l.Name != "" {
		b = append(b, `"name":`...)
		b = append(appendString(b, l.Name), ',')
	}
	if l.Author != "" {
		b = append(b, `"author":`...)
		b = append(appendString(b, l.Author), ',')
	}
	b = append(b, `"rows":`...)
	b = strconv.AppendInt(b, int64(l.Rows), 10)
	b = append(b, `,"cols":`...)
	b = strconv.AppendInt(b, int64(l.Cols), 10)
	b = append(b, `,"walls":`...)
	if l.Rows == 0 {
		b = append(b, "[]"...) // made with make: empty, never null
	} else {
		b = append(b, '[')
		for y := 0; y < l.Rows; y++ {
			if y > 0 {
				b = append(b, ',')
			}
			b = append(b, '"')
			for _, w := range l.Wall[y*l.Cols : (y+1)*l.Cols] {
				c := byte('.')
				if w {
					c = '#'
				}
				b = append(b, c)
			}
			b = append(b, '"')
		}
		b = append(b, ']')
	}
	b = append(b, `,"starts":`...)
	b = appendPointObjs(b, l.Starts)
	b = append(b, `,"key":`...)
	b = appendPointObj(b, l.Key)
	b = append(b, `,"exit":`...)
	b = appendPointObj(b, l.Exit)
	b = append(b, `,"bonuses":`...)
	b = appendPlaced(b, l.Bonuses)
	b = append(b, `,"monsters":`...)
	b = appendPlaced(b, l.Monsters)
	return append(b, '}'), nil
}

// appendPointObj appends p as encoding/json writes a Point: {"x":…,"y":…}.
func appendPointObj(b []byte, p Point) []byte {
	b = append(b, `{"x":`...)
	b = strconv.AppendInt(b, int64(p.X), 10)
	b = append(b, `,"y":`...)
	b = strconv.AppendInt(b, int64(p.Y), 10)
	return append(b, '}')
}

// appendPointObjs appends ps as encoding/json writes a []Point (nil: null).
func appendPointObjs(b []byte, ps []Point) []byte {
	if ps == nil {
		return append(b, "null"...)
	}
	b = append(b, '[')
	for i, p := range ps {
		if i > 0 {
			b = append(b, ',')
		}
		b = appendPointObj(b, p)
	}
	return append(b, ']')
}

// appendPlaced appends ps as encoding/json writes a []Placed (nil: null).
func appendPlaced(b []byte, ps []Placed) []byte {
	if ps == nil {
		return append(b, "null"...)
	}
	b = append(b, '[')
	for i, p := range ps {
		if i > 0 {
			b = append(b, ',')
		}
		b = append(b, `{"pos":`...)
		b = appendPointObj(b, p.Pos)
		b = append(b, `,"kind":`...)
		b = strconv.AppendUint(b, uint64(p.Kind), 10)
		b = append(b, '}')
	}
	return append(b, ']')
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
	// What it takes, roughly, so that it is one allocation: the walls and
	// the memory, ~180 bytes a monster, ~40 a placed thing, ~80 a score.
	lv := &g.lv
	n := 1024 + 2*lv.Rows*(lv.Cols+3) + 180*len(g.mons) + 80*len(g.passed) +
		40*(2*len(lv.Bonuses)+len(lv.Monsters)+len(g.compass)+1)
	for i := range g.custom {
		c := &g.custom[i]
		n += 256 + c.Rows*(c.Cols+3) + 40*(len(c.Bonuses)+len(c.Monsters))
	}
	return g.AppendJSON(make([]byte, 0, n))
}

// AppendJSON appends the game's JSON to b: the bytes encoding/json writes
// of its gameJSON — fields in order, the RNG's state in base64, empty
// custom levels, left_at, in_light and heard left out, nil lists as null,
// strings HTML-escaped — built by hand, with no allocation beyond b's
// growth: a server writes the game after every round of every game. On
// error b is returned as it was given.
func (g *Game) AppendJSON(b []byte) ([]byte, error) {
	var raw [32]byte
	rng, err := g.pcg.AppendBinary(raw[:0])
	if err != nil {
		return b, err
	}
	b0 := len(b)
	num := func(key string, n int) {
		b = append(b, key...)
		b = strconv.AppendInt(b, int64(n), 10)
	}
	flag := func(key string, f bool) {
		b = append(b, key...)
		b = strconv.AppendBool(b, f)
	}
	b = append(b, `{"format":`...)
	b = appendString(b, GameFormat)
	num(`,"version":`, GameVersion)
	b = append(b, `,"seed":`...)
	b = strconv.AppendUint(b, g.seed, 10)
	num(`,"players":`, g.players)
	if len(g.custom) > 0 {
		b = append(b, `,"custom":[`...)
		for i := range g.custom {
			if i > 0 {
				b = append(b, ',')
			}
			if b, err = g.custom[i].AppendJSON(b); err != nil {
				return b[:b0], err
			}
		}
		b = append(b, ']')
	}
	b = append(b, `,"rng":"`...)
	b = base64.StdEncoding.AppendEncode(b, rng)
	b = append(b, '"')
	num(`,"level_no":`, g.levelNo)
	b = append(b, `,"level":`...)
	if b, err = g.lv.AppendJSON(b); err != nil {
		return b[:b0], err
	}
	b = append(b, `,"items":`...)
	items := 0
	for t, it := range g.items {
		if it == NoItem {
			continue
		}
		if items == 0 {
			b = append(b, '[')
		} else {
			b = append(b, ',')
		}
		items++
		b = append(b, `{"pos":`...)
		b = appendPointObj(b, g.b.pt(t))
		b = append(b, `,"kind":`...)
		b = strconv.AppendUint(b, uint64(it), 10)
		b = append(b, '}')
	}
	if items == 0 {
		b = append(b, "null"...)
	} else {
		b = append(b, ']')
	}
	b = append(b, `,"memory":`...)
	b = g.appendMemory(b)
	flag(`,"keyed":`, g.keyed)
	num(`,"turns":`, g.turns)
	num(`,"bonuses":`, g.bonuses)
	b = append(b, `,"seats":[`...)
	for i := range g.seats[:g.players] {
		if i > 0 {
			b = append(b, ',')
		}
		b = g.seats[i].appendJSON(b)
	}
	b = append(b, `],"monsters":`...)
	if g.mons == nil {
		b = append(b, "null"...)
	} else {
		b = append(b, '[')
		for i := range g.mons {
			if i > 0 {
				b = append(b, ',')
			}
			b = g.mons[i].appendJSON(b)
		}
		b = append(b, ']')
	}
	b = append(b, `,"compass":`...)
	b = appendPointObjs(b, g.compass)
	num(`,"next":`, g.next)
	flag(`,"round":`, g.round)
	b = append(b, `,"passed":`...)
	if g.passed == nil {
		b = append(b, "null"...)
	} else {
		b = appendScores(b, g.passed)
	}
	b = append(b, `,"result":`...)
	b = strconv.AppendUint(b, uint64(g.result), 10)
	return append(b, '}'), nil
}

// appendMemory appends the team's memory as rows of strings: ' ' never
// seen, '.' seen, or the item last seen there in light.
func (g *Game) appendMemory(b []byte) []byte {
	rows, cols := g.lv.Rows, g.lv.Cols
	if rows == 0 {
		return append(b, "null"...)
	}
	b = append(b, '[')
	for y := 0; y < rows; y++ {
		if y > 0 {
			b = append(b, ',')
		}
		b = append(b, '"')
		start := len(b)
		plain := true
		for t := y * cols; t < (y+1)*cols; t++ {
			c := byte('.')
			switch {
			case !g.mem[t]:
				c = ' '
			case g.memItem[t] != NoItem:
				c = byte(g.memItem[t])
				plain = plain && c < utf8.RuneSelf && jsonSafe(c)
			}
			b = append(b, c)
		}
		if !plain { // an item letter that needs escaping: none does today
			row := append([]byte(nil), b[start:]...)
			b = appendString(b[:start-1], row)
			continue
		}
		b = append(b, '"')
	}
	return append(b, ']')
}

// appendJSON appends the seat as encoding/json writes it.
func (s *seat) appendJSON(b []byte) []byte {
	b = append(b, `{"pos":`...)
	b = appendPointObj(b, s.Pos)
	b = append(b, `,"state":`...)
	b = strconv.AppendUint(b, uint64(s.State), 10)
	b = append(b, `,"away":`...)
	b = strconv.AppendBool(b, s.Away)
	b = append(b, `,"gone":`...)
	b = strconv.AppendBool(b, s.Gone)
	b = append(b, `,"torch":`...)
	b = strconv.AppendBool(b, s.Torch)
	b = append(b, `,"freezes":`...)
	b = strconv.AppendInt(b, int64(s.Freezes), 10)
	b = append(b, `,"prev":`...)
	b = appendPointObj(b, s.Prev)
	b = append(b, `,"moved":`...)
	b = strconv.AppendBool(b, s.Moved)
	if s.LeftAt != 0 {
		b = append(b, `,"left_at":`...)
		b = strconv.AppendInt(b, int64(s.LeftAt), 10)
	}
	if len(s.InLight) > 0 {
		b = append(b, `,"in_light":[`...)
		for i, m := range s.InLight {
			if i > 0 {
				b = append(b, ',')
			}
			b = strconv.AppendInt(b, int64(m), 10)
		}
		b = append(b, ']')
	}
	if len(s.Heard) > 0 {
		b = append(b, `,"heard":[`...)
		for i, h := range s.Heard {
			if i > 0 {
				b = append(b, ',')
			}
			b = append(b, `{"mon":`...)
			b = strconv.AppendInt(b, int64(h.Mon), 10)
			b = append(b, `,"dist":`...)
			b = strconv.AppendInt(b, int64(h.Dist), 10)
			b = append(b, '}')
		}
		b = append(b, ']')
	}
	return append(b, '}')
}

// appendJSON appends the monster as encoding/json writes it.
func (m *monster) appendJSON(b []byte) []byte {
	b = append(b, `{"kind":`...)
	b = strconv.AppendUint(b, uint64(m.Kind), 10)
	b = append(b, `,"pos":`...)
	b = appendPointObj(b, m.Pos)
	b = append(b, `,"prev":`...)
	b = appendPointObj(b, m.Prev)
	b = append(b, `,"frozen":`...)
	b = strconv.AppendInt(b, int64(m.Frozen), 10)
	b = append(b, `,"dir":`...)
	b = strconv.AppendInt(b, int64(m.Dir), 10)
	b = append(b, `,"target":`...)
	b = appendPointObj(b, m.Target)
	b = append(b, `,"has_target":`...)
	b = strconv.AppendBool(b, m.HasTarget)
	b = append(b, `,"phase":`...)
	b = strconv.AppendInt(b, int64(m.Phase), 10)
	b = append(b, `,"count":`...)
	b = strconv.AppendInt(b, int64(m.Count), 10)
	b = append(b, `,"centre":`...)
	b = appendPointObj(b, m.Centre)
	return append(b, '}')
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
