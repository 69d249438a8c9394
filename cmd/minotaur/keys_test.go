package main

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/minotaur-game/minotaur/internal/cli"
)

// The keymap file is keys.txt in $XDG_CONFIG_HOME/minotaur; a missing
// default file is no problem, a missing --keys file is; a broken line is
// reported with the file's name and its line number and the rest applies.
func TestKeymapFile(t *testing.T) {
	root := t.TempDir()
	env := map[string]string{
		"HOME": filepath.Join(root, "home"), "XDG_DATA_HOME": filepath.Join(root, "data"),
		"XDG_CONFIG_HOME": filepath.Join(root, "config"),
	}
	var errb bytes.Buffer
	sys := cli.IO{Stderr: &errb, Getenv: func(k string) string { return env[k] }, Now: func() time.Time { return time.Unix(0, 0) }}
	path := filepath.Join(root, "config", "minotaur", "keys.txt")
	cfg, ok := prepare(sys, "minotaur", choices{})
	if !ok || cfg.Keys != path || len(cfg.KeymapProblems) != 0 {
		t.Fatalf("keymap file %q (ok %v), problems %v; want %s and none", cfg.Keys, ok, cfg.KeymapProblems, path)
	}
	if _, probs := loadKeymap(path, true); len(probs) != 1 || !strings.Contains(probs[0], "could not be read") {
		t.Fatalf("a missing --keys file: %v", probs)
	}
	os.MkdirAll(filepath.Dir(path), 0o755)
	os.WriteFile(path, []byte("# mine\nup = z\nleft q\n"), 0o644)
	cfg, _ = prepare(sys, "minotaur", choices{})
	if probs := cfg.KeymapProblems; len(probs) != 1 || !strings.HasPrefix(probs[0], path+":3: ") {
		t.Fatalf("problems %v, want one on line 3", probs)
	}
	if m := cfg.Keymap; m.Keys("minotaur", "up")[0] != "z" {
		t.Fatalf("up = z did not apply: %v", m.Keys("minotaur", "up"))
	}
	other := filepath.Join(root, "other.txt")
	os.WriteFile(other, []byte("up = x\n"), 0o644)
	if cfg, _ = prepare(sys, "minotaur", choices{keys: other}); cfg.Keymap.Keys("minotaur", "up")[0] != "x" {
		t.Fatalf("--keys FILE did not win: %v", cfg.Keymap.Keys("minotaur", "up"))
	}
	// The settings screen names the file the keys came from.
	if cfg.Keys != other {
		t.Fatalf("with --keys %s the settings screen names %s", other, cfg.Keys)
	}
}
