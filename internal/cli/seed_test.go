package cli

import (
	"strings"
	"testing"
)

// TestReadSeed: a seed typed or pasted is read as --seed reads it, and
// also as the game prints it (the side panel's "Seed 1234", the end
// screen's "seed 1234 · …", a command line's --seed); what is not a seed
// is refused with what a seed may be.
func TestReadSeed(t *testing.T) {
	for _, tt := range []struct {
		in   string
		want uint64
		err  string
	}{
		{"42", 42, ""},
		{"  18446744073709551615 ", 18446744073709551615, ""},
		{"Seed 1234", 1234, ""},
		{"Seed   1234", 1234, ""},
		{"seed: 99", 99, ""},
		{"Score 10 · level 2 of 7 · seed 77", 77, ""},
		{"seed 5 · 2026-12-02", 5, ""},
		{"--seed 8", 8, ""},
		{"minotaur --seed=9", 9, ""},
		{`"seed 10"`, 10, ""},
		{"Seed 11.", 11, ""},
		{"", 0, "not a number"},
		{"seed", 0, "no number after the word seed"},
		{"seed 12abc", 0, "not a number"},
		{"18446744073709551616", 0, "too big"},
		{"seed -3", 0, "negative"},
		{"twelve", 0, "not a number"},
	} {
		got, err := ReadSeed(tt.in)
		switch {
		case tt.err == "" && err != nil:
			t.Errorf("ReadSeed(%q): %v", tt.in, err)
		case tt.err == "" && got != tt.want:
			t.Errorf("ReadSeed(%q) = %d, want %d", tt.in, got, tt.want)
		case tt.err != "" && (err == nil || !strings.Contains(err.Error(), tt.err)):
			t.Errorf("ReadSeed(%q) = %d, %v; want an error with %q", tt.in, got, err, tt.err)
		case tt.err != "" && !strings.Contains(err.Error(), "0 to 18446744073709551615"):
			t.Errorf("ReadSeed(%q): %v does not say what a seed may be", tt.in, err)
		}
	}
	// --seed itself stays strict: the words are for the player's paste.
	if _, err := ParseSeed("Seed 1234"); err == nil {
		t.Error("ParseSeed took a label; --seed takes the number alone")
	}
}
