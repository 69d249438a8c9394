package main

import (
	"bytes"
	"flag"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

var updateLabyrinth = flag.Bool("update-labyrinth", false, "rewrite the expected outputs of testdata/labyrinth")

// TestLabyrinthScriptCorpus: headless games over the five example fields
// (and a random field) must give exactly the answers they gave when they
// were recorded. Each script's first line holds the command's arguments
// ("# args: field2 --start 0,0 --start 3,3"); its output is kept beside it
// (.expected). A change of the rules shows up as a changed output: when it is
// meant, rerun with -update-labyrinth and read the diff.
func TestLabyrinthScriptCorpus(t *testing.T) {
	scripts, _ := filepath.Glob(filepath.Join("testdata", "labyrinth", "*.script"))
	fields := map[string]bool{}
	winners := 0
	for _, s := range scripts {
		t.Run(filepath.Base(s), func(t *testing.T) {
			data, err := os.ReadFile(s)
			if err != nil {
				t.Fatal(err)
			}
			first, _, _ := strings.Cut(string(data), "\n")
			args, ok := strings.CutPrefix(first, "# args: ")
			if !ok {
				t.Fatalf("the first line is not \"# args: FIELD ...\": %q", first)
			}
			argv := append([]string{"labyrinth"}, strings.Fields(args)...)
			fields[argv[1]] = true
			stdout, stderr, status := runCmd(append(argv, "--script", s)...)
			if status != 0 || stderr != "" {
				t.Fatalf("status %d, stderr %q", status, stderr)
			}
			if strings.Contains(stdout, "\nWINNER ") {
				winners++
			}
			want := strings.TrimSuffix(s, ".script") + ".expected"
			if *updateLabyrinth {
				if err := os.WriteFile(want, []byte(stdout), 0o644); err != nil {
					t.Fatal(err)
				}
				return
			}
			exp, err := os.ReadFile(want)
			if err != nil {
				t.Fatalf("no expected output (run with -update-labyrinth): %v", err)
			}
			if !bytes.Equal(exp, []byte(stdout)) {
				t.Errorf("the game went differently:\n--- got ---\n%s--- want ---\n%s", stdout, exp)
			}
		})
	}
	for _, f := range []string{"field1", "field2", "field3", "field4", "field5"} {
		if !fields[f] {
			t.Errorf("no script of the corpus plays %s", f)
		}
	}
	if winners < 5 {
		t.Errorf("%d games of the corpus are won, want at least 5", winners)
	}
}

func writeFile(t *testing.T, name, text string) string {
	t.Helper()
	p := filepath.Join(t.TempDir(), name)
	if err := os.WriteFile(p, []byte(text), 0o644); err != nil {
		t.Fatal(err)
	}
	return p
}

// TestLabyrinthScript: the headless mode's lines, a bare command in turn
// order, comments, and the last line without a winner.
func TestLabyrinthScript(t *testing.T) {
	script := writeFile(t, "s.txt", "# a comment\n\np1 d\nW\nP1 x d\n  e  \n")
	stdout, stderr, status := runCmd("labyrinth", "field1", "--start", "0,0", "--start", "(2, 2)", "--script", script)
	want := "P1: You start at (0, 0) on a field of 3 × 3 cells.\n" +
		"P2: You start at (2, 2) on a field of 3 × 3 cells.\n" +
		"P1: You hit a wall.\n" +
		"P2: You moved.\n" +
		"P1: You have no bullets.\n" +
		"P1: You have 0 bullets of 3 and no key.\n" +
		"NO WINNER\n"
	if stdout != want || stderr != "" || status != 0 {
		t.Errorf("status %d, stderr %q, stdout:\n%s\nwant:\n%s", status, stderr, stdout, want)
	}
	// A file saved with a byte-order mark (Notepad) and \r\n line ends
	// reads the same.
	script = writeFile(t, "bom.txt", "\ufeffp1 d\r\nW\r\nP1 x d\r\n  e  \r\n")
	stdout, stderr, status = runCmd("labyrinth", "field1", "--start", "0,0", "--start", "(2, 2)", "--script", script)
	if stdout != want || stderr != "" || status != 0 {
		t.Errorf("with a BOM: status %d, stderr %q, stdout:\n%s\nwant:\n%s", status, stderr, stdout, want)
	}
}

// TestLabyrinthScriptDeterministic: random starts and a random field are
// the same for the same seed.
func TestLabyrinthScriptDeterministic(t *testing.T) {
	script := writeFile(t, "s.txt", "W\nA\nS\nD\n")
	args := []string{"labyrinth", "random", "--size", "15,20", "--seed", "99", "--players", "3", "--random-positions", "--script", script}
	a, _, s1 := runCmd(args...)
	b, _, s2 := runCmd(args...)
	if a != b || s1 != 0 || s2 != 0 {
		t.Fatalf("two runs differ:\n%s\n---\n%s", a, b)
	}
	if !strings.Contains(a, "P3: You start at") || !strings.Contains(a, "on a field of 15 × 20 cells.") {
		t.Fatalf("output:\n%s", a)
	}
}

// TestLabyrinthScriptAfterTheEnd: a stream of
// commands that runs on after the game ends (a bot's moves) is read no
// further; the last line is still WINNER, the status 0, and stderr says
// how many commands were left.
func TestLabyrinthScriptAfterTheEnd(t *testing.T) {
	more := strings.Repeat("D\nW\n", 1500) // 3,000 moves, most after the end
	script := writeFile(t, "s.txt", "D\nW\nW\n# then the rest\n"+more)
	stdout, stderr, status := runCmd("labyrinth", "field1", "--start", "0,1", "--start", "2,2", "--script", script)
	if status != 0 || !strings.HasSuffix(stdout, "P1: You got out: you win!\nWINNER 1 TURN 2\n") {
		t.Fatalf("status %d, stdout:\n%s", status, stdout)
	}
	want := "minotaur labyrinth: player 1 won in turn 2; 3000 commands of the script after it (from line 5) not played\n"
	if stderr != want {
		t.Errorf("stderr %q, want %q", stderr, want)
	}
}

func TestLabyrinthScriptErrors(t *testing.T) {
	tests := []struct {
		name, script string
		status       int
		stdout       string // a part of it
		stderr       string
	}{
		{"wrong player", "p2 W\n", 1, "P1: You start at", "minotaur labyrinth: script line 1: it is player 1's turn, not player 2's\n"},
		{"no such player", "p7 W\n", 1, "", `script line 1: "p7" names no player of this game (p1 to p2)`},
		{"an answer line given as a command", "P1: You moved.\n", 1, "", `script line 1: "P1:" is not a player: write the player and the command, like "p1 W", or the command alone`},
		{"bad command", "W\nQ\n", 1, "P1: You hit a wall.\n", `script line 2: "Q" is not a command: the commands are W, A, S, D`},
		{"shot without direction", "X\n", 1, "", "script line 1: X takes a direction, W, A, S or D (such as X D)"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			script := writeFile(t, "s.txt", tt.script)
			stdout, stderr, status := runCmd("labyrinth", "field1", "--start", "0,1", "--start", "2,2", "--script", script)
			if status != tt.status || !strings.Contains(stdout, tt.stdout) || !strings.Contains(stderr, tt.stderr) {
				t.Errorf("status %d, stdout %q, stderr %q; want %d, %q, %q", status, stdout, stderr, tt.status, tt.stdout, tt.stderr)
			}
		})
	}
}

func TestLabyrinthUsage(t *testing.T) {
	dir := t.TempDir()
	failing := filepath.Join(dir, "failing.txt")
	os.WriteFile(failing, []byte("1 3\nE .|.\nE Exit(UP)\n"), 0o644)
	broken := filepath.Join(dir, "broken.txt")
	os.WriteFile(broken, []byte("1 2\nE Q\nE Exit(UP)\n"), 0o644)
	level := filepath.Join(dir, "level.txt")
	os.WriteFile(level, []byte("+-----+\n|P.K.E|\n+-----+\n"), 0o644)
	script := writeFile(t, "s.txt", "W\n")
	tests := []struct {
		name   string
		args   []string
		status int
		stderr string
	}{
		{"two fields", []string{"field1", "field2"}, 2, "one field at a time, not 2"},
		{"too many players", []string{"field1", "--players", "5"}, 2, "--players 5: the Labyrinth is played by 1 to 4 players"},
		{"bad start", []string{"field1", "--start", "1;2"}, 2, `--start "1;2": write a cell as X,Y`},
		{"start outside", []string{"field1", "--start", "3,0", "--script", script}, 2, "player 1's start (3, 0) is outside the field: x (the row) goes from 0 to 2 and y (the column) from 0 to 2"},
		{"more starts than players", []string{"field1", "--players", "1", "--start", "0,0", "--start", "1,1"}, 2, "2 start cells for 1 players"},
		{"missing starts in a script", []string{"field1", "--players", "2", "--start", "0,0", "--script", script}, 2, "player 2 has no start cell: give --start once per player, or --random-positions"},
		{"size of a file", []string{"field1", "--size", "5,5"}, 2, "--size is for a random field"},
		{"size too large", []string{"random", "--size", "101,5", "--script", script}, 2, `--size "101,5": a random field has 2 to 100 rows and columns`},
		{"missing file", []string{filepath.Join(dir, "nope.txt")}, 1, "nope.txt"},
		{"a level file", []string{level}, 1, "is not a Labyrinth field file (a Minotaur level is played with 'minotaur --level"},
		{"a field that check rejects", []string{failing, "--script", script}, 1, "0: FAILED (0, 2)\nminotaur labyrinth: " + failing + " cannot be played: the exit cannot be reached from every cell of field 0"},
		{"a broken field", []string{broken, "--script", script}, 1, "broken.txt:2:3: the cell 'Q' at (0, 1) of field 0 has no legend line"},
		{"unknown flag", []string{"field1", "--fast"}, 2, "unknown flag: --fast"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			stdout, stderr, status := runCmd(append([]string{"labyrinth"}, tt.args...)...)
			if status != tt.status || stdout != "" || !strings.Contains(stderr, tt.stderr) {
				t.Errorf("status %d, stdout %q, stderr %q; want %d and %q", status, stdout, stderr, tt.status, tt.stderr)
			}
		})
	}
	stdout, _, status := runCmd("labyrinth", "--help")
	if status != 0 || !strings.Contains(stdout, "--random-positions") || !strings.Contains(stdout, "WINNER <n> TURN <t>") {
		t.Errorf("--help: status %d, %q", status, stdout)
	}
}

// TestLabyrinthWithoutFieldStarts: without a field the command plays a
// random one, as trails and chess start at once (it was a usage error).
func TestLabyrinthWithoutFieldStarts(t *testing.T) {
	script := writeFile(t, "s.txt", "W\n")
	stdout, stderr, status := runCmd("labyrinth", "--random-positions", "--seed", "3", "--script", script)
	if status != 0 || !strings.Contains(stdout, "P1: ") || stderr != "" {
		t.Errorf("status %d, stdout %q, stderr %q", status, stdout, stderr)
	}
}

// TestLabyrinthUnknownFieldNamesTheBuiltIns: a
// field that is neither a file nor a built-in one is told the built-in
// fields' names.
func TestLabyrinthUnknownFieldNamesTheBuiltIns(t *testing.T) {
	_, stderr, status := runCmd("labyrinth", "field9", "--script", "-")
	if status != 1 || !strings.Contains(stderr, "field9: cannot read the file") ||
		!strings.Contains(stderr, "a built-in field (field1, field2, field3, field4, field5) or random") {
		t.Errorf("status %d, stderr %q", status, stderr)
	}
}
