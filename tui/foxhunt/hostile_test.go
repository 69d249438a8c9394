package foxhunt

import (
	"regexp"
	"strings"
	"testing"

	tea "github.com/charmbracelet/bubbletea"
)

// evil is what a hostile contest server puts into a name or an error line:
// the window title (OSC 0), the clipboard (OSC 52), a screen clear, bidi,
// zero-width and C1 characters.
const evil = "\x1b]0;owned\x07\x1b]52;c;cm0gLXJmIH4=\x07\x1b[2J\u202e\u200b\x9b31m\x85x"

// sgr is a style sequence, the only escape the screen draws itself.
var sgr = regexp.MustCompile(`\x1b\[[0-9;]*m`)

// assertPrintable fails on any character of a frame, its own style
// sequences aside, that a terminal would act on or that hides or turns
// text.
func assertPrintable(t *testing.T, when, frame string) {
	t.Helper()
	for _, r := range sgr.ReplaceAllString(frame, "") {
		if r != '\n' && (r < 0x20 || r == 0x7f || r >= 0x80 && r < 0xa0 || r == '\u202e' || r == '\u200b') {
			t.Fatalf("%s: the screen holds %U:\n%q", when, r, frame)
		}
	}
}

// A hostile server gets no escape sequence or control character to the
// terminal through any line the screen shows: the player's own name, the
// names in the table during a match and in the final table, and E: lines.
func TestHostileServerCannotWriteToTheTerminal(t *testing.T) {
	f := newFixture(t, 80, 24, true, smallMap)
	hostile := func(lines []string) []string {
		out := make([]string, len(lines))
		for i, l := range lines {
			out[i] = strings.ReplaceAll(l, "other", "other"+evil+strings.Repeat("y", 40))
		}
		return out
	}
	f.m.Update(lineMsg{[]string{"YourName:me" + evil}})
	f.m.Update(lineMsg{hostile(block(f.g))})
	assertPrintable(t, "during a match", f.m.View())
	if !strings.Contains(plain(f.m.View()), "other") {
		t.Fatalf("the hostile player is not in the table:\n%s", plain(f.m.View()))
	}
	f.m.Update(lineMsg{[]string{"E: invalid command" + evil}})
	assertPrintable(t, "after an E: line", f.m.View())
	for !f.g.Over() {
		f.g.EndRound()
	}
	f.m.Update(lineMsg{append(hostile(block(f.g)), "game is over")})
	assertPrintable(t, "in the final table", f.m.View())
	f.m.Update(tea.WindowSizeMsg{Width: 40, Height: 12})
	assertPrintable(t, "at 40×12", f.m.View())
}
