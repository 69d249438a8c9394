package levels

import (
	"github.com/minotaur-game/minotaur/games/labyrinth"
	"github.com/minotaur-game/minotaur/safetext"
)

// Report is the outcome of checking one file with `minotaur check`: a level
// file, or a field file of the console game Labyrinth.
type Report struct {
	File string
	// Labyrinth is set when the file was read as a Labyrinth field file.
	Labyrinth bool
	// Fields holds the verdict on each field of a Labyrinth file.
	Fields []labyrinth.FieldResult
	// Warnings are the warnings about a playable level file.
	Warnings ErrorList
	// Err is an ErrorList of every problem that makes the file unusable,
	// or nil.
	Err error
}

// OK reports whether the file passes: a level file that can be played, or
// a Labyrinth file whose first field is escapable from every cell (dream
// fields are reported but do not count).
func (r Report) OK() bool {
	if r.Err != nil {
		return false
	}
	if r.Labyrinth {
		return len(r.Fields) > 0 && r.Fields[0].OK
	}
	return true
}

// Lines are what `minotaur check` prints for the file, one string a line:
//   - a level file: "FILE: OK" and its warnings ("FILE:LINE:COL: warning: …"),
//     or its errors ("FILE:LINE:COL: …");
//   - a Labyrinth file: one line a field, "0: OK" or "1: FAILED (0, 0)",
//     exactly as the original program prints them; with named set (when
//     several files are checked at once) each is prefixed "FILE: ", as grep
//     names its files; or its errors.
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
	if r.Labyrinth {
		for _, f := range r.Fields {
			line := f.String()
			if named {
				line = r.File + ": " + line
			}
			out = append(out, line)
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

// Check checks one file's contents, telling the two formats apart by their
// content (IsLabyrinth). name is the file name used in the messages.
func Check(name string, data []byte) Report {
	name = safetext.Clean(name) // printed to the terminal in every line
	r := Report{File: name}
	if IsLabyrinth(data) {
		r.Labyrinth = true
		lab, err := labyrinth.Parse(name, data)
		if err != nil {
			r.Err = fieldErrors(err)
			return r
		}
		r.Fields = lab.Check()
		return r
	}
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

// fieldErrors turns the Labyrinth parser's problems into an ErrorList, so
// that a field file's problems print as a level file's do.
func fieldErrors(err error) error {
	list, ok := err.(labyrinth.ErrorList)
	if !ok {
		return err
	}
	out := make(ErrorList, len(list))
	for i, e := range list {
		out[i] = &ParseError{File: e.File, Line: e.Line, Col: e.Col, Msg: e.Msg}
	}
	return out
}
