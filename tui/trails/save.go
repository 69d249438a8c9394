package trails

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

	rules "github.com/minotaur-game/minotaur/games/trails"
	"github.com/minotaur-game/minotaur/saves"
)

// A Trails game is saved in the saves folder beside the Minotaur and
// Labyrinth games, in a file of its own format whose name ends in SaveExt
// (docs/files.md): one file a game, replaced by each save, removed when
// the game ends.
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
	return json.MarshalIndent(saveFile{Format: SaveFormat, Version: SaveVersion, Saved: now.UTC(),
		VsBot: s.bot != nil, BotLevel: s.setup.BotLevel, Moves: len(s.g.Moves()), Game: game}, "", " ")
}

func decodeSave(data []byte) (saveFile, *rules.Game, error) {
	var f saveFile
	if len(strings.TrimSpace(string(data))) == 0 {
		return f, nil, errors.New("the file is empty")
	}
	if err := json.Unmarshal(data, &f); err != nil {
		return f, nil, fmt.Errorf("it is damaged (%v)", err)
	}
	switch {
	case f.Format != SaveFormat:
		return f, nil, fmt.Errorf("it is not a saved Trails game: its format is %q", f.Format)
	case f.Version > SaveVersion:
		return f, nil, fmt.Errorf("it was saved by a newer version of minotaur (version %d; this one reads up to %d)", f.Version, SaveVersion)
	case f.VsBot && (f.BotLevel < rules.MinBotLevel || f.BotLevel > rules.MaxBotLevel):
		return f, nil, fmt.Errorf("its computer level %d is not %d to %d", f.BotLevel, rules.MinBotLevel, rules.MaxBotLevel)
	}
	g, err := rules.Load(f.Game)
	if err != nil {
		return f, nil, err
	}
	return f, g, nil
}

// savedMsg reports a save.
type savedMsg struct {
	file string
	err  error
}

// saveGame writes the game to its save file, replacing it, or to a new file
// of the folder when it has none yet — through saves.WriteFile, the atomic
// writer.
func saveGame(dir, file string, data []byte, now time.Time) tea.Cmd {
	return func() tea.Msg {
		fail := func(err error) tea.Msg { return savedMsg{err: fmt.Errorf("the game was not saved: %w", err)} }
		if err := os.MkdirAll(dir, 0o755); err != nil {
			return fail(err)
		}
		if file != "" {
			if err := saves.WriteFile(filepath.Join(dir, file), data); err != nil {
				return fail(err)
			}
			return savedMsg{file: file}
		}
		base := SavePrefix + now.Format("20060102-150405")
		for n := 1; n <= 1000; n++ {
			name := base + SaveExt
			if n > 1 {
				name = base + "-" + strconv.Itoa(n) + SaveExt
			}
			if _, err := os.Lstat(filepath.Join(dir, name)); err == nil {
				continue
			}
			if err := saves.WriteFile(filepath.Join(dir, name), data); err != nil {
				return fail(err)
			}
			return savedMsg{file: name}
		}
		return fail(errors.New("too many saves in this second"))
	}
}

// removeSave deletes an ended game's save.
func removeSave(dir, file string) tea.Cmd {
	if dir == "" || file == "" {
		return nil
	}
	return func() tea.Msg {
		os.Remove(filepath.Join(dir, file))
		return nil
	}
}

// SaveInfo is one saved Trails game as a saves list shows it.
type SaveInfo struct {
	File  string
	Saved time.Time
	// Text describes it: "11×11, 3 towers, against the computer (level 2), move 14".
	Text string
	// Err says why it cannot be continued.
	Err error
}

// ListSaves reads the saved Trails games of the folder, newest first. Call
// it from a tea.Cmd: it reads files.
func ListSaves(dir string) ([]SaveInfo, error) {
	entries, err := os.ReadDir(dir)
	if errors.Is(err, fs.ErrNotExist) {
		return nil, nil
	}
	if err != nil {
		return nil, fmt.Errorf("cannot list the saved games: %w", err)
	}
	var list []SaveInfo
	for _, e := range entries {
		if e.IsDir() || !strings.HasSuffix(e.Name(), SaveExt) || strings.HasPrefix(e.Name(), ".") {
			continue
		}
		info := SaveInfo{File: e.Name()}
		data, err := saves.ReadFileLimit(filepath.Join(dir, e.Name()), saves.MaxSaveSize)
		if err == nil {
			var f saveFile
			var g *rules.Game
			f, g, err = decodeSave(data)
			if err == nil {
				info.Saved = f.Saved
				c := g.Config()
				who := "two players"
				if f.VsBot {
					who = fmt.Sprintf("against the computer (level %d)", f.BotLevel)
				}
				info.Text = fmt.Sprintf("%d×%d, %d tower%s, %s, move %d", c.Size, c.Size, c.Towers, plural(c.Towers), who, len(g.Moves())+1)
			}
		}
		info.Err = err
		list = append(list, info)
	}
	sort.SliceStable(list, func(i, j int) bool { return list[i].File > list[j].File })
	return list, nil
}

// Continue reads a saved game back into a screen. Call it from a tea.Cmd.
func Continue(dir, file string, opt Options) (*Screen, error) {
	data, err := saves.ReadFileLimit(filepath.Join(dir, file), saves.MaxSaveSize)
	if err != nil {
		return nil, err
	}
	f, g, err := decodeSave(data)
	if err != nil {
		return nil, fmt.Errorf("%s cannot be continued: %w", file, err)
	}
	opt.SavesDir = dir
	s := Setup{Config: g.Config(), VsBot: f.VsBot, BotLevel: f.BotLevel, Seed: g.Seed()}
	return newScreen(s, opt, g, file), nil
}
