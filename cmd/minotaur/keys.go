package main

import (
	"errors"
	"fmt"
	"io/fs"

	"github.com/minotaur-game/minotaur/saves"
	"github.com/minotaur-game/minotaur/tui/keymap"
)

// maxKeymapFile is the largest keymap file read (a few hundred bytes is
// usual).
const maxKeymapFile = 64 << 10

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
