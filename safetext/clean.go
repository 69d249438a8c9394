package safetext

import (
	"strings"
	"unicode"
	"unicode/utf8"
)

// Clean makes text from outside (the network, a file, a command line)
// safe to draw in a terminal: invalid UTF-8 becomes U+FFFD; escape sequences
// (CSI, OSC, DCS, SOS, PM, APC in their 7-bit and 8-bit forms, and
// two-character escapes), C0 and C1 control characters, DEL and the
// invisible characters are removed: the bidirectional formatting characters
// (embeddings, overrides, isolates, marks), the zero-width ones (U+200B
// space, U+200C/U+200D joiners, U+2060 word joiner, U+FEFF), the tag
// characters (U+E0000–U+E007F) and every other format character (Unicode
// category Cf: soft hyphen, invisible operators…), the Hangul fillers and
// the variation selectors beyond U+FE0F. Every run of spaces (a tab, a
// no-break or ideographic space, a blank Braille cell) becomes one space,
// so that nobody pads a line to push text where the reader expects another
// player's. The game server cleans names and chat before it relays them,
// its clients again before they show them (All, on every decoded message),
// and Name builds on it.
func Clean(s string) string {
	if isClean(s) {
		return s
	}
	s = strings.ToValidUTF8(s, "\uFFFD")
	var b strings.Builder
	b.Grow(len(s))
	space := false // the last rune written was a space
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
		case isBlank(r):
			if !space {
				b.WriteByte(' ')
			}
			space = true
		case isControl(r) || isInvisible(r):
			// dropped
		default:
			b.WriteRune(r)
			space = false
		}
	}
	return b.String()
}

// isClean reports whether s needs no cleaning: valid UTF-8 without
// controls, invisible characters, spaces other than U+0020 or two spaces in
// a row. It is the fast path for the common case.
func isClean(s string) bool {
	space := false
	for i := 0; i < len(s); {
		c := s[i]
		if c < utf8.RuneSelf {
			if c < 0x20 || c == 0x7f || c == ' ' && space {
				return false
			}
			space = c == ' '
			i++
			continue
		}
		r, n := utf8.DecodeRuneInString(s[i:])
		if r == utf8.RuneError && n == 1 || isControl(r) || isInvisible(r) || isBlank(r) {
			return false
		}
		space = false
		i += n
	}
	return true
}

// isControl reports C0 and C1 controls and DEL.
func isControl(r rune) bool { return r < 0x20 || (r >= 0x7f && r <= 0x9f) }

// isBlank reports the characters drawn as blank space: the space separators
// (U+0020, no-break, en, em, ideographic… spaces), the tab and the blank
// Braille cell.
func isBlank(r rune) bool {
	return r == ' ' || r == '\t' || r == 0x2800 || r > 0x7f && unicode.Is(unicode.Zs, r)
}

// isInvisible reports the characters that draw nothing yet change what a
// reader sees: every format character (category Cf: the bidirectional
// controls, zero-width spaces and joiners, U+FEFF, soft hyphen, tags), the
// Hangul fillers, the Mongolian free variation selectors and the
// supplementary variation selectors.
func isInvisible(r rune) bool {
	if r < 0xad {
		return false
	}
	switch {
	case r == 0x115f || r == 0x1160 || r == 0x3164 || r == 0xffa0: // Hangul fillers
		return true
	case r >= 0x180b && r <= 0x180f: // Mongolian variation selectors, vowel separator
		return true
	case r >= 0xe0000 && r <= 0xe0fff: // tags, supplementary variation selectors
		return true
	}
	return unicode.Is(unicode.Cf, r)
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
