package minotaur

import (
	"strings"
	"testing"

	tea "github.com/charmbracelet/bubbletea"
	"github.com/charmbracelet/x/ansi"

	"github.com/minotaur-game/minotaur/saves"
	"github.com/minotaur-game/minotaur/tui/keymap"
)

// The vi-keys and the numpad move, a key that does nothing says so
// without spending a turn, and Q leaves (at once before any progress).
func TestViKeysNumpadAndUnknownKey(t *testing.T) {
	cfg := testConfig(t, 1)
	cfg.Levels = Campaign{{Level: corridor(), Text: "(corridor)"}}
	d := newDriver(t, cfg, 80, 24)
	d.keys("<enter>")
	g := d.game()
	x := g.Status().Players[0].Pos.X
	d.keys("l")
	if got := g.Status().Players[0].Pos.X; got != x+1 {
		t.Fatalf("l did not step east: x %d → %d", x, got)
	}
	d.keys("4")
	if got := g.Status().Players[0].Pos.X; got != x {
		t.Fatalf("the numpad's 4 did not step west: x %d", got)
	}
	turn := g.TurnNumber()
	d.keys("z")
	if !strings.Contains(d.screen(), "Unknown key — ? for help") || g.TurnNumber() != turn {
		t.Fatalf("z: turn %d → %d, screen:\n%s", turn, g.TurnNumber(), d.screen())
	}
	d.keys("5")
	if g.TurnNumber() != turn+1 {
		t.Fatalf("the numpad's 5 did not wait: turn %d → %d", turn, g.TurnNumber())
	}
	d.keys("H")
	d.expectScreen("help")
}

// A rebound key moves, the old one is unknown, and the hints and the help
// name the keys bound.
func TestRebindingShowsInPlayAndHelp(t *testing.T) {
	m, probs := keymap.Parse("keys.txt", []byte("right = e, right\nhelp = F1\n"))
	if len(probs) != 0 {
		t.Fatal(probs)
	}
	keymap.Use(m)
	t.Cleanup(func() { keymap.Use(nil) })
	cfg := testConfig(t, 1)
	cfg.Levels = Campaign{{Level: corridor(), Text: "(corridor)"}}
	d := newDriver(t, cfg, 80, 24)
	d.keys("<enter>")
	g := d.game()
	x := g.Status().Players[0].Pos.X
	d.keys("d")
	if g.Status().Players[0].Pos.X != x || !strings.Contains(d.screen(), "Unknown key — F1 for help") {
		t.Fatalf("d still moves, or the unknown key's line does not name F1:\n%s", d.screen())
	}
	d.keys("e")
	if g.Status().Players[0].Pos.X != x+1 {
		t.Fatal("e does not step east")
	}
	s := d.screen()
	if !strings.Contains(s, "WASE move") || !strings.Contains(s, "F1 help") {
		t.Fatalf("the hints do not name the keys bound:\n%s", s)
	}
	d.keys("?")
	if strings.Contains(d.screen(), "Symbols") {
		t.Fatal("? still opens the help")
	}
	d.keys("<f1>")
	if s := d.screen(); !strings.Contains(s, "WASE") || !strings.Contains(s, "F1") || !strings.Contains(s, "this help") {
		t.Fatalf("the help does not name the keys bound:\n%s", s)
	}
}

// The replay viewer's keys follow the keymap: a rebound right steps, a
// rebound quit quits, and the hints name them.
func TestReplayViewerFollowsKeymap(t *testing.T) {
	m, probs := keymap.Parse("keys.txt", []byte("right = e, right\nquit = v\n"))
	if len(probs) != 0 {
		t.Fatal(probs)
	}
	keymap.Use(m)
	t.Cleanup(func() { keymap.Use(nil) })
	pass, lose, _ := planLoss(t, goldenSeed)
	var moves []byte
	for _, a := range append(pass, lose...) {
		moves = append(moves, byte(a))
	}
	v, err := NewReplay(saves.Replay{Seed: goldenSeed, Players: 1, Moves: string(moves)}, nil, nil)
	if err != nil {
		t.Fatal(err)
	}
	v.Update(tea.WindowSizeMsg{Width: 80, Height: 24})
	v.Update(tea.KeyMsg{Type: tea.KeyRunes, Runes: []rune{'e'}})
	if played, _ := v.pb.Progress(); played != 1 {
		t.Fatalf("e (right) did not step: %d moves played", played)
	}
	s := ansi.Strip(v.View())
	if !strings.Contains(s, "v quit") || strings.Contains(s, "Q quit") {
		t.Fatalf("the hints do not name the quit key bound:\n%s", s)
	}
	if _, cmd := v.Update(tea.KeyMsg{Type: tea.KeyRunes, Runes: []rune{'q'}}); cmd != nil {
		t.Fatal("q still quits the viewer")
	}
	_, cmd := v.Update(tea.KeyMsg{Type: tea.KeyRunes, Runes: []rune{'v'}})
	if cmd == nil {
		t.Fatal("v does not quit the viewer")
	}
	if _, ok := cmd().(tea.QuitMsg); !ok {
		t.Fatal("v does not quit the viewer")
	}
}
