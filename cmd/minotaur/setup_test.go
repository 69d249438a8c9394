package main

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/minotaur-game/minotaur/internal/cli"
	"github.com/minotaur-game/minotaur/saves"
	"github.com/minotaur-game/minotaur/tui/screen"
)

// TestHelpSaysWhereFilesAre: --help names the data folder from
// XDG_DATA_HOME and the settings folder from XDG_CONFIG_HOME, as
// docs/files.md says.
func TestHelpSaysWhereFilesAre(t *testing.T) {
	root := t.TempDir()
	t.Setenv("HOME", filepath.Join(root, "home"))
	t.Setenv("XDG_DATA_HOME", filepath.Join(root, "data"))
	t.Setenv("XDG_CONFIG_HOME", filepath.Join(root, "config"))
	t.Setenv(saves.DataEnv, "")
	var out, errb bytes.Buffer
	if st := run([]string{"--help"}, &out, &errb); st != 0 {
		t.Fatalf("status %d: %s", st, errb.String())
	}
	for _, want := range []string{
		"saves     " + filepath.Join(root, "data", "minotaur", "saves"),
		"settings  " + filepath.Join(root, "config", "minotaur", "settings.txt"),
		"keys      " + filepath.Join(root, "config", "minotaur", "keys.txt"),
		"--data DIR", "--palette P", "MINOTAUR_DATA", "portable", "NO_COLOR",
		// The variable wins over the settings file, as the program does.
		"(default: MINOTAUR_PALETTE, else the settings', else auto)",
	} {
		if !strings.Contains(out.String(), want) {
			t.Errorf("--help lacks %q:\n%s", want, out.String())
		}
	}
	if _, err := os.Stat(filepath.Join(root, "data")); err == nil {
		t.Error("--help made the data folder")
	}
}

// TestBadPalette: an unknown --palette stops with a sentence naming the
// choices, status 2.
func TestBadPalette(t *testing.T) {
	var out, errb bytes.Buffer
	if st := run([]string{"--palette", "sepia"}, &out, &errb); st != 2 || !strings.Contains(errb.String(), "--palette sepia") || !strings.Contains(errb.String(), "high-contrast") {
		t.Errorf("status %d, %q", st, errb.String())
	}
}

// TestSettingsAndFlags: the settings file chooses the name, the palette
// and the server; a broken line is reported with its number and changes
// nothing; MINOTAUR_PALETTE wins over the file, and the flags over both.
func TestSettingsAndFlags(t *testing.T) {
	root := t.TempDir()
	env := map[string]string{
		"HOME": filepath.Join(root, "home"), "XDG_DATA_HOME": filepath.Join(root, "data"),
		"XDG_CONFIG_HOME": filepath.Join(root, "config"),
	}
	file := filepath.Join(root, "config", "minotaur", saves.SettingsFileName)
	os.MkdirAll(filepath.Dir(file), 0o755)
	os.WriteFile(file, []byte("name = Ada\npalette = sepia\npalette = light\nserver = example.org:7777\n"), 0o644)
	sysFor := func(errb *bytes.Buffer) cli.IO {
		return cli.IO{Stderr: errb, Getenv: func(k string) string { return env[k] }, Now: func() time.Time { return time.Unix(0, 0) }}
	}
	var errb bytes.Buffer
	cfg, ok := prepare(sysFor(&errb), "minotaur", choices{})
	if !ok || cfg.Name != "Ada" || cfg.Server != "example.org:7777" || cfg.Styles.Palette != &screen.Light || cfg.Settings != file {
		t.Fatalf("from the file: ok %v, name %q, server %q, palette %s, settings %s", ok, cfg.Name, cfg.Server, cfg.Styles.Palette.Name, cfg.Settings)
	}
	if !strings.Contains(errb.String(), "line 2: unknown palette") || strings.Count(errb.String(), "\n") != 1 {
		t.Errorf("the broken line is said as %q", errb.String())
	}
	env[paletteEnv] = "high-contrast"
	cfg, _ = prepare(sysFor(&errb), "minotaur", choices{})
	if cfg.Styles.Palette != &screen.HighContrast {
		t.Errorf("MINOTAUR_PALETTE does not win over the file: %s", cfg.Styles.Palette.Name)
	}
	cfg, _ = prepare(sysFor(&errb), "minotaur", choices{name: "Bob", palette: "dark", server: "localhost:1"})
	if cfg.Name != "Bob" || cfg.Server != "localhost:1" || cfg.Styles.Palette != &screen.Dark || cfg.Saved.Name != "Ada" {
		t.Errorf("the flags do not win: %q %q %s (the file's name %q)", cfg.Name, cfg.Server, cfg.Styles.Palette.Name, cfg.Saved.Name)
	}
	if want := filepath.Join(root, "data", "minotaur", "saves"); cfg.Saves != want {
		t.Errorf("saves in %s, want %s", cfg.Saves, want)
	}
}
