package main

import (
	"bytes"
	"encoding/json"
	"flag"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

var updateCorpus = flag.Bool("update-replays", false, "rewrite the expected outcomes of testdata/replays")

// TestReplayCorpus is the rules' regression suite: recorded games — solo and
// co-op campaigns that reach level 4, and custom levels up to a won Minotaur
// arena — must end exactly as they did when they were recorded. A change of
// the rules (or of generation) shows up here as a changed outcome; when it
// is meant, rerun with -update-replays and read the diff.
func TestReplayCorpus(t *testing.T) {
	files, _ := filepath.Glob(filepath.Join("testdata", "replays", "*.json"))
	if len(files) < 10 {
		t.Fatalf("the corpus has %d replays, want at least 10", len(files))
	}
	results := map[string]int{}
	for _, f := range files {
		t.Run(filepath.Base(f), func(t *testing.T) {
			out, errs, code := runCmd("replay", "--headless", f)
			if code != 0 {
				t.Fatalf("exit %d: %s", code, errs)
			}
			var o struct{ Result string }
			if err := json.Unmarshal([]byte(out), &o); err != nil {
				t.Fatalf("not JSON: %v\n%s", err, out)
			}
			results[o.Result]++
			want := strings.TrimSuffix(f, ".json") + ".outcome"
			if *updateCorpus {
				if err := os.WriteFile(want, []byte(out), 0o644); err != nil {
					t.Fatal(err)
				}
				return
			}
			exp, err := os.ReadFile(want)
			if err != nil {
				t.Fatalf("no expected outcome (run with -update-replays): %v", err)
			}
			if !bytes.Equal(exp, []byte(out)) {
				t.Errorf("the replay ends differently:\n got: %s\nwant: %s", out, exp)
			}
		})
	}
	for _, r := range []string{"won", "lost", "in_progress"} {
		if results[r] == 0 && !t.Failed() {
			t.Errorf("no replay of the corpus ends %q: %v", r, results)
		}
	}
}
