package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// The keymap file is keys.txt in $XDG_CONFIG_HOME/minotaur; a missing
// default file is no problem, a missing --keys file is; a broken line is
// reported with the file's name and its line number and the rest applies.
func TestKeymapFile(t *testing.T) {
	dir := t.TempDir()
	env := func(k string) string {
		if k == "XDG_CONFIG_HOME" {
			return dir
		}
		return ""
	}
	path, err := keymapPath(env)
	if err != nil || path != filepath.Join(dir, "minotaur", "keys.txt") {
		t.Fatalf("keymapPath = %q, %v", path, err)
	}
	if _, probs := loadKeymap(path, false); len(probs) != 0 {
		t.Fatalf("a missing default file: %v", probs)
	}
	if _, probs := loadKeymap(path, true); len(probs) != 1 || !strings.Contains(probs[0], "could not be read") {
		t.Fatalf("a missing --keys file: %v", probs)
	}
	os.MkdirAll(filepath.Dir(path), 0o755)
	os.WriteFile(path, []byte("# mine\nup = z\nleft q\n"), 0o644)
	m, probs := loadKeymap(path, false)
	if len(probs) != 1 || !strings.HasPrefix(probs[0], path+":3: ") {
		t.Fatalf("problems %v, want one on line 3", probs)
	}
	if m.Keys("minotaur", "up")[0] != "z" {
		t.Fatalf("up = z did not apply: %v", m.Keys("minotaur", "up"))
	}
}
