package foxnet

import (
	"fmt"
	"math/rand/v2"
	"reflect"
	"strings"
	"testing"
	"time"

	"github.com/minotaur-game/minotaur/games/foxhunt"
	"github.com/minotaur-game/minotaur/games/foxhunt/bot"
	"github.com/minotaur-game/minotaur/internal/testenv"
)

// Over 20 matches of 200 rounds with 4 players (the bot and three random
// movers), the bot has the most points in at least 90 % of them.
func TestBotBeatsRandomMovers(t *testing.T) {
	res, err := Duel(20, 200, 4, DefaultSize, DefaultSize, 1)
	if err != nil {
		t.Fatal(err)
	}
	wins := 0
	var tab strings.Builder
	fmt.Fprintf(&tab, "%-6s %-5s %-16s %s\n", "seed", "bot", "random movers", "bot as fox")
	for _, r := range res {
		if r.BotWins {
			wins++
		}
		fmt.Fprintf(&tab, "%-6d %-5d %-16s %d\n", r.Seed, r.Bot, fmt.Sprint(r.Random), r.FoxRounds)
	}
	t.Logf("bot wins %d of %d\n%s", wins, len(res), tab.String())
	if wins*10 < len(res)*9 {
		t.Fatalf("the bot won %d of %d matches, want at least 90 %%\n%s", wins, len(res), tab.String())
	}
}

// Computer players against each other: the hunters catch the fox. The
// table (MINOTAUR_TEST_LONG=1 go test ./foxnet -run BotsHunt -v: 80
// matches; 20 in the quick suite) is the figure in docs/foxhunt.md.
func TestBotsHunt(t *testing.T) {
	res, err := Hunt(testenv.Pick(20, huntMatches), 200, 4, DefaultSize, DefaultSize, 1)
	if err != nil {
		t.Fatal(err)
	}
	catches, hits, fox := 0, 0, 0
	var tab strings.Builder
	fmt.Fprintf(&tab, "%-6s %-8s %-10s %s\n", "seed", "catches", "paralysed", "fox hit")
	for _, r := range res {
		catches += r.Catches
		hits += r.Paralysed
		fox += r.FoxHits
		fmt.Fprintf(&tab, "%-6d %-8d %-10d %d\n", r.Seed, r.Catches, r.Paralysed, r.FoxHits)
	}
	t.Logf("4 bots, %d matches of 200 rounds on %d×%d: %d catches (%.1f a match), %d paralysed, %d of them the fox\n%s", len(res),
		DefaultSize, DefaultSize, catches, float64(catches)/float64(len(res)), hits, fox, tab.String())
	if catches < huntFloor*len(res) {
		t.Fatalf("the hunters caught the fox %d times in %d matches, want at least %d a match\n%s", catches, len(res), huntFloor, tab.String())
	}
}

// huntFloor is the catches a match of four bots must reach on average.
const huntFloor = 5

const huntMatches = 80

// The computer player's tests build what it sees with bot.ViewOf; a block
// written by AppendBlock and read back by the Reader, in either dialect,
// is that same View, round after round.
func TestBlockReadsAsViewOf(t *testing.T) {
	g, err := foxhunt.New(foxhunt.Config{W: 12, H: 9, Rounds: 30, Seed: 4}, []string{"a", "b, c", "d"})
	if err != nil {
		t.Fatal(err)
	}
	rng := rand.New(rand.NewPCG(4, 5))
	for round := 0; round < 12; round++ {
		want := bot.ViewOf(g)
		for _, d := range []Dialect{Wiki, Mica} {
			var r Reader
			var st *State
			block := AppendBlock(nil, d, g, Frame{Game: 1, Games: 1, Timeout: time.Second})
			for _, line := range strings.Split(strings.TrimSuffix(string(block), "\n"), "\n") {
				s, err := r.Line(line)
				if err != nil {
					t.Fatalf("round %d, dialect %d: %v", round, d, err)
				}
				if s != nil {
					st = s
				}
			}
			// the same View, but for its rules: a mica block tells the
			// reference's (whose bombs lie a round longer)
			w := *want
			if d == Mica {
				w.Rules = foxhunt.Reference
			}
			if st == nil || !reflect.DeepEqual(st.View, w) {
				t.Fatalf("round %d, dialect %d: the block reads as\n%+v\nbot.ViewOf gives\n%+v", round, d, st, &w)
			}
		}
		for i := range g.Players() {
			g.Submit(i, bot.RandomMove(rng))
		}
		g.EndRound()
	}
}
