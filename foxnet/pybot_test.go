package foxnet

import (
	"bytes"
	"context"
	"encoding/json"
	"os"
	"os/exec"
	"path/filepath"
	"sort"
	"strings"
	"testing"
	"time"
)

// The two MICA-style bots of testdata, written as a contestant would (one
// from the wiki's text alone, one against the reference server's output),
// each play a whole match against the server in their dialect; the table
// each prints at the end must be the server's result.
func TestContestBotsPlayAWholeMatch(t *testing.T) {
	t.Parallel()
	py, err := exec.LookPath("python3")
	if err != nil {
		t.Fatal("python3 is needed to run the contest bots of testdata (wikibot.py, micabot.py)")
	}
	for _, tc := range []struct {
		script string
		wire   Dialect
		name   string
	}{
		{"wikibot.py", Wiki, "Player1"},
		{"micabot.py", Mica, "pybot"},
	} {
		t.Run(tc.script, func(t *testing.T) {
			script := filepath.Join("testdata", tc.script)
			if _, err := os.Stat(script); err != nil {
				t.Fatalf("fixture missing: %v", err)
			}
			ts := startServer(t, Config{Players: 3, Bots: 2, Rounds: 40, W: 15, H: 11, Timeout: 2 * time.Second, Matches: 1, Seed: 11, Wire: tc.wire})
			ctx, cancel := context.WithTimeout(context.Background(), 60*time.Second)
			defer cancel()
			host, port, _ := strings.Cut(ts.addr, ":")
			cmd := exec.CommandContext(ctx, py, script, host, port, tc.name)
			var out, errb bytes.Buffer
			cmd.Stdout, cmd.Stderr = &out, &errb
			if err := cmd.Run(); err != nil {
				t.Fatalf("%s: %v\nstdout: %s\nstderr: %s", tc.script, err, out.String(), errb.String())
			}
			var got struct {
				Round int     `json:"round"`
				Table [][]any `json:"table"`
				Error string  `json:"error"`
			}
			if err := json.Unmarshal(out.Bytes(), &got); err != nil || got.Error != "" {
				t.Fatalf("%s printed %q (%v)", tc.script, out.String(), err)
			}
			var res Result
			select {
			case res = <-ts.results:
			case <-time.After(2 * time.Minute):
				t.Fatal("the server reported no result")
			}
			if got.Round != 40 {
				t.Fatalf("the bot's last block is round %d, want 40", got.Round)
			}
			var want, have []string
			for _, e := range res.Table {
				want = append(want, e.Name+"="+itoaTest(e.Points))
			}
			for _, row := range got.Table {
				have = append(have, row[0].(string)+"="+itoaTest(int(row[1].(float64))))
			}
			sort.Strings(want)
			sort.Strings(have)
			if strings.Join(want, " ") != strings.Join(have, " ") {
				t.Fatalf("the bot's final table %v, the server's %v", have, want)
			}
			found := false
			for _, e := range res.Table {
				found = found || e.Name == tc.name
			}
			if !found {
				t.Fatalf("%s did not play under its name %s: %v", tc.script, tc.name, res.Table)
			}
			t.Logf("%s: %v", tc.script, res.Table)
		})
	}
}

func itoaTest(n int) string {
	b, _ := json.Marshal(n)
	return string(b)
}
