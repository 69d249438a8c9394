package tui

import (
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/minotaur-game/minotaur/saves"
)

// TestRunSummary: a game lost writes, beside its replay, a run summary
// of the same name (.txt) that tells the seed, the level lost with its
// turns, the cause and the tip the end screen showed, and the replay's
// name; the end screen names the file on a line of its own.
func TestRunSummary(t *testing.T) {
	cfg := testConfig(t, goldenSeed)
	d := newDriver(t, cfg, 80, 24)
	d.keys("<enter>")
	if !d.loseGame() {
		t.Fatalf("the game could not be lost:\n%s", d.screen())
	}
	d.expectScreen("end")
	replays, _ := filepath.Glob(filepath.Join(cfg.Replays, "replay-*.json"))
	if len(replays) != 1 {
		t.Fatalf("%d replays written, want 1", len(replays))
	}
	path := saves.SummaryPath(replays[0])
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatalf("no run summary beside the replay: %v", err)
	}
	text := string(data)
	flat := prose(text)
	for _, want := range []string{
		"Minotaur: lost on level 1 of 7",
		"Seed " + strconv.FormatUint(goldenSeed, 10),
		"Level Turns Bonuses Score",
		"Replay: " + filepath.Base(replays[0]),
	} {
		if !strings.Contains(flat, want) {
			t.Errorf("the summary lacks %q:\n%s", want, text)
		}
	}
	// The cause and the tip are the end screen's own words (its text
	// column, beside the map).
	lines := strings.Split(d.screen(), "\n")
	col := -1
	for _, l := range lines {
		if i := strings.Index(l, "GAME OVER"); i >= 0 {
			col = len([]rune(l[:i]))
		}
	}
	var column []string
	for _, l := range lines {
		if r := []rune(l); col >= 0 && len(r) > col {
			column = append(column, string(r[col:]))
		}
	}
	scr := prose(strings.Join(column, "\n"))
	for _, para := range strings.Split(text, "\n\n")[2:] {
		if p := prose(para); !strings.HasPrefix(p, "Replay:") && !strings.Contains(scr, p) {
			t.Errorf("the summary says %q, which the end screen does not:\n%s", p, d.screen())
		}
	}
	if !strings.Contains(text, "Tip: ") {
		t.Errorf("the summary lacks the tip:\n%s", text)
	}
	if !strings.Contains(d.screen(), "Summary: "+filepath.Base(path)) {
		t.Errorf("the end screen does not name the summary:\n%s", d.screen())
	}
}

// TestRunSummaryFails: a summary that cannot be written (its name is
// taken by a folder) is a sentence on the end screen; the replay is
// written and its path shown all the same.
func TestRunSummaryFails(t *testing.T) {
	cfg := testConfig(t, goldenSeed)
	blocked := filepath.Join(cfg.Replays, "replay-"+fixedNow.Format("20060102-150405")+".txt")
	if err := os.MkdirAll(filepath.Join(blocked, "x"), 0o755); err != nil {
		t.Fatal(err)
	}
	d := newDriver(t, cfg, 80, 24)
	d.keys("<enter>")
	if !d.loseGame() {
		t.Fatalf("the game could not be lost:\n%s", d.screen())
	}
	d.expectScreen("end")
	replays, _ := filepath.Glob(filepath.Join(cfg.Replays, "replay-*.json"))
	if len(replays) != 1 {
		t.Fatalf("%d replays written, want 1", len(replays))
	}
	scr := prose(d.screen())
	if !strings.Contains(scr, "The run summary was not written") {
		t.Errorf("the end screen does not say the summary was not written:\n%s", d.screen())
	}
	if !strings.Contains(strings.ReplaceAll(d.screen(), " ", ""), filepath.Base(replays[0])) {
		t.Errorf("the replay's path is gone from the end screen:\n%s", d.screen())
	}
	if _, err := saves.ReadReplay(replays[0]); err != nil {
		t.Errorf("the replay was not kept whole: %v", err)
	}
}

// TestRunSummaryLeft: a game quit in the middle leaves a summary too,
// which says where it was left.
func TestRunSummaryLeft(t *testing.T) {
	cfg := testConfig(t, goldenSeed)
	d := newDriver(t, cfg, 80, 24)
	d.keys("<enter>ds<ctrl+c>y")
	replays, _ := filepath.Glob(filepath.Join(cfg.Replays, "replay-*.json"))
	if len(replays) != 1 {
		t.Fatalf("%d replays written, want 1", len(replays))
	}
	data, err := os.ReadFile(saves.SummaryPath(replays[0]))
	if err != nil {
		t.Fatalf("no run summary beside the replay of a game left: %v", err)
	}
	if !strings.Contains(string(data), "left on level 1 of 7") || !strings.Contains(string(data), "The game was left on turn 1 of level 1.") {
		t.Errorf("the summary of a game left:\n%s", data)
	}
}
