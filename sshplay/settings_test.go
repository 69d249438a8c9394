package sshplay

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestSettingsKeptPerName: over SSH the settings screen writes the
// player's settings on the server, under their name; the next session of
// that name — with another key — is drawn in the palette chosen, and the
// session's MINOTAUR_PALETTE wins over the setting.
func TestSettingsKeptPerName(t *testing.T) {
	r := newRig(t, nil)
	tm := openTermAs(t, r.dial("kim", newKey(t)), 80, 24, "xterm-256color", nil)
	tm.waitText("New game", "Settings")
	tm.press("g")
	tm.waitText("Palette", "auto (dark)")
	tm.press("\x1b[B", "\x1b[C", "\x1b[C") // down, right, right: light
	tm.waitText("light", "Saved on this server")
	tm.press("\x1b", "\x03")
	tm.wait()
	data, err := os.ReadFile(filepath.Join(r.data, sshDirName, settingsDir, "kim.txt"))
	if err != nil || !strings.Contains(string(data), "palette = light") {
		t.Fatalf("the server keeps %q, %v", data, err)
	}
	const lightTitle, hcTitle = "38;5;124m", "38;5;226m"
	tm = openTermAs(t, r.dial("kim", newKey(t)), 80, 24, "xterm-256color", nil)
	tm.waitText("New game")
	if out := tm.output(); !strings.Contains(out, lightTitle) {
		t.Errorf("the next session is not drawn in the light palette:\n%q", out)
	}
	tm.press("\x03")
	tm.wait()
	tm = openTermAs(t, r.dial("kim", newKey(t)), 80, 24, "xterm-256color", []string{"MINOTAUR_PALETTE=high-contrast"})
	tm.waitText("New game")
	if out := tm.output(); !strings.Contains(out, hcTitle) || strings.Contains(out, lightTitle) {
		t.Errorf("MINOTAUR_PALETTE does not win over the setting:\n%q", out)
	}
	tm.press("\x03")
	tm.wait()
}
