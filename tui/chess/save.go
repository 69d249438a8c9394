package chess

import (
	"encoding/json"
	"errors"
	"fmt"
	"strings"
	"time"

	tea "github.com/charmbracelet/bubbletea"

	"github.com/minotaur-game/minotaur/games/chess"
	chessbot "github.com/minotaur-game/minotaur/games/chess/bot"
	"github.com/minotaur-game/minotaur/tui/screen"
)

// A chess game is saved in the saves folder in a file of its own format
// whose name ends in SaveExt: the chess menu, and the main menu's
// Continue beside the other games' saves, list these.
const (
	SaveFormat  = "minotaur-chess-save"
	SaveVersion = 1
	savePrefix  = "chess-"
	SaveExt     = ".chesssave"
)

// match is one chess game in the interface: the referee, who plays which
// side, and how much of its log each side has seen on its own screen.
type match struct {
	g       *chess.Game
	hotSeat bool
	human   chess.Color // against the computer
	bot     chessbot.Player
	seen    [2]int
	unsaved bool
	// file is the game's save in the saves folder, once it has one: it is
	// replaced by each save and removed when the game is over.
	file string
}

// players says who plays: "White vs computer (level 2)", "hot-seat".
func (m *match) players() string {
	if m.hotSeat {
		return "hot-seat, two players"
	}
	return fmt.Sprintf("%s vs computer (level %d)", m.human.Title(), m.bot.Level)
}

// table is a game as the screens read it: a *chess.Game here, or what a
// server sent of a game on it. A side's view and log are all there is.
type table interface {
	View(side chess.Color) chess.View
	Log(side chess.Color) []chess.Event
	ToMove() chess.Color
	Over() bool
	Result() (winner chess.Color, drawn, over bool)
	Ply() int
}

// moveNo is the number of the move being played, counted as in chess.
func moveNo(t table) int { return t.Ply()/2 + 1 }

// saveFile is the JSON form of a saved chess game.
type saveFile struct {
	Format  string          `json:"format"`
	Version int             `json:"version"`
	Saved   time.Time       `json:"saved"`
	HotSeat bool            `json:"hot_seat"`
	Human   string          `json:"human,omitempty"`
	Level   int             `json:"level,omitempty"`
	BotSeed uint64          `json:"bot_seed,omitempty"`
	Move    int             `json:"move"`
	Seen    [2]int          `json:"seen"`
	Game    json.RawMessage `json:"game"`
}

// encode writes the game as a save file.
func (m *match) encode(now time.Time) ([]byte, error) {
	game, err := json.Marshal(m.g)
	if err != nil {
		return nil, err
	}
	f := saveFile{Format: SaveFormat, Version: SaveVersion, Saved: now.UTC(), HotSeat: m.hotSeat,
		Move: moveNo(m.g), Seen: m.seen, Game: game}
	if !m.hotSeat {
		f.Human, f.Level, f.BotSeed = m.human.String(), m.bot.Level, m.bot.Seed
	}
	return json.MarshalIndent(f, "", " ")
}

// decodeSave reads a save file back into a game.
func decodeSave(data []byte) (*match, saveFile, error) {
	var f saveFile
	if len(strings.TrimSpace(string(data))) == 0 {
		return nil, f, errors.New("the file is empty")
	}
	if err := json.Unmarshal(data, &f); err != nil {
		return nil, f, fmt.Errorf("it is damaged (%v)", err)
	}
	switch {
	case f.Format != SaveFormat:
		return nil, f, fmt.Errorf("it is not a saved chess game: its format is %q", f.Format)
	case f.Version > SaveVersion:
		return nil, f, fmt.Errorf("it was saved by a newer version of minotaur (version %d; this one reads up to %d)", f.Version, SaveVersion)
	}
	g, err := chess.Load(f.Game)
	if err != nil {
		return nil, f, err
	}
	m := &match{g: g, hotSeat: f.HotSeat}
	if !f.HotSeat {
		switch f.Human {
		case "white":
			m.human = chess.White
		case "black":
			m.human = chess.Black
		default:
			return nil, f, fmt.Errorf("its player's side is %q, not white or black", f.Human)
		}
		if f.Level < 1 || f.Level > chessbot.Levels {
			return nil, f, fmt.Errorf("its computer's level is %d, not 1 to %d", f.Level, chessbot.Levels)
		}
		m.bot = chessbot.Player{Level: f.Level, Seed: f.BotSeed}
	}
	for c := chess.White; c <= chess.Black; c++ {
		m.seen[c] = min(max(f.Seen[c], 0), len(g.Log(c)))
	}
	return m, f, nil
}

func writeSave(dir, file string, data []byte, now time.Time) tea.Cmd {
	return screen.WriteSave(dir, file, savePrefix, SaveExt, data, now)
}

// listSaves lists the saved chess games of the folder, newest first.
func listSaves(dir string) tea.Cmd {
	return screen.ListSaves(dir, SaveExt, func(data []byte) (screen.SaveInfo, error) {
		m, f, err := decodeSave(data)
		info := screen.SaveInfo{Saved: f.Saved, Detail: fmt.Sprintf("move %d", f.Move)}
		if m != nil {
			info.Title = m.players()
		}
		return info, err
	})
}

// loadSave reads a saved chess game, in a screen.LoadedMsg[*match].
func loadSave(dir, file string) tea.Cmd {
	return screen.ReadSave(dir, file, func(data []byte) (*match, error) {
		m, _, err := decodeSave(data)
		return m, err
	})
}

// ListSaves lists the saved chess games of the folder, newest first: a
// screen.SavesMsg, each with who plays (Title) and its move (Detail). The
// main menu's Continue lists them beside the other games' saves.
func ListSaves(dir string) tea.Cmd { return listSaves(dir) }

// Resume is the screen that continues the saved chess game file of the
// saves folder: it reads it, then shows the game (behind the hand-over
// screen in a hot-seat game), or the chess menu saying why the file cannot
// be continued.
func Resume(c *screen.Context, file string) screen.Screen { return &resume{c: c, file: file} }

type resume struct {
	c    *screen.Context
	file string
}

func (r *resume) Init() tea.Cmd { return loadSave(r.c.Saves, r.file) }

func (r *resume) Update(msg tea.Msg) (screen.Nav, tea.Cmd) {
	loaded, ok := msg.(screen.LoadedMsg[*match])
	if !ok {
		return screen.Stay, nil
	}
	// The chess menu opens the game, or keeps why it could not.
	m := newMenu(r.c)
	if nav, cmd := m.Update(loaded); loaded.Err == nil {
		return nav, cmd
	}
	return screen.Replace(m), nil
}

func (r *resume) View() string { return r.c.Center("Loading " + r.file + "…") }
