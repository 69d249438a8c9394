package tui

import (
	"path/filepath"
	"strings"
	"testing"

	"github.com/minotaur-game/minotaur/saves"
	"github.com/minotaur-game/minotaur/tui/minotaur"
)

// listSavesOf lists the saves folder of cfg, failing on damaged files.
func listSavesOf(t *testing.T, cfg Config) []saves.SaveInfo {
	t.Helper()
	list, err := saves.Store{Dir: cfg.Saves}.List()
	if err != nil {
		t.Fatal(err)
	}
	for _, s := range list {
		if s.Damaged() {
			t.Fatalf("the save %s is damaged: %s", s.Name, s.Reason())
		}
	}
	return list
}

// saveFromPause pauses, saves and goes back to the game.
func (d *driver) saveFromPause() {
	d.t.Helper()
	d.keys("<esc><down><enter>")
	if !strings.Contains(d.screen(), "Saved as save-") {
		d.t.Fatalf("the save is not confirmed:\n%s", d.screen())
	}
	d.keys("<esc>")
	d.expectScreen("game")
}

// TestSavingAgainReplacesTheSave: a game saved twice leaves one file in the
// folder, holding the later state, under the name the first save gave.
func TestSavingAgainReplacesTheSave(t *testing.T) {
	cfg := testConfig(t, goldenSeed)
	d := newDriver(t, cfg, 80, 24)
	d.keys("<enter>d")
	d.saveFromPause()
	first := listSavesOf(t, cfg)
	if len(first) != 1 {
		t.Fatalf("%d saves after one save, want 1", len(first))
	}
	d.keys("s<space>")
	turn := d.game().Status().Turn
	moves := d.m.game().Session().(*minotaur.LocalSession).Recorded()
	d.saveFromPause()
	list := listSavesOf(t, cfg)
	if len(list) != 1 {
		t.Fatalf("%d saves after saving the same game twice, want 1: %v", len(list), list)
	}
	if list[0].Name != first[0].Name {
		t.Errorf("the second save is %s, want it written over %s", list[0].Name, first[0].Name)
	}
	l, err := saves.Store{Dir: cfg.Saves}.Load(list[0].Name)
	if err != nil {
		t.Fatal(err)
	}
	if got := l.Game.Status().Turn; got != turn {
		t.Errorf("the save holds turn %d, want the later turn %d", got, turn)
	}
	if l.Recorder == nil || l.Recorder.Len() != moves || moves < 2 {
		t.Errorf("the save's recording is not the %d moves played", moves)
	}
}

// TestContinuedGameSavesOverItsSave: a continued game saved again replaces
// the file it was continued from; a hangup does too.
func TestContinuedGameSavesOverItsSave(t *testing.T) {
	cfg := testConfig(t, goldenSeed)
	d := newDriver(t, cfg, 80, 24)
	d.keys("<enter>d")
	d.saveFromPause()
	d.keys("<esc>q")
	d.expectScreen("menu")
	name := listSavesOf(t, cfg)[0].Name

	again := newDriver(t, cfg, 80, 24)
	again.keys("c")
	again.expectScreen("game")
	again.keys("s")
	again.saveFromPause()
	again.keys("<space>")
	turn := again.game().Status().Turn
	again.send(HangupMsg{})
	if !again.f.Quit {
		t.Fatal("the hangup did not end the program")
	}
	list := listSavesOf(t, cfg)
	if len(list) != 1 || list[0].Name != name {
		t.Fatalf("saves %v after continuing %s and saving twice, want that one file", list, name)
	}
	l, err := saves.Store{Dir: cfg.Saves}.Load(name)
	if err != nil {
		t.Fatal(err)
	}
	if got := l.Game.Status().Turn; got != turn {
		t.Errorf("the save holds turn %d, want %d (the hangup's)", got, turn)
	}
}

// TestLostGameRemovesItsSave: when a saved game is lost, its save is gone —
// saved in this sitting, or continued from the menu.
func TestLostGameRemovesItsSave(t *testing.T) {
	t.Run("saved in this sitting", func(t *testing.T) {
		cfg := testConfig(t, goldenSeed)
		d := newDriver(t, cfg, 80, 24)
		d.keys("<enter>d")
		d.saveFromPause()
		if !d.loseGame() {
			t.Fatal("the game was not lost")
		}
		d.expectScreen("end")
		if list := listSavesOf(t, cfg); len(list) != 0 {
			t.Fatalf("the lost game's save is still there: %v", list)
		}
		if r, _ := filepath.Glob(filepath.Join(cfg.Replays, "*.json")); len(r) != 1 {
			t.Fatalf("%d replays after the loss, want 1", len(r))
		}
	})
	t.Run("continued", func(t *testing.T) {
		cfg := testConfig(t, goldenSeed)
		d := newDriver(t, cfg, 80, 24)
		d.keys("<enter>d")
		d.saveFromPause()
		d.keys("<esc>q")
		// An unrelated save of another game stays.
		other := newDriver(t, cfg, 80, 24)
		other.keys("<enter>")
		other.expectScreen("game")
		other.keys("<esc><down><enter>")
		if len(listSavesOf(t, cfg)) != 2 {
			t.Fatal("two games saved, but not two saves")
		}
		list := listSavesOf(t, cfg)
		keep := list[0].Name // the newest: the other game's

		again := newDriver(t, cfg, 80, 24)
		again.keys("c") // a list: the older save is the second line
		again.expectScreen("saves")
		again.keys("<down><enter>")
		again.expectScreen("game")
		if !again.loseGame() {
			t.Fatal("the continued game was not lost")
		}
		again.expectScreen("end")
		list = listSavesOf(t, cfg)
		if len(list) != 1 || list[0].Name != keep {
			t.Fatalf("saves %v after losing the continued game, want only %s", list, keep)
		}
	})
}

// TestWonGameRemovesItsSave: a saved game that is won leaves no save.
func TestWonGameRemovesItsSave(t *testing.T) {
	cfg := testConfig(t, 9)
	cfg.Levels = Campaign{{Level: corridor(), Text: "(corridor)"}}
	d := newDriver(t, cfg, 80, 24)
	d.keys("<enter>d")
	d.saveFromPause()
	d.keys("dd")
	d.saveFromPause()
	d.keys("d")
	d.expectScreen("end")
	if !strings.Contains(d.screen(), "VICTORY!") {
		t.Fatalf("no victory:\n%s", d.screen())
	}
	if list := listSavesOf(t, cfg); len(list) != 0 {
		t.Fatalf("the won game's save is still there: %v", list)
	}
}

// TestContinueThenCrashKeepsTheSave: continuing a save keeps its file until
// the game ends, so a crash (no End at all) or leaving without saving loses
// nothing.
func TestContinueThenCrashKeepsTheSave(t *testing.T) {
	cfg := testConfig(t, goldenSeed)
	d := newDriver(t, cfg, 80, 24)
	d.keys("<enter>ds")
	turn := d.game().Status().Turn
	d.saveFromPause()
	d.keys("<esc>q")

	crashed := newDriver(t, cfg, 80, 24)
	crashed.keys("c")
	crashed.expectScreen("game")
	crashed.keys("aw<space>")
	// The process dies here: no End, no save.
	list := listSavesOf(t, cfg)
	if len(list) != 1 {
		t.Fatalf("%d saves after a crash following Continue, want 1", len(list))
	}
	l, err := saves.Store{Dir: cfg.Saves}.Load(list[0].Name)
	if err != nil || l.Game.Status().Turn != turn {
		t.Fatalf("the save after the crash: %v, want the game saved on turn %d", err, turn)
	}

	left := newDriver(t, cfg, 80, 24)
	left.keys("c")
	left.keys("a<esc>q")
	left.expectScreen("confirm")
	left.keys("y")
	left.expectScreen("menu")
	if list := listSavesOf(t, cfg); len(list) != 1 {
		t.Fatalf("%d saves after leaving a continued game unsaved, want 1 (it is still in progress)", len(list))
	}
}

// TestSavesRunOutOfOrder: when the commands of two saves run in the wrong
// order, the file still holds the later save.
func TestSavesRunOutOfOrder(t *testing.T) {
	cfg := testConfig(t, goldenSeed)
	d := newDriver(t, cfg, 80, 24)
	d.keys("<enter>d")
	sess := d.m.game().Session().(*minotaur.LocalSession)
	early := sess.Save()
	d.keys("s")
	late := sess.Save()
	if msg := late().(minotaur.SavedMsg); msg.Err != nil {
		t.Fatal(msg.Err)
	}
	if msg := early().(minotaur.SavedMsg); msg.Err != nil {
		t.Fatal(msg.Err)
	}
	list := listSavesOf(t, cfg)
	if len(list) != 1 {
		t.Fatalf("%d saves, want 1", len(list))
	}
	l, err := saves.Store{Dir: cfg.Saves}.Load(list[0].Name)
	if err != nil {
		t.Fatal(err)
	}
	if l.Recorder.Len() != sess.Recorded() {
		t.Fatalf("the save holds %d moves, want the later save's %d", l.Recorder.Len(), sess.Recorded())
	}
}
