package saves

import (
	"encoding/json"
	"errors"
	"fmt"
	"math/rand/v2"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"
)

var day = time.Date(2026, 3, 14, 15, 9, 26, 0, time.UTC)

func TestScoreTableRanks(t *testing.T) {
	table := ScoreTable{Path: filepath.Join(t.TempDir(), "sub", "highscores.json")}
	scores := []int{500, 900, 100, 900, 700, 300, 1200, 50, 800, 600, 400, 20}
	for i, s := range scores {
		a, err := table.Add(Entry{Name: fmt.Sprintf("p%d", i), Score: s, Level: 2, Seed: uint64(i)}, day.Add(time.Duration(i)*time.Minute))
		if err != nil {
			t.Fatal(err)
		}
		if a.Rank > 0 && (a.Entries[a.Rank-1].Name != fmt.Sprintf("p%d", i) || a.Entries[a.Rank-1].Score != s) {
			t.Errorf("add %d: rank %d points at %+v", s, a.Rank, a.Entries[a.Rank-1])
		}
	}
	got, err := table.Read(day)
	if err != nil {
		t.Fatal(err)
	}
	var names []string
	for _, e := range got.Entries {
		names = append(names, fmt.Sprintf("%s:%d", e.Name, e.Score))
	}
	// Equal scores keep the order they came in; 50 and 20 do not enter.
	want := "p6:1200 p1:900 p3:900 p8:800 p4:700 p9:600 p0:500 p10:400 p5:300 p2:100"
	if strings.Join(names, " ") != want {
		t.Errorf("table %s\nwant  %s", strings.Join(names, " "), want)
	}
	if e := got.Entries[0]; e.Level != 2 || e.Seed != 6 || !e.Date.Equal(day.Add(6*time.Minute)) {
		t.Errorf("first entry %+v lost its level, seed or date", e)
	}
	for _, tc := range []struct {
		score int
		want  bool
	}{{101, true}, {100, false}, {5000, true}, {0, false}} {
		ok, _, err := table.Qualifies(tc.score, day)
		if err != nil || ok != tc.want {
			t.Errorf("Qualifies(%d) = %v, %v; want %v", tc.score, ok, err, tc.want)
		}
	}
	a, err := table.Add(Entry{Name: "late", Score: 100}, day)
	if err != nil || a.Rank != 0 || len(a.Entries) != TableSize {
		t.Errorf("adding a score that does not enter: rank %d, %d entries, %v", a.Rank, len(a.Entries), err)
	}
	if _, err := os.Stat(table.LockPath()); err != nil {
		t.Errorf("lock file: %v", err)
	}
}

func TestScoreTableCleansNames(t *testing.T) {
	table := ScoreTable{Path: filepath.Join(t.TempDir(), "highscores.json")}
	a, err := table.Add(Entry{Name: "\x1b[2J\x1b]0;x\x07Evil\x00Name that is much too long", Score: 10}, day)
	if err != nil {
		t.Fatal(err)
	}
	if got := a.Entries[0].Name; got != "EvilName that is" {
		t.Errorf("stored name %q", got)
	}
	a, _ = table.Add(Entry{Name: "\x1b[0m", Score: 5}, day)
	if got := a.Entries[1].Name; got != "anonymous" {
		t.Errorf("empty name stored as %q", got)
	}
	// A name edited into the file by hand is cleaned when read.
	data, _ := os.ReadFile(table.Path)
	os.WriteFile(table.Path, []byte(strings.Replace(string(data), "anonymous", `\u001b[31mred`, 1)), 0o644)
	s, err := table.Read(day)
	if err != nil || s.Entries[1].Name != "red" {
		t.Errorf("hand-edited name read as %q, %v", s.Entries[1].Name, err)
	}
}

// TestScoreTableDamaged checks that a damaged table is set aside under a new
// name, never overwritten, the player is told, and a fresh table starts.
func TestScoreTableDamaged(t *testing.T) {
	tests := []struct {
		name, content, reason string
	}{
		{"empty", "", "empty"},
		{"truncated", `{"format": "minotaur-scores", "version": 1, "entries": [{"name": "a", "sco`, "cut short"},
		{"binary", "\x00\x01\x02\xff\xfe garbage", "not a JSON file"},
		{"not JSON", "name=bob score=12", "not a JSON file"},
		{"wrong format", `{"format": "minotaur-save", "version": 1}`, `its format is "minotaur-save"`},
		{"wrong type", `{"format": "minotaur-scores", "version": 1, "entries": {"a": 1}}`, "entries"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			dir := t.TempDir()
			table := ScoreTable{Path: filepath.Join(dir, "highscores.json")}
			os.WriteFile(table.Path, []byte(tc.content), 0o644)
			a, err := table.Add(Entry{Name: "Ariadne", Score: 300}, day)
			if err != nil {
				t.Fatal(err)
			}
			if a.Rank != 1 || len(a.Entries) != 1 {
				t.Errorf("new table: rank %d, %d entries", a.Rank, len(a.Entries))
			}
			aside := table.Path + ".corrupt-20260314T150926Z"
			if !strings.Contains(a.Notice, "damaged") || !strings.Contains(a.Notice, filepath.Base(aside)) || !strings.Contains(a.Notice, tc.reason) {
				t.Errorf("notice %q does not say the table was damaged (%s) and set aside as %s", a.Notice, tc.reason, filepath.Base(aside))
			}
			if got, err := os.ReadFile(aside); err != nil || string(got) != tc.content {
				t.Errorf("damaged table not kept as it was: %q, %v", got, err)
			}
			// A second damaged table the same second gets its own name.
			os.WriteFile(table.Path, []byte("junk"), 0o644)
			s, err := table.Read(day)
			if err != nil || len(s.Entries) != 0 || !strings.Contains(s.Notice, filepath.Base(aside)+"-2") {
				t.Errorf("second damage: %+v, %v", s, err)
			}
			if got, _ := os.ReadFile(aside); string(got) != tc.content {
				t.Error("the first damaged table was overwritten")
			}
		})
	}
}

func TestScoreTableNewerVersion(t *testing.T) {
	table := ScoreTable{Path: filepath.Join(t.TempDir(), "highscores.json")}
	content := `{"format": "minotaur-scores", "version": 2, "entries": [], "ranks": {}}`
	os.WriteFile(table.Path, []byte(content), 0o644)
	_, err := table.Add(Entry{Name: "x", Score: 10}, day)
	var nv *NewerVersionError
	if !errors.As(err, &nv) || !strings.Contains(err.Error(), "newer version") || !strings.Contains(err.Error(), "version 2") {
		t.Errorf("Add on a newer table: %v", err)
	}
	if got, _ := os.ReadFile(table.Path); string(got) != content {
		t.Errorf("newer table changed to %q", got)
	}
	if matches, _ := filepath.Glob(table.Path + ".corrupt-*"); len(matches) > 0 {
		t.Errorf("a newer table was set aside as damaged: %v", matches)
	}
}

func TestScoreTableBusyLock(t *testing.T) {
	table := ScoreTable{Path: filepath.Join(t.TempDir(), "highscores.json")}
	old := lockWait
	lockWait = 50 * time.Millisecond
	defer func() { lockWait = old }()
	var wg sync.WaitGroup
	hold := make(chan struct{})
	held := make(chan struct{})
	wg.Add(1)
	go func() {
		defer wg.Done()
		table.locked(func() error { close(held); <-hold; return nil })
	}()
	<-held
	_, err := table.Add(Entry{Name: "x", Score: 1}, day)
	close(hold)
	wg.Wait()
	if err == nil || !strings.Contains(err.Error(), "busy") || !strings.Contains(err.Error(), table.LockPath()) {
		t.Errorf("Add while the table is locked: %v", err)
	}
}

const (
	scoreWriters = 8
	scoresEach   = 50
)

// childScore is the score that writer w adds as its i-th entry: all
// different, and the best ones spread over every writer.
func childScore(w, i int) int { return 1000 + i*scoreWriters + w }

func init() {
	children["score-writer"] = func() error {
		w, _ := strconv.Atoi(os.Getenv("SCORE_WRITER"))
		table := ScoreTable{Path: os.Getenv("SCORE_FILE")}
		order := rand.New(rand.NewPCG(uint64(w), 9)).Perm(scoresEach)
		for _, i := range order {
			name := fmt.Sprintf("w%d-%d", w, i)
			a, err := table.Add(Entry{Name: name, Score: childScore(w, i), Level: 1 + i%7, Seed: uint64(i)}, day)
			if err != nil {
				return err
			}
			if a.Rank > 0 && a.Entries[a.Rank-1].Name != name {
				return fmt.Errorf("%s: rank %d points at %s", name, a.Rank, a.Entries[a.Rank-1].Name)
			}
			if _, err := os.Stat(table.LockPath()); err != nil {
				return fmt.Errorf("lock file gone: %v", err)
			}
		}
		return nil
	}
}

// TestScoreTableConcurrentProcesses runs 8 processes that add 50 scores each
// to one table at the same time: no update may be lost.
func TestScoreTableConcurrentProcesses(t *testing.T) {
	if testing.Short() {
		t.Skip("starts child processes")
	}
	table := ScoreTable{Path: filepath.Join(t.TempDir(), "highscores.json")}
	var cmds []*exec.Cmd
	var outs []*strings.Builder
	for w := range scoreWriters {
		cmd := exec.Command(os.Args[0], "-test.run=^$")
		cmd.Env = append(os.Environ(), childEnv+"=score-writer", "SCORE_WRITER="+strconv.Itoa(w), "SCORE_FILE="+table.Path)
		out := &strings.Builder{}
		cmd.Stdout, cmd.Stderr = out, out
		if err := cmd.Start(); err != nil {
			t.Fatal(err)
		}
		cmds, outs = append(cmds, cmd), append(outs, out)
	}
	for w, cmd := range cmds {
		if err := cmd.Wait(); err != nil {
			t.Errorf("writer %d: %v: %s", w, err, outs[w])
		}
	}
	var all []int
	for w := range scoreWriters {
		for i := range scoresEach {
			all = append(all, childScore(w, i))
		}
	}
	slices.Sort(all)
	slices.Reverse(all)
	s, err := table.Read(day)
	if err != nil {
		t.Fatal(err)
	}
	var got []int
	for _, e := range s.Entries {
		got = append(got, e.Score)
		w, i := (e.Score-1000)%scoreWriters, (e.Score-1000)/scoreWriters
		if e.Name != fmt.Sprintf("w%d-%d", w, i) || e.Level != 1+i%7 || e.Seed != uint64(i) {
			t.Errorf("entry %+v does not match the one written", e)
		}
	}
	if fmt.Sprint(got) != fmt.Sprint(all[:TableSize]) {
		t.Errorf("final table %v\nwant          %v", got, all[:TableSize])
	}
	if _, err := os.Stat(table.LockPath()); err != nil {
		t.Errorf("the lock file was deleted: %v", err)
	}
	var f scoresFile
	data, _ := os.ReadFile(table.Path)
	if err := json.Unmarshal(data, &f); err != nil || f.Format != ScoresFormat || f.Version != ScoresVersion {
		t.Errorf("table file %q: %v", data, err)
	}
}
