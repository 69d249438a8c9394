package levels

import (
	"fmt"
	"sort"
)

// ParseError is one problem found in a file: where it is and what is wrong,
// in words a level author understands. Line and Col are 1-based, Col counts
// runes; a Line of 0 means the problem concerns the whole file (it cannot be
// read, it is empty, it has no map).
type ParseError struct {
	File string
	Line int
	Col  int
	Msg  string
}

// Error prints the problem as FILE:LINE:COL: message (FILE: message when the
// problem has no position).
func (e *ParseError) Error() string {
	switch {
	case e.Line <= 0:
		return fmt.Sprintf("%s: %s", e.File, e.Msg)
	case e.Col <= 0:
		return fmt.Sprintf("%s:%d: %s", e.File, e.Line, e.Msg)
	}
	return fmt.Sprintf("%s:%d:%d: %s", e.File, e.Line, e.Col, e.Msg)
}

// ErrorList is a list of problems, sorted by position once Sort is called.
// Parse returns its errors as an ErrorList (through the error interface) and
// its warnings as a second ErrorList. The zero value is an empty list.
type ErrorList []*ParseError

// Add appends a problem at line:col of file.
func (l *ErrorList) Add(file string, line, col int, msg string) {
	*l = append(*l, &ParseError{File: file, Line: line, Col: col, Msg: msg})
}

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
// of go/scanner. Print every entry to show them all.
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

// Err returns the list as an error, or nil when it is empty.
func (l ErrorList) Err() error {
	if len(l) == 0 {
		return nil
	}
	return l
}
