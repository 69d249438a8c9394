package tui

import (
	"bytes"
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
	"time"

	tea "github.com/charmbracelet/bubbletea"
	"github.com/charmbracelet/x/ansi"
	"github.com/charmbracelet/x/exp/teatest"

	"github.com/minotaur-game/minotaur/engine"
	"github.com/minotaur-game/minotaur/saves"
	"github.com/minotaur-game/minotaur/tui/minotaur"
	"github.com/minotaur-game/minotaur/tui/screen"
)

// keyOf is the key message of an action.
func keyOf(a engine.Action) tea.KeyMsg {
	if a == engine.Skip {
		return tea.KeyMsg{Type: tea.KeySpace}
	}
	return tea.KeyMsg{Type: tea.KeyRunes, Runes: []rune{rune(a)}}
}

// waitText waits until the program's output shows every text.
func waitText(t *testing.T, tm *teatest.TestModel, texts ...string) {
	t.Helper()
	teatest.WaitFor(t, tm.Output(), func(out []byte) bool {
		for _, s := range texts {
			if !bytes.Contains(out, []byte(s)) {
				return false
			}
		}
		return true
	}, teatest.WithDuration(2*time.Minute), teatest.WithCheckInterval(10*time.Millisecond))
}

// TestFlowSaveAndContinue: new game, a few moves, pause, save, back to the
// menu, Continue: the game is at the same position and turn.
func TestFlowSaveAndContinue(t *testing.T) {
	cfg := testConfig(t, goldenSeed)
	moves := []engine.Action{engine.Down, engine.Down, engine.Right, engine.Up, engine.Skip}
	// The same moves on a game of our own say where the player must stand.
	want, _ := engine.New(engine.Config{Seed: goldenSeed, Players: 1})
	for _, a := range moves {
		if _, err := want.Apply(1, a); err != nil {
			t.Fatal(err)
		}
	}
	wantSt := want.Status()

	tm := teatest.NewTestModel(t, New(cfg), teatest.WithInitialTermSize(80, 24))
	waitText(t, tm, "New game")
	tm.Send(tea.KeyMsg{Type: tea.KeyEnter})
	waitText(t, tm, "Level 1/7")
	for _, a := range moves {
		tm.Send(keyOf(a))
	}
	waitText(t, tm, fmt.Sprintf("Turn %d", wantSt.Turn))
	tm.Send(tea.KeyMsg{Type: tea.KeyEsc})
	waitText(t, tm, "PAUSED")
	tm.Send(tea.KeyMsg{Type: tea.KeyDown})
	tm.Send(tea.KeyMsg{Type: tea.KeyEnter})
	waitText(t, tm, "Saved as save-")
	tm.Send(tea.KeyMsg{Type: tea.KeyDown})
	tm.Send(tea.KeyMsg{Type: tea.KeyEnter})
	waitText(t, tm, "Network game")
	// The menu reads the saves folder after it is first drawn: a C before
	// that only says there is no saved game, so it is typed again.
	(&seen{}).pressUntil(t, tm, "c", "Welcome back")
	tm.Send(tea.KeyMsg{Type: tea.KeyCtrlC})
	final := tm.FinalModel(t, teatest.WithFinalTimeout(2*time.Minute)).(*Model)

	g := final.game()
	if g == nil {
		t.Fatalf("no game after Continue; the screen is %s", final.Screen())
	}
	got := g.Session().(*minotaur.LocalSession).Game().Status()
	if got.Players[0].Pos != wantSt.Players[0].Pos || got.Turn != wantSt.Turn || got.Level != wantSt.Level {
		t.Fatalf("continued at level %d turn %d %v, want level %d turn %d %v",
			got.Level, got.Turn, got.Players[0].Pos, wantSt.Level, wantSt.Turn, wantSt.Players[0].Pos)
	}
	if len(got.Monsters) != len(wantSt.Monsters) || (len(got.Monsters) > 0 && got.Monsters[0] != wantSt.Monsters[0]) {
		t.Fatalf("monsters %v after Continue, want %v", got.Monsters, wantSt.Monsters)
	}
}

// planLoss plays seed on an engine game: level 1 passed along the solver's
// winning line, then level 2 lost by walking into a monster. It returns the
// actions of each part.
func planLoss(t *testing.T, seed uint64) (pass, lose []engine.Action, score int) {
	g, err := engine.New(engine.Config{Seed: seed, Players: 1})
	if err != nil {
		t.Fatal(err)
	}
	sol := engine.Solve(g, engine.SolverBudget)
	pass = sol.Line
	for _, a := range pass {
		if _, err := g.Apply(1, a); err != nil {
			t.Fatalf("seed %d: the solver's line: %v", seed, err)
		}
	}
	if g.LevelNumber() != 2 {
		t.Fatalf("seed %d: level 1 was not passed by the plan", seed)
	}
	for i := 0; i < 400 && g.Result() == engine.InProgress; i++ {
		st := g.Status()
		a, ok := stepToward(g, st.Monsters[0].Pos, nil)
		if !ok {
			a = engine.Skip
		}
		g.Apply(1, a)
		lose = append(lose, a)
	}
	if g.Result() != engine.Lost {
		t.Fatalf("seed %d: level 2 was not lost by the plan", seed)
	}
	return pass, lose, g.Score()
}

// TestFlowLostNameTable: a game lost with points asks for a name (prefilled
// with --name); the name entered appears in the table, highlighted, and in
// the score file.
func TestFlowLostNameTable(t *testing.T) {
	cfg := testConfig(t, goldenSeed)
	pass, lose, score := planLoss(t, goldenSeed)
	tm := teatest.NewTestModel(t, New(cfg), teatest.WithInitialTermSize(80, 24))
	waitText(t, tm, "New game")
	tm.Send(tea.KeyMsg{Type: tea.KeyEnter})
	waitText(t, tm, "Level 1/7")
	for _, a := range pass {
		tm.Send(keyOf(a))
	}
	waitText(t, tm, "LEVEL 1 PASSED")
	later(t, time.Second) // the screen ignores keys of its first half second
	tm.Send(tea.KeyMsg{Type: tea.KeyEnter})
	for _, a := range lose {
		tm.Send(keyOf(a))
	}
	waitText(t, tm, "GAME OVER", "A new high score!", "Your name: ada")
	later(t, time.Second)
	tm.Send(tea.KeyMsg{Type: tea.KeyCtrlU})
	tm.Type("Theseus")
	tm.Send(tea.KeyMsg{Type: tea.KeyEnter})
	waitText(t, tm, "HIGH SCORES", "Theseus", "◀ new")
	tm.Send(tea.KeyMsg{Type: tea.KeyCtrlC})
	final := tm.FinalModel(t, teatest.WithFinalTimeout(2*time.Minute)).(*Model)
	if final.Screen() != "scores" {
		t.Fatalf("the program ended on %q, want the high scores", final.Screen())
	}
	s, err := saves.ScoreTable{Path: cfg.Scores}.Read(fixedNow)
	if err != nil {
		t.Fatal(err)
	}
	if len(s.Entries) != 1 || s.Entries[0].Name != "Theseus" || s.Entries[0].Score != score || s.Entries[0].Level != 2 || s.Entries[0].Seed != goldenSeed {
		t.Fatalf("score file holds %+v, want Theseus with %d points on level 2, seed %d", s.Entries, score, goldenSeed)
	}
	replays, _ := filepath.Glob(filepath.Join(cfg.Replays, "replay-*.json"))
	if len(replays) != 1 {
		t.Fatalf("%d replays written, want 1", len(replays))
	}
	r, err := saves.ReadReplay(replays[0])
	if err != nil {
		t.Fatal(err)
	}
	g, err := r.Run(nil)
	if err != nil || g.Result() != engine.Lost || g.Score() != score {
		t.Fatalf("the replay plays back to %v with %d points (%v), want lost with %d", g.Result(), g.Score(), err, score)
	}
}

// TestCtrlC covers Ctrl+C: it quits at once without a game, asks first when
// a game has unsaved moves (N goes back, Y quits and writes the replay),
// and quits at once when the game is saved.
func TestCtrlC(t *testing.T) {
	t.Run("menu", func(t *testing.T) {
		d := newDriver(t, testConfig(t, 1), 80, 24)
		d.keys("<ctrl+c>")
		if !d.f.Quit {
			t.Fatal("Ctrl+C on the menu did not quit")
		}
	})
	t.Run("unsaved", func(t *testing.T) {
		cfg := testConfig(t, goldenSeed)
		d := newDriver(t, cfg, 80, 24)
		d.keys("<enter>ds<ctrl+c>")
		d.expectScreen("confirm")
		if !strings.Contains(d.screen(), "Quit the game without saving?") {
			t.Fatalf("the question is missing:\n%s", d.screen())
		}
		d.keys("n")
		d.expectScreen("game")
		d.keys("<ctrl+c>y")
		if !d.f.Quit {
			t.Fatal("Y did not quit")
		}
		if r, _ := filepath.Glob(filepath.Join(cfg.Replays, "*.json")); len(r) != 1 {
			t.Fatalf("quitting wrote %d replays, want 1", len(r))
		}
	})
	t.Run("save then quit", func(t *testing.T) {
		cfg := testConfig(t, goldenSeed)
		d := newDriver(t, cfg, 80, 24)
		d.keys("<enter>ds<ctrl+c>s")
		if !d.f.Quit {
			t.Fatalf("S did not save and quit:\n%s", d.screen())
		}
		if l, _ := (saves.Store{Dir: cfg.Saves}).List(); len(l) != 1 {
			t.Fatalf("%d saves after S, want 1", len(l))
		}
	})
	t.Run("quit to menu asks", func(t *testing.T) {
		d := newDriver(t, testConfig(t, goldenSeed), 80, 24)
		d.keys("<enter>d<esc>q")
		d.expectScreen("confirm")
		d.keys("y")
		d.expectScreen("menu")
	})
}

// TestSavesList: Continue with several saves lists them newest first with
// the damaged one and its reason; D asks before deleting.
func TestSavesList(t *testing.T) {
	cfg := testConfig(t, goldenSeed)
	store := saves.Store{Dir: cfg.Saves}
	for i, seed := range []uint64{11, 22} {
		g, _ := engine.New(engine.Config{Seed: seed, Players: 1})
		if _, err := store.Save(g, nil, fixedNow.Add(time.Duration(i)*time.Hour)); err != nil {
			t.Fatal(err)
		}
	}
	if err := os.WriteFile(filepath.Join(cfg.Saves, "broken.json"), []byte(`{"format": "minotaur-save", "vers`), 0o644); err != nil {
		t.Fatal(err)
	}
	old := fixedNow.Add(-24 * time.Hour)
	if err := os.Chtimes(filepath.Join(cfg.Saves, "broken.json"), old, old); err != nil {
		t.Fatal(err)
	}
	d := newDriver(t, cfg, 80, 24)
	d.keys("c")
	d.expectScreen("saves")
	scr := d.screen()
	i22, i11 := strings.Index(scr, " 22 "), strings.Index(scr, " 11 ")
	if i22 < 0 || i11 < 0 || i22 > i11 {
		t.Fatalf("the saves are not listed newest first:\n%s", scr)
	}
	if !strings.Contains(scr, "damaged: the file is cut short") {
		t.Fatalf("the damaged save is not listed with its reason:\n%s", scr)
	}
	d.keys("d")
	if !strings.Contains(d.screen(), "It cannot be undone. (Y/N)") {
		t.Fatalf("no confirmation before deleting:\n%s", d.screen())
	}
	d.keys("n")
	if l, _ := store.List(); len(l) != 3 {
		t.Fatalf("N deleted a save: %d left", len(l))
	}
	d.keys("dy")
	if l, _ := store.List(); len(l) != 2 {
		t.Fatalf("Y did not delete: %d left", len(l))
	}
	if strings.Contains(d.screen(), " 22 ") {
		t.Fatalf("the deleted save is still listed:\n%s", d.screen())
	}
	d.keys("<enter>")
	d.expectScreen("game")
	if d.game().Seed() != 11 {
		t.Fatalf("Enter loaded seed %d, want 11", d.game().Seed())
	}
}

// TestMenu covers the menu's keys: Continue greyed and skipped without
// saves, letters, W/S.
func TestMenu(t *testing.T) {
	d := newDriver(t, testConfig(t, 1), 80, 24)
	d.keys("s")
	if m := d.m.top().(*menuScreen); m.cursor != m.index("Network game") {
		t.Fatal("S did not skip the greyed Continue")
	}
	d.keys("c")
	if !strings.Contains(d.screen(), "There is no saved game to continue.") {
		t.Fatalf("C without a save says nothing:\n%s", d.screen())
	}
	d.keys("i")
	d.expectScreen("scores")
	d.keys("<esc>h")
	d.expectScreen("help")
	d.keys("x")
	d.expectScreen("menu")
	d.keys("t")
	d.expectScreen("network")
	if !strings.Contains(strings.ToLower(d.screen()), "server") {
		t.Fatalf("the network screen does not speak of the server:\n%s", d.screen())
	}
	d.keys("<esc>")
	d.expectScreen("menu")
}

// TestMenuNotice: Config.Notice stands on the last line of the main menu,
// centred, and on no other screen; a terminal too narrow for it leaves it
// out rather than cutting it.
func TestMenuNotice(t *testing.T) {
	cfg := testConfig(t, 1)
	cfg.Notice = "Playing as ada (guest): saves last for this visit only"
	d := newDriver(t, cfg, 80, 24)
	lines := strings.Split(d.screen(), "\n")
	if len(lines) != 24 || strings.TrimSpace(lines[23]) != cfg.Notice {
		t.Fatalf("the notice is not the menu's last line:\n%s", d.screen())
	}
	if l := lines[23]; strings.Index(l, "Playing") != (80-len(cfg.Notice))/2 {
		t.Errorf("the notice is not centred: %q", l)
	}
	d.keys("?")
	d.expectScreen("help")
	if strings.Contains(d.screen(), "Playing as") {
		t.Fatalf("the notice shows on the help screen:\n%s", d.screen())
	}
	d.keys("x")
	d.send(tea.WindowSizeMsg{Width: 50, Height: 24})
	if strings.Contains(d.screen(), "Playing as") || !strings.Contains(d.screen(), "New game") {
		t.Fatalf("a notice wider than the terminal is drawn, or the menu is not:\n%s", d.screen())
	}
}

// corridor is a one-level campaign: a straight corridor from the start past
// the key to the exit.
func corridor() engine.Level {
	lv := engine.Level{Name: "Corridor", Rows: 3, Cols: 7, Wall: make([]bool, 21),
		Starts: []engine.Point{{X: 1, Y: 1}}, Key: engine.Point{X: 3, Y: 1}, Exit: engine.Point{X: 5, Y: 1}}
	for i := range lv.Wall {
		lv.Wall[i] = i < 7 || i >= 14 || i == 7 || i == 13
	}
	return lv
}

// TestVictory: passing the last level of a custom campaign shows the
// victory, asks for a name and records the score with the level reached.
func TestVictory(t *testing.T) {
	cfg := testConfig(t, 9)
	cfg.Levels = Campaign{{Level: corridor(), Text: "(corridor)"}}
	d := newDriver(t, cfg, 80, 24)
	d.keys("<enter>")
	if !strings.Contains(d.screen(), "Level 1/1") || !strings.Contains(d.screen(), "Corridor") {
		t.Fatalf("the custom level is not shown:\n%s", d.screen())
	}
	d.keys("dddd")
	d.expectScreen("end")
	scr := d.screen()
	for _, want := range []string{"VICTORY!", "Final score      396", "Level reached    1 of 1", "Seed             9", "Your name: ada"} {
		if !strings.Contains(scr, want) {
			t.Fatalf("the victory screen lacks %q:\n%s", want, scr)
		}
	}
	later(t, time.Second)
	d.keys("<backspace><backspace><backspace>Ariadne<enter>")
	d.expectScreen("scores")
	if !strings.Contains(d.screen(), "Ariadne") || !strings.Contains(d.screen(), "396") {
		t.Fatalf("the table lacks the new entry:\n%s", d.screen())
	}
	r, _ := filepath.Glob(filepath.Join(cfg.Replays, "*.json"))
	if len(r) != 1 {
		t.Fatalf("%d replays after a victory, want 1", len(r))
	}
	rep, err := saves.ReadReplay(r[0])
	if err != nil || len(rep.Levels) != 1 || rep.Moves != "dddd" {
		t.Fatalf("the replay holds %+v (%v), want the level text and the moves dddd", rep, err)
	}
}

// TestCtrlCAtNamePrompt: leaving at the name prompt keeps the score under
// the name shown.
func TestCtrlCAtNamePrompt(t *testing.T) {
	cfg := testConfig(t, 9)
	cfg.Levels = Campaign{{Level: corridor(), Text: "(corridor)"}}
	d := newDriver(t, cfg, 80, 24)
	d.keys("<enter>dddd")
	d.expectScreen("end")
	d.keys("<ctrl+c>")
	if !d.f.Quit {
		t.Fatal("Ctrl+C at the name prompt did not quit")
	}
	s, err := saves.ScoreTable{Path: ScoresFile(cfg.Scores, cfg.Levels)}.Read(fixedNow)
	if err != nil || len(s.Entries) != 1 || s.Entries[0].Name != "ada" || s.Entries[0].Score != 396 {
		t.Fatalf("the table holds %+v (%v), want ada with 396", s.Entries, err)
	}
}

// TestHangupSavesTheGame: a player who is gone (terminal closed, connection
// dropped) loses nothing: the game is saved, its replay written, and a
// Continue puts the next session back on the same turn.
func TestHangupSavesTheGame(t *testing.T) {
	cfg := testConfig(t, goldenSeed)
	d := newDriver(t, cfg, 80, 24)
	d.keys("<enter>ds")
	turn := d.game().Status().Turn
	d.send(HangupMsg{})
	if !d.f.Quit {
		t.Fatal("the program did not end after the hangup")
	}
	list, err := saves.Store{Dir: cfg.Saves}.List()
	if err != nil || len(list) != 1 {
		t.Fatalf("the hangup saved %d games (%v), want 1", len(list), err)
	}
	if r, _ := filepath.Glob(filepath.Join(cfg.Replays, "*.json")); len(r) != 1 {
		t.Fatalf("the hangup wrote %d replays, want 1", len(r))
	}
	again := newDriver(t, cfg, 80, 24)
	again.keys("c")
	again.expectScreen("game")
	if got := again.game().Status().Turn; got != turn {
		t.Errorf("continued on turn %d, want %d", got, turn)
	}
}

func TestHangupOnMenuJustQuits(t *testing.T) {
	cfg := testConfig(t, goldenSeed)
	d := newDriver(t, cfg, 80, 24)
	d.send(HangupMsg{})
	if !d.f.Quit {
		t.Fatal("the program did not end")
	}
	if list, _ := (saves.Store{Dir: cfg.Saves}).List(); len(list) != 0 {
		t.Errorf("nothing to save, but %d saves were written", len(list))
	}
}

// TestSaveErrorShownAndGameGoesOn: a save that cannot be written says why
// and what to do, whole, and the game goes on.
func TestSaveErrorShownAndGameGoesOn(t *testing.T) {
	cfg := testConfig(t, goldenSeed)
	blocker := filepath.Join(t.TempDir(), "a-file")
	if err := os.WriteFile(blocker, []byte("x"), 0o644); err != nil {
		t.Fatal(err)
	}
	cfg.Saves = filepath.Join(blocker, "saves") // a folder inside a file: cannot be made
	d := newDriver(t, cfg, 80, 24)
	d.keys("<enter> <esc>")
	d.expectScreen("pause")
	d.keys("<down><enter>") // Save
	scr := d.screen()
	for _, want := range []string{"The game was not saved", "choose another saves folder", "save again"} {
		if !strings.Contains(prose(scr), want) {
			t.Errorf("the pause screen does not say %q:\n%s", want, scr)
		}
	}
	d.keys("<esc>")
	d.expectScreen("game")
	before := d.game().Status().Turn
	d.keys(" ")
	if d.game().Status().Turn != before+1 {
		t.Errorf("the game does not go on after a failed save")
	}
}

// TestSaveUnderAFile: with --saves under a regular file the save error
// names the cause (not a directory) and gives the advice for it, not "free
// some disk space"; quitting then says that the replay could not be
// written — on the menu, or, quitting the program, once it has ended.
func TestSaveUnderAFile(t *testing.T) {
	setup := func(t *testing.T) (*driver, Config) {
		cfg := testConfig(t, goldenSeed)
		blocker := filepath.Join(t.TempDir(), "a-file")
		if err := os.WriteFile(blocker, []byte("x"), 0o644); err != nil {
			t.Fatal(err)
		}
		cfg.Saves, cfg.Replays = filepath.Join(blocker, "saves"), filepath.Join(blocker, "replays")
		d := newDriver(t, cfg, 80, 24)
		d.keys("<enter> <esc>")
		d.expectScreen("pause")
		d.keys("<down><enter>") // Save
		scr := prose(d.screen())
		if !strings.Contains(scr, "not a directory") || !strings.Contains(scr, "A file stands where a folder is needed") {
			t.Errorf("the save error does not name its cause:\n%s", d.screen())
		}
		if strings.Contains(scr, "disk space") {
			t.Errorf("the save error blames the disk space:\n%s", d.screen())
		}
		return d, cfg
	}
	t.Run("quit to menu", func(t *testing.T) {
		d, _ := setup(t)
		d.keys("q")
		d.expectScreen("confirm")
		d.keys("y")
		d.expectScreen("menu")
		scr := prose(d.screen())
		if !strings.Contains(scr, "The replay was not written") || !strings.Contains(scr, "not a directory") {
			t.Errorf("the menu does not say that the replay was not written:\n%s", d.screen())
		}
	})
	t.Run("quit the program", func(t *testing.T) {
		d, _ := setup(t)
		d.keys("<esc><ctrl+c>")
		d.expectScreen("confirm")
		d.keys("y")
		if !d.f.Quit {
			t.Fatal("the program did not end")
		}
		if f := d.m.Farewell(); !strings.Contains(f, "The replay was not written") || !strings.Contains(f, "not a directory") {
			t.Errorf("after the program, the player is told %q, want that the replay was not written", f)
		}
	})
}

// TestEndScreenIgnoresKeysOfPlay: keys that arrive in the first half
// second of an end screen were typed during play — a fourth Space after
// the fatal third, a held step — and neither dismiss GAME OVER nor type
// into the name prompt; after that the keys work.
func TestEndScreenIgnoresKeysOfPlay(t *testing.T) {
	t.Run("game over", func(t *testing.T) {
		cfg := testConfig(t, goldenSeed)
		d := newDriver(t, cfg, 80, 24)
		d.keys("<enter>")
		if !d.loseGame() {
			t.Fatalf("could not lose level 1 of seed %d", goldenSeed)
		}
		d.keys("<space><space><enter>q")
		later(t, 400*time.Millisecond)
		d.keys("<space>")
		d.expectScreen("end")
		if !strings.Contains(d.screen(), "GAME OVER") {
			t.Fatalf("GAME OVER is not shown:\n%s", d.screen())
		}
		later(t, 100*time.Millisecond)
		d.keys("<space>")
		d.expectScreen("menu")
	})
	t.Run("name prompt", func(t *testing.T) {
		cfg := testConfig(t, 9)
		cfg.Levels = Campaign{{Level: corridor(), Text: "(corridor)"}}
		d := newDriver(t, cfg, 80, 24)
		d.keys("<enter>")
		d.send(tea.KeyMsg{Type: tea.KeyRunes, Runes: []rune("dddd  dd")}) // typed ahead, in one read
		d.keys("<space><enter>")
		d.expectScreen("end")
		if !strings.Contains(d.screen(), "Your name: ada_") {
			t.Fatalf("keys of play went into the name prompt:\n%s", d.screen())
		}
		later(t, time.Second)
		d.keys("<backspace>x<enter>")
		d.expectScreen("scores")
		s, err := saves.ScoreTable{Path: ScoresFile(cfg.Scores, cfg.Levels)}.Read(fixedNow)
		if err != nil || len(s.Entries) != 1 || s.Entries[0].Name != "adx" {
			t.Fatalf("the table holds %+v (%v), want the name adx", s.Entries, err)
		}
	})
}

// TestEndScreenReplayFullPath: the end screen shows the replay's full
// path, even when the replays folder was given relative to the working
// folder and the path is longer than the line, so that `minotaur replay`
// with it works from any folder.
func TestEndScreenReplayFullPath(t *testing.T) {
	for _, long := range []bool{false, true} {
		cfg := testConfig(t, goldenSeed)
		dir := t.TempDir()
		t.Chdir(dir)
		cfg.Replays = "replays"
		if long {
			cfg.Replays = filepath.Join("a-folder-with-a-rather-long-name", "and-another-one-below-it", "replays")
		}
		d := newDriver(t, cfg, 80, 24)
		d.keys("<enter>")
		if !d.loseGame() {
			t.Fatalf("could not lose level 1 of seed %d", goldenSeed)
		}
		files, _ := filepath.Glob(filepath.Join(dir, cfg.Replays, "replay-*.json"))
		if len(files) != 1 {
			t.Fatalf("%d replays written, want 1", len(files))
		}
		want, err := filepath.EvalSymlinks(files[0])
		if err != nil {
			t.Fatal(err)
		}
		// The box's lines, their borders and margins taken off, joined.
		var joined strings.Builder
		for _, line := range strings.Split(d.screen(), "\n") {
			joined.WriteString(strings.TrimSpace(strings.Trim(strings.TrimSpace(line), "│")))
		}
		got, _ := filepath.EvalSymlinks(dir)
		if !strings.Contains(joined.String(), "Replay saved:"+filepath.Join(got, cfg.Replays, filepath.Base(want))) &&
			!strings.Contains(joined.String(), "Replay saved:"+files[0]) {
			t.Fatalf("the end screen does not show the replay's full path %s:\n%s", files[0], d.screen())
		}
		for _, line := range strings.Split(d.screen(), "\n") {
			if strings.Contains(line, "…") {
				t.Fatalf("a line of the end screen is cut:\n%s", d.screen())
			}
		}
	}
}

// TestMenuEachItemItsKey: every item of the main menu has a key of its
// own, drawn beside it, that chooses it at once in either case — no two
// items share one, and none is a key that moves the cursor.
func TestMenuEachItemItsKey(t *testing.T) {
	cfg := testConfig(t, 1)
	store := saves.Store{Dir: cfg.Saves}
	g, err := engine.New(engine.Config{Seed: 3, Players: 1})
	if err != nil {
		t.Fatal(err)
	}
	if _, err := store.Save(g, nil, fixedNow); err != nil {
		t.Fatal(err)
	}
	want := map[string]string{
		"New game": "game", "Continue": "game", "Network game": "network", "Labyrinth": "labyrinth-menu",
		"High scores": "scores", "Help": "help",
	}
	seen := map[string]string{}
	for _, label := range []string{"New game", "Continue", "Network game", "Labyrinth", "High scores", "Help", "Quit"} {
		for _, upper := range []bool{false, true} {
			d := newDriver(t, cfg, 80, 24)
			var letter string
			for _, line := range strings.Split(d.screen(), "\n") {
				f := strings.Fields(strings.TrimPrefix(strings.TrimSpace(line), "> "))
				if len(f) >= 2 && len(f[0]) == 1 && strings.Join(f[1:], " ") == label {
					letter = f[0]
				}
			}
			if letter == "" {
				t.Fatalf("no key is drawn beside %q:\n%s", label, d.screen())
			}
			if other, dup := seen[letter]; dup && other != label {
				t.Fatalf("%s is the key of both %q and %q", letter, other, label)
			}
			seen[letter] = label
			if strings.Contains("WSKJ", letter) {
				t.Fatalf("the key of %q, %s, moves the cursor", label, letter)
			}
			k := strings.ToLower(letter)
			if upper {
				k = letter
			}
			d.keys(k)
			if label == "Quit" {
				if !d.f.Quit {
					t.Fatalf("%s did not quit", k)
				}
				continue
			}
			d.expectScreen(want[label])
		}
	}
}

// TestDamagedReasonsWhole: at 80 columns the reason a save is damaged and
// the notice of a damaged score table are shown whole, wrapped, never cut
// with "…" — under the list as soon as the cursor is on the damaged save,
// and again on Enter.
func TestDamagedReasonsWhole(t *testing.T) {
	cfg := testConfig(t, 1)
	store := saves.Store{Dir: cfg.Saves}
	g, err := engine.New(engine.Config{Seed: 3, Players: 1})
	if err != nil {
		t.Fatal(err)
	}
	if _, err := store.Save(g, nil, fixedNow); err != nil {
		t.Fatal(err)
	}
	bad := filepath.Join(cfg.Saves, "save-20250101-000000.json")
	if err := os.WriteFile(bad, []byte(`{"format": "minotaur-save", "version": 99, "game": {}}`), 0o644); err != nil {
		t.Fatal(err)
	}
	list, _ := store.List()
	var reason string
	for i, it := range list {
		if it.Damaged() {
			reason = it.Reason()
			list[0], list[i] = list[i], list[0]
		}
	}
	if len(reason) < 60 {
		t.Fatalf("the damaged save's reason %q is too short to test the cut", reason)
	}
	d := newDriver(t, cfg, 80, 24)
	d.keys("c")
	d.expectScreen("saves")
	for i := 0; !strings.Contains(d.screen(), "> "+screen.SavedAt(list[0].Modified)+"  Minotaur   damaged"); i++ {
		if i > len(list) {
			t.Fatalf("the damaged save is not listed:\n%s", d.screen())
		}
		d.keys("<down>")
	}
	for _, step := range []string{"cursor", "enter"} {
		if !strings.Contains(prose(d.screen()), prose(reason)) {
			t.Fatalf("%s: the reason %q is not shown whole:\n%s", step, reason, d.screen())
		}
		d.keys("<enter>")
	}

	if err := os.WriteFile(cfg.Scores, []byte("this is not a score table"), 0o644); err != nil {
		t.Fatal(err)
	}
	d = newDriver(t, cfg, 80, 24)
	d.keys("i")
	d.expectScreen("scores")
	if scr := prose(d.screen()); !strings.Contains(scr, "The high-score table was damaged") || !strings.Contains(scr, "a new table was started.") || strings.Contains(scr, "…") {
		t.Fatalf("the damaged table's notice is not shown whole:\n%s", d.screen())
	}
}

// TestCustomLevelsScoresApart: a game on hand-made levels is recorded in
// the table of that set of levels, not in the campaign's — a one-corridor
// level cannot top the campaign's table — and the table shows the seeds.
func TestCustomLevelsScoresApart(t *testing.T) {
	cfg := testConfig(t, 9)
	if _, err := (saves.ScoreTable{Path: cfg.Scores}).Add(saves.Entry{Name: "theseus", Score: 250, Level: 3, Seed: 12345678901234567890}, fixedNow); err != nil {
		t.Fatal(err)
	}
	custom := cfg
	custom.Levels = Campaign{{Level: corridor(), Text: "(corridor)"}}
	d := newDriver(t, custom, 80, 24)
	d.keys("<enter>dddd")
	d.expectScreen("end")
	later(t, time.Second)
	d.keys("<enter>")
	d.expectScreen("scores")
	scr := d.screen()
	if !strings.Contains(scr, "Your levels' own table: Corridor") || strings.Contains(scr, "theseus") {
		t.Fatalf("the corridor's score is not in a table of its own:\n%s", scr)
	}
	if !regexp.MustCompile(`1  ada +396 +1  2025-03-14  9`).MatchString(scr) {
		t.Fatalf("the corridor's table does not show the entry with its seed:\n%s", scr)
	}

	d = newDriver(t, cfg, 80, 24)
	d.keys("i")
	scr = d.screen()
	if strings.Contains(scr, "ada") || strings.Contains(scr, "own table") {
		t.Fatalf("the corridor's score tops the campaign's table:\n%s", scr)
	}
	if !regexp.MustCompile(`1  theseus +250 +3  2025-03-14  12345678901234567890`).MatchString(scr) {
		t.Fatalf("the campaign's table does not show the seed:\n%s", scr)
	}
	if ScoresFile(cfg.Scores, custom.Levels) != ScoresFile(cfg.Scores, Campaign{{Level: corridor(), Text: "(corridor)"}}) ||
		ScoresFile(cfg.Scores, custom.Levels) == ScoresFile(cfg.Scores, Campaign{{Level: corridor(), Text: "(another)"}}) {
		t.Error("the same level files do not share their table, or other files share it")
	}
}

// TestPassedScreenIgnoresKeysOfPlay: the level-passed screen, like the end
// screens, ignores keys typed in the half second after it appears — a move
// key held down as the exit was reached cannot skip it unread.
func TestPassedScreenIgnoresKeysOfPlay(t *testing.T) {
	d := newDriver(t, testConfig(t, goldenSeed), 80, 24)
	d.keys("<enter>")
	if !d.passLevel() {
		t.Fatalf("level 1 of seed %d could not be passed", goldenSeed)
	}
	d.keys("<enter><space>")
	d.expectScreen("passed")
	later(t, time.Second)
	d.keys("<enter>")
	d.expectScreen("game")
}

// TestSmallTerminalNothingCut: at 40×12, the smallest usable terminal, the
// panel under the map tells whether the key is found, uncut, and the pause
// box keeps its title and its border inside the terminal.
func TestSmallTerminalNothingCut(t *testing.T) {
	d := newDriver(t, testConfig(t, goldenSeed), 40, 12)
	fits := func(what string) {
		t.Helper()
		scr := d.screen()
		lines := strings.Split(scr, "\n")
		if len(lines) > 12 || strings.Contains(scr, "…") && what != "game" {
			t.Fatalf("%s: %d lines in a terminal of 12:\n%s", what, len(lines), scr)
		}
		for _, l := range lines {
			if ansi.StringWidth(l) > 40 {
				t.Fatalf("%s: a line of %d columns in a terminal of 40:\n%s", what, ansi.StringWidth(l), scr)
			}
		}
	}
	fits("menu")
	// The items stand in two columns, and under them there is room for
	// the offer of the tutorial on a first run, and the keys.
	for _, want := range []string{"N New game", "M More Minotaur", "G Settings", "Q Quit", "New here? M, then T: the tutorial."} {
		if !strings.Contains(d.screen(), want) {
			t.Fatalf("the menu at 40×12 lacks %q:\n%s", want, d.screen())
		}
	}
	played := testConfig(t, goldenSeed)
	if err := os.MkdirAll(played.Replays, 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(played.Replays, "replay-1.json"), []byte("{}"), 0o644); err != nil {
		t.Fatal(err)
	}
	later := newDriver(t, played, 40, 12)
	if scr := later.screen(); !strings.Contains(scr, "Enter choose") || strings.Contains(scr, "New here?") {
		t.Fatalf("the menu at 40×12 of a player who has played lacks the keys, or still offers the tutorial:\n%s", scr)
	}
	d.keys("<enter>d")
	fits("game")
	if scr := d.screen(); !strings.Contains(scr, "Key not found") || strings.Contains(scr, "Key not fou…") {
		t.Fatalf("the panel does not say whether the key is found:\n%s", scr)
	}
	d.keys("<esc>")
	d.expectScreen("pause")
	fits("pause")
	scr := d.screen()
	if !strings.Contains(scr, "PAUSED") || !strings.Contains(scr, "╭") || !strings.Contains(scr, "╰") ||
		!strings.Contains(prose(scr), "This game has unsaved progress.") || !strings.Contains(prose(scr), "P/Esc back to the game") {
		t.Fatalf("the pause box lost its title, its border or a line:\n%s", scr)
	}
	d.keys("<esc>")
	if !d.loseGame() {
		t.Fatalf("could not lose level 1 of seed %d", goldenSeed)
	}
	d.expectScreen("end")
	fits("end")
	scr = d.screen()
	if !strings.Contains(scr, "GAME OVER") || !strings.Contains(scr, "╭") || !strings.Contains(scr, "╰") ||
		!strings.Contains(scr, "replay-20250314-150926.json") || !strings.Contains(prose(scr), "R: play again · Enter: menu") || !strings.Contains(prose(scr), "H: high scores") {
		t.Fatalf("the end screen lost its title, its border or a line:\n%s", scr)
	}
}
