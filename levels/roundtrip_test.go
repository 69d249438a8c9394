package levels

import (
	"reflect"
	"slices"
	"strings"
	"testing"

	"github.com/minotaur-game/minotaur/engine"
	"github.com/minotaur-game/minotaur/internal/testenv"
)

// readingOrder lists a level's starts as a level file can tell them: in
// reading order, a shared start once.
func readingOrder(starts []engine.Point) []engine.Point {
	s := slices.Clone(starts)
	slices.SortFunc(s, func(a, b engine.Point) int {
		if a.Y != b.Y {
			return a.Y - b.Y
		}
		return a.X - b.X
	})
	return slices.Compact(s)
}

// TestGeneratedLevelsRoundTrip formats 1,001 campaign levels (seeds 1…143,
// levels 1…7) under make test-long, 280 (seeds 1…40) in the quick suite,
// and checks that each parses back to the same level without a warning and
// formats back to the same text; the first 140 (seeds 1…20) also go
// through check, whose solver costs most of the time.
func TestGeneratedLevelsRoundTrip(t *testing.T) {
	seeds := testenv.Pick[uint64](40, 143)
	if testing.Short() {
		seeds = 10
	}
	for seed := uint64(1); seed <= seeds; seed++ {
		for n := 1; n <= engine.CampaignLevels; n++ {
			l, err := engine.Generate(seed, n)
			if err != nil {
				t.Fatalf("seed %d level %d: Generate: %v", seed, n, err)
			}
			text := Format(l)
			got, warnings, err := Parse("gen.txt", []byte(text))
			if err != nil {
				t.Fatalf("seed %d level %d: Parse: %v\n%s", seed, n, err, text)
			}
			if len(warnings) > 0 {
				t.Errorf("seed %d level %d: warnings: %v\n%s", seed, n, warnings, text)
			}
			want := l
			want.Starts = readingOrder(l.Starts)
			if !reflect.DeepEqual(got, want) {
				t.Fatalf("seed %d level %d: parsed back as\n%+v\nwant\n%+v", seed, n, got, want)
			}
			if err := got.Validate(); err != nil {
				t.Errorf("seed %d level %d: Validate: %v", seed, n, err)
			}
			if again := Format(got); again != text {
				t.Errorf("seed %d level %d: formats to\n%s\nthe first time and to\n%s\nthe second", seed, n, text, again)
			}
			// The generator vetted the level in a game of its own seed; check
			// plays it in games of other seeds, where wanderers turn otherwise
			// and may leave no line: only that warning may follow.
			if seed > 20 {
				continue
			}
			r := Check("gen.txt", []byte(text))
			lines := r.Lines(false)
			if !r.OK() || lines[0] != "gen.txt: OK" {
				t.Errorf("seed %d level %d: check says %q", seed, n, lines)
			}
			for _, l := range lines[1:] {
				if !strings.Contains(l, "warning: no winning line found") {
					t.Errorf("seed %d level %d: check says %q", seed, n, lines)
				}
			}
		}
	}
}

// TestValidFilesRoundTrip: a valid file formats to an equivalent file that
// parses to the same level and formats to itself.
func TestValidFilesRoundTrip(t *testing.T) {
	files := map[string]string{
		"base":                  base,
		"untidy":                "\uFEFF# comment\r\nname: Loose  \r\n\r\n+++++++++  \r\n|P...|.K|\r\n|.+.+.+.|\r\n|.......E\r\n+++++++++\r\n# end\r\n",
		"two starts and a door": "author: bo\n+-----+\n|PP.^K|\n|.+-+.|\n|W....E\n+-----+\n",
	}
	for _, name := range exampleNames(t) {
		files[name] = string(readExample(t, name))
	}
	for name, text := range files {
		t.Run(name, func(t *testing.T) {
			l, _, err := Parse(name, []byte(text))
			if err != nil {
				t.Fatalf("Parse: %v", err)
			}
			formatted := Format(l)
			l2, _, err := Parse(name, []byte(formatted))
			if err != nil {
				t.Fatalf("Parse(Format(l)): %v\n%s", err, formatted)
			}
			if !reflect.DeepEqual(l, l2) {
				t.Errorf("the formatted file parses to another level:\n%s", formatted)
			}
			if again := Format(l2); again != formatted {
				t.Errorf("Format is not stable:\n%s\nthen\n%s", formatted, again)
			}
		})
	}
}
