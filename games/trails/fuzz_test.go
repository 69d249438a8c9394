package trails

import (
	"encoding/json"
	"testing"
)

// FuzzLoad: no save file, however damaged, makes Load panic; one it takes
// is a game the rules reached, saved again the same.
func FuzzLoad(f *testing.F) {
	g, _ := New(Classic(), 1)
	for _, d := range []Dir{Right, Up, Right, Left} {
		g.Move(d)
	}
	good, _ := json.Marshal(g)
	f.Add(good)
	f.Add([]byte(`{"format":"minotaur-trails","version":1,"config":{"size":25,"towers":25,"distance":1,"first":2},"moves":"LURD"}`))
	f.Add([]byte(`{"format":"minotaur-trails","version":1,"config":{"size":-5,"towers":3,"distance":1,"first":1}}`))
	f.Add([]byte(`not json`))
	f.Fuzz(func(t *testing.T, data []byte) {
		g, err := Load(data)
		if err != nil {
			return
		}
		again, err := json.Marshal(g)
		if err != nil {
			t.Fatal(err)
		}
		h, err := Load(again)
		if err != nil {
			t.Fatalf("a loaded game saved again does not load: %v", err)
		}
		if len(h.Moves()) != len(g.Moves()) || h.Current() != g.Current() || h.Over() != g.Over() {
			t.Fatal("a loaded game saved again is another game")
		}
	})
}
