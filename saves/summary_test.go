package saves

import (
	"errors"
	"flag"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/minotaur-game/minotaur/engine"
)

var updateSummaries = flag.Bool("update-summaries", false, "rewrite testdata/summary-*.txt from the code")

// summaryCases are run summaries of a lost, a won and a left game, on the
// generated campaign and on level files.
var summaryCases = []struct {
	name string
	s    Summary
}{
	{"lost", Summary{
		Seed: 44, Players: 1, Result: engine.Lost, Level: 3, Levels: 7, Turn: 56, Bonuses: 1, Score: 799,
		Passed: []engine.LevelScore{{Level: 1, Turns: 20, Bonuses: 1, Score: 400}, {Level: 2, Turns: 35, Score: 399}},
		Cause:  "The hunter came at you from the left and caught you on turn 56 of level 3.",
		Tip:    "Tip: a hunter hears your steps from afar once you hold the key; lead it round a loop before you make for the exit, or freeze it.",
		Replay: "replay-20261202-113500.json", Played: time.Date(2026, 12, 2, 11, 35, 0, 0, time.UTC),
	}},
	{"won", Summary{
		Seed: 18446744073709551615, Players: 1, Result: engine.Won, Level: 7, Levels: 7, Turn: 52, Score: 2694,
		Passed: []engine.LevelScore{{Level: 1, Turns: 30, Score: 370}, {Level: 2, Turns: 41, Bonuses: 2, Score: 399},
			{Level: 3, Turns: 50, Score: 350}, {Level: 4, Turns: 61, Score: 339}, {Level: 5, Turns: 40, Bonuses: 1, Score: 380},
			{Level: 6, Turns: 52, Score: 348}, {Level: 7, Turns: 52, Bonuses: 2, Score: 388}},
		Cause:  "You escaped the labyrinth on turn 52 of level 7, the last.",
		Replay: "replay-20261202-120000.json", Played: time.Date(2026, 12, 2, 12, 0, 0, 0, time.UTC),
	}},
	{"levels-left", Summary{
		Seed: 7, LevelNames: []string{"First Steps"}, Players: 1, Result: engine.InProgress, Level: 1, Levels: 1, Turn: 12,
		Cause:  "You left the game on turn 12 of level 1.",
		Replay: "replay-20261202-120500-2.json",
	}},
}

// TestSummaryText: a run summary says the result, the seed (and how to
// play it again), each level's turns, bonuses and score, the cause, the
// tip and the replay's name, in plain text that fits a chat window — as
// in testdata/summary-*.txt (go test -run SummaryText -update-summaries
// rewrites them).
func TestSummaryText(t *testing.T) {
	for _, tc := range summaryCases {
		t.Run(tc.name, func(t *testing.T) {
			got := tc.s.Text()
			path := filepath.Join("testdata", "summary-"+tc.name+".txt")
			if *updateSummaries {
				if err := os.WriteFile(path, []byte(got), 0o644); err != nil {
					t.Fatal(err)
				}
			}
			want, err := os.ReadFile(path)
			if err != nil {
				t.Fatalf("the golden file is missing (go test -run SummaryText -update-summaries writes it): %v", err)
			}
			if got != string(want) {
				t.Errorf("the summary differs from %s:\n--- got\n%s--- want\n%s", path, got, want)
			}
			for i, l := range strings.Split(got, "\n") {
				if len([]rune(l)) > summaryWidth {
					t.Errorf("line %d is %d columns wide, more than %d: %q", i+1, len([]rune(l)), summaryWidth, l)
				}
				for _, r := range l {
					if r < ' ' || r == 0x7f {
						t.Errorf("line %d holds the control character %q", i+1, r)
					}
				}
			}
			if !strings.Contains(got, "Replay: "+tc.s.Replay+"\n") || !strings.Contains(strings.Join(strings.Fields(got), " "), tc.s.Cause) {
				t.Errorf("the summary lacks the replay's name or the cause:\n%s", got)
			}
		})
	}
}

// TestWriteSummary: the summary is written beside the replay under the
// same name with .txt, durably and whole (a second write replaces it
// whole); a write that fails is an error that names the summary, and the
// replay and the folder are left as they were.
func TestWriteSummary(t *testing.T) {
	dir := t.TempDir()
	replay := filepath.Join(dir, "replay-20261202-113500.json")
	if err := os.WriteFile(replay, []byte("{}\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	text := summaryCases[0].s.Text()
	path, err := WriteSummary(replay, text)
	if err != nil {
		t.Fatal(err)
	}
	if want := filepath.Join(dir, "replay-20261202-113500.txt"); path != want {
		t.Errorf("written to %s, want %s", path, want)
	}
	if got, _ := os.ReadFile(path); string(got) != text {
		t.Errorf("the file holds %q, want the summary", got)
	}

	errDisk := errors.New("no space left on device")
	w := hookWrite
	defer func() { hookWrite = w }()
	hookWrite = func(f *os.File, data []byte) (int, error) { return 0, errDisk }
	if _, err := WriteSummary(replay, "another text\n"); err == nil || !strings.Contains(err.Error(), "run summary was not written") || !errors.Is(err, errDisk) {
		t.Errorf("a failed write: %v; want the summary named and the cause kept", err)
	}
	hookWrite = w
	if got, _ := os.ReadFile(path); string(got) != text {
		t.Errorf("after a failed write the summary holds %q, want the one before", got)
	}
	if got, _ := os.ReadFile(replay); string(got) != "{}\n" {
		t.Errorf("the replay was touched: %q", got)
	}
	entries, _ := os.ReadDir(dir)
	if len(entries) != 2 {
		var names []string
		for _, e := range entries {
			names = append(names, e.Name())
		}
		t.Errorf("the folder holds %v, want the replay and its summary alone", names)
	}
}
