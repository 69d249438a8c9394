package saves

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

func TestResolvePaths(t *testing.T) {
	root := t.TempDir()
	gameDir := filepath.Join(root, "games", "minotaur")       // a writable folder holding the game
	scratch := filepath.Join(root, "tmp")                     // stands for os.TempDir()
	goRunDir := filepath.Join(scratch, "go-build123", "b001") // where `go run` builds
	config := filepath.Join(root, "home", ".config")
	for _, d := range []string{gameDir, goRunDir} {
		if err := os.MkdirAll(d, 0o755); err != nil {
			t.Fatal(err)
		}
	}
	os.WriteFile(filepath.Join(goRunDir, "minotaur"), []byte("#!"), 0o755)
	linkDir := filepath.Join(root, "bin")
	os.MkdirAll(linkDir, 0o755)
	if err := os.Symlink(filepath.Join(goRunDir, "minotaur"), filepath.Join(linkDir, "minotaur")); err != nil {
		t.Skip("no symbolic links here:", err)
	}
	userDir := filepath.Join(config, AppDirName)
	tests := []struct {
		name                    string
		exe, saves, scores      string
		wantSaves, wantScores   string
		wantReplays, wantErrSub string
	}{
		{name: "next to the game",
			exe:       filepath.Join(gameDir, "minotaur"),
			wantSaves: filepath.Join(gameDir, "saves"), wantScores: filepath.Join(gameDir, "highscores.json"),
			wantReplays: filepath.Join(gameDir, "replays")},
		{name: "go run's temporary folder is not next to the game",
			exe:       filepath.Join(goRunDir, "minotaur"),
			wantSaves: filepath.Join(userDir, "saves"), wantScores: filepath.Join(userDir, "highscores.json"),
			wantReplays: filepath.Join(userDir, "replays")},
		{name: "a link to a program in a scratch folder",
			exe:       filepath.Join(linkDir, "minotaur"),
			wantSaves: filepath.Join(userDir, "saves"), wantScores: filepath.Join(userDir, "highscores.json"),
			wantReplays: filepath.Join(userDir, "replays")},
		{name: "folder not writable",
			exe:       filepath.Join(root, "read-only", "minotaur"), // missing: nothing can be created there
			wantSaves: filepath.Join(userDir, "saves"), wantScores: filepath.Join(userDir, "highscores.json"),
			wantReplays: filepath.Join(userDir, "replays")},
		{name: "flags win",
			exe:   filepath.Join(gameDir, "minotaur"),
			saves: filepath.Join(root, "my", "games"), scores: filepath.Join(root, "scores.json"),
			wantSaves: filepath.Join(root, "my", "games"), wantScores: filepath.Join(root, "scores.json"),
			wantReplays: filepath.Join(root, "my", "replays")},
		{name: "one flag, the other default",
			exe:       filepath.Join(goRunDir, "minotaur"),
			scores:    filepath.Join(root, "scores.json"),
			wantSaves: filepath.Join(userDir, "saves"), wantScores: filepath.Join(root, "scores.json"),
			wantReplays: filepath.Join(userDir, "replays")},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			p, err := ResolvePaths(tc.saves, tc.scores, Env{Executable: tc.exe, ConfigDir: config, Scratch: []string{scratch}})
			if err != nil {
				t.Fatal(err)
			}
			if p.Saves != tc.wantSaves || p.Scores != tc.wantScores || p.Replays != tc.wantReplays {
				t.Errorf("got %+v\nwant saves %s, scores %s, replays %s", p, tc.wantSaves, tc.wantScores, tc.wantReplays)
			}
			if tmp := hiddenFiles(t, gameDir); len(tmp) > 0 {
				t.Errorf("probe files left in the game's folder: %v", tmp)
			}
		})
	}
	t.Run("relative flags become absolute", func(t *testing.T) {
		p, err := ResolvePaths("mysaves", "s.json", Env{})
		wd, _ := os.Getwd()
		if err != nil || p.Saves != filepath.Join(wd, "mysaves") || p.Scores != filepath.Join(wd, "s.json") || p.Replays != filepath.Join(wd, "replays") {
			t.Errorf("got %+v, %v", p, err)
		}
	})
	t.Run("nowhere to go", func(t *testing.T) {
		_, err := ResolvePaths("", "", Env{Executable: filepath.Join(goRunDir, "minotaur"), Scratch: []string{scratch}})
		if err == nil {
			t.Fatal("no error without a usable folder")
		}
		if msg := err.Error(); !containsAll(msg, "--saves", "--scores") {
			t.Errorf("error %q does not tell the player what to do", msg)
		}
	})
	t.Run("nothing created", func(t *testing.T) {
		ResolvePaths("", "", Env{Executable: filepath.Join(gameDir, "minotaur"), ConfigDir: config})
		for _, p := range []string{filepath.Join(gameDir, "saves"), config} {
			if _, err := os.Stat(p); err == nil {
				t.Errorf("%s was created before it was needed", p)
			}
		}
	})
}

func TestLocalEnvCountsTheTestBinaryAsScratch(t *testing.T) {
	env := LocalEnv()
	if env.Executable == "" {
		t.Skip("os.Executable does not work here")
	}
	exe, _ := filepath.EvalSymlinks(env.Executable)
	if !inScratch(filepath.Dir(exe), env.Scratch) {
		t.Errorf("the test binary %s (built by go test, like go run's) is not in a scratch folder %v", exe, env.Scratch)
	}
}

func containsAll(s string, subs ...string) bool {
	for _, sub := range subs {
		if !strings.Contains(s, sub) {
			return false
		}
	}
	return true
}

// TestScoresFolderRefused: a folder given as the score
// table — with saves inside it — is refused with a sentence naming the
// flag, by ResolvePaths and by the table itself; nothing is renamed and
// the saves stay where they are. A file given as the saves folder is
// refused the same way.
func TestScoresFolderRefused(t *testing.T) {
	dir := t.TempDir()
	folder := filepath.Join(dir, "games")
	if err := os.MkdirAll(folder, 0o755); err != nil {
		t.Fatal(err)
	}
	save := filepath.Join(folder, "save-1.json")
	if err := os.WriteFile(save, []byte(`{"format":"minotaur-save"}`), 0o644); err != nil {
		t.Fatal(err)
	}
	_, err := ResolvePaths(folder, folder, Env{})
	if err == nil || !strings.Contains(err.Error(), "--scores "+folder) || !strings.Contains(err.Error(), "a folder") {
		t.Fatalf("ResolvePaths with --scores a folder: %v, want a sentence naming --scores and the folder", err)
	}
	_, err = ResolvePaths(save, filepath.Join(dir, "highscores.json"), Env{})
	if err == nil || !strings.Contains(err.Error(), "--saves "+save) || !strings.Contains(err.Error(), "must be a folder") {
		t.Fatalf("ResolvePaths with --saves a file: %v, want a sentence naming --saves", err)
	}
	table := ScoreTable{Path: folder}
	for _, op := range []func() error{
		func() error { _, err := table.Read(day); return err },
		func() error { _, err := table.Add(Entry{Name: "Theseus", Score: 500}, day); return err },
	} {
		if err := op(); err == nil || !strings.Contains(err.Error(), "a folder") {
			t.Errorf("a folder as the score table: %v, want it refused", err)
		}
	}
	if _, err := os.Stat(save); err != nil {
		t.Fatalf("the save inside the folder is gone: %v", err)
	}
	if m, _ := filepath.Glob(folder + ".corrupt-*"); len(m) > 0 {
		t.Fatalf("the folder was set aside as %v", m)
	}
	if _, err := setAside(folder, day); err == nil {
		t.Fatal("setAside moved a folder")
	}
}
