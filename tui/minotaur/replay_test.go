package minotaur

import (
	"strconv"
	"strings"
	"testing"

	tea "github.com/charmbracelet/bubbletea"
	"github.com/charmbracelet/x/ansi"

	"github.com/minotaur-game/minotaur/engine"
	"github.com/minotaur-game/minotaur/saves"
)

// TestReplayViewer steps through a recorded game with the viewer's keys and
// checks what the screen says and where the player stands.
func TestReplayViewer(t *testing.T) {
	pass, lose, score := planLoss(t, goldenSeed)
	var moves []byte
	for _, a := range append(pass, lose...) {
		moves = append(moves, byte(a))
	}
	r := saves.Replay{Seed: goldenSeed, Players: 1, Moves: string(moves)}
	m, err := NewReplay(r, nil, nil)
	if err != nil {
		t.Fatal(err)
	}
	send := func(msg tea.Msg) { m.Update(msg) }
	send(tea.WindowSizeMsg{Width: 80, Height: 24})
	screen := func() string { return ansi.Strip(m.View()) }
	if !strings.Contains(screen(), "Replay 0/"+itoa(len(moves))+"  4 moves/s") {
		t.Fatalf("no replay status at the start:\n%s", screen())
	}

	// → plays one move and pauses.
	send(tea.KeyMsg{Type: tea.KeyRight})
	send(tea.KeyMsg{Type: tea.KeyRight})
	want, _ := engine.New(engine.Config{Seed: goldenSeed, Players: 1})
	want.Apply(1, pass[0])
	want.Apply(1, pass[1])
	if got := m.pb.Game().Status().Players[0].Pos; got != want.Status().Players[0].Pos {
		t.Fatalf("after two steps the player is at %v, want %v", got, want.Status().Players[0].Pos)
	}
	if !strings.Contains(screen(), "Replay 2/") || !strings.Contains(screen(), "PAUSED") {
		t.Fatalf("the status does not show 2 moves, paused:\n%s", screen())
	}
	// A tick of an old chain does nothing while paused.
	send(replayTick{gen: m.gen})
	if played, _ := m.pb.Progress(); played != 2 {
		t.Fatalf("a tick while paused played a move (%d played)", played)
	}
	// + and - change the speed within its bounds.
	for range 10 {
		send(tea.KeyMsg{Type: tea.KeyRunes, Runes: []rune{'+'}})
	}
	if !strings.Contains(screen(), "33 moves/s") {
		t.Fatalf("+ did not reach the fastest speed:\n%s", screen())
	}
	send(tea.KeyMsg{Type: tea.KeyRunes, Runes: []rune{'-'}})
	if !strings.Contains(screen(), "16 moves/s") {
		t.Fatalf("- did not slow down:\n%s", screen())
	}
	// Space resumes: ticks of the current chain play to the end.
	send(tea.KeyMsg{Type: tea.KeySpace})
	for i := 0; i < len(moves)+2; i++ {
		send(replayTick{gen: m.gen})
	}
	if m.pb.Game().Result() != engine.Lost || m.pb.Game().Score() != score {
		t.Fatalf("the replay ended %v with %d points, want lost with %d", m.pb.Game().Result(), m.pb.Game().Score(), score)
	}
	if !strings.Contains(screen(), "the end: lost") {
		t.Fatalf("the end is not shown:\n%s", screen())
	}
	_, cmd := m.Update(tea.KeyMsg{Type: tea.KeyRunes, Runes: []rune{'q'}})
	if cmd == nil {
		t.Fatal("Q does not quit")
	}
	if _, ok := cmd().(tea.QuitMsg); !ok {
		t.Fatal("Q does not quit")
	}
}

func itoa(n int) string { return strconv.Itoa(n) }

// At 40×12 the viewer's status has a line of its own and its keys are
// shown whole under it, as play's are (they were cut off after the
// status).
func TestReplayViewerNarrowShowsKeys(t *testing.T) {
	pass, lose, _ := planLoss(t, goldenSeed)
	var moves []byte
	for _, a := range append(pass, lose...) {
		moves = append(moves, byte(a))
	}
	m, err := NewReplay(saves.Replay{Seed: goldenSeed, Players: 1, Moves: string(moves)}, nil, nil)
	if err != nil {
		t.Fatal(err)
	}
	m.Update(tea.WindowSizeMsg{Width: 40, Height: 12})
	m.Update(tea.KeyMsg{Type: tea.KeySpace})
	s := ansi.Strip(m.View())
	lines := strings.Split(s, "\n")
	if len(lines) > 12 {
		t.Fatalf("%d lines at 40×12:\n%s", len(lines), s)
	}
	for _, want := range []string{"Replay 0/", "PAUSED", "Space pause", "[/] level", "g go to turn", "+/- speed", "Q quit"} {
		if !strings.Contains(s, want) {
			t.Errorf("%q is not on the screen at 40×12:\n%s", want, s)
		}
	}
	for _, l := range lines {
		if ansi.StringWidth(l) > 40 {
			t.Fatalf("a line wider than 40 columns:\n%s", s)
		}
	}
}
