package labyrinth

import (
	"regexp"
	"strings"
	"testing"
)

// hostileName is a file name that would set the terminal's title and
// clipboard, clear the screen and turn the text around if printed raw.
const hostileName = "\x1b]0;owned\x07\x1b]52;c;cm0gLXJmIH4=\x07\x1b[2J\u202eevil\u200b\x9b.txt"

// sgr is a style sequence (bold, reverse): the only escape a frame draws.
var sgr = regexp.MustCompile(`\x1b\[[0-9;]*m`)

// rawControl reports the first character of a frame, its style sequences
// aside, that a terminal would act on or that would hide or turn text.
func rawControl(frame string) (rune, bool) {
	for _, r := range sgr.ReplaceAllString(frame, "") {
		switch {
		case r == '\n':
		case r < 0x20, r == 0x7f, r >= 0x80 && r < 0xa0, r == '\u202e', r == '\u200b':
			return r, true
		}
	}
	return 0, false
}

// A field opened from a file whose name holds escape sequences shows the
// name cleaned: in the setup screen, the game's header, the hand-over
// box and the pause menu.
func TestHostileFieldNameIsShownCleaned(t *testing.T) {
	cfg := field2(t)
	cfg.Labyrinth.Name = hostileName
	d := newDriver(t, cfg, 80, 24)
	seen := map[string]bool{}
	for _, keys := range []string{"", "<enter>", "<esc>"} {
		d.keys(keys)
		frame := d.Frame(d.c)
		seen[d.name()] = true
		if r, bad := rawControl(frame); bad {
			t.Fatalf("on %s the frame holds %U:\n%q", d.name(), r, frame)
		}
		if !strings.Contains(frame, "evil") {
			t.Errorf("on %s the name is not shown at all:\n%s", d.name(), frame)
		}
	}
	if len(seen) < 2 {
		t.Errorf("only %v were drawn", seen)
	}
}
