package main

import (
	"bytes"
	"flag"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

var updateTrails = flag.Bool("update-trails", false, "rewrite the expected outputs of testdata/trails")

// TestTrailsScriptCorpus: recorded headless games (against each bot level,
// hot-seat, custom fields, a win by towers and a loss with no move left, one
// unfinished) must give exactly the lines they gave when recorded. Each
// script's first line holds the command's arguments; its output is kept
// beside it (.expected). A change of the rules or of the bot shows up as a
// changed output: when it is meant, rerun with -update-trails and read the
// diff.
func TestTrailsScriptCorpus(t *testing.T) {
	scripts, _ := filepath.Glob(filepath.Join("testdata", "trails", "*.script"))
	if len(scripts) < 8 {
		t.Fatalf("%d scripts in testdata/trails, want the 8 of the corpus", len(scripts))
	}
	seen := map[string]int{}
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
			argv := append([]string{"trails"}, strings.Fields(args)...)
			stdout, stderr, status := runCmd(append(argv, "--script", s)...)
			if status != 0 || stderr != "" {
				t.Fatalf("status %d, stderr %q", status, stderr)
			}
			for _, k := range []string{"took", "WINNER", "NO WINNER", "illegal:", "takes tower"} {
				if strings.Contains(stdout, k) {
					seen[k]++
				}
			}
			want := strings.TrimSuffix(s, ".script") + ".expected"
			if *updateTrails {
				if err := os.WriteFile(want, []byte(stdout), 0o644); err != nil {
					t.Fatal(err)
				}
				return
			}
			exp, err := os.ReadFile(want)
			if err != nil {
				t.Fatalf("no expected output (run with -update-trails): %v", err)
			}
			if !bytes.Equal(exp, []byte(stdout)) {
				t.Errorf("the game went differently:\n--- got ---\n%s--- want ---\n%s", stdout, exp)
			}
		})
	}
	if seen["WINNER"] < 6 || seen["NO WINNER"] < 1 || seen["illegal:"] < 4 || seen["takes tower"] < 4 {
		t.Errorf("the corpus has %v; want at least 6 games won, 1 unfinished, illegal lines and towers taken", seen)
	}
}

// TestTrailsScript: the answer lines of the spec, an illegal move that does
// not end the turn, the bot's turns read no line, and lines after the end
// are not read.
func TestTrailsScript(t *testing.T) {
	script := writeFile(t, "s.txt", "# Blue first\nD\nleft\n\nD\nx\nU\nU\nR\nL\nRIGHT\nnot read\n")
	stdout, stderr, status := runCmd("trails", "--size", "7", "--towers", "1", "--vs", "human", "--script", script)
	want := "P1: D -> (0, 1)\n" +
		"P2: L -> (5, 6)\n" +
		"P1: D -> (0, 3)\n" + // a boost of 2
		"P2: illegal: \"x\" is not a direction: write U, L, D or R (or up, left, down, right)\n" +
		"P2: U -> (5, 5)\n" +
		"P1: illegal: up from (0, 3): (0, 2) is taken by Blue's trail\n" +
		"P1: R -> (1, 3)\n" +
		"P2: L -> (4, 5)\n" +
		"P1: R -> (3, 3) takes tower 0\n" +
		"WINNER 1 MOVE 7\n"
	if stdout != want || stderr != "" || status != 0 {
		t.Errorf("status %d, stderr %q, stdout:\n%s\nwant:\n%s", status, stderr, stdout, want)
	}
	// A file saved with a byte-order mark (Notepad) and \r\n line ends
	// reads the same.
	script = writeFile(t, "bom.txt", "\ufeff"+strings.ReplaceAll("# Blue first\nD\nleft\n\nD\nx\nU\nU\nR\nL\nRIGHT\nnot read\n", "\n", "\r\n"))
	stdout, stderr, status = runCmd("trails", "--size", "7", "--towers", "1", "--vs", "human", "--script", script)
	if stdout != want || stderr != "" || status != 0 {
		t.Errorf("with a BOM: status %d, stderr %q, stdout:\n%s\nwant:\n%s", status, stderr, stdout, want)
	}
	// Against the bot, no line is read for its moves: one line, one
	// move each, and the script ends without a winner.
	script = writeFile(t, "s.txt", "R\nR\n")
	stdout, _, status = runCmd("trails", "--seed", "3", "--bot-level", "1", "--script", script)
	if lines := strings.Split(strings.TrimSpace(stdout), "\n"); status != 0 || len(lines) != 5 || lines[1][:4] != "P2: " || lines[4] != "NO WINNER" {
		t.Errorf("status %d, against the bot:\n%s", status, stdout)
	}
	// --first 2 with the bot: the bot opens before any line is read.
	stdout, _, _ = runCmd("trails", "--first", "2", "--seed", "3", "--script", writeFile(t, "e.txt", ""))
	if !strings.HasPrefix(stdout, "P2: ") || !strings.HasSuffix(stdout, "NO WINNER\n") || strings.Count(stdout, "\n") != 2 {
		t.Errorf("--first 2 with an empty script:\n%s", stdout)
	}
}

func TestTrailsUsage(t *testing.T) {
	script := writeFile(t, "s.txt", "R\n")
	tests := []struct {
		name   string
		args   []string
		status int
		stderr string
	}{
		{"even size", []string{"--size", "10", "--script", script}, 1, "minotaur trails: --size 10: the field's side must be odd"},
		{"small size", []string{"--size", "3", "--script", script}, 1, "--size 3: the field's side is 5 to 25 cells"},
		{"even towers", []string{"--towers", "2", "--script", script}, 1, "--towers 2: the number of towers must be odd"},
		{"no towers", []string{"--towers", "0", "--script", script}, 1, "--towers 0: there is at least 1 tower"},
		{"no distance", []string{"--distance", "0", "--script", script}, 1, "--distance 0: towers stand at least 1 diagonal step apart"},
		{"towers off the field", []string{"--size", "7", "--towers", "5", "--distance", "2"}, 1, "--towers 5 --distance 2: the outer towers would stand at (7, -1) and (-1, 7), outside the 7 × 7 field; at this distance at most 3 towers fit"},
		{"vs", []string{"--vs", "cat"}, 2, `--vs "cat": play against a human (at this keyboard) or the bot`},
		{"bot level", []string{"--bot-level", "4"}, 2, "--bot-level 4: the bot's levels are 1 to 3"},
		{"bot level without bot", []string{"--vs", "human", "--bot-level", "3"}, 2, "--bot-level is for a game against the bot"},
		{"first", []string{"--first", "3"}, 2, "--first 3: player 1 (Blue) or player 2 (Red) moves first"},
		{"not a number", []string{"--size", "big"}, 2, `invalid argument "big" for "--size" flag`},
		{"unknown flag", []string{"--fast"}, 2, "unknown flag: --fast"},
		{"argument", []string{"classic"}, 2, `unexpected argument "classic"`},
		{"missing script", []string{"--script", filepath.Join(t.TempDir(), "nope")}, 1, "cannot read the script"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			stdout, stderr, status := runCmd(append([]string{"trails"}, tt.args...)...)
			if status != tt.status || stdout != "" || !strings.Contains(stderr, tt.stderr) {
				t.Errorf("status %d, stdout %q, stderr %q; want %d and %q", status, stdout, stderr, tt.status, tt.stderr)
			}
			if tt.status == 2 && !strings.Contains(stderr, "usage: minotaur trails") {
				t.Errorf("a usage error without the usage: %q", stderr)
			}
		})
	}
	stdout, _, status := runCmd("trails", "--help")
	if status != 0 || !strings.Contains(stdout, "--bot-level") || !strings.Contains(stdout, "WINNER <n> MOVE <m>") {
		t.Errorf("--help: status %d, %q", status, stdout)
	}
}
