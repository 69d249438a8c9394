package main

import (
	"errors"
	"fmt"
	"io"
	"runtime"
	"runtime/debug"
	"sort"
	"strconv"
	"strings"
	"sync"
	"time"

	"github.com/spf13/pflag"

	"github.com/minotaur-game/minotaur/bot"
	"github.com/minotaur-game/minotaur/engine"
	"github.com/minotaur-game/minotaur/internal/cli"
)

func init() {
	register(&cli.Command{Name: "balance", Summary: "measure the generated levels or level files with the bots", Usage: fmt.Sprintf(balanceUsage, engine.SolverBudget),
		Flags: func() *pflag.FlagSet { fs, _ := newBalanceFlags(); return fs }, Run: runBalance})
}

const balanceUsage = `usage: minotaur balance [--level FILE]... [--seeds A-B] [--levels A-B] [--budget N] [--max-actions N] [--jobs N] [--no-campaign] [--full-view]

Measures how hard the generated levels are. For every seed and level it deals
the level as the campaign would, then plays it from its start three ways: the
reference bot (plays like a skilled player, from what the player sees), the
naive bot (ignores the monsters) and the exact solver; and it plays whole
campaigns with the reference bot. It prints, per level, the pass rates, the
layouts dropped as unfair, the reference bot's turns and score, and what
caught it, with example seeds. The table depends only on the flags; the time
taken goes to standard error.

With --level it measures level files instead, played in order as a campaign:
each seed plays the same maps (the seed decides only the wanderers' turns at
junctions), so the table says how often a good player wins your level.

  --level FILE       measure this level file instead of the generated levels;
                     repeat it for several files, played in order
  --seeds A-B        campaign seeds to measure, a range or one seed (default 1-100)
  --levels A-B       levels to measure, within 1-7 (default 1-7; with --level,
                     the files given)
  --budget N         solver budget in search nodes (default: the generator's, %d)
  --max-actions N    actions a bot may take on one level before the run counts
                     as lost, out of turns (default 1000)
  --jobs N           games played at once (default: the number of CPUs)
  --no-campaign      skip the whole-campaign runs
  --full-view        show the bots the whole map and every monster, as if every
                     tile were lit: not the game, but how much of what they lose
                     is what they cannot see
`

// balanceOptions are the parsed flags of `minotaur balance`.
type balanceOptions struct {
	seedLo, seedHi   uint64
	levelLo, levelHi int
	budget           int
	maxActions       int
	jobs             int
	campaign         bool
	// fullView shows the bots the whole map and every monster: how much of
	// what they lose is what they cannot see.
	fullView bool
	// files and custom are the --level files and their levels, measured
	// instead of the generated campaign (nil: the generated one).
	files  []string
	custom []engine.Level
}

// levels is the number of levels of the campaign measured.
func (o balanceOptions) levels() int {
	if o.custom != nil {
		return len(o.custom)
	}
	return engine.CampaignLevels
}

// balanceFlags are the flags of minotaur balance, defined on a new set.
type balanceFlags struct {
	seeds      *string
	lvls       *string
	budget     *int
	maxActions *int
	jobs       *int
	noCampaign *bool
	fullView   *bool
	files      *[]string
}

func newBalanceFlags() (*pflag.FlagSet, balanceFlags) {
	fs := pflag.NewFlagSet("balance", pflag.ContinueOnError)
	seeds := fs.String("seeds", "1-100", "campaign seeds to measure, a range `A-B` or one seed")
	lvls := fs.String("levels", "1-7", "levels to measure, a range `A-B` within 1-7")
	budget := fs.Int("budget", engine.SolverBudget, "solver budget in search nodes `N`")
	maxActions := fs.Int("max-actions", 1000, "`N` actions a bot may take on one level before the run counts as lost")
	jobs := fs.Int("jobs", runtime.NumCPU(), "`N` games played at once (default: the number of CPUs)")
	noCampaign := fs.Bool("no-campaign", false, "skip the whole-campaign runs")
	fullView := fs.Bool("full-view", false, "show the bots the whole map and every monster")
	files := fs.StringArray("level", nil, "measure this level `FILE` instead of the generated levels; repeat it for several")
	return fs, balanceFlags{seeds, lvls, budget, maxActions, jobs, noCampaign, fullView, files}
}

func runBalance(args []string, sys cli.IO) int {
	stdout, stderr := sys.Stdout, sys.Stderr
	usage := fmt.Sprintf(balanceUsage, engine.SolverBudget)
	fs, f := newBalanceFlags()
	seeds, lvls, budget, maxActions, jobs, noCampaign, fullView, files := f.seeds, f.lvls, f.budget, f.maxActions, f.jobs, f.noCampaign, f.fullView, f.files
	u := cli.Usage{Prog: "minotaur balance", Hint: usage, Help: cli.Text(usage)}
	if status, ok := cli.Parse(fs, args, sys, u); !ok {
		return status
	}
	if status, ok := u.NoArgs(fs, sys); !ok {
		return status
	}
	o := balanceOptions{budget: *budget, maxActions: *maxActions, jobs: *jobs, campaign: !*noCampaign, fullView: *fullView}
	var err error
	if o.seedLo, o.seedHi, err = parseSeedRange(*seeds); err != nil {
		fmt.Fprintf(stderr, "minotaur balance: --seeds %q: %v\n", *seeds, err)
		return 2
	}
	if len(*files) > 0 {
		campaign, ok := loadLevels(*files, stderr)
		if !ok {
			return 1
		}
		o.files, o.custom = *files, campaign.Levels()
		if !fs.Changed("levels") {
			*lvls = fmt.Sprintf("1-%d", len(o.custom))
		}
	}
	lo, hi, err := parseSeedRange(*lvls)
	if err == nil && (lo < 1 || hi > uint64(o.levels())) {
		err = fmt.Errorf("the campaign has levels 1 to %d", o.levels())
		switch {
		case len(o.custom) == 1:
			err = errors.New("one level file was given: it is level 1")
		case o.custom != nil:
			err = fmt.Errorf("the %d level files given are levels 1 to %d", len(o.custom), len(o.custom))
		}
	}
	if err != nil {
		fmt.Fprintf(stderr, "minotaur balance: --levels %q: %v\n", *lvls, err)
		return 2
	}
	o.levelLo, o.levelHi = int(lo), int(hi)
	switch {
	case o.budget < 1:
		err = fmt.Errorf("--budget must be at least 1, not %d", o.budget)
	case o.maxActions < 1:
		err = fmt.Errorf("--max-actions must be at least 1, not %d", o.maxActions)
	case o.jobs < 1:
		err = fmt.Errorf("--jobs must be at least 1, not %d", o.jobs)
	case o.seedHi-o.seedLo >= 1_000_000:
		err = fmt.Errorf("--seeds %s spans more than a million seeds; measure a smaller range", *seeds)
	}
	if err != nil {
		fmt.Fprintf(stderr, "minotaur balance: %v\n", err)
		return 2
	}
	start := time.Now()
	// The games allocate fast and keep little (a heap of a few MB): at the
	// default GOGC the collector would run every few milliseconds, on every
	// core the jobs use. A goal of 11 × the live heap (GOGC 1000, some 60 MB), within a limit,
	// spends the memory a measurement can afford for the CPU.
	if sys.Getenv("GOGC") == "" && sys.Getenv("GOMEMLIMIT") == "" { // the environment's settings win
		defer debug.SetGCPercent(debug.SetGCPercent(balanceGCPercent))
		defer debug.SetMemoryLimit(debug.SetMemoryLimit(balanceMemoryLimit))
	}
	var onSeed func()
	stopProgress := func() {}
	if cli.IsTerminal(stderr) {
		p := &progress{w: stderr, what: "seeds", total: int(o.seedHi - o.seedLo + 1), start: start}
		stop, ended := make(chan struct{}), make(chan struct{})
		tick := time.NewTicker(time.Second)
		go func() { p.run(stop, tick.C); close(ended) }()
		onSeed = func() { p.done.Add(1) }
		stopProgress = func() { tick.Stop(); close(stop); <-ended }
	}
	res := measure(o, onSeed)
	stopProgress()
	for _, r := range res {
		for li, lr := range r.levels {
			if lr.genErr != "" {
				fmt.Fprintf(stderr, "balance: seed %d, level %d: %s\n", r.seed, o.levelLo+li, lr.genErr)
			}
		}
	}
	printBalance(stdout, o, res)
	fmt.Fprintf(stderr, "balance: %d seeds measured in %.1fs with %d jobs\n",
		len(res), time.Since(start).Seconds(), o.jobs)
	return 0
}

// The collector's settings while balance measures (see runBalance).
const (
	balanceGCPercent   = 1000
	balanceMemoryLimit = 512 << 20
)

// parseSeedRange reads "A-B" or "A" (A ≤ B).
func parseSeedRange(s string) (lo, hi uint64, err error) {
	a, b, isRange := strings.Cut(strings.TrimSpace(s), "-")
	lo, err = strconv.ParseUint(strings.TrimSpace(a), 10, 64)
	if err != nil {
		return 0, 0, errors.New("want a number or a range like 1-1000")
	}
	hi = lo
	if isRange {
		hi, err = strconv.ParseUint(strings.TrimSpace(b), 10, 64)
		if err != nil {
			return 0, 0, errors.New("want a number or a range like 1-1000")
		}
	}
	if hi < lo {
		return 0, 0, fmt.Errorf("the range runs backwards (%d > %d)", lo, hi)
	}
	return lo, hi, nil
}

// Causes of a lost run, as the table names them.
const (
	causeHunter   = "hunter"
	causeWanderer = "wanderer"
	causeMinotaur = "Minotaur"
	causeTurns    = "out of turns"
	causeGen      = "not dealt"
)

var causes = []string{causeHunter, causeWanderer, causeMinotaur, causeTurns}

// runOutcome is how one bot fared on one level.
type runOutcome struct {
	passed bool
	turns  int // of a passed level
	score  int // of a passed level
	cause  string
}

// levelResult is everything measured on one dealt level.
type levelResult struct {
	genErr  string
	dropped int
	ref     runOutcome
	naive   runOutcome
	solved  bool
}

// seedResult is everything measured for one seed.
type seedResult struct {
	seed   uint64
	levels []levelResult // index: level - levelLo
	won    bool
	lostOn int    // level the campaign was lost on (0 when won or not run)
	lostBy string // what ended it
}

// measure runs every seed on a pool of workers; each worker owns the games
// it plays. The results come back in seed order. onSeed, when not nil, is
// called as each seed is done.
func measure(o balanceOptions, onSeed func()) []seedResult {
	n := int(o.seedHi - o.seedLo + 1)
	out := make([]seedResult, n)
	work := make(chan int)
	var wg sync.WaitGroup
	for w := 0; w < min(o.jobs, n); w++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := range work {
				out[i] = measureSeed(o, o.seedLo+uint64(i))
				if onSeed != nil {
					onSeed()
				}
			}
		}()
	}
	for i := 0; i < n; i++ {
		work <- i
	}
	close(work)
	wg.Wait()
	return out
}

func measureSeed(o balanceOptions, seed uint64) seedResult {
	if o.custom != nil {
		return measureFiles(o, seed)
	}
	r := seedResult{seed: seed}
	// Deal every level once; a campaign given the dealt levels plays
	// exactly as the generated campaign (play randomness depends on the
	// seed and the level number alone).
	dealt := make([]engine.Level, engine.CampaignLevels)
	dropped := make([]int, engine.CampaignLevels)
	genErr := make([]error, engine.CampaignLevels)
	allDealt := true
	for n := 1; n <= engine.CampaignLevels; n++ {
		// Every level, even when only some are measured: a game given
		// the dealt levels needs them all.
		dealt[n-1], dropped[n-1], genErr[n-1] = engine.GenerateCounted(seed, n)
		if genErr[n-1] != nil {
			allDealt = false
		}
	}
	cfg := func(n int) engine.Config {
		if allDealt {
			return engine.Config{Seed: seed, Players: 1, Levels: dealt, Start: n}
		}
		return engine.Config{Seed: seed, Players: 1, Start: n} // deals level n again
	}
	for n := o.levelLo; n <= o.levelHi; n++ {
		lr := levelResult{dropped: dropped[n-1]}
		if genErr[n-1] != nil {
			lr.genErr = genErr[n-1].Error()
			r.levels = append(r.levels, lr)
			continue
		}
		playThreeWays(&lr, cfg(n), o)
		r.levels = append(r.levels, lr)
	}
	if o.campaign {
		if !allDealt {
			r.lostBy = causeGen
		} else {
			r.won, r.lostOn, r.lostBy = playCampaign(seed, dealt, o)
		}
	}
	return r
}

// measureFiles measures the --level files with one play seed: each file
// from its start with both bots and the solver, then all of them in order.
func measureFiles(o balanceOptions, seed uint64) seedResult {
	r := seedResult{seed: seed}
	cfg := func(n int) engine.Config {
		return engine.Config{Seed: seed, Players: 1, Levels: o.custom, Start: n}
	}
	for n := o.levelLo; n <= o.levelHi; n++ {
		var lr levelResult
		playThreeWays(&lr, cfg(n), o)
		r.levels = append(r.levels, lr)
	}
	if o.campaign {
		r.won, r.lostOn, r.lostBy = playCampaign(seed, o.custom, o)
	}
	return r
}

// playThreeWays plays the level cfg starts at with the reference bot, the
// naive bot and the solver, into lr.
func playThreeWays(lr *levelResult, cfg engine.Config, o balanceOptions) {
	lr.ref = playLevel(cfg, bot.NewReference(), o)
	lr.naive = playLevel(cfg, bot.NewNaive(), o)
	if g, err := engine.New(cfg); err == nil {
		lr.solved = engine.Solve(g, o.budget).Found
	}
}

// playLevel plays the level cfg starts at, alone, with p and reports how it
// went.
func playLevel(cfg engine.Config, p bot.Player, o balanceOptions) runOutcome {
	g, err := engine.New(cfg)
	if err != nil {
		return runOutcome{cause: causeGen}
	}
	var ev []engine.Event
	for a := 0; a < o.maxActions; a++ {
		v := view(g, o)
		ev, err = g.Apply(1, p.Act(&v, ev))
		if err != nil {
			return runOutcome{cause: err.Error()}
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

// playCampaign plays the whole campaign with a fresh reference bot, at most
// maxActions actions on each level.
func playCampaign(seed uint64, dealt []engine.Level, o balanceOptions) (won bool, lostOn int, lostBy string) {
	g, err := engine.New(engine.Config{Seed: seed, Players: 1, Levels: dealt})
	if err != nil {
		return false, 1, causeGen
	}
	p := bot.NewReference()
	var ev []engine.Event
	actions := 0
	for g.Result() == engine.InProgress {
		if actions >= o.maxActions {
			return false, g.LevelNumber(), causeTurns
		}
		actions++
		v := view(g, o)
		level := g.LevelNumber()
		ev, err = g.Apply(1, p.Act(&v, ev))
		if err != nil {
			return false, level, err.Error()
		}
		for _, e := range ev {
			switch e.Kind {
			case engine.EvCaught:
				return false, level, caughtBy(e.Monster)
			case engine.EvLevelStarted:
				actions = 0
			}
		}
	}
	return g.Result() == engine.Won, 0, ""
}

// view returns what seat 1 sees — or, with --full-view, that and the whole
// map (walls, floor, the key while it lies there, the exit) with every
// monster, as if every tile were lit.
func view(g *engine.Game, o balanceOptions) engine.View {
	v := g.View(1)
	if !o.fullView {
		return v
	}
	lv := g.CurrentLevel()
	walls := engine.WallGlyphs(lv.Rows, lv.Cols, lv.Wall)
	for i := range v.Map {
		if v.Map[i] == ' ' {
			v.Map[i] = walls[i]
		}
		v.Light[i] = engine.Lit
	}
	if !v.Key {
		v.Map[lv.Key.Y*lv.Cols+lv.Key.X] = 'K'
	}
	v.Map[lv.Exit.Y*lv.Cols+lv.Exit.X] = 'E'
	v.Monsters = g.Status().Monsters
	return v
}

func caughtBy(k engine.MonsterKind) string {
	switch k {
	case engine.Hunter:
		return causeHunter
	case engine.Wanderer:
		return causeWanderer
	case engine.Minotaur:
		return causeMinotaur
	}
	return k.Name()
}

// balanceExamples is how many example seeds the table names per cause.
const balanceExamples = 3

// printBalance writes the tables. They depend only on the options and the
// results, which are in seed order.
func printBalance(w io.Writer, o balanceOptions, res []seedResult) {
	fmt.Fprint(w, "minotaur balance")
	for _, f := range o.files {
		fmt.Fprintf(w, " --level %s", f)
	}
	fmt.Fprintf(w, " --seeds %d-%d --levels %d-%d --budget %d --max-actions %d",
		o.seedLo, o.seedHi, o.levelLo, o.levelHi, o.budget, o.maxActions)
	if o.fullView {
		fmt.Fprint(w, " --full-view\n\nThe bots see the whole map and every monster (not the game: a measure of what sight costs).")
	}
	fmt.Fprint(w, "\n\n")
	if o.custom != nil {
		for n := o.levelLo; n <= o.levelHi; n++ {
			name := o.custom[n-1].Name
			if name == "" {
				name = "no name"
			}
			fmt.Fprintf(w, "Level %d: %s (%s)\n", n, o.files[n-1], name)
		}
		fmt.Fprintln(w)
		fmt.Fprintln(w, "Single-level runs: each level file played from its start, once a seed (the seed")
		fmt.Fprintln(w, "decides only the wanderers' turns at junctions).")
	} else {
		fmt.Fprintln(w, "Single-level runs: each level dealt as in the campaign and played from its start.")
	}
	fmt.Fprintln(w, "reference, naive: levels passed by each bot; solver: levels the exact solver passes;")
	fmt.Fprintln(w, "dropped: unfair layouts dropped before the dealt one (mean); turns, score: the")
	fmt.Fprintln(w, "reference bot's means over the levels it passed.")
	fmt.Fprintln(w)
	fmt.Fprintln(w, "level   runs  reference     naive    solver  dropped   turns   score")
	type losses struct {
		count map[string]int
		ex    map[string][]uint64
	}
	refPass := make([]float64, o.levelHi-o.levelLo+1)
	naivePass := make([]float64, len(refPass))
	var loss []losses
	for li := range refPass {
		l := losses{count: map[string]int{}, ex: map[string][]uint64{}}
		runs, ref, naive, solved, dropped, turns, score := 0, 0, 0, 0, 0, 0, 0
		for _, r := range res {
			lr := r.levels[li]
			dropped += lr.dropped
			runs++
			if lr.genErr != "" {
				l.count[causeGen]++
				if len(l.ex[causeGen]) < balanceExamples {
					l.ex[causeGen] = append(l.ex[causeGen], r.seed)
				}
				continue
			}
			if lr.ref.passed {
				ref++
				turns += lr.ref.turns
				score += lr.ref.score
			} else {
				l.count[lr.ref.cause]++
				if len(l.ex[lr.ref.cause]) < balanceExamples {
					l.ex[lr.ref.cause] = append(l.ex[lr.ref.cause], r.seed)
				}
			}
			if lr.naive.passed {
				naive++
			}
			if lr.solved {
				solved++
			}
		}
		refPass[li], naivePass[li] = pct(ref, runs), pct(naive, runs)
		fmt.Fprintf(w, "%5d %6d %9.1f %% %7.1f %% %7.1f %% %8.2f %7s %7s\n",
			o.levelLo+li, runs, refPass[li], naivePass[li], pct(solved, runs),
			float64(dropped)/float64(max(runs, 1)), mean(turns, ref), mean(score, ref))
		loss = append(loss, l)
	}
	fmt.Fprintln(w)
	fmt.Fprintln(w, "What caught the reference bot, in single-level runs (count, example seeds):")
	fmt.Fprintln(w)
	shown := append([]string(nil), causes...)
	var extra []string // generation failures and errors: never expected, always shown
	for _, l := range loss {
		for c := range l.count {
			if !contains(shown, c) && !contains(extra, c) {
				extra = append(extra, c)
			}
		}
	}
	sort.Strings(extra)
	shown = append(shown, extra...)
	var line strings.Builder
	line.WriteString("level")
	for _, c := range shown {
		fmt.Fprintf(&line, "  %-22s", c)
	}
	fmt.Fprintln(w, strings.TrimRight(line.String(), " "))
	for li, l := range loss {
		line.Reset()
		fmt.Fprintf(&line, "%5d", o.levelLo+li)
		for _, c := range shown {
			cell := strconv.Itoa(l.count[c])
			if len(l.ex[c]) > 0 {
				var ex []string
				for _, s := range l.ex[c] {
					ex = append(ex, strconv.FormatUint(s, 10))
				}
				cell += " (" + strings.Join(ex, ", ") + ")"
			}
			fmt.Fprintf(&line, "  %-22s", cell)
		}
		fmt.Fprintln(w, strings.TrimRight(line.String(), " "))
	}
	if o.campaign {
		won := 0
		lostOn := make([]int, o.levels()+1)
		for _, r := range res {
			if r.won {
				won++
			} else {
				lostOn[r.lostOn]++
			}
		}
		fmt.Fprintln(w)
		fmt.Fprintf(w, "Whole campaigns with the reference bot: %d of %d won (%.1f %%).\n", won, len(res), pct(won, len(res)))
		fmt.Fprintf(w, "Lost on level:")
		for n := 1; n <= o.levels(); n++ {
			fmt.Fprintf(w, "  %d: %d", n, lostOn[n])
		}
		if lostOn[0] > 0 {
			fmt.Fprintf(w, "  (not dealt: %d)", lostOn[0])
		}
		fmt.Fprintln(w)
	}
	if o.custom != nil {
		return // the targets are the generated campaign's
	}
	fmt.Fprintln(w)
	fmt.Fprintln(w, "Targets (since the hearing rules):")
	for li := range refPass {
		n := o.levelLo + li
		want := 60.0
		switch n {
		case 1:
			want = 98
		case 2:
			want = 95
		}
		fmt.Fprintf(w, "  level %d: reference ≥ %.0f %%: %s", n, want, verdict(refPass[li] >= want))
		if n >= 3 {
			fmt.Fprintf(w, "; naive < 50 %%: %s", verdict(naivePass[li] < 50))
		}
		fmt.Fprintln(w)
	}
	if o.campaign {
		won := 0
		for _, r := range res {
			if r.won {
				won++
			}
		}
		fmt.Fprintf(w, "  campaign: reference wins ≥ 6 %%: %s\n", verdict(pct(won, len(res)) >= 6))
	}
}

func verdict(ok bool) string {
	if ok {
		return "met"
	}
	return "NOT met"
}

func pct(a, b int) float64 {
	if b == 0 {
		return 0
	}
	return 100 * float64(a) / float64(b)
}

func mean(sum, n int) string {
	if n == 0 {
		return "-"
	}
	return strconv.FormatFloat(float64(sum)/float64(n), 'f', 1, 64)
}

func contains(xs []string, s string) bool {
	for _, x := range xs {
		if x == s {
			return true
		}
	}
	return false
}
