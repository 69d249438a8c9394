package main

import "strings"

// scriptText is a line of a --script as the player meant it: its spaces
// (and a \r line end) trimmed, and on the first line the byte-order mark
// that some editors (Notepad) put at the start of a file they save as
// UTF-8, which would make the first command "not a command".
func scriptText(line string, first bool) string {
	if first {
		line = strings.TrimPrefix(line, "\ufeff")
	}
	return strings.TrimSpace(line)
}
