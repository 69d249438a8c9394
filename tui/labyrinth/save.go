package labyrinth

import (
	"encoding/json"
	"errors"
	"fmt"
	"strings"
	"time"

	tea "github.com/charmbracelet/bubbletea"

	"github.com/minotaur-game/minotaur/games/labyrinth"
	"github.com/minotaur-game/minotaur/levels"
	"github.com/minotaur-game/minotaur/safetext"
	"github.com/minotaur-game/minotaur/tui/screen"
)

// A Labyrinth game is saved in the saves folder, beside the Minotaur
// games, in a file of its own format whose name ends in labSaveExt: the
// Minotaur list of saves (which takes .json files) never shows it; the main
// menu's Continue lists them through ListSaves, beside the other games'.
const (
	LabSaveFormat  = "minotaur-labyrinth-save"
	LabSaveVersion = 1
	labSavePrefix  = "labyrinth-"
	labSaveExt     = ".labsave"
)

// SaveExt ends the names of saved Labyrinth games.
const SaveExt = labSaveExt

// labGame is one Labyrinth game in the interface: the referee, the field
// file it plays, and what each player has heard (their log) and drawn
// (their notebook).
type labGame struct {
	name  string // the field's name
	text  string // the field file
	g     *labyrinth.Game
	logs  [][]labyrinth.Answer
	books []labyrinth.Notebook
	// seen[i] is how many of player i+1's answers they have seen on
	// their own screen: the rest came since their last turn.
	seen    []int
	unsaved bool
	// file is the game's save in the saves folder, once it has one: a
	// game has one save, replaced by each save and removed when the game
	// is won (docs/files.md).
	file string
}

func newLabGame(name, text string, g *labyrinth.Game) *labGame {
	lg := &labGame{name: safetext.Clean(name), text: text, g: g} // a saved game's name is a file's
	n := g.Players()
	lg.logs = make([][]labyrinth.Answer, n)
	lg.books = make([]labyrinth.Notebook, n)
	lg.seen = make([]int, n)
	return lg
}

// record gives each answer to its player: into the log and the notebook.
func (lg *labGame) record(answers []labyrinth.Answer) {
	for _, a := range answers {
		i := a.Player - 1
		lg.logs[i] = append(lg.logs[i], a)
		lg.books[i].Observe(a)
	}
}

// labSaveFile is the JSON form of a saved Labyrinth game.
type labSaveFile struct {
	Format  string               `json:"format"`
	Version int                  `json:"version"`
	Saved   time.Time            `json:"saved"`
	Name    string               `json:"name"`
	Players int                  `json:"players"`
	Turn    int                  `json:"turn"`
	Field   string               `json:"field"`
	Game    json.RawMessage      `json:"game"`
	Logs    [][]labyrinth.Answer `json:"logs"`
	Seen    []int                `json:"seen"`
}

// encode writes the game as a save file.
func (lg *labGame) encode(now time.Time) ([]byte, error) {
	game, err := json.Marshal(lg.g)
	if err != nil {
		return nil, err
	}
	return json.MarshalIndent(labSaveFile{
		Format: LabSaveFormat, Version: LabSaveVersion, Saved: now.UTC(), Name: lg.name,
		Players: lg.g.Players(), Turn: lg.g.Turn(), Field: lg.text, Game: game, Logs: lg.logs, Seen: lg.seen,
	}, "", " ")
}

// decodeLabSave reads a save file back into a game.
func decodeLabSave(data []byte) (*labGame, labSaveFile, error) {
	var f labSaveFile
	if len(strings.TrimSpace(string(data))) == 0 {
		return nil, f, errors.New("the file is empty")
	}
	if err := json.Unmarshal(data, &f); err != nil {
		return nil, f, fmt.Errorf("it is damaged (%v)", err)
	}
	safetext.All(&f.Name) // the field's name is drawn: a file's text
	switch {
	case f.Format != LabSaveFormat:
		return nil, f, fmt.Errorf("it is not a saved Labyrinth game: its format is %q", f.Format)
	case f.Version > LabSaveVersion:
		return nil, f, fmt.Errorf("it was saved by a newer version of minotaur (version %d; this one reads up to %d)", f.Version, LabSaveVersion)
	}
	lab, err := levels.ParseLabyrinth(f.Name, []byte(f.Field))
	if err != nil {
		return nil, f, fmt.Errorf("its field is damaged: %v", err)
	}
	g, err := labyrinth.Load(lab, f.Game)
	if err != nil {
		return nil, f, err
	}
	if len(f.Logs) != g.Players() || len(f.Seen) != g.Players() {
		return nil, f, fmt.Errorf("it holds the answers of %d players for a game of %d", len(f.Logs), g.Players())
	}
	lg := newLabGame(f.Name, f.Field, g)
	for i, log := range f.Logs {
		for _, a := range log {
			if err := a.Check(g.Players()); err != nil {
				return nil, f, fmt.Errorf("its answers are damaged: %v", err)
			}
			if a.Player != i+1 {
				return nil, f, errors.New("its answers are mixed up between the players")
			}
		}
		lg.record(log)
		lg.seen[i] = min(max(f.Seen[i], 0), len(log))
	}
	return lg, f, nil
}

// saveLab writes the game to its save file, file, replacing it, or to a
// new file of the saves folder when it has none yet (""); it reports a
// screen.SavedMsg.
func saveLab(dir, file string, data []byte, now time.Time) tea.Cmd {
	return screen.WriteSave(dir, file, labSavePrefix, labSaveExt, data, now)
}

// listLabSaves lists the saved Labyrinth games of the folder, newest
// first, in a screen.SavesMsg.
func listLabSaves(dir string) tea.Cmd {
	return screen.ListSaves(dir, labSaveExt, func(data []byte) (screen.SaveInfo, error) {
		_, f, err := decodeLabSave(data)
		info := screen.SaveInfo{Title: f.Name, Saved: f.Saved,
			Detail: fmt.Sprintf("%d player%s · turn %d", f.Players, map[bool]string{true: "s"}[f.Players > 1], f.Turn)}
		return info, err
	})
}

// ListSaves lists the saved Labyrinth games of the folder, newest first: a
// screen.SavesMsg, each with its field (Title) and players and turn
// (Detail). The main menu's Continue lists them beside Minotaur's.
func ListSaves(dir string) tea.Cmd { return listLabSaves(dir) }

// Resume is the screen that continues the saved game file of the saves
// folder: it reads it, then shows the game, or the Labyrinth menu saying
// why the file cannot be continued.
func Resume(c *screen.Context, file string) screen.Screen { return &resume{c: c, file: file} }

type resume struct {
	c    *screen.Context
	file string
}

func (r *resume) Init() tea.Cmd { return loadLab(r.c.Saves, r.file) }

func (r *resume) Update(msg tea.Msg) (screen.Nav, tea.Cmd) {
	if msg, ok := msg.(screen.LoadedMsg[*labGame]); ok {
		if msg.Err != nil {
			m := newLabMenu(r.c)
			m.note = fmt.Sprintf("%s cannot be continued: %v", msg.File, msg.Err)
			return screen.Replace(m), nil
		}
		msg.Game.file = msg.File // saving again replaces it
		return screen.Replace(newLabGameScreen(r.c, msg.Game, true)), nil
	}
	return screen.Stay, nil
}

func (r *resume) View() string { return r.c.Center("Loading " + r.file + "…") }

// loadLab reads a saved Labyrinth game, in a screen.LoadedMsg[*labGame].
func loadLab(dir, file string) tea.Cmd {
	return screen.ReadSave(dir, file, func(data []byte) (*labGame, error) {
		lg, _, err := decodeLabSave(data)
		return lg, err
	})
}
