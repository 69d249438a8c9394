package safetext

import "testing"

type inner struct {
	Name  string
	Bytes []byte
}

type label string

type message struct {
	T      string
	Text   string
	Kind   label
	Inner  inner
	Ptr    *inner
	List   []inner
	Names  []string
	ByKey  map[string]string
	Any    any
	Raw    string `safetext:"-"`
	hidden string
}

// TestAll: every exported string reachable from a value is cleaned in
// place, whatever the path to it; bytes, tagged fields and unexported
// fields are left alone.
func TestAll(t *testing.T) {
	const bad, good = "\x1b]0;t\x07o\u202ek", "ok"
	m := &message{T: "chat", Text: bad, Kind: bad, Inner: inner{Name: bad, Bytes: []byte(bad)}, Ptr: &inner{Name: bad},
		List: []inner{{Name: bad}, {Name: "fine"}}, Names: []string{bad}, ByKey: map[string]string{"k": bad},
		Any: &inner{Name: bad}, Raw: bad, hidden: bad}
	All(m)
	for what, got := range map[string]string{"Text": m.Text, "Kind": string(m.Kind), "Inner.Name": m.Inner.Name, "Ptr.Name": m.Ptr.Name,
		"List[0].Name": m.List[0].Name, "Names[0]": m.Names[0], "ByKey[k]": m.ByKey["k"], "Any.Name": m.Any.(*inner).Name} {
		if got != good {
			t.Errorf("%s = %q, want %q", what, got, good)
		}
	}
	if m.T != "chat" || m.List[1].Name != "fine" {
		t.Errorf("clean strings changed: %q %q", m.T, m.List[1].Name)
	}
	if string(m.Inner.Bytes) != bad || m.Raw != bad || m.hidden != bad {
		t.Errorf("bytes, a tagged field or an unexported one were changed")
	}
	All(nil)
	All(message{Text: bad}) // not a pointer: nothing to change, no panic
}

func BenchmarkAllClean(b *testing.B) {
	m := &message{T: "chat", Text: "hello there", List: make([]inner, 8), Names: []string{"a", "b"}}
	b.ReportAllocs()
	for b.Loop() {
		All(m)
	}
}
