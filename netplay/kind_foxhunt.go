package netplay

import (
	"encoding/json"
	"errors"
	"fmt"
	"strconv"
	"strings"
	"time"

	"github.com/minotaur-game/minotaur/games/foxhunt"
	foxbot "github.com/minotaur-game/minotaur/games/foxhunt/bot"
	"github.com/minotaur-game/minotaur/games/match"
)

// foxhuntKind runs the Fox hunt (docs/foxhunt.md) in the lobby: people and
// computer seats send one command per round, all at once; a round is played
// when every seat in it has sent its command, or when its deadline passes.
// Nothing is hidden: every seat and spectator sees the whole map.
var foxhuntKind = Kind{
	Name: KindFoxhunt, Title: "the Fox hunt", MaxBot: 1,
	Bots: [2]int{0, FoxhuntMaxSeats - 2}, Solo: [3]int{1, FoxhuntMaxSeats - 1, 3},
	Round: FoxhuntRound,
	New:   newFoxMatch,
	Load:  loadFoxMatch,
	State: func() Message { return &FoxhuntState{} },
}

// Facts of the server's Fox hunt games (docs/protocol.md).
const (
	FoxhuntSize     = 20
	FoxhuntRounds   = 100
	FoxhuntMaxSeats = 8
	// FoxhuntRound is a round's deadline: a seat that sent nothing by
	// then does nothing in it.
	FoxhuntRound = 15 * time.Second
	// foxMaxCommand bounds an act's command.
	foxMaxCommand = 16
)

// foxRounds is the length of a new match (a test shortens it).
var foxRounds = FoxhuntRounds

// foxMatch is a Fox hunt match on the server. The rules keep no saved
// form of their own: the match is saved as its setup and every call made
// to the rules, and read back by replaying them (the rules are
// deterministic).
type foxMatch struct {
	cfg      foxhunt.Config
	names    []string
	computer []bool
	g        *foxhunt.Game
	log      []foxStep
	last     *foxhunt.Report // the last round played
	brains   []*foxbot.Brain // the computer seats' players (games/foxhunt/bot), made when first asked
}

// foxStep is one call made to the rules: a seat's command (Line), a seat
// leaving (Leave), or the end of a round (End). Seats count from 0, as
// the rules count them.
type foxStep struct {
	Seat  int    `json:"s,omitempty"`
	Line  string `json:"l,omitempty"`
	Leave bool   `json:"q,omitempty"`
	End   bool   `json:"e,omitempty"`
}

func newFoxMatch(s Setup) (Game, error) {
	n := s.People + s.Bots
	if n < 2 || n > FoxhuntMaxSeats {
		return nil, fmt.Errorf("a Fox hunt has 2 to %d seats, not %d", FoxhuntMaxSeats, n)
	}
	names := make([]string, n)
	for i := range names {
		names[i] = "seat " + strconv.Itoa(i+1)
		if i < len(s.Names) && s.Names[i] != "" {
			names[i] = s.Names[i]
		}
	}
	cfg := foxhunt.Config{W: FoxhuntSize, H: FoxhuntSize, Rounds: foxRounds, Seed: s.Seed}
	g, err := foxhunt.New(cfg, names)
	if err != nil {
		return nil, err
	}
	m := &foxMatch{cfg: cfg, names: names, computer: make([]bool, n), g: g}
	for i := s.People; i < n; i++ {
		m.computer[i] = true
	}
	return m, nil
}

func (m *foxMatch) Seats() int { return len(m.names) }

// in reports whether seat (1-based) is still in the match.
func (m *foxMatch) in(seat int) bool {
	return seat >= 1 && seat <= m.Seats() && !m.g.Players()[seat-1].Gone
}

func (m *foxMatch) ToAct() []int {
	if m.g.Over() {
		return nil
	}
	var out []int
	for i := 1; i <= m.Seats(); i++ {
		if m.in(i) && !m.g.Sent(i-1) {
			out = append(out, i)
		}
	}
	return out
}

// Round is the round being played, from 1; 0 once over.
func (m *foxMatch) Round() int {
	if m.g.Over() {
		return 0
	}
	return m.g.Played() + 1
}

// EndRound plays the round: a seat that sent nothing does nothing.
func (m *foxMatch) EndRound() {
	if m.g.Over() {
		return
	}
	rep := m.g.EndRound()
	m.last = &rep
	m.log = append(m.log, foxStep{End: true})
}

func (m *foxMatch) Apply(seat int, a string) error {
	if m.g.Over() {
		return match.ErrOver
	}
	if !m.in(seat) || m.g.Sent(seat-1) {
		return ErrNotYourTurn
	}
	line := strings.ToLower(strings.Join(strings.Fields(a), ""))
	switch {
	case len(line) > foxMaxCommand:
		return fmt.Errorf("a command is at most %d characters: w, a, s, d, b and a distance and a direction, or n", foxMaxCommand)
	case line == "q":
		return errors.New("q would leave the match: to leave the game, send leave")
	}
	if m.g.Submit(seat-1, line) != foxhunt.Taken {
		return ErrNotYourTurn
	}
	m.log = append(m.log, foxStep{Seat: seat - 1, Line: line})
	if m.g.Waiting() == 0 {
		m.EndRound()
	}
	return nil
}

// Leave takes a seat given up out of the map and the table.
func (m *foxMatch) Leave(seat int) {
	if !m.in(seat) || m.g.Over() {
		return
	}
	m.g.Leave(seat - 1)
	m.log = append(m.log, foxStep{Seat: seat - 1, Leave: true})
	if m.g.Waiting() == 0 && m.playersIn() > 0 {
		m.EndRound()
	}
}

func (m *foxMatch) playersIn() int {
	n := 0
	for i := 1; i <= m.Seats(); i++ {
		if m.in(i) {
			n++
		}
	}
	return n
}

// Outcome: once every round is played, the seats still in with the most
// points win (several on a tie).
func (m *foxMatch) Outcome() match.Outcome {
	if !m.g.Over() {
		return match.Outcome{}
	}
	ps := m.g.Players()
	o := match.Outcome{Over: true, Scores: make([]int, len(ps))}
	best := -1
	for i, p := range ps {
		o.Scores[i] = p.Points
		if !p.Gone && p.Points > best {
			best = p.Points
		}
	}
	for i, p := range ps {
		if !p.Gone && p.Points == best {
			o.Winners = append(o.Winners, i+1)
		}
	}
	return o
}

func (m *foxMatch) Computer(seat int) bool {
	return seat >= 1 && seat <= m.Seats() && m.computer[seat-1]
}

func (m *foxMatch) Level() int {
	for _, c := range m.computer {
		if c {
			return 1
		}
	}
	return 0
}

func (m *foxMatch) Moves() int { return m.g.Played() }

func (m *foxMatch) Bot(seat int) string {
	if !m.Computer(seat) || !m.in(seat) || m.g.Over() || m.g.Sent(seat-1) {
		return ""
	}
	if m.brains == nil {
		m.brains = make([]*foxbot.Brain, m.Seats())
	}
	b := m.brains[seat-1]
	if b == nil {
		// Not saved: it decides from what every seat sees, and keeps only
		// the fuses of the bombs it saw thrown.
		b = foxbot.NewBrain(m.g.Players()[seat-1].Name, m.cfg.Seed^uint64(seat))
		m.brains[seat-1] = b
	}
	return b.Decide(foxbot.ViewOf(m.g))
}

// FoxhuntState is the state message of a Fox hunt game: the whole map and
// table, which every seat and spectator sees, with the message's fields
// around it (docs/protocol.md).
type FoxhuntState struct {
	StateHead
	FoxhuntView
}

// Type is the message's t: state.
func (*FoxhuntState) Type() string { return TypeState }

// check refuses a Fox hunt state a screen could not draw safely.
func (s *FoxhuntState) check() error {
	switch {
	case s.W < foxhunt.MinSize || s.H < foxhunt.MinSize || s.W > foxhunt.MaxSize || s.H > foxhunt.MaxSize:
		return fmt.Errorf("a map of %d × %d fields", s.W, s.H)
	case len(s.Map) != s.H:
		return fmt.Errorf("%d rows on a map of %d", len(s.Map), s.H)
	case s.Seat < 0 || s.Seat > FoxhuntMaxSeats || len(s.Names) > FoxhuntMaxSeats:
		return errors.New("a seat out of range")
	}
	for _, r := range s.Map {
		if len(r) != s.W {
			return fmt.Errorf("a row of %d fields on a map %d wide", len(r), s.W)
		}
		for i := 0; i < len(r); i++ {
			if !strings.ContainsRune("_wWrbhB*fpP", rune(r[i])) {
				return fmt.Errorf("a field %q", r[i])
			}
		}
	}
	for _, p := range s.Players {
		if p.X < 0 || p.Y < 0 || p.X >= s.W || p.Y >= s.H || p.Seat < 1 || p.Seat > FoxhuntMaxSeats {
			return fmt.Errorf("a player at (%d, %d), off the map", p.X, p.Y)
		}
	}
	return nil
}

// FoxhuntView is the body of a Fox hunt state: the whole map and table.
type FoxhuntView struct {
	Seat    int         `json:"seat"`
	Round   int         `json:"round"`
	Rounds  int         `json:"rounds"`
	W       int         `json:"w"`
	H       int         `json:"h"`
	Map     []string    `json:"map"`
	Players []FoxPlayer `json:"players"`
	Bombs   []FoxBomb   `json:"bombs"`
	Last    *FoxRound   `json:"last,omitempty"`
	Said    []string    `json:"said"`
	Winners []int       `json:"winners,omitempty"`
}

// FoxPlayer is one seat still in a Fox hunt, as every seat sees it.
type FoxPlayer struct {
	Seat      int  `json:"seat"`
	X         int  `json:"x"`
	Y         int  `json:"y"`
	Points    int  `json:"points,omitempty"`
	Fox       bool `json:"fox,omitempty"`
	Streak    int  `json:"streak,omitempty"`
	Paralysed int  `json:"paralysed,omitempty"`
	Shield    int  `json:"shield,omitempty"`
	Range     int  `json:"range,omitempty"`
	Bombs     int  `json:"bombs,omitempty"`
	Sent      bool `json:"sent,omitempty"`
}

// FoxBomb is a bomb lying on the map.
type FoxBomb struct {
	Seat  int `json:"seat"`
	X     int `json:"x"`
	Y     int `json:"y"`
	Fuse  int `json:"fuse"`
	Range int `json:"range"`
}

// FoxRound is what happened in the last round played; seats from 1.
type FoxRound struct {
	Round     int   `json:"round"`
	Caught    int   `json:"caught,omitempty"`
	Paralysed []int `json:"paralysed,omitempty"`
	Exploded  int   `json:"exploded,omitempty"`
	OutOfBomb []int `json:"out_of_bomb,omitempty"`
}

// View is the whole map and table (Fox hunt hides nothing); seat is whose
// state it is (0: a spectator's).
func (m *foxMatch) View(seat int) any {
	g := m.g
	b := g.Board()
	v := &FoxhuntView{Seat: seat, Round: min(g.Played()+1, g.Rounds()), Rounds: g.Rounds(), W: b.W, H: b.H,
		Players: []FoxPlayer{}, Bombs: []FoxBomb{}, Said: []string{}}
	cells := g.AppendMap(nil)
	for y := 0; y < b.H; y++ {
		v.Map = append(v.Map, string(cells[y*b.W:(y+1)*b.W]))
	}
	for i, p := range g.Players() {
		if p.Gone {
			continue
		}
		v.Players = append(v.Players, FoxPlayer{Seat: i + 1, X: p.At.X, Y: p.At.Y, Points: p.Points, Fox: p.Fox,
			Streak: p.Streak, Paralysed: p.Paralysed, Shield: p.Shield, Range: p.Range, Bombs: p.Bombs, Sent: g.Sent(i)})
	}
	for _, bo := range g.Bombs() {
		v.Bombs = append(v.Bombs, FoxBomb{Seat: bo.Owner + 1, X: bo.At.X, Y: bo.At.Y, Fuse: bo.Fuse, Range: bo.Range})
	}
	if r := m.last; r != nil {
		v.Last = &FoxRound{Round: r.Round, Exploded: r.Exploded}
		if r.Caught >= 0 {
			v.Last.Caught = r.Caught + 1
			v.Said = append(v.Said, m.names[r.Caught]+" caught the fox and is the fox now.")
		}
		for _, s := range r.Paralysed {
			v.Last.Paralysed = append(v.Last.Paralysed, s+1)
			v.Said = append(v.Said, "A beam hit "+m.names[s]+": paralysed for "+strconv.Itoa(foxhunt.Paralysis)+" rounds.")
		}
		for _, s := range r.OutOfBomb {
			v.Last.OutOfBomb = append(v.Last.OutOfBomb, s+1)
			v.Said = append(v.Said, m.names[s]+" threw with no bomb left.")
		}
		if r.Exploded > 0 {
			v.Said = append(v.Said, plural(r.Exploded, "bomb")+" went off.")
		}
	}
	if o := m.Outcome(); o.Over {
		v.Winners = o.Winners
	}
	return v
}

// plural is "1 bomb", "2 bombs".
func plural(n int, what string) string {
	if n == 1 {
		return "1 " + what
	}
	return strconv.Itoa(n) + " " + what + "s"
}

// foxSaved is a Fox hunt in the server's data folder: its setup and the
// calls made to the rules, replayed when it is read back.
type foxSaved struct {
	Config   foxhunt.Config `json:"config"`
	Names    []string       `json:"names"`
	Computer []bool         `json:"computer"`
	Log      []foxStep      `json:"log"`
}

func (m *foxMatch) MarshalJSON() ([]byte, error) {
	return json.Marshal(foxSaved{Config: m.cfg, Names: m.names, Computer: m.computer, Log: m.log})
}

func loadFoxMatch(data []byte) (Game, error) {
	var s foxSaved
	if err := json.Unmarshal(data, &s); err != nil {
		return nil, err
	}
	n := len(s.Names)
	switch {
	case n < 2 || n > FoxhuntMaxSeats || len(s.Computer) != n:
		return nil, fmt.Errorf("a Fox hunt of %d seats with %d computer flags", n, len(s.Computer))
	case s.Config.Rounds < 1 || s.Config.Rounds > foxhunt.MaxRounds || len(s.Log) > (n+1)*s.Config.Rounds+n:
		return nil, fmt.Errorf("a Fox hunt of %d rounds with %d steps", s.Config.Rounds, len(s.Log))
	}
	g, err := foxhunt.New(s.Config, s.Names)
	if err != nil {
		return nil, err
	}
	m := &foxMatch{cfg: s.Config, names: s.Names, computer: s.Computer, g: g}
	for _, st := range s.Log {
		switch {
		case st.Seat < 0 || st.Seat >= n:
			return nil, fmt.Errorf("a Fox hunt step of seat %d", st.Seat+1)
		case st.End:
			m.EndRound()
		case st.Leave:
			m.Leave(st.Seat + 1)
		default:
			if m.g.Submit(st.Seat, st.Line) != foxhunt.Taken {
				return nil, fmt.Errorf("a Fox hunt step the rules refuse: seat %d's %q", st.Seat+1, st.Line)
			}
			m.log = append(m.log, st)
		}
	}
	if len(m.log) != len(s.Log) {
		return nil, errors.New("a Fox hunt whose steps do not replay")
	}
	return m, nil
}
