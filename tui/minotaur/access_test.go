package minotaur

import (
	"regexp"
	"strings"
	"testing"

	"github.com/minotaur-game/minotaur/internal/testboard"
)

// The terminal's cursor stands on the player's tile, at 80×24 and 40×12,
// and follows a step.
func TestCursorOnThePlayer(t *testing.T) {
	for _, size := range [][2]int{{80, 24}, {40, 12}} {
		cfg := testConfig(t, 1)
		cfg.Levels = Campaign{{Level: corridor(), Text: "(corridor)"}}
		d := newDriver(t, cfg, size[0], size[1])
		d.keys("<enter>")
		for step := 0; step < 2; step++ {
			s := d.screen()
			at := d.m.c.Cursor
			lines := strings.Split(s, "\n")
			if !at.On || at.Y >= len(lines) || []rune(lines[at.Y])[at.X] != 'P' {
				t.Fatalf("%v, step %d: the cursor is at %+v, not on the player:\n%s", size, step, at, s)
			}
			d.keys("d")
		}
		d.keys("<esc>")
		d.screen()
		if d.m.c.Cursor.On {
			t.Fatalf("%v: the pause menu keeps the cursor on the map", size)
		}
	}
}

// The accessible layout: the newest message first, and the monsters in
// light named in words with where they stand ("hunter 3 east").
func TestAccessibleLayout(t *testing.T) {
	rows := []string{
		"+-------------+",
		"|P..H........K|",
		"|.+---------+.|",
		"|E............|",
		"+-------------+",
	}
	lv := testboard.Level(t, rows...)
	for _, size := range [][2]int{{80, 24}, {40, 12}} {
		cfg := testConfig(t, 1)
		cfg.Levels = Campaign{{Level: lv, Text: strings.Join(rows, "\n") + "\n"}}
		cfg.Accessible = true
		d := newDriver(t, cfg, size[0], size[1])
		d.keys("<enter>d")
		s := d.screen()
		if !regexp.MustCompile(`hunter [12] east`).MatchString(s) {
			t.Fatalf("%v: the hunter is not named in words:\n%s", size, s)
		}
		if size[0] == 80 {
			seen, start := strings.Index(s, "You see a hunter."), strings.Index(s, "Level 1.")
			if seen < 0 || start < 0 || seen > start {
				t.Fatalf("the newest message is not first:\n%s", s)
			}
		}
	}
}
