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
	portableDir := filepath.Join(root, "stick")               // a game with a "portable" file beside it
	scratch := filepath.Join(root, "tmp")                     // stands for os.TempDir()
	goRunDir := filepath.Join(scratch, "go-build123", "b001") // where `go run` builds
	home := filepath.Join(root, "home")
	config := filepath.Join(home, ".config")
	for _, d := range []string{gameDir, goRunDir, portableDir} {
		if err := os.MkdirAll(d, 0o755); err != nil {
			t.Fatal(err)
		}
	}
	os.WriteFile(filepath.Join(goRunDir, "minotaur"), []byte("#!"), 0o755)
	os.WriteFile(filepath.Join(goRunDir, PortableMarker), nil, 0o644) // ignored: a scratch folder
	os.WriteFile(filepath.Join(portableDir, PortableMarker), nil, 0o644)
	os.WriteFile(filepath.Join(portableDir, "minotaur"), []byte("#!"), 0o755)
	linkDir := filepath.Join(root, "bin")
	os.MkdirAll(linkDir, 0o755)
	if err := os.Symlink(filepath.Join(portableDir, "minotaur"), filepath.Join(linkDir, "minotaur")); err != nil {
		t.Fatal("no symbolic links here:", err)
	}
	share := filepath.Join(home, ".local", "share", AppDirName)
	xdg := filepath.Join(root, "xdg-data")
	local := filepath.Join(root, "AppData", "Local")
	env := func(vars ...string) func(string) string {
		return func(k string) string {
			for i := 0; i+1 < len(vars); i += 2 {
				if vars[i] == k {
					return vars[i+1]
				}
			}
			return ""
		}
	}
	in := func(dir string) [3]string {
		return [3]string{filepath.Join(dir, "saves"), filepath.Join(dir, "highscores.json"), filepath.Join(dir, "replays")}
	}
	tests := []struct {
		name       string
		exe        string
		windows    bool
		getenv     func(string) string
		given      Given
		want       [3]string // saves, scores, replays
		wantConfig string
		wantFrom   string
	}{
		{name: "the user's data folder, not next to the game",
			exe: filepath.Join(gameDir, "minotaur"), want: in(share), wantConfig: filepath.Join(config, AppDirName)},
		{name: "XDG_DATA_HOME and XDG_CONFIG_HOME",
			exe: filepath.Join(gameDir, "minotaur"), getenv: env("XDG_DATA_HOME", xdg, "XDG_CONFIG_HOME", filepath.Join(root, "xdg-config")),
			want: in(filepath.Join(xdg, AppDirName)), wantConfig: filepath.Join(root, "xdg-config", AppDirName)},
		{name: "a relative XDG_DATA_HOME is ignored",
			exe: filepath.Join(gameDir, "minotaur"), getenv: env("XDG_DATA_HOME", "rel/data"), want: in(share), wantConfig: filepath.Join(config, AppDirName)},
		{name: "Windows: LOCALAPPDATA",
			exe: filepath.Join(gameDir, "minotaur"), windows: true, getenv: env("LOCALAPPDATA", local, "XDG_DATA_HOME", xdg),
			want: in(filepath.Join(local, AppDirName)), wantConfig: filepath.Join(config, AppDirName)},
		{name: "portable: a marker next to the game keeps everything there",
			exe: filepath.Join(portableDir, "minotaur"), want: in(portableDir), wantConfig: portableDir, wantFrom: "portable"},
		{name: "portable through a link",
			exe: filepath.Join(linkDir, "minotaur"), want: in(portableDir), wantConfig: portableDir, wantFrom: "portable"},
		{name: "go run's temporary folder is never portable",
			exe: filepath.Join(goRunDir, "minotaur"), want: in(share), wantConfig: filepath.Join(config, AppDirName)},
		{name: "MINOTAUR_DATA",
			exe: filepath.Join(portableDir, "minotaur"), getenv: env(DataEnv, filepath.Join(root, "env-data")),
			want: in(filepath.Join(root, "env-data")), wantConfig: portableDir, wantFrom: DataEnv},
		{name: "--data wins over MINOTAUR_DATA",
			exe: filepath.Join(gameDir, "minotaur"), getenv: env(DataEnv, filepath.Join(root, "env-data")), given: Given{Data: filepath.Join(root, "flag-data")},
			want: in(filepath.Join(root, "flag-data")), wantConfig: filepath.Join(config, AppDirName), wantFrom: "--data"},
		{name: "flags win",
			exe:   filepath.Join(gameDir, "minotaur"),
			given: Given{Saves: filepath.Join(root, "my", "games"), Scores: filepath.Join(root, "scores.json")},
			want:  [3]string{filepath.Join(root, "my", "games"), filepath.Join(root, "scores.json"), filepath.Join(root, "my", "replays")}, wantConfig: filepath.Join(config, AppDirName)},
		{name: "one flag, the other default",
			exe:   filepath.Join(goRunDir, "minotaur"),
			given: Given{Scores: filepath.Join(root, "scores.json")},
			want:  [3]string{filepath.Join(share, "saves"), filepath.Join(root, "scores.json"), filepath.Join(share, "replays")}, wantConfig: filepath.Join(config, AppDirName)},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			p, err := ResolvePaths(tc.given, Env{Executable: tc.exe, ConfigDir: config, Home: home, Windows: tc.windows, Getenv: tc.getenv, Scratch: []string{scratch}})
			if err != nil {
				t.Fatal(err)
			}
			if got := [3]string{p.Saves, p.Scores, p.Replays}; got != tc.want || p.Config != tc.wantConfig || p.From != tc.wantFrom {
				t.Errorf("got %+v\nwant %v, settings in %s, from %q", p, tc.want, tc.wantConfig, tc.wantFrom)
			}
			if tmp := hiddenFiles(t, gameDir); len(tmp) > 0 {
				t.Errorf("probe files left in the game's folder: %v", tmp)
			}
		})
	}
	t.Run("relative flags become absolute", func(t *testing.T) {
		p, err := ResolvePaths(Given{Saves: "mysaves", Scores: "s.json"}, Env{})
		wd, _ := os.Getwd()
		if err != nil || p.Saves != filepath.Join(wd, "mysaves") || p.Scores != filepath.Join(wd, "s.json") || p.Replays != filepath.Join(wd, "replays") {
			t.Errorf("got %+v, %v", p, err)
		}
	})
	t.Run("nowhere to go", func(t *testing.T) {
		_, err := ResolvePaths(Given{}, Env{Executable: filepath.Join(goRunDir, "minotaur"), Scratch: []string{scratch}})
		if err == nil {
			t.Fatal("no error without a usable folder")
		}
		if msg := err.Error(); !containsAll(msg, "--data", "--saves", "--scores") {
			t.Errorf("error %q does not tell the player what to do", msg)
		}
	})
	t.Run("--data a file", func(t *testing.T) {
		f := filepath.Join(root, "a-file")
		os.WriteFile(f, nil, 0o644)
		_, err := ResolvePaths(Given{Data: f}, Env{})
		if err == nil || !containsAll(err.Error(), f, "--data") {
			t.Errorf("--data a file: %v", err)
		}
	})
	t.Run("nothing created", func(t *testing.T) {
		ResolvePaths(Given{}, Env{Executable: filepath.Join(gameDir, "minotaur"), ConfigDir: config, Home: home})
		for _, p := range []string{filepath.Join(gameDir, "saves"), config, filepath.Join(home, ".local")} {
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
	_, err := ResolvePaths(Given{Saves: folder, Scores: folder}, Env{})
	if err == nil || !strings.Contains(err.Error(), "--scores "+folder) || !strings.Contains(err.Error(), "a folder") {
		t.Fatalf("ResolvePaths with --scores a folder: %v, want a sentence naming --scores and the folder", err)
	}
	_, err = ResolvePaths(Given{Saves: save, Scores: filepath.Join(dir, "highscores.json")}, Env{})
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
