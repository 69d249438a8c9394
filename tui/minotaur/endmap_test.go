package minotaur

import (
	"regexp"
	"strings"
	"testing"

	"github.com/charmbracelet/x/ansi"

	"github.com/minotaur-game/minotaur/engine"
)

// huntedCorridor is a corridor with a hunter at its far end: walking right
// meets it.
func huntedCorridor() engine.Level {
	lv := engine.Level{Name: "Hunted", Rows: 3, Cols: 11, Wall: make([]bool, 33),
		Starts: []engine.Point{{X: 1, Y: 1}}, Key: engine.Point{X: 8, Y: 1}, Exit: engine.Point{X: 9, Y: 1},
		Monsters: []engine.Placed{{Pos: engine.Point{X: 6, Y: 1}, Kind: byte(engine.Hunter)}}}
	for i := range lv.Wall {
		lv.Wall[i] = i < 11 || i >= 22 || i == 11 || i == 21
	}
	return lv
}

// TestGameOverShowsPathAndCatcher: after a hunter catches the player, the
// end screen draws the corridor revealed, the tiles walked as "·", the
// hunter where it caught the player, and says so in words.
func TestGameOverShowsPathAndCatcher(t *testing.T) {
	cfg := testConfig(t, 3)
	cfg.Levels = Campaign{{Level: huntedCorridor(), Text: "(hunted)"}}
	d := newDriver(t, cfg, 80, 24)
	d.keys("<enter>")
	g := d.game()
	for i := 0; i < 8 && g.Result() == engine.InProgress; i++ {
		d.keys("d")
	}
	if g.Result() != engine.Lost {
		t.Fatalf("walking right did not meet the hunter: %v\n%s", g.Result(), d.screen())
	}
	d.expectScreen("end")
	scr := d.screen()
	// The corridor row: the start and the tiles walked, then the hunter,
	// then the key and the exit that the player never saw, revealed.
	if !regexp.MustCompile(`\| · (· )+H (\. )*K E \|`).MatchString(scr) {
		t.Errorf("the end map lacks the path walked up to the hunter, and the key and exit revealed:\n%s", scr)
	}
	if !strings.Contains(scr, "· your path") || !strings.Contains(scr, "H caught you") {
		t.Errorf("the end map has no legend for the path and the catcher:\n%s", scr)
	}
	st := g.Status()
	if !strings.Contains(strings.Join(strings.Fields(scr), " "), "You walked into a hunter on turn 3 of level 1.") {
		t.Errorf("the cause is not told (turn %d):\n%s", st.Turn, scr)
	}
}

// TestGameOverHunterCameFromTheRight: a player who waits is told where the
// hunter came from.
func TestGameOverHunterCameFromTheRight(t *testing.T) {
	cfg := testConfig(t, 3)
	cfg.Levels = Campaign{{Level: huntedCorridor(), Text: "(hunted)"}}
	d := newDriver(t, cfg, 80, 24)
	d.keys("<enter>d")
	g := d.game()
	for i := 0; i < 8 && g.Result() == engine.InProgress; i++ {
		d.keys(" ")
	}
	d.expectScreen("end")
	scr := d.screen()
	if !strings.Contains(scr, "A hunter came at you from the right and caught you") || !strings.Contains(scr, "turn 4 of level 1.") {
		t.Errorf("the cause does not say where the hunter came from:\n%s", scr)
	}
	if !regexp.MustCompile(`\| · H (\. )*K E \|`).MatchString(scr) {
		t.Errorf("the end map lacks the path and the hunter:\n%s", scr)
	}
}

// TestCause: the cause in words for each way a game ends.
func TestCause(t *testing.T) {
	v := engine.View{Seat: 1, Level: 3, Turn: 41}
	at := engine.Point{X: 5, Y: 5}
	caught := func(seat int, k engine.MonsterKind) *engine.Event {
		return &engine.Event{Kind: engine.EvCaught, Seat: seat, Pos: at, Monster: k}
	}
	seen := func(k engine.MonsterKind, x, y int) []engine.MonsterView {
		return []engine.MonsterView{{Kind: engine.Wanderer, Pos: engine.Point{X: 0, Y: 0}}, {Kind: k, Pos: engine.Point{X: x, Y: y}}}
	}
	walked := []engine.Point{{X: 4, Y: 5}, at}
	for _, tc := range []struct {
		won    bool
		caught *engine.Event
		seen   []engine.MonsterView
		path   []engine.Point
		want   string
	}{
		{won: true, want: "You escaped the labyrinth on turn 41 of level 3, the last."},
		{want: "The game was lost on turn 41 of level 3: nobody was left to play."},
		{caught: caught(1, engine.Hunter), seen: seen(engine.Hunter, 4, 5), path: []engine.Point{at},
			want: "A hunter came at you from the left and caught you on turn 41 of level 3."},
		{caught: caught(1, engine.Hunter), seen: seen(engine.Hunter, 6, 4), path: []engine.Point{at},
			want: "A hunter came at you from above right and caught you on turn 41 of level 3."},
		{caught: caught(1, engine.Wanderer), seen: seen(engine.Hunter, 6, 5), path: walked,
			want: "A wanderer came at you from above left and caught you on turn 41 of level 3."},
		{caught: caught(1, engine.Hunter), path: walked,
			want: "A hunter you never saw caught you on turn 41 of level 3."},
		{caught: caught(1, engine.Hunter), seen: seen(engine.Hunter, 5, 5), path: walked,
			want: "You walked into a hunter on turn 41 of level 3."},
		{caught: caught(1, engine.Minotaur), seen: seen(engine.Minotaur, 5, 9), path: walked,
			want: "The Minotaur leapt on you from below, 4 tiles away, on turn 41 of level 3."},
		{caught: caught(2, engine.Minotaur), seen: seen(engine.Minotaur, 5, 9), path: walked,
			want: "Your partner was caught by the Minotaur on turn 41 of level 3, with you off the board."},
	} {
		if got := cause(1, v, tc.won, tc.caught, tc.seen, tc.path); got != tc.want {
			t.Errorf("cause = %q, want %q", got, tc.want)
		}
	}
}

// TestEndScreenLevel7Fits: the end screen of the largest level (21×23)
// keeps its map whole beside the text at 80×24 and 120×40, fits every
// size down to 40×12, and there falls back to the text alone.
func TestEndScreenLevel7Fits(t *testing.T) {
	rows, cols := 21, 23
	wall := make([]bool, rows*cols)
	for y := 0; y < rows; y++ {
		for x := 0; x < cols; x++ {
			wall[y*cols+x] = y == 0 || x == 0 || y == rows-1 || x == cols-1 || (y%2 == 0 && x%2 == 0)
		}
	}
	v := engine.View{Seat: 1, Level: 7, Levels: 7, Turn: 120, Score: 4000, Seed: 18446744073709551615,
		Rows: rows, Cols: cols, Map: engine.WallGlyphs(rows, cols, wall), Light: make([]engine.Light, rows*cols),
		Passed: []engine.LevelScore{{Level: 1, Turns: 20, Score: 380}, {Level: 2, Turns: 40, Score: 854},
			{Level: 3, Turns: 40, Score: 854}, {Level: 4, Turns: 40, Score: 854}, {Level: 5, Turns: 40, Score: 854},
			{Level: 6, Turns: 40, Score: 854}}}
	for i := range v.Light {
		v.Light[i] = engine.Remembered
	}
	path := []engine.Point{{X: 1, Y: 1}, {X: 2, Y: 1}, {X: 3, Y: 1}, {X: 3, Y: 2}}
	caught := &engine.Event{Kind: engine.EvCaught, Seat: 1, Pos: engine.Point{X: 3, Y: 3}, Monster: engine.Minotaur}
	for _, size := range [][2]int{{80, 24}, {120, 40}, {40, 12}, {60, 20}} {
		c := testEnv(t, size[0], size[1])
		e := newEndScreen(c, nil, v, false)
		e.told(path, caught, nil)
		e.stage = endName
		e.replay = "/home/ada/.local/share/minotaur/replays/replay-20250314-150926.json"
		scr := ansi.Strip(e.View())
		checkFits(t, scr, size[0], size[1])
		mapped := strings.Contains(scr, "+"+strings.Repeat("-", 43)+"+") || strings.Contains(scr, "+"+strings.Repeat("-", 21)+"+")
		if size[0] >= 80 && !mapped {
			t.Errorf("%v: the map is not whole:\n%s", size, scr)
		}
		wants := []string{"Your name:", "Minotaur", "18446744073709551615"}
		if size[0] >= 80 {
			// The score of every level passed, beside the map.
			wants = append(wants, "6 40 0 854")
		}
		for _, want := range wants {
			if !strings.Contains(scr, want) && !strings.Contains(strings.Join(strings.Fields(scr), " "), want) {
				t.Errorf("%v: the end screen lacks %q:\n%s", size, want, scr)
			}
		}
	}
}

// TestEndMapPartnerCaught: in co-op, when the capture that ended the game
// was the partner's, the legend says so.
func TestEndMapPartnerCaught(t *testing.T) {
	st := NewStyles(nil)
	lv := huntedCorridor()
	v := engine.View{Seat: 1, Rows: lv.Rows, Cols: lv.Cols, Map: lv.Glyphs(), Light: make([]engine.Light, lv.Rows*lv.Cols)}
	for i := range v.Light {
		v.Light[i] = engine.Lit
	}
	caught := &engine.Event{Kind: engine.EvCaught, Seat: 2, Pos: engine.Point{X: 4, Y: 1}, Monster: engine.Hunter}
	m := newEndMap(st, 1, v, false, []engine.Point{{X: 2, Y: 1}, {X: 3, Y: 1}}, caught)
	got := ansi.Strip(strings.Join(m.legend(st, 80), "\n"))
	if got != "· your path  H caught your partner" {
		t.Errorf("legend %q", got)
	}
	row := ansi.Strip(strings.Join(m.lines(false, 3), "\n"))
	if !strings.Contains(row, "|P··H") {
		t.Errorf("the path and the catcher are not drawn:\n%s", row)
	}
}
