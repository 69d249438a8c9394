package saves

import (
	"strings"
	"unicode/utf8"
)

// CleanText makes text from outside (the network, a file, a command line) safe to draw in a terminal: invalid
// UTF-8 becomes U+FFFD; escape sequences (CSI, OSC, DCS, SOS, PM, APC in their
// 7-bit and 8-bit forms, and two-character escapes), C0 and C1 control
// characters, DEL and the bidirectional formatting characters (embeddings,
// overrides, isolates, marks) are removed; a tab becomes a space. The game
// server cleans names and chat before it relays them, its clients again
// before they show them, and CleanName builds on it.
func CleanText(s string) string {
	if isClean(s) {
		return s
	}
	s = strings.ToValidUTF8(s, "\uFFFD")
	var b strings.Builder
	b.Grow(len(s))
	for i := 0; i < len(s); {
		r, n := utf8.DecodeRuneInString(s[i:])
		i += n
		switch {
		case r == 0x1b: // ESC
			i = skipEscape(s, i)
		case r == 0x9b: // 8-bit CSI
			i = skipCSI(s, i)
		case r == 0x90 || r == 0x98 || r == 0x9d || r == 0x9e || r == 0x9f: // 8-bit DCS, SOS, OSC, PM, APC
			i = skipString(s, i)
		case r == '\t':
			b.WriteByte(' ')
		case isControl(r) || isBidi(r):
			// dropped
		default:
			b.WriteRune(r)
		}
	}
	return b.String()
}

// isClean reports whether s needs no cleaning: valid UTF-8 without controls
// or bidirectional formatting characters. It is the fast path for the
// common case.
func isClean(s string) bool {
	for i := 0; i < len(s); {
		c := s[i]
		if c < utf8.RuneSelf {
			if c < 0x20 || c == 0x7f {
				return false
			}
			i++
			continue
		}
		r, n := utf8.DecodeRuneInString(s[i:])
		if r == utf8.RuneError && n == 1 || isControl(r) || isBidi(r) {
			return false
		}
		i += n
	}
	return true
}

// isControl reports C0 and C1 controls and DEL.
func isControl(r rune) bool { return r < 0x20 || (r >= 0x7f && r <= 0x9f) }

// isBidi reports the invisible characters that reorder text on screen.
func isBidi(r rune) bool {
	return r == 0x061c || r == 0x200e || r == 0x200f ||
		(r >= 0x202a && r <= 0x202e) || (r >= 0x2066 && r <= 0x2069)
}

// skipEscape skips the rest of an escape sequence whose ESC ended before i.
func skipEscape(s string, i int) int {
	if i >= len(s) {
		return i
	}
	switch s[i] {
	case '[':
		return skipCSI(s, i+1)
	case ']', 'P', 'X', '^', '_':
		return skipString(s, i+1)
	}
	// ESC, intermediate bytes 0x20–0x2F, one final byte 0x30–0x7E.
	for i < len(s) && s[i] >= 0x20 && s[i] <= 0x2f {
		i++
	}
	if i < len(s) && s[i] >= 0x30 && s[i] <= 0x7e {
		i++
	}
	return i
}

// skipCSI skips a control sequence's parameter and intermediate bytes and
// its final byte 0x40–0x7E.
func skipCSI(s string, i int) int {
	for i < len(s) {
		c := s[i]
		if c >= 0x40 && c <= 0x7e {
			return i + 1
		}
		if c < 0x20 || c > 0x3f {
			return i // not part of a control sequence: stop before it
		}
		i++
	}
	return i
}

// skipString skips an OSC, DCS, SOS, PM or APC string and its terminator:
// BEL, ESC \ or the 8-bit ST. An unterminated string runs to the end.
func skipString(s string, i int) int {
	for i < len(s) {
		r, n := utf8.DecodeRuneInString(s[i:])
		switch r {
		case 0x07, 0x9c:
			return i + n
		case 0x1b:
			if i+1 < len(s) && s[i+1] == '\\' {
				return i + 2
			}
			return i + 1
		}
		i += n
	}
	return i
}
