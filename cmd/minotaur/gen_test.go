package main

import (
	"strings"
	"testing"

	"github.com/minotaur-game/minotaur/engine"
	"github.com/minotaur-game/minotaur/levels"
)

func TestGenPrintsTheLevelTheCampaignPlays(t *testing.T) {
	for n := 1; n <= engine.CampaignLevels; n++ {
		out, errs, code := runCmd("gen", "--seed", "42", "--level-number", string(rune('0'+n)))
		if code != 0 {
			t.Fatalf("gen level %d: exit %d: %s", n, code, errs)
		}
		lv, _, err := levels.Parse("gen.txt", []byte(out))
		if err != nil {
			t.Fatalf("gen level %d does not parse: %v\n%s", n, err, out)
		}
		want, _ := engine.Generate(42, n)
		if string(lv.Glyphs()) != string(want.Glyphs()) {
			t.Errorf("gen level %d prints another maze than the game plays", n)
		}
	}
}

func TestGenStressSize(t *testing.T) {
	out, errs, code := runCmd("gen", "--rows", "31", "--cols", "41", "--seed", "3")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errs)
	}
	lines := 0
	for _, l := range strings.Split(out, "\n") {
		if len(l) == 41 && !strings.HasPrefix(l, "#") {
			lines++
		}
	}
	if lines != 31 {
		t.Errorf("a 31 × 41 maze printed %d rows of 41", lines)
	}
}

func TestGenUsageErrors(t *testing.T) {
	tests := []struct {
		args []string
		want string
	}{
		{[]string{"gen", "--level-number", "8"}, "level 8 does not exist"},
		{[]string{"gen", "--level-number", "2", "--rows", "31", "--cols", "31"}, "--level-number cannot be used with --rows/--cols"},
		{[]string{"gen", "--rows", "13", "--cols", "13"}, "odd sizes from 15 to 1001"},
		{[]string{"gen", "--rows", "31"}, "--rows and --cols go together"},
		{[]string{"gen", "--rows", "30", "--cols", "31"}, "odd sizes"},
		{[]string{"gen", "--seed", "-1"}, "invalid argument"},
		{[]string{"gen", "extra"}, "unexpected argument"},
		{[]string{"gen", "--bogus"}, "unknown flag"},
	}
	for _, tc := range tests {
		_, errs, code := runCmd(tc.args...)
		if code != 2 || !strings.Contains(errs, tc.want) {
			t.Errorf("%v: exit %d, stderr %q; want 2 and %q", tc.args, code, errs, tc.want)
		}
	}
}

// The old spelling of --level-number is still read, for one release,
// with a note that names the new one; the level printed is the same.
func TestGenOldLevelSpelling(t *testing.T) {
	want, _, _ := runCmd("gen", "--seed", "5", "--level-number", "3")
	out, errs, code := runCmd("gen", "--seed", "5", "--level", "3")
	if code != 0 || out != want {
		t.Fatalf("gen --level 3: exit %d, another level than --level-number 3: %s", code, errs)
	}
	if !strings.Contains(errs, "--level is now --level-number N") {
		t.Errorf("no note of the new spelling: %q", errs)
	}
	if _, errs, _ := runCmd("gen", "--seed", "5", "--level-number", "3"); errs != "" {
		t.Errorf("the new spelling notes %q", errs)
	}
	help, _, _ := runCmd("gen", "--help")
	// The help tells what the rows and columns may be, as the error does.
	if !strings.Contains(help, "odd, 15 to") || !strings.Contains(help, "1001") {
		t.Errorf("gen --help does not say the sizes --rows and --cols take:\n%s", help)
	}
}

func TestUnknownCommandSuggests(t *testing.T) {
	_, errs, code := runCmd("chekc", "x")
	if code != 2 || !strings.Contains(errs, `did you mean "check"`) {
		t.Errorf("exit %d, stderr %q", code, errs)
	}
}

func TestVersion(t *testing.T) {
	out, _, code := runCmd("version")
	if code != 0 || !strings.HasPrefix(out, "minotaur ") {
		t.Errorf("version: exit %d, %q", code, out)
	}
}
