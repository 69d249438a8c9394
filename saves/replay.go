package saves

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"strings"
	"time"

	"github.com/minotaur-game/minotaur/engine"
)

// The replay file's format name and the newest version this package reads.
const (
	ReplayFormat  = "minotaur-replay"
	ReplayVersion = 2 // 2: the rules with the hunters' hearing; 1 is refused (OlderRulesReplay)
)

// Replay is a recorded game: what it takes to play it again move by move.
type Replay struct {
	// Seed is the campaign seed.
	Seed uint64
	// Levels holds the level-file texts that were played, in order, or nil
	// for the generated campaign. A replay of custom levels is thus
	// self-contained.
	Levels []string
	// Players is 1 (solo) or 2 (co-op).
	Players int
	// Moves holds every action in turn order, one character each: w a s d
	// for steps, '.' for a skip, f for a freeze used. In co-op the actions of the players on the
	// board alternate as they were taken. Bumps into walls are recorded too.
	Moves string
}

// replayFile is the JSON form of a replay, fields in the order of the spec.
type replayFile struct {
	Format  string   `json:"format"`
	Version int      `json:"version"`
	Seed    uint64   `json:"seed"`
	Levels  []string `json:"levels"`
	Players int      `json:"players"`
	Moves   string   `json:"moves"`
}

func (r Replay) file() replayFile {
	return replayFile{Format: ReplayFormat, Version: ReplayVersion, Seed: r.Seed, Levels: r.Levels, Players: r.Players, Moves: r.Moves}
}

// MarshalJSON writes the replay in the replay-file format:
// {"format": "minotaur-replay", "version": 2, "seed", "levels", "players", "moves"}.
func (r Replay) MarshalJSON() ([]byte, error) { return json.Marshal(r.file()) }

// UnmarshalJSON reads a replay with the same checks as ParseReplay.
func (r *Replay) UnmarshalJSON(data []byte) error {
	p, err := ParseReplay(data)
	if err != nil {
		return err
	}
	*r = p
	return nil
}

// Encode returns the replay file's content: indented JSON ending in a newline.
func (r Replay) Encode() []byte {
	data, err := json.MarshalIndent(r.file(), "", "  ")
	if err != nil {
		panic(err) // strings and numbers always marshal
	}
	return append(data, '\n')
}

// ReplayError reports a replay file that cannot be used: damaged, of
// another format or version, or with a field or a move that makes no sense.
type ReplayError struct {
	Path string // the file, when known
	Err  error
}

func (e *ReplayError) Error() string {
	if e.Path == "" {
		return e.Err.Error()
	}
	return e.Path + ": " + e.Err.Error()
}

// Unwrap returns the cause: a *DamageError, a *NewerVersionError or a
// *MoveError, for instance.
func (e *ReplayError) Unwrap() error { return e.Err }

// ReadReplay reads and checks the replay file at path.
func ReadReplay(path string) (Replay, error) {
	data, err := ReadFileLimit(path, MaxReplaySize)
	var de *DamageError
	if errors.As(err, &de) {
		de.Path = ""
		return Replay{}, &ReplayError{Path: path, Err: de}
	}
	if err != nil {
		return Replay{}, fmt.Errorf("cannot read the replay: %w", err)
	}
	r, err := ParseReplay(data)
	var re *ReplayError
	if errors.As(err, &re) {
		re.Path = path
	}
	return r, err
}

// ParseReplay reads a replay file's content. Every problem is a
// *ReplayError whose message names the field or the move at fault: a file
// that is empty, cut short, not JSON or of another format, a newer version,
// an unknown or missing field, a player count other than 1 or 2, an empty
// level list, or a move character other than w a s d . and f.
func ParseReplay(data []byte) (Replay, error) {
	fail := func(err error) (Replay, error) { return Replay{}, &ReplayError{Err: err} }
	var skip struct{}
	if err := checkEnvelope(data, ReplayFormat, ReplayVersion, 1, "a replay", &skip); err != nil {
		return fail(err)
	}
	var f struct {
		Format  string           `json:"format"`
		Version int              `json:"version"`
		Seed    *uint64          `json:"seed"`
		Levels  *json.RawMessage `json:"levels"`
		Players *int             `json:"players"`
		Moves   *string          `json:"moves"`
	}
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.DisallowUnknownFields()
	if err := dec.Decode(&f); err != nil {
		msg := err.Error()
		if name, ok := strings.CutPrefix(msg, "json: unknown field "); ok {
			return fail(fmt.Errorf("unknown field %s; a replay has the fields format, version, seed, levels, players and moves", name))
		}
		return fail(errors.New(jsonProblem(data, err)))
	}
	if f.Version == 1 {
		return fail(&DamageError{Kind: ErrWrongFormat, Detail: OlderRulesReplay})
	}
	var present map[string]json.RawMessage
	json.Unmarshal(data, &present) // the envelope check has shown it is an object
	var r Replay
	switch _, levels := present["levels"]; {
	case f.Seed == nil:
		return fail(errors.New(`missing "seed": the campaign seed, an unsigned number`))
	case f.Players == nil:
		return fail(errors.New(`missing "players": 1 for solo, 2 for co-op`))
	case f.Moves == nil:
		return fail(errors.New(`missing "moves": a string of w a s d and .`))
	case !levels:
		return fail(errors.New(`missing "levels": null for generated levels, or a list of level-file texts`))
	}
	r.Seed, r.Players, r.Moves = *f.Seed, *f.Players, *f.Moves
	if r.Players != 1 && r.Players != 2 {
		return fail(fmt.Errorf(`"players" is %d; a game has 1 or 2 players`, r.Players))
	}
	if f.Levels != nil { // JSON null leaves it nil
		if err := json.Unmarshal(*f.Levels, &r.Levels); err != nil {
			return fail(errors.New(`"levels" must be null or a list of level-file texts (strings)`))
		}
		if len(r.Levels) == 0 {
			return fail(errors.New(`"levels" is an empty list; use null for the generated levels`))
		}
	}
	for i := 0; i < len(r.Moves); i++ {
		if _, ok := engine.ParseAction(r.Moves[i]); !ok {
			return fail(&MoveError{Index: i + 1, Char: r.Moves[i], Err: errBadMoveChar})
		}
	}
	return r, nil
}

var errBadMoveChar = errors.New("is not a move: moves are w a s d (steps), . (skip) and f (use a freeze)")

// MoveError reports a move of a replay that cannot be played.
type MoveError struct {
	Index int  // 1-based position in Moves
	Char  byte // the move's character
	Err   error
}

func (e *MoveError) Error() string {
	c := fmt.Sprintf("%q", string(e.Char))
	if e.Char >= 0x80 {
		c = fmt.Sprintf("byte 0x%02x", e.Char)
	}
	return fmt.Sprintf("move %d (%s) %v", e.Index, c, e.Err)
}

// Unwrap returns the cause, such as engine.ErrGameOver.
func (e *MoveError) Unwrap() error { return e.Err }

// Recorder records a game's actions as they are played, to save them as a
// replay when the game is won, lost or abandoned. Record each action after
// Game.Apply accepted it (or let Apply do both).
type Recorder struct {
	seed    uint64
	levels  []string
	players int
	moves   []byte
}

// NewRecorder starts recording a game of the given seed and players.
// levelTexts are the texts of the level files being played, or nil for the
// generated campaign.
func NewRecorder(seed uint64, levelTexts []string, players int) *Recorder {
	return &Recorder{seed: seed, levels: append([]string(nil), levelTexts...), players: players}
}

// ResumeRecorder continues recording a replay, as after loading a saved game.
func ResumeRecorder(r Replay) *Recorder {
	return &Recorder{seed: r.Seed, levels: append([]string(nil), r.Levels...), players: r.Players, moves: []byte(r.Moves)}
}

// Record appends one action that the game accepted.
func (rec *Recorder) Record(a engine.Action) { rec.moves = append(rec.moves, byte(a)) }

// Apply plays an action on g for the seat and records it when the game
// accepts it (a bump into a wall included).
func (rec *Recorder) Apply(g *engine.Game, seat int, a engine.Action) ([]engine.Event, error) {
	ev, err := g.Apply(seat, a)
	if err == nil {
		rec.Record(a)
	}
	return ev, err
}

// Len returns the number of actions recorded.
func (rec *Recorder) Len() int { return len(rec.moves) }

// Replay returns the recording so far.
func (rec *Recorder) Replay() Replay {
	var levels []string
	if rec.levels != nil {
		levels = append(levels, rec.levels...)
	}
	if len(levels) == 0 {
		levels = nil
	}
	return Replay{Seed: rec.seed, Levels: levels, Players: rec.players, Moves: string(rec.moves)}
}

// Save writes the recording to a new file in dir (created when missing),
// named after the time, and returns the file's path.
func (rec *Recorder) Save(dir string, now time.Time) (string, error) {
	return SaveReplay(dir, rec.Replay(), now)
}

// SaveReplay writes r to a new file in dir (created when missing), named
// replay-<time>.json, and returns the file's path. It never replaces a file.
func SaveReplay(dir string, r Replay, now time.Time) (string, error) {
	if err := ensureDir(dir); err != nil {
		return "", err
	}
	removeStale(dir, "", now)
	return writeNew(dir, "replay-"+now.Format(fileTime), ".json", r.Encode())
}

// fileTime is the layout of the time in file names: sortable, and valid on
// every file system.
const fileTime = "20060102-150405"

// Playback plays a replay's moves one at a time through Game.Apply, for a
// screen that shows them or for Run.
type Playback struct {
	game  *engine.Game
	moves string
	next  int
}

// Step is one move as played back.
type Step struct {
	Index  int // 1-based position in the moves
	Seat   int // the seat that acted (1 or 2)
	Action engine.Action
	Events []engine.Event
}

// Start begins playing r back. levels are r.Levels already parsed into
// engine levels (nil for the generated campaign); the caller parses them so
// that this package does not depend on the level-file format.
func (r Replay) Start(levels []engine.Level) (*Playback, error) {
	switch {
	case r.Levels == nil && levels != nil:
		return nil, errors.New("the replay plays the generated levels, but levels were given")
	case r.Levels != nil && len(levels) != len(r.Levels):
		return nil, fmt.Errorf("the replay has %d level texts, but %d parsed levels were given", len(r.Levels), len(levels))
	}
	g, err := engine.New(engine.Config{Seed: r.Seed, Players: r.Players, Levels: levels})
	if err != nil {
		return nil, fmt.Errorf("cannot start the recorded game: %w", err)
	}
	return &Playback{game: g, moves: r.Moves}, nil
}

// Game returns the game being played back. It belongs to the Playback;
// read it between steps, never Apply to it.
func (p *Playback) Game() *engine.Game { return p.game }

// Done reports whether every move has been played.
func (p *Playback) Done() bool { return p.next >= len(p.moves) }

// Progress returns how many moves have been played and how many there are.
func (p *Playback) Progress() (played, total int) { return p.next, len(p.moves) }

// Step plays the next move for the seat whose turn it is. A move that the
// game refuses — the game is already over, or no player is on the board —
// is a *MoveError and the playback stops there.
func (p *Playback) Step() (Step, error) {
	if p.Done() {
		return Step{}, errors.New("the replay has no more moves")
	}
	c := p.moves[p.next]
	st := Step{Index: p.next + 1}
	a, ok := engine.ParseAction(c)
	if !ok {
		return st, &MoveError{Index: st.Index, Char: c, Err: errBadMoveChar}
	}
	if res := p.game.Result(); res != engine.InProgress {
		return st, &MoveError{Index: st.Index, Char: c, Err: fmt.Errorf("comes after the end of the game: it was %s after move %d of %d", res, p.next, len(p.moves))}
	}
	seat := p.game.Turn()
	if seat == 0 {
		return st, &MoveError{Index: st.Index, Char: c, Err: errors.New("has no player to make it: nobody is on the board")}
	}
	ev, err := p.game.Apply(seat, a)
	if err != nil {
		return st, &MoveError{Index: st.Index, Char: c, Err: err}
	}
	p.next++
	st.Seat, st.Action, st.Events = seat, a, ev
	return st, nil
}

// Run plays every move of r on a new game and returns the game as it
// stands after the last one. levels are as for Start.
func (r Replay) Run(levels []engine.Level) (*engine.Game, error) {
	p, err := r.Start(levels)
	if err != nil {
		return nil, err
	}
	for !p.Done() {
		if _, err := p.Step(); err != nil {
			return p.game, err
		}
	}
	return p.game, nil
}

// Outcome is how a game stands, in the form `minotaur replay --headless`
// prints: the fields and their order are fixed by the replay contract.
type Outcome struct {
	Result   string           `json:"result"` // won, lost or in_progress
	Level    int              `json:"level"`  // the level being played (the last one when the game ended)
	Turn     int              `json:"turn"`   // that level's turn counter
	Score    int              `json:"score"`  // total of the passed levels
	Key      bool             `json:"key"`
	Players  []OutcomePlayer  `json:"players"`
	Monsters []OutcomeMonster `json:"monsters"` // every monster, seen or not, in creation order
	Levels   []OutcomeLevel   `json:"levels"`   // the passed levels
}

// OutcomePlayer is a player in an Outcome.
type OutcomePlayer struct {
	X     int    `json:"x"`
	Y     int    `json:"y"`
	State string `json:"state"` // active, caught, escaped (or away)
}

// OutcomeMonster is a monster in an Outcome.
type OutcomeMonster struct {
	Kind string `json:"kind"` // H, W or M
	X    int    `json:"x"`
	Y    int    `json:"y"`
}

// OutcomeLevel is a passed level in an Outcome.
type OutcomeLevel struct {
	Level   int `json:"level"`
	Turns   int `json:"turns"`
	Bonuses int `json:"bonuses"`
	Score   int `json:"score"`
}

// OutcomeOf describes how g stands now.
func OutcomeOf(g *engine.Game) Outcome {
	st := g.Status()
	o := Outcome{
		Result: st.Result.String(), Level: st.Level, Turn: st.Turn, Score: st.Score, Key: st.Key,
		Players:  make([]OutcomePlayer, 0, len(st.Players)),
		Monsters: make([]OutcomeMonster, 0, len(st.Monsters)),
		Levels:   make([]OutcomeLevel, 0, len(st.Passed)),
	}
	for _, p := range st.Players {
		o.Players = append(o.Players, OutcomePlayer{X: p.Pos.X, Y: p.Pos.Y, State: p.State.String()})
	}
	for _, m := range st.Monsters {
		o.Monsters = append(o.Monsters, OutcomeMonster{Kind: string(rune(m.Kind)), X: m.Pos.X, Y: m.Pos.Y})
	}
	for _, l := range st.Passed {
		o.Levels = append(o.Levels, OutcomeLevel{Level: l.Level, Turns: l.Turns, Bonuses: l.Bonuses, Score: l.Score})
	}
	return o
}
