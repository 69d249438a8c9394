package netplay

import (
	"encoding/json"
	"errors"
	"fmt"
	"strconv"
	"strings"
	"sync/atomic"

	"github.com/minotaur-game/minotaur/games/match"
	"github.com/minotaur-game/minotaur/games/trails"
	trailsbot "github.com/minotaur-game/minotaur/games/trails/bot"
)

// trailsKind runs Trails and Towers (docs/trails.md) on the classic field.
// Trails hides nothing: spectators get the whole field.
var trailsKind = Kind{
	Name: KindTrails, Title: "Trails and Towers", MaxBot: trails.MaxBotLevel,
	Solo: [3]int{1, 1, 1},
	New: func(s Setup) (Game, error) {
		if s.People+s.Bots != 2 {
			return nil, errors.New("a Trails game has two seats")
		}
		g, err := trails.New(trails.Classic(), s.Seed)
		if err != nil {
			return nil, err
		}
		return newTrailsMatch(g, s.Level*min(1, s.Bots), 0), nil
	},
	Load:  loadTrailsMatch,
	State: func() Message { return &TrailsState{} },
}

// trailsMatch is a Trails game on the server.
type trailsMatch struct {
	g   *trails.Game
	bot *trailsbot.Player // plays seat 2; nil between two players
	// gone is the seat given up (left, or its grace period over): the
	// other seat won.
	gone int
	// thinking is set while a thought uses bot's storage (think).
	thinking atomic.Bool
}

func newTrailsMatch(g *trails.Game, bot, gone int) *trailsMatch {
	m := &trailsMatch{g: g, gone: gone}
	if bot > 0 {
		m.bot = &trailsbot.Player{Level: bot, Seed: g.Seed()}
	}
	return m
}

func (m *trailsMatch) Seats() int { return 2 }

func (m *trailsMatch) winner() int {
	if m.gone != 0 {
		return 3 - m.gone
	}
	w, _ := m.g.Winner()
	return w
}

func (m *trailsMatch) ToAct() []int {
	if m.winner() != 0 {
		return nil
	}
	return []int{m.g.Current()}
}

func (m *trailsMatch) Outcome() match.Outcome {
	if w := m.winner(); w != 0 {
		return match.Outcome{Over: true, Winners: []int{w}}
	}
	return match.Outcome{}
}

func (m *trailsMatch) Moves() int { return len(m.g.Moves()) }

func (m *trailsMatch) Level() int {
	if m.bot == nil {
		return 0
	}
	return m.bot.Level
}

func (m *trailsMatch) Computer(seat int) bool { return m.bot != nil && seat == 2 }

func (m *trailsMatch) Apply(seat int, a string) error {
	if m.winner() != 0 || m.g.Current() != seat {
		return ErrNotYourTurn
	}
	d, err := trails.ParseDir(a)
	if err != nil {
		return err
	}
	_, err = m.g.Move(d)
	return err
}

// Leave gives a seat up for good: the other seat wins.
func (m *trailsMatch) Leave(seat int) {
	if m.winner() == 0 {
		m.gone = seat
	}
}

func (m *trailsMatch) Bot(seat int) string {
	if !m.Computer(seat) || m.winner() != 0 || m.g.Current() != 2 {
		return ""
	}
	return m.bot.Choose(m.g.Position()).Letter()
}

// TrailsState is the state message of a Trails game: the seat's View
// (games/trails: Trails hides nothing, so every seat and spectator sees the
// field) with the message's fields around it (docs/protocol.md).
type TrailsState struct {
	T        string `json:"t"`
	Seq      int64  `json:"seq"`
	Kind     string `json:"kind"`
	YourTurn bool   `json:"your_turn"`
	// Names are the players' names, Blue's first.
	Names []string `json:"names"`
	// ToAct is the seat to move ([] once over).
	ToAct []int `json:"to_act,omitempty"`
	// Gone is the seat that gave the game up, when one did.
	Gone int `json:"gone,omitempty"`
	// Config is the game's setup and History every move's direction, one
	// letter each (U, R, D, L): a client replays them for the move list.
	Config  trails.Config `json:"config"`
	History string        `json:"history"`
	trails.View
}

// trailsView, the body of a Trails state, is the field as a seat sees
// it: TrailsState's fields after names and to_act.
type trailsView struct {
	Gone    int           `json:"gone,omitempty"`
	Config  trails.Config `json:"config"`
	History string        `json:"history"`
	trails.View
}

// View is the field as seat sees it (0: a spectator).
func (m *trailsMatch) View(seat int) any {
	v := m.g.View(seat)
	if m.gone != 0 && v.Winner == 0 {
		v.Winner, v.Current, v.Legal = 3-m.gone, 0, nil
		v.Result = fmt.Sprintf("%s left the game.", trails.Name(m.gone))
	}
	h := make([]byte, 0, len(m.g.Moves()))
	for _, mv := range m.g.Moves() {
		h = append(h, mv.Dir.Letter()[0])
	}
	return &trailsView{Gone: m.gone, Config: m.g.Config(), History: string(h), View: v}
}

// trailsSaved is a Trails game in the server's data folder.
type trailsSaved struct {
	Game json.RawMessage `json:"game"`
	Bot  int             `json:"bot,omitempty"`
	Gone int             `json:"gone,omitempty"`
}

func (m *trailsMatch) MarshalJSON() ([]byte, error) {
	g, err := json.Marshal(m.g)
	if err != nil {
		return nil, err
	}
	return json.Marshal(trailsSaved{Game: g, Bot: m.Level(), Gone: m.gone})
}

func loadTrailsMatch(data []byte) (Game, error) {
	var s trailsSaved
	if err := json.Unmarshal(data, &s); err != nil {
		return nil, err
	}
	g, err := trails.Load(s.Game)
	if err != nil {
		return nil, err
	}
	if s.Bot < 0 || s.Bot > trails.MaxBotLevel || s.Gone < 0 || s.Gone > 2 {
		return nil, errors.New("a Trails game with bot level " + strconv.Itoa(s.Bot) + " or seat " + strconv.Itoa(s.Gone) + " gone")
	}
	return newTrailsMatch(g, s.Bot, s.Gone), nil
}

// Type is the message's t: state.
func (*TrailsState) Type() string { return TypeState }

// check refuses a Trails state a screen could not draw safely: a field of
// another size than it says, cells that are not the field's letters (a
// hostile server's escape sequences among them), seats out of range.
func (s *TrailsState) check() error {
	v := &s.View
	switch {
	case v.Size < trails.MinSize || v.Size > trails.MaxSize:
		return fmt.Errorf("a field of side %d", v.Size)
	case len(v.Rows) != v.Size:
		return fmt.Errorf("%d rows on a field of side %d", len(v.Rows), v.Size)
	case v.Seat < 0 || v.Seat > 2 || v.Current < 0 || v.Current > 2 || v.Winner < 0 || v.Winner > 2 || len(s.Names) > 2:
		return errors.New("a seat out of range")
	case len(s.History) > v.Size*v.Size:
		return errors.New("more moves than cells")
	}
	for _, r := range v.Rows {
		if len(r) != v.Size {
			return fmt.Errorf("a row of %d cells on a field of side %d", len(r), v.Size)
		}
		for i := 0; i < len(r); i++ {
			if !strings.ContainsRune(".brBRT", rune(r[i])) {
				return fmt.Errorf("a cell %q", r[i])
			}
		}
	}
	for _, p := range v.Players {
		if p.Pos.X < 0 || p.Pos.Y < 0 || p.Pos.X >= v.Size || p.Pos.Y >= v.Size {
			return fmt.Errorf("a player at %v, off the field", p.Pos)
		}
	}
	return nil
}

// think is the computer's thought for seat 2, on a copy of the position.
// The match's player keeps its storage from move to move; a thought still
// running past its deadline keeps it, and the next one gets its own.
func (m *trailsMatch) think(seat int, pause func()) func() string {
	p := m.g.Position().Clone()
	b := m.bot
	if !m.thinking.CompareAndSwap(false, true) {
		b = &trailsbot.Player{Level: m.bot.Level, Seed: m.bot.Seed, Pause: pause}
		return func() string { return b.Choose(p).Letter() }
	}
	b.Pause = pause
	return func() string {
		defer m.thinking.Store(false)
		return b.Choose(p).Letter()
	}
}

// quick is the move of the computer's first level, for a late thought.
func (m *trailsMatch) quick(seat int) string {
	if !m.Computer(seat) || m.winner() != 0 || m.g.Current() != 2 {
		return ""
	}
	b := trailsbot.Player{Level: 1, Seed: m.bot.Seed}
	return b.Choose(m.g.Position()).Letter()
}
