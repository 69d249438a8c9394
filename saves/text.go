package saves

import "github.com/minotaur-game/minotaur/safetext"

// CleanText is safetext.Clean, the one cleaning function.
//
// Deprecated: call safetext.Clean; this stays while other branches still
// call it here.
func CleanText(s string) string { return safetext.Clean(s) }
