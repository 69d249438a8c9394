package levels

import (
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/minotaur-game/minotaur/engine"
)

// exampleNames lists the level files in examples/.
func exampleNames(t testing.TB) []string {
	t.Helper()
	names, err := filepath.Glob(filepath.Join("examples", "*.txt"))
	if err != nil || len(names) == 0 {
		t.Fatalf("no example levels: %v", err)
	}
	return names
}

func readExample(t testing.TB, name string) []byte {
	t.Helper()
	data, err := os.ReadFile(name)
	if err != nil {
		t.Fatal(err)
	}
	return data
}

// TestExamples: every example level passes check without a warning, fits
// the 80×24 terminal (at most 21 rows × 23 columns, like the campaign's
// largest level), has a name and an author, and starts a game for one and
// for two players.
func TestExamples(t *testing.T) {
	names := exampleNames(t)
	if len(names) < 7 {
		t.Errorf("%d example levels, want at least 7", len(names))
	}
	kinds := map[string]bool{}
	for _, name := range names {
		t.Run(filepath.Base(name), func(t *testing.T) {
			data := readExample(t, name)
			r := Check(name, data)
			if !r.OK() || !slices.Equal(r.Lines(false), []string{name + ": OK"}) {
				t.Fatalf("check says:\n%s", strings.Join(r.Lines(false), "\n"))
			}
			l, _, err := Parse(name, data)
			if err != nil {
				t.Fatal(err)
			}
			if l.Rows > 21 || l.Cols > 23 {
				t.Errorf("%d × %d is larger than 21 × 23", l.Rows, l.Cols)
			}
			if l.Name == "" || l.Author == "" {
				t.Errorf("name %q, author %q: an example shows the header", l.Name, l.Author)
			}
			if !strings.HasPrefix(string(data), "#") {
				t.Errorf("an example starts with comments that explain it")
			}
			for _, players := range []int{1, 2} {
				if _, err := engine.New(engine.Config{Seed: 1, Players: players, Levels: []engine.Level{l}}); err != nil {
					t.Errorf("engine.New with %d players: %v", players, err)
				}
			}
			for _, m := range l.Monsters {
				kinds[string(m.Kind)] = true
			}
			for _, b := range l.Bonuses {
				kinds[string(b.Kind)] = true
			}
			if len(l.Starts) == 2 {
				kinds["co-op"] = true
			}
			if l.Exit.X == 0 || l.Exit.Y == 0 || l.Exit.X == l.Cols-1 || l.Exit.Y == l.Rows-1 {
				kinds["door"] = true
			} else {
				kinds["inner exit"] = true
			}
		})
	}
	// Together the examples show every part of the format.
	for _, k := range []string{"H", "W", "M", "*", "^", "?", "co-op", "door", "inner exit"} {
		if !kinds[k] {
			t.Errorf("no example level shows %s", k)
		}
	}
}
