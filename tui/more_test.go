package tui

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	tea "github.com/charmbracelet/bubbletea"

	"github.com/minotaur-game/minotaur/saves"
	"github.com/minotaur-game/minotaur/tui/screen"
)

// TestSeededGame: More Minotaur → Seeded game takes a seed typed or
// pasted — the number alone, or as the game prints it — and starts the
// campaign on it, the seed shown in the panel; what is not a seed is told
// and the player stays to type again.
func TestSeededGame(t *testing.T) {
	for _, tc := range []struct {
		name  string
		input func(d *driver)
	}{
		{"typed", func(d *driver) { d.keys("123456789") }},
		{"pasted as printed", func(d *driver) {
			d.send(tea.KeyMsg{Type: tea.KeyRunes, Runes: []rune("Seed   123456789\n"), Paste: true})
		}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			d := newDriver(t, testConfig(t, 1), 80, 24)
			d.keys("m")
			d.expectScreen("more")
			d.keys("d")
			d.expectScreen("seed")
			d.keys("x<enter>")
			d.expectScreen("seed")
			if !strings.Contains(prose(d.screen()), `"x" is not a number: a seed is a whole number from 0 to 18446744073709551615.`) {
				t.Fatalf("a bad seed is not told:\n%s", d.screen())
			}
			d.keys("<backspace>")
			tc.input(d)
			d.keys("<enter>")
			d.expectScreen("game")
			if s := d.game().Seed(); s != 123456789 {
				t.Fatalf("the game's seed is %d, want 123456789", s)
			}
			if !strings.Contains(d.screen(), "Seed   123456789") {
				t.Fatalf("the panel does not show the seed:\n%s", d.screen())
			}
		})
	}
	t.Run("back", func(t *testing.T) {
		d := newDriver(t, testConfig(t, 1), 40, 12)
		d.keys("md<esc>")
		d.expectScreen("more")
		d.keys("<esc>")
		d.expectScreen("menu")
	})
}

// TestTutorial: the main menu offers the tutorial on a first run; More
// Minotaur → Tutorial shows its lesson (the level file's comment), and
// Enter plays the level built in — a campaign of that one level.
func TestTutorial(t *testing.T) {
	for _, size := range [][2]int{{80, 24}, {40, 12}} {
		d := newDriver(t, testConfig(t, 1), size[0], size[1])
		if !strings.Contains(d.screen(), "New here? M, then T: the tutorial.") {
			t.Fatalf("%v: the first run does not offer the tutorial:\n%s", size, d.screen())
		}
		d.keys("mt")
		d.expectScreen("tutorial")
		scr := d.screen()
		if !strings.Contains(scr, "TUTORIAL: FIRST STEPS") || !strings.Contains(prose(scr), "You are P.") || !strings.Contains(scr, "Enter: play") {
			t.Fatalf("%v: the lesson:\n%s", size, scr)
		}
		for _, l := range strings.Split(scr, "\n") {
			if len([]rune(l)) > size[0] {
				t.Fatalf("%v: a line wider than the terminal:\n%s", size, scr)
			}
		}
		if n := len(strings.Split(scr, "\n")); n > size[1] {
			t.Fatalf("%v: %d lines:\n%s", size, n, scr)
		}
		// The mouse wheel scrolls a lesson taller than the terminal.
		if size[1] == 12 {
			before := d.screen()
			d.send(tea.MouseMsg{Action: tea.MouseActionPress, Button: tea.MouseButtonWheelDown})
			if d.screen() == before {
				t.Fatalf("%v: the wheel does not scroll the lesson:\n%s", size, before)
			}
			d.send(tea.MouseMsg{Action: tea.MouseActionPress, Button: tea.MouseButtonWheelUp})
			if d.screen() != before {
				t.Fatalf("%v: the wheel up does not scroll back:\n%s", size, d.screen())
			}
		}
		d.keys("<down><down><down><enter>")
		d.expectScreen("game")
		g := d.game()
		if g.CurrentLevel().Name != "First Steps" || g.Levels() != 1 {
			t.Fatalf("%v: the game plays %q of %d levels, want First Steps alone", size, g.CurrentLevel().Name, g.Levels())
		}
	}
}

// TestWatchReplay: More Minotaur → Watch a replay lists the replays
// folder newest first, each with its date and outcome, the chosen one's
// seed under the list; a damaged file is listed with the reason, and a
// link or a folder is not listed at all; Enter plays one back, and the
// viewer seeks as `minotaur replay` does; Q goes back to the list.
func TestWatchReplay(t *testing.T) {
	cfg := testConfig(t, goldenSeed)
	d := newDriver(t, cfg, 80, 24)
	d.keys("<enter>")
	if !d.loseGame() {
		t.Fatalf("the game could not be lost:\n%s", d.screen())
	}
	replays, _ := filepath.Glob(filepath.Join(cfg.Replays, "replay-*.json"))
	if len(replays) != 1 {
		t.Fatalf("%d replays, want 1", len(replays))
	}
	broken := filepath.Join(cfg.Replays, "broken\x1b[31m.json")
	if err := os.WriteFile(broken, []byte(`{"format": "minotaur-replay"`), 0o644); err != nil {
		t.Fatal(err)
	}
	// Written after the game (the replay's name dates it at the test's
	// clock), and named otherwise: dated by the disk.
	if err := os.Chtimes(broken, fixedNow.Add(time.Hour), fixedNow.Add(time.Hour)); err != nil {
		t.Fatal(err)
	}
	outside := filepath.Join(t.TempDir(), "secret.json")
	os.WriteFile(outside, []byte("{}"), 0o644)
	if err := os.Symlink(outside, filepath.Join(cfg.Replays, "link.json")); err != nil {
		t.Fatal(err)
	}
	os.Mkdir(filepath.Join(cfg.Replays, "folder.json"), 0o755)

	d = newDriver(t, cfg, 80, 24)
	d.keys("mr")
	d.expectScreen("replays")
	scr := d.screen()
	if strings.Contains(scr, "\x1b") || strings.Contains(scr, "link.json") || strings.Contains(scr, "folder.json") {
		t.Fatalf("the list shows a link, a folder or a raw escape:\n%q", scr)
	}
	if strings.Count(scr, "lost L1, 0") != 1 || strings.Count(scr, "cannot be played") != 1 {
		t.Fatalf("the list does not hold the game and the damaged file alone:\n%s", scr)
	}
	// The damaged file was written last: it comes first, with its reason.
	if !strings.Contains(prose(scr), "broken.json The file is cut short after 28 bytes") {
		t.Fatalf("the damaged file's name, cleaned, and the reason are not shown:\n%s", scr)
	}
	lines := strings.Split(scr, "\n")
	first, second := -1, -1
	for i, l := range lines {
		if strings.Contains(l, "cannot be played") && first < 0 {
			first = i
		}
		if strings.Contains(l, "lost L1, 0") {
			second = i
		}
	}
	if first < 0 || second < first {
		t.Fatalf("the newest file is not first:\n%s", scr)
	}
	d.keys("<enter>")
	d.expectScreen("replays")
	if !strings.Contains(prose(d.screen()), "cannot be watched") {
		t.Fatalf("choosing the damaged file does not say why it cannot be watched:\n%s", d.screen())
	}
	// The mouse wheel moves through the list too.
	d.send(tea.MouseMsg{Action: tea.MouseActionPress, Button: tea.MouseButtonWheelDown})
	if !strings.Contains(prose(d.screen()), "seed 4 replay-20250314-150926.json") {
		t.Fatalf("the wheel does not move down the list:\n%s", d.screen())
	}
	d.send(tea.MouseMsg{Action: tea.MouseActionPress, Button: tea.MouseButtonWheelUp})
	if !strings.Contains(prose(d.screen()), "broken.json The file") {
		t.Fatalf("the wheel does not move up the list:\n%s", d.screen())
	}
	d.keys("<down>")
	if !strings.Contains(prose(d.screen()), "seed 4 replay-20250314-150926.json") {
		t.Fatalf("the chosen replay's seed and name are not shown:\n%s", d.screen())
	}
	d.keys("<enter>")
	d.expectScreen("replay")
	// The viewer has played the two moves of the game through (the test
	// driver runs its ticks at once).
	if !strings.Contains(d.screen(), "Replay 2/2") {
		t.Fatalf("the viewer did not play the game:\n%s", d.screen())
	}
	// Q goes back to the list here, and the hints and the end's line say so.
	if s := d.screen(); !strings.Contains(s, "Q back") || strings.Contains(s, "Q quit") || !strings.Contains(prose(s), "Q goes back to the list") {
		t.Fatalf("the viewer opened from the list does not say Q goes back:\n%s", s)
	}
	d.keys("[")
	if !strings.Contains(d.screen(), "Replay 0/2") {
		t.Fatalf("[ does not go back to the start of the level:\n%s", d.screen())
	}
	d.keys("<right>")
	if !strings.Contains(d.screen(), "Replay 1/2") {
		t.Fatalf("→ does not step:\n%s", d.screen())
	}
	d.keys("<left>")
	if !strings.Contains(d.screen(), "Replay 0/2") {
		t.Fatalf("← does not step back:\n%s", d.screen())
	}
	d.keys("]")
	if !strings.Contains(d.screen(), "the end: lost") {
		t.Fatalf("] on the last level does not go to the end:\n%s", d.screen())
	}
	d.keys("q")
	d.expectScreen("replays")
	d.keys("<esc><esc>")
	d.expectScreen("menu")
	if _, err := os.Stat(saves.SummaryPath(replays[0])); err != nil {
		t.Errorf("the summary beside the replay: %v", err)
	}
}

// TestTutorialOfferGoesAfterAGame: the replay of a game left for the menu
// may be written after the menu read the replays folder (over SSH it
// was): the offer of the tutorial goes once the game's replay is told.
func TestTutorialOfferGoesAfterAGame(t *testing.T) {
	d := newDriver(t, testConfig(t, 1), 80, 24)
	if !strings.Contains(d.screen(), firstRunOffer) {
		t.Fatalf("the first run does not offer the tutorial:\n%s", d.screen())
	}
	d.send(screen.EndedMsg{Replay: "replay-20261202-130334.json"})
	if strings.Contains(d.screen(), firstRunOffer) {
		t.Fatalf("the tutorial is still offered after a game:\n%s", d.screen())
	}
}
