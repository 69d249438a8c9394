package engine

import (
	"encoding/json"
	"fmt"
	"strconv"
	"sync"
	"unicode/utf8"
)

// The JSON of a View is its one wire form: the network protocol's `state`
// message is a View's JSON with the message's own fields added
// (docs/protocol.md), and a client reads it back with UnmarshalJSON. The
// fields, in order:
//
//	level levels turn score key torch freezes bonuses your_turn rows cols
//	map     rows of level-file characters, a space for never-seen tiles
//	light   rows of digits 0–3 (Light)
//	monsters [{kind, x, y, frozen, resting, frozen_for, aiming, left}]
//	marks, compass [[x, y], …]
//	players [{seat, name, x, y, state, torch}]
//	heard   [{kind, dist, dir, seat}]: the hunters that hear the seat (seat
//	        only in a co-op team view); never their tiles
//	seat name seed result passed
//
// Reading is lenient and safe, as for anything that comes from a network:
// a size beyond MaxGenSide² tiles is taken as empty, a row of the wrong
// length or an unknown character as never seen, objects off the board are
// dropped.

type viewJSON struct {
	Level    int           `json:"level"`
	Levels   int           `json:"levels"`
	Turn     int           `json:"turn"`
	Score    int           `json:"score"`
	Key      bool          `json:"key"`
	Torch    bool          `json:"torch"`
	Freezes  int           `json:"freezes"`
	Bonuses  int           `json:"bonuses"`
	YourTurn bool          `json:"your_turn"`
	Rows     int           `json:"rows"`
	Cols     int           `json:"cols"`
	Map      []string      `json:"map"`
	Light    []string      `json:"light"`
	Monsters []monsterJSON `json:"monsters"`
	Marks    [][2]int      `json:"marks"`
	Compass  [][2]int      `json:"compass"`
	Players  []playerJSON  `json:"players"`
	Heard    []heardJSON   `json:"heard"`
	Seat     int           `json:"seat"`
	Name     string        `json:"name,omitempty"`
	Seed     uint64        `json:"seed"`
	Result   string        `json:"result"`
	Passed   []LevelScore  `json:"passed,omitempty"`
}

type monsterJSON struct {
	Kind      string `json:"kind"`
	X         int    `json:"x"`
	Y         int    `json:"y"`
	Frozen    bool   `json:"frozen,omitempty"`
	Resting   bool   `json:"resting,omitempty"`
	FrozenFor int    `json:"frozen_for,omitempty"`
	Aiming    bool   `json:"aiming,omitempty"`
	Left      int    `json:"left,omitempty"`
}

type heardJSON struct {
	Kind string `json:"kind"`
	Dist int    `json:"dist"`
	Dir  string `json:"dir"`
	Seat int    `json:"seat,omitempty"`
}

type playerJSON struct {
	Seat  int    `json:"seat"`
	Name  string `json:"name"`
	X     int    `json:"x"`
	Y     int    `json:"y"`
	State string `json:"state"`
	Torch bool   `json:"torch,omitempty"`
}

// MarshalJSON writes the view in its wire form.
func (v View) MarshalJSON() ([]byte, error) {
	return v.AppendJSON(make([]byte, 0, 256+4*v.Rows*(v.Cols+3))), nil
}

// AppendJSON appends the view's wire form to buf: the bytes MarshalJSON
// writes, built by hand — a server writes one for every seat and
// spectator after every action.
func (v View) AppendJSON(buf []byte) []byte {
	buf = append(buf, '{')
	return append(v.AppendJSONFields(buf), '}')
}

// AppendJSONFields appends the view's fields as AppendJSON writes them,
// without the braces round them: for a message that adds fields of its own
// (the protocol's `state`).
func (v View) AppendJSONFields(buf []byte) []byte {
	b, _ := v.AppendJSONFieldsMarked(buf)
	return b
}

// JSONMarks are the offsets, in the buffer AppendJSONFieldsMarked appended
// to, of the values of `your_turn` (true or false) and of the top-level
// `seat`: the fields by which one seat's view of a solo game differs from
// the team's, so that a server can send the same line to the player and
// to spectators with those bytes changed.
type JSONMarks struct {
	YourTurn int
	Seat     int
}

// AppendJSONFieldsMarked is AppendJSONFields that also says where the
// seat's own values were written.
func (v View) AppendJSONFieldsMarked(buf []byte) ([]byte, JSONMarks) {
	var mk JSONMarks
	b := buf
	num := func(key string, n int) {
		b = append(b, key...)
		b = strconv.AppendInt(b, int64(n), 10)
	}
	flag := func(key string, f bool) {
		b = append(b, key...)
		b = strconv.AppendBool(b, f)
	}
	num(`"level":`, v.Level)
	num(`,"levels":`, v.Levels)
	num(`,"turn":`, v.Turn)
	num(`,"score":`, v.Score)
	flag(`,"key":`, v.Key)
	flag(`,"torch":`, v.Torch)
	num(`,"freezes":`, v.Freezes)
	num(`,"bonuses":`, v.Bonuses)
	b = append(b, `,"your_turn":`...)
	mk.YourTurn = len(b)
	b = strconv.AppendBool(b, v.YourTurn)
	num(`,"rows":`, v.Rows)
	num(`,"cols":`, v.Cols)
	b = append(b, `,"map":[`...)
	for y := 0; y < v.Rows; y++ {
		if y > 0 {
			b = append(b, ',')
		}
		b = appendString(b, v.Map[y*v.Cols:(y+1)*v.Cols])
	}
	b = append(b, `],"light":[`...)
	for y := 0; y < v.Rows; y++ {
		if y > 0 {
			b = append(b, ',')
		}
		b = append(b, '"')
		for _, l := range v.Light[y*v.Cols : (y+1)*v.Cols] {
			b = append(b, '0'+byte(l))
		}
		b = append(b, '"')
	}
	b = append(b, `],"monsters":[`...)
	for i, m := range v.Monsters {
		if i > 0 {
			b = append(b, ',')
		}
		b = append(b, `{"kind":`...)
		b = appendRune(b, rune(m.Kind))
		num(`,"x":`, m.Pos.X)
		num(`,"y":`, m.Pos.Y)
		if m.Frozen {
			b = append(b, `,"frozen":true`...)
		}
		if m.Resting {
			b = append(b, `,"resting":true`...)
		}
		if m.FrozenFor != 0 {
			num(`,"frozen_for":`, m.FrozenFor)
		}
		if m.Aiming {
			b = append(b, `,"aiming":true`...)
		}
		if m.Left != 0 {
			num(`,"left":`, m.Left)
		}
		b = append(b, '}')
	}
	b = append(b, `],"marks":`...)
	b = appendPoints(b, v.Marks)
	b = append(b, `,"compass":`...)
	b = appendPoints(b, v.Compass)
	b = append(b, `,"players":[`...)
	for i, p := range v.Players {
		if i > 0 {
			b = append(b, ',')
		}
		num(`{"seat":`, p.Seat)
		b = append(b, `,"name":`...)
		b = appendString(b, p.Name)
		num(`,"x":`, p.Pos.X)
		num(`,"y":`, p.Pos.Y)
		b = append(b, `,"state":`...)
		b = appendString(b, p.State.String())
		if p.Torch {
			b = append(b, `,"torch":true`...)
		}
		b = append(b, '}')
	}
	b = append(b, `],"heard":[`...)
	for i, h := range v.Heard {
		if i > 0 {
			b = append(b, ',')
		}
		b = append(b, `{"kind":`...)
		b = appendRune(b, rune(h.Kind))
		num(`,"dist":`, h.Dist)
		b = append(b, `,"dir":`...)
		b = appendString(b, h.Dir.String())
		if h.Seat != 0 {
			num(`,"seat":`, h.Seat)
		}
		b = append(b, '}')
	}
	b = append(b, `],"seat":`...)
	mk.Seat = len(b)
	b = strconv.AppendInt(b, int64(v.Seat), 10)
	if v.Name != "" {
		b = append(b, `,"name":`...)
		b = appendString(b, v.Name)
	}
	b = append(b, `,"seed":`...)
	b = strconv.AppendUint(b, v.Seed, 10)
	b = append(b, `,"result":`...)
	b = appendString(b, v.Result.String())
	if len(v.Passed) > 0 {
		b = append(b, `,"passed":`...)
		b = appendScores(b, v.Passed)
	}
	return b, mk
}

// appendString appends s as a JSON string, byte for byte as encoding/json
// writes it (HTML-escaped, as json.Marshal does): '"' and '\\' escaped,
// \b \f \n \r \t by name and the other control bytes as \u00XX, '<' '>'
// '&' as \u003c \u003e \u0026, a byte that is not UTF-8 as \ufffd, and
// U+2028 and U+2029 as \u2028 and \u2029. Plain printable ASCII (every
// map row) is copied as it is.
func appendString[S string | []byte](b []byte, s S) []byte {
	b = append(b, '"')
	start := 0
	for i := 0; i < len(s); {
		c := s[i]
		if c < utf8.RuneSelf {
			if jsonSafe(c) {
				i++
				continue
			}
			b = append(b, s[start:i]...)
			switch c {
			case '\\', '"':
				b = append(b, '\\', c)
			case '\b':
				b = append(b, '\\', 'b')
			case '\f':
				b = append(b, '\\', 'f')
			case '\n':
				b = append(b, '\\', 'n')
			case '\r':
				b = append(b, '\\', 'r')
			case '\t':
				b = append(b, '\\', 't')
			default:
				b = append(b, '\\', 'u', '0', '0', hexDigits[c>>4], hexDigits[c&0xF])
			}
			i++
			start = i
			continue
		}
		r, size := utf8.DecodeRuneInString(string(s[i:min(len(s), i+utf8.UTFMax)]))
		switch {
		case r == utf8.RuneError && size == 1:
			b = append(b, s[start:i]...)
			b = append(b, `\ufffd`...)
		case r == '\u2028' || r == '\u2029':
			b = append(b, s[start:i]...)
			b = append(b, '\\', 'u', '2', '0', '2', hexDigits[r&0xF])
		default:
			i += size
			continue
		}
		i += size
		start = i
	}
	b = append(b, s[start:]...)
	return append(b, '"')
}

// jsonSafe reports whether the ASCII byte c stands for itself in a JSON
// string as encoding/json writes it.
func jsonSafe(c byte) bool {
	return c >= 0x20 && c != '"' && c != '\\' && c != '<' && c != '>' && c != '&'
}

const hexDigits = "0123456789abcdef"

func appendPoints(b []byte, ps []Point) []byte {
	b = append(b, '[')
	for i, p := range ps {
		if i > 0 {
			b = append(b, ',')
		}
		b = append(b, '[')
		b = strconv.AppendInt(b, int64(p.X), 10)
		b = append(b, ',')
		b = strconv.AppendInt(b, int64(p.Y), 10)
		b = append(b, ']')
	}
	return append(b, ']')
}

// marshalReflect is the view's wire form by encoding/json, the reference
// AppendJSON is tested against.
func (v View) marshalReflect() ([]byte, error) {
	j := viewJSON{
		Level: v.Level, Levels: v.Levels, Turn: v.Turn, Score: v.Score, Key: v.Key, Torch: v.Torch,
		Freezes: v.Freezes, Bonuses: v.Bonuses, YourTurn: v.YourTurn, Rows: v.Rows, Cols: v.Cols,
		Map: make([]string, v.Rows), Light: make([]string, v.Rows),
		Monsters: make([]monsterJSON, 0, len(v.Monsters)),
		Marks:    points(v.Marks), Compass: points(v.Compass),
		Players: make([]playerJSON, 0, len(v.Players)), Heard: make([]heardJSON, 0, len(v.Heard)),
		Seat: v.Seat, Name: v.Name, Seed: v.Seed, Result: v.Result.String(), Passed: v.Passed,
	}
	for y := 0; y < v.Rows; y++ {
		j.Map[y] = v.Row(y)
		j.Light[y] = v.LightRow(y)
	}
	for _, m := range v.Monsters {
		j.Monsters = append(j.Monsters, monsterJSON{Kind: string(rune(m.Kind)), X: m.Pos.X, Y: m.Pos.Y,
			Frozen: m.Frozen, Resting: m.Resting, FrozenFor: m.FrozenFor, Aiming: m.Aiming, Left: m.Left})
	}
	for _, h := range v.Heard {
		j.Heard = append(j.Heard, heardJSON{Kind: string(rune(h.Kind)), Dist: h.Dist, Dir: h.Dir.String(), Seat: h.Seat})
	}
	for _, p := range v.Players {
		j.Players = append(j.Players, playerJSON{Seat: p.Seat, Name: p.Name, X: p.Pos.X, Y: p.Pos.Y, State: p.State.String(), Torch: p.Torch})
	}
	return json.Marshal(j)
}

func points(ps []Point) [][2]int {
	out := make([][2]int, len(ps))
	for i, p := range ps {
		out[i] = [2]int{p.X, p.Y}
	}
	return out
}

// UnmarshalJSON reads a view in its wire form, keeping only what makes
// sense (see above); it fails only on JSON that is not an object of the
// right field types.
func (v *View) UnmarshalJSON(data []byte) error {
	var j viewJSON
	if err := json.Unmarshal(data, &j); err != nil {
		return fmt.Errorf("a view: %w", err)
	}
	rows, cols := j.Rows, j.Cols
	if rows < 0 || cols < 0 || rows > MaxGenSide*MaxGenSide || cols > MaxGenSide*MaxGenSide || rows*cols > MaxGenSide*MaxGenSide {
		rows, cols = 0, 0
	}
	n := rows * cols
	*v = View{
		Seat: j.Seat, Level: j.Level, Levels: max(j.Levels, j.Level), Name: j.Name, Seed: j.Seed,
		Turn: j.Turn, Score: j.Score, Key: j.Key, Torch: j.Torch, Freezes: max(0, j.Freezes), Bonuses: max(0, j.Bonuses),
		YourTurn: j.YourTurn, Result: parseResult(j.Result), Rows: rows, Cols: cols,
		Map: make([]byte, n), Light: make([]Light, n), Passed: j.Passed,
	}
	for i := range v.Map {
		v.Map[i] = ' '
	}
	for y := 0; y < rows; y++ {
		if y < len(j.Light) && len(j.Light[y]) == cols {
			for x := 0; x < cols; x++ {
				if c := j.Light[y][x]; c >= '0' && c <= '3' {
					v.Light[y*cols+x] = Light(c - '0')
				}
			}
		}
		if y < len(j.Map) && len(j.Map[y]) == cols {
			for x := 0; x < cols; x++ {
				if c := j.Map[y][x]; isViewChar(c) && v.Light[y*cols+x] != Unseen {
					v.Map[y*cols+x] = c
				}
			}
		}
	}
	in := func(x, y int) bool { return x >= 0 && y >= 0 && x < cols && y < rows }
	for _, m := range j.Monsters {
		if k := monsterKind(m.Kind); k != 0 && in(m.X, m.Y) {
			v.Monsters = append(v.Monsters, MonsterView{Kind: k, Pos: Point{m.X, m.Y}, Frozen: m.Frozen,
				Resting: m.Resting, FrozenFor: max(0, m.FrozenFor), Aiming: m.Aiming, Left: max(0, m.Left)})
		}
	}
	for _, p := range j.Marks {
		if in(p[0], p[1]) {
			v.Marks = append(v.Marks, Point{p[0], p[1]})
		}
	}
	for _, p := range j.Compass {
		if in(p[0], p[1]) {
			v.Compass = append(v.Compass, Point{p[0], p[1]})
		}
	}
	for _, h := range j.Heard {
		if k, w := monsterKind(h.Kind), ParseWind(h.Dir); k != 0 && w != NoWind && h.Dist > 0 && h.Dist <= cols*rows {
			v.Heard = append(v.Heard, HeardHunter{Seat: h.Seat, Kind: k, Dist: h.Dist, Dir: w})
		}
	}
	for _, p := range j.Players {
		v.Players = append(v.Players, PlayerView{Seat: p.Seat, Name: p.Name, Pos: Point{p.X, p.Y}, State: parseSeatState(p.State), Torch: p.Torch})
	}
	return nil
}

// isViewChar reports whether c may stand in a View's map.
func isViewChar(c byte) bool {
	switch c {
	case '+', '-', '|', '.', 'E', 'K', '*', '^', '?', ' ':
		return true
	}
	return false
}

func monsterKind(s string) MonsterKind {
	if len(s) == 1 {
		switch k := MonsterKind(s[0]); k {
		case Hunter, Wanderer, Minotaur:
			return k
		}
	}
	return 0
}

func parseResult(s string) Result {
	for _, r := range []Result{Won, Lost} {
		if r.String() == s {
			return r
		}
	}
	return InProgress
}

// parseSeatState reads a seat state's name; an unknown one is Away, off the
// board.
func parseSeatState(s string) SeatState {
	for _, st := range []SeatState{Active, Caught, Escaped, Away} {
		if st.String() == s {
			return st
		}
	}
	return Away
}

// The JSON of an Event tells what a player may be told of it and nothing
// more: its kind's name, the seat, the item and monster letters, the level
// and a passed level's score — never a position, so a front end that words
// events itself learns nothing the View does not show.
type eventJSON struct {
	Kind    string      `json:"kind"`
	Seat    int         `json:"seat,omitempty"`
	Item    string      `json:"item,omitempty"`
	Monster string      `json:"monster,omitempty"`
	Level   int         `json:"level,omitempty"`
	Score   *LevelScore `json:"score,omitempty"`
	Dist    int         `json:"dist,omitempty"`
	Dir     string      `json:"dir,omitempty"`
}

// MarshalJSON writes the event without positions.
func (e Event) MarshalJSON() ([]byte, error) { return e.AppendJSON(nil), nil }

// AppendJSON appends the event's JSON (see MarshalJSON), built by hand: a
// state message carries the events of every action. It is byte for byte
// what encoding/json makes of an eventJSON.
func (e Event) AppendJSON(b []byte) []byte {
	b = append(b, `{"kind":`...)
	b = appendString(b, e.Kind.String())
	if e.Seat != 0 {
		b = append(b, `,"seat":`...)
		b = strconv.AppendInt(b, int64(e.Seat), 10)
	}
	switch e.Kind {
	case EvTookKey, EvTookBonus, EvCompass:
		if e.Item != NoItem {
			b = append(b, `,"item":`...)
			b = appendRune(b, rune(e.Item))
		}
	case EvCaught, EvSighted:
		b = append(b, `,"monster":`...)
		b = appendRune(b, rune(e.Monster))
	case EvHeard:
		b = append(b, `,"monster":`...)
		b = appendRune(b, rune(e.Monster))
		if e.Dist != 0 {
			b = append(b, `,"dist":`...)
			b = strconv.AppendInt(b, int64(e.Dist), 10)
		}
		if d := e.Dir.String(); d != "" {
			b = append(b, `,"dir":`...)
			b = appendString(b, d)
		}
	case EvLevelStarted:
		if e.Level != 0 {
			b = append(b, `,"level":`...)
			b = strconv.AppendInt(b, int64(e.Level), 10)
		}
	case EvLevelPassed:
		sc := e.Score
		if sc.Level != 0 {
			b = append(b, `,"level":`...)
			b = strconv.AppendInt(b, int64(sc.Level), 10)
		}
		b = append(b, `,"score":{"level":`...)
		b = strconv.AppendInt(b, int64(sc.Level), 10)
		b = append(b, `,"turns":`...)
		b = strconv.AppendInt(b, int64(sc.Turns), 10)
		b = append(b, `,"bonuses":`...)
		b = strconv.AppendInt(b, int64(sc.Bonuses), 10)
		b = append(b, `,"time_bonus":`...)
		b = strconv.AppendInt(b, int64(sc.TimeBonus), 10)
		b = append(b, `,"score":`...)
		b = strconv.AppendInt(b, int64(sc.Score), 10)
		b = append(b, '}')
	}
	return append(b, '}')
}

// AppendEvents appends a JSON array of events.
func AppendEvents(b []byte, evs []Event) []byte {
	b = append(b, '[')
	for i, e := range evs {
		if i > 0 {
			b = append(b, ',')
		}
		b = e.AppendJSON(b)
	}
	return append(b, ']')
}

// AppendJSONString appends s as a JSON string, escaped as encoding/json
// escapes it.
func AppendJSONString(b []byte, s string) []byte { return appendString(b, s) }

// UnmarshalJSON reads an event; one of a kind this version does not know
// reads as Kind 0, which front ends skip.
func (e *Event) UnmarshalJSON(data []byte) error {
	var j eventJSON
	if err := json.Unmarshal(data, &j); err != nil {
		return fmt.Errorf("an event: %w", err)
	}
	*e = Event{Kind: eventKinds()[j.Kind], Seat: j.Seat, Level: j.Level}
	if len(j.Item) == 1 {
		e.Item = Item(j.Item[0])
	}
	e.Monster = monsterKind(j.Monster)
	if e.Kind == EvHeard {
		e.Dist, e.Dir = max(0, j.Dist), ParseWind(j.Dir)
	}
	if j.Score != nil {
		e.Score = *j.Score
	}
	return nil
}

// eventKinds maps event names back to their kinds: built on first use,
// so that a command that reads no events does not pay for it at start.
var eventKinds = sync.OnceValue(func() map[string]EventKind {
	m := map[string]EventKind{}
	for k, name := range eventNames {
		if name != "" {
			m[name] = EventKind(k)
		}
	}
	return m
})

// appendRune is appendString of a one-character string, without making
// the string: an item's or a monster's letter.
func appendRune(b []byte, r rune) []byte {
	if r < utf8.RuneSelf && jsonSafe(byte(r)) {
		return append(b, '"', byte(r), '"')
	}
	return appendString(b, string(r))
}

// appendScores appends the passed levels' scores as a JSON array, as
// encoding/json writes a []LevelScore (the game's save and the View alike).
func appendScores(b []byte, ps []LevelScore) []byte {
	b = append(b, '[')
	for i, p := range ps {
		if i > 0 {
			b = append(b, ',')
		}
		b = append(b, `{"level":`...)
		b = strconv.AppendInt(b, int64(p.Level), 10)
		b = append(b, `,"turns":`...)
		b = strconv.AppendInt(b, int64(p.Turns), 10)
		b = append(b, `,"bonuses":`...)
		b = strconv.AppendInt(b, int64(p.Bonuses), 10)
		b = append(b, `,"time_bonus":`...)
		b = strconv.AppendInt(b, int64(p.TimeBonus), 10)
		b = append(b, `,"score":`...)
		b = strconv.AppendInt(b, int64(p.Score), 10)
		b = append(b, '}')
	}
	return append(b, ']')
}
