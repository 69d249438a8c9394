package saves

import (
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/charmbracelet/x/ansi"
)

// MaxNameWidth is the widest a player's name may be in the high-score
// table, in terminal columns.
const MaxNameWidth = 16

// CleanName makes a player's name safe to store and draw: it removes
// terminal escape sequences (CSI, OSC, DCS… in their 7-bit and 8-bit forms),
// control characters, bidirectional overrides and invalid UTF-8, turns runs of
// white space into one space, trims the ends and cuts the name to
// MaxNameWidth columns without splitting a character. The result may be
// empty.
func CleanName(s string) string {
	s = strings.ToValidUTF8(s, "")
	var b strings.Builder
	space := false
	put := func(r rune) {
		if unicode.IsSpace(r) {
			space = b.Len() > 0
			return
		}
		if space {
			b.WriteByte(' ')
			space = false
		}
		b.WriteRune(r)
	}
	for i := 0; i < len(s); {
		r, n := utf8.DecodeRuneInString(s[i:])
		i += n
		switch {
		case r == 0x1b: // ESC
			i = skipEscape(s, i)
		case r == 0x9b: // 8-bit CSI
			i = skipCSI(s, i)
		case r == 0x9d || r == 0x90 || r == 0x98 || r == 0x9e || r == 0x9f: // 8-bit OSC, DCS, SOS, PM, APC
			i = skipString(s, i)
		case unicode.IsSpace(r):
			put(' ')
		case unicode.IsControl(r) || isBidiControl(r):
			// dropped
		default:
			put(r)
		}
	}
	return ansi.Truncate(b.String(), MaxNameWidth, "")
}

// NameWidth is the width of a cleaned name in terminal columns.
func NameWidth(name string) int { return ansi.StringWidth(name) }

// skipEscape skips the rest of an escape sequence whose ESC ended just before i.
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

// skipCSI skips a control sequence's parameters and intermediates up to and
// including its final byte 0x40–0x7E.
func skipCSI(s string, i int) int {
	for i < len(s) {
		c := s[i]
		i++
		if c >= 0x40 && c <= 0x7e {
			return i
		}
		if c < 0x20 || c > 0x3f {
			return i - 1 // not part of a CSI: stop here
		}
	}
	return i
}

// skipString skips an OSC, DCS, SOS, PM or APC string up to and including
// its terminator: BEL, ESC \ or the 8-bit ST.
func skipString(s string, i int) int {
	for i < len(s) {
		r, n := utf8.DecodeRuneInString(s[i:])
		switch {
		case r == 0x07 || r == 0x9c:
			return i + n
		case r == 0x1b:
			if i+1 < len(s) && s[i+1] == '\\' {
				return i + 2
			}
			return i + 1
		}
		i += n
	}
	return i
}

// isBidiControl reports the invisible characters that reorder text on
// screen: embeddings, overrides, isolates and marks.
func isBidiControl(r rune) bool {
	return r == 0x200e || r == 0x200f || r == 0x061c ||
		(r >= 0x202a && r <= 0x202e) || (r >= 0x2066 && r <= 0x2069)
}
