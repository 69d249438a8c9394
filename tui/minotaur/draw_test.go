package minotaur

import (
	"bytes"
	"strings"
	"testing"

	tea "github.com/charmbracelet/bubbletea"
	"github.com/charmbracelet/lipgloss"
	"github.com/charmbracelet/x/ansi"
	"github.com/muesli/termenv"

	"github.com/minotaur-game/minotaur/engine"
	"github.com/minotaur-game/minotaur/tui/screen"
)

// TestLightLevelsDistinct: lit, penumbra and remembered tiles are drawn
// differently with colour and without (NO_COLOR: bold, plain, dim), and the
// objects stand out from the map.
func TestLightLevelsDistinct(t *testing.T) {
	color := lipgloss.NewRenderer(&bytes.Buffer{})
	color.SetColorProfile(termenv.ANSI256)
	mono := lipgloss.NewRenderer(&bytes.Buffer{})
	mono.SetColorProfile(termenv.Ascii)
	for name, r := range map[string]*lipgloss.Renderer{"colour": color, "no colour": mono} {
		t.Run(name, func(t *testing.T) {
			st := NewStyles(r)
			if st.Mono != (name == "no colour") {
				t.Fatalf("Mono is %v", st.Mono)
			}
			classes := []tileClass{clsLit, clsPenumbra, clsRemembered}
			seen := map[string]tileClass{}
			for _, k := range classes {
				if prev, dup := seen[st.tiles[k]]; dup {
					t.Errorf("classes %d and %d are drawn alike (%q)", prev, k, st.tiles[k])
				}
				seen[st.tiles[k]] = k
			}
			for _, k := range []tileClass{clsPlayer, clsMinotaur, clsMark, clsKey, clsCompass} {
				if st.tiles[k] == "" || st.tiles[k] == st.tiles[clsLit] {
					t.Errorf("class %d does not stand out from the lit map (%q)", k, st.tiles[k])
				}
			}
			if st.Mono {
				for k, p := range st.tiles {
					if strings.Contains(p, "3") && strings.Contains(p, ";") {
						t.Errorf("class %d uses a colour without colour: %q", k, p)
					}
				}
			}
		})
	}
}

// TestLevel7Fits80x24: the largest level is drawn whole, two columns a
// tile, beside the panel, in 80×24.
func TestLevel7Fits80x24(t *testing.T) {
	for _, seed := range []uint64{1, 2, 3} {
		lv, err := engine.Generate(seed, 7)
		if err != nil {
			t.Fatal(err)
		}
		g, _ := engine.New(engine.Config{Seed: seed, Players: 1, Levels: []engine.Level{lv}})
		cfg := testConfig(t, seed)
		d := newDriver(t, cfg, 80, 24)
		gs := newGameScreen(d.m.c, NewLocalSession(g, nil, nil, cfg.Saves, cfg.Replays, cfg.Now, false))
		d.m.Stack = []screen.Screen{gs}
		l := gs.b.layout(d.m.c.Width, d.m.c.Height)
		if !l.side || !l.wide || l.vw != lv.Cols || l.vh != lv.Rows {
			t.Fatalf("seed %d: layout %+v, want the whole %d×%d map, wide, beside the panel", seed, l, lv.Rows, lv.Cols)
		}
		checkFits(t, ansi.Strip(d.m.View()), 80, 24)
	}
}

// TestScrollKeepsPlayer: on terminals smaller than the map, the window
// follows the player along a walk.
func TestScrollKeepsPlayer(t *testing.T) {
	lv, err := engine.GenerateSize(5, 31, 41)
	if err != nil {
		t.Fatal(err)
	}
	for _, size := range [][2]int{{60, 20}, {44, 14}, {40, 12}} {
		g, _ := engine.New(engine.Config{Seed: 5, Players: 1, Levels: []engine.Level{lv}})
		cfg := testConfig(t, 5)
		d := newDriver(t, cfg, size[0], size[1])
		gs := newGameScreen(d.m.c, NewLocalSession(g, nil, nil, cfg.Saves, cfg.Replays, cfg.Now, false))
		d.m.Stack = []screen.Screen{gs}
		for step := 0; step < 30 && g.Result() == engine.InProgress; step++ {
			frame := ansi.Strip(d.m.View())
			checkFits(t, frame, size[0], size[1])
			l := gs.b.layout(d.m.c.Width, d.m.c.Height)
			p := g.Status().Players[0].Pos
			if p.X < l.x0 || p.X >= l.x0+l.vw || p.Y < l.y0 || p.Y >= l.y0+l.vh {
				t.Fatalf("%dx%d step %d: player %v outside the window %+v", size[0], size[1], step, p, l)
			}
			if !strings.Contains(frame, "P") {
				t.Fatalf("%dx%d step %d: no P on the screen:\n%s", size[0], size[1], step, frame)
			}
			a, ok := stepToward(g, lv.Key, nil)
			if !ok {
				break
			}
			d.keys(actKey(a))
		}
	}
}

// TestWindow: the window centres the player and stays inside the map.
func TestWindow(t *testing.T) {
	tests := []struct{ n, vis, p, want int }{
		{23, 30, 5, 0}, {41, 16, 0, 0}, {41, 16, 20, 12}, {41, 16, 40, 25}, {41, 16, 8, 0}, {41, 16, 9, 1},
	}
	for _, tc := range tests {
		if got := screen.Window(tc.n, tc.vis, tc.p); got != tc.want {
			t.Errorf("window(%d, %d, %d) = %d, want %d", tc.n, tc.vis, tc.p, got, tc.want)
		}
	}
}

// TestMapDrawing draws a hand-made view: walls joined across the doubled
// columns, the marks over the map, the compass marks, the monsters, the
// partner and the player on top, and unseen tiles blank.
func TestMapDrawing(t *testing.T) {
	rows := []string{
		"+-+-+-+",
		"|..K.E|",
		"|.....|",
		"+-+-  +",
	}
	v := engine.View{Rows: 4, Cols: 7, Key: false}
	for _, r := range rows {
		v.Map = append(v.Map, r...)
		for _, c := range []byte(r) {
			l := engine.Lit
			if c == ' ' {
				l = engine.Unseen
			}
			v.Light = append(v.Light, l)
		}
	}
	v.Marks = []engine.Point{{X: 4, Y: 2}, {X: 5, Y: 2}}
	v.Compass = []engine.Point{{X: 2, Y: 1}}
	v.Monsters = []engine.MonsterView{{Kind: engine.Hunter, Pos: engine.Point{X: 3, Y: 2}}}
	v.Players = []engine.PlayerView{{Seat: 1, Pos: engine.Point{X: 1, Y: 1}}, {Seat: 2, Pos: engine.Point{X: 1, Y: 1}}, {Seat: 2, Pos: engine.Point{X: 2, Y: 2}, State: engine.Caught}}
	mono := lipgloss.NewRenderer(&bytes.Buffer{})
	mono.SetColorProfile(termenv.Ascii)
	d := mapDrawer{st: NewStyles(mono), wide: true}
	d.load(&v, 1)
	var sb strings.Builder
	for y := 0; y < v.Rows; y++ {
		d.writeRow(&sb, y, 0, v.Cols)
		sb.WriteByte('\n')
	}
	want := "" +
		"+---+---+---+ \n" +
		"| P . K . E | \n" +
		"| . . H ! ! | \n" +
		"+---+--     + \n" // a wall does not reach into unseen tiles
	if got := ansi.Strip(sb.String()); got != want {
		t.Fatalf("map drawn as\n%s\nwant\n%s", got, want)
	}
	if d.cls[1*7+1] != clsPlayer || d.cls[1*7+2] != clsCompass || d.cls[2*7+4] != clsMark || d.cls[2*7+3] != clsHunter || d.cls[1*7+3] != clsKey {
		t.Fatalf("classes of the objects are wrong: %v", d.cls)
	}
	if d.cls[2*7+2] != clsLit {
		t.Fatal("a caught partner is still drawn")
	}
}

// TestEndScreenNarrowLongSeed: at 40 columns the end screen of a game with
// a 20-digit seed and passed levels stays inside the terminal, its right
// border included.
func TestEndScreenNarrowLongSeed(t *testing.T) {
	for _, size := range [][2]int{{40, 12}, {40, 24}} {
		c := testEnv(t, size[0], size[1])
		v := engine.View{Level: 3, Levels: 7, Score: 1234, Seed: 18446744073709551615,
			Passed: []engine.LevelScore{{Level: 1, Turns: 20, Score: 380}, {Level: 2, Turns: 40, Score: 854}}}
		e := newEndScreen(c, nil, v, false)
		e.stage = endDone
		e.replay = "/home/ada/.local/share/minotaur/replays/replay-20250314-150926.json"
		scr := ansi.Strip(e.View())
		lines := strings.Split(scr, "\n")
		if len(lines) > size[1] {
			t.Fatalf("%v: %d lines:\n%s", size, len(lines), scr)
		}
		for _, l := range lines {
			if ansi.StringWidth(l) > size[0] {
				t.Fatalf("%v: a line of %d columns:\n%s", size, ansi.StringWidth(l), scr)
			}
		}
		if !strings.Contains(scr, "18446744073709551615") || !strings.Contains(scr, "╮") || !strings.Contains(scr, "╯") {
			t.Fatalf("%v: the seed or the border is missing:\n%s", size, scr)
		}
	}
}

// TestHeardHint: a hunter the player hears and does not see is hinted at
// the first tile beyond the light in its direction, never on its tile.
func TestHeardHint(t *testing.T) {
	rows := []string{
		"+-------+",
		"|.......|",
		"|.......|",
		"|.......|",
		"+-------+",
	}
	v := engine.View{Rows: 5, Cols: 9}
	for y, r := range rows {
		v.Map = append(v.Map, r...)
		for x := range r {
			l := engine.Penumbra
			if x <= 3 && y >= 1 && y <= 3 {
				l = engine.Lit
			}
			v.Light = append(v.Light, l)
		}
	}
	v.Players = []engine.PlayerView{{Seat: 1, Pos: engine.Point{X: 1, Y: 2}}}
	v.Heard = []engine.HeardHunter{{Kind: engine.Hunter, Dist: 6, Dir: engine.East}}
	mono := lipgloss.NewRenderer(&bytes.Buffer{})
	mono.SetColorProfile(termenv.Ascii)
	d := mapDrawer{st: NewStyles(mono)}
	d.load(&v, 1)
	var sb strings.Builder
	for y := 0; y < v.Rows; y++ {
		d.writeRow(&sb, y, 0, v.Cols)
		sb.WriteByte('\n')
	}
	want := "" +
		"+-------+\n" +
		"|.......|\n" +
		"|P..h...|\n" +
		"|.......|\n" +
		"+-------+\n"
	if got := ansi.Strip(sb.String()); got != want {
		t.Fatalf("map drawn as\n%s\nwant\n%s", got, want)
	}
	if d.cls[2*9+4] != clsHeard {
		t.Errorf("the hint has class %v", d.cls[2*9+4])
	}
	// Look on the h says what it is, not only the floor under it.
	if got := describe(&v, 1, engine.Point{X: 4, Y: 2}); !strings.Contains(got, "a hunter you hear but cannot see is this way") {
		t.Errorf("Look on the h says %q", got)
	}
	if got := describe(&v, 1, engine.Point{X: 5, Y: 2}); strings.Contains(got, "hear") {
		t.Errorf("Look beside the h says %q", got)
	}
	// Another seat's hearing (a spectator's list) is not this seat's.
	v.Heard[0].Seat = 2
	d.load(&v, 1)
	if d.chr[2*9+4] == 'h' {
		t.Errorf("seat 1 is hinted a hunter that hears seat 2")
	}
	// A hunter that hears the player and stands in light is drawn where it
	// stands, with no 'h' beside it (H and h were both drawn).
	v.Heard[0].Seat = 0
	v.Monsters = []engine.MonsterView{{Kind: engine.Hunter, Pos: engine.Point{X: 3, Y: 2}}}
	d.load(&v, 1)
	if d.chr[2*9+4] == 'h' {
		t.Errorf("a hunter in light is hinted as heard too")
	}
	// A second hunter heard in that direction, out of sight, is hinted.
	v.Heard = append(v.Heard, engine.HeardHunter{Kind: engine.Hunter, Dist: 9, Dir: engine.East})
	d.load(&v, 1)
	if d.chr[2*9+4] != 'h' {
		t.Errorf("a second hunter, heard and unseen, is not hinted")
	}
}

// TestHelpWithoutColour: with NO_COLOR the help names what the terminal
// shows (bold, reversed, dim), never a colour it does not show; with
// colour it names the colours.
func TestHelpWithoutColour(t *testing.T) {
	colours := []string{"white", "cyan", "magenta", "green", "blue", "grey"}
	for _, mono := range []bool{true, false} {
		r := lipgloss.NewRenderer(&bytes.Buffer{})
		r.SetColorProfile(termenv.ANSI256)
		if mono {
			r.SetColorProfile(termenv.Ascii)
		}
		c := testEnv(t, 80, 24)
		c.Context.Styles = screen.NewStyles(r)
		c.st = newStyles(c.Context.Styles)
		page := ansi.Strip(newHelpScreen(c).View())
		named := 0
		for _, w := range colours {
			if strings.Contains(page, w) {
				named++
				if mono {
					t.Errorf("the help without colour names %q:\n%s", w, page)
				}
			}
		}
		if !mono && named == 0 {
			t.Errorf("the help with colour names no colour:\n%s", page)
		}
	}
}

// TestNarrowHelpHintNamesScrollKeys: at 40×12 the help scrolls, and its
// hint names every key that scrolls (j and Space did, while the hint said
// "other keys: back").
func TestNarrowHelpHintNamesScrollKeys(t *testing.T) {
	h := newHelpScreen(testEnv(t, 40, 12))
	page := ansi.Strip(h.View())
	for _, k := range []string{"JK", "Space", "other keys: back"} {
		if !strings.Contains(page, k) {
			t.Errorf("the narrow help's hint does not name %q:\n%s", k, page)
		}
	}
	before := page
	for _, k := range []string{"j", " "} {
		h.Update(tea.KeyMsg{Type: tea.KeyRunes, Runes: []rune(k)})
	}
	if ansi.Strip(h.View()) == before {
		t.Error("j and Space do not scroll the narrow help")
	}
}

// TestPanelKeepsTheKeysAt50x15: at 50×15 the side panel keeps the key
// legend (packed) instead of dropping it.
func TestPanelKeepsTheKeysAt50x15(t *testing.T) {
	d := newDriver(t, testConfig(t, goldenSeed), 50, 15)
	d.keys("<enter>")
	d.expectScreen("game")
	scr := d.screen()
	for _, k := range []string{"WASD move", "H help", "P pause"} {
		if !strings.Contains(scr, k) {
			t.Errorf("the 50×15 panel lacks %q:\n%s", k, scr)
		}
	}
	checkFits(t, scr, 50, 15)
}
