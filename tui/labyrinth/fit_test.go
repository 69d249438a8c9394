package labyrinth

import (
	"github.com/minotaur-game/minotaur/tui/screen/screentest"
	"testing"
)

// TestLabyrinthFitsSmall draws every Labyrinth screen of the golden walk
// at the smallest terminal (40×12) and at 80×24: each fits whole.
func TestLabyrinthFitsSmall(t *testing.T) {
	walks := []struct {
		name string
		cfg  func(t *testing.T) Config
		play func(d *driver)
	}{
		{name: "menu", play: func(d *driver) { d.keys("l") }},
		{name: "setup players", play: func(d *driver) { d.keys("l<enter>") }},
		{name: "setup pass", play: func(d *driver) { d.keys("l<enter>2") }},
		{name: "setup start", play: func(d *driver) { d.keys("l<enter>2<enter>9,9<enter>") }},
		{name: "setup size", play: func(d *driver) { d.keys("l<down><down><down><down><down><enter>1") }},
		{name: "handover", cfg: field2},
		{name: "play", cfg: field2, play: func(d *driver) { d.keys("<enter>") }},
		{name: "answered", cfg: field2, play: func(d *driver) { d.keys("<enter>s") }},
		{name: "pause", cfg: field2, play: func(d *driver) { d.keys("<enter>s<enter><esc>") }},
		{name: "pause saved", cfg: field2, play: func(d *driver) { d.keys("<enter>s<enter><esc><down><enter>") }},
		{name: "pause quit", cfg: field2, play: func(d *driver) { d.keys("<enter>s<enter><esc><down><down><enter>") }},
		{name: "help", cfg: field2, play: func(d *driver) { d.keys("<enter>?") }},
		{name: "won", cfg: field2, play: winField2},
		{name: "end", cfg: field2, play: func(d *driver) { winField2(d); d.endScreen() }},
	}
	for _, size := range [][2]int{{40, 12}, {80, 24}} {
		for _, tc := range walks {
			t.Run(tc.name, func(t *testing.T) {
				cfg := testConfig(t, 1)
				if tc.cfg != nil {
					cfg = tc.cfg(t)
				}
				d := newDriver(t, cfg, size[0], size[1])
				if tc.play != nil {
					tc.play(d)
				}
				screentest.Fits(t, d.screen(), size[0], size[1])
			})
		}
	}
}
