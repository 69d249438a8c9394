package levels

import (
	"reflect"
	"sort"
	"testing"
	"unicode/utf8"
)

// FuzzParse: Parse never panics; what it accepts passes engine Validate and
// formats to a file that parses to the same level; what it rejects comes
// with positioned, sorted errors.
func FuzzParse(f *testing.F) {
	for _, name := range exampleNames(f) {
		f.Add(readExample(f, name))
	}
	f.Add([]byte(base))
	f.Add([]byte("\uFEFFname: x\r\n+++\r\n|P|\r\n|K|\r\n|E|\r\n+++\r\n"))
	f.Fuzz(func(t *testing.T, data []byte) {
		l, warnings, err := Parse("fuzz.txt", data)
		if err != nil {
			list, ok := err.(ErrorList)
			if !ok || len(list) == 0 {
				t.Fatalf("error %v (%T) is not a non-empty ErrorList", err, err)
			}
			if !sort.IsSorted(list) {
				t.Errorf("errors are not sorted: %v", list)
			}
			for _, e := range list {
				if e.Line < 0 || e.Col < 0 || e.Msg == "" || !utf8.ValidString(e.Msg) {
					t.Errorf("bad error %#v", e)
				}
			}
			return
		}
		if err := l.Validate(); err != nil {
			t.Fatalf("accepted a level that fails Validate: %v\n%q", err, data)
		}
		if !sort.IsSorted(warnings) {
			t.Errorf("warnings are not sorted: %v", warnings)
		}
		text := Format(l)
		l2, _, err := Parse("fuzz.txt", []byte(text))
		if err != nil {
			t.Fatalf("Format of an accepted level does not parse: %v\n%s", err, text)
		}
		if !reflect.DeepEqual(l, l2) {
			t.Fatalf("Format then Parse changed the level:\n%s", text)
		}
	})
}
