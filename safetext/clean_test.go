package safetext

import (
	"strings"
	"testing"
	"unicode/utf8"
)

func TestClean(t *testing.T) {
	tests := []struct {
		name, in, want string
	}{
		{"plain", "hello, world", "hello, world"},
		{"accents and CJK stay", "café 迷宫", "café 迷宫"},
		{"CSI colour", "\x1b[31mred\x1b[0m", "red"},
		{"clear screen", "a\x1b[2Jb", "ab"},
		{"OSC title with BEL", "\x1b]0;pwned\x07x", "x"},
		{"OSC hyperlink with ST", "\x1b]8;;http://evil\x1b\\link\x1b]8;;\x1b\\", "link"},
		{"DCS", "\x1bPq#0;2;0;0;0\x1b\\ok", "ok"},
		{"two-character escape", "\x1bcreset", "reset"},
		{"8-bit CSI", "\u009b31mred", "red"},
		{"8-bit OSC", "\u009d0;t\u009cx", "x"},
		{"C0 controls", "a\x00b\x07c\x08d\re\nf", "abcdef"},
		{"tab becomes a space", "a\tb", "a b"},
		{"DEL", "a\x7fb", "ab"},
		{"C1 NEL", "a\u0085b", "ab"},
		{"bidi override", "user\u202etxt.exe", "usertxt.exe"},
		{"bidi isolates and marks", "\u2066a\u2069\u200eb\u200f\u061c", "ab"},
		{"invalid UTF-8", "a\xffb\xc0", "a\uFFFDb\uFFFD"},
		{"unterminated OSC runs to the end", "ok\x1b]0;never ends", "ok"},
		{"lone ESC at the end", "ok\x1b", "ok"},
		{"zero-width space, joiners, BOM", "a\u200bd\u200cm\u200di\u2060n\ufeff", "admin"},
		{"tag characters", "hi\U000E0001\U000E0068\U000E0069\U000E007F", "hi"},
		{"soft hyphen and invisible operators", "pa\u00ads\u2062s", "pass"},
		{"Hangul filler", "\u3164\u3164bob", "bob"},
		{"runs of spaces collapsed", "hi" + strings.Repeat(" ", 60) + "bob: send me your token", "hi bob: send me your token"},
		{"other spaces too", "a\u00a0\u00a0b\u3000\u2003c\u2800\u2800d\t\te", "a b c d e"},
		{"spaces around a removed character", "a \u200b b \x1b[0m c", "a b c"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := Clean(tt.in); got != tt.want {
				t.Fatalf("Clean(%q) = %q, want %q", tt.in, got, tt.want)
			}
		})
	}
}

// cleanOK checks the promise of Clean.
func cleanOK(t *testing.T, in, out string) {
	if !utf8.ValidString(out) {
		t.Fatalf("Clean(%q) = %q: invalid UTF-8", in, out)
	}
	for _, r := range out {
		if isControl(r) || isInvisible(r) || isBlank(r) && r != ' ' {
			t.Fatalf("Clean(%q) = %q keeps %U", in, out, r)
		}
	}
	if strings.Contains(out, "  ") {
		t.Fatalf("Clean(%q) = %q keeps a run of spaces", in, out)
	}
	if Clean(out) != out {
		t.Fatalf("Clean is not idempotent on %q", in)
	}
}

func FuzzClean(f *testing.F) {
	for _, s := range []string{"hi", "\x1b[31mx", "\x1b]0;t\x07", "\u009b1m", "\xff\xfe", "a\u202eb", "a  \u200b b", "\U000E0041"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) { cleanOK(t, s, Clean(s)) })
}
