package trails

import (
	"flag"
	"os"
	"path/filepath"
	"strings"
	"testing"

	tea "github.com/charmbracelet/bubbletea"
	"github.com/charmbracelet/x/ansi"

	rules "github.com/minotaur-game/minotaur/games/trails"
)

var update = flag.Bool("update", false, "rewrite the golden screens of testdata")

func newTest(t *testing.T, s Setup, mono bool, w, h int) *Screen {
	t.Helper()
	if s.Config.Size == 0 {
		s.Config = rules.Classic()
	}
	if s.VsBot && s.BotLevel == 0 {
		s.BotLevel = 1
	}
	sc, err := New(s, Options{SavesDir: t.TempDir(), Mono: mono})
	if err != nil {
		t.Fatal(err)
	}
	sc.Update(tea.WindowSizeMsg{Width: w, Height: h})
	run(t, sc, sc.Init())
	return sc
}

// run carries out a command and gives its message back to the screen, as
// the program would (the computer's move, a save).
func run(t *testing.T, s *Screen, cmd tea.Cmd) {
	t.Helper()
	for cmd != nil {
		msg := cmd()
		if msg == nil {
			return
		}
		_, cmd = s.Update(msg)
	}
}

func press(t *testing.T, s *Screen, keys ...string) {
	t.Helper()
	for _, k := range keys {
		var msg tea.KeyMsg
		switch k {
		case "up":
			msg = tea.KeyMsg{Type: tea.KeyUp}
		case "down":
			msg = tea.KeyMsg{Type: tea.KeyDown}
		case "left":
			msg = tea.KeyMsg{Type: tea.KeyLeft}
		case "right":
			msg = tea.KeyMsg{Type: tea.KeyRight}
		case "enter":
			msg = tea.KeyMsg{Type: tea.KeyEnter}
		case "esc":
			msg = tea.KeyMsg{Type: tea.KeyEsc}
		default:
			msg = tea.KeyMsg{Type: tea.KeyRunes, Runes: []rune(k)}
		}
		_, cmd := s.Update(msg)
		run(t, s, cmd)
	}
}

var arrow = map[rules.Dir]string{rules.Up: "up", rules.Right: "right", rules.Down: "down", rules.Left: "left"}

// fits fails unless the screen is drawn whole in w × h.
func fits(t *testing.T, s *Screen, w, h int) string {
	t.Helper()
	out := s.View()
	lines := strings.Split(out, "\n")
	if len(lines) > h {
		t.Fatalf("%d lines at %d×%d:\n%s", len(lines), w, h, ansi.Strip(out))
	}
	for _, l := range lines {
		if ansi.StringWidth(l) > w {
			t.Fatalf("a line %d wide at %d×%d: %q", ansi.StringWidth(l), w, h, ansi.Strip(l))
		}
	}
	return out
}

func golden(t *testing.T, name, got string) {
	t.Helper()
	path := filepath.Join("testdata", name+".golden")
	if *update {
		os.MkdirAll("testdata", 0o755)
		if err := os.WriteFile(path, []byte(got), 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	want, err := os.ReadFile(path)
	if err != nil {
		t.Fatalf("no golden screen (run with -update): %v", err)
	}
	if string(want) != got {
		t.Errorf("%s differs:\n--- got ---\n%s\n--- want ---\n%s", name, got, want)
	}
}

// hotSeatWin is the classic hot-seat game of the script corpus
// (cmd/minotaur/testdata/trails/classic-hotseat), won by Blue by towers.
var hotSeatWin = "RURLDLDURUDLDULUDRRUDLRUULU"

// TestGoldenScreens: the screens at 80×24 and 40×12, in colour and without.
func TestGoldenScreens(t *testing.T) {
	for _, sz := range [][2]int{{80, 24}, {40, 12}} {
		for _, mono := range []bool{false, true} {
			name := func(n string) string {
				c := "colour"
				if mono {
					c = "mono"
				}
				return n + "-" + c + "-" + itoa(sz[0]) + "x" + itoa(sz[1])
			}
			w, h := sz[0], sz[1]
			s := newTest(t, Setup{VsBot: true, BotLevel: 2, Seed: 5}, mono, w, h)
			press(t, s, "right", "right", "down")
			out := fits(t, s, w, h)
			if !mono {
				golden(t, name("vs-bot"), ansi.Strip(out))
			} else {
				golden(t, name("vs-bot"), out) // without colour the attributes are the marks
			}
			press(t, s, "?")
			golden(t, name("help"), ansi.Strip(fits(t, s, w, h)))
			press(t, s, "x", "p")
			golden(t, name("pause"), ansi.Strip(fits(t, s, w, h)))
			press(t, s, "esc")

			hs := newTest(t, Setup{Seed: 3}, mono, w, h)
			playDirs(t, hs, hotSeatWin)
			golden(t, name("end-hotseat"), ansi.Strip(fits(t, hs, w, h)))
		}
	}
}

func itoa(n int) string {
	return strings.TrimSpace(strings.Replace(string(rune('0'+n/10))+string(rune('0'+n%10)), "\x00", "", -1))
}

func playDirs(t *testing.T, s *Screen, dirs string) {
	t.Helper()
	for _, r := range dirs {
		d, err := rules.ParseDir(string(r))
		if err != nil {
			t.Fatal(err)
		}
		before := len(s.g.Moves())
		press(t, s, arrow[d])
		if len(s.g.Moves()) == before {
			t.Fatalf("%s was not played: %s", d, s.note)
		}
	}
}

// Every field size and every mode fits at the two smallest screens.
func TestEveryFieldFits(t *testing.T) {
	for _, sz := range [][2]int{{80, 24}, {40, 12}} {
		for n := rules.MinSize; n <= rules.MaxSize; n += 2 {
			s := newTest(t, Setup{Config: rules.Config{Size: n, Towers: 1, Distance: 1, First: 1}, VsBot: true, BotLevel: 1, Seed: 1}, false, sz[0], sz[1])
			fits(t, s, sz[0], sz[1])
			press(t, s, "down", "down")
			fits(t, s, sz[0], sz[1])
			press(t, s, "p")
			fits(t, s, sz[0], sz[1])
			press(t, s, "esc", "?")
			fits(t, s, sz[0], sz[1])
			press(t, s, "x")
			// The field's window follows Blue.
			if n > 11 && !strings.Contains(ansi.Strip(s.View()), "B") {
				t.Fatalf("%d×%d field at %v: Blue is not on the screen", n, n, sz)
			}
		}
	}
}

// A game against the computer played to its end with the keys: the computer
// answers each move; the end screen says who won and why, with the moves.
func TestBotGameToEnd(t *testing.T) {
	s := newTest(t, Setup{VsBot: true, BotLevel: 3, Seed: 11}, false, 80, 24)
	me := &rules.Bot{Level: 1, Seed: 4}
	for i := 0; !s.g.Over() && i < 200; i++ {
		if s.g.Current() != 1 || s.thinking {
			t.Fatalf("after a key the computer has not moved (player %d, thinking %v)", s.g.Current(), s.thinking)
		}
		press(t, s, arrow[me.Choose(s.g.Position())])
	}
	if s.mode != modeEnd {
		t.Fatalf("the game did not end")
	}
	out := ansi.Strip(s.View())
	if !strings.Contains(out, s.g.Result()) || !strings.Contains(out, "1.B") || !strings.Contains(out, "Moves (") {
		t.Fatalf("the end screen:\n%s", out)
	}
	w, _ := s.g.Winner()
	if (w == 2) != strings.Contains(out, "The computer wins.") {
		t.Fatalf("winner %d, end screen:\n%s", w, out)
	}
	press(t, s, "enter")
	if !s.Left() {
		t.Fatal("Enter on the end screen did not leave")
	}
}

// A hot-seat game won by towers: each player's legal cells are marked on
// their turn, and the end says "Blue took 2 of 3 towers.".
func TestHotSeatWinByTowers(t *testing.T) {
	s := newTest(t, Setup{Seed: 3}, true, 80, 24)
	press(t, s, "right")
	if s.v.Current != 2 || s.v.Seat != 2 || !strings.Contains(s.status(), "Red: 2 moves") {
		t.Fatalf("Red's turn: seat %d, status %q", s.v.Seat, s.status())
	}
	s.g.Restart()
	s.refresh()
	playDirs(t, s, hotSeatWin)
	out := ansi.Strip(s.View())
	if !strings.Contains(out, "Blue wins!") || !strings.Contains(out, "Blue took 2 of 3 towers.") {
		t.Fatalf("end:\n%s", out)
	}
	press(t, s, "u")
	if !s.g.Over() {
		t.Fatal("U undid a hot-seat move")
	}
}

// U against the computer takes back the player's move and its answer; in a
// hot-seat game it says it cannot.
func TestUndoAndRestart(t *testing.T) {
	s := newTest(t, Setup{VsBot: true, BotLevel: 2, Seed: 9}, false, 80, 24)
	start := strings.Join(s.v.Rows, "\n")
	press(t, s, "u")
	if s.note != "Nothing to undo." {
		t.Fatalf("undo at the start: %q", s.note)
	}
	press(t, s, "down", "down")
	if len(s.g.Moves()) != 4 {
		t.Fatalf("%d moves after two of Blue's", len(s.g.Moves()))
	}
	press(t, s, "u")
	if len(s.g.Moves()) != 2 || s.g.Current() != 1 || s.note != "Took back 2 moves." {
		t.Fatalf("undo: %d moves, player %d, %q", len(s.g.Moves()), s.g.Current(), s.note)
	}
	press(t, s, "r", "n")
	if len(s.g.Moves()) != 2 {
		t.Fatal("R then N restarted")
	}
	press(t, s, "r", "y")
	if strings.Join(s.v.Rows, "\n") != start {
		t.Fatal("R then Y did not restart")
	}
	// The computer moves first with --first 2, and again after a restart.
	c := rules.Classic()
	c.First = 2
	f := newTest(t, Setup{Config: c, VsBot: true, BotLevel: 1, Seed: 2}, false, 80, 24)
	if len(f.g.Moves()) != 1 || f.g.Current() != 1 {
		t.Fatalf("--first 2: %d moves at the start", len(f.g.Moves()))
	}
	press(t, f, "u")
	if len(f.g.Moves()) != 1 {
		t.Fatal("undo took back the computer's opening move")
	}
	h := newTest(t, Setup{}, false, 80, 24)
	press(t, h, "right", "u")
	if h.note != "Undo is for a game against the computer." || len(h.g.Moves()) != 1 {
		t.Fatalf("hot-seat undo: %q", h.note)
	}
}

// A move the rules refuse says why and changes nothing.
func TestIllegalKey(t *testing.T) {
	s := newTest(t, Setup{}, false, 80, 24)
	press(t, s, "up")
	if len(s.g.Moves()) != 0 || s.note != "You cannot go up: up from (0, 0) leaves the field" {
		t.Fatalf("moves %d, note %q", len(s.g.Moves()), s.note)
	}
}

// A click on a marked cell moves there; a click roughly toward one moves
// toward it; elsewhere nothing happens.
func TestMouse(t *testing.T) {
	s := newTest(t, Setup{}, false, 80, 24)
	click := func(x, y int) {
		_, cmd := s.Update(tea.MouseMsg{X: x, Y: y, Action: tea.MouseActionPress, Button: tea.MouseButtonLeft})
		run(t, s, cmd)
	}
	click(2, 0) // (1, 0), 2 characters a cell
	if p := s.g.Position().Player(1).Pos; p != (rules.Cell{X: 1, Y: 0}) {
		t.Fatalf("a click on the marked cell (1, 0): Blue at %v", p)
	}
	click(2*9, 9) // Red's turn: (9, 9) is up-left of Red, toward (10, 9) and (9, 10)? No: choose the nearest angle
	if len(s.g.Moves()) != 2 {
		t.Fatalf("a click toward Red's marked cells did nothing")
	}
	click(2*10, 0) // Blue at (1, 0): the click far right, toward (3, 0)
	if p := s.g.Position().Player(1).Pos; p != (rules.Cell{X: 3, Y: 0}) {
		t.Fatalf("a click to the right: Blue at %v, want (3, 0)", p)
	}
	n := len(s.g.Moves())
	click(79, 20) // the panel
	if len(s.g.Moves()) != n {
		t.Fatal("a click on the panel moved")
	}
}

// Pause, Save; the saves list shows the game; Continue goes on where it
// stopped; a game that ends removes its save.
func TestSaveAndContinue(t *testing.T) {
	s := newTest(t, Setup{VsBot: true, BotLevel: 1, Seed: 8}, false, 80, 24)
	press(t, s, "right", "right", "p", "down", "enter")
	if s.file == "" || s.unsaved {
		t.Fatalf("not saved: %q", s.note)
	}
	list, err := ListSaves(s.opt.SavesDir)
	if err != nil || len(list) != 1 || list[0].Err != nil || list[0].Text != "11×11, 3 towers, against the computer (level 1), move 5" {
		t.Fatalf("saves list %+v %v", list, err)
	}
	c, err := Continue(s.opt.SavesDir, list[0].File, Options{})
	if err != nil {
		t.Fatal(err)
	}
	c.Update(tea.WindowSizeMsg{Width: 80, Height: 24})
	if ansi.Strip(c.View()) != ansi.Strip(s.View()) && strings.Join(c.v.Rows, "/") != strings.Join(s.v.Rows, "/") {
		t.Fatal("the continued game is not the saved one")
	}
	// Quit asks when there are unsaved moves.
	press(t, s, "esc", "down", "p", "q")
	if s.mode != modeQuit {
		t.Fatalf("quit with an unsaved move: mode %d", s.mode)
	}
	press(t, s, "n", "esc")
	// Play it to the end: the save goes.
	me := &rules.Bot{Level: 3, Seed: 1}
	for !c.g.Over() {
		press(t, c, arrow[me.Choose(c.g.Position())])
	}
	if list, _ := ListSaves(s.opt.SavesDir); len(list) != 0 {
		t.Fatalf("the ended game's save is still listed: %+v", list)
	}
	// A damaged save is listed with the reason, and not continued.
	os.WriteFile(filepath.Join(s.opt.SavesDir, "trails-bad.trailsave"), []byte(`{"format":"minotaur-trails-save","version":1,"game":{"format":"minotaur-trails","version":1,"config":{"size":11,"towers":3,"distance":1,"first":1},"moves":"U"}}`), 0o644)
	list, _ = ListSaves(s.opt.SavesDir)
	if len(list) != 1 || list[0].Err == nil || !strings.Contains(list[0].Err.Error(), "move 1: up from (0, 0) leaves the field") {
		t.Fatalf("a damaged save: %+v", list)
	}
	if _, err := Continue(s.opt.SavesDir, "trails-bad.trailsave", Options{}); err == nil {
		t.Fatal("continued a damaged save")
	}
}

// Without colour the players, trails and towers are letters, and the
// marked cells reverse video; with colour, the marks are green.
func TestMonoAndColourMarks(t *testing.T) {
	m := newTest(t, Setup{}, true, 80, 24)
	if out := m.View(); !strings.Contains(out, sgrReverse+". "+sgrReset) || strings.Contains(out, "\x1b[42m") {
		t.Fatalf("mono marks:\n%q", out)
	}
	c := newTest(t, Setup{}, false, 80, 24)
	if out := c.View(); !strings.Contains(out, "\x1b[42m") {
		t.Fatal("colour: no green marks")
	}
}
