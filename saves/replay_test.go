package saves

import (
	"encoding/json"
	"errors"
	"fmt"
	"math/rand/v2"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/minotaur-game/minotaur/engine"
	"github.com/minotaur-game/minotaur/internal/testboard"
)

// tiny builds a level from its map rows, as a level file draws them.
func tiny(t testing.TB, rows ...string) engine.Level { return testboard.Level(t, rows...) }

func outcomeJSON(t testing.TB, g *engine.Game) string {
	t.Helper()
	data, err := json.Marshal(OutcomeOf(g))
	if err != nil {
		t.Fatal(err)
	}
	return string(data)
}

var hunterLevel = []string{
	"+-------+",
	"|P....H.|",
	"+-----+.|",
	"|E....K.|",
	"+-------+",
}

// TestTinyReplays plays hand-written replays on hand-made levels whose
// outcome can be worked out on paper.
func TestTinyReplays(t *testing.T) {
	corridor := []string{
		"+-----+",
		"|P.K.E|",
		"+-----+",
	}
	tests := []struct {
		name    string
		levels  [][]string
		players int
		moves   string
		want    string
	}{
		{"walk to the key and out", [][]string{corridor}, 1, "dddd",
			// 4 turns: 100 + (300-4) = 396.
			`{"result":"won","level":1,"turn":4,"score":396,"key":true,"players":[{"x":5,"y":1,"state":"escaped"}],"monsters":[],"levels":[{"level":1,"turns":4,"bonuses":0,"score":396}]}`},
		{"bumps cost no turn", [][]string{corridor}, 1, "wasddwsd",
			// w a s bump (no turn), d d, w s bump, d: 3 turns.
			`{"result":"in_progress","level":1,"turn":3,"score":0,"key":true,"players":[{"x":4,"y":1,"state":"active"}],"monsters":[],"levels":[]}`},
		{"skips count", [][]string{corridor}, 1, "..d",
			`{"result":"in_progress","level":1,"turn":3,"score":0,"key":false,"players":[{"x":2,"y":1,"state":"active"}],"monsters":[],"levels":[]}`},
		{"the locked exit blocks", [][]string{{
			"+-----+",
			"|EP.K.|",
			"+-----+",
		}}, 1, "a",
			`{"result":"in_progress","level":1,"turn":0,"score":0,"key":false,"players":[{"x":2,"y":1,"state":"active"}],"monsters":[],"levels":[]}`},
		{"the key opens the exit", [][]string{{
			"+-----+",
			"|EP.K.|",
			"+-----+",
		}}, 1, "addaaa",
			`{"result":"won","level":1,"turn":5,"score":395,"key":true,"players":[{"x":1,"y":1,"state":"escaped"}],"monsters":[],"levels":[{"level":1,"turns":5,"bonuses":0,"score":395}]}`},
		{"a bonus is worth 20", [][]string{{
			"+------+",
			"|P*.K.E|",
			"+------+",
		}}, 1, "ddddd",
			`{"result":"won","level":1,"turn":5,"score":415,"key":true,"players":[{"x":6,"y":1,"state":"escaped"}],"monsters":[],"levels":[{"level":1,"turns":5,"bonuses":1,"score":415}]}`},
		{"two levels add up", [][]string{corridor, {
			"+---+",
			"|K.P|",
			"|E..|",
			"+---+",
		}}, 1, "ddddaaas",
			// Level 2: a a (key) and s onto the exit below it: 3 turns, 397.
			`{"result":"won","level":2,"turn":3,"score":793,"key":true,"players":[{"x":1,"y":2,"state":"escaped"}],"monsters":[],"levels":[{"level":1,"turns":4,"bonuses":0,"score":396},{"level":2,"turns":3,"bonuses":0,"score":397}]}`},
		{"moves run out in the second level", [][]string{corridor, corridor}, 1, "dddddd",
			`{"result":"in_progress","level":2,"turn":2,"score":396,"key":true,"players":[{"x":3,"y":1,"state":"active"}],"monsters":[],"levels":[{"level":1,"turns":4,"bonuses":0,"score":396}]}`},
		{"a hunter comes down the corridor", [][]string{hunterLevel}, 1, "....",
			// The hunter steps one tile a turn toward the player: 5, 4, 3, 2.
			`{"result":"in_progress","level":1,"turn":4,"score":0,"key":false,"players":[{"x":1,"y":1,"state":"active"}],"monsters":[{"kind":"H","x":2,"y":1}],"levels":[]}`},
		{"caught by the hunter", [][]string{hunterLevel}, 1, ".....",
			`{"result":"lost","level":1,"turn":5,"score":0,"key":false,"players":[{"x":1,"y":1,"state":"caught"}],"monsters":[{"kind":"H","x":1,"y":1}],"levels":[]}`},
		{"freeze stops the hunter for 3 actions", [][]string{{
			"+--------+",
			"|P*....H.|",
			"+------+.|",
			"|E.....K.|",
			"+--------+",
		}}, 1, "df...",
			// Turn 1: the player pockets the freeze and the hunter steps to (6, 1);
			// turn 2: the player uses it, and the hunter skips turns 2-4 and steps on turn 5.
			`{"result":"in_progress","level":1,"turn":5,"score":0,"key":false,"players":[{"x":2,"y":1,"state":"active"}],"monsters":[{"kind":"H","x":5,"y":1}],"levels":[]}`},
		{"co-op moves alternate", [][]string{{
			"+-----+",
			"|P.K.E|",
			"|P....|",
			"+-----+",
		}}, 2, "dddddwddd",
			// Rounds (P1, P2): (d d) (d d: P1 takes the key) (d w) (d: P1
			// escapes, d) and P2 alone: d, out too in round 5.
			`{"result":"won","level":1,"turn":5,"score":395,"key":true,"players":[{"x":5,"y":1,"state":"escaped"},{"x":5,"y":1,"state":"escaped"}],"monsters":[],"levels":[{"level":1,"turns":5,"bonuses":0,"score":395}]}`},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			var levels []engine.Level
			var texts []string
			for _, rows := range tc.levels {
				levels = append(levels, tiny(t, rows...))
				texts = append(texts, strings.Join(rows, "\n")+"\n")
			}
			r := Replay{Seed: 1, Levels: texts, Players: tc.players, Moves: tc.moves}
			g, err := r.Run(levels)
			if err != nil {
				t.Fatal(err)
			}
			if got := outcomeJSON(t, g); got != tc.want {
				t.Errorf("outcome\n%s\nwant\n%s\n%s", got, tc.want, g)
			}
		})
	}
}

func TestParseReplayErrors(t *testing.T) {
	tests := []struct {
		name, content string
		want          string
	}{
		{"empty", "", "the file is empty"},
		{"truncated", `{"format": "minotaur-replay", "version": 2, "seed": 42, "lev`, "cut short after 60 bytes"},
		{"binary", "\x1f\x8b\x08\x00\x00\x00", "not a JSON file"},
		{"not JSON", "ddsx.wwa", "not a JSON file (line 1, column 1: invalid character 'd'"},
		{"a save, not a replay", `{"format": "minotaur-save", "version": 1}`, `it is not a replay: its format is "minotaur-save", want "minotaur-replay"`},
		{"newer version", `{"format": "minotaur-replay", "version": 3, "seed": 1, "levels": null, "players": 1, "moves": ""}`, "newer version of minotaur (version 3; this one reads up to 2)"},
		{"old rules", `{"format": "minotaur-replay", "version": 1, "seed": 1, "levels": null, "players": 1, "moves": "dd"}`, "recorded under the old rules, before hunters kept their posts until they heard you"},
		{"version 0", `{"format": "minotaur-replay", "version": 0}`, "version 0 is not a version"},
		{"unknown field", `{"format": "minotaur-replay", "version": 2, "seed": 1, "levels": null, "players": 1, "move": "dd"}`, `unknown field "move"; a replay has the fields format, version, seed, levels, players and moves`},
		{"missing seed", `{"format": "minotaur-replay", "version": 2, "levels": null, "players": 1, "moves": "dd"}`, `missing "seed"`},
		{"missing players", `{"format": "minotaur-replay", "version": 2, "seed": 1, "levels": null, "moves": "dd"}`, `missing "players"`},
		{"missing moves", `{"format": "minotaur-replay", "version": 2, "seed": 1, "levels": null, "players": 1}`, `missing "moves"`},
		{"missing levels", `{"format": "minotaur-replay", "version": 2, "seed": 1, "players": 1, "moves": ""}`, `missing "levels"`},
		{"three players", `{"format": "minotaur-replay", "version": 2, "seed": 1, "levels": null, "players": 3, "moves": ""}`, `"players" is 3; a game has 1 or 2 players`},
		{"negative seed", `{"format": "minotaur-replay", "version": 2, "seed": -1, "levels": null, "players": 1, "moves": ""}`, "line 1, column 54: seed should be a whole number, not a JSON number -1"},
		{"seed as text", "{\"format\": \"minotaur-replay\", \"version\": 2,\n \"seed\": \"42\", \"levels\": null, \"players\": 1, \"moves\": \"\"}", "line 2, column 13: seed should be a whole number, not a JSON string"},
		{"empty level list", `{"format": "minotaur-replay", "version": 2, "seed": 1, "levels": [], "players": 1, "moves": ""}`, `"levels" is an empty list; use null for the generated levels`},
		{"levels not texts", `{"format": "minotaur-replay", "version": 2, "seed": 1, "levels": [1], "players": 1, "moves": ""}`, `"levels" must be null or a list of level-file texts`},
		{"bad move", `{"format": "minotaur-replay", "version": 2, "seed": 42, "levels": null, "players": 1, "moves": "ddsx.wwa"}`, `move 4 ("x") is not a move: moves are w a s d (steps), . (skip) and f (use a freeze)`},
		{"space in moves", `{"format": "minotaur-replay", "version": 2, "seed": 42, "levels": null, "players": 1, "moves": "dd ss"}`, `move 3 (" ") is not a move`},
		{"non-ASCII move", `{"format": "minotaur-replay", "version": 2, "seed": 42, "levels": null, "players": 1, "moves": "dé"}`, `move 2 (byte 0xc3) is not a move`},
		{"trailing garbage", `{"format": "minotaur-replay", "version": 2, "seed": 1, "levels": null, "players": 1, "moves": ""} x`, "invalid character 'x' after top-level value"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			_, err := ParseReplay([]byte(tc.content))
			var re *ReplayError
			if !errors.As(err, &re) {
				t.Fatalf("error %v (%T) is not a *ReplayError", err, err)
			}
			if !strings.Contains(err.Error(), tc.want) {
				t.Errorf("error %q does not say %q", err, tc.want)
			}
		})
	}
	t.Run("file name in the message", func(t *testing.T) {
		path := filepath.Join(t.TempDir(), "bug.json")
		os.WriteFile(path, []byte(`{"format": "minotaur-replay"`), 0o644)
		_, err := ReadReplay(path)
		if err == nil || !strings.HasPrefix(err.Error(), path+": ") {
			t.Errorf("error %q does not start with the file's name", err)
		}
		_, err = ReadReplay(filepath.Join(t.TempDir(), "missing.json"))
		if err == nil || !strings.Contains(err.Error(), "missing.json") || !errors.Is(err, os.ErrNotExist) {
			t.Errorf("missing file: %v", err)
		}
	})
}

func TestReplayFileFormat(t *testing.T) {
	r := Replay{Seed: 18446744073709551615, Levels: []string{"+---+\n|PKE|\n+---+\n"}, Players: 2, Moves: "wasd."}
	data := r.Encode()
	// The fields come in the order of the spec.
	var keys []string
	dec := json.NewDecoder(strings.NewReader(string(data)))
	dec.Token()
	for dec.More() {
		k, _ := dec.Token()
		keys = append(keys, k.(string))
		var skip json.RawMessage
		dec.Decode(&skip)
	}
	if got := strings.Join(keys, " "); got != "format version seed levels players moves" {
		t.Errorf("fields %s", got)
	}
	back, err := ParseReplay(data)
	if err != nil {
		t.Fatal(err)
	}
	if fmt.Sprint(back) != fmt.Sprint(r) {
		t.Errorf("read back %+v, want %+v", back, r)
	}
	generated := Replay{Seed: 42, Players: 1, Moves: "dd"}
	if !strings.Contains(string(generated.Encode()), `"levels": null`) {
		t.Errorf("generated levels not written as null:\n%s", generated.Encode())
	}
	var viaJSON Replay
	if err := json.Unmarshal(data, &viaJSON); err != nil || fmt.Sprint(viaJSON) != fmt.Sprint(r) {
		t.Errorf("json.Unmarshal gives %+v, %v", viaJSON, err)
	}
}

// TestRecordedGamesReplay records games of random actions (and walks through
// custom levels), writes each replay to a file, reads it back, and checks
// that playing it gives exactly the game's final state.
func TestRecordedGamesReplay(t *testing.T) {
	dir := t.TempDir()
	for seed := uint64(1); seed <= 60; seed++ {
		players := 1 + int(seed%2)
		t.Run(fmt.Sprintf("seed %d players %d", seed, players), func(t *testing.T) {
			rng := rand.New(rand.NewPCG(seed, 11))
			var levels []engine.Level
			var texts []string
			if seed%4 == 0 {
				levels = campaign(seed, 3, 3)
				for _, lv := range levels {
					texts = append(texts, levelText(lv))
				}
			}
			g, err := engine.New(engine.Config{Seed: seed, Players: players, Levels: levels})
			if err != nil {
				t.Fatal(err)
			}
			rec := NewRecorder(seed, texts, players)
			if levels != nil {
				walkTo(g, rec, 3)
			}
			for _, a := range randomMoves(rng, 1+rng.IntN(300)) {
				if g.Turn() == 0 {
					break
				}
				if _, err := rec.Apply(g, g.Turn(), a); err != nil {
					t.Fatal(err)
				}
			}
			path, err := rec.Save(dir, day)
			if err != nil {
				t.Fatal(err)
			}
			r, err := ReadReplay(path)
			if err != nil {
				t.Fatal(err)
			}
			if r.Moves != rec.Replay().Moves || len(r.Moves) != rec.Len() {
				t.Fatal("the file does not hold the recorded moves")
			}
			replayed, err := r.Run(levels)
			if err != nil {
				t.Fatal(err)
			}
			if gameJSON(t, replayed) != gameJSON(t, g) {
				t.Errorf("the replay ends in another state than the game (%d moves)", len(r.Moves))
			}
			if outcomeJSON(t, replayed) != outcomeJSON(t, g) {
				t.Errorf("outcome %s, game %s", outcomeJSON(t, replayed), outcomeJSON(t, g))
			}
		})
	}
	files, _ := filepath.Glob(filepath.Join(dir, "replay-20260314-150926*.json"))
	if len(files) != 60 {
		t.Errorf("%d replay files, want 60 distinct ones", len(files))
	}
}

func TestPlaybackSteps(t *testing.T) {
	lv := tiny(t, "+-----+", "|P.K.E|", "|P....|", "+-----+")
	r := Replay{Seed: 3, Levels: []string{"x"}, Players: 2, Moves: "ddw"}
	p, err := r.Start([]engine.Level{lv})
	if err != nil {
		t.Fatal(err)
	}
	var seats []int
	for !p.Done() {
		st, err := p.Step()
		if err != nil {
			t.Fatal(err)
		}
		seats = append(seats, st.Seat)
		if played, total := p.Progress(); played != st.Index || total != 3 {
			t.Errorf("progress %d/%d after move %d", played, total, st.Index)
		}
	}
	// P1, P2, then P1 again; its bump into the wall begins no round.
	if fmt.Sprint(seats) != "[1 2 1]" || p.Game().Turn() != 1 || p.Game().Status().Turn != 1 {
		t.Errorf("seats %v, next %d, turn %d", seats, p.Game().Turn(), p.Game().Status().Turn)
	}
	if _, err := p.Step(); err == nil {
		t.Error("a step past the last move")
	}
}

func TestReplayRunErrors(t *testing.T) {
	corridor := tiny(t, "+-----+", "|P.K.E|", "+-----+")
	tests := []struct {
		name   string
		r      Replay
		levels []engine.Level
		want   string
	}{
		{"moves after the end", Replay{Seed: 1, Levels: []string{"x"}, Players: 1, Moves: "ddddd."},
			[]engine.Level{corridor}, `move 5 ("d") comes after the end of the game: it was won after move 4 of 6`},
		{"levels missing", Replay{Seed: 1, Levels: []string{"x", "y"}, Players: 1},
			[]engine.Level{corridor}, "the replay has 2 level texts, but 1 parsed levels were given"},
		{"levels for a generated campaign", Replay{Seed: 1, Players: 1},
			[]engine.Level{corridor}, "plays the generated levels, but levels were given"},
		{"bad move", Replay{Seed: 1, Players: 1, Moves: "dq"}, nil, `move 2 ("q") is not a move`},
		{"three players", Replay{Seed: 1, Players: 3}, nil, "cannot start the recorded game: a game has 1 or 2 players, not 3"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			_, err := tc.r.Run(tc.levels)
			if err == nil || !strings.Contains(err.Error(), tc.want) {
				t.Errorf("error %v, want %q", err, tc.want)
			}
		})
	}
}
