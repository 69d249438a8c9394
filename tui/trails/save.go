package trails

import (
	"encoding/json"
	"errors"
	"fmt"
	"strings"
	"time"

	tea "github.com/charmbracelet/bubbletea"

	"github.com/minotaur-game/minotaur/games/trails"
	"github.com/minotaur-game/minotaur/tui/screen"
)

// A Trails game is saved in the saves folder beside the Minotaur and
// Labyrinth games, in a file of its own format whose name ends in SaveExt
// (docs/files.md): one file a game, replaced by each save, removed when
// the game ends. The Trails menu lists them; Minotaur's list never does.
const (
	SaveFormat  = "minotaur-trails-save"
	SaveVersion = 1
	SavePrefix  = "trails-"
	SaveExt     = ".trailsave"
)

// saveFile is the JSON form of a saved game: who plays Red, and the game
// (its setup, seed and moves, which the rules replay on loading).
type saveFile struct {
	Format   string          `json:"format"`
	Version  int             `json:"version"`
	Saved    time.Time       `json:"saved"`
	VsBot    bool            `json:"vs_bot"`
	BotLevel int             `json:"bot_level,omitempty"`
	Moves    int             `json:"moves"`
	Game     json.RawMessage `json:"game"`
}

func encodeSave(s *Screen, now time.Time) ([]byte, error) {
	game, err := json.Marshal(s.g)
	if err != nil {
		return nil, err
	}
	level := 0
	if s.bot != nil {
		level = s.bot.Level
	}
	return json.MarshalIndent(saveFile{Format: SaveFormat, Version: SaveVersion, Saved: now.UTC(),
		VsBot: s.bot != nil, BotLevel: level, Moves: len(s.g.Moves()), Game: game}, "", " ")
}

// saved is a save file read back: the setup and the game.
type saved struct {
	setup Setup
	game  *trails.Game
	when  time.Time
}

func decodeSave(data []byte) (saved, error) {
	var f saveFile
	if len(strings.TrimSpace(string(data))) == 0 {
		return saved{}, errors.New("the file is empty")
	}
	if err := json.Unmarshal(data, &f); err != nil {
		return saved{}, fmt.Errorf("it is damaged (%v)", err)
	}
	switch {
	case f.Format != SaveFormat:
		return saved{}, fmt.Errorf("it is not a saved Trails game: its format is %q", f.Format)
	case f.Version > SaveVersion:
		return saved{}, fmt.Errorf("it was saved by a newer version of minotaur (version %d; this one reads up to %d)", f.Version, SaveVersion)
	case f.VsBot && (f.BotLevel < trails.MinBotLevel || f.BotLevel > trails.MaxBotLevel):
		return saved{}, fmt.Errorf("its computer level %d is not %d to %d", f.BotLevel, trails.MinBotLevel, trails.MaxBotLevel)
	}
	g, err := trails.Load(f.Game)
	if err != nil {
		return saved{}, err
	}
	return saved{setup: Setup{Config: g.Config(), VsBot: f.VsBot, BotLevel: f.BotLevel, Seed: g.Seed()}, game: g, when: f.Saved}, nil
}

// describeSave is a save as the Trails menu lists it.
func describeSave(data []byte) (screen.SaveInfo, error) {
	sv, err := decodeSave(data)
	if err != nil {
		return screen.SaveInfo{}, err
	}
	c := sv.game.Config()
	who := "two players"
	if sv.setup.VsBot {
		who = fmt.Sprintf("computer %d", sv.setup.BotLevel)
	}
	return screen.SaveInfo{
		Title:  fmt.Sprintf("%d×%d, %d tower%s", c.Size, c.Size, c.Towers, plural(c.Towers)),
		Detail: fmt.Sprintf("move %d, %s", len(sv.game.Moves())+1, who),
		Saved:  sv.when,
	}, nil
}

// listSaves lists the saved Trails games (a screen.SavesMsg).
func listSaves(dir string) tea.Cmd { return screen.ListSaves(dir, SaveExt, describeSave) }

// readSave reads a saved game back (a screen.LoadedMsg[saved]).
func readSave(dir, file string) tea.Cmd { return screen.ReadSave(dir, file, decodeSave) }

// ListSaves lists the saved Trails games of the folder, newest first: a
// screen.SavesMsg, each with its field (Title) and players and move
// (Detail). The main menu's Continue lists them beside Minotaur's.
func ListSaves(dir string) tea.Cmd { return listSaves(dir) }

// Resume is the screen that continues the saved game file of the saves
// folder: it reads it, then shows the game, or the Trails menu saying why
// the file cannot be continued.
func Resume(c *screen.Context, file string) screen.Screen { return &resume{c: c, file: file} }

type resume struct {
	c    *screen.Context
	file string
}

func (r *resume) Init() tea.Cmd { return readSave(r.c.Saves, r.file) }

func (r *resume) Update(msg tea.Msg) (screen.Nav, tea.Cmd) {
	if msg, ok := msg.(screen.LoadedMsg[saved]); ok {
		if msg.Err != nil {
			m := NewMenu(r.c).(*menu)
			m.note = fmt.Sprintf("%s cannot be continued: %v", msg.File, msg.Err)
			return screen.Replace(m), nil
		}
		return screen.Replace(newScreen(r.c, msg.Game.setup, msg.Game.game, msg.File)), nil
	}
	return screen.Stay, nil
}

func (r *resume) View() string { return r.c.Center("Loading " + r.file + "…") }
