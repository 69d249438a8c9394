package main

import (
	"bytes"
	"flag"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

var updateChess = flag.Bool("update-chess", false, "rewrite the expected outputs of testdata/chess")

// TestChessScriptCorpus: headless chess games must give exactly the lines
// they gave when they were recorded. Each script's first line holds the
// command's arguments ("# args: --seed 11 --bot-level 1"); its output is kept
// beside it (.expected). A change of the rules, the bot or the words shows
// up as a changed output: when it is meant, rerun with -update-chess and
// read the diff.
func TestChessScriptCorpus(t *testing.T) {
	scripts, _ := filepath.Glob(filepath.Join("testdata", "chess", "*.script"))
	if len(scripts) < 5 {
		t.Fatalf("%d scripts in testdata/chess, want the corpus of at least 5", len(scripts))
	}
	var all strings.Builder
	for _, s := range scripts {
		t.Run(filepath.Base(s), func(t *testing.T) {
			data, err := os.ReadFile(s)
			if err != nil {
				t.Fatal(err)
			}
			first, _, _ := strings.Cut(string(data), "\n")
			args, ok := strings.CutPrefix(first, "# args: ")
			if !ok {
				t.Fatalf("the first line is not \"# args: ...\": %q", first)
			}
			argv := append([]string{"chess"}, strings.Fields(args)...)
			stdout, stderr, status := runCmd(append(argv, "--script", s)...)
			if status != 0 || stderr != "" {
				t.Fatalf("status %d, stderr %q", status, stderr)
			}
			all.WriteString(stdout)
			want := strings.TrimSuffix(s, ".script") + ".expected"
			if *updateChess {
				if err := os.WriteFile(want, []byte(stdout), 0o644); err != nil {
					t.Fatal(err)
				}
				return
			}
			exp, err := os.ReadFile(want)
			if err != nil {
				t.Fatalf("no expected output (run with -update-chess): %v", err)
			}
			if !bytes.Equal(exp, []byte(stdout)) {
				t.Errorf("the game went differently:\n--- got ---\n%s--- want ---\n%s", stdout, exp)
			}
		})
	}
	// What the corpus must go through.
	for _, want := range []string{"WINNER white MOVE", "WINNER black MOVE", "NO WINNER", "You castled", "became a queen",
		"attacked", "on the damage cell", "bonus appeared", ": illegal: ", "met a piece it could not see"} {
		if !strings.Contains(all.String(), want) {
			t.Errorf("no game of the corpus shows %q", want)
		}
	}
}

// TestChessScript: refusals answered with the same side to move again, the
// standard input, the last line, and nothing read after the end.
func TestChessScript(t *testing.T) {
	p := writeFile(t, "s.txt", "# comment\n\ne2e5\nE2E4\ne7e5\n")
	stdout, stderr, status := runCmd("chess", "--vs", "human", "--seed", "1", "--script", p)
	want := []string{"white: illegal: your pawn on e2 cannot go to e5", "white e2e4: ", "black e7e5: ", "NO WINNER"}
	lines := strings.Split(strings.TrimSuffix(stdout, "\n"), "\n")
	if status != 0 || stderr != "" || len(lines) != len(want) {
		t.Fatalf("status %d, stderr %q, stdout:\n%s", status, stderr, stdout)
	}
	for i, w := range want {
		if !strings.HasPrefix(lines[i], w) {
			t.Errorf("line %d: %q, want %q…", i+1, lines[i], w)
		}
	}
	// A script saved by an editor that starts it with a byte-order mark
	// and ends lines with \r\n reads the same: the first move is a move.
	bom := writeFile(t, "bom.txt", "\ufeffe2e4\r\ne7e5\r\n")
	stdout, stderr, status = runCmd("chess", "--vs", "human", "--seed", "1", "--script", bom)
	if lines := lines2(stdout); status != 0 || stderr != "" || len(lines) != 3 || !strings.HasPrefix(lines[0], "white e2e4: ") || !strings.HasPrefix(lines[1], "black e7e5: ") {
		t.Errorf("a script with a byte-order mark: status %d, stderr %q, stdout:\n%s", status, stderr, stdout)
	}
	// Against the bot, the script plays one side: black's first move is the bot's.
	stdout, _, _ = runCmd("chess", "--seed", "1", "--bot-level", "1", "--script", writeFile(t, "w.txt", "e2e4\n"))
	if lines := strings.Split(strings.TrimSpace(stdout), "\n"); len(lines) != 3 || !strings.HasPrefix(lines[0], "white e2e4: ") || !strings.HasPrefix(lines[1], "black ") {
		t.Errorf("against the bot:\n%s", stdout)
	}
	stdout, _, _ = runCmd("chess", "--seed", "1", "--color", "black", "--script", writeFile(t, "b.txt", ""))
	if lines := strings.Split(strings.TrimSpace(stdout), "\n"); len(lines) != 2 || !strings.HasPrefix(lines[0], "white ") {
		t.Errorf("the bot plays white first:\n%s", stdout)
	}
	// Lines after the end are not read: the same game with junk after it.
	data, err := os.ReadFile(filepath.Join("testdata", "chess", "white-vs-level1.script"))
	if err != nil {
		t.Fatal(err)
	}
	exp, err := os.ReadFile(filepath.Join("testdata", "chess", "white-vs-level1.expected"))
	if err != nil {
		t.Fatal(err)
	}
	stdout, _, _ = runCmd("chess", "--seed", "11", "--bot-level", "1", "--script", writeFile(t, "x.txt", string(data)+"zzzz\ne2e4\n"))
	if stdout != string(exp) || !strings.HasPrefix(lines2(stdout)[len(lines2(stdout))-1], "WINNER white MOVE ") {
		t.Errorf("lines after the end changed the output:\n%s", stdout)
	}
	if _, stderr, status := runCmd("chess", "--script", filepath.Join(t.TempDir(), "none")); status != 1 || !strings.Contains(stderr, "cannot read the script") {
		t.Errorf("a missing script: status %d, %q", status, stderr)
	}
}

func lines2(s string) []string { return strings.Split(strings.TrimSuffix(s, "\n"), "\n") }

func TestChessUsage(t *testing.T) {
	for _, c := range []struct {
		args []string
		want string
	}{
		{[]string{"--vs", "cat"}, `--vs "cat": play against the bot or a human`},
		{[]string{"--bot-level", "4"}, "--bot-level 4: the computer plays at level 1 to 3"},
		{[]string{"--color", "red"}, `--color "red": white or black`},
		{[]string{"--vs", "human", "--bot-level", "3"}, "--bot-level and --color are for a game against the bot"},
		{[]string{"e2e4"}, "chess takes no arguments"},
		{[]string{"--seed", "x"}, "invalid argument"},
	} {
		_, stderr, status := runCmd(append([]string{"chess"}, c.args...)...)
		if status != 2 || !strings.Contains(stderr, c.want) || !strings.Contains(stderr, "usage: minotaur chess") {
			t.Errorf("%v: status %d, %q; want 2 and %q", c.args, status, stderr, c.want)
		}
	}
	stdout, _, status := runCmd("chess", "--help")
	if status != 0 || !strings.Contains(stdout, "--script FILE|-") {
		t.Errorf("--help: %d %q", status, stdout)
	}
}
