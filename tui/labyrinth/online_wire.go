package labyrinth

// STAND-IN, to delete when netplay's LabyrinthState lands: the state
// message of the labyrinth kind as docs/protocol.md describes it, with the
// field names of netplay's type, so that switching is a rename.

import (
	"github.com/minotaur-game/minotaur/games/labyrinth"
	"github.com/minotaur-game/minotaur/levels"
)

type labState struct {
	T        string   `json:"t"`
	Seq      int64    `json:"seq"`
	Kind     string   `json:"kind"`
	YourTurn bool     `json:"your_turn"`
	Names    []string `json:"names"`
	ToAct    []int    `json:"to_act"`
	RoundMS  int64    `json:"round_ms,omitempty"`
	LeftMS   int64    `json:"left_ms,omitempty"`

	Seat     int                `json:"seat"`
	Phase    string             `json:"phase"`
	Round    int                `json:"round"`
	Rows     int                `json:"rows"`
	Cols     int                `json:"cols"`
	Bullets  int                `json:"bullets"`
	Key      bool               `json:"key"`
	Answers  []labyrinth.Answer `json:"answers"`
	Said     []string           `json:"said"`
	Winner   int                `json:"winner,omitempty"`
	WinRound int                `json:"win_round,omitempty"`
	Reveal   *labReveal         `json:"reveal,omitempty"`
}

type labReveal struct {
	Seed    uint64   `json:"seed"`
	Rows    int      `json:"rows"`
	Cols    int      `json:"cols"`
	Map     []string `json:"map"`
	Players []labWay `json:"players"`
}

type labWay struct {
	Seat  int           `json:"seat"`
	Start levels.Cell   `json:"start"`
	Path  []levels.Cell `json:"path"`
}

func (*labState) Type() string { return "state" }
