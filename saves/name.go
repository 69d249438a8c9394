package saves

import (
	"strings"
	"unicode"

	"github.com/charmbracelet/x/ansi"
)

// MaxNameWidth is the widest a player's name may be in the high-score
// table, in terminal columns.
const MaxNameWidth = 16

// CleanName makes a player's name safe to store and draw: CleanText, then
// every run of white space (line breaks included) becomes one space, the
// ends are trimmed and the name is cut to MaxNameWidth columns without
// splitting a character. Invalid UTF-8 is dropped. The result may be empty.
func CleanName(s string) string {
	s = strings.ToValidUTF8(s, "")
	s = strings.Map(func(r rune) rune {
		if unicode.IsSpace(r) {
			return ' '
		}
		return r
	}, s)
	s = strings.Join(strings.Fields(CleanText(s)), " ")
	return ansi.Truncate(s, MaxNameWidth, "")
}

// NameWidth is the width of a cleaned name in terminal columns.
func NameWidth(name string) int { return ansi.StringWidth(name) }
