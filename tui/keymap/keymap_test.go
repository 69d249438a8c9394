package keymap

import (
	"slices"
	"strings"
	"testing"

	tea "github.com/charmbracelet/bubbletea"
)

func runes(s string) tea.KeyMsg { return tea.KeyMsg{Type: tea.KeyRunes, Runes: []rune(s)} }

// The defaults: WASD, the arrows, the vi-keys and the numpad move in the
// games that do not type letters or digits; chess keeps WASD and the
// arrows; H (Shift) and ? are help, h is left.
func TestDefaults(t *testing.T) {
	m := Default()
	for _, g := range []string{Minotaur, Labyrinth, Trails, FoxHunt} {
		for k, want := range map[string]string{"h": "left", "j": "down", "k": "up", "l": "right",
			"8": "up", "4": "left", "6": "right", "2": "down", "W": "up", "?": "help", "H": "help", "p": "pause", "q": "quit"} {
			if got := m.Action(g, runes(k)); got != want {
				t.Errorf("%s: %s is %q, want %q", g, k, got, want)
			}
		}
		if got := m.Action(g, tea.KeyMsg{Type: tea.KeyUp}); got != "up" {
			t.Errorf("%s: ↑ is %q", g, got)
		}
	}
	if m.Action(Minotaur, runes("5")) != "wait" || m.Action(FoxHunt, runes("5")) != "wait" {
		t.Errorf("the numpad's 5 does not wait")
	}
	for _, k := range []string{"h", "l", "8", "q", "H"} {
		if got := m.Action(Chess, runes(k)); got != "" && !(k == "l" && got == "log") {
			t.Errorf("chess: %s is %q, a letter or digit of a typed move", k, got)
		}
	}
	if m.Action(Lobby, runes("H")) != "help" || m.Action(Lobby, runes("?")) != "help" {
		t.Errorf("the lobby's help is not ? and H as in the games")
	}
	if m.Action(Minotaur, tea.KeyMsg{Type: tea.KeyRunes, Runes: []rune("w"), Paste: true}) != "" {
		t.Errorf("a pasted w moves")
	}
	// every action of every game is named in Actions, and every game's
	// default keys are its own: no key for two actions
	for g, bs := range defaults() {
		seen := map[string]string{}
		for _, b := range bs {
			if !known(b.action) {
				t.Errorf("%s's action %s is not in Actions", g, b.action)
			}
			for _, k := range b.keys {
				if o, ok := seen[k]; ok {
					t.Errorf("%s: %q is both %s and %s", g, k, o, b.action)
				}
				seen[k] = b.action
			}
		}
	}
	if m.Unknown(Minotaur) != "Unknown key — ? for help" {
		t.Errorf("unknown: %q", m.Unknown(Minotaur))
	}
}

// A line rebinds its action in every game that has it, replaces its
// keys, and takes its keys from other actions; the hints name the keys
// bound.
func TestRebinding(t *testing.T) {
	m, probs := Parse("keys.txt", []byte("# AZERTY\r\nup = z, Z, up\nleft = q, Q, left   # Q was quit\nhelp = F1, ?\nwait = comma\n\nquit = ctrl+q\n"))
	if len(probs) != 0 {
		t.Fatalf("problems: %v", probs)
	}
	for _, g := range []string{Minotaur, Labyrinth, Trails, FoxHunt, Lobby} {
		if m.Action(g, runes("z")) != "up" {
			t.Errorf("%s: z is not up", g)
		}
		if m.Action(g, runes("w")) != "" || m.Action(g, runes("k")) != "" {
			t.Errorf("%s: w or k still does something: %q %q", g, m.Action(g, runes("w")), m.Action(g, runes("k")))
		}
	}
	if m.Action(Chess, runes("z")) != "up" || m.Action(Chess, runes("q")) != "left" {
		t.Errorf("chess does not take the file's up and left")
	}
	if m.Action(Trails, runes("q")) != "left" || m.Action(Trails, tea.KeyMsg{Type: tea.KeyCtrlQ}) != "quit" {
		t.Errorf("trails: q %q, ctrl+q %q", m.Action(Trails, runes("q")), m.Action(Trails, tea.KeyMsg{Type: tea.KeyCtrlQ}))
	}
	if m.Action(Minotaur, tea.KeyMsg{Type: tea.KeyF1}) != "help" || m.Action(Minotaur, runes("H")) != "" {
		t.Errorf("help: F1 %q, H %q", m.Action(Minotaur, tea.KeyMsg{Type: tea.KeyF1}), m.Action(Minotaur, runes("H")))
	}
	if m.Action(Minotaur, runes(",")) != "wait" || m.Action(Minotaur, tea.KeyMsg{Type: tea.KeySpace}) != "" {
		t.Errorf("wait = comma: , %q", m.Action(Minotaur, runes(",")))
	}
	if got := m.Label(Minotaur, "up", "W/↑"); got != "Z/↑" {
		t.Errorf("up's label %q", got)
	}
	if got := m.Label(Minotaur, "freeze", "F"); got != "F" {
		t.Errorf("an action left alone keeps its label: %q", got)
	}
	if got := m.MoveLabel(Minotaur, "WASD"); got != "ZQSD" {
		t.Errorf("the moves' label %q", got)
	}
	if got := m.Unknown(Trails); got != "Unknown key — F1 for help" {
		t.Errorf("unknown %q", got)
	}
	// the lobby's quit loses q and Q to left's line? No: the lobby has no
	// left; its Q still leaves.
	if m.Action(Lobby, runes("q")) != "" || m.Action(Lobby, tea.KeyMsg{Type: tea.KeyCtrlQ}) != "quit" {
		t.Errorf("the lobby's quit: q %q", m.Action(Lobby, runes("q")))
	}
}

// A broken line is reported with the file's name and its line number;
// its action keeps its default keys and the other lines still apply.
func TestParserErrors(t *testing.T) {
	text := strings.Join([]string{
		"# my keys",      // 1
		"up = z",         // 2
		"jump = j",       // 3 no such action
		"left q",         // 4 no =
		"down = ctrl+c",  // 5 not a key for a file
		"right = sdfsdf", // 6 not a key name
		"freeze =",       // 7 no key
		"up = k",         // 8 bound again
		"look = z",       // 9 clashes with line 2 in Minotaur
		"shoot = z",      // 10 clashes with line 2 in the Labyrinth
	}, "\n")
	m, probs := Parse("keys.txt", []byte(text))
	var lines []int
	for _, p := range probs {
		lines = append(lines, p.Line)
		if !strings.HasPrefix(p.Error(), "keys.txt:") {
			t.Errorf("a problem without the file's name: %q", p.Error())
		}
	}
	if !slices.Equal(lines, []int{3, 4, 5, 6, 7, 8, 9, 10}) {
		t.Fatalf("problems on lines %v, want 3 to 10:\n%v", lines, probs)
	}
	for _, want := range []string{"no action \"jump\"", "is not \"action = key, key\"", "ctrl+c: is not a key name", "sdfsdf: is not a key name",
		"freeze is given no key", "up is bound again (first on line 2)", "z is already up's key (line 2) in minotaur; look keeps its default keys"} {
		found := false
		for _, p := range probs {
			found = found || strings.Contains(p.Error(), want)
		}
		if !found {
			t.Errorf("no problem says %q:\n%v", want, probs)
		}
	}
	if m.Action(Minotaur, runes("z")) != "up" || m.Action(Minotaur, runes("x")) != "look" || m.Action(Minotaur, runes("f")) != "freeze" ||
		m.Action(Minotaur, runes("s")) != "down" || m.Action(Minotaur, runes("d")) != "right" || m.Action(Labyrinth, runes("x")) != "shoot" {
		t.Errorf("the broken lines' actions did not keep their defaults")
	}
	if _, probs := Parse("bin", []byte{0xff, 0xfe}); len(probs) != 1 || probs[0].Line != 0 {
		t.Errorf("a file that is not text: %v", probs)
	}
}

// A line that takes the last key of another action says so.
func TestTakingEveryKeyOfAnActionIsReported(t *testing.T) {
	m, probs := Parse("k", []byte("freeze = p, P, esc\n"))
	if len(probs) != 1 || probs[0].Line != 1 || !strings.Contains(probs[0].Msg, "last key of pause in minotaur") {
		t.Fatalf("problems %v", probs)
	}
	if m.Action(Minotaur, runes("p")) != "freeze" || m.Action(Labyrinth, runes("p")) != "pause" {
		t.Errorf("freeze took p only in Minotaur: %q %q", m.Action(Minotaur, runes("p")), m.Action(Labyrinth, runes("p")))
	}
}

func TestUse(t *testing.T) {
	m, _ := Parse("k", []byte("up = z"))
	Use(m)
	defer Use(nil)
	if Active().Action(Minotaur, runes("z")) != "up" {
		t.Fatal("Use did not make the map active")
	}
	Use(nil)
	if Active().Action(Minotaur, runes("w")) != "up" {
		t.Fatal("Use(nil) did not bring back the defaults")
	}
}

// A line rejected for a clash takes no key from a later line.
func TestRejectedLineTakesNoKey(t *testing.T) {
	m, probs := Parse("k", []byte("up = z\nlook = y, z\nfreeze = y\n"))
	if len(probs) != 1 || probs[0].Line != 2 {
		t.Fatalf("problems %v, want one on line 2", probs)
	}
	if m.Action(Minotaur, runes("y")) != "freeze" || m.Action(Minotaur, runes("x")) != "look" {
		t.Fatalf("y is %q, x is %q", m.Action(Minotaur, runes("y")), m.Action(Minotaur, runes("x")))
	}
}
