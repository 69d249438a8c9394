package main

import (
	"encoding/json"
	"fmt"
	"io"
	"math/rand/v2"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/minotaur-game/minotaur/engine"
	"github.com/minotaur-game/minotaur/saves"
)

func writeReplay(t *testing.T, content string) string {
	t.Helper()
	path := filepath.Join(t.TempDir(), "game.json")
	if err := os.WriteFile(path, []byte(content), 0o644); err != nil {
		t.Fatal(err)
	}
	return path
}

func replayJSON(seed uint64, players int, moves string, levels ...string) string {
	lv := "null"
	if levels != nil {
		data, _ := json.Marshal(levels)
		lv = string(data)
	}
	return fmt.Sprintf(`{"format": "minotaur-replay", "version": 2, "seed": %d, "levels": %s, "players": %d, "moves": %q}`, seed, lv, players, moves)
}

func TestReplayUsage(t *testing.T) {
	good := writeReplay(t, replayJSON(42, 1, "dd"))
	tests := []struct {
		name   string
		args   []string
		status int
		stderr string
	}{
		{"no file", []string{"replay"}, 2, "minotaur replay: no replay file given\nusage: minotaur replay [--headless] FILE"},
		{"two files", []string{"replay", "--headless", good, good}, 2, "one replay file at a time, not 2"},
		{"unknown flag", []string{"replay", "--fast", good}, 2, "minotaur replay: unknown flag: --fast\nusage:"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			out, errs, status := runCmd(tc.args...)
			if status != tc.status || out != "" || !strings.HasPrefix(errs, "minotaur replay: ") || !strings.Contains(errs, tc.stderr) {
				t.Errorf("status %d, stdout %q, stderr %q; want %d and %q", status, out, errs, tc.status, tc.stderr)
			}
		})
	}
	out, errs, status := runCmd("replay", "--help")
	if status != 0 || !strings.Contains(out, "usage: minotaur replay [--headless] FILE") || !strings.Contains(out, "--headless") || errs != "" {
		t.Errorf("--help: status %d, stdout %q, stderr %q", status, out, errs)
	}
}

func TestReplayMalformed(t *testing.T) {
	tests := []struct {
		name, content, want string
	}{
		{"empty", "", "the file is empty"},
		{"truncated", `{"format": "minotaur-replay", "version": 2, "se`, "the file is cut short after 47 bytes"},
		{"not a replay", `{"format": "minotaur-scores", "version": 1, "entries": []}`, `it is not a replay: its format is "minotaur-scores"`},
		{"newer", `{"format": "minotaur-replay", "version": 3}`, "newer version of minotaur (version 3; this one reads up to 2)"},
		{"bad move", replayJSON(42, 1, "ddsx.wwa"), `move 4 ("x") is not a move: moves are w a s d (steps), . (skip) and f (use a freeze)`},
		{"moves after the end", replayJSON(1, 1, "dddd.", "+-----+\n|P.K.E|\n+-----+\n"), `move 5 (".") comes after the end of the game: it was won after move 4 of 5`},
		{"bad level text", replayJSON(1, 1, "", "+----+\n|P.K.|\n+----+\n"), "level 1 of the replay cannot be played:"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			path := writeReplay(t, tc.content)
			out, errs, status := runCmd("replay", "--headless", path)
			if status != 1 || out != "" {
				t.Errorf("status %d, stdout %q; want 1 and nothing", status, out)
			}
			if !strings.HasPrefix(errs, "minotaur replay: "+path) || !strings.Contains(errs, tc.want) {
				t.Errorf("stderr %q does not name %s and say %q", errs, path, tc.want)
			}
		})
	}
	t.Run("missing file", func(t *testing.T) {
		_, errs, status := runCmd("replay", "--headless", "/no/such/replay.json")
		if status != 1 || !strings.Contains(errs, "/no/such/replay.json") || !strings.Contains(errs, "no such file") {
			t.Errorf("status %d, stderr %q", status, errs)
		}
	})
}

func TestReplayWatchHook(t *testing.T) {
	saved := watchReplay
	defer func() { watchReplay = saved }()
	path := writeReplay(t, replayJSON(5, 2, "d.", "+-----+\n|P.K.E|\n|P....|\n+-----+\n"))

	watchReplay = nil
	out, errs, status := runCmd("replay", path)
	if status != 2 || out != "" || errs != "minotaur replay: watching on screen is not built in; use --headless\n" {
		t.Errorf("without a screen: status %d, stdout %q, stderr %q", status, out, errs)
	}

	var gotPath string
	var gotReplay saves.Replay
	var gotLevels []engine.Level
	watchReplay = func(p string, r saves.Replay, lv []engine.Level, stdout, stderr io.Writer) int {
		gotPath, gotReplay, gotLevels = p, r, lv
		return 0
	}
	if _, _, status := runCmd("replay", path); status != 0 {
		t.Errorf("status %d", status)
	}
	if gotPath != path || gotReplay.Seed != 5 || gotReplay.Players != 2 || gotReplay.Moves != "d." ||
		len(gotLevels) != 1 || gotLevels[0].Cols != 7 || len(gotLevels[0].Starts) != 2 {
		t.Errorf("the screen got %q, %+v, %d levels", gotPath, gotReplay, len(gotLevels))
	}
}

// TestReplayHeadlessTinyLevels runs replays of hand-written level files
// whose outcome is worked out on paper.
func TestReplayHeadlessTinyLevels(t *testing.T) {
	corridor := "name: Corridor\n+-----+\n|P.K.E|\n+-----+\n"
	hunter := "# a hunter waits at the end of the corridor\n+-------+\n|P....H.|\n+-----+.|\n|E....K.|\n+-------+\n"
	tests := []struct {
		name    string
		levels  []string
		players int
		moves   string
		want    string
	}{
		{"won", []string{corridor}, 1, "dddd",
			`{"result":"won","level":1,"turn":4,"score":396,"key":true,"players":[{"x":5,"y":1,"state":"escaped"}],"monsters":[],"levels":[{"level":1,"turns":4,"bonuses":0,"score":396}]}`},
		{"no moves", []string{hunter}, 1, "",
			`{"result":"in_progress","level":1,"turn":0,"score":0,"key":false,"players":[{"x":1,"y":1,"state":"active"}],"monsters":[{"kind":"H","x":6,"y":1}],"levels":[]}`},
		{"lost", []string{hunter}, 1, ".....",
			`{"result":"lost","level":1,"turn":5,"score":0,"key":false,"players":[{"x":1,"y":1,"state":"caught"}],"monsters":[{"kind":"H","x":1,"y":1}],"levels":[]}`},
		{"second level", []string{corridor, hunter}, 1, "dddd..",
			`{"result":"in_progress","level":2,"turn":2,"score":396,"key":false,"players":[{"x":1,"y":1,"state":"active"}],"monsters":[{"kind":"H","x":4,"y":1}],"levels":[{"level":1,"turns":4,"bonuses":0,"score":396}]}`},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			path := writeReplay(t, replayJSON(1, tc.players, tc.moves, tc.levels...))
			out, errs, status := runCmd("replay", "--headless", path)
			if status != 0 || errs != "" {
				t.Fatalf("status %d, stderr %q", status, errs)
			}
			if out != tc.want+"\n" {
				t.Errorf("printed\n%s\nwant\n%s", out, tc.want)
			}
		})
	}
}

// TestReplayHeadlessMatchesGame records games of random actions over many
// seeds, solo and co-op, and checks that `replay --headless` prints the
// game's own final state, field by field and in the order of the contract.
func TestReplayHeadlessMatchesGame(t *testing.T) {
	dir := t.TempDir()
	for seed := uint64(1); seed <= 40; seed++ {
		players := 1 + int(seed%2)
		rng := rand.New(rand.NewPCG(seed, 5))
		g, err := engine.New(engine.Config{Seed: seed * 7919, Players: players})
		if err != nil {
			t.Fatal(err)
		}
		rec := saves.NewRecorder(seed*7919, nil, players)
		actions := []engine.Action{engine.Up, engine.Left, engine.Down, engine.Right, engine.Skip}
		for n := rng.IntN(400); n > 0 && g.Turn() != 0; n-- {
			if _, err := rec.Apply(g, g.Turn(), actions[rng.IntN(5)]); err != nil {
				t.Fatal(err)
			}
		}
		path, err := rec.Save(dir, time.Unix(int64(seed), 0))
		if err != nil {
			t.Fatal(err)
		}
		out, errs, status := runCmd("replay", "--headless", path)
		if status != 0 || errs != "" {
			t.Fatalf("seed %d: status %d, stderr %q", seed, status, errs)
		}
		checkOutcome(t, fmt.Sprintf("seed %d, %d players, %d moves", seed*7919, players, rec.Len()), out, g.Status())
	}
}

// checkOutcome compares printed JSON with a game's status without going
// through the code that printed it.
func checkOutcome(t *testing.T, name, out string, st engine.Status) {
	t.Helper()
	if strings.Count(out, "\n") != 1 || !strings.HasSuffix(out, "\n") {
		t.Errorf("%s: output is not one line: %q", name, out)
	}
	if keys := objectKeys(t, out); keys != "result level turn score key players monsters levels" {
		t.Errorf("%s: fields %s", name, keys)
	}
	var o struct {
		Result             string
		Level, Turn, Score int
		Key                bool
		Players            []struct {
			X, Y  int
			State string
		}
		Monsters []struct {
			Kind string
			X, Y int
		}
		Levels []struct{ Level, Turns, Bonuses, Score int }
	}
	if err := json.Unmarshal([]byte(out), &o); err != nil {
		t.Fatalf("%s: %v", name, err)
	}
	want := fmt.Sprintf("%v %d %d %d %v", st.Result, st.Level, st.Turn, st.Score, st.Key)
	if got := fmt.Sprintf("%s %d %d %d %v", o.Result, o.Level, o.Turn, o.Score, o.Key); got != want {
		t.Errorf("%s: printed %s, game %s", name, got, want)
	}
	if len(o.Players) != len(st.Players) || len(o.Monsters) != len(st.Monsters) || len(o.Levels) != len(st.Passed) {
		t.Fatalf("%s: printed %d players, %d monsters, %d levels; game %d, %d, %d", name,
			len(o.Players), len(o.Monsters), len(o.Levels), len(st.Players), len(st.Monsters), len(st.Passed))
	}
	for i, p := range st.Players {
		if o.Players[i].X != p.Pos.X || o.Players[i].Y != p.Pos.Y || o.Players[i].State != p.State.String() {
			t.Errorf("%s: player %d printed %+v, game %+v", name, i+1, o.Players[i], p)
		}
	}
	for i, m := range st.Monsters {
		if o.Monsters[i].Kind != string(rune(m.Kind)) || o.Monsters[i].X != m.Pos.X || o.Monsters[i].Y != m.Pos.Y {
			t.Errorf("%s: monster %d printed %+v, game %+v", name, i, o.Monsters[i], m)
		}
	}
	for i, l := range st.Passed {
		if o.Levels[i].Level != l.Level || o.Levels[i].Turns != l.Turns || o.Levels[i].Bonuses != l.Bonuses || o.Levels[i].Score != l.Score {
			t.Errorf("%s: level %d printed %+v, game %+v", name, i, o.Levels[i], l)
		}
	}
	if strings.Contains(out, "time_bonus") {
		t.Errorf("%s: a field the contract does not have: %s", name, out)
	}
}

// objectKeys lists the keys of the JSON object in s, in order.
func objectKeys(t *testing.T, s string) string {
	t.Helper()
	dec := json.NewDecoder(strings.NewReader(s))
	if tok, err := dec.Token(); err != nil || tok != json.Delim('{') {
		t.Fatalf("not an object: %q", s)
	}
	var keys []string
	for dec.More() {
		k, _ := dec.Token()
		keys = append(keys, fmt.Sprint(k))
		var v json.RawMessage
		dec.Decode(&v)
	}
	return strings.Join(keys, " ")
}
