package tui

import (
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"sort"
	"strconv"
	"strings"
	"time"

	tea "github.com/charmbracelet/bubbletea"

	"github.com/minotaur-game/minotaur/games/labyrinth"
	"github.com/minotaur-game/minotaur/levels"
	"github.com/minotaur-game/minotaur/saves"
)

// A Labyrinth game is saved in the saves folder, beside the Minotaur
// games, in a file of its own format whose name ends in labSaveExt: the
// Minotaur list of saves (which takes .json files) never shows it, and the
// Labyrinth menu lists only these.
const (
	LabSaveFormat  = "minotaur-labyrinth-save"
	LabSaveVersion = 1
	labSavePrefix  = "labyrinth-"
	labSaveExt     = ".labsave"
)

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
	lg := &labGame{name: name, text: text, g: g}
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

// labSavedMsg reports a save.
type labSavedMsg struct {
	path string
	err  error
}

// saveLab writes the game to its save file, file, replacing it, or to a
// new file of the saves folder when it has none yet ("") — through
// saves.WriteFile, the atomic writer.
func saveLab(dir, file string, data []byte, now time.Time) tea.Cmd {
	return func() tea.Msg {
		if err := os.MkdirAll(dir, 0o755); err != nil {
			return labSavedMsg{err: fmt.Errorf("the game was not saved: %w", err)}
		}
		if file != "" {
			path := filepath.Join(dir, file)
			if err := saves.WriteFile(path, data); err != nil {
				return labSavedMsg{err: fmt.Errorf("the game was not saved: %w", err)}
			}
			return labSavedMsg{path: path}
		}
		base := labSavePrefix + now.Format("20060102-150405")
		for n := 1; n <= 1000; n++ {
			name := base + labSaveExt
			if n > 1 {
				name = base + "-" + strconv.Itoa(n) + labSaveExt
			}
			path := filepath.Join(dir, name)
			if _, err := os.Lstat(path); err == nil {
				continue
			}
			if err := saves.WriteFile(path, data); err != nil {
				return labSavedMsg{err: fmt.Errorf("the game was not saved: %w", err)}
			}
			return labSavedMsg{path: path}
		}
		return labSavedMsg{err: errors.New("the game was not saved: too many saves of this second")}
	}
}

// labSaveInfo is one saved Labyrinth game as listed.
type labSaveInfo struct {
	file    string // file name in the folder
	name    string // the field's name
	players int
	turn    int
	saved   time.Time
	err     error // why it cannot be continued
}

// labSavesMsg carries the list of saved Labyrinth games, newest first.
type labSavesMsg struct {
	list []labSaveInfo
	err  error
}

// listLabSaves reads the saved Labyrinth games of the folder.
func listLabSaves(dir string) tea.Cmd {
	return func() tea.Msg {
		entries, err := os.ReadDir(dir)
		if errors.Is(err, fs.ErrNotExist) {
			return labSavesMsg{}
		}
		if err != nil {
			return labSavesMsg{err: fmt.Errorf("cannot list the saved games: %w", err)}
		}
		var list []labSaveInfo
		for _, e := range entries {
			if e.IsDir() || !strings.HasSuffix(e.Name(), labSaveExt) || strings.HasPrefix(e.Name(), ".") {
				continue
			}
			info := labSaveInfo{file: e.Name()}
			data, err := saves.ReadFileLimit(filepath.Join(dir, e.Name()), saves.MaxSaveSize)
			if err == nil {
				var f labSaveFile
				_, f, err = decodeLabSave(data)
				info.name, info.players, info.turn, info.saved = f.Name, f.Players, f.Turn, f.Saved
			}
			info.err = err
			list = append(list, info)
		}
		sort.SliceStable(list, func(i, j int) bool { return list[i].file > list[j].file })
		return labSavesMsg{list: list}
	}
}

// labLoadedMsg carries a saved game read back.
type labLoadedMsg struct {
	file string
	lg   *labGame
	err  error
}

// loadLab reads a saved Labyrinth game.
func loadLab(dir, file string) tea.Cmd {
	return func() tea.Msg {
		data, err := saves.ReadFileLimit(filepath.Join(dir, file), saves.MaxSaveSize)
		if err != nil {
			return labLoadedMsg{file: file, err: err}
		}
		lg, _, err := decodeLabSave(data)
		return labLoadedMsg{file: file, lg: lg, err: err}
	}
}

// removeLabSave deletes a won game's save; a save already gone is no error
// worth telling.
func removeLabSave(dir, file string) tea.Cmd {
	if file == "" {
		return nil
	}
	return func() tea.Msg {
		os.Remove(filepath.Join(dir, file))
		return nil
	}
}
