package chess

import (
	"encoding/json"
	"testing"
)

// FuzzParseMove: any text is a move or a sentence, never a panic, and a
// move read back prints as what was read.
func FuzzParseMove(f *testing.F) {
	for _, s := range []string{"e2e4", "e7e8q", "E1G1", " a7a8n ", "e2", "i9i9", "e7e8k", "", "ééé"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		m, err := ParseMove(s)
		if err != nil {
			if err.Error() == "" {
				t.Fatal("an empty reason")
			}
			return
		}
		again, err := ParseMove(m.String())
		if err != nil || again != m {
			t.Fatalf("%q read as %v, which reads back as %v (%v)", s, m, again, err)
		}
	})
}

// FuzzLoad: a damaged save is refused or read into a game whose views and
// moves can be made without a panic.
func FuzzLoad(f *testing.F) {
	g := New(src(1))
	data, _ := json.Marshal(g)
	f.Add(data)
	g = randomGame(&testing.T{}, 3, 40)
	data, _ = json.Marshal(g)
	f.Add(data)
	f.Add([]byte(`{"version":1}`))
	f.Fuzz(func(t *testing.T, data []byte) {
		g, err := Load(data)
		if err != nil {
			return
		}
		for c := White; c <= Black; c++ {
			v := g.View(c)
			Moves(&v)
			for _, e := range g.Log(c) {
				Say(c, e)
			}
		}
		if l := g.Legal(); len(l) > 0 {
			g.Apply(l[0])
		}
	})
}
