package tui

import (
	"strings"
	"testing"

	tea "github.com/charmbracelet/bubbletea"
	"github.com/charmbracelet/x/ansi"

	"github.com/minotaur-game/minotaur/tui/keymap"
	"github.com/minotaur-game/minotaur/tui/screen/screentest"
)

// A keymap file's broken lines are shown on start, over the main menu, at
// 80×24 and 40×12; a key goes on to the menu, where the file's good lines
// apply.
func TestKeymapProblemsShownOnStart(t *testing.T) {
	t.Cleanup(func() { keymap.Use(nil) })
	m, probs := keymap.Parse("/home/ada/.config/minotaur/keys.txt", []byte("down = x\nleft q\n"))
	var lines []string
	for _, p := range probs {
		lines = append(lines, p.Error())
	}
	for _, size := range [][2]int{{80, 24}, {40, 12}} {
		cfg := testConfig(t, 1)
		cfg.Keymap, cfg.KeymapProblems = m, lines
		d := newDriver(t, cfg, size[0], size[1])
		s := d.screen()
		if !strings.Contains(s, "YOUR KEYS") || !strings.Contains(s, "keys.txt:") || !strings.Contains(s, "\"left q\" is not") {
			t.Fatalf("%v: the keymap's problem is not shown on start:\n%s", size, s)
		}
		d.keys("<enter>")
		if strings.Contains(d.screen(), "YOUR KEYS") {
			t.Fatalf("%v: Enter did not go on:\n%s", size, d.screen())
		}
	}
	if keymap.Active().Action(keymap.Minotaur, tea.KeyMsg{Type: tea.KeyRunes, Runes: []rune("x")}) != "down" {
		t.Fatal("the file's good line does not apply")
	}
}

// In the lobby H shows the keys as ? does (H is help in every game), at
// 80×24 and 40×12.
func TestLobbyHelpOnH(t *testing.T) {
	for _, size := range [][2]int{{80, 24}, {40, 12}} {
		l := lobbyWith(t, size[0], size[1], mixedLobby)
		l.key(screentest.Key("H"))
		if s := ansi.Strip(l.View()); !strings.Contains(s, "play against the computer") {
			t.Fatalf("%v: H does not show the lobby's keys:\n%s", size, s)
		}
	}
}
