package levels

import (
	"strings"
	"testing"
)

// check names the file cleaned in every line it prints: a crafted file
// name would otherwise set the terminal's title and clipboard.
func TestCheckNamesTheFileCleaned(t *testing.T) {
	name := "\x1b]0;owned\x07\x1b]52;c;cm0gLXJmIH4=\x07\u202eevil\u200b\x9b.txt"
	for _, data := range []string{
		"2\n1 1\nE\n1 1\n.\nE Exit(UP)\n", // a Labyrinth field file
		"not a level\n",                   // a level file with an error
	} {
		r := Check(name, []byte(data))
		lines := r.Lines(true)
		if len(lines) == 0 || !strings.Contains(lines[0], "evil") {
			t.Fatalf("lines %q do not name the file", lines)
		}
		for _, l := range lines {
			for _, c := range l {
				if c < 0x20 || c == 0x7f || c >= 0x80 && c < 0xa0 || c == '\u202e' || c == '\u200b' {
					t.Errorf("check prints %U in %q", c, l)
				}
			}
		}
	}
}
