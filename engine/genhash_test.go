package engine

import (
	"bufio"
	"crypto/sha256"
	"flag"
	"fmt"
	"os"
	"strings"
	"testing"
)

var updateGenHashes = flag.Bool("update-gen-hashes", false, "rewrite testdata/gen_hashes.txt from the generator as it is")

// levelHash is a digest of everything a generated level holds: its name,
// size, every wall, the starts, key, exit, bonuses and monsters.
func levelHash(l Level) string {
	h := sha256.New()
	fmt.Fprintf(h, "%q %d %d\n", l.Name, l.Rows, l.Cols)
	w := make([]byte, len(l.Wall))
	for i, v := range l.Wall {
		if v {
			w[i] = 1
		}
	}
	h.Write(w)
	fmt.Fprintf(h, "\n%v %v %v %v %v\n", l.Starts, l.Key, l.Exit, l.Bonuses, l.Monsters)
	return fmt.Sprintf("%x", h.Sum(nil)[:12])
}

// genSizes are the stress sizes whose mazes are pinned beside the campaign.
var genSizes = [][2]int{{15, 15}, {41, 61}, {101, 101}, {301, 201}, {1001, 1001}}

// TestGeneratedMazesUnchanged pins the mazes dealt for levels 1–7 of seeds
// 1–50 and for stress sizes: a game's seed must keep dealing the same maze
// (saves, replays and the balance table depend on it), so a faster
// generator must give byte-identical levels.
func TestGeneratedMazesUnchanged(t *testing.T) {
	var got []string
	for n := 1; n <= CampaignLevels; n++ {
		for seed := uint64(1); seed <= 50; seed++ {
			l, dropped, err := GenerateCounted(seed, n)
			if err != nil {
				t.Fatalf("level %d seed %d: %v", n, seed, err)
			}
			got = append(got, fmt.Sprintf("level %d seed %d dropped %d %s", n, seed, dropped, levelHash(l)))
		}
	}
	for _, sz := range genSizes {
		for seed := uint64(1); seed <= 3; seed++ {
			l, err := GenerateSize(seed, sz[0], sz[1])
			if err != nil {
				t.Fatalf("size %d×%d seed %d: %v", sz[0], sz[1], seed, err)
			}
			got = append(got, fmt.Sprintf("size %dx%d seed %d %s", sz[0], sz[1], seed, levelHash(l)))
		}
	}
	const path = "testdata/gen_hashes.txt"
	if *updateGenHashes {
		if err := os.WriteFile(path, []byte(strings.Join(got, "\n")+"\n"), 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	f, err := os.Open(path)
	if err != nil {
		t.Fatalf("the pinned mazes are missing (%v)", err)
	}
	defer f.Close()
	var want []string
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		want = append(want, sc.Text())
	}
	if len(want) != len(got) {
		t.Fatalf("%s pins %d mazes, the test deals %d", path, len(want), len(got))
	}
	for i := range got {
		if got[i] != want[i] {
			t.Errorf("maze changed:\n got  %s\n want %s", got[i], want[i])
		}
	}
}
