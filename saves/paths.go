package saves

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strings"
)

// Default names of the files next to the game.
const (
	SavesDirName   = "saves"
	ScoresFileName = "highscores.json"
	ReplaysDirName = "replays"
	// AppDirName is the folder in the per-user configuration folder used
	// when the game's own folder is not suitable.
	AppDirName = "minotaur"
)

// Paths are where the game keeps its files.
type Paths struct {
	Saves   string // folder of saved games
	Scores  string // the high-score table
	Replays string // folder of replays: "replays" beside the saves folder
}

// Env is what path resolution needs to know about the machine. Only the
// command line fills it from the real machine (LocalEnv); tests make their own.
type Env struct {
	// Executable is the path of the running program.
	Executable string
	// ConfigDir is the per-user configuration folder (os.UserConfigDir).
	ConfigDir string
	// Scratch lists folders that are never "next to the game": where `go run`
	// and `go test` build programs (the temporary folder, the build cache).
	Scratch []string
}

// LocalEnv describes this machine: the running program, the user's
// configuration folder and the scratch folders of the Go tool. Errors leave
// the field empty; ResolvePaths reports what it then cannot decide.
func LocalEnv() Env {
	var e Env
	if exe, err := os.Executable(); err == nil {
		e.Executable = exe
	}
	if dir, err := os.UserConfigDir(); err == nil {
		e.ConfigDir = dir
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

// ResolvePaths decides where the saves, the score table and the replays
// live. A flag that is not empty wins (savesFlag is a folder, scoresFlag a
// file). Otherwise the files go next to the game — "saves/" and
// "highscores.json" in the executable's folder — when that folder is
// writable and is not a scratch folder of the Go tool; else into
// ConfigDir/minotaur/. Replays go into "replays/" beside the saves folder.
//
// ResolvePaths creates nothing except a probe file that it removes at once;
// the folders are created when first written to.
func ResolvePaths(savesFlag, scoresFlag string, env Env) (Paths, error) {
	var p Paths
	var home string
	if savesFlag == "" || scoresFlag == "" {
		var err error
		home, err = defaultHome(env)
		if err != nil {
			return Paths{}, err
		}
	}
	p.Saves = savesFlag
	if p.Saves == "" {
		p.Saves = filepath.Join(home, SavesDirName)
	}
	p.Scores = scoresFlag
	if p.Scores == "" {
		p.Scores = filepath.Join(home, ScoresFileName)
	}
	if abs, err := filepath.Abs(p.Saves); err == nil {
		p.Saves = abs
	}
	if abs, err := filepath.Abs(p.Scores); err == nil {
		p.Scores = abs
	}
	p.Replays = filepath.Join(filepath.Dir(p.Saves), ReplaysDirName)
	if err := checkKind(p.Saves, true, "--saves", savesFlag != ""); err != nil {
		return Paths{}, err
	}
	if err := checkKind(p.Scores, false, "--scores", scoresFlag != ""); err != nil {
		return Paths{}, err
	}
	return p, nil
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

// defaultHome is the folder that holds the default saves and score file.
func defaultHome(env Env) (string, error) {
	if env.Executable != "" {
		exe := env.Executable
		if real, err := filepath.EvalSymlinks(exe); err == nil {
			exe = real
		}
		dir := filepath.Dir(exe)
		if !inScratch(dir, env.Scratch) && writable(dir) {
			return dir, nil
		}
	}
	if env.ConfigDir == "" {
		return "", errors.New("cannot find a folder for saved games: the game's folder is not writable and there is no user configuration folder; use --saves DIR and --scores FILE")
	}
	return filepath.Join(env.ConfigDir, AppDirName), nil
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

// writable reports whether a file can be created in dir, by creating and
// removing an empty probe file: permission bits do not tell the truth on
// Windows, on read-only mounts or for root.
func writable(dir string) bool {
	f, err := os.CreateTemp(dir, tempPrefix+"probe-*")
	if err != nil {
		return false
	}
	name := f.Name()
	f.Close()
	return os.Remove(name) == nil
}

// ensureDir creates a folder (and its parents) when it is missing.
func ensureDir(dir string) error {
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return fmt.Errorf("cannot create the folder %s: %w", dir, err)
	}
	return nil
}
