package spell

import "testing"

// TestDistance: a typo is one or two edits away; letters beyond ASCII
// count once each.
func TestDistance(t *testing.T) {
	for _, tt := range []struct {
		a, b string
		want int
	}{
		{"", "", 0}, {"serve", "serve", 0}, {"serv", "serve", 1}, {"sevre", "serve", 2},
		{"autor", "author", 1}, {"", "gen", 3}, {"check", "", 5}, {"né", "ne", 1},
	} {
		if got := Distance(tt.a, tt.b); got != tt.want {
			t.Errorf("Distance(%q, %q) = %d, want %d", tt.a, tt.b, got, tt.want)
		}
	}
}
