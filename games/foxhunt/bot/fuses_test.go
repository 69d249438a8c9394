package bot

import (
	"testing"

	"github.com/minotaur-game/minotaur/games/foxhunt"
)

// The rounds left that Fuses gives a bomb follow the rules the blocks
// come from: in the reference's (the mica dialect's) a bomb lies one round
// longer than in the wiki's, and the countdown reaches 1 in the round it
// goes off, in both.
func TestFusesFollowTheRules(t *testing.T) {
	for _, rules := range []foxhunt.Rules{foxhunt.Wiki, foxhunt.Reference} {
		b, _ := foxhunt.ParseBoard([]string{"________"})
		g, _ := foxhunt.NewOnBoard(b, foxhunt.Config{Rounds: 20, NoRespawn: true, Rules: rules}, []string{"f", "thrower"}, []foxhunt.Point{{X: 0, Y: 0}, {X: 7, Y: 0}}, 0)
		var f Fuses
		f.Update(ViewOf(g))
		g.Submit(1, "b2a") // round 1: thrown 2 fields left, onto (5,0)
		g.EndRound()
		v := ViewOf(g)
		f.Update(v)
		if v.At(pt(5, 0)) != 'B' {
			t.Fatalf("rules %d: no bomb where it was thrown: %q", rules, v.Rows)
		}
		var shown []int
		for v.At(pt(5, 0)) == 'B' {
			shown = append(shown, f.Left(pt(5, 0)))
			g.EndRound()
			v = ViewOf(g)
			f.Update(v)
		}
		// one countdown a block, from the rounds it really lay to 1
		for i, left := range shown {
			if want := len(shown) - i; left != want {
				t.Fatalf("rules %d: the countdown shown block by block is %v, want it to end in 1 in the round the bomb went off", rules, shown)
			}
		}
	}
}
