package saves

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"math/rand/v2"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/minotaur-game/minotaur/engine"
)

// gameJSON returns the whole state of g, for comparing games.
func gameJSON(t testing.TB, g *engine.Game) string {
	t.Helper()
	data, err := json.Marshal(g)
	if err != nil {
		t.Fatal(err)
	}
	return string(data)
}

// TestSaveLoadContinues saves games at random moments and checks that the
// loaded game, given the same actions, goes on exactly like the original,
// and that its replay recording goes on too.
func TestSaveLoadContinues(t *testing.T) {
	for seed := uint64(1); seed <= 30; seed++ {
		players := 1 + int(seed%2)
		t.Run(fmt.Sprintf("seed %d players %d", seed, players), func(t *testing.T) {
			rng := rand.New(rand.NewPCG(seed, 3))
			var levels []engine.Level
			if seed%3 == 0 {
				levels = campaign(seed, 3, 3) // custom levels, some passed
			}
			g, err := engine.New(engine.Config{Seed: seed, Players: players, Levels: levels})
			if err != nil {
				t.Fatal(err)
			}
			rec := NewRecorder(seed, nil, players)
			if levels != nil {
				walkTo(g, rec, 1+rng.IntN(3))
			}
			for _, a := range randomMoves(rng, rng.IntN(60)) {
				if g.Turn() == 0 {
					break
				}
				rec.Apply(g, g.Turn(), a)
			}
			store := Store{Dir: filepath.Join(t.TempDir(), "saves")}
			info, err := store.Save(g, rec, day)
			if err != nil {
				t.Fatal(err)
			}
			loaded, err := store.Load(info.Name)
			if err != nil {
				t.Fatal(err)
			}
			if gameJSON(t, loaded.Game) != gameJSON(t, g) {
				t.Fatal("the loaded game differs from the saved one")
			}
			if loaded.Recorder == nil || loaded.Recorder.Replay().Moves != rec.Replay().Moves {
				t.Fatal("the recording was not restored")
			}
			if loaded.Info.Level != g.LevelNumber() || loaded.Info.Score != g.Score() || loaded.Info.Seed != seed ||
				loaded.Info.Players != players || !loaded.Info.Saved.Equal(day) || loaded.Info.Levels != g.Levels() {
				t.Errorf("info %+v does not describe the game", loaded.Info)
			}
			for _, a := range randomMoves(rng, 80) {
				if g.Turn() == 0 {
					break
				}
				seat := g.Turn()
				ev1, err1 := rec.Apply(g, seat, a)
				ev2, err2 := loaded.Recorder.Apply(loaded.Game, seat, a)
				if fmt.Sprint(ev1, err1) != fmt.Sprint(ev2, err2) {
					t.Fatalf("after loading, %c gives %v %v; the original %v %v", a, ev2, err2, ev1, err1)
				}
			}
			if gameJSON(t, loaded.Game) != gameJSON(t, g) {
				t.Error("the loaded game drifted from the original")
			}
			if loaded.Recorder.Replay().Moves != rec.Replay().Moves {
				t.Error("the recordings drifted apart")
			}
		})
	}
}

func TestSaveListNewestFirst(t *testing.T) {
	store := Store{Dir: filepath.Join(t.TempDir(), "deep", "saves")}
	if list, err := store.List(); err != nil || len(list) != 0 {
		t.Fatalf("missing folder lists %v, %v", list, err)
	}
	g, rec := level7Game(5, 1)
	g1, _ := engine.New(engine.Config{Seed: 77, Players: 2})
	times := []time.Time{day.Add(time.Hour), day, day.Add(2 * time.Hour), day.Add(2 * time.Hour)}
	games := []*engine.Game{g, g1, g1, g}
	for i, when := range times {
		if _, err := store.Save(games[i], rec, when); err != nil {
			t.Fatal(err)
		}
	}
	list, err := store.List()
	if err != nil {
		t.Fatal(err)
	}
	var got []string
	for _, s := range list {
		got = append(got, fmt.Sprintf("%s level %d/%d score %d seed %d players %d at %s",
			s.Name, s.Level, s.Levels, s.Score, s.Seed, s.Players, s.Saved.Format("15:04")))
	}
	want := []string{
		fmt.Sprintf("save-20260314-170926-2.json level 7/7 score %d seed 5 players 1 at 17:09", g.Score()),
		"save-20260314-170926.json level 1/7 score 0 seed 77 players 2 at 17:09",
		fmt.Sprintf("save-20260314-160926.json level 7/7 score %d seed 5 players 1 at 16:09", g.Score()),
		"save-20260314-150926.json level 1/7 score 0 seed 77 players 2 at 15:09",
	}
	if strings.Join(got, "\n") != strings.Join(want, "\n") {
		t.Errorf("list:\n%s\nwant:\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
	if g.Score() < 7*100 {
		t.Errorf("six passed levels scored %d", g.Score())
	}
	// Delete one; the rest stay.
	if err := store.Delete(list[1].Name); err != nil {
		t.Fatal(err)
	}
	if err := store.Delete(list[1].Name); err == nil || !strings.Contains(err.Error(), "already gone") {
		t.Errorf("deleting twice: %v", err)
	}
	if after, _ := store.List(); len(after) != 3 || after[1].Name != list[2].Name {
		t.Errorf("after deleting: %v", after)
	}
	for _, bad := range []string{"", "../highscores.json", "sub/x.json", `..\x.json`, ".."} {
		if err := store.Delete(bad); err == nil {
			t.Errorf("Delete(%q) did not refuse", bad)
		}
		if _, err := store.Load(bad); err == nil {
			t.Errorf("Load(%q) did not refuse", bad)
		}
	}
}

// TestDamagedSaves puts damaged files of every kind beside good saves: each
// is listed with its own reason, none hides the good saves, loading one
// gives its reason, and it can be deleted.
func TestDamagedSaves(t *testing.T) {
	dir := t.TempDir()
	store := Store{Dir: dir}
	g, _ := engine.New(engine.Config{Seed: 9, Players: 1})
	good, err := encodeSave(g, nil, day)
	if err != nil {
		t.Fatal(err)
	}
	newerGame := bytes.Replace(good, []byte(fmt.Sprintf(`"format":"minotaur-game","version":%d`, engine.GameVersion)), []byte(`"format":"minotaur-game","version":7`), 1)
	badGame := bytes.Replace(good, []byte(`"level_no":1`), []byte(`"level_no":99`), 1)
	if bytes.Equal(newerGame, good) || bytes.Equal(badGame, good) {
		t.Fatal("the engine's game JSON changed shape; update this test")
	}
	tests := []struct {
		file    string
		content []byte
		kind    error
		reason  string
	}{
		{"empty.json", nil, ErrEmpty, "the file is empty"},
		{"blank.json", []byte("  \n"), ErrEmpty, "the file is empty"},
		{"truncated.json", good[:len(good)/2], ErrTruncated, fmt.Sprintf("cut short after %d bytes", len(good)/2)},
		{"binary.json", []byte{0x89, 'P', 'N', 'G', 0, 0, 0, 13, 0xff}, ErrNotJSON, "not a JSON file"},
		{"text.json", []byte("level 3, score 200\n"), ErrNotJSON, "not a JSON file (line 1, column 1: invalid character 'l'"},
		{"broken.json", []byte("{\n  \"format\": \"minotaur-save\",\n  \"version\": 1,,\n}"), ErrNotJSON, "line 3, column 16: invalid character ','"},
		{"scores.json", []byte(`{"format": "minotaur-scores", "version": 1, "entries": []}`), ErrWrongFormat, `its format is "minotaur-scores", want "minotaur-save"`},
		{"noformat.json", []byte(`{"level": 3}`), ErrWrongFormat, `no "format" field`},
		{"array.json", []byte(`[1, 2]`), ErrWrongFormat, "not a JSON object"},
		{"newer.json", bytes.Replace(good, []byte(`"version":1`), []byte(`"version":2`), 1), nil, "newer version of minotaur (version 2; this one reads up to 1)"},
		{"newergame.json", newerGame, nil, "newer version of minotaur (version 7"},
		{"badgame.json", badGame, ErrBadContent, "its game is damaged: game is at level 99 of 7"},
		{"nogame.json", []byte(`{"format": "minotaur-save", "version": 1, "saved": "2026-03-14T15:09:26Z"}`), ErrBadContent, "holds no game"},
		{"badtype.json", []byte(`{"format": "minotaur-save", "version": 1, "level": "three"}`), ErrBadContent, "line 1, column 58: level should be a whole number, not a JSON string"},
		{"oldrules.json", bytes.Replace(good, []byte(fmt.Sprintf(`"format":"minotaur-game","version":%d`, engine.GameVersion)), []byte(`"format":"minotaur-game","version":1`), 1), ErrWrongFormat, "saved under the old rules, before hunters kept their posts until they heard you"},
		{"oldversion.json", bytes.Replace(good, []byte(`"version":1`), []byte(`"version":0`), 1), ErrWrongFormat, "version 0, which this version of minotaur cannot convert"},
	}
	for _, tc := range tests {
		if err := os.WriteFile(filepath.Join(dir, tc.file), tc.content, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	for i := range 2 {
		if _, err := store.Save(g, nil, day.Add(time.Duration(i)*time.Minute)); err != nil {
			t.Fatal(err)
		}
	}
	os.WriteFile(filepath.Join(dir, ".tmp-save-x.json-123"), good[:10], 0o644) // a killed write
	os.WriteFile(filepath.Join(dir, "notes.txt"), []byte("not a save"), 0o644)
	list, err := store.List()
	if err != nil {
		t.Fatal(err)
	}
	byName := map[string]SaveInfo{}
	for _, s := range list {
		byName[s.Name] = s
	}
	if len(list) != len(tests)+2 {
		t.Errorf("listed %d files, want %d damaged and 2 good", len(list), len(tests))
	}
	for _, name := range []string{"save-20260314-150926.json", "save-20260314-151026.json"} {
		if s, ok := byName[name]; !ok || s.Damaged() {
			t.Errorf("good save %s: %+v", name, s)
		}
	}
	for _, tc := range tests {
		t.Run(tc.file, func(t *testing.T) {
			s, ok := byName[tc.file]
			if !ok {
				t.Fatal("not listed")
			}
			if !s.Damaged() {
				t.Fatal("listed as good")
			}
			if tc.kind != nil && !errors.Is(s.Err, tc.kind) {
				t.Errorf("error %v is not %v", s.Err, tc.kind)
			}
			var nv *NewerVersionError
			if tc.kind == nil && !errors.As(s.Err, &nv) {
				t.Errorf("error %v is not a NewerVersionError", s.Err)
			}
			if !strings.Contains(s.Reason(), tc.reason) {
				t.Errorf("reason %q does not say %q", s.Reason(), tc.reason)
			}
			_, err := store.Load(tc.file)
			if err == nil || !strings.Contains(err.Error(), tc.reason) {
				t.Errorf("Load: %v", err)
			}
			if msg := strings.TrimPrefix(err.Error(), tc.file+": "); strings.Contains(msg, "json:") || strings.Contains(msg, "struct") || strings.Contains(msg, "\n") {
				t.Errorf("Load error %q is not a sentence for a player", err)
			}
		})
	}
	if err := store.Delete("truncated.json"); err != nil {
		t.Errorf("deleting a damaged save: %v", err)
	}
}

func TestStaleTemporaryFilesRemoved(t *testing.T) {
	dir := t.TempDir()
	old := filepath.Join(dir, ".tmp-save-a.json-1")
	fresh := filepath.Join(dir, ".tmp-save-b.json-2")
	for _, p := range []string{old, fresh} {
		os.WriteFile(p, []byte("{"), 0o644)
	}
	os.Chtimes(old, day.Add(-time.Hour), day.Add(-time.Hour))
	os.Chtimes(fresh, day.Add(-time.Minute), day.Add(-time.Minute))
	g, _ := engine.New(engine.Config{Seed: 1, Players: 1})
	if _, err := (Store{Dir: dir}).Save(g, nil, day); err != nil {
		t.Fatal(err)
	}
	if _, err := os.Stat(old); err == nil {
		t.Error("an hour-old temporary file was kept")
	}
	if _, err := os.Stat(fresh); err != nil {
		t.Error("a temporary file of a write that may be in progress was removed")
	}
}

// TestMigrateSave checks that an old version goes through the migration
// steps before it is read. Version 1 is the first real version, so the test
// installs a step from a made-up version 0 that called the seed "campaign".
func TestMigrateSave(t *testing.T) {
	g, _ := engine.New(engine.Config{Seed: 31, Players: 1})
	data, _ := encodeSave(g, nil, day)
	v0 := bytes.Replace(data, []byte(`"version":1`), []byte(`"version":0`), 1)
	v0 = bytes.Replace(v0, []byte(`"seed":31`), []byte(`"campaign":31`), 1)
	if _, err := DecodeSave(v0); err == nil || !strings.Contains(err.Error(), "cannot convert") {
		t.Fatalf("version 0 without a migration: %v", err)
	}
	saveMigrations[0] = func(data []byte) ([]byte, error) {
		var doc map[string]json.RawMessage
		if err := json.Unmarshal(data, &doc); err != nil {
			return nil, err
		}
		doc["seed"], doc["version"] = doc["campaign"], json.RawMessage("1")
		delete(doc, "campaign")
		return json.Marshal(doc)
	}
	defer delete(saveMigrations, 0)
	dir := t.TempDir()
	os.WriteFile(filepath.Join(dir, "old.json"), v0, 0o644)
	l, err := Store{Dir: dir}.Load("old.json")
	if err != nil {
		t.Fatal(err)
	}
	if gameJSON(t, l.Game) != gameJSON(t, g) || l.Info.Seed != 31 {
		t.Error("the migrated save does not hold the game")
	}
}

// TestReplaceKeepsOneFile: saving a game again over its file leaves one
// file, holding the later game; a bad name is refused.
func TestReplaceKeepsOneFile(t *testing.T) {
	g, err := engine.New(engine.Config{Seed: 5, Players: 1})
	if err != nil {
		t.Fatal(err)
	}
	store := Store{Dir: filepath.Join(t.TempDir(), "saves")}
	info, err := store.Save(g, nil, day)
	if err != nil {
		t.Fatal(err)
	}
	g.Apply(1, engine.Skip)
	g.Apply(1, engine.Skip)
	if _, err := store.Replace(info.Name, g, nil, day.Add(time.Minute)); err != nil {
		t.Fatal(err)
	}
	list, err := store.List()
	if err != nil || len(list) != 1 || list[0].Name != info.Name {
		t.Fatalf("after Replace the folder lists %v (%v), want only %s", list, err, info.Name)
	}
	l, err := store.Load(info.Name)
	if err != nil || gameJSON(t, l.Game) != gameJSON(t, g) {
		t.Fatalf("the replaced save does not hold the later game (%v)", err)
	}
	if _, err := store.Replace("../x.json", g, nil, day); err == nil {
		t.Fatal("Replace wrote outside the folder")
	}
}
