package saves

import (
	"errors"
	"fmt"
	"io/fs"
	"path/filepath"
	"strings"
)

// Names of the files in the settings folder (Paths.Config).
const (
	SettingsFileName = "settings.txt"
	KeysFileName     = "keys.txt"
)

// The layouts a player may choose.
const (
	LayoutStandard   = "standard"
	LayoutAccessible = "accessible"
)

// Settings are the player's choices kept between runs: a plain-text file
// of "key = value" lines (docs/files.md). An empty value is the default.
type Settings struct {
	Name    string // the player's name (default: the user's name)
	Palette string // auto, dark, light or high-contrast (default auto)
	Layout  string // standard or accessible (default standard)
	Server  string // the game server's address for network play
}

// Accessible reports whether the accessible layout is chosen.
func (s Settings) Accessible() bool { return s.Layout == LayoutAccessible }

// settingsKeys are the keys of the file, in the order they are written.
var settingsKeys = []string{"name", "palette", "layout", "server"}

// field is the setting of a key.
func (s *Settings) field(key string) *string {
	switch key {
	case "name":
		return &s.Name
	case "palette":
		return &s.Palette
	case "layout":
		return &s.Layout
	case "server":
		return &s.Server
	}
	return nil
}

// SettingsLimit bounds the settings file: far above any real one.
const SettingsLimit = 64 << 10

// SettingsError is a line of the settings file that was not understood;
// the setting keeps its default.
type SettingsError struct {
	File string
	Line int
	Msg  string
}

func (e *SettingsError) Error() string {
	return fmt.Sprintf("%s line %d: %s; the default is kept", e.File, e.Line, e.Msg)
}

// ParseSettings reads the text of a settings file. Blank lines and lines
// starting with # are ignored. A line that is not "key = value" with a
// known key and a valid value is reported (with its line number) and
// changes nothing; checkPalette judges a palette's name (nil: any).
func ParseSettings(file string, data []byte, checkPalette func(string) error) (Settings, []error) {
	var s Settings
	var errs []error
	bad := func(n int, f string, a ...any) {
		errs = append(errs, &SettingsError{File: file, Line: n, Msg: fmt.Sprintf(f, a...)})
	}
	for i, line := range strings.Split(string(data), "\n") {
		n := i + 1
		line = strings.TrimSpace(strings.TrimSuffix(line, "\r"))
		if line == "" || strings.HasPrefix(line, "#") {
			continue
		}
		k, v, ok := strings.Cut(line, "=")
		if !ok {
			bad(n, "%q is not key = value", clip(line))
			continue
		}
		k, v = strings.ToLower(strings.TrimSpace(k)), strings.TrimSpace(v)
		f := s.field(k)
		if f == nil {
			bad(n, "unknown setting %q (the settings are %s)", clip(k), strings.Join(settingsKeys, ", "))
			continue
		}
		switch k {
		case "name":
			if v != "" && CleanName(v) != v {
				bad(n, "the name %q has characters a name cannot have", clip(v))
				continue
			}
		case "palette":
			if checkPalette != nil && v != "" {
				if err := checkPalette(v); err != nil {
					bad(n, "%v", err)
					continue
				}
			}
		case "layout":
			if v != "" && v != LayoutStandard && v != LayoutAccessible {
				bad(n, "unknown layout %q: choose %s or %s", clip(v), LayoutStandard, LayoutAccessible)
				continue
			}
		case "server":
			if strings.ContainsAny(v, " \t") {
				bad(n, "the server %q has a space in it; write host:port", clip(v))
				continue
			}
		}
		*f = v
	}
	return s, errs
}

// clip shortens what a broken line quotes.
func clip(s string) string {
	if r := []rune(s); len(r) > 40 {
		return string(r[:40]) + "…"
	}
	return s
}

// settingsHeader starts every settings file the game writes.
const settingsHeader = `# Minotaur's settings (docs/files.md). One "key = value" a line; an empty
# value is the default. The command line's flags win over these.
#   name    = your name for the high scores and network play
#   palette = auto, dark, light or high-contrast
#   layout  = standard or accessible
#   server  = host:port of the game server for network play
`

// FormatSettings is the text of a settings file.
func FormatSettings(s Settings) []byte {
	var b strings.Builder
	b.WriteString(settingsHeader)
	for _, k := range settingsKeys {
		fmt.Fprintf(&b, "%s = %s\n", k, *s.field(k))
	}
	return []byte(b.String())
}

// LoadSettings reads the settings file at path: a missing file is the
// defaults with no error; broken lines are reported and the rest is kept.
func LoadSettings(path string, checkPalette func(string) error) (Settings, []error) {
	data, err := ReadFileLimit(path, SettingsLimit)
	if errors.Is(err, fs.ErrNotExist) {
		return Settings{}, nil
	}
	if err != nil {
		return Settings{}, []error{fmt.Errorf("cannot read the settings %s (%v); the defaults are used", path, err)}
	}
	return ParseSettings(path, data, checkPalette)
}

// SaveSettings writes the settings file at path (its folder is made).
func SaveSettings(path string, s Settings) error {
	if err := ensureDir(filepath.Dir(path)); err != nil {
		return err
	}
	return WriteFile(path, FormatSettings(s))
}
