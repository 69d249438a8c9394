package netplay

import (
	"strings"
)

// ValidName reports whether name may be a player's name: 1 to MaxName
// characters, each an ASCII letter or digit, '-' or '_'. Names are ASCII so
// that no two players look alike on screen and every name is one column per
// character.
func ValidName(name string) bool {
	if len(name) < 1 || len(name) > MaxName {
		return false
	}
	for i := 0; i < len(name); i++ {
		c := name[i]
		switch {
		case c >= 'a' && c <= 'z', c >= 'A' && c <= 'Z', c >= '0' && c <= '9', c == '-', c == '_':
		default:
			return false
		}
	}
	return true
}

// nameKey is the key under which a name is unique: names differ by more than
// letter case.
func nameKey(name string) string { return strings.ToLower(name) }
