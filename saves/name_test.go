package saves

import "testing"

func TestCleanName(t *testing.T) {
	tests := []struct {
		name, in, want string
	}{
		{"plain", "Ariadne", "Ariadne"},
		{"trimmed and spaces joined", "  Theseus \t of\n Crete  ", "Theseus of Crete"},
		{"colour codes", "\x1b[31mRed\x1b[0m Baron", "Red Baron"},
		{"cursor movement", "a\x1b[2J\x1b[Hb", "ab"},
		{"window title (OSC, BEL)", "\x1b]0;pwned\x07Bob", "Bob"},
		{"hyperlink (OSC, ST)", "\x1b]8;;http://x\x1b\\link\x1b]8;;\x1b\\", "link"},
		{"DCS string", "\x1bPq#0;2;0;0;0\x1b\\Eve", "Eve"},
		{"charset switch", "\x1b(BMax", "Max"},
		{"8-bit CSI", "\u009b31mZed", "Zed"},
		{"8-bit OSC", "\u009d0;title\u009cAnn", "Ann"},
		{"control characters", "Bo\x00b\x07\x08by\x7f", "Bobby"},
		{"bidi override", "abc\u202edef", "abcdef"},
		{"invalid UTF-8", "Jo\xffhn", "John"},
		{"cut to 16 columns", "Theseus the Minotaur Slayer", "Theseus the Mino"},
		{"wide characters count two", "迷宮の王者ミノタウロス", "迷宮の王者ミノタ"},
		{"wide character not split", "a迷宮の王者ミノタウロス", "a迷宮の王者ミノ"},
		{"emoji kept whole", "🐂🐂🐂🐂🐂🐂🐂🐂🐂", "🐂🐂🐂🐂🐂🐂🐂🐂"},
		{"combining accent kept with its letter", "abcdefghijklmnoe\u0301xyz", "abcdefghijklmnoe\u0301"},
		{"nothing left", "\x1b[0m\x00 \t", ""},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			got := CleanName(tc.in)
			if got != tc.want {
				t.Errorf("CleanName(%q) = %q, want %q", tc.in, got, tc.want)
			}
			if w := NameWidth(got); w > MaxNameWidth {
				t.Errorf("CleanName(%q) is %d columns wide", tc.in, w)
			}
			if again := CleanName(got); again != got {
				t.Errorf("cleaning twice changes %q into %q", got, again)
			}
		})
	}
}
