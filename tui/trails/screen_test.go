package trails

import (
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/charmbracelet/x/ansi"

	"github.com/minotaur-game/minotaur/games/trails"
	trailsbot "github.com/minotaur-game/minotaur/games/trails/bot"
	"github.com/minotaur-game/minotaur/tui/screen"
	"github.com/minotaur-game/minotaur/tui/screen/screentest"
)

var _ = flag.Bool("update", false, "rewrite the golden screens of testdata")

var arrow = map[trails.Dir]string{trails.Up: "up", trails.Right: "right", trails.Down: "down", trails.Left: "left"}

// hotSeatWin is the classic hot-seat game of the script corpus
// (cmd/minotaur/testdata/trails/classic-hotseat), won by Blue by towers.
const hotSeatWin = "RURLRDRLDLDLLULUDRRUDULRL"

func classic(vsBot bool, level int, seed uint64) Setup {
	return Setup{Config: trails.Classic(), VsBot: vsBot, BotLevel: level, Seed: seed}
}

// fits fails unless the frame is drawn whole in the terminal, and
// returns it.
func fits(t *testing.T, d *driver) string {
	t.Helper()
	out := d.view()
	screentest.Fits(t, out, d.c.Width, d.c.Height)
	return out
}

func playDirs(t *testing.T, d *driver, dirs string) {
	t.Helper()
	for _, r := range dirs {
		dir, err := trails.ParseDir(string(r))
		if err != nil {
			t.Fatal(err)
		}
		g := d.game()
		before := len(g.g.Moves())
		d.press(arrow[dir])
		if len(g.g.Moves()) == before {
			t.Fatalf("%s was not played: %s", dir, g.note)
		}
	}
}

// TestGoldenScreens: the screens at 80×24 and 40×12, in colour and
// without (the mono goldens keep the attributes: they are the marks).
func TestGoldenScreens(t *testing.T) {
	for _, sz := range [][2]int{{80, 24}, {40, 12}} {
		for _, mono := range []bool{false, true} {
			name := func(n string) string {
				c := "colour"
				if mono {
					c = "mono"
				}
				return fmt.Sprintf("%s-%s-%dx%d", n, c, sz[0], sz[1])
			}
			keep := func(s string) string {
				if mono {
					return s
				}
				return ansi.Strip(s)
			}
			d := newDriver(t, mono, sz[0], sz[1], gameOf(classic(true, 2, 5)))
			d.press("right", "right", "down")
			screentest.Golden(t, name("vs-bot"), keep(fits(t, d)))
			d.press("?")
			screentest.Golden(t, name("help"), ansi.Strip(fits(t, d)))
			d.press("x", "p")
			screentest.Golden(t, name("pause"), ansi.Strip(fits(t, d)))
			d.press("esc")

			h := newDriver(t, mono, sz[0], sz[1], gameOf(classic(false, 0, 3)))
			playDirs(t, h, hotSeatWin)
			screentest.Golden(t, name("end-hotseat"), ansi.Strip(fits(t, h)))

			m := newDriver(t, mono, sz[0], sz[1], NewMenu)
			screentest.Golden(t, name("menu"), ansi.Strip(fits(t, m)))
		}
	}
}

// Every field size and every mode fits at the two smallest screens.
func TestEveryFieldFits(t *testing.T) {
	for _, sz := range [][2]int{{80, 24}, {40, 12}} {
		for n := trails.MinSize; n <= trails.MaxSize; n += 2 {
			s := Setup{Config: trails.Config{Size: n, Towers: 1, Distance: 1, First: 1}, VsBot: true, BotLevel: 1, Seed: 1}
			d := newDriver(t, false, sz[0], sz[1], gameOf(s))
			fits(t, d)
			d.press("down", "down")
			fits(t, d)
			d.press("p")
			fits(t, d)
			d.press("esc", "?")
			fits(t, d)
			d.press("x")
			// The field's window follows Blue.
			if !strings.Contains(d.plain(), "B") {
				t.Fatalf("%d×%d field at %v: Blue is not on the screen", n, n, sz)
			}
		}
	}
}

// The panel is read whole, not cut with "…", on every field of the menu,
// against the computer and hot-seat, at 80×24 and 40×12.
func TestPanelNotCut(t *testing.T) {
	for _, sz := range [][2]int{{80, 24}, {40, 12}} {
		for _, cfg := range fields {
			cfg.Towers, cfg.Distance = cfg.Size, 1 // the most towers: two-digit counts
			for _, vsBot := range []bool{true, false} {
				d := newDriver(t, true, sz[0], sz[1], gameOf(Setup{Config: cfg, VsBot: vsBot, BotLevel: 1, Seed: 1}))
				for _, keys := range [][]string{nil, {"right"}, {"down"}} {
					d.press(keys...)
					if out := d.plain(); strings.Contains(out, "…") {
						t.Errorf("%d×%d field at %v, vs bot %v, after %v:\n%s", cfg.Size, cfg.Size, sz, vsBot, keys, out)
					}
				}
			}
		}
	}
}

// A game against the computer played to its end with the keys: the computer
// answers each move; the end screen says who won and why, with the moves;
// Enter goes back to the Trails menu.
func TestBotGameToEnd(t *testing.T) {
	d := newDriver(t, false, 80, 24, gameOf(classic(true, 3, 11)))
	g := d.game()
	me := &trailsbot.Player{Level: 1, Seed: 4}
	for i := 0; !g.g.Over() && i < 200; i++ {
		if g.g.Current() != 1 || g.thinking {
			t.Fatalf("after a key the computer has not moved (player %d, thinking %v)", g.g.Current(), g.thinking)
		}
		d.press(arrow[me.Choose(g.g.Position())])
	}
	out := d.plain()
	if !strings.Contains(out, g.g.Result()) || !strings.Contains(out, "1.B") || !strings.Contains(out, "Moves (") {
		t.Fatalf("the end screen:\n%s", out)
	}
	w, _ := g.g.Winner()
	if (w == 2) != strings.Contains(out, "THE COMPUTER WINS") {
		t.Fatalf("winner %d, end screen:\n%s", w, out)
	}
	d.press("enter")
	if _, ok := d.Top().(*menu); !ok {
		t.Fatalf("Enter on the end screen: %T", d.Top())
	}
}

// A hot-seat game won by towers: each player's legal cells are marked on
// their turn, and the end says "Blue took 2 of 3 towers.".
func TestHotSeatWinByTowers(t *testing.T) {
	d := newDriver(t, true, 80, 24, gameOf(classic(false, 0, 3)))
	// The key hints offer what works: no undo in a hot-seat game.
	for _, sz := range [][2]int{{80, 24}, {40, 12}} {
		d.c.Width, d.c.Height = sz[0], sz[1]
		if out := d.plain(); strings.Contains(out, "undo") || !strings.Contains(out, "restart") {
			t.Errorf("%v: the hot-seat hints:\n%s", sz, out)
		}
	}
	d.c.Width, d.c.Height = 80, 24
	d.press("right")
	g := d.game()
	if g.v.Current != 2 || g.v.Seat != 2 || !strings.Contains(g.status(), "Red: 2 moves") {
		t.Fatalf("Red's turn: seat %d, status %q", g.v.Seat, g.status())
	}
	d.press("r", "y")
	playDirs(t, d, hotSeatWin)
	out := d.plain()
	if !strings.Contains(out, "BLUE WINS · Trails and Towers") || !strings.Contains(out, "R: play again · Enter: menu") {
		t.Errorf("the end is not the shared end frame (result, why, again or menu):\n%s", out)
	}
	if !strings.Contains(out, "BLUE WINS") || !strings.Contains(out, "Blue took 2 of 3 towers.") {
		t.Fatalf("end:\n%s", out)
	}
	d.press("u")
	if !g.g.Over() {
		t.Fatal("U undid a hot-seat move")
	}
}

// U against the computer takes back the player's move and its answer; in a
// hot-seat game it says it cannot. R asks before it restarts.
func TestUndoAndRestart(t *testing.T) {
	d := newDriver(t, false, 80, 24, gameOf(classic(true, 2, 9)))
	g := d.game()
	if out := d.plain(); !strings.Contains(out, "U undo") {
		t.Errorf("the hints against the computer offer no undo:\n%s", out)
	}
	start := strings.Join(g.v.Rows, "\n")
	d.press("u")
	if g.note != "Nothing to undo." {
		t.Fatalf("undo at the start: %q", g.note)
	}
	d.press("down", "down")
	if len(g.g.Moves()) != 4 {
		t.Fatalf("%d moves after two of Blue's", len(g.g.Moves()))
	}
	d.press("u")
	if len(g.g.Moves()) != 2 || g.g.Current() != 1 || g.note != "Took back 2 moves." {
		t.Fatalf("undo: %d moves, player %d, %q", len(g.g.Moves()), g.g.Current(), g.note)
	}
	d.press("r", "n")
	if len(g.g.Moves()) != 2 {
		t.Fatal("R then N restarted")
	}
	d.press("r", "y")
	if strings.Join(g.v.Rows, "\n") != start {
		t.Fatal("R then Y did not restart")
	}
	// The computer moves first with --first 2, and its opening stays.
	c := trails.Classic()
	c.First = 2
	f := newDriver(t, false, 80, 24, gameOf(Setup{Config: c, VsBot: true, BotLevel: 1, Seed: 2}))
	if fg := f.game(); len(fg.g.Moves()) != 1 || fg.g.Current() != 1 {
		t.Fatalf("--first 2: %d moves at the start", len(fg.g.Moves()))
	}
	f.press("u")
	if len(f.game().g.Moves()) != 1 {
		t.Fatal("undo took back the computer's opening move")
	}
	h := newDriver(t, false, 80, 24, gameOf(classic(false, 0, 1)))
	h.press("right", "u")
	if hg := h.game(); hg.note != "Undo is for a game against the computer." || len(hg.g.Moves()) != 1 {
		t.Fatalf("hot-seat undo: %q", hg.note)
	}
}

// A move the rules refuse says why and changes nothing.
func TestIllegalKey(t *testing.T) {
	d := newDriver(t, false, 80, 24, gameOf(classic(false, 0, 1)))
	d.press("up")
	if g := d.game(); len(g.g.Moves()) != 0 || g.note != "You cannot go up: up from (0, 0) leaves the field" {
		t.Fatalf("moves %d, note %q", len(g.g.Moves()), g.note)
	}
	if !strings.Contains(d.plain(), "You cannot go up") {
		t.Fatal("the refusal is not on the screen")
	}
}

// A click on a marked cell moves there; a click roughly toward one moves
// toward it; elsewhere nothing happens.
func TestMouse(t *testing.T) {
	d := newDriver(t, false, 80, 24, gameOf(classic(false, 0, 1)))
	g := d.game()
	d.click(2, 0) // (1, 0): two characters a cell
	if p := g.g.Position().Player(1).Pos; p != (trails.Cell{X: 1, Y: 0}) {
		t.Fatalf("a click on the marked cell (1, 0): Blue at %v", p)
	}
	d.click(2*10, 4) // Red at (10, 10): straight up from it, toward (10, 9)
	if p := g.g.Position().Player(2).Pos; p != (trails.Cell{X: 10, Y: 9}) {
		t.Fatalf("a click above Red: Red at %v, want (10, 9)", p)
	}
	d.click(2*9, 1) // Blue at (1, 0): to the right and a little down, toward (3, 0)
	if p := g.g.Position().Player(1).Pos; p != (trails.Cell{X: 3, Y: 0}) {
		t.Fatalf("a click to the right: Blue at %v, want (3, 0)", p)
	}
	n := len(g.g.Moves())
	d.click(79, 20)  // the panel
	d.click(2*10, 9) // Red's own cell
	d.click(2*2, 10) // Red at (10, 9): far left and a little down: toward (9, 9)
	if len(g.g.Moves()) != n+1 {
		t.Fatalf("%d moves after clicks on the panel, Red itself and left of Red; want %d", len(g.g.Moves()), n+1)
	}
}

// On a field larger than the screen (25 × 25 at 40×12: one character a
// cell, a window around the player to move) a click is read through the
// window: on Red's marked cell at the bottom right it moves Red there.
func TestMouseInAWindow(t *testing.T) {
	cfg := trails.Config{Size: 25, Towers: 7, Distance: 1, First: 1}
	d := newDriver(t, false, 40, 12, gameOf(Setup{Config: cfg, Seed: 1}))
	g := d.game()
	d.click(1, 0) // (1, 0), the window at the top left
	if p := g.g.Position().Player(1).Pos; p != (trails.Cell{X: 1, Y: 0}) {
		t.Fatalf("a click on (1, 0): Blue at %v", p)
	}
	l := g.layout()
	if l.cw != 1 || l.left == 0 || l.top == 0 {
		t.Fatalf("Red's window: %+v", l)
	}
	d.click(23-l.left, 24-l.top) // (23, 24), left of Red
	if p := g.g.Position().Player(2).Pos; p != (trails.Cell{X: 23, Y: 24}) {
		t.Fatalf("a click on (23, 24) through the window %+v: Red at %v\n%s", l, p, d.plain())
	}
}

// Pause, Save; the Trails menu lists the game; choosing it continues where
// it stopped; a game that ends removes its save; a damaged save is listed
// with why and not continued.
func TestSaveAndContinue(t *testing.T) {
	d := newDriver(t, false, 80, 24, gameOf(classic(true, 1, 8)))
	g := d.game()
	d.press("right", "right", "p")
	if _, ok := d.Top().(*screen.Pause); !ok {
		t.Fatalf("P opened %T", d.Top())
	}
	d.press("down", "enter")
	if g.file == "" || g.Unsaved() {
		t.Fatalf("not saved: %q", d.plain())
	}
	d.press("down", "enter") // Quit to menu: saved, so no question
	m, ok := d.Top().(*menu)
	if !ok || len(m.saves) != 1 || m.saves[0].Err != nil {
		t.Fatalf("after Quit to menu: %T %+v", d.Top(), m)
	}
	if out := d.plain(); !strings.Contains(out, " · move 5, computer 1 · 11×11, 3 towers") {
		t.Fatalf("the Trails menu:\n%s", out)
	}
	rows := strings.Join(g.v.Rows, "/")
	for range numItems {
		d.press("down")
	}
	d.press("enter")
	c := d.game()
	if strings.Join(c.v.Rows, "/") != rows || c.bot == nil || c.bot.Level != 1 {
		t.Fatal("the continued game is not the saved one")
	}
	// Unsaved moves: Quit to menu asks first.
	d.press("down", "p", "down", "down", "enter")
	if !strings.Contains(d.plain(), "nsaved") {
		t.Fatalf("quit with an unsaved move:\n%s", d.plain())
	}
	d.press("esc", "esc")
	if d.Top() != c {
		d.press("esc")
	}
	me := &trailsbot.Player{Level: 3, Seed: 1}
	for !c.g.Over() {
		d.press(arrow[me.Choose(c.g.Position())])
	}
	entries, _ := os.ReadDir(d.c.Saves)
	if len(entries) != 0 {
		t.Fatalf("the ended game's save is still there: %v", entries)
	}
	// A damaged save.
	os.WriteFile(filepath.Join(d.c.Saves, "trails-bad.trailsave"), []byte(`{"format":"minotaur-trails-save","version":1,"game":{"format":"minotaur-trails","version":1,"config":{"size":11,"towers":3,"distance":1,"first":1},"moves":"U"}}`), 0o644)
	d.press("enter") // the end screen: to the menu
	m, ok = d.Top().(*menu)
	if !ok || len(m.saves) != 1 || m.saves[0].Err == nil || !strings.Contains(m.saves[0].Err.Error(), "move 1: up from (0, 0) leaves the field") {
		t.Fatalf("a damaged save: %T %+v", d.Top(), m)
	}
	for range numItems {
		d.press("down")
	}
	d.press("enter")
	if _, ok := d.Top().(*menu); !ok || !strings.Contains(d.plain(), "cannot be continued") {
		t.Fatalf("a damaged save was continued:\n%s", d.plain())
	}
	// The whole reason is on the screen, wrapped, and the damaged save
	// chosen still in view, at both sizes.
	for _, size := range [][2]int{{80, 24}, {40, 12}} {
		d.c.Width, d.c.Height = size[0], size[1]
		if out := strings.Join(strings.Fields(d.plain()), " "); !strings.Contains(out, "> Damaged: trails-bad.trailsave") || !strings.Contains(out, "cannot be continued: the saved game's move 1: up from (0, 0) leaves the field") {
			t.Errorf("at %dx%d the reason is cut:\n%s", size[0], size[1], d.plain())
		}
	}
}

// The computer's move that arrives while the pause menu is open (P typed
// while it was thinking) is not lost: after Continue the game goes on,
// Red having moved, instead of "The computer is thinking…" for ever.
func TestBotMoveDuringPause(t *testing.T) {
	d := newDriver(t, false, 80, 24, gameOf(classic(true, 1, 5)))
	g := d.game()
	_, think := g.Update(screentest.Key("right")) // Blue's move; the computer's starts
	if !g.thinking || think == nil {
		t.Fatal("the computer is not thinking after Blue's move")
	}
	d.press("p")
	if _, ok := d.Top().(*screen.Pause); !ok {
		t.Fatalf("P while the computer thinks: %T", d.Top())
	}
	d.Run(think) // its move comes in now, under the pause menu
	d.press("esc")
	if d.Top() != g || g.thinking || len(g.g.Moves()) != 2 {
		t.Fatalf("after the pause: thinking %v, %d moves\n%s", g.thinking, len(g.g.Moves()), d.plain())
	}
	d.press("down")
	if len(g.g.Moves()) != 4 {
		t.Fatalf("Blue's next move: %d moves, note %q", len(g.g.Moves()), g.note)
	}
}

// A save of a game that is already over (the program stopped between the
// last move and removing it, or an edited file) opens on the end screen
// and is removed, as at the end of a game: it is not offered again.
//
// The save is of version 1 (the rules before the jump fill followed the
// original program), on the field that was the classic before it too.
func TestContinueAnEndedGame(t *testing.T) {
	const oldHotSeatWin = "RURLDLDURUDLDULUDRRUDLRUULU"
	d := newDriver(t, false, 80, 24, nil)
	os.MkdirAll(d.c.Saves, 0o755)
	os.WriteFile(filepath.Join(d.c.Saves, "trails-20261201-000001.trailsave"), []byte(`{"format":"minotaur-trails-save","version":1,"saved":"2026-12-01T21:46:16Z","game":{"format":"minotaur-trails","version":1,"config":{"size":11,"towers":3,"distance":1,"first":1},"seed":1,"moves":"`+oldHotSeatWin+`"}}`), 0o644)
	d.press("r")
	for range numItems {
		d.press("down")
	}
	d.press("enter")
	if out := d.plain(); !strings.Contains(out, "Blue took 2 of 3 towers.") {
		t.Fatalf("the ended game:\n%s", out)
	}
	if entries, _ := os.ReadDir(d.c.Saves); len(entries) != 0 {
		t.Fatalf("the ended game's save is still there: %v", entries)
	}
}

// At 40 columns the saved games are still told apart: each row shows when
// it was saved and the move, not a cut field size.
func TestMenuSavesAt40Columns(t *testing.T) {
	d := newDriver(t, false, 40, 12, nil)
	os.MkdirAll(d.c.Saves, 0o755)
	for i, moves := range []string{"R", "RURL"} {
		os.WriteFile(filepath.Join(d.c.Saves, fmt.Sprintf("trails-20261201-00000%d.trailsave", i)), []byte(fmt.Sprintf(`{"format":"minotaur-trails-save","version":1,"saved":"2026-12-01T21:4%d:16Z","vs_bot":true,"bot_level":2,"game":{"format":"minotaur-trails","version":1,"config":{"size":11,"towers":3,"distance":1,"first":1},"seed":1,"moves":%q}}`, i, moves)), 0o644)
	}
	d.press("r")
	out := d.plain()
	for _, want := range []string{"2026-12-01 21:40 · move 2", "2026-12-01 21:41 · move 5"} {
		if !strings.Contains(out, want) {
			t.Errorf("no %q in the Trails menu at 40×12:\n%s", want, out)
		}
	}
}

// The menu starts each kind of game, with the field and level chosen.
func TestMenu(t *testing.T) {
	d := newDriver(t, false, 40, 12, nil)
	d.press("r")
	if _, ok := d.Top().(*menu); !ok {
		t.Fatalf("R on the home screen: %T", d.Top())
	}
	d.press("right", "down", "down", "left", "down", "right", "up", "up", "enter")
	g := d.game()
	if g.bot != nil || g.g.Config().Size != 25 || g.g.Current() != 2 {
		t.Fatalf("hot-seat on the last field, Red first: %+v, bot %v", g.g.Config(), g.bot)
	}
	d.press("p", "down", "down", "enter")
	d.press("right", "enter")
	if g := d.game(); g.bot == nil || g.bot.Level != 3 || g.g.Config().Size != 11 {
		t.Fatalf("the computer at level 3 on the classic field: %+v", g.g.Config())
	}
	d.press("p", "down", "down", "enter", "esc")
	if _, ok := d.Top().(*screentest.Home); !ok {
		t.Fatalf("Esc from the Trails menu: %T", d.Top())
	}
}

// Without colour the players, trails and towers are letters, and the
// marked cells reverse video; with colour, the marks are green.
func TestMonoAndColourMarks(t *testing.T) {
	m := newDriver(t, true, 80, 24, gameOf(classic(false, 0, 1)))
	green := regexp.MustCompile(`\x1b\[([0-9]+;)*42m`) // the green background, alone or with other attributes
	if out := m.view(); !strings.Contains(out, sgrReverse+". "+sgrReset) || green.MatchString(out) {
		t.Fatalf("mono marks:\n%q", out)
	}
	c := newDriver(t, false, 80, 24, gameOf(classic(false, 0, 1)))
	if out := c.view(); !green.MatchString(out) {
		t.Fatal("colour: no green marks")
	}
}

// TestHelpUsesTheWidth: the help's text is wrapped to the terminal, not
// a 40-column strip at 80×24; without colour neither it nor the play
// screen's hints speak of green cells.
func TestHelpUsesTheWidth(t *testing.T) {
	d := newDriver(t, true, 80, 24, gameOf(classic(true, 2, 5)))
	if strings.Contains(d.plain(), "green") {
		t.Errorf("the play screen without colour speaks of green:\n%s", d.plain())
	}
	d.press("?")
	widest := 0
	for _, l := range strings.Split(d.plain(), "\n") {
		widest = max(widest, len(strings.TrimRight(l, " ")))
	}
	if widest < 60 {
		t.Errorf("the help at 80×24 is %d columns wide:\n%s", widest, d.plain())
	}
}

// TestBigFieldSaysThereIsMore: the 25×25 field at 80×24 is cut to a
// window, and the screen says that more of it lies below.
func TestBigFieldSaysThereIsMore(t *testing.T) {
	d := newDriver(t, true, 80, 24, gameOf(Setup{Config: trails.Config{Size: 25, Towers: 7, Distance: 2, First: 1}, VsBot: true, BotLevel: 2, Seed: 1}))
	if !strings.Contains(d.plain(), "More of the field below") {
		t.Fatalf("the cut field says nothing of the rest:\n%s", d.plain())
	}
	small := newDriver(t, true, 80, 24, gameOf(classic(true, 2, 5)))
	if strings.Contains(small.plain(), "More of the field") {
		t.Fatalf("the whole classic field says there is more:\n%s", small.plain())
	}
}
