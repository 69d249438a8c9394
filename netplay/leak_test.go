package netplay

import (
	"fmt"
	"math/rand/v2"
	"testing"
	"time"

	"github.com/minotaur-game/minotaur/engine"
)

// TestNoLeak plays random legal moves on generated levels of many seeds and
// checks every state either seat receives, and every state a spectator
// receives: no monster outside the seat's light, no item on the map that
// the team has not seen in light (in a state, or within light radius of a
// tile a player stood on), nothing at all on never-seen tiles, and lit
// items only where the level put them. The spectator sees no tile lighter
// than the brighter of the two seats sees it.
func TestNoLeak(t *testing.T) {
	seeds := 6
	actions := 200
	if testing.Short() {
		seeds, actions = 3, 120
	}
	for seed := uint64(1); seed <= uint64(seeds); seed++ {
		for _, level := range []int{1, 3, 5, 7} {
			t.Run(fmt.Sprintf("seed %d level %d", seed, level), func(t *testing.T) {
				lv, err := engine.Generate(seed, level)
				if err != nil {
					t.Fatal(err)
				}
				cfg := testConfig(t)
				cfg.ChatWindow = time.Nanosecond // the spectator comes back to every game: always announced
				cfg.Levels = []engine.Level{lv}
				cfg.Seed = func() uint64 { return seed }
				_, addr := startServer(t, cfg)
				a, b := pair(t, addr, "a", "b")
				w := login(t, addr, "w")
				rng := rand.New(rand.NewPCG(seed, uint64(level)))
				// Random play dies young: play new games until the budget
				// of actions is spent.
				for left := actions; ; {
					watchGame(t, w, a, b)
					left -= leakPlay(t, lv, a, b, w, rng, left)
					if left <= 0 {
						break
					}
					a.expect(TypeLobby)
					b.expect(TypeLobby)
					startGame(t, a, b)
				}
			})
		}
	}
}

// leakPlay plays random legal moves in turn order and checks every state,
// until the game is over or actions are played; it returns the number of
// actions played.
func leakPlay(t *testing.T, lv engine.Level, a, b, w *tclient, rng *rand.Rand, actions int) int {
	items := map[[2]int]byte{{lv.Key.X, lv.Key.Y}: 'K'}
	for _, bo := range lv.Bonuses {
		items[[2]int{bo.Pos.X, bo.Pos.Y}] = bo.Kind
	}
	seenLit := map[[2]int]byte{} // items the team saw in light
	// A player who steps next to an item and is caught before the next
	// state sees it in light for a moment that no state shows: an item
	// remembered near a tile a player stood on is no leak.
	visited := map[[3]int]bool{} // x, y, light radius
	nearVisited := func(p [2]int) bool {
		for v := range visited {
			dx, dy, r := p[0]-v[0], p[1]-v[1], v[2]
			if dx*dx+dy*dy <= r*r+r {
				return true
			}
		}
		return false
	}
	states, monsters := 0, 0
	defer func() {
		t.Logf("%d states checked, %d monsters seen in light, %d items", states, monsters, len(seenLit))
	}()
	check := func(c *tclient) {
		st := c.wire // the line as sent
		states++
		monsters += len(st.Monsters)
		if len(st.Map) != st.Rows || len(st.Light) != st.Rows {
			t.Fatalf("%s: %d map rows and %d light rows for %d rows", c.name, len(st.Map), len(st.Light), st.Rows)
		}
		for _, m := range st.Monsters {
			if st.Light[m.Y][m.X] != '3' {
				t.Fatalf("%s: state %d shows a %s at (%d, %d) with light %c\n%s", c.name, st.Seq, m.Kind, m.X, m.Y, st.Light[m.Y][m.X], dump(st))
			}
		}
		for y := 0; y < st.Rows; y++ {
			for x := 0; x < st.Cols; x++ {
				ch, light := st.Map[y][x], st.Light[y][x]
				if light == '0' && ch != ' ' {
					t.Fatalf("%s: never-seen tile (%d, %d) shows %q\n%s", c.name, x, y, ch, dump(st))
				}
				if ch != 'K' && ch != '*' && ch != '^' && ch != '?' {
					continue
				}
				p := [2]int{x, y}
				if light == '3' {
					if items[p] != ch {
						t.Fatalf("%s: lit item %q at (%d, %d) that the level does not have", c.name, ch, x, y)
					}
					continue
				}
				if seenLit[p] != ch && !nearVisited(p) {
					t.Fatalf("%s: map shows %q at (%d, %d) (light %c), never seen in light\n%s", c.name, ch, x, y, light, dump(st))
				}
			}
		}
	}
	// Both seats' states describe the same moment: what either sees in
	// light joins the team's memory at once.
	record := func(c *tclient) {
		st := c.wire
		me := c.me().Pos
		r := engine.LightRadius
		if st.Torch {
			r = engine.TorchLightRadius
		}
		visited[[3]int{me.X, me.Y, r}] = true
		for y := 0; y < st.Rows; y++ {
			for x := 0; x < st.Cols; x++ {
				if ch := st.Map[y][x]; st.Light[y][x] == '3' && (ch == 'K' || ch == '*' || ch == '^' || ch == '?') {
					seenLit[[2]int{x, y}] = ch
				}
			}
		}
	}
	// The spectator's state of the same moment: checked as a seat's, and
	// no tile lighter for it than for the brighter seat.
	watched := func() {
		check(w)
		for y := 0; y < w.wire.Rows; y++ {
			for x := 0; x < w.wire.Cols; x++ {
				if l := w.wire.Light[y][x]; l > max(a.wire.Light[y][x], b.wire.Light[y][x]) {
					t.Fatalf("the spectator sees (%d, %d) with light %c, the seats with %c and %c\n%s", x, y, l, a.wire.Light[y][x], b.wire.Light[y][x], dump(w.wire))
				}
			}
		}
	}
	record(a)
	record(b)
	check(a)
	check(b)
	watched()
	for i := 0; i < actions; i++ {
		var mover *tclient
		switch {
		case a.last.YourTurn:
			mover = a
		case b.last.YourTurn:
			mover = b
		default:
			t.Fatalf("nobody's turn: %+v %+v", a.last, b.last)
		}
		mover.act(randomMove(mover, rng))
		for _, c := range []*tclient{a, b} {
			if m := c.recv(); m.Type() != TypeState {
				t.Fatalf("%s got %s", c.name, m.Type())
			}
		}
		if m := w.recv(); m.Type() != TypeState {
			t.Fatalf("the spectator got %s", m.Type())
		}
		record(a)
		record(b)
		check(a)
		check(b)
		watched()
		if !a.last.YourTurn && !b.last.YourTurn {
			a.expect(TypeOver)
			b.expect(TypeOver)
			w.expect(TypeOver)
			return i + 1
		}
	}
	return actions
}

// randomMove picks a step that costs a turn (not into a wall or the closed
// exit), or a skip.
func randomMove(c *tclient, rng *rand.Rand) string {
	st := c.wire
	me := c.me().Pos
	var legal []string
	for _, d := range []struct {
		a      string
		dx, dy int
	}{{"w", 0, -1}, {"a", -1, 0}, {"s", 0, 1}, {"d", 1, 0}} {
		x, y := me.X+d.dx, me.Y+d.dy
		if y < 0 || y >= st.Rows || x < 0 || x >= st.Cols {
			continue
		}
		switch ch := st.Map[y][x]; {
		case ch == '+' || ch == '-' || ch == '|' || ch == ' ':
		case ch == 'E' && !st.Key:
		default:
			legal = append(legal, d.a)
		}
	}
	if len(legal) == 0 || rng.IntN(10) == 0 {
		return "."
	}
	return legal[rng.IntN(len(legal))]
}

func dump(st *wireState) string {
	s := ""
	for y := range st.Map {
		s += st.Map[y] + "  " + st.Light[y] + "\n"
	}
	return s + fmt.Sprintf("monsters %v players %v", st.Monsters, st.Players)
}

// watchGame makes w a spectator of a's game with b: w gets start with seat
// 0 and the team's state, the players a notice of it (a game chat line from
// nobody, not a state: a bot acting on every state of its turn would act
// twice).
func watchGame(t *testing.T, w, a, b *tclient) {
	t.Helper()
	w.send(map[string]any{"t": "watch", "game": a.game})
	st := w.expect(TypeStart).(*Start)
	if st.Seat != 0 || st.Game != a.game || st.Partner != a.name+" and "+b.name {
		t.Fatalf("spectator's start %+v, want seat 0 of game %s of %s and %s", st, a.game, a.name, b.name)
	}
	if v := w.expect(TypeState).(*State); v.Seat != 0 || v.YourTurn {
		t.Fatalf("spectator's state of seat %d, your turn %v", v.Seat, v.YourTurn)
	}
	for _, c := range []*tclient{a, b} {
		n := c.expect(TypeChat).(*Chat)
		if n.Scope != ScopeGame || n.From != "" || n.Text != w.name+" is watching" {
			t.Fatalf("%s was told %+v, want the notice %q", c.name, n, w.name+" is watching")
		}
	}
}
