package levels

import (
	"github.com/minotaur-game/minotaur/safetext"
)

// Report is the outcome of checking one level file with `minotaur check`
// (another game's files are checked by that game: the list of games in
// tui/games.go).
type Report struct {
	File string
	// Warnings are the warnings about a playable level file.
	Warnings ErrorList
	// Err is an ErrorList of every problem that makes the file unusable,
	// or nil.
	Err error
}

// OK reports whether the file passes: a level file that can be played.
func (r Report) OK() bool { return r.Err == nil }

// Lines are what `minotaur check` prints for the file, one string a line:
// "FILE: OK" and its warnings ("FILE:LINE:COL: warning: …"), or its errors
// ("FILE:LINE:COL: …"); named (several files checked at once) changes
// nothing, since every line names the file.
func (r Report) Lines(named bool) []string {
	var out []string
	if r.Err != nil {
		if list, ok := r.Err.(ErrorList); ok {
			for _, e := range list {
				out = append(out, e.Error())
			}
		} else {
			out = append(out, r.File+": "+r.Err.Error())
		}
		return out
	}
	out = append(out, r.File+": OK")
	for _, w := range r.Warnings {
		warn := *w
		warn.Msg = "warning: " + w.Msg
		out = append(out, warn.Error())
	}
	return out
}

// Check checks one level file's contents. name is the file name used in
// the messages.
func Check(name string, data []byte) Report {
	name = safetext.Clean(name) // printed to the terminal in every line
	r := Report{File: name}
	_, r.Warnings, r.Err = parse(parser{file: name, solve: true}, data)
	return r
}

// CheckFile reads and checks the file at path; see Check.
func CheckFile(path string) Report {
	data, err := ReadFile(path)
	if err != nil {
		return Report{File: path, Err: ErrorList{err.(*ParseError)}}
	}
	return Check(path, data)
}
