package minotaur

import (
	"flag"
	"fmt"
	"strings"
	"testing"

	"github.com/minotaur-game/minotaur/saves"
	"github.com/minotaur-game/minotaur/tui/screen"
	"github.com/minotaur-game/minotaur/tui/screen/screentest"
)

// goldenSeed is the seed of the golden games: its level 1 can be passed by
// walking to the key and the exit around the wanderer.
const goldenSeed = 4

// -update rewrites the golden files (screentest.Golden reads it).
var _ = flag.Bool("update", false, "rewrite the golden files")

// TestGolden compares the plain text of each of Minotaur's screens at
// 80×24 with its golden file. Run `go test ./tui/minotaur -run TestGolden
// -update` after a deliberate change of a screen, and read the diff.
func TestGolden(t *testing.T) {
	tests := []struct {
		name string
		size [2]int
		prep func(t *testing.T, cfg *testSettings)
		play func(d *driver)
		want string // the top screen
	}{
		{name: "help", play: func(d *driver) { d.keys("?") }, want: "help"},
		{name: "game_level1", play: func(d *driver) { d.keys("<enter>") }, want: "game"},
		{name: "game_moves", play: func(d *driver) { d.keys("<enter>ssdwd") }, want: "game"},
		{name: "pause", play: func(d *driver) { d.keys("<enter>d<esc>") }, want: "pause"},
		{name: "level_passed", play: func(d *driver) {
			d.keys("<enter>")
			if !d.passLevel() {
				d.t.Fatalf("level 1 of seed %d could not be passed (%v):\n%s\n%s", goldenSeed, d.game().Result(), d.game(), d.screen())
			}
		}, want: "passed"},
		{name: "game_over", play: func(d *driver) {
			d.keys("<enter>")
			if !d.loseGame() {
				d.t.Fatalf("could not lose level 1 of seed %d", goldenSeed)
			}
			// The replay's full path, the same on every machine.
			d.send(screen.EndedMsg{Replay: "/home/ada/.local/share/minotaur/replays/replay-20250314-150926.json"})
		}, want: "end"},
		{name: "game_over_small", size: [2]int{40, 12}, play: func(d *driver) {
			d.keys("<enter>")
			if !d.loseGame() {
				d.t.Fatalf("could not lose level 1 of seed %d", goldenSeed)
			}
			d.send(screen.EndedMsg{Replay: "/home/ada/.local/share/minotaur/replays/replay-20250314-150926.json"})
		}, want: "end"},
		{name: "victory", prep: func(t *testing.T, cfg *testSettings) {
			cfg.Levels = Campaign{{Level: corridor(), Text: "(corridor)"}}
		}, play: func(d *driver) {
			d.keys("<enter>dddd")
			d.send(screen.EndedMsg{Replay: "/home/ada/.local/share/minotaur/replays/replay-20250314-150926.json"})
		}, want: "end"},
		{name: "high_scores", prep: func(t *testing.T, cfg *testSettings) {
			table := saves.ScoreTable{Path: cfg.Scores}
			for i, n := range []string{"theseus", "ariadne", "daedalus", "icarus"} {
				if _, err := table.Add(saves.Entry{Name: n, Score: 2000 - 300*i, Level: 7 - i, Seed: uint64(i)}, fixedNow.AddDate(0, 0, -i)); err != nil {
					t.Fatal(err)
				}
			}
		}, play: func(d *driver) { d.keys("i") }, want: "scores"},
		{name: "high_scores_full", prep: func(t *testing.T, cfg *testSettings) {
			// Ten entries with seeds drawn from the clock (20 digits).
			table := saves.ScoreTable{Path: cfg.Scores}
			for i := range 10 {
				e := saves.Entry{Name: fmt.Sprintf("player%02d-longname", i), Score: 2000 - 100*i, Level: 7 - i/2, Seed: 18446744073709551615 - uint64(i)*977}
				if _, err := table.Add(e, fixedNow.AddDate(0, 0, -i)); err != nil {
					t.Fatal(err)
				}
			}
		}, play: func(d *driver) { d.keys("i") }, want: "scores"},
		{name: "game_long_seed", prep: func(t *testing.T, cfg *testSettings) { cfg.Seed = 18446744073709551615 },
			play: func(d *driver) { d.keys("<enter>") }, want: "game"},
		{name: "history", play: func(d *driver) { d.keys("<enter>www<ctrl+p>") }, want: "history"},
		{name: "look", play: func(d *driver) { d.keys("<enter>Xs") }, want: "game"},
		{name: "quit_confirm", play: func(d *driver) { d.keys("<enter>s<esc><down><down><enter>") }, want: "confirm"},
		{name: "game_narrow", size: [2]int{44, 16}, play: func(d *driver) { d.keys("<enter>ss") }, want: "game"},
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

// checkFits fails when a frame is larger than the terminal.
func checkFits(t *testing.T, frame string, w, h int) { t.Helper(); screentest.Fits(t, frame, w, h) }
