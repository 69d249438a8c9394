package engine

import (
	"bufio"
	"crypto/sha256"
	"flag"
	"fmt"
	"math/rand/v2"
	"os"
	"strings"
	"testing"
)

var updateSolvePins = flag.Bool("update-solve-pins", false, "rewrite testdata/solve_pins.txt from the solver as it is")

// solutionLine writes down everything a Solution says: whether a line was
// found and a digest of it, the nodes expanded, whether the search ran out
// of states, the monster it blames and the sentence.
func solutionLine(sol Solution) string {
	h := sha256.Sum256(actionBytes(sol.Line))
	catcher := "-"
	if sol.Catcher != nil {
		catcher = fmt.Sprintf("%c@%v", sol.Catcher.Kind, sol.Catcher.Pos)
	}
	return fmt.Sprintf("found=%v len=%d line=%x nodes=%d exhausted=%v catcher=%s reason=%q",
		sol.Found, len(sol.Line), h[:6], sol.Nodes, sol.Exhausted, catcher, sol.Reason)
}

// solvePinCases runs the solver over many levels and game states: the
// layouts the generator tries for levels 1–7 (the dealt ones and those it
// drops, and the next attempts, fair or not), with the generator's budget
// and with a small one (which runs out: the sentence and the blamed monster
// count then), and solo games taken some random actions into a level.
func solvePinCases(seeds int) []string {
	var out []string
	for n := 1; n <= CampaignLevels; n++ {
		spec := Campaign[n-1]
		for seed := uint64(1); seed <= uint64(seeds); seed++ {
			for attempt := 0; attempt < 3; attempt++ {
				rng := rand.New(rand.NewPCG(seed, genStream+uint64(n)+uint64(attempt)<<32))
				l, err := GenerateSpec(rng, spec)
				if err != nil {
					out = append(out, fmt.Sprintf("level %d seed %d attempt %d: %v", n, seed, attempt, err))
					continue
				}
				for _, budget := range []int{SolverBudget, 120} {
					out = append(out, fmt.Sprintf("level %d seed %d attempt %d budget %d %s",
						n, seed, attempt, budget, solutionLine(SolveLevel(l, seed, n, budget))))
				}
			}
			// A game some random actions into the level.
			g, err := New(Config{Seed: seed, Players: 1, Start: n})
			if err != nil {
				out = append(out, fmt.Sprintf("game level %d seed %d: %v", n, seed, err))
				continue
			}
			rng := rand.New(rand.NewPCG(seed, uint64(n)))
			steps := rng.IntN(40)
			for k := 0; k < steps && g.Result() == InProgress && g.LevelNumber() == n; k++ {
				g.Apply(1, solveActions[rng.IntN(len(solveActions))])
			}
			if g.Result() != InProgress || g.LevelNumber() != n {
				out = append(out, fmt.Sprintf("game level %d seed %d after %d: over", n, seed, steps))
				continue
			}
			out = append(out, fmt.Sprintf("game level %d seed %d after %d %s", n, seed, steps, solutionLine(Solve(g, SolverBudget))))
		}
	}
	return out
}

// TestSolverAnswersUnchanged pins what the solver answers over hundreds of
// levels and game states: the generator deals a level only when the solver
// finds a line, so the same seed deals the same levels only while the solver
// gives the same answers; and a level check and the balance table quote its
// sentences. A faster solver must answer the same, to the node.
func TestSolverAnswersUnchanged(t *testing.T) {
	seeds := 30
	if testing.Short() {
		seeds = 12
	}
	got := solvePinCases(seeds)
	const path = "testdata/solve_pins.txt"
	if *updateSolvePins {
		if err := os.WriteFile(path, []byte(strings.Join(got, "\n")+"\n"), 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	f, err := os.Open(path)
	if err != nil {
		t.Fatalf("the pinned answers are missing (%v)", err)
	}
	defer f.Close()
	want := map[string]string{}
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		line := sc.Text()
		want[pinCase(line)] = line
	}
	if len(want) != len(got) && !testing.Short() {
		t.Fatalf("%s pins %d answers, the test asks %d", path, len(want), len(got))
	}
	for _, g := range got {
		w, ok := want[pinCase(g)]
		switch {
		case !ok:
			t.Errorf("no pinned answer for %s", pinCase(g))
		case w != g:
			t.Errorf("the solver's answer changed:\n got  %s\n want %s", g, w)
		}
	}
}

// pinCase is the part of a pinned line that names the case: what comes
// before the answer.
func pinCase(line string) string {
	if i := strings.Index(line, " found="); i >= 0 {
		return line[:i]
	}
	return line
}

// TestSolverSkipsOnlyWhatEndsAlike: the solver does not play an action
// whose situation (the state after the player's step, but for where the
// player came from, the turn and the score) ended before, taking the same
// end: a catch by the same monster, or a repeat of the state made then.
// That holds while the monsters read none of these; here every such action
// is played too, over levels 1–7, and must end as it was taken to.
func TestSolverSkipsOnlyWhatEndsAlike(t *testing.T) {
	seeds := uint64(8)
	if testing.Short() {
		seeds = 3
	}
	skipped := 0
	for n := 1; n <= CampaignLevels; n++ {
		for seed := uint64(1); seed <= seeds; seed++ {
			for attempt := 0; attempt < 2; attempt++ {
				rng := rand.New(rand.NewPCG(seed, genStream+uint64(n)+uint64(attempt)<<32))
				l, err := GenerateSpec(rng, Campaign[n-1])
				if err != nil {
					t.Fatal(err)
				}
				want := solutionLine(SolveLevel(l, seed, n, SolverBudget))
				g := &Game{seed: seed, players: 1, blind: true}
				g.setRNG(&rand.PCG{})
				g.beginLevel(n, l)
				sv := newSolver(g)
				sv.verify = true
				got := solutionLine(sv.run(SolverBudget))
				skipped += sv.again
				if sv.wrong > 0 || got != want {
					t.Errorf("level %d seed %d attempt %d: %d actions ended otherwise than their situation before\n played all: %s\n skipped:    %s",
						n, seed, attempt, sv.wrong, got, want)
				}
				sv.release()
			}
		}
	}
	if skipped == 0 {
		t.Error("no situation was ever met twice")
	}
}
