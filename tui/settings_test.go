package tui

import (
	"context"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/charmbracelet/lipgloss"
	"github.com/muesli/termenv"

	"github.com/minotaur-game/minotaur/netplay"
	"github.com/minotaur-game/minotaur/saves"
	"github.com/minotaur-game/minotaur/tui/screen"
)

// TestSettingsScreen: from the main menu, G opens the settings; a change
// takes effect at once — the palette redraws the screens, the name
// prefills the network screen — and is written to the settings file,
// which reads back the same; a server with a space is refused.
func TestSettingsScreen(t *testing.T) {
	cfg := testConfig(t, goldenSeed)
	cfg.Settings = filepath.Join(t.TempDir(), "config", "minotaur", saves.SettingsFileName)
	r := lipgloss.NewRenderer(nil)
	r.SetColorProfile(termenv.ANSI256)
	cfg.Styles = screen.NewStylesWith(r, &screen.Dark)
	d := newDriver(t, cfg, 80, 24)
	d.keys("g")
	d.expectScreen("settings")
	if scr := d.screen(); !strings.Contains(scr, "auto (dark)") {
		t.Fatalf("the palette row does not say what auto picked:\n%s", scr)
	}
	d.keys("<down><right><right>") // auto → dark → light
	if got := d.m.c.Context.Styles.Palette; got != &screen.Light {
		t.Fatalf("the palette is %s after choosing light", got.Name)
	}
	if v := d.m.View(); strings.Contains(v, "38;5;15m") || strings.Contains(v, "[97m") {
		t.Errorf("bright white on the light palette:\n%q", v)
	}
	d.keys("<up><enter>Theo<enter>")
	d.keys("<down><down><down><down><enter>example.org:7777<enter>")
	got, errs := saves.LoadSettings(cfg.Settings, screen.CheckPaletteName)
	want := saves.Settings{Name: "Theo", Palette: "light", Server: "example.org:7777"}
	if got != want || errs != nil {
		t.Fatalf("the file holds %+v, %v; want %+v", got, errs, want)
	}
	if scr := d.screen(); !strings.Contains(scr, "Saved in") {
		t.Errorf("no word of the saving:\n%s", scr)
	}
	d.keys("<enter><space>x<enter>") // on the server: "example.org:7777 x"
	if scr := d.screen(); !strings.Contains(scr, "without spaces") {
		t.Errorf("a server with a space was taken:\n%s", scr)
	}
	d.keys("<esc>")
	d.keys("<esc><esc>")
	d.expectScreen("menu")
	d.keys("t")
	d.expectScreen("network")
	if scr := d.screen(); !strings.Contains(scr, "example.org:7777") || !strings.Contains(scr, "Theo") {
		t.Errorf("the network screen does not take the settings:\n%s", scr)
	}
}

// TestSettingsUnwritable: a settings file that cannot be written is said,
// and the choice still holds for the run.
func TestSettingsUnwritable(t *testing.T) {
	cfg := testConfig(t, goldenSeed)
	block := filepath.Join(t.TempDir(), "a-file")
	os.WriteFile(block, nil, 0o644)
	cfg.Settings = filepath.Join(block, saves.SettingsFileName)
	d := newDriver(t, cfg, 40, 12)
	d.keys("g<down><down><right>") // layout: accessible
	if scr := d.screen(); !strings.Contains(prose(scr), "Not saved") || !strings.Contains(scr, "╭") {
		t.Errorf("the failure is not said, or the box is cut:\n%s", scr)
	}
	checkFits(t, d.screen(), 40, 12)
	if !d.m.c.cfg.Accessible {
		t.Error("the accessible layout is not taken")
	}
}

// TestSettingsSavedFits: at 40×12 the box keeps its border and its keys
// with the note that the settings were saved under a long path.
func TestSettingsSavedFits(t *testing.T) {
	cfg := testConfig(t, goldenSeed)
	cfg.Settings = filepath.Join(t.TempDir(), "a", "rather", "long", "path", "to", "the", "config", "minotaur", saves.SettingsFileName)
	d := newDriver(t, cfg, 40, 12)
	d.keys("g<down><right>")
	scr := d.screen()
	checkFits(t, scr, 40, 12)
	if !strings.Contains(scr, "╭") || !strings.Contains(scr, "Saved in …") || !strings.Contains(scr, "settings.txt") || !strings.Contains(scr, "Esc back") {
		t.Errorf("the saved note does not fit the box:\n%s", scr)
	}
}

// TestSettingsSaysWhatWins: when a flag (or MINOTAUR_PALETTE) chose the
// palette of this run, the palette row says so beside the setting.
func TestSettingsSaysWhatWins(t *testing.T) {
	cfg := testConfig(t, goldenSeed)
	cfg.Palette = "high-contrast"
	cfg.Styles = screen.NewStylesWith(nil, &screen.HighContrast)
	d := newDriver(t, cfg, 80, 24)
	d.keys("g")
	if scr := d.screen(); !strings.Contains(scr, "auto (now high-contrast)") {
		t.Errorf("the palette row:\n%s", scr)
	}
}

// TestSettingsKeysOverSSH: over SSH the keys row says every player has the
// game's own keys (there was only "there is no keymap file").
func TestSettingsKeysOverSSH(t *testing.T) {
	cfg := testConfig(t, goldenSeed)
	cfg.Connect = func(ctx context.Context, addr, name string) (*netplay.Client, *netplay.Welcome, error) {
		return nil, nil, errors.New("not in this test")
	}
	d := newDriver(t, cfg, 80, 24)
	d.keys("g")
	d.expectScreen("settings")
	d.keys("<down><down><down><enter>")
	if scr := prose(d.screen()); !strings.Contains(scr, "Over SSH every player has the game's own keys") {
		t.Fatalf("the keys row over SSH:\n%s", d.screen())
	}
}

// TestSettingsKeysNoteFits: at 40×12 the keys row's note shows the keymap
// file's path whole and what to do with it (it was cut in its words).
func TestSettingsKeysNoteFits(t *testing.T) {
	cfg := testConfig(t, goldenSeed)
	cfg.Keys = "/home/al/.config/minotaur/keys.txt"
	d := newDriver(t, cfg, 40, 12)
	d.keys("g<down><down><down><enter>")
	scr := d.screen()
	checkFits(t, scr, 40, 12)
	_, note, _ := strings.Cut(scr, "Server")
	if !strings.Contains(note, cfg.Keys) || !strings.Contains(prose(note), "to change the keys.") || strings.Contains(note, "…") {
		t.Errorf("the keys note is cut at 40×12:\n%s", scr)
	}
}

// TestSettingsPaletteWithoutColour: on a terminal without colour (NO_COLOR)
// the palette row says the palette changes nothing here (it said "auto
// (dark)", and choosing light showed no change).
func TestSettingsPaletteWithoutColour(t *testing.T) {
	cfg := testConfig(t, goldenSeed)
	r := lipgloss.NewRenderer(nil)
	r.SetColorProfile(termenv.Ascii)
	cfg.Styles = screen.NewStylesWith(r, nil)
	d := newDriver(t, cfg, 80, 24)
	d.keys("g")
	if scr := d.screen(); !strings.Contains(scr, "auto (no colour here)") {
		t.Fatalf("the palette row without colour:\n%s", scr)
	}
	d.keys("<down><right><right>")
	if scr := d.screen(); !strings.Contains(scr, "light (no colour here)") {
		t.Fatalf("the palette row without colour, light chosen:\n%s", scr)
	}
}
