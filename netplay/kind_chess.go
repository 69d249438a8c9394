package netplay

import (
	"encoding/json"
	"errors"
	"fmt"
	"math/rand/v2"

	"github.com/minotaur-game/minotaur/games/chess"
	chessbot "github.com/minotaur-game/minotaur/games/chess/bot"
	"github.com/minotaur-game/minotaur/games/match"
)

// chessKind runs Open-world chess: seat 1 is White, seat 2 Black (the
// computer's, in a solo game). Each side sees only its own view: a
// spectator follows one side.
var chessKind = Kind{
	Name: KindChess, Title: "Open-world chess", MaxBot: chessbot.Levels,
	Solo: [3]int{1, 1, 1}, Follow: true,
	New: func(s Setup) (Game, error) {
		if s.People+s.Bots != 2 {
			return nil, errors.New("a chess game has two seats")
		}
		m := &chessMatch{g: chess.New(rand.NewPCG(s.Seed, chess.SeedSalt))}
		if s.Bots > 0 {
			m.bot = &chessbot.Player{Level: s.Level, Seed: s.Seed ^ chessbot.SeedSalt}
		}
		return m, nil
	},
	Load:  loadChessMatch,
	State: func() Message { return &ChessState{} },
}

// chessMatch is a chess game on the server. Each seat's state is its own
// side's View and the events it was told: the fog is the rules' own.
type chessMatch struct {
	g    *chess.Game
	bot  *chessbot.Player // plays Black; nil between two players
	gone int              // the seat given up: the other won
	told chess.Told       // what each side was told of the last move (and the computer's answer)
}

func seatSide(seat int) chess.Color { return chess.Color(seat - 1) }

func (m *chessMatch) Seats() int { return 2 }

func (m *chessMatch) ToAct() []int {
	if m.gone != 0 || m.g.Over() {
		return nil
	}
	return []int{int(m.g.ToMove()) + 1}
}

func (m *chessMatch) Outcome() match.Outcome {
	if m.gone != 0 {
		return match.Outcome{Over: true, Winners: []int{3 - m.gone}}
	}
	w, drawn, over := m.g.Result()
	switch {
	case !over:
		return match.Outcome{}
	case drawn:
		return match.Outcome{Over: true, Draw: true}
	}
	return match.Outcome{Over: true, Winners: []int{int(w) + 1}}
}

func (m *chessMatch) Moves() int { return m.g.Ply() }

func (m *chessMatch) Level() int {
	if m.bot == nil {
		return 0
	}
	return m.bot.Level
}

func (m *chessMatch) Computer(seat int) bool { return m.bot != nil && seat == 2 }

func (m *chessMatch) Apply(seat int, a string) error {
	if t := m.ToAct(); len(t) == 0 || t[0] != seat {
		return ErrNotYourTurn
	}
	mv, err := chess.ParseMove(a)
	if err != nil {
		return err
	}
	told, err := m.g.Apply(mv)
	if err != nil {
		return err
	}
	if m.bot != nil && seat == 2 {
		// The computer answers in the state of the player's move: the
		// player is told both.
		for c := range m.told {
			m.told[c] = append(m.told[c], told[c]...)
		}
		return nil
	}
	m.told = told
	return nil
}

// Leave gives a seat up for good: the other side wins.
func (m *chessMatch) Leave(seat int) {
	if m.gone == 0 && !m.g.Over() {
		m.gone = seat
	}
}

func (m *chessMatch) Bot(seat int) string {
	if !m.Computer(seat) || len(m.ToAct()) == 0 || m.ToAct()[0] != 2 {
		return ""
	}
	v := m.g.View(chess.Black) // the computer's own view, nothing else
	mv, ok := m.bot.Move(&v)
	if !ok {
		return ""
	}
	return mv.String()
}

// ChessState is the state message of a chess game: the seat's side's View
// (games/chess: nothing of the other side's fog), what the seat was told of
// the last move, in events and in words, with the message's fields around
// it (docs/protocol.md). A spectator gets the side it follows (White's when
// it chose none).
type ChessState struct {
	T        string   `json:"t"`
	Seq      int64    `json:"seq"`
	Kind     string   `json:"kind"`
	YourTurn bool     `json:"your_turn"`
	Names    []string `json:"names"`
	// ToAct is the seat to move ([] once over).
	ToAct []int `json:"to_act,omitempty"`
	Gone  int   `json:"gone,omitempty"`
	// Told is what the side was told of the last move; Said its words.
	Told []chess.Event `json:"told"`
	Said []string      `json:"said"`
	chess.View
}

// chessView, the body of a chess state, is what one side may know:
// ChessState's fields after names and to_act.
type chessView struct {
	Gone int           `json:"gone,omitempty"`
	Told []chess.Event `json:"told"`
	Said []string      `json:"said"`
	chess.View
}

// View is seat's side's view (White's for seat 0).
func (m *chessMatch) View(seat int) any {
	side := chess.White
	if seat == 2 {
		side = chess.Black
	}
	v := m.g.View(side)
	st := &chessView{Gone: m.gone, Told: m.told[side], View: v}
	for _, e := range st.Told {
		st.Said = append(st.Said, chess.Say(side, e))
	}
	if m.gone != 0 && !v.Over {
		st.Over, st.Winner = true, seatSide(3-m.gone)
		st.Said = append(st.Said, fmt.Sprintf("%s left the game.", seatSide(m.gone).Title()))
	}
	return st
}

// Type is the message's t: state.
func (*ChessState) Type() string { return TypeState }

// chessSaved is a chess game in the server's data folder.
type chessSaved struct {
	Game    json.RawMessage `json:"game"`
	Bot     int             `json:"bot,omitempty"`
	BotSeed uint64          `json:"bot_seed,omitempty"`
	Gone    int             `json:"gone,omitempty"`
	Told    chess.Told      `json:"told"`
}

func (m *chessMatch) MarshalJSON() ([]byte, error) {
	g, err := json.Marshal(m.g)
	if err != nil {
		return nil, err
	}
	s := chessSaved{Game: g, Gone: m.gone, Told: m.told}
	if m.bot != nil {
		s.Bot, s.BotSeed = m.bot.Level, m.bot.Seed
	}
	return json.Marshal(s)
}

func loadChessMatch(data []byte) (Game, error) {
	var s chessSaved
	if err := json.Unmarshal(data, &s); err != nil {
		return nil, err
	}
	g, err := chess.Load(s.Game)
	if err != nil {
		return nil, err
	}
	if s.Bot < 0 || s.Bot > chessbot.Levels || s.Gone < 0 || s.Gone > 2 {
		return nil, errors.New("a chess game with a damaged computer level or seat gone")
	}
	m := &chessMatch{g: g, gone: s.Gone, told: s.Told}
	if s.Bot > 0 {
		m.bot = &chessbot.Player{Level: s.Bot, Seed: s.BotSeed}
	}
	return m, nil
}

// check refuses a chess state a screen could not draw safely, as Trails'
// does: a view or news that no game shows (chess.View.Check), more seats
// than two.
func (s *ChessState) check() error {
	switch {
	case len(s.Names) > 2 || s.Gone < 0 || s.Gone > 2:
		return errors.New("a seat out of range")
	case len(s.Said) > 256 || len(s.Told) > 256:
		return errors.New("more news than one move brings")
	}
	if err := s.View.Check(); err != nil {
		return err
	}
	return chess.CheckTold(s.Told)
}

// think is the computer's thought for Black: its own view, nothing else.
func (m *chessMatch) think(seat int, pause func()) func() string {
	v := m.g.View(chess.Black)
	bot := *m.bot
	bot.Pause = pause
	return func() string {
		mv, ok := bot.Move(&v)
		if !ok {
			return ""
		}
		return mv.String()
	}
}

// quick is the move of the computer's first level, for a late thought.
func (m *chessMatch) quick(seat int) string {
	if !m.Computer(seat) || len(m.ToAct()) == 0 || m.ToAct()[0] != 2 {
		return ""
	}
	v := m.g.View(chess.Black)
	mv, ok := chessbot.Player{Level: 1, Seed: m.bot.Seed}.Move(&v)
	if !ok {
		return ""
	}
	return mv.String()
}
