package safetext

import (
	"strings"
	"unicode"

	"github.com/charmbracelet/x/ansi"
)

// Name makes a player's or a level's name safe to store and draw: Clean,
// then every run of white space (line breaks included) becomes one space,
// the ends are trimmed and the name is cut to width terminal columns
// without splitting a character. Invalid UTF-8 is dropped. The result may
// be empty.
func Name(s string, width int) string {
	s = strings.ToValidUTF8(s, "")
	s = strings.Map(func(r rune) rune {
		if unicode.IsSpace(r) {
			return ' '
		}
		return r
	}, s)
	s = strings.Join(strings.Fields(Clean(s)), " ")
	return ansi.Truncate(s, width, "")
}

// Width is the width of a cleaned text in terminal columns.
func Width(s string) int { return ansi.StringWidth(s) }

// Cut cuts s to at most n characters (runes), without cleaning it.
func Cut(s string, n int) string {
	if len(s) <= n {
		return s
	}
	c := 0
	for i := range s {
		if c == n {
			return s[:i]
		}
		c++
	}
	return s
}

// Short is Clean then Cut: text from outside quoted in a message.
func Short(s string, n int) string { return Cut(Clean(s), n) }
