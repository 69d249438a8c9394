package main

import (
	"io"
	"strings"
	"testing"
	"testing/iotest"
)

// TestBOMSkipper: a script reads the same with or without a leading
// byte-order mark, however its bytes arrive; a mark anywhere else stays.
func TestBOMSkipper(t *testing.T) {
	for _, tt := range []struct{ in, want string }{
		{"\ufeffW\nA\n", "W\nA\n"},
		{"W\nA\n", "W\nA\n"},
		{"\ufeff", ""},
		{"", ""},
		{"\xef\xbbW\n", "\xef\xbbW\n"}, // the start of a mark only
		{"W\n\ufeffA\n", "W\n\ufeffA\n"},
		{"\ufeff\ufeffW", "\ufeffW"},
	} {
		for name, r := range map[string]io.Reader{
			"whole":       strings.NewReader(tt.in),
			"byte a read": iotest.OneByteReader(strings.NewReader(tt.in)),
		} {
			got, err := io.ReadAll(&bomSkipper{r: r})
			if err != nil || string(got) != tt.want {
				t.Errorf("%q, %s: got %q, %v; want %q", tt.in, name, got, err, tt.want)
			}
		}
	}
}
