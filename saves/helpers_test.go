package saves

import (
	"fmt"
	"math/rand/v2"

	"github.com/minotaur-game/minotaur/engine"
	"github.com/minotaur-game/minotaur/internal/testboard"
)

// walk returns the action that takes seat one step along a shortest path to
// the key, or to the exit once the key is found; Skip when there is none.
// It ignores the monsters: tests use it on levels without any, and on
// levels where being caught is part of the test.
func walk(g *engine.Game, seat int) engine.Action {
	st := g.Status()
	lv := g.CurrentLevel()
	target := lv.Key
	if st.Key {
		target = lv.Exit
	}
	a, _ := testboard.Step(st.Players[seat-1].Pos, target, testboard.Walkable(lv, st.Key))
	return a
}

// campaign returns levels 1…n of the generated campaign of the seed as a
// custom campaign, with the monsters taken out of the levels before
// `tameBelow` so that a walker passes them.
func campaign(seed uint64, n, tameBelow int) []engine.Level {
	var out []engine.Level
	for i := 1; i <= n; i++ {
		lv, err := engine.Generate(seed, i)
		if err != nil {
			panic(err)
		}
		if i < tameBelow {
			lv.Monsters = nil
		}
		out = append(out, lv)
	}
	return out
}

// walkTo plays g with walk, recording into rec, until the game reaches level
// `level` or ends.
func walkTo(g *engine.Game, rec *Recorder, level int) {
	for n := 0; g.Turn() != 0 && g.LevelNumber() < level; n++ {
		if n > 100000 {
			panic("walkTo does not get anywhere")
		}
		if _, err := rec.Apply(g, g.Turn(), walk(g, g.Turn())); err != nil {
			panic(err)
		}
	}
}

// level7Game returns a game at the start of level 7 (the Minotaur's level)
// of a seven-level campaign — the generated levels of the seed, the first
// six without monsters — with its recorder. A save of it is the largest a
// campaign of the standard levels makes: all seven levels are stored.
func level7Game(seed uint64, players int) (*engine.Game, *Recorder) {
	levels := campaign(seed, 7, 7)
	g, err := engine.New(engine.Config{Seed: seed, Players: players, Levels: levels})
	if err != nil {
		panic(err)
	}
	texts := make([]string, len(levels))
	for i, lv := range levels {
		texts[i] = levelText(lv)
	}
	rec := NewRecorder(seed, texts, players)
	walkTo(g, rec, 7)
	if g.LevelNumber() != 7 || g.Result() != engine.InProgress {
		panic(fmt.Sprintf("walked to level %d (%v), want level 7", g.LevelNumber(), g.Result()))
	}
	return g, rec
}

// randomMoves returns n actions drawn at random, skips and bumps included.
func randomMoves(rng *rand.Rand, n int) []engine.Action {
	all := []engine.Action{engine.Up, engine.Left, engine.Down, engine.Right, engine.Skip}
	out := make([]engine.Action, n)
	for i := range out {
		out[i] = all[rng.IntN(len(all))]
	}
	return out
}

// levelText draws a level as a level file's map: the text a replay of
// custom levels carries (without the file's header lines).
func levelText(lv engine.Level) string {
	g := lv.Glyphs()
	var b []byte
	for y := range lv.Rows {
		b = append(b, g[y*lv.Cols:(y+1)*lv.Cols]...)
		b = append(b, '\n')
	}
	return string(b)
}
