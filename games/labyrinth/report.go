package labyrinth

import "bytes"

// Report is the verdict on one field file that `minotaur check` prints.
type Report struct {
	File string
	// Fields holds the verdict on each field.
	Fields []FieldResult
	// Err is an ErrorList of every problem that makes the file unusable,
	// or nil.
	Err error
}

// IsField reports whether data looks like a field file of the console
// game Labyrinth rather than a Minotaur level file: its first non-blank
// line starts with a digit (a field count or a field size). No line of a
// level file can.
func IsField(data []byte) bool {
	data = bytes.TrimPrefix(data, bom)
	for len(data) > 0 {
		line := data
		if i := bytes.IndexByte(data, '\n'); i >= 0 {
			line, data = data[:i], data[i+1:]
		} else {
			data = nil
		}
		line = bytes.TrimLeft(line, " \t\r")
		if len(line) == 0 {
			continue
		}
		return line[0] >= '0' && line[0] <= '9'
	}
	return false
}

// CheckField checks a field file's contents: its problems, or the verdict
// on each field. name is the file name used in the messages, cleaned by
// the caller (it is printed to the terminal in every line).
func CheckField(name string, data []byte) Report {
	r := Report{File: name}
	lab, err := Parse(name, data)
	if err != nil {
		r.Err = err
		return r
	}
	r.Fields = lab.Check()
	return r
}

// OK reports whether the file passes: its first field is escapable from
// every cell (dream fields are reported but do not count).
func (r Report) OK() bool {
	return r.Err == nil && len(r.Fields) > 0 && r.Fields[0].OK
}

// Lines are what `minotaur check` prints for the file, one string a line:
// one line a field, "0: OK" or "1: FAILED (0, 0)", exactly as the original
// program prints them — with named set (when several files are checked at
// once) each prefixed "FILE: ", as grep names its files; or its errors,
// "FILE:LINE:COL: message", as a level file's.
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
	for _, f := range r.Fields {
		line := f.String()
		if named {
			line = r.File + ": " + line
		}
		out = append(out, line)
	}
	return out
}
