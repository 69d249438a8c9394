package levels

import (
	"strings"
	"testing"
)

// TestCheckWarnsNoWinningLine: a level whose only corridor to the key is
// held by a hunter that gets there first is playable (check says OK) but
// warns that no winning line was found, at the hunter's tile; the same
// level without the hunter has no warning. Parse, which loads levels for
// play, runs no solver.
func TestCheckWarnsNoWinningLine(t *testing.T) {
	trapped := "+-------------+\n" +
		"|P...........K|\n" +
		"+-----------+.|\n" +
		"|E..........H.|\n" +
		"+-------------+\n"
	r := Check("trap.txt", []byte(trapped))
	lines := r.Lines(false)
	if !r.OK() || len(lines) != 2 || lines[0] != "trap.txt: OK" {
		t.Fatalf("check says:\n%s", strings.Join(lines, "\n"))
	}
	want := "trap.txt:4:13: warning: no winning line found: every line tried is caught, most often by the hunter from (12, 3)"
	if lines[1] != want {
		t.Errorf("got  %s\nwant %s", lines[1], want)
	}
	if _, warns, err := Parse("trap.txt", []byte(trapped)); err != nil || len(warns) != 0 {
		t.Errorf("Parse must not run the solver: %v %v", warns, err)
	}

	free := strings.Replace(trapped, "H", ".", 1)
	if lines := Check("free.txt", []byte(free)).Lines(false); len(lines) != 1 {
		t.Errorf("the level without the hunter must pass without a warning:\n%s", strings.Join(lines, "\n"))
	}
}

// TestCheckSaysWhenNotSolved: a level above SolveMaxTiles is not searched,
// and check says so instead of staying silent about its winnability.
func TestCheckSaysWhenNotSolved(t *testing.T) {
	var b strings.Builder
	b.WriteString("+" + strings.Repeat("-", 69) + "+\n")
	b.WriteString("|P" + strings.Repeat(".", 67) + "K|\n")
	for range 68 {
		b.WriteString("|" + strings.Repeat(".", 69) + "|\n")
	}
	b.WriteString("|" + strings.Repeat(".", 68) + "E|\n")
	b.WriteString("+" + strings.Repeat("-", 69) + "+\n")
	lines := Check("big.txt", []byte(b.String())).Lines(false)
	want := []string{"big.txt: OK", "big.txt:2:2: warning: not searched for a winning line: the level has 5112 tiles, and the solver takes levels of up to 4096"}
	if strings.Join(lines, "\n") != strings.Join(want, "\n") {
		t.Errorf("check says\n%s\nwant\n%s", strings.Join(lines, "\n"), strings.Join(want, "\n"))
	}
}
