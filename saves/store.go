package saves

import (
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"time"

	"github.com/minotaur-game/minotaur/engine"
)

// The saved-game file's format name and the newest version this package
// reads and the only one it writes.
const (
	SaveFormat  = "minotaur-save"
	SaveVersion = 1
)

// saveFile is the JSON form of a saved game: metadata for the list of saves,
// the recording so far, and the engine's whole game.
type saveFile struct {
	Format    string          `json:"format"`
	Version   int             `json:"version"`
	Saved     time.Time       `json:"saved"`
	Level     int             `json:"level"`
	Levels    int             `json:"levels"`
	Score     int             `json:"score"`
	Seed      uint64          `json:"seed"`
	Players   int             `json:"players"`
	LevelName string          `json:"level_name,omitempty"`
	Replay    *replayFile     `json:"replay,omitempty"`
	Game      json.RawMessage `json:"game"`
}

// Store is the folder of saved games. A game's first save is a new file,
// never an overwrite of another game's; saving the same game again replaces
// its own file (Replace). The folder is created on the first save. The zero
// value is not usable; set Dir.
type Store struct {
	Dir string
}

// SaveInfo describes one file of the saves folder, as listed for the
// player. A damaged file has Err set and only Name, Path and Modified are
// meaningful.
type SaveInfo struct {
	Name      string    // file name in the folder: what Load and Delete take
	Path      string    // full path
	Saved     time.Time // when the game was saved
	Modified  time.Time // the file's modification time
	Level     int       // level being played, 1-based
	Levels    int       // levels in the campaign
	Turn      int       // turn of that level
	Score     int
	Seed      uint64
	Players   int
	LevelName string // the level's name, for custom levels that have one
	// Err, when not nil, says why the file cannot be loaded: a
	// *DamageError (errors.Is ErrEmpty, ErrTruncated, ErrNotJSON,
	// ErrWrongFormat, ErrBadContent) or a *NewerVersionError.
	Err error
}

// Damaged reports whether the file cannot be loaded.
func (s SaveInfo) Damaged() bool { return s.Err != nil }

// Reason is the sentence that tells the player why a damaged file cannot
// be loaded, without the file name; empty for a good save.
func (s SaveInfo) Reason() string {
	var de *DamageError
	switch {
	case s.Err == nil:
		return ""
	case errors.As(s.Err, &de):
		return de.Detail
	}
	return s.Err.Error()
}

// Loaded is a saved game read back.
type Loaded struct {
	Game *engine.Game
	Info SaveInfo
	// Recorder continues the game's replay from where it was saved; nil for
	// a save that holds no recording.
	Recorder *Recorder
}

// Save writes the whole game g, and the recording rec of its moves so far
// (nil for none), to a new file in the folder, named save-<now>.json (with
// -2, -3… when that name is taken), and returns its description. now is the
// date recorded in the save.
func (s Store) Save(g *engine.Game, rec *Recorder, now time.Time) (SaveInfo, error) {
	data, err := encodeSave(g, rec, now)
	if err != nil {
		return SaveInfo{}, err
	}
	if err := ensureDir(s.Dir); err != nil {
		return SaveInfo{}, fmt.Errorf("the game was not saved: %w", err)
	}
	removeStale(s.Dir, "", now)
	path, err := writeNew(s.Dir, "save-"+now.Format(fileTime), ".json", data)
	if err != nil {
		return SaveInfo{}, fmt.Errorf("the game was not saved: %w", err)
	}
	info := infoOf(g)
	info.Name, info.Path, info.Saved, info.Modified = filepath.Base(path), path, now, now
	return info, nil
}

// Replace writes the whole game g, and its recording rec (nil for none),
// over the save with the given file name (as Save returned or List listed),
// atomically: the file holds the earlier save or this one in full, never a
// mix. It is how a game that already has a save saves again: one game, one
// file. A file that is gone (deleted meanwhile) is written anew.
func (s Store) Replace(name string, g *engine.Game, rec *Recorder, now time.Time) (SaveInfo, error) {
	if err := checkName(name); err != nil {
		return SaveInfo{}, err
	}
	data, err := encodeSave(g, rec, now)
	if err != nil {
		return SaveInfo{}, err
	}
	if err := ensureDir(s.Dir); err != nil {
		return SaveInfo{}, fmt.Errorf("the game was not saved: %w", err)
	}
	removeStale(s.Dir, "", now)
	path := filepath.Join(s.Dir, name)
	if err := WriteFile(path, data); err != nil {
		return SaveInfo{}, fmt.Errorf("the game was not saved: %w", err)
	}
	info := infoOf(g)
	info.Name, info.Path, info.Saved, info.Modified = name, path, now, now
	return info, nil
}

// encodeSave builds a save file's content.
func encodeSave(g *engine.Game, rec *Recorder, now time.Time) ([]byte, error) {
	game, err := json.Marshal(g)
	if err != nil {
		return nil, fmt.Errorf("the game could not be saved: %w", err)
	}
	info := infoOf(g)
	f := saveFile{
		Format: SaveFormat, Version: SaveVersion, Saved: now,
		Level: info.Level, Levels: info.Levels, Score: info.Score, Seed: info.Seed,
		Players: info.Players, LevelName: info.LevelName, Game: game,
	}
	if rec != nil {
		rf := rec.Replay().file()
		f.Replay = &rf
	}
	return json.Marshal(f)
}

// infoOf takes a save's description from the game itself.
func infoOf(g *engine.Game) SaveInfo {
	return SaveInfo{Level: g.LevelNumber(), Levels: g.Levels(), Turn: g.TurnNumber(), Score: g.Score(), Seed: g.Seed(),
		Players: g.Players(), LevelName: g.CurrentLevel().Name}
}

// List describes every save in the folder, newest first (by the date in the
// save; a damaged file by its modification time). Damaged files are listed
// too, each with its reason, and never hide the others. A missing folder is
// an empty list; only a folder that cannot be read is an error.
//
// Listing the folder also removes the temporary files that writes killed
// in their middle left behind (see WriteFile), once they are a minute old.
func (s Store) List() ([]SaveInfo, error) {
	removeStale(s.Dir, "", time.Now())
	entries, err := os.ReadDir(s.Dir)
	if errors.Is(err, fs.ErrNotExist) {
		return nil, nil
	}
	if err != nil {
		return nil, fmt.Errorf("cannot list the saved games: %w", err)
	}
	var list []SaveInfo
	for _, e := range entries {
		name := e.Name()
		if !isSaveName(name) || e.IsDir() {
			continue
		}
		info, _ := s.read(name)
		list = append(list, info.SaveInfo)
	}
	slices.SortStableFunc(list, func(a, b SaveInfo) int {
		if c := b.when().Compare(a.when()); c != 0 {
			return c
		}
		// Saved in the same second: save-T-2.json came after save-T.json,
		// save-T-10.json after save-T-9.json.
		if c := len(b.Name) - len(a.Name); c != 0 {
			return c
		}
		return strings.Compare(b.Name, a.Name)
	})
	return list, nil
}

// when is the time a save is sorted by.
func (s SaveInfo) when() time.Time {
	if s.Err == nil {
		return s.Saved
	}
	return s.Modified
}

// isSaveName reports whether a file name in the folder is a save's: a
// .json file that is not hidden (temporary files start with a dot).
func isSaveName(name string) bool {
	return strings.HasSuffix(name, ".json") && !strings.HasPrefix(name, ".")
}

// Load reads the save with the given file name (as listed) and returns the
// game, ready to continue exactly where it was saved.
func (s Store) Load(name string) (Loaded, error) {
	if err := checkName(name); err != nil {
		return Loaded{}, err
	}
	l, err := s.read(name)
	if err != nil {
		return Loaded{}, err
	}
	return l.Loaded, nil
}

// Delete removes the save with the given file name (as listed), damaged or not.
func (s Store) Delete(name string) error {
	if err := checkName(name); err != nil {
		return err
	}
	err := os.Remove(filepath.Join(s.Dir, name))
	if errors.Is(err, fs.ErrNotExist) {
		return fmt.Errorf("the save %s is already gone", name)
	}
	if err != nil {
		return fmt.Errorf("cannot delete the save %s: %w", name, err)
	}
	return syncDir(s.Dir)
}

// checkName refuses anything but a plain file name of the folder.
func checkName(name string) error {
	if name == "" || name != filepath.Base(name) || name == "." || name == ".." || strings.ContainsAny(name, `/\`) {
		return fmt.Errorf("%q is not the name of a saved game", name)
	}
	return nil
}

// readResult is a save read from the folder.
type readResult struct {
	Loaded
	SaveInfo
}

// read reads and checks one save completely: the envelope, the metadata,
// the recording and the engine's game.
func (s Store) read(name string) (readResult, error) {
	path := filepath.Join(s.Dir, name)
	var r readResult
	r.SaveInfo = SaveInfo{Name: name, Path: path}
	fail := func(err error) (readResult, error) {
		var de *DamageError
		if errors.As(err, &de) && de.Path == "" {
			de.Path = path
		}
		r.SaveInfo.Err = err
		r.Loaded = Loaded{Info: r.SaveInfo}
		return r, err
	}
	st, err := os.Stat(path)
	if err != nil {
		return fail(fmt.Errorf("cannot read the save %s: %w", name, err))
	}
	r.Modified = st.ModTime()
	data, err := ReadFileLimit(path, MaxSaveSize)
	var de *DamageError
	if errors.As(err, &de) {
		return fail(err) // a pipe, a device, a file far too large: damaged
	}
	if err != nil {
		return fail(fmt.Errorf("cannot read the save %s: %w", name, err))
	}
	g, f, err := decodeSave(data)
	if err != nil {
		return fail(err)
	}
	info := infoOf(g)
	info.Name, info.Path, info.Saved, info.Modified = name, path, f.Saved, r.Modified
	r.SaveInfo = info
	r.Loaded = Loaded{Game: g, Info: info}
	if f.Replay != nil {
		r.Loaded.Recorder = ResumeRecorder(Replay{Seed: f.Replay.Seed, Levels: f.Replay.Levels, Players: f.Replay.Players, Moves: f.Replay.Moves})
	}
	return r, nil
}

// OlderRulesSave and OlderRulesReplay are what a player is told of a save or
// a replay from before the hunters' hearing (docs/files.md).
const (
	OlderRulesSave   = "it was saved under the old rules, before hunters kept their posts until they heard you; this version of minotaur cannot continue it (the file is kept as it is)"
	OlderRulesReplay = "it was recorded under the old rules, before hunters kept their posts until they heard you; its moves would play a different game now, so this version of minotaur does not play it back"
)

// DecodeSave reads a save file's content and returns the game. It is what
// Store.Load does after reading the file; errors are as in SaveInfo.Err.
func DecodeSave(data []byte) (*engine.Game, error) {
	g, _, err := decodeSave(data)
	return g, err
}

func decodeSave(data []byte) (*engine.Game, saveFile, error) {
	var f saveFile
	var env struct {
		Version int `json:"version"`
	}
	if err := checkEnvelope(data, SaveFormat, SaveVersion, 0, "a saved game", &env); err != nil {
		return nil, f, err
	}
	if env.Version < SaveVersion {
		var err error
		if data, err = MigrateSave(data, env.Version); err != nil {
			return nil, f, &DamageError{Kind: ErrWrongFormat, Detail: err.Error()}
		}
	}
	if err := json.Unmarshal(data, &f); err != nil {
		return nil, f, &DamageError{Kind: ErrBadContent, Detail: "its content is damaged: " + jsonProblem(data, err)}
	}
	if len(f.Game) == 0 || string(f.Game) == "null" {
		return nil, f, &DamageError{Kind: ErrBadContent, Detail: `it holds no game (the "game" field is missing)`}
	}
	if f.Replay != nil && (f.Replay.Players != 1 && f.Replay.Players != 2 || !validMoves(f.Replay.Moves)) {
		return nil, f, &DamageError{Kind: ErrBadContent, Detail: "its recording of the moves is damaged"}
	}
	g, err := engine.Load(f.Game)
	if errors.Is(err, engine.ErrOlderRules) {
		return nil, f, &DamageError{Kind: ErrWrongFormat, Detail: OlderRulesSave}
	}
	if errors.Is(err, engine.ErrNewerVersion) {
		var gv struct {
			Version int `json:"version"`
		}
		json.Unmarshal(f.Game, &gv)
		return nil, f, &NewerVersionError{What: "a saved game (its game data)", Version: gv.Version, Max: engine.GameVersion}
	}
	if err != nil {
		return nil, f, &DamageError{Kind: ErrBadContent, Detail: "its game is damaged: " + err.Error()}
	}
	return g, f, nil
}

// validMoves reports whether every character is a replay action.
func validMoves(moves string) bool {
	for i := 0; i < len(moves); i++ {
		if _, ok := engine.ParseAction(moves[i]); !ok {
			return false
		}
	}
	return true
}

// saveMigrations[v] turns the content of a version-v save into a version
// v+1 save. Version 1 is the first version, so the list is empty; a change
// of the format adds a step here and raises SaveVersion.
var saveMigrations = map[int]func(data []byte) ([]byte, error){}

// MigrateSave turns the content of a save written in an older version into
// the current version, one step at a time, and returns it.
func MigrateSave(data []byte, from int) ([]byte, error) {
	for v := from; v < SaveVersion; v++ {
		step, ok := saveMigrations[v]
		if !ok {
			return nil, fmt.Errorf("it is a saved game of version %d, which this version of minotaur cannot convert", v)
		}
		var err error
		if data, err = step(data); err != nil {
			return nil, fmt.Errorf("it is a saved game of version %d that could not be converted: %v", v, err)
		}
	}
	return data, nil
}
