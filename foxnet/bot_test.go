package foxnet

import (
	"fmt"
	"strings"
	"testing"
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

func TestBrainKeepsOutOfBeams(t *testing.T) {
	// a hunter next to a bomb about to go off steps out of its line
	var r Reader
	text := "Runde: 8/20, Spieleranzahl: 2, Spielfeldgröße: x 5 y 3, Cmd-Timeout: 1, \n\n\n" +
		"_|_|_|_|f|\n" +
		"_|B|p|_|_|\n" +
		"_|_|_|_|_|\n\nName:\tPunkte:\tFeld:\nfox\t3\tx4 y0\nme\t0\tx2 y1\n\n"
	b := NewBrain("me", 1)
	b.round = 4
	b.bombs[pt(1, 1)] = 4 // seen in round 4: goes off at the end of round 8+1
	var st *State
	for _, line := range strings.Split(text, "\n") {
		if s, err := r.Line(line); err != nil {
			t.Fatal(err)
		} else if s != nil {
			st = s
		}
	}
	for i := 0; i < 20; i++ {
		b.flee = 0
		got := b.Decide(st)
		if got == "d" || got == "n" || got == "a" {
			t.Fatalf("stayed in the bomb's line with %q", got)
		}
	}
}
