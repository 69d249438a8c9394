package saves

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"runtime"
	"strings"
)

// Names of the files in the data folder (and of the files next to the
// game, where the first versions kept them).
const (
	SavesDirName   = "saves"
	ScoresFileName = "highscores.json"
	ReplaysDirName = "replays"
	// AppDirName is the game's folder in the user's data and
	// configuration folders.
	AppDirName = "minotaur"
	// PortableMarker is the file that, next to the program, keeps the
	// data and the settings next to it (a game on a USB stick).
	PortableMarker = "portable"
	// DataEnv names the environment variable that chooses the data folder.
	DataEnv = "MINOTAUR_DATA"
)

// Paths are where the game keeps its files.
type Paths struct {
	// Data is the data folder: saves, scores and replays unless a flag
	// put one of them elsewhere.
	Data    string
	Saves   string // folder of saved games
	Scores  string // the high-score table
	Replays string // folder of replays: "replays" beside the saves folder
	// Config is the settings folder (the settings and the keymap).
	Config string
	// From says how the data folder was chosen: "--data", DataEnv,
	// "portable" or "" for the user's data folder, the default.
	From string

	given struct{ saves, scores bool } // set by a flag: never moved there
}

// Given are the command line's choices of places; "" for the default.
type Given struct {
	Data   string // --data: the data folder
	Saves  string // --saves: the saves folder
	Scores string // --scores: the high-score file
}

// Env is what path resolution needs to know about the machine. Only the
// command line fills it from the real machine (LocalEnv); tests make their own.
type Env struct {
	// Executable is the path of the running program.
	Executable string
	// ConfigDir is the per-user configuration folder (os.UserConfigDir),
	// Home the user's home folder (os.UserHomeDir).
	ConfigDir string
	Home      string
	// Windows is true on Windows: the data folder is %LOCALAPPDATA%.
	Windows bool
	// Getenv reads the environment: XDG_DATA_HOME, XDG_CONFIG_HOME,
	// LOCALAPPDATA and MINOTAUR_DATA (nil: nothing set).
	Getenv func(string) string
	// Scratch lists folders that are never "next to the game": where `go run`
	// and `go test` build programs (the temporary folder, the build cache).
	Scratch []string
}

// getenv is Env.Getenv, "" when there is none.
func (e Env) getenv(k string) string {
	if e.Getenv == nil {
		return ""
	}
	return e.Getenv(k)
}

// LocalEnv describes this machine: the running program, the user's
// folders, the environment and the scratch folders of the Go tool. Errors
// leave the field empty; ResolvePaths reports what it then cannot decide.
func LocalEnv() Env {
	e := Env{Getenv: os.Getenv, Windows: runtime.GOOS == "windows"}
	if exe, err := os.Executable(); err == nil {
		e.Executable = exe
	}
	if dir, err := os.UserConfigDir(); err == nil {
		e.ConfigDir = dir
	}
	if dir, err := os.UserHomeDir(); err == nil {
		e.Home = dir
	}
	e.Scratch = append(e.Scratch, os.TempDir())
	for _, v := range []string{"GOTMPDIR", "GOCACHE"} {
		if d := os.Getenv(v); d != "" {
			e.Scratch = append(e.Scratch, d)
		}
	}
	if dir, err := os.UserCacheDir(); err == nil {
		e.Scratch = append(e.Scratch, filepath.Join(dir, "go-build"))
	}
	return e
}

// ResolvePaths decides where the saves, the score table, the replays and
// the settings live. A flag that is not empty wins (g.Saves is a folder,
// g.Scores a file); replays go into "replays/" beside the saves folder.
// The data folder is, first found:
//   - g.Data (--data DIR), then the folder in MINOTAUR_DATA;
//   - the program's own folder when a file named "portable" lies next to
//     the program (the settings are kept there too);
//   - the user's data folder: $XDG_DATA_HOME/minotaur, else
//     ~/.local/share/minotaur; %LOCALAPPDATA%\minotaur on Windows.
//
// The settings folder is $XDG_CONFIG_HOME/minotaur, else the user's
// configuration folder (os.UserConfigDir) /minotaur.
//
// ResolvePaths creates nothing: the folders are created when first
// written to. Files the first versions kept elsewhere are moved by
// MoveOldFiles.
func ResolvePaths(g Given, env Env) (Paths, error) {
	var p Paths
	p.given.saves, p.given.scores = g.Saves != "", g.Scores != ""
	exeDir := programDir(env)
	portable := exeDir != "" && isFile(filepath.Join(exeDir, PortableMarker))
	switch {
	case g.Data != "":
		p.Data, p.From = g.Data, "--data"
	case env.getenv(DataEnv) != "":
		p.Data, p.From = env.getenv(DataEnv), DataEnv
	case portable:
		p.Data, p.From = exeDir, "portable"
	case g.Saves == "" || g.Scores == "":
		dir, err := userDataDir(env)
		if err != nil {
			return Paths{}, err
		}
		p.Data = dir
	}
	switch {
	case portable:
		p.Config = exeDir
	case absEnv(env, "XDG_CONFIG_HOME") != "":
		p.Config = filepath.Join(absEnv(env, "XDG_CONFIG_HOME"), AppDirName)
	case env.ConfigDir != "":
		p.Config = filepath.Join(env.ConfigDir, AppDirName)
	}
	p.Saves = g.Saves
	if p.Saves == "" {
		p.Saves = filepath.Join(p.Data, SavesDirName)
	}
	p.Scores = g.Scores
	if p.Scores == "" {
		p.Scores = filepath.Join(p.Data, ScoresFileName)
	}
	for _, f := range []*string{&p.Data, &p.Saves, &p.Scores, &p.Config} {
		if *f == "" {
			continue
		}
		if abs, err := filepath.Abs(*f); err == nil {
			*f = abs
		}
	}
	p.Replays = filepath.Join(filepath.Dir(p.Saves), ReplaysDirName)
	if p.Data != "" {
		if st, err := os.Stat(p.Data); err == nil && !st.IsDir() {
			flag := p.From
			if flag == "" || flag == "portable" {
				flag = "--data"
			}
			return Paths{}, fmt.Errorf("the data folder %s is %s, not a folder; give %s another folder", p.Data, kindName(st.Mode()), flag)
		}
	}
	if err := checkKind(p.Saves, true, "--saves", g.Saves != ""); err != nil {
		return Paths{}, err
	}
	if err := checkKind(p.Scores, false, "--scores", g.Scores != ""); err != nil {
		return Paths{}, err
	}
	return p, nil
}

// userDataDir is the user's data folder for the game.
func userDataDir(env Env) (string, error) {
	if env.Windows {
		if d := absEnv(env, "LOCALAPPDATA"); d != "" {
			return filepath.Join(d, AppDirName), nil
		}
		if env.Home != "" {
			return filepath.Join(env.Home, "AppData", "Local", AppDirName), nil
		}
	} else {
		if d := absEnv(env, "XDG_DATA_HOME"); d != "" {
			return filepath.Join(d, AppDirName), nil
		}
		if env.Home != "" {
			return filepath.Join(env.Home, ".local", "share", AppDirName), nil
		}
	}
	return "", errors.New("cannot find a folder for saved games: there is no home folder; use --data DIR (or --saves DIR and --scores FILE)")
}

// absEnv is an environment variable that holds an absolute path, else ""
// (the XDG rule: a relative path is ignored).
func absEnv(env Env, k string) string {
	if d := env.getenv(k); filepath.IsAbs(d) {
		return d
	}
	return ""
}

// programDir is the program's folder, links resolved, or "" when it is
// unknown or one of the Go tool's scratch folders (go run, go test).
func programDir(env Env) string {
	if env.Executable == "" {
		return ""
	}
	exe := env.Executable
	if real, err := filepath.EvalSymlinks(exe); err == nil {
		exe = real
	}
	dir := filepath.Dir(exe)
	if inScratch(dir, env.Scratch) {
		return ""
	}
	return dir
}

// isFile reports whether path is a regular file (or a link to one).
func isFile(path string) bool {
	st, err := os.Stat(path)
	return err == nil && st.Mode().IsRegular()
}

// checkKind refuses a path that exists and is not what it must be: a
// folder for the saves, a regular file for the score table (a link to one
// counts as one). Nothing there yet is fine: it is created when first
// written. The sentence names the flag, or says how to choose another place
// when the path was the default one.
func checkKind(path string, folder bool, flag string, given bool) error {
	st, err := os.Stat(path)
	if err != nil {
		return nil // missing (created later) or unreadable (said when used)
	}
	what, want, ok := "the high-score table", "a regular file", st.Mode().IsRegular()
	if folder {
		what, want, ok = "the saves folder", "a folder", st.IsDir()
	}
	if ok {
		return nil
	}
	if given {
		return fmt.Errorf("%s %s: that is %s, and %s must be %s; give %s another path", flag, path, kindName(st.Mode()), what, want, flag)
	}
	return fmt.Errorf("%s would be %s, but that is %s; move it away or choose another place with %s", what, path, kindName(st.Mode()), flag)
}

// kindName names what a path is, for the sentences of checkKind.
func kindName(m os.FileMode) string {
	if m.IsRegular() {
		return "a file"
	}
	return kindOf(m)
}

// inScratch reports whether dir lies inside one of the scratch folders.
func inScratch(dir string, scratch []string) bool {
	dir = canonical(dir)
	for _, s := range scratch {
		if s == "" {
			continue
		}
		s = canonical(s)
		rel, err := filepath.Rel(s, dir)
		if err == nil && rel != ".." && !strings.HasPrefix(rel, ".."+string(filepath.Separator)) && !filepath.IsAbs(rel) {
			return true
		}
	}
	return false
}

// canonical returns an absolute path with symbolic links resolved where
// possible (macOS's temporary folder is behind /private).
func canonical(p string) string {
	if abs, err := filepath.Abs(p); err == nil {
		p = abs
	}
	if real, err := filepath.EvalSymlinks(p); err == nil {
		p = real
	}
	return p
}

// ensureDir creates a folder (and its parents) when it is missing.
func ensureDir(dir string) error {
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return fmt.Errorf("cannot create the folder %s: %w", dir, err)
	}
	return nil
}
