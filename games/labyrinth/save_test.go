package labyrinth

import (
	"encoding/json"
	"strings"
	"testing"
)

// TestSaveRoundTrip: a game saved mid-way and loaded goes on exactly as the
// original does.
func TestSaveRoundTrip(t *testing.T) {
	text := dreamField
	g := newGame(t, text, cell(0, 0), cell(0, 3))
	play(t, g, "D", "A", "D")
	data, err := json.Marshal(g)
	if err != nil {
		t.Fatal(err)
	}
	h, err := Load(parse(t, text), data)
	if err != nil {
		t.Fatal(err)
	}
	rest := []string{"W", "D", "W", "A", "W", "D", "S", "D"}
	a, b := play(t, g, rest...), play(t, h, rest...)
	if strings.Join(a, "\n") != strings.Join(b, "\n") {
		t.Fatalf("the loaded game went on differently:\n%s\n---\n%s", strings.Join(a, "\n"), strings.Join(b, "\n"))
	}
}

func TestLoadRefusesBadState(t *testing.T) {
	lab := parse(t, "1 2\n. .\n")
	for _, s := range []string{
		`{"players":[],"current":0,"turn":1}`,
		`{"players":[{"start":{"X":0,"Y":5},"levels":[{"field":0,"pos":{"X":0,"Y":0}}]}],"current":0,"turn":1}`,
		`{"players":[{"start":{"X":0,"Y":0},"levels":[{"field":3,"pos":{"X":0,"Y":0}}]}],"current":0,"turn":1}`,
		`{"players":[{"start":{"X":0,"Y":0},"levels":[{"field":0,"pos":{"X":0,"Y":0}}]}],"current":2,"turn":1}`,
		`{"players":[{"start":{"X":0,"Y":0},"levels":[{"field":0,"pos":{"X":0,"Y":0},"bullets":9}]}],"current":0,"turn":1}`,
		`not json`,
	} {
		if _, err := Load(lab, []byte(s)); err == nil {
			t.Errorf("accepted %s", s)
		}
	}
}
