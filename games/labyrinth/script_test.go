package labyrinth

import (
	"errors"
	"strings"
	"testing"
)

// TestRunScript: the referee's answers a line, the last line the winner;
// the commands after the end are counted, not played, when the script can
// be read to its end, and only noted when it cannot.
func TestRunScript(t *testing.T) {
	const field = "1 3\n. . E\nE Exit(RIGHT)\n"
	for _, countable := range []bool{true, false} {
		g := newGame(t, field, cell(0, 0))
		var out strings.Builder
		note, err := RunScript(g, strings.NewReader("# walk east\nd\n\np1 D\nD\nW\n"), &out, countable)
		if err != nil {
			t.Fatal(err)
		}
		if !strings.HasPrefix(out.String(), "P1: You start at") || !strings.HasSuffix(out.String(), "P1: You got out: you win!\nWINNER 1 TURN 3\n") {
			t.Errorf("out:\n%s", out.String())
		}
		want := "player 1 won in turn 3; the script was not played from line 6 on"
		if countable {
			want = "player 1 won in turn 3; 1 command of the script after it (from line 6) not played"
		}
		if note != want {
			t.Errorf("countable %v: note %q, want %q", countable, note, want)
		}
	}
}

// TestRunScriptRefused: a line the referee refuses stops the script with
// its line number, and no last line is written.
func TestRunScriptRefused(t *testing.T) {
	g := newGame(t, "1 3\n. . E\nE Exit(RIGHT)\n", cell(0, 0), cell(0, 1))
	var out strings.Builder
	_, err := RunScript(g, strings.NewReader("D\np1 D\n"), &out, true)
	var refused *ScriptError
	if !errors.As(err, &refused) || err.Error() != "script line 2: it is player 2's turn, not player 1's" {
		t.Fatalf("error %v, want a ScriptError on line 2", err)
	}
	if strings.Contains(out.String(), "WINNER") {
		t.Errorf("a last line after a refused script:\n%s", out.String())
	}
}
