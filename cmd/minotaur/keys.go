package main

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"

	"github.com/minotaur-game/minotaur/internal/cli"
	"github.com/minotaur-game/minotaur/saves"
	"github.com/minotaur-game/minotaur/tui/keymap"
)

// maxKeymapFile is the largest keymap file read (a few hundred bytes is
// usual).
const maxKeymapFile = 64 << 10

// keymapPath is where the player's keymap file is looked for: keys.txt in
// the config folder, $XDG_CONFIG_HOME/minotaur when that is set (an
// absolute path), else the system's (os.UserConfigDir: ~/.config on
// Linux, ~/Library/Application Support on macOS, %AppData% on Windows).
func keymapPath(getenv func(string) string) (string, error) {
	if d := getenv("XDG_CONFIG_HOME"); d != "" && filepath.IsAbs(d) {
		return filepath.Join(d, "minotaur", "keys.txt"), nil
	}
	d, err := os.UserConfigDir()
	if err != nil {
		return "", err
	}
	return filepath.Join(d, "minotaur", "keys.txt"), nil
}

// loadKeymap reads the keymap file at path: the keys and the problems of
// its broken lines, each "FILE:LINE: what". A file that is not there is no
// problem (the defaults) unless the player named it (given, with --keys).
func loadKeymap(path string, given bool) (*keymap.Map, []string) {
	if path == "" {
		return keymap.Default(), nil
	}
	text, err := saves.ReadFileLimit(path, maxKeymapFile)
	if err != nil {
		if errors.Is(err, fs.ErrNotExist) && !given {
			return keymap.Default(), nil
		}
		return keymap.Default(), []string{fmt.Sprintf("%s: could not be read (%v); the default keys are used", path, err)}
	}
	m, probs := keymap.Parse(path, text)
	var out []string
	for _, p := range probs {
		out = append(out, p.Error())
	}
	return m, out
}

// playerKeymap is the player's keys: the --keys file when given, else
// the config folder's keys.txt when there is one.
func playerKeymap(sys cli.IO, flag string) (*keymap.Map, []string) {
	if flag != "" {
		return loadKeymap(flag, true)
	}
	getenv := sys.Getenv
	if getenv == nil {
		getenv = os.Getenv
	}
	path, err := keymapPath(getenv)
	if err != nil {
		return keymap.Default(), nil // no config folder: nowhere a keymap could be
	}
	return loadKeymap(path, false)
}
