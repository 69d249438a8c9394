package screen

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"runtime"
	"sort"
	"strconv"
	"strings"
	"syscall"
	"time"

	tea "github.com/charmbracelet/bubbletea"

	"github.com/minotaur-game/minotaur/saves"
)

// A game other than Minotaur keeps its saved games in the saves folder, in
// files of its own whose names end in the game's extension (".labsave"):
// the Minotaur list of saves (which takes .json files) never shows them,
// and each game's menu lists only its own. A game has one save, replaced by
// each save and removed when the game is over.

// SavedMsg reports a save: the file written, or why none was.
type SavedMsg struct {
	Path string
	Err  error
}

// WriteSave writes data to the save file file of the folder dir, replacing
// it, or to a new file named prefix, the time and ext when file is "" —
// through saves.WriteFile, the atomic writer. It reports a SavedMsg.
func WriteSave(dir, file, prefix, ext string, data []byte, now time.Time) tea.Cmd {
	return func() tea.Msg {
		if err := os.MkdirAll(dir, 0o755); err != nil {
			return SavedMsg{Err: fmt.Errorf("the game was not saved: %w", err)}
		}
		if file != "" {
			path := filepath.Join(dir, file)
			if err := saves.WriteFile(path, data); err != nil {
				return SavedMsg{Err: fmt.Errorf("the game was not saved: %w", err)}
			}
			return SavedMsg{Path: path}
		}
		base := prefix + now.Format("20060102-150405")
		for n := 1; n <= 1000; n++ {
			name := base + ext
			if n > 1 {
				name = base + "-" + strconv.Itoa(n) + ext
			}
			path := filepath.Join(dir, name)
			if _, err := os.Lstat(path); err == nil {
				continue
			}
			if err := saves.WriteFile(path, data); err != nil {
				return SavedMsg{Err: fmt.Errorf("the game was not saved: %w", err)}
			}
			return SavedMsg{Path: path}
		}
		return SavedMsg{Err: errors.New("the game was not saved: too many saves of this second")}
	}
}

// SaveInfo is one saved game as a game's menu lists it.
type SaveInfo struct {
	File   string    // the file's name in the folder
	Title  string    // what the game is (its field's name)
	Detail string    // players, turn
	Saved  time.Time // when it was saved
	Err    error     // why it cannot be continued
}

// SavedAt is when a game was saved, as every list of saved games writes
// it: "2025-03-14 15:10", in the player's time zone.
func SavedAt(t time.Time) string { return t.Local().Format("2006-01-02 15:04") }

// SavesMsg carries the saved games of one kind, newest first.
type SavesMsg struct {
	List []SaveInfo
	Err  error
}

// ListSaves lists the saves of the folder whose names end in ext: each
// file read (within saves.MaxSaveSize) and described by describe, whose
// error tells why the game cannot be continued. It reports a SavesMsg; a
// folder that does not exist yet holds no save.
func ListSaves(dir, ext string, describe func(data []byte) (SaveInfo, error)) tea.Cmd {
	return func() tea.Msg {
		entries, err := os.ReadDir(dir)
		if errors.Is(err, fs.ErrNotExist) {
			return SavesMsg{}
		}
		if err != nil {
			return SavesMsg{Err: fmt.Errorf("cannot list the saved games: %w", err)}
		}
		var list []SaveInfo
		for _, e := range entries {
			if e.IsDir() || !strings.HasSuffix(e.Name(), ext) || strings.HasPrefix(e.Name(), ".") {
				continue
			}
			var info SaveInfo
			data, err := saves.ReadFileLimit(filepath.Join(dir, e.Name()), saves.MaxSaveSize)
			if err == nil {
				info, err = describe(data)
			}
			info.File, info.Err = e.Name(), err
			list = append(list, info)
		}
		// The names hold the time they were first saved (and a number
		// after it for a second game saved in the same second).
		sort.SliceStable(list, func(i, j int) bool {
			return strings.TrimSuffix(list[i].File, ext) > strings.TrimSuffix(list[j].File, ext)
		})
		return SavesMsg{List: list}
	}
}

// LoadedMsg carries a saved game read back, or why it could not be.
type LoadedMsg[T any] struct {
	File string
	Game T
	Err  error
}

// ReadSave reads the save file of the folder dir (within
// saves.MaxSaveSize) and decodes it; it reports a LoadedMsg[T].
func ReadSave[T any](dir, file string, decode func(data []byte) (T, error)) tea.Cmd {
	return func() tea.Msg {
		data, err := saves.ReadFileLimit(filepath.Join(dir, file), saves.MaxSaveSize)
		if err != nil {
			return LoadedMsg[T]{File: file, Err: err}
		}
		g, err := decode(data)
		return LoadedMsg[T]{File: file, Game: g, Err: err}
	}
}

// RemoveSave deletes the save of a game that is over; a save already gone
// is no error worth telling. It is nil when file is "".
func RemoveSave(dir, file string) tea.Cmd {
	if file == "" {
		return nil
	}
	return func() tea.Msg {
		os.Remove(filepath.Join(dir, file))
		return nil
	}
}

// SaveFailed is the sentence shown when a game could not be saved: why,
// and what the player can do.
func SaveFailed(err error) string {
	msg := err.Error()
	if msg != "" {
		msg = strings.ToUpper(msg[:1]) + msg[1:]
	}
	return msg + ". " + WriteAdvice(err, "saves folder (--saves)") + ", and save again."
}

// WriteAdvice is what a player can do about a file that could not be
// written, by its cause; folder names the folder and the flag that moves it.
func WriteAdvice(err error, folder string) string {
	switch {
	case diskFull(err):
		return "Free some disk space, or choose another " + folder
	case errors.Is(err, fs.ErrPermission):
		return "Allow writing there, or choose another " + folder
	case errors.Is(err, syscall.ENOTDIR), errors.Is(err, fs.ErrExist):
		return "A file stands where a folder is needed: choose another " + folder
	}
	return "Choose another " + folder
}

// diskFull reports whether err says that the disk is full.
func diskFull(err error) bool {
	if errors.Is(err, syscall.ENOSPC) {
		return true
	}
	// ERROR_HANDLE_DISK_FULL and ERROR_DISK_FULL on Windows.
	var no syscall.Errno
	return runtime.GOOS == "windows" && errors.As(err, &no) && (no == 39 || no == 112)
}

// ReplayFailed is the sentence shown when a finished game's replay could
// not be written.
func ReplayFailed(err error) string {
	msg := err.Error()
	if msg != "" {
		msg = strings.ToUpper(msg[:1]) + msg[1:]
	}
	return msg + ". " + WriteAdvice(err, "saves folder (--saves), beside which replays are kept") + "."
}
