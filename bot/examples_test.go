package bot_test

import (
	"fmt"
	"path/filepath"
	"strings"
	"testing"

	"github.com/minotaur-game/minotaur/bot"
	"github.com/minotaur-game/minotaur/engine"
	"github.com/minotaur-game/minotaur/internal/testenv"
	"github.com/minotaur-game/minotaur/levels"
)

// exampleSample is how many play seeds each example level is played with: the
// level is fixed, the seed drives only the wanderers' choices at junctions.
// The reference bot must win every one (docs/balance.md has the rates over
// seeds 1–100: two levels lose one game in a hundred). Seeds 1–20 under
// make test-long, 1–3 in the quick suite, seed 1 with -short and under the
// race detector (raceEnabled: the games have nothing concurrent, and CI
// plays them all without it).
func exampleSample() uint64 {
	if raceEnabled || testing.Short() {
		return 1
	}
	return testenv.Pick[uint64](3, 20)
}

// coopSeeds are the first seeds a level for two is also played with by two
// bots (a co-op game takes the bots about four times as long).
var coopSeeds = testenv.Pick[uint64](1, 10)

// TestReferenceBotPassesEveryExampleLevel plays every level shipped in
// levels/examples with the reference bot, which plays from what a player
// sees as a skilled player would: an example that a good player loses is a
// broken example. A level drawn for two is also played by two
// reference bots in co-op, as the level is meant to be played. And the
// naive bot, which ignores the monsters, must lose a quarter of its games
// at least: an example whose monsters never matter teaches nothing.
func TestReferenceBotPassesEveryExampleLevel(t *testing.T) {
	files, err := filepath.Glob(filepath.Join("..", "levels", "examples", "*.txt"))
	if err != nil {
		t.Fatal(err)
	}
	if len(files) < 8 {
		t.Fatalf("levels/examples holds %d level files, want the eight shipped ones", len(files))
	}
	exampleSeeds := exampleSample()
	for _, f := range files {
		name := strings.TrimSuffix(filepath.Base(f), ".txt")
		t.Run(name, func(t *testing.T) {
			t.Parallel()
			l, warnings, err := levels.ParseFile(f)
			if err != nil || len(warnings) > 0 {
				t.Fatalf("%s: %v %v", f, err, warnings)
			}
			var solo, coop []string
			naiveLost := 0
			for seed := uint64(1); seed <= exampleSeeds; seed++ {
				if lost := playSolo(t, l, seed, bot.NewReference()); lost != "" {
					solo = append(solo, fmt.Sprintf("seed %d: %s", seed, lost))
				}
				if playSolo(t, l, seed, bot.NewNaive()) != "" {
					naiveLost++
				}
				if len(l.Starts) == 2 && seed <= coopSeeds {
					if lost := playCoop(t, l, seed); lost != "" {
						coop = append(coop, fmt.Sprintf("seed %d: %s", seed, lost))
					}
				}
			}
			if len(solo) > 0 {
				t.Errorf("%s: the reference bot, alone, lost %d of %d games:\n%s",
					f, len(solo), exampleSeeds, strings.Join(solo, "\n"))
			}
			// The monsters matter: a player who ignores them loses.
			if exampleSeeds > 1 && naiveLost*4 < int(exampleSeeds) { // a share of one game says nothing
				t.Errorf("%s: the naive bot, which ignores the monsters, lost only %d of %d games: the level asks nothing of a player",
					f, naiveLost, exampleSeeds)
			}
			if len(coop) > 0 {
				t.Errorf("%s: two reference bots lost %d of %d games:\n%s",
					f, len(coop), coopSeeds, strings.Join(coop, "\n"))
			}
		})
	}
}

// maxExampleActions bounds a run: a bot still playing after it is lost.
const maxExampleActions = 1000

// playSolo plays l alone with p; it returns "" when p escapes, else how it
// lost.
func playSolo(t *testing.T, l engine.Level, seed uint64, p bot.Player) string {
	t.Helper()
	g, err := engine.New(engine.Config{Seed: seed, Players: 1, Levels: []engine.Level{l}})
	if err != nil {
		t.Fatal(err)
	}
	var ev []engine.Event
	for a := 0; a < maxExampleActions; a++ {
		v := g.View(1)
		if ev, err = g.Apply(1, p.Act(&v, ev)); err != nil {
			t.Fatal(err)
		}
		for _, e := range ev {
			switch e.Kind {
			case engine.EvCaught:
				return fmt.Sprintf("caught by %s on turn %d", e.Monster.Called(), g.TurnNumber())
			case engine.EvLevelPassed:
				return ""
			}
		}
	}
	return fmt.Sprintf("still playing after %d actions", maxExampleActions)
}

// playCoop plays l with two reference bots, one a seat; it returns "" when
// the team passes the level.
func playCoop(t *testing.T, l engine.Level, seed uint64) string {
	t.Helper()
	g, err := engine.New(engine.Config{Seed: seed, Players: 2, Levels: []engine.Level{l}})
	if err != nil {
		t.Fatal(err)
	}
	ps := [2]*bot.Reference{bot.NewReference(), bot.NewReference()}
	var evs [2][]engine.Event
	for a := 0; a < 2*maxExampleActions; a++ {
		s := g.Turn()
		if s == 0 {
			break
		}
		v := g.View(s)
		ev, err := g.Apply(s, ps[s-1].Act(&v, evs[s-1]))
		if err != nil {
			t.Fatal(err)
		}
		// Each seat hears of everything since its last action.
		evs[s-1] = append(evs[s-1][:0], ev...)
		evs[2-s] = append(evs[2-s], ev...)
		for _, e := range ev {
			if e.Kind == engine.EvLevelPassed {
				return ""
			}
		}
	}
	if g.Result() == engine.Lost {
		return fmt.Sprintf("both caught by turn %d", g.TurnNumber())
	}
	return fmt.Sprintf("still playing after %d actions", 2*maxExampleActions)
}
