package tui

import (
	"bytes"
	"testing"
	"time"

	tea "github.com/charmbracelet/bubbletea"
	"github.com/charmbracelet/x/ansi"
	"github.com/charmbracelet/x/exp/teatest"
)

// seen accumulates a program's output, so that text drawn once (a header
// the renderer does not draw again) is found later.
type seen struct{ out []byte }

func (s *seen) wait(t *testing.T, tm *teatest.TestModel, text string) {
	t.Helper()
	buf := make([]byte, 64<<10)
	for deadline := time.Now().Add(2 * time.Minute); time.Now().Before(deadline); {
		n, _ := tm.Output().Read(buf)
		s.out = append(s.out, buf[:n]...)
		if bytes.Contains(s.out, []byte(text)) {
			s.out = s.out[:0]
			return
		}
		if n == 0 {
			time.Sleep(10 * time.Millisecond)
		}
	}
	t.Fatalf("%q not drawn within 2 minutes; drawn since the last step:\n%s", text, ansi.Strip(string(s.out)))
}

// pressUntil types key every 100 ms until text is drawn (a round ends
// once the person's command is in; a key typed before the next block is
// refused as a second command, so typing it again is harmless).
func (s *seen) pressUntil(t *testing.T, tm *teatest.TestModel, key, text string) {
	t.Helper()
	buf := make([]byte, 64<<10)
	for deadline := time.Now().Add(2 * time.Minute); time.Now().Before(deadline); {
		tm.Type(key)
		time.Sleep(100 * time.Millisecond)
		n, _ := tm.Output().Read(buf)
		s.out = append(s.out, buf[:n]...)
		if bytes.Contains(s.out, []byte(text)) {
			s.out = s.out[:0]
			return
		}
	}
	t.Fatalf("%q not drawn within 2 minutes of typing %q; drawn since the last step:\n%s", text, key, ansi.Strip(string(s.out)))
}

// TestFoxhuntFlowFromMenu drives the program as bubbletea runs it: the main
// menu's Fox hunt, one bot and 50 rounds, the local match's first blocks
// (its server and bot in process), a move and a bomb, and q back to the
// menu (asked first, as the match is under way), then Esc to the main menu.
func TestFoxhuntFlowFromMenu(t *testing.T) {
	tm := teatest.NewTestModel(t, New(testConfig(t, 1)), teatest.WithInitialTermSize(80, 24))
	waitText(t, tm, "Fox hunt")
	tm.Send(tea.KeyMsg{Type: tea.KeyRunes, Runes: []rune{'f'}})
	waitText(t, tm, "Bots", "Rounds")
	tm.Send(tea.KeyMsg{Type: tea.KeyLeft}) // 3 bots → 2
	tm.Send(tea.KeyMsg{Type: tea.KeyLeft}) // → 1
	tm.Send(tea.KeyMsg{Type: tea.KeyDown})
	tm.Send(tea.KeyMsg{Type: tea.KeyLeft}) // 100 rounds → 50
	var s seen
	tm.Send(tea.KeyMsg{Type: tea.KeyEnter})
	s.wait(t, tm, "round 1/50")
	s.pressUntil(t, tm, "w", "round 2/50") // the first two blocks both say round 1
	tm.Type("b")
	s.wait(t, tm, "Bomb: a direction")
	tm.Type("b")
	s.wait(t, tm, "round 3/50")
	tm.Type("q") // the match is under way: leaving asks first
	s.wait(t, tm, "Leaving now ends this game")
	tm.Type("y")
	s.wait(t, tm, "Bots")
	tm.Send(tea.KeyMsg{Type: tea.KeyEsc})
	s.wait(t, tm, "Network game")
	tm.Send(tea.KeyMsg{Type: tea.KeyCtrlC})
	final := tm.FinalModel(t, teatest.WithFinalTimeout(2*time.Minute)).(*Model)
	if final.Screen() != "menu" {
		t.Fatalf("the program ended on %s", final.Screen())
	}
}
