package tui

import (
	"strings"
	"testing"
	"time"

	tea "github.com/charmbracelet/bubbletea"

	"github.com/minotaur-game/minotaur/engine"
	"github.com/minotaur-game/minotaur/saves"
	"github.com/minotaur-game/minotaur/tui/screen"
	"github.com/minotaur-game/minotaur/tui/screen/screentest"
)

// goldenSeed is the seed of the golden games: its level 1 can be passed by
// walking to the key and the exit around the wanderer.
const goldenSeed = 4

// TestGolden compares the plain text of each of the shell's screens (the
// main menu, Continue's list, the network screen) at 80×24 with its golden
// file; Minotaur's are tui/minotaur's. Run `go test ./tui -run TestGolden
// -update` after a deliberate change of a screen, and read the diff.
func TestGolden(t *testing.T) {
	tests := []struct {
		name string
		size [2]int
		prep func(t *testing.T, cfg *Config)
		play func(d *driver)
		want string // the top screen
	}{
		{name: "menu", want: "menu"},
		// Continue with no save: the note under the items, at 40×12 too.
		{name: "menu_note", play: func(d *driver) { d.keys("c") }, want: "menu"},
		{name: "saves_list", prep: func(t *testing.T, cfg *Config) {
			twoSaves(t, cfg)
		}, play: func(d *driver) { d.keys("c") }, want: "saves"},
		{name: "network", prep: func(t *testing.T, cfg *Config) { cfg.Server = "localhost:7777" },
			play: func(d *driver) { d.keys("t") }, want: "network"},
		{name: "too_small", size: [2]int{30, 10}, want: "menu"},
		// More Minotaur and its screens.
		{name: "more", play: func(d *driver) { d.keys("m") }, want: "more"},
		{name: "seed_note", play: func(d *driver) { d.keys("md-5<enter>") }, want: "seed"},
		{name: "tutorial", play: func(d *driver) { d.keys("mt") }, want: "tutorial"},
		{name: "replays", prep: func(t *testing.T, cfg *Config) {
			if _, err := saves.SaveReplay(cfg.Replays, saves.Replay{Seed: goldenSeed, Players: 1, Moves: "ds"}, fixedNow); err != nil {
				t.Fatal(err)
			}
		}, play: func(d *driver) { d.keys("mr") }, want: "replays"},
		{name: "settings", prep: func(t *testing.T, cfg *Config) {
			cfg.Settings, cfg.Keys = "/home/ada/.config/minotaur/settings.txt", "/home/ada/.config/minotaur/keys.txt"
			cfg.Saved, cfg.Palette = saves.Settings{Palette: "light"}, "light"
			cfg.Styles = screen.NewStylesWith(nil, &screen.Light)
		}, play: func(d *driver) { d.keys("g<down><down>") }, want: "settings"},
	}
	for _, tc := range tests {
		// Every screen at 80×24 (its own name) and at 40×12 (name_40x12),
		// or at the one size it is about.
		sizes := []struct {
			name string
			w, h int
		}{{tc.name, 80, 24}, {tc.name + "_40x12", 40, 12}}
		if tc.size != [2]int{} {
			sizes = sizes[:1]
			sizes[0].w, sizes[0].h = tc.size[0], tc.size[1]
		}
		for _, sz := range sizes {
			t.Run(sz.name, func(t *testing.T) {
				cfg := testConfig(t, goldenSeed)
				if tc.prep != nil {
					tc.prep(t, &cfg)
				}
				d := newDriver(t, cfg, sz.w, sz.h)
				if tc.play != nil {
					tc.play(d)
				}
				d.expectScreen(tc.want)
				got := d.screen()
				checkFits(t, got, sz.w, sz.h)
				checkWhole(t, got)
				golden(t, sz.name, got)
			})
		}
	}
}

// checkWhole fails when a frame shows text cut off with an ellipsis
// ("F freez…", "arrow…"): every screen says all it has to say at 80×24
// and 40×12.
func checkWhole(t *testing.T, frame string) {
	t.Helper()
	for i, l := range strings.Split(frame, "\n") {
		for _, f := range strings.Fields(l) {
			if strings.HasSuffix(f, "…") && f != "…" && !strings.HasSuffix(f, "ing…") {
				t.Errorf("line %d is cut off: %q", i+1, strings.TrimSpace(l))
			}
		}
	}
}

// twoSaves writes two saves of one seed, on the same level and score,
// a few turns apart.
func twoSaves(t *testing.T, cfg *Config) {
	t.Helper()
	store := saves.Store{Dir: cfg.Saves}
	for i, moves := range []string{"s", "ssdwd"} {
		g, err := engine.New(engine.Config{Seed: 42, Players: 1})
		if err != nil {
			t.Fatal(err)
		}
		for _, c := range moves {
			a, _ := engine.ParseAction(byte(c))
			g.Apply(1, a)
		}
		if _, err := store.Save(g, nil, fixedNow.Add(time.Duration(i)*time.Minute)); err != nil {
			t.Fatal(err)
		}
	}
}

// checkFits fails when a frame is larger than the terminal.
func checkFits(t *testing.T, frame string, w, h int) { t.Helper(); screentest.Fits(t, frame, w, h) }

// TestTooSmallMessage checks the message names the minimum and goes away
// when the terminal grows.
func TestTooSmallMessage(t *testing.T) {
	d := newDriver(t, testConfig(t, 1), 60, 10)
	if !strings.Contains(d.screen(), "Terminal too small: need at least 40×12") {
		t.Fatalf("no too-small message at 60×10:\n%s", d.screen())
	}
	d.send(tea.WindowSizeMsg{Width: 80, Height: 24})
	if strings.Contains(d.screen(), "too small") || !strings.Contains(d.screen(), "New game") {
		t.Fatalf("the menu did not come back at 80×24:\n%s", d.screen())
	}
}

// TestMenuNoteFitsSmall: on a small terminal the main menu's note is shown
// whole under the items, the keys' lines giving way to it, and a note
// taller than the room is cut with "…" rather than pushing the menu off
// the screen.
func TestMenuNoteFitsSmall(t *testing.T) {
	one := "save-20261201.json cannot be loaded: it was saved by a newer version of minotaur (version 9); update minotaur to continue it."
	for _, sz := range [][2]int{{40, 12}, {40, 13}, {60, 12}, {80, 24}} {
		// Below 14 lines, three such sentences: taller than the room
		// under the items (which stand in two columns there).
		long := one
		if sz[1] < 14 {
			long = strings.TrimSpace(strings.Repeat(one+" ", 3))
		}
		for _, note := range []string{"There is no saved game to continue.", long} {
			d := newDriver(t, testConfig(t, 1), sz[0], sz[1])
			m := d.m.top().(*menuScreen)
			m.note = note
			got := d.screen()
			checkFits(t, got, sz[0], sz[1])
			for _, item := range m.labels() {
				if !strings.Contains(got, item) {
					t.Errorf("%d×%d: the item %q is not shown:\n%s", sz[0], sz[1], item, got)
				}
			}
			flat := strings.Join(strings.Fields(got), " ")
			switch {
			case note != long || sz[1] >= 14:
				if !strings.Contains(flat, note) {
					t.Errorf("%d×%d: the note is not shown whole:\n%s", sz[0], sz[1], got)
				}
			case !strings.Contains(flat, "save-20261201.json cannot be loaded") || !strings.Contains(got, "…"):
				t.Errorf("%d×%d: the long note's start, cut with …, is not shown:\n%s", sz[0], sz[1], got)
			}
		}
	}
}
