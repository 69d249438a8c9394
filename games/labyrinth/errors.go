package labyrinth

import (
	"fmt"
	"sort"
)

// ParseError is one problem found in a field file: where it is and what is
// wrong. Line and Col are 1-based, Col counts runes; a Line of 0 means the
// problem concerns the whole file (it is empty).
type ParseError struct {
	File string
	Line int
	Col  int
	Msg  string
}

// Error prints the problem as FILE:LINE:COL: message (FILE: message when the
// problem has no position), as ParseError does for level files.
func (e *ParseError) Error() string {
	switch {
	case e.Line <= 0:
		return fmt.Sprintf("%s: %s", e.File, e.Msg)
	case e.Col <= 0:
		return fmt.Sprintf("%s:%d: %s", e.File, e.Line, e.Msg)
	}
	return fmt.Sprintf("%s:%d:%d: %s", e.File, e.Line, e.Col, e.Msg)
}

// ErrorList is the list of problems Parse returns, sorted by position.
type ErrorList []*ParseError

// Len, Less and Swap implement sort.Interface: by file, line, column, then
// message.
func (l ErrorList) Len() int      { return len(l) }
func (l ErrorList) Swap(i, j int) { l[i], l[j] = l[j], l[i] }
func (l ErrorList) Less(i, j int) bool {
	a, b := l[i], l[j]
	if a.File != b.File {
		return a.File < b.File
	}
	if a.Line != b.Line {
		return a.Line < b.Line
	}
	if a.Col != b.Col {
		return a.Col < b.Col
	}
	return a.Msg < b.Msg
}

// Sort sorts the list by position; problems at one position keep their
// message order, so the output is the same on every run.
func (l ErrorList) Sort() { sort.Stable(l) }

// Error prints the first problem and how many more there are, in the style
// of go/scanner.
func (l ErrorList) Error() string {
	switch len(l) {
	case 0:
		return "no errors"
	case 1:
		return l[0].Error()
	case 2:
		return fmt.Sprintf("%s (and 1 more error)", l[0])
	}
	return fmt.Sprintf("%s (and %d more errors)", l[0], len(l)-1)
}
