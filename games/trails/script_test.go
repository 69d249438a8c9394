package trails

import (
	"strings"
	"testing"
)

// TestRunScript: one line a move for the seats the script plays, none for
// the computer's; an illegal line is answered and the seat moves again;
// the script ends without a winner.
func TestRunScript(t *testing.T) {
	g, err := New(Config{Size: 7, Towers: 1, Distance: 1, First: 1}, 1)
	if err != nil {
		t.Fatal(err)
	}
	computer := map[int]func(*Position) Dir{2: func(*Position) Dir { return Left }}
	var out strings.Builder
	if err := RunScript(g, strings.NewReader("# Blue\nx\n\nR\n"), &out, computer); err != nil {
		t.Fatal(err)
	}
	lines := strings.Split(strings.TrimSuffix(out.String(), "\n"), "\n")
	if len(lines) != 4 || !strings.HasPrefix(lines[0], "P1: illegal: ") || !strings.HasPrefix(lines[1], "P1: R -> ") ||
		!strings.HasPrefix(lines[2], "P2: L -> ") || lines[3] != "NO WINNER" {
		t.Errorf("out:\n%s", out.String())
	}
}
