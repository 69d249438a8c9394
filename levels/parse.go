package levels

import (
	"bytes"
	"errors"
	"fmt"
	"io/fs"
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/minotaur-game/minotaur/engine"
	"github.com/minotaur-game/minotaur/internal/spell"
	"github.com/minotaur-game/minotaur/saves"
)

// MaxFileSize bounds what ParseFile and CheckFile read: far more than the
// largest level (255 × 255 tiles, 65 KB) or Labyrinth field (1000 × 1000
// cells, 4 MB) needs.
const MaxFileSize = 16 << 20

// mapChars are the characters of the map: walls, floor and objects.
const mapChars = "+-|.PKEHWM*^?"

func isMapChar(r rune) bool { return r < utf8.RuneSelf && strings.IndexByte(mapChars, byte(r)) >= 0 }

// headerKeys are the known header keys.
var headerKeys = []string{"name", "author"}

// ReadFile reads a file for Parse or Check, with a ParseError naming the
// file when it cannot be read (missing, a folder, a pipe or a device, too
// large). It reads through saves.ReadFileLimit, like every file the game
// reads: a named pipe never makes it wait.
func ReadFile(path string) ([]byte, error) {
	data, err := saves.ReadFileLimit(path, MaxFileSize)
	switch {
	case err == nil:
		return data, nil
	case errors.Is(err, saves.ErrTooLarge):
		return nil, &ParseError{File: path, Msg: fmt.Sprintf("the file is larger than %d MiB: this is not a level file", MaxFileSize>>20)}
	}
	var de *saves.DamageError
	if errors.As(err, &de) {
		return nil, &ParseError{File: path, Msg: "cannot read the file: " + de.Detail}
	}
	return nil, &ParseError{File: path, Msg: "cannot read the file: " + osReason(err)}
}

// osReason is the part of an OS error that says what went wrong, without
// repeating the path.
func osReason(err error) string {
	var pe *fs.PathError
	if errors.As(err, &pe) {
		return pe.Err.Error()
	}
	return err.Error()
}

// ParseFile reads and parses the level file at path; see Parse.
func ParseFile(path string) (engine.Level, ErrorList, error) {
	data, err := ReadFile(path)
	if err != nil {
		return engine.Level{}, nil, ErrorList{err.(*ParseError)}
	}
	return Parse(path, data)
}

// Parse reads a level file (docs/levels.md). name is the file name used in
// the messages. It returns the level, the warnings (the level is playable
// but has dead pockets), and, when the level cannot be played, an error
// that is an ErrorList of every problem found, sorted by position.
// A level that Parse accepts passes engine.Level.Validate.
func Parse(name string, data []byte) (engine.Level, ErrorList, error) {
	return parse(parser{file: name}, data)
}

func parse(p parser, data []byte) (engine.Level, ErrorList, error) {
	l, ok := p.parse(data)
	p.errs.Sort()
	p.warns.Sort()
	if !ok || len(p.errs) > 0 {
		return engine.Level{}, p.warns, p.errs.Err()
	}
	return l, p.warns, nil
}

type parser struct {
	file  string
	errs  ErrorList
	warns ErrorList
	// solve asks for the engine's solver on a valid level: a warning
	// when it finds no winning line.
	solve bool
}

func (p *parser) errorf(line, col int, format string, a ...any) {
	p.errs.Add(p.file, line, col, fmt.Sprintf(format, a...))
}

func (p *parser) warnf(line, col int, format string, a ...any) {
	p.warns.Add(p.file, line, col, fmt.Sprintf(format, a...))
}

// srcLine is one line of the file without its line end and trailing blanks.
type srcLine struct {
	no   int
	text string
}

func (s srcLine) blank() bool { return s.text == "" }

func (s srcLine) comment() bool { return strings.HasPrefix(strings.TrimLeft(s.text, " \t"), "#") }

// startsMap reports whether the line begins with a map character.
func (s srcLine) startsMap() bool {
	r, _ := utf8.DecodeRuneInString(s.text)
	return s.text != "" && isMapChar(r)
}

var bom = []byte{0xEF, 0xBB, 0xBF}

// splitLines cuts data into lines, dropping a BOM, `\r` line ends and
// trailing spaces and tabs.
func splitLines(data []byte) []srcLine {
	data = bytes.TrimPrefix(data, bom)
	s := string(data)
	s = strings.TrimSuffix(s, "\n")
	parts := strings.Split(s, "\n")
	lines := make([]srcLine, len(parts))
	for i, t := range parts {
		lines[i] = srcLine{no: i + 1, text: strings.TrimRight(t, " \t\r")}
	}
	return lines
}

// isField reports whether data looks like a field file of the console
// game Labyrinth rather than a level file: its first non-blank line starts
// with a digit (a field count or a field size). No level file line can.
// (games/labyrinth's IsField is the same test, which `minotaur check`
// asks first.)
func isField(data []byte) bool {
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

func (p *parser) parse(data []byte) (engine.Level, bool) {
	var l engine.Level
	if len(bytes.TrimPrefix(data, bom)) == 0 {
		p.errorf(0, 0, "the file is empty: draw a map in it (see docs/levels.md)")
		return l, false
	}
	if isField(data) {
		first := 0
		for _, s := range splitLines(data) {
			if strings.TrimSpace(s.text) != "" {
				first = s.no
				break
			}
		}
		p.errorf(first, 1, "this is a field file of the console game Labyrinth, not a level: `minotaur check` checks it, but only level files can be played")
		return l, false
	}
	lines := splitLines(data)
	for _, s := range lines {
		if !utf8.ValidString(s.text) {
			col := 1 + utf8.RuneCountInString(s.text[:badUTF8(s.text)])
			p.errorf(s.no, col, "this line is not UTF-8 text: save the file as UTF-8")
		}
	}

	start := -1
	for i, s := range lines {
		if s.startsMap() {
			start = i
			break
		}
	}
	header := lines
	if start >= 0 {
		header = lines[:start]
	}
	l.Name, l.Author = p.header(header)
	if start < 0 {
		msg := "no map: no line starts with a map character (walls + - |, floor ., objects P K E H W M * ^ ?)"
		for _, s := range lines {
			if looksLikeHashMap(s.text) {
				msg += "; lines that start with # are comments: draw walls with + - |, not #"
				break
			}
		}
		p.errorf(0, 0, "%s", msg)
		return l, false
	}

	// The map runs from its first line through the last line that starts
	// with a map character; blank lines and comments may only follow it.
	end := start
	for i := start; i < len(lines); i++ {
		if lines[i].startsMap() {
			end = i
		}
	}
	var rows []srcLine
	gap := false
	for _, s := range lines[start : end+1] {
		switch {
		case s.blank() || s.comment():
			if !gap {
				what := "a blank line"
				if !s.blank() {
					what = "a comment"
				}
				p.errorf(s.no, 1, "%s splits the map: the rows of the map must follow each other (comments go before or after the map)", what)
			}
			gap = true
		default:
			gap = false
			rows = append(rows, s)
		}
	}
	for _, s := range lines[end+1:] {
		if !s.blank() && !s.comment() {
			p.errorf(s.no, 1, "unexpected text after the map: only blank lines and # comments may follow the map")
		}
	}
	return p.grid(l, rows)
}

// looksLikeHashMap reports whether a comment line looks like a map row
// drawn with '#' walls, such as "#P..#".
func looksLikeHashMap(s string) bool {
	if strings.Count(s, "#") < 2 {
		return false
	}
	for _, r := range s {
		if r != '#' && r != ' ' && !isMapChar(r) {
			return false
		}
	}
	return strings.Trim(s, "#") != "" || len(s) >= 3
}

// badUTF8 returns the byte offset of the first invalid UTF-8 byte in s.
func badUTF8(s string) int {
	for i, r := range s {
		if r == utf8.RuneError {
			if _, size := utf8.DecodeRuneInString(s[i:]); size == 1 {
				return i
			}
		}
	}
	return len(s)
}

// header reads the `key: value` lines before the map.
func (p *parser) header(lines []srcLine) (name, author string) {
	seen := map[string]int{}
	for _, s := range lines {
		if s.blank() || s.comment() {
			continue
		}
		indent := len(s.text) - len(strings.TrimLeft(s.text, " \t"))
		col := 1 + utf8.RuneCountInString(s.text[:indent])
		i := strings.IndexByte(s.text, ':')
		key := ""
		if i >= 0 {
			key = strings.TrimSpace(s.text[:i])
		}
		if key == "" || strings.ContainsAny(key, " \t") {
			p.errorf(s.no, col, "malformed header line: expected \"name: …\" or \"author: …\" before the map, whose rows start with a wall, floor or object character")
			continue
		}
		k := strings.ToLower(key)
		value := headerValue(s.text[i+1:])
		switch k {
		case "name", "author":
			if first, dup := seen[k]; dup {
				p.errorf(s.no, col, "the %s is given twice (first on line %d): keep one %s line", k, first, k)
				continue
			}
			seen[k] = s.no
			if k == "name" {
				name = value
			} else {
				author = value
			}
		default:
			msg := fmt.Sprintf("unknown header key %q", key)
			if near := closestKey(k); near != "" {
				msg += fmt.Sprintf(" (did you mean %q?)", near)
			}
			p.errorf(s.no, col, "%s: the known keys are name and author", msg)
		}
	}
	return name, author
}

// closestKey returns the known header key within two edits of k, if any.
func closestKey(k string) string {
	for _, known := range headerKeys {
		if spell.Distance(k, known) <= 2 {
			return known
		}
	}
	return ""
}

// charName names a character the way an author sees it in the editor.
func charName(r rune) string {
	switch r {
	case ' ':
		return "' ' (a space)"
	case '\t':
		return "a tab"
	}
	if r < ' ' || r == 0x7f {
		return fmt.Sprintf("the control character %U", r)
	}
	return strconv.QuoteRune(r)
}
