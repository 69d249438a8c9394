package labyrinth

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/minotaur-game/minotaur/games/labyrinth"
	"github.com/minotaur-game/minotaur/saves"
	"github.com/minotaur-game/minotaur/tui/screen"
	"github.com/minotaur-game/minotaur/tui/screen/screentest"
)

// labConfig is a test configuration that opens a Labyrinth game on an
// example field, as `minotaur labyrinth FIELD --start ...` does.
func labConfig(t *testing.T, field string, starts ...labyrinth.Cell) Config {
	t.Helper()
	cfg := testConfig(t, 1)
	for _, ex := range labyrinth.ExampleFields() {
		if ex.Name == field {
			lab, err := labyrinth.Parse(ex.Name, ex.Text)
			if err != nil {
				t.Fatal(err)
			}
			cfg.Labyrinth = &Setup{Name: ex.Name, Text: string(ex.Text), Lab: lab, Players: len(starts), Starts: starts, Seed: 1}
			return cfg
		}
	}
	t.Fatalf("no example field %s", field)
	return cfg
}

// labGameOf returns the Labyrinth game being played.
func (d *driver) lab() *labGame {
	d.t.Helper()
	s := d.labGame()
	if s == nil {
		d.t.Fatalf("no Labyrinth game is being played; the screen shows:\n%s", d.screen())
	}
	return s.lg
}

// field2Walk is a game of two players on field2.txt that player 1 wins
// (the corpus game of cmd/minotaur, as keys): player 1 from (0, 0), player 2
// from (3, 3). Each turn is the player's key; the hand-over screens are
// passed with Enter.
var field2Starts = []labyrinth.Cell{{X: 0, Y: 0}, {X: 3, Y: 3}}

// playTurns plays one key per turn for whoever's turn it is, passing each
// hand-over and answer screen with Enter, until the game is won or the
// keys run out.
func (d *driver) playTurns(keys map[int][]string) {
	d.t.Helper()
	for i := 0; i < 200; i++ {
		lg := d.lab()
		if lg.g.Over() {
			return
		}
		s := d.labGame()
		switch s.stage {
		case labHandover, labAnswered:
			d.keys("<enter>")
			continue
		}
		p := lg.g.Current()
		if len(keys[p]) == 0 {
			return
		}
		d.keys(keys[p][0])
		keys[p] = keys[p][1:]
	}
}

// winField2 plays field2 to player 1's win: player 1 takes the solver's
// walk, player 2 bumps the wall above.
// endScreen goes from the result of a won game to the end screen, as a
// player who read the result does (after the key guard's half second),
// and waits the end screen's own half second.
func (d *driver) endScreen() {
	later(d.t, time.Second)
	d.keys("<enter>")
	later(d.t, time.Second)
}

func winField2(d *driver) {
	lg := d.lab()
	walk, ok := labyrinth.Solve(lg.g.Lab(), field2Starts[0])
	if !ok {
		d.t.Fatal("no walk on field2")
	}
	var p1, p2 []string
	for _, dir := range walk {
		p1 = append(p1, string("wasd"[dir]))
		p2 = append(p2, "w", "w", "w") // player 1's stuns give player 2 more turns
	}
	d.playTurns(map[int][]string{1: p1, 2: p2})
	if w, _ := lg.g.Winner(); w != 1 {
		d.t.Fatalf("player 1 did not win:\n%s", d.screen())
	}
}

// TestLabyrinthGolden compares the Labyrinth screens at 80×24 with their
// golden files (rewritten with -update).
func TestLabyrinthGolden(t *testing.T) {
	tests := []struct {
		name string
		cfg  func(t *testing.T) Config
		play func(d *driver)
		want string
		w, h int
	}{
		{name: "lab_menu", play: func(d *driver) { d.keys("l") }, want: "labyrinth-menu"},
		{name: "lab_setup_players", play: func(d *driver) { d.keys("l<enter>") }, want: "labyrinth-setup"},
		{name: "lab_setup_pass", play: func(d *driver) { d.keys("l<enter>2") }, want: "labyrinth-setup"},
		{name: "lab_setup_start", play: func(d *driver) { d.keys("l<enter>2<enter>9,9<enter>") }, want: "labyrinth-setup"},
		{name: "lab_setup_size", play: func(d *driver) { d.keys("l<down><down><down><down><down><enter>1") }, want: "labyrinth-setup"},
		{name: "lab_handover", cfg: field2, want: "labyrinth"},
		{name: "lab_play", cfg: field2, play: func(d *driver) { d.keys("<enter>") }, want: "labyrinth"},
		{name: "lab_answered", cfg: field2, play: func(d *driver) { d.keys("<enter>s") }, want: "labyrinth"},
		{name: "lab_aiming", cfg: field2, play: func(d *driver) { d.keys("<enter>x") }, want: "labyrinth"},
		{name: "lab_play_later", cfg: field2, play: func(d *driver) {
			d.playTurns(map[int][]string{1: {"d", "s", "e", "a"}, 2: {"w", "a", "w"}})
			d.keys("<enter>")
		}, want: "labyrinth"},
		{name: "lab_pause", cfg: field2, play: func(d *driver) { d.keys("<enter>s<enter><esc>") }, want: "labyrinth-pause"},
		{name: "lab_help", cfg: field2, play: func(d *driver) { d.keys("<enter>?") }, want: "labyrinth-help"},
		{name: "lab_won", cfg: field2, play: winField2, want: "labyrinth"},
		{name: "lab_end", cfg: field2, play: func(d *driver) { winField2(d); d.endScreen() }, want: "labyrinth-end"},
		{name: "lab_end_player2", cfg: field2, play: func(d *driver) { winField2(d); d.endScreen(); d.keys("2") }, want: "labyrinth-end"},
		{name: "lab_narrow", cfg: field2, w: 44, h: 16, play: func(d *driver) { d.keys("<enter>ss") }, want: "labyrinth"},
	}
	for _, tc := range tests {
		// Each screen at 80×24 (its own name) and at 40×12 (name_40x12),
		// or at the one size it is about.
		sizes := []struct {
			name string
			w, h int
		}{{tc.name, 80, 24}, {tc.name + "_40x12", 40, 12}}
		if tc.w != 0 {
			sizes = sizes[:1]
			sizes[0].w, sizes[0].h = tc.w, tc.h
		}
		for _, sz := range sizes {
			t.Run(sz.name, func(t *testing.T) {
				cfg := testConfig(t, 1)
				if tc.cfg != nil {
					cfg = tc.cfg(t)
				}
				d := newDriver(t, cfg, sz.w, sz.h)
				if tc.play != nil {
					tc.play(d)
				}
				d.expectScreen(tc.want)
				got := d.screen()
				screentest.Fits(t, got, sz.w, sz.h)
				// Nothing cut off with an ellipsis ("arrow…").
				for i, l := range strings.Split(got, "\n") {
					for _, f := range strings.Fields(l) {
						if strings.HasSuffix(f, "…") && f != "…" {
							t.Errorf("line %d is cut off: %q", i+1, strings.TrimSpace(l))
						}
					}
				}
				screentest.Golden(t, sz.name, got)
			})
		}
	}
}

func field2(t *testing.T) Config { return labConfig(t, "field2.txt", field2Starts...) }

// TestLabyrinthSecrecy: the hand-over screen shows nothing of anyone's
// notes, and a player's screen shows none of the other's answers.
func TestLabyrinthSecrecy(t *testing.T) {
	d := newDriver(t, field2(t), 80, 24)
	// Player 1 steps down twice: from (0, 0), a rubber room that lets out
	// only to the right, so the referee lies.
	d.keys("<enter>s")
	if s := d.screen(); !strings.Contains(s, "1 S: You moved.") {
		t.Fatalf("player 1 does not read the answer:\n%s", s)
	}
	d.keys("<enter>")
	hand := d.screen()
	if !strings.Contains(hand, "Player 2's turn — press Enter") || strings.Contains(hand, "You moved") || strings.Contains(hand, "@") {
		t.Fatalf("the hand-over screen:\n%s", hand)
	}
	d.keys("<enter>")
	p2 := d.screen()
	if strings.Contains(p2, "You moved") || strings.Contains(p2, "(0, 0)") || !strings.Contains(p2, "You start at (3, 3)") {
		t.Fatalf("player 2's screen shows player 1's notes:\n%s", p2)
	}
}

// TestLabyrinthNotebookBelievesTheLie: the notebook on screen puts the
// player where the answers say, not where the player is.
func TestLabyrinthNotebookBelievesTheLie(t *testing.T) {
	d := newDriver(t, labConfig(t, "field2.txt", labyrinth.Cell{}), 80, 24)
	d.keys("s") // one player: no hand-over; (0, 0) lets out only to the right
	nb := d.lab().books[0]
	if nb.Sheet().Pos != (labyrinth.Cell{X: 1, Y: 0}) {
		t.Fatalf("the notebook believes %v", nb.Sheet().Pos)
	}
	at := d.lab().g.Player(1).Body().Pos
	if at != (labyrinth.Cell{}) {
		t.Fatalf("the player moved to %v out of a rubber room the wrong way", at)
	}
	lines := strings.Split(d.screen(), "\n")
	// The notebook's '@' is on the second row of cells (line 4 of the screen).
	if !strings.Contains(lines[4], "@") || strings.Contains(lines[2], "@") {
		t.Fatalf("the notebook does not show the lie:\n%s", d.screen())
	}
}

// TestLabyrinthSaveAndContinue: a game saved from the pause menu is listed
// in the Labyrinth menu (not among the Minotaur saves) and continues where
// it was, with each player's answers and notebook.
func TestLabyrinthSaveAndContinue(t *testing.T) {
	cfg := field2(t)
	d := newDriver(t, cfg, 80, 24)
	d.playTurns(map[int][]string{1: {"d", "s", "e", "a"}, 2: {"w", "a", "w"}})
	before := d.lab()
	turn, cur := before.g.Turn(), before.g.Current()
	logs := [2]int{len(before.logs[0]), len(before.logs[1])}
	d.keys("<esc><down><enter>")
	if s := d.screen(); !strings.Contains(s, "Saved as labyrinth-20250314-150926.labsave.") {
		t.Fatalf("no save:\n%s", s)
	}
	files, _ := filepath.Glob(filepath.Join(cfg.Saves, "*"))
	if len(files) != 1 || !strings.HasSuffix(files[0], ".labsave") {
		t.Fatalf("files in the saves folder: %v", files)
	}
	data, _ := os.ReadFile(files[0])
	if !strings.Contains(string(data), `"format": "minotaur-labyrinth-save"`) {
		t.Fatalf("the save's format:\n%.200s", data)
	}
	if list, err := (saves.Store{Dir: cfg.Saves}).List(); err != nil || len(list) != 0 {
		t.Fatalf("the Minotaur saves list shows %v (%v)", list, err)
	}
	d.keys("<down><enter>")
	d.expectScreen("labyrinth-menu")
	if s := d.screen(); !strings.Contains(s, "saved 2025-03-14 15:09") || !strings.Contains(s, "field2.txt · 2 players · turn "+itoa(turn)) {
		t.Fatalf("the save is not listed:\n%s", s)
	}
	d.keys("<up><enter>")
	d.expectScreen("labyrinth")
	after := d.lab()
	if after == before || after.g.Turn() != turn || after.g.Current() != cur || len(after.logs[0]) != logs[0] || len(after.logs[1]) != logs[1] {
		t.Fatalf("continued at turn %d player %d, logs %d %d; want turn %d player %d, logs %v",
			after.g.Turn(), after.g.Current(), len(after.logs[0]), len(after.logs[1]), turn, cur, logs)
	}
	if after.books[0].Sheet().Pos != before.books[0].Sheet().Pos {
		t.Fatalf("the notebook was not rebuilt: %v, want %v", after.books[0].Sheet().Pos, before.books[0].Sheet().Pos)
	}
	if !strings.Contains(d.screen(), "Welcome back.") {
		t.Fatalf("no welcome:\n%s", d.screen())
	}
}

// TestLabyrinthSetupAsks: without starts, each player types theirs on a
// private screen (or R for random); a cell outside the field is refused.
func TestLabyrinthSetupAsks(t *testing.T) {
	cfg := labConfig(t, "field2.txt")
	cfg.Labyrinth.Players = 0
	d := newDriver(t, cfg, 80, 24)
	d.keys("7")
	if !strings.Contains(d.screen(), "Press a number from 1 to 4.") {
		t.Fatalf("7 players:\n%s", d.screen())
	}
	d.keys("2<enter>4,0<enter>")
	if !strings.Contains(d.screen(), "(4, 0) is outside the field: x goes from 0 to 3, y from 0 to 3.") {
		t.Fatalf("outside:\n%s", d.screen())
	}
	d.keys("(1, 2)<enter><enter>r")
	d.expectScreen("labyrinth")
	g := d.lab().g
	if g.Player(1).Start != (labyrinth.Cell{X: 1, Y: 2}) || g.Players() != 2 {
		t.Fatalf("starts %v, %v", g.Player(1).Start, g.Player(2).Start)
	}
	// A digit picks the number at once; the Enter a lone player types
	// after it, as at a prompt, is no wrong answer to the next question.
	cfg = labConfig(t, "field2.txt")
	cfg.Labyrinth.Players = 0
	d = newDriver(t, cfg, 80, 24)
	d.keys("1<enter>")
	if out := d.screen(); strings.Contains(out, "write it as") || !strings.Contains(out, "Player 1, where do you start?") {
		t.Fatalf("1 and Enter:\n%s", out)
	}
	d.keys("0,0<enter>")
	d.expectScreen("labyrinth")
}

// FuzzDecodeLabSave: no content of a save file makes the loader panic, and
// a save it accepts can be drawn.
func FuzzDecodeLabSave(f *testing.F) {
	lab, _ := labyrinth.Parse("f", []byte(fuzzField))
	g, _ := labyrinth.New(lab, []labyrinth.Cell{{X: 0, Y: 0}, {X: 0, Y: 1}})
	lg := newLabGame("f", fuzzField, g)
	lg.record(g.Opening())
	for _, c := range []string{"D", "W", "XD", "S", "E"} {
		cmd, _ := labyrinth.ParseCommand(c)
		a, _ := g.Act(cmd)
		lg.record(a)
	}
	good, _ := lg.encode(fixedNow)
	f.Add(good)
	f.Add([]byte(`{"format":"minotaur-labyrinth-save","version":1}`))
	f.Add([]byte(strings.Replace(string(good), `"fact": 2`, `"fact": 200`, 1)))
	f.Add([]byte(strings.Replace(string(good), `"Dir": 3`, `"Dir": 9`, 1)))
	f.Fuzz(func(t *testing.T, data []byte) {
		lg, _, err := decodeLabSave(data)
		if err != nil {
			return
		}
		c := &screen.Context{Styles: screen.NewStyles(nil), Width: 80, Height: 24, Saves: t.TempDir(), Now: func() time.Time { return fixedNow }}
		s := newLabGameScreen(c, lg, true)
		s.begin()
		_ = s.View()
		_ = newLabEnd(c, lg).View()
	})
}

const fuzzField = "2\n2 3\nA . Z\n. _ .\nK S E\n1 2\n. .\nA Armory()\nK Key()\nS Stun(1)\nE Exit(RIGHT)\nZ Sleep(2, (1, 0, 1))\n"

// TestLabyrinthSheets: a teleport starts a new sheet of the notebook; [
// and ] turn back to the old one and forward again.
func TestLabyrinthSheets(t *testing.T) {
	d := newDriver(t, labConfig(t, "field2.txt", labyrinth.Cell{}), 80, 24)
	d.keys("dds") // out of the rubber room, into the next, down onto the teleport
	if s := d.screen(); !strings.Contains(s, "teleported.") || !strings.Contains(s, "Notebook sheet 2 of 2") {
		t.Fatalf("no new sheet after the teleport:\n%s", s)
	}
	d.keys("[")
	if s := d.screen(); !strings.Contains(s, "Old sheet 1 of 2") || !strings.Contains(s, "+-+-+-+-+") {
		t.Fatalf("[ does not show the first sheet:\n%s", s)
	}
	d.keys("]")
	if s := d.screen(); !strings.Contains(s, "Notebook sheet 2 of 2") || strings.Contains(s, "Old sheet") {
		t.Fatalf("] does not come back:\n%s", s)
	}
}

// TestLabyrinthOneSavePerGame: a Labyrinth game is saved like a Minotaur
// game (docs/files.md, "Saved games"): saving it again replaces its file, and once the game is
// won its save is gone.
func TestLabyrinthOneSavePerGame(t *testing.T) {
	cfg := field2(t)
	d := newDriver(t, cfg, 80, 24)
	d.keys("<enter>") // player 1's turn
	d.keys("<esc><down><enter>")
	if s := d.screen(); !strings.Contains(s, "Saved as ") {
		t.Fatalf("no save:\n%s", s)
	}
	d.keys("<up><enter>") // back to the game
	later(t, time.Minute) // a save of another minute would have another name
	d.keys("<esc><down><enter>")
	if s := d.screen(); !strings.Contains(s, "Saved as ") {
		t.Fatalf("no second save:\n%s", s)
	}
	files, _ := filepath.Glob(filepath.Join(cfg.Saves, "*.labsave"))
	if len(files) != 1 {
		t.Fatalf("%d saves of one game, want 1: %v", len(files), files)
	}
	d.keys("<up><enter>")
	winField2(d)
	if files, _ := filepath.Glob(filepath.Join(cfg.Saves, "*.labsave")); len(files) != 0 {
		t.Fatalf("the won game's save is still there: %v", files)
	}
}

// TestLabyrinthEndKeyGuard: the Labyrinth's
// result and end screen, like every end screen, ignore the keys of their
// first half second, so that a held Enter or a move typed ahead cannot
// skip the result nor leave the end screen unread.
func TestLabyrinthEndKeyGuard(t *testing.T) {
	d := newDriver(t, field2(t), 80, 24)
	winField2(d)
	d.expectScreen("labyrinth")
	d.keys("<enter><enter>")
	d.expectScreen("labyrinth") // the result stays
	if !strings.Contains(d.screen(), "GOT OUT") {
		t.Fatalf("the result is not shown:\n%s", d.screen())
	}
	later(t, time.Second)
	d.keys("<enter>")
	d.expectScreen("labyrinth-end")
	d.keys("<enter>q")
	d.expectScreen("labyrinth-end") // a held Enter does not leave it
	later(t, time.Second)
	d.keys("<enter>")
	d.expectScreen("labyrinth-menu")
}

// TestEndPlaysAgain: R on the end screen starts the same field again,
// with as many players, asking the starts anew; Enter goes to the menu.
func TestEndPlaysAgain(t *testing.T) {
	d := newDriver(t, field2(t), 80, 24)
	winField2(d)
	d.endScreen()
	d.expectScreen("labyrinth-end")
	d.keys("r")
	if d.name() == "labyrinth-end" || d.name() == "labyrinth-menu" {
		t.Fatalf("R on the end screen: %s\n%s", d.name(), d.screen())
	}
	if !strings.Contains(d.screen(), "field2") {
		t.Errorf("R did not start field2 again:\n%s", d.screen())
	}
}
