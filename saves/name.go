package saves

import "github.com/minotaur-game/minotaur/safetext"

// MaxNameWidth is the widest a player's name may be in the high-score
// table, in terminal columns.
const MaxNameWidth = 16

// CleanName makes a player's name safe to store and draw in the high-score
// table: safetext.Name cut to MaxNameWidth columns. The result may be empty.
func CleanName(s string) string { return safetext.Name(s, MaxNameWidth) }

// NameWidth is the width of a cleaned name in terminal columns.
func NameWidth(name string) int { return safetext.Width(name) }
