package main

import (
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"github.com/minotaur-game/minotaur/bot"
	"github.com/minotaur-game/minotaur/engine"
)

// balanceRow is one row of the single-level table.
var balanceRow = regexp.MustCompile(`^\s+(\d+)\s+(\d+)\s+([\d.]+) %\s+([\d.]+) %\s+([\d.]+) %\s+([\d.]+)\s+(\S+)\s+(\S+)$`)

func TestBalanceTableAddsUp(t *testing.T) {
	t.Parallel()
	out, errs, code := runCmd("balance", "--seeds", "1-6", "--levels", "1-3")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errs)
	}
	lines := strings.Split(out, "\n")
	passed := map[int]int{}
	rows := 0
	for _, l := range lines {
		m := balanceRow.FindStringSubmatch(l)
		if m == nil {
			continue
		}
		rows++
		level, _ := strconv.Atoi(m[1])
		runs, _ := strconv.Atoi(m[2])
		if level != rows {
			t.Errorf("row %d is level %d, want the levels in order", rows, level)
		}
		if runs != 6 {
			t.Errorf("level %d: %d runs, want one per seed (6)", level, runs)
		}
		for _, f := range m[3:6] {
			if p, _ := strconv.ParseFloat(f, 64); p < 0 || p > 100 {
				t.Errorf("level %d: a rate of %s %%", level, f)
			}
		}
		ref, _ := strconv.ParseFloat(m[3], 64)
		passed[level] = int(ref*6/100 + 0.5)
		if solver, _ := strconv.ParseFloat(m[5], 64); solver != 100 {
			t.Errorf("level %d: the solver passes %.1f %% of dealt levels; every dealt level has a winning line", level, solver)
		}
		if passed[level] == 0 && m[7] != "-" {
			t.Errorf("level %d: mean turns %s of no passed level", level, m[7])
		}
	}
	if rows != 3 {
		t.Fatalf("want 3 level rows, got %d:\n%s", rows, out)
	}
	// The losses table: the causes of each level add up to the runs lost.
	inLosses := false
	lossRows := 0
	for _, l := range lines {
		if strings.HasPrefix(l, "level  hunter") {
			inLosses = true
			continue
		}
		if !inLosses || strings.TrimSpace(l) == "" {
			if inLosses && lossRows > 0 {
				break
			}
			continue
		}
		f := strings.Fields(regexp.MustCompile(`\([^)]*\)`).ReplaceAllString(l, ""))
		level, _ := strconv.Atoi(f[0])
		lost := 0
		for _, c := range f[1:] {
			n, err := strconv.Atoi(c)
			if err != nil {
				t.Fatalf("losses row %q: %v", l, err)
			}
			lost += n
		}
		if lost+passed[level] != 6 {
			t.Errorf("level %d: %d lost + %d passed, want 6 runs:\n%s", level, lost, passed[level], out)
		}
		lossRows++
	}
	if lossRows != 3 {
		t.Errorf("want 3 rows of losses, got %d:\n%s", lossRows, out)
	}
	m := regexp.MustCompile(`campaigns with the reference bot: (\d+) of (\d+) won`).FindStringSubmatch(out)
	if m == nil || m[2] != "6" {
		t.Fatalf("no campaign line for 6 seeds:\n%s", out)
	}
	won, _ := strconv.Atoi(m[1])
	lostOn := 0
	for _, c := range regexp.MustCompile(`  \d: (\d+)`).FindAllStringSubmatch(out[strings.Index(out, "Lost on level:"):], -1) {
		n, _ := strconv.Atoi(c[1])
		lostOn += n
	}
	if won+lostOn != 6 {
		t.Errorf("%d campaigns won and %d lost, want 6 in all:\n%s", won, lostOn, out)
	}
	if !strings.Contains(errs, "seeds measured in") {
		t.Errorf("the time taken belongs on standard error: %q", errs)
	}
}

func TestBalanceIsDeterministic(t *testing.T) {
	a, _, code := runCmd("balance", "--seeds", "7-10", "--levels", "2", "--jobs", "1", "--no-campaign")
	if code != 0 {
		t.Fatalf("exit %d", code)
	}
	b, _, _ := runCmd("balance", "--seeds", "7-10", "--levels", "2", "--jobs", "3", "--no-campaign")
	if a != b {
		t.Errorf("the table depends on the number of jobs:\n%s\n---\n%s", a, b)
	}
	if strings.Contains(a, "Whole campaigns") {
		t.Errorf("--no-campaign still played campaigns:\n%s", a)
	}
	if !strings.Contains(a, "      4     ") || strings.Contains(a, "not dealt") {
		t.Errorf("--no-campaign must still deal and play level 2 of each seed:\n%s", a)
	}
}

func TestBalanceRejectsBadFlags(t *testing.T) {
	for _, tc := range []struct {
		args []string
		want string
	}{
		{[]string{"--seeds", "10-1"}, "runs backwards"},
		{[]string{"--seeds", "x"}, "range like 1-1000"},
		{[]string{"--levels", "0-3"}, "levels 1 to 7"},
		{[]string{"--levels", "1-8"}, "levels 1 to 7"},
		{[]string{"--max-actions", "0"}, "--max-actions must be at least 1"},
		{[]string{"--jobs", "0"}, "--jobs must be at least 1"},
		{[]string{"--budget", "-5"}, "--budget must be at least 1"},
		{[]string{"extra"}, "unexpected argument"},
	} {
		_, errs, code := runCmd(append([]string{"balance"}, tc.args...)...)
		if code != 2 || !strings.Contains(errs, tc.want) {
			t.Errorf("balance %v: exit %d, stderr %q; want exit 2 and %q", tc.args, code, errs, tc.want)
		}
	}
}

// A single-level run plays the level exactly as the campaign deals it: the
// dealt levels given to the game play as the generated campaign.
func TestBalanceLevelRunsPlayTheCampaignsLevel(t *testing.T) {
	const seed = 5
	dealt := make([]engine.Level, engine.CampaignLevels)
	for n := 1; n <= engine.CampaignLevels; n++ {
		lv, _, err := engine.GenerateCounted(seed, n)
		if err != nil {
			t.Fatal(err)
		}
		dealt[n-1] = lv
	}
	for _, n := range []int{2, 5} {
		got := playLevel(engine.Config{Seed: seed, Players: 1, Levels: dealt, Start: n}, bot.NewReference(), balanceOptions{maxActions: 1000})
		g, err := engine.New(engine.Config{Seed: seed, Players: 1, Start: n})
		if err != nil {
			t.Fatal(err)
		}
		want := playGame(t, g, n)
		if got != want {
			t.Errorf("level %d: balance's run %+v, the campaign's level %+v", n, got, want)
		}
	}
}

// playGame plays level n of g with a fresh reference bot, as playLevel does.
func playGame(t *testing.T, g *engine.Game, n int) runOutcome {
	t.Helper()
	p := bot.NewReference()
	var ev []engine.Event
	for a := 0; a < 1000; a++ {
		v := g.View(1)
		var err error
		if ev, err = g.Apply(1, p.Act(&v, ev)); err != nil {
			t.Fatal(err)
		}
		for _, e := range ev {
			switch e.Kind {
			case engine.EvCaught:
				return runOutcome{cause: caughtBy(e.Monster)}
			case engine.EvLevelPassed:
				return runOutcome{passed: true, turns: e.Score.Turns, score: e.Score.Score}
			}
		}
	}
	return runOutcome{cause: causeTurns}
}

func TestBalanceFullViewSaysSo(t *testing.T) {
	out, errs, code := runCmd("balance", "--seeds", "1-2", "--levels", "1", "--no-campaign", "--full-view")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errs)
	}
	if !strings.Contains(out, "--full-view") || !strings.Contains(out, "not the game") {
		t.Errorf("a table measured with the whole map shown must say so:\n%s", out)
	}
	rows := 0
	for _, l := range strings.Split(out, "\n") {
		if m := balanceRow.FindStringSubmatch(l); m != nil {
			rows++
			if m[5] != "100.0" {
				t.Errorf("level %s: solver %s %%, want every dealt level solved:\n%s", m[1], m[5], out)
			}
		}
	}
	if rows != 1 {
		t.Errorf("want one level row:\n%s", out)
	}
}

// With --level, balance measures level files: each from its start with both
// bots and the solver, then all of them in order as a campaign.
func TestBalanceMeasuresLevelFiles(t *testing.T) {
	walkover := filepath.Join("testdata", "balance", "walkover.txt")
	hunted := filepath.Join("testdata", "balance", "hunted.txt")
	out, errs, code := runCmd("balance", "--level", walkover, "--level", hunted, "--seeds", "1-3")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errs)
	}
	for _, want := range []string{
		"Level 1: " + walkover + " (Walkover)",
		"Level 2: " + hunted + " (Hunted)",
		"Whole campaigns with the reference bot: 3 of 3 won (100.0 %).",
		"Lost on level:  1: 0  2: 0\n",
	} {
		if !strings.Contains(out, want) {
			t.Errorf("the table lacks %q:\n%s", want, out)
		}
	}
	if strings.Contains(out, "Targets") {
		t.Errorf("the generated campaign's targets are judged on level files:\n%s", out)
	}
	// Nothing stands in the walkover's way; the hunted level's hunter
	// catches a player who ignores it, and a good player leads it round.
	want := map[string][2]string{"1": {"100.0", "100.0"}, "2": {"100.0", "0.0"}}
	rows := 0
	for _, l := range strings.Split(out, "\n") {
		m := balanceRow.FindStringSubmatch(l)
		if m == nil {
			continue
		}
		rows++
		if w := want[m[1]]; m[2] != "3" || m[3] != w[0] || m[4] != w[1] || m[5] != "100.0" {
			t.Errorf("level %s: runs %s, reference %s %%, naive %s %%, solver %s %%; want 3 runs, %s %%, %s %%, 100.0 %%",
				m[1], m[2], m[3], m[4], m[5], w[0], w[1])
		}
	}
	if rows != 2 {
		t.Fatalf("want a row per file, got %d:\n%s", rows, out)
	}
}

func TestBalanceRefusesBadLevelFiles(t *testing.T) {
	broken := filepath.Join("testdata", "balance", "broken.txt")
	_, errs, code := runCmd("balance", "--level", broken)
	if code != 1 || !strings.Contains(errs, broken+":2:1: the map has no exit") {
		t.Errorf("a broken level file: exit %d, %q; want 1 and the problem with its line and column", code, errs)
	}
	walkover := filepath.Join("testdata", "balance", "walkover.txt")
	_, errs, code = runCmd("balance", "--level", walkover, "--levels", "1-2")
	if code != 2 || !strings.Contains(errs, "--levels \"1-2\": one level file was given: it is level 1") {
		t.Errorf("--levels past the files: exit %d, %q; want 2 and the range", code, errs)
	}
}
