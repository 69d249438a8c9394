package saves

import (
	"errors"
	"io/fs"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"testing"
)

// oldInstall makes a game installed the old way: saves, replays and a
// score table next to the program in exeDir, and more in the old
// configuration folder. It returns the files by path with their content.
func oldInstall(t *testing.T, exeDir, oldConfig string) map[string]string {
	t.Helper()
	files := map[string]string{
		filepath.Join(exeDir, "saves", "save-1.json"):        `{"format":"minotaur-save","n":1}`,
		filepath.Join(exeDir, "saves", "game.trails"):        "trails save",
		filepath.Join(exeDir, "replays", "replay-1.json"):    "replay one",
		filepath.Join(exeDir, "highscores.json"):             `{"format":"minotaur-scores","version":1,"entries":[{"name":"Ada","score":500,"level":3}]}`,
		filepath.Join(oldConfig, "saves", "save-2.json"):     `{"format":"minotaur-save","n":2}`,
		filepath.Join(oldConfig, "replays", "replay-2.json"): "replay two",
		filepath.Join(oldConfig, "replays", "replay-1.json"): "replay one, another", // the same name, another replay
		filepath.Join(exeDir, "minotaur"):                    "#!",
		filepath.Join(oldConfig, "network.json"):             `{"tokens":{}}`,
		filepath.Join(oldConfig, "settings.txt"):             "palette = light\n", // stays: the settings folder
	}
	for p, c := range files {
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte(c), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	return files
}

// tree lists the regular files under dir with their content.
func tree(t *testing.T, dir string) map[string]string {
	t.Helper()
	out := map[string]string{}
	filepath.WalkDir(dir, func(p string, d fs.DirEntry, err error) error {
		if err == nil && d.Type().IsRegular() {
			b, _ := os.ReadFile(p)
			out[p] = string(b)
		}
		return nil
	})
	return out
}

func contents(m map[string]string) []string {
	var out []string
	for _, c := range m {
		out = append(out, c)
	}
	sort.Strings(out)
	return out
}

type migrateFixture struct {
	root, exeDir, oldConfig, data string
	env                           Env
	paths                         Paths
	before                        map[string]string
}

func newMigrateFixture(t *testing.T) *migrateFixture {
	root := t.TempDir()
	f := &migrateFixture{root: root, exeDir: filepath.Join(root, "gobin")}
	config := filepath.Join(root, "home", ".config")
	f.oldConfig = filepath.Join(config, AppDirName)
	f.env = Env{Executable: filepath.Join(f.exeDir, "minotaur"), ConfigDir: config, Home: filepath.Join(root, "home")}
	f.before = oldInstall(t, f.exeDir, f.oldConfig)
	p, err := ResolvePaths(Given{}, f.env)
	if err != nil {
		t.Fatal(err)
	}
	f.paths, f.data = p, p.Data
	return f
}

// TestMoveOldFiles: after a go install, the files next to the program and
// in the old configuration folder move into the data folder — every one,
// none left behind, a name clash kept under a new name, the settings left
// in the settings folder — and a second run moves nothing.
func TestMoveOldFiles(t *testing.T) {
	f := newMigrateFixture(t)
	if want := filepath.Join(f.root, "home", ".local", "share", AppDirName); f.data != want {
		t.Fatalf("data folder %s, want %s", f.data, want)
	}
	moved, err := MoveOldFiles(f.paths, f.env, day)
	if err != nil {
		t.Fatal(err)
	}
	if len(moved) != 2 || moved[0].From != canonical(f.exeDir) || moved[1].From != canonical(f.oldConfig) {
		t.Fatalf("moved %+v", moved)
	}
	if line := moved[0].Line(); !containsAll(line, "saved games", "replays", "high scores", f.exeDir, f.data) {
		t.Errorf("the line says %q", line)
	}
	got := tree(t, f.data)
	want := []string{}
	for p, c := range f.before {
		if !strings.HasSuffix(p, "minotaur") && !strings.HasSuffix(p, "settings.txt") {
			want = append(want, c)
		}
	}
	sort.Strings(want)
	if g := contents(got); strings.Join(g, "|") != strings.Join(want, "|") {
		t.Errorf("the data folder holds %v\nwant %v", got, want)
	}
	if _, ok := got[filepath.Join(f.data, "replays", "replay-1-2.json")]; !ok {
		t.Errorf("the clashing replay is not beside the first: %v", got)
	}
	for _, dir := range []string{f.exeDir, f.oldConfig} {
		for _, name := range []string{"saves", "replays", "highscores.json", "highscores.json.lock", "network.json"} {
			if _, err := os.Lstat(filepath.Join(dir, name)); err == nil {
				t.Errorf("%s left behind in %s", name, dir)
			}
		}
	}
	if _, err := os.Stat(filepath.Join(f.oldConfig, "settings.txt")); err != nil {
		t.Errorf("the settings were moved: %v", err)
	}
	if s, err := (ScoreTable{Path: f.paths.Scores}).Read(day); err != nil || len(s.Entries) != 1 || s.Entries[0].Name != "Ada" {
		t.Errorf("the moved table reads %+v, %v", s, err)
	}
	again, err := MoveOldFiles(f.paths, f.env, day)
	if err != nil || len(again) != 0 {
		t.Errorf("a second run moved %+v, %v", again, err)
	}
}

// TestMoveOldFilesAcrossDisks: where a rename cannot (another disk), the
// files are copied and the originals removed.
func TestMoveOldFilesAcrossDisks(t *testing.T) {
	f := newMigrateFixture(t)
	defer func(r func(string, string) error) { moveRename = r }(moveRename)
	moveRename = func(src, dst string) error {
		if !strings.Contains(filepath.Base(src), tempPrefix) {
			return &os.LinkError{Op: "rename", Old: src, New: dst, Err: errors.New("invalid cross-device link")}
		}
		return os.Rename(src, dst)
	}
	if _, err := MoveOldFiles(f.paths, f.env, day); err != nil {
		t.Fatal(err)
	}
	if n := len(tree(t, f.data)); n != 8 {
		t.Errorf("%d files in the data folder, want 8: %v", n, tree(t, f.data))
	}
	if left := tree(t, f.exeDir); len(left) != 1 {
		t.Errorf("left next to the program: %v", left)
	}
}

// TestMoveOldFilesFailsHalfWay: a move that fails half-way — a copy that
// fails after others succeeded, a destination that cannot be made — is
// undone: every old file is where it was, with its content, nothing is
// in the data folder, and the game plays from the old place.
func TestMoveOldFilesFailsHalfWay(t *testing.T) {
	t.Run("a copy fails", func(t *testing.T) {
		f := newMigrateFixture(t)
		defer func(r func(string, string) error, c func(string, string) error) { moveRename, moveCopy = r, c }(moveRename, moveCopy)
		renames, copies := 0, 0
		moveRename = func(src, dst string) error {
			if strings.HasPrefix(filepath.Base(src), tempPrefix) {
				return os.Rename(src, dst) // a copy into place
			}
			renames++
			if renames > 1 { // the saves folder moves; the rest must be copied
				return errors.New("invalid cross-device link")
			}
			return os.Rename(src, dst)
		}
		moveCopy = func(src, dst string) error {
			copies++
			if copies == 1 {
				return copyFile(src, dst)
			}
			return errors.New("no space left on device")
		}
		_, err := MoveOldFiles(f.paths, f.env, day)
		var me *MovingError
		if !errors.As(err, &me) || me.From != canonical(f.exeDir) || !containsAll(err.Error(), "no space left", "still in", "--data") {
			t.Fatalf("err = %v", err)
		}
		if renames < 2 || copies < 2 {
			t.Fatalf("the failure came too early to test an undo: %d renames, %d copies", renames, copies)
		}
		checkUntouched(t, f)
		old := OldPaths(f.paths, me.From)
		if old.Saves != filepath.Join(me.From, "saves") || old.Scores != filepath.Join(me.From, "highscores.json") {
			t.Errorf("the game would play from %+v", old)
		}
	})
	t.Run("the data folder cannot be made", func(t *testing.T) {
		f := newMigrateFixture(t)
		blocker := filepath.Join(f.root, "home", ".local")
		if err := os.WriteFile(blocker, []byte("a file where the folder goes"), 0o644); err != nil {
			t.Fatal(err)
		}
		if _, err := MoveOldFiles(f.paths, f.env, day); err == nil {
			t.Fatal("no error")
		}
		checkUntouched(t, f)
	})
}

// checkUntouched: every old file is where it was with its content, and
// nothing is in the data folder.
func checkUntouched(t *testing.T, f *migrateFixture) {
	t.Helper()
	for p, c := range f.before {
		if b, err := os.ReadFile(p); err != nil || string(b) != c {
			t.Errorf("%s: %q, %v; want %q", p, b, err, c)
		}
	}
	if got := tree(t, f.data); len(got) > 0 {
		t.Errorf("the data folder holds %v", got)
	}
}

// TestNoMoveWhenChosen: a data folder chosen with --data, MINOTAUR_DATA
// or a portable marker receives nothing; a source checkout's saves/ (a Go
// package) is never taken for old saves.
func TestNoMoveWhenChosen(t *testing.T) {
	f := newMigrateFixture(t)
	p, err := ResolvePaths(Given{Data: filepath.Join(f.root, "elsewhere")}, f.env)
	if err != nil {
		t.Fatal(err)
	}
	if moved, err := MoveOldFiles(p, f.env, day); len(moved) != 0 || err != nil {
		t.Errorf("--data: moved %+v, %v", moved, err)
	}
	checkUntouched(t, f)

	src := filepath.Join(f.root, "checkout")
	os.MkdirAll(filepath.Join(src, "saves"), 0o755)
	os.WriteFile(filepath.Join(src, "saves", "paths.go"), []byte("package saves"), 0o644)
	env := f.env
	env.Executable, env.ConfigDir = filepath.Join(src, "minotaur"), ""
	if moved, err := MoveOldFiles(f.paths, env, day); len(moved) != 0 || err != nil {
		t.Errorf("a checkout: moved %+v, %v", moved, err)
	}
	if _, err := os.Stat(filepath.Join(src, "saves", "paths.go")); err != nil {
		t.Error("a source file was moved")
	}
}
