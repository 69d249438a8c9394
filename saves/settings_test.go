package saves

import (
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

func checkPalette(s string) error {
	switch s {
	case "auto", "dark", "light", "high-contrast":
		return nil
	}
	return errors.New("unknown palette " + s)
}

// TestParseSettings: the known keys are read; a broken line is reported
// with its line number and keeps the default, the other lines still count.
func TestParseSettings(t *testing.T) {
	text := "# my settings\n\nname = Ada\npalette=sepia\nlayout = accessible\ncolour = red\nthis line is nonsense\nserver = example.org:7777\r\nlayout = sideways\n"
	s, errs := ParseSettings("settings.txt", []byte(text), checkPalette)
	want := Settings{Name: "Ada", Layout: LayoutAccessible, Server: "example.org:7777"}
	if s != want {
		t.Errorf("got %+v, want %+v", s, want)
	}
	lines := []string{"settings.txt line 4: unknown palette sepia", "settings.txt line 6: unknown setting \"colour\"", "settings.txt line 7:", "settings.txt line 9: unknown layout"}
	if len(errs) != len(lines) {
		t.Fatalf("errors %v, want %d", errs, len(lines))
	}
	for i, e := range errs {
		if !strings.HasPrefix(e.Error(), lines[i]) || !strings.Contains(e.Error(), "default is kept") {
			t.Errorf("error %d: %q, want it to start %q", i, e, lines[i])
		}
	}
}

// TestSettingsRoundTrip: what the game writes, it reads back the same;
// a missing file is the defaults.
func TestSettingsRoundTrip(t *testing.T) {
	path := filepath.Join(t.TempDir(), "config", "minotaur", SettingsFileName)
	if s, errs := LoadSettings(path, checkPalette); s != (Settings{}) || errs != nil {
		t.Fatalf("no file: %+v, %v", s, errs)
	}
	s := Settings{Name: "Théo", Palette: "high-contrast", Layout: LayoutStandard, Server: "localhost:7777"}
	if err := SaveSettings(path, s); err != nil {
		t.Fatal(err)
	}
	got, errs := LoadSettings(path, checkPalette)
	if got != s || errs != nil {
		t.Errorf("read back %+v, %v; want %+v", got, errs, s)
	}
	os.WriteFile(path, []byte(strings.Repeat("#", SettingsLimit+1)), 0o644)
	if _, errs := LoadSettings(path, checkPalette); len(errs) != 1 {
		t.Errorf("a huge file: %v", errs)
	}
}
