package main

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// The example Labyrinth fields ship in games/labyrinth/fields; what the
// original program printed for each is in games/labyrinth/testdata/expected.
const (
	labyrinthFields   = "../../games/labyrinth/fields"
	labyrinthExpected = "../../games/labyrinth/testdata/expected"
)

func runCmd(args ...string) (stdout, stderr string, status int) {
	var out, errb bytes.Buffer
	status = run(args, &out, &errb)
	return out.String(), errb.String(), status
}

// TestCheckLabyrinthExpected: for one Labyrinth file, check prints exactly
// what the original program printed.
func TestCheckLabyrinthExpected(t *testing.T) {
	files, _ := filepath.Glob(filepath.Join(labyrinthFields, "field*.txt"))
	if len(files) != 5 {
		t.Fatalf("%d example fields, want 5", len(files))
	}
	for _, f := range files {
		t.Run(filepath.Base(f), func(t *testing.T) {
			want, err := os.ReadFile(filepath.Join(labyrinthExpected, strings.TrimSuffix(filepath.Base(f), ".txt")+".expected"))
			if err != nil {
				t.Fatal(err)
			}
			stdout, stderr, status := runCmd("check", f)
			if stdout != string(want) {
				t.Errorf("stdout:\n%s\nwant:\n%s", stdout, want)
			}
			if stderr != "" || status != 0 {
				t.Errorf("status %d, stderr %q; want 0 and nothing", status, stderr)
			}
		})
	}
}

func TestCheck(t *testing.T) {
	dir := t.TempDir()
	write := func(name, text string) string {
		p := filepath.Join(dir, name)
		if err := os.WriteFile(p, []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
		return p
	}
	good := write("good.txt", "name: Good\n+-----+\n|P.*.K|\n|.+-+.|\n|W...E|\n+-----+\n")
	pocket := write("pocket.txt", "+-----+\n|P.*.K|\n|.+-+.|\n|...|E|\n|.+.+-|\n|..|..|\n+-----+\n")
	bad := write("bad.txt", "name: Bad\n+-----+\n|P.*.K|\n|.+-+.|\n|W..x.E|\n+-----+\n")
	dream := write("dream.txt", "2\n1 1\nE\n1 1\n.\nE Exit(UP)\n")
	stuck := write("stuck.txt", "1 2\n.|E\nE Exit(UP)\n")
	brokenField := write("broken-field.txt", "1 2\nQ E\nE Exit(UP)\n")
	missing := filepath.Join(dir, "missing.txt")

	tests := []struct {
		name   string
		args   []string
		stdout []string
		stderr string // words the error output must contain
		status int
	}{
		{"a valid level", []string{good}, []string{good + ": OK"}, "", 0},
		{"warnings follow OK", []string{pocket}, []string{
			pocket + ": OK",
			pocket + ":6:5: warning: dead pocket: 2 floor tiles from here cannot be reached from any start, and the exit cannot be reached from there",
		}, "", 0},
		{"errors, one line each", []string{bad}, []string{
			bad + ":5:5: unknown character 'x' in the map: walls are + - |, floor is ., objects are P K E H W M * ^ ?",
			bad + ":5:8: this row is 8 tiles wide, the other rows are 7: every row of the map must be equally wide",
		}, "", 1},
		{"a missing file", []string{missing}, []string{missing + ": cannot read the file: no such file or directory"}, "", 1},
		{"a failing dream field passes", []string{dream}, []string{"0: OK", "1: FAILED (0, 0)"}, "", 0},
		{"a failing first field fails", []string{stuck}, []string{"0: FAILED (0, 0)"}, "", 1},
		{"a malformed field file", []string{brokenField}, []string{
			brokenField + `:2:1: the cell 'Q' at (0, 0) of field 0 has no legend line: describe it after the fields, e.g. "Q Stun(2)"`,
		}, "", 1},
		{"several files: Labyrinth lines are named", []string{good, dream, bad}, []string{
			good + ": OK",
			dream + ": 0: OK",
			dream + ": 1: FAILED (0, 0)",
			bad + ":5:5: unknown character 'x' in the map: walls are + - |, floor is ., objects are P K E H W M * ^ ?",
			bad + ":5:8: this row is 8 tiles wide, the other rows are 7: every row of the map must be equally wide",
		}, "", 1},
		{"all valid", []string{good, dream, pocket}, nil, "", 0},
		{"a file named like a flag after --", []string{"--", good}, []string{good + ": OK"}, "", 0},
		{"no file", nil, nil, "minotaur check: no file to check: name one or more level files\nusage: minotaur check FILE...", 2},
		{"a bad flag", []string{"--fields", good}, nil, "minotaur check: unknown flag: --fields\nusage: minotaur check FILE...", 2},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			stdout, stderr, status := runCmd(append([]string{"check"}, tt.args...)...)
			if tt.stdout != nil {
				if want := strings.Join(tt.stdout, "\n") + "\n"; stdout != want {
					t.Errorf("stdout:\n%s\nwant:\n%s", stdout, want)
				}
			}
			if tt.stderr == "" && stderr != "" || !strings.Contains(stderr, tt.stderr) {
				t.Errorf("stderr %q, want %q", stderr, tt.stderr)
			}
			if tt.stderr != "" && stdout != "" {
				t.Errorf("a usage error printed %q on stdout", stdout)
			}
			if status != tt.status {
				t.Errorf("exit status %d, want %d", status, tt.status)
			}
		})
	}
}

func TestCheckHelp(t *testing.T) {
	stdout, stderr, status := runCmd("check", "--help")
	if status != 0 || stderr != "" || !strings.HasPrefix(stdout, "usage: minotaur check FILE...") || !strings.Contains(stdout, "Exit status: 0") {
		t.Errorf("status %d, stdout %q, stderr %q", status, stdout, stderr)
	}
	if _, ok := commands["check"]; !ok {
		t.Error("check is not registered")
	}
}

// TestCheckExamples: the example levels in the repository pass check.
func TestCheckExamples(t *testing.T) {
	files, _ := filepath.Glob("../../levels/examples/*.txt")
	if len(files) < 7 {
		t.Fatalf("%d example levels, want at least 7", len(files))
	}
	stdout, stderr, status := runCmd(append([]string{"check"}, files...)...)
	var want strings.Builder
	for _, f := range files {
		want.WriteString(f + ": OK\n")
	}
	if stdout != want.String() || stderr != "" || status != 0 {
		t.Errorf("status %d\nstdout:\n%s\nstderr:\n%s", status, stdout, stderr)
	}
}
