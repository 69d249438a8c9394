package chess

import (
	"math/rand/v2"
	"strings"
	"testing"
)

// TestRunScript: the script plays the sides the computer does not; an
// illegal line is answered and the side moves again; the script ends
// without a winner.
func TestRunScript(t *testing.T) {
	g := New(rand.NewPCG(1, 2))
	black := func(*View) (Move, bool) {
		m, err := ParseMove("e7e5")
		return m, err == nil
	}
	var out strings.Builder
	if err := RunScript(g, strings.NewReader("# white\ne2e5\n\ne2e4\n"), &out, map[Color]func(*View) (Move, bool){Black: black}); err != nil {
		t.Fatal(err)
	}
	lines := strings.Split(strings.TrimSuffix(out.String(), "\n"), "\n")
	if len(lines) != 4 || !strings.HasPrefix(lines[0], "white: illegal: ") || !strings.HasPrefix(lines[1], "white e2e4: ") ||
		!strings.HasPrefix(lines[2], "black e7e5: ") || lines[3] != "NO WINNER" {
		t.Errorf("out:\n%s", out.String())
	}
}
