package levels

import (
	"fmt"
	"sort"
	"strings"
	"testing"

	"github.com/minotaur-game/minotaur/engine"
)

// ruleWords are the words of the error levels reports for each engine
// problem a level file can have.
var ruleWords = map[engine.ProblemCode]string{
	engine.ProblemSize:             "a level needs at least 3 × 3 tiles",
	engine.ProblemMinotaurs:        "a second Minotaur M",
	engine.ProblemBorderOpen:       "the border is open",
	engine.ProblemMonsterNearStart: "stands next to the player start",
	engine.ProblemKeyBehindExit:    "the key is walled in",
	engine.ProblemKeyWalledIn:      "the key is walled in",
	engine.ProblemExitWalledIn:     "the exit is walled in",
}

// TestErrorsAreEngineProblems: for level files whose rows form a board and
// that have one key and one exit, every error Parse reports is an engine
// problem of the level at its place in the file, and every engine problem
// is an error — no rule is checked on one side only. The key and exit
// problems of several starts are one error at the key (exit) that names
// them all.
func TestErrorsAreEngineProblems(t *testing.T) {
	files := map[string]string{
		"a gap in the border":                      edit(map[int]string{4: "..+-+-+.|"}),
		"a long gap":                               edit(map[int]string{8: "+-.....-+"}),
		"gaps on two edges":                        edit(map[int]string{2: "+-----.-+", 5: "........|"}),
		"an object in the border":                  edit(map[int]string{3: "|P......|", 4: "|.+-+-+.K"}),
		"a monster beside a start":                 edit(map[int]string{3: "|PH....K|"}),
		"a monster diagonal":                       edit(map[int]string{4: "|.W-+-+.|"}),
		"two monsters beside":                      edit(map[int]string{3: "|PM...PK|", 4: "|W+-+-+H|"}),
		"two Minotaurs":                            edit(map[int]string{5: "|...M.M.|"}),
		"three Minotaurs":                          edit(map[int]string{5: "|.M.M.M.|"}),
		"no start":                                 edit(map[int]string{3: "|......K|"}),
		"three starts":                             edit(map[int]string{5: "|...P..P|"}),
		"four starts":                              edit(map[int]string{5: "|P..P..P|"}),
		"too small":                                "+-+-+\n|PKE|\n",
		"key walled in":                            edit(map[int]string{3: "|P....|K|", 4: "|.+-+-+-|"}),
		"key behind the locked exit":               edit(map[int]string{3: "|P....EK|", 4: "|.+-+-+-|", 7: "|H..*...|"}),
		"each start is named":                      edit(map[int]string{3: "|P...|PK|", 4: "|.+-+-+-|"}),
		"both starts are named":                    edit(map[int]string{3: "|P.|P...|", 4: "|.++-+-+|", 5: "|.....|K|", 6: "|.+-+-+-|"}),
		"one start behind the exit, one walled in": edit(map[int]string{3: "|P....EK|", 4: "|.+-+-+-|", 6: "+-+-+-+.|", 7: "|P|H*...|"}),
		"exit walled in":                           edit(map[int]string{6: "|.+-+-+-|", 7: "|H..*.|E|"}),
		"exit door in a corner":                    edit(map[int]string{7: "|H..*...|", 8: "+-------E"}),
		"everything at once":                       "+-+-+-+-+\n|PH....K|\n|.+-+-+.|\n|.......|\n|.+-+-+-|\n|M..M.|E|\n+-----.-+\n",
	}
	seen := map[engine.ProblemCode]bool{}
	for name, data := range files {
		t.Run(name, func(t *testing.T) {
			p := parser{file: "t.txt"}
			l, _ := p.parse([]byte(data))
			p.errs.Sort()
			if len(p.errs) == 0 {
				t.Fatalf("no errors: the case is not broken")
			}
			// The map's first line: LINE of row 0.
			first := 0
			for _, s := range splitLines([]byte(data)) {
				if s.startsMap() {
					first = s.no
					break
				}
			}
			var want []string
			grouped := map[engine.Point]bool{}
			for _, pr := range l.Problems() {
				seen[pr.Code] = true
				words, ok := ruleWords[pr.Code]
				pos := fmt.Sprintf("%d:%d", first+pr.At.Y, pr.At.X+1)
				switch pr.Code {
				case engine.ProblemSize:
					pos = fmt.Sprintf("%d:1", first)
				case engine.ProblemStarts:
					ok, words = true, "too many player starts"
					if pr.N == 0 {
						pos, words = fmt.Sprintf("%d:1", first), "the map has no player start"
					}
				case engine.ProblemKeyBehindExit, engine.ProblemKeyWalledIn, engine.ProblemExitWalledIn:
					if grouped[pr.At] {
						continue // one error names every start
					}
					grouped[pr.At] = true
				}
				if !ok {
					t.Fatalf("engine problem %v (code %d) has no error in a level file", pr, pr.Code)
				}
				want = append(want, pos+": "+words)
			}
			var got []string
			for _, e := range p.errs {
				got = append(got, fmt.Sprintf("%d:%d: %s", e.Line, e.Col, e.Msg))
			}
			sort.Strings(want)
			sort.Strings(got)
			match := len(got) == len(want)
			for i := 0; match && i < len(got); i++ {
				pos, words, _ := strings.Cut(want[i], ": ")
				match = strings.HasPrefix(got[i], pos+": ") && strings.Contains(got[i], words)
			}
			if !match {
				t.Errorf("levels errors\n\t%s\nengine problems\n\t%s", strings.Join(got, "\n\t"), strings.Join(want, "\n\t"))
			}
		})
	}
	for code := range ruleWords {
		if !seen[code] {
			t.Errorf("no case has engine problem %d", code)
		}
	}
	if !seen[engine.ProblemStarts] {
		t.Errorf("no case has a start problem")
	}
}
