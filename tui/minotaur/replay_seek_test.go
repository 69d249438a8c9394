package minotaur

import (
	"strings"
	"testing"

	tea "github.com/charmbracelet/bubbletea"
	"github.com/charmbracelet/x/ansi"

	"github.com/minotaur-game/minotaur/engine"
	"github.com/minotaur-game/minotaur/saves"
)

// lostReplay is the recording of goldenSeed's game: level 1 passed, level
// 2 lost. pass is the number of moves of level 1.
func lostReplay(t *testing.T) (r saves.Replay, pass int) {
	t.Helper()
	p, lose, _ := planLoss(t, goldenSeed)
	var moves []byte
	for _, a := range append(p, lose...) {
		moves = append(moves, byte(a))
	}
	return saves.Replay{Seed: goldenSeed, Players: 1, Moves: string(moves)}, len(p)
}

// viewer starts a replay viewer on an 80×24 terminal.
func viewer(t *testing.T, r saves.Replay) *ReplayModel {
	t.Helper()
	m, err := NewReplay(r, nil, nil)
	if err != nil {
		t.Fatal(err)
	}
	m.Update(tea.WindowSizeMsg{Width: 80, Height: 24})
	return m
}

func press(m *ReplayModel, keys ...string) {
	for _, k := range keys {
		var msg tea.KeyMsg
		switch k {
		case "left":
			msg = tea.KeyMsg{Type: tea.KeyLeft}
		case "right":
			msg = tea.KeyMsg{Type: tea.KeyRight}
		case "enter":
			msg = tea.KeyMsg{Type: tea.KeyEnter}
		case "esc":
			msg = tea.KeyMsg{Type: tea.KeyEsc}
		case "space":
			msg = tea.KeyMsg{Type: tea.KeySpace}
		default:
			msg = tea.KeyMsg{Type: tea.KeyRunes, Runes: []rune(k)}
		}
		m.Update(msg)
	}
}

// stoppedAt is the screen of a fresh viewer stepped n moves with →
// (paused with Space when n is 0).
func stoppedAt(t *testing.T, r saves.Replay, n int) string {
	t.Helper()
	m := viewer(t, r)
	if n == 0 {
		press(m, "space")
	}
	for range n {
		press(m, "right")
	}
	return ansi.Strip(m.View())
}

// TestReplayStepBack: ← shows exactly the screen of a replay stopped one
// move earlier — the map, the figures, the messages — anywhere in the
// game: in a level, right after a level was passed, after the end.
func TestReplayStepBack(t *testing.T) {
	r, pass := lostReplay(t)
	total := len(r.Moves)
	for _, k := range []int{1, 2, 7, pass, pass + 1, pass + 2, total} {
		m := viewer(t, r)
		for range k {
			press(m, "right")
		}
		press(m, "left")
		got, want := ansi.Strip(m.View()), stoppedAt(t, r, k-1)
		if got != want {
			t.Fatalf("← after %d moves shows\n%s\nwant the screen after %d moves:\n%s", k, got, k-1, want)
		}
	}
	// Back twice, then forward again: the same screen as never going back.
	m := viewer(t, r)
	for range pass + 3 {
		press(m, "right")
	}
	press(m, "left", "left", "right", "right")
	if got, want := ansi.Strip(m.View()), stoppedAt(t, r, pass+3); got != want {
		t.Fatalf("←← →→ shows\n%s\nwant\n%s", got, want)
	}
	// Back at the start stays there.
	m = viewer(t, r)
	press(m, "right", "left", "left")
	if got, want := ansi.Strip(m.View()), stoppedAt(t, r, 0); got != want {
		t.Fatalf("← at the start shows\n%s\nwant\n%s", got, want)
	}
	// After the end, Space plays again from the move before.
	m = viewer(t, r)
	for range total {
		press(m, "right")
	}
	press(m, "left", "space")
	for range 3 {
		m.Update(replayTick{gen: m.gen})
	}
	if played, _ := m.pb.Progress(); played != total || !strings.Contains(ansi.Strip(m.View()), "the end: lost") {
		t.Fatalf("after ← at the end, Space played to %d of %d:\n%s", played, total, ansi.Strip(m.View()))
	}
}

// TestReplayLevelJumps: ] goes to the start of the next level (the end on
// the last), [ to the start of the previous one (the start of the game on
// the first).
func TestReplayLevelJumps(t *testing.T) {
	r, pass := lostReplay(t)
	total := len(r.Moves)
	m := viewer(t, r)
	press(m, "right", "right", "]")
	if got, want := ansi.Strip(m.View()), stoppedAt(t, r, pass); got != want {
		t.Fatalf("] on level 1 shows\n%s\nwant the start of level 2:\n%s", got, want)
	}
	if !strings.Contains(ansi.Strip(m.View()), "Level 2/7") {
		t.Fatalf("] does not show level 2:\n%s", ansi.Strip(m.View()))
	}
	press(m, "]")
	if got, want := ansi.Strip(m.View()), stoppedAt(t, r, total); got != want {
		t.Fatalf("] on the last level shows\n%s\nwant the end:\n%s", got, want)
	}
	press(m, "[")
	if got, want := ansi.Strip(m.View()), stoppedAt(t, r, 0); got != want {
		t.Fatalf("[ on level 2 shows\n%s\nwant the start of level 1:\n%s", got, want)
	}
	press(m, "right", "right", "[")
	if got, want := ansi.Strip(m.View()), stoppedAt(t, r, 0); got != want {
		t.Fatalf("[ on level 1 shows\n%s\nwant the start:\n%s", got, want)
	}
}

// TestReplayGoToTurn: g opens a prompt; a turn goes to where that turn of
// the level on screen starts, "level:turn" to a turn of another level; a
// bad number is told and changes nothing; Esc closes the prompt.
func TestReplayGoToTurn(t *testing.T) {
	r, pass := lostReplay(t)
	// Where turns start, found on an engine game of our own.
	moveOf := func(level, turn int) int {
		g, _ := engine.New(engine.Config{Seed: goldenSeed, Players: 1})
		for i := 0; i <= len(r.Moves); i++ {
			if st := g.Status(); st.Level == level && st.Turn == turn {
				return i
			}
			if i < len(r.Moves) {
				a, _ := engine.ParseAction(r.Moves[i])
				g.Apply(1, a)
			}
		}
		t.Fatalf("level %d turn %d is never reached", level, turn)
		return 0
	}
	m := viewer(t, r)
	press(m, "g")
	if !strings.Contains(ansi.Strip(m.View()), "Go to turn (0-") {
		t.Fatalf("g shows no prompt:\n%s", ansi.Strip(m.View()))
	}
	press(m, "5", "enter")
	if got, want := ansi.Strip(m.View()), stoppedAt(t, r, moveOf(1, 5)); got != want {
		t.Fatalf("g 5 shows\n%s\nwant turn 5 of level 1:\n%s", got, want)
	}
	press(m, "g", "2", ":", "3", "enter")
	if got, want := ansi.Strip(m.View()), stoppedAt(t, r, moveOf(2, 3)); got != want || moveOf(2, 3) <= pass {
		t.Fatalf("g 2:3 shows\n%s\nwant turn 3 of level 2:\n%s", got, want)
	}
	press(m, "g", "1", "enter") // on level 2 now
	if got, want := ansi.Strip(m.View()), stoppedAt(t, r, moveOf(2, 1)); got != want {
		t.Fatalf("g 1 on level 2 shows\n%s\nwant turn 1 of level 2:\n%s", got, want)
	}
	press(m, "g", "x", "enter")
	if !strings.Contains(ansi.Strip(m.View()), `"x" is not a turn number`) {
		t.Fatalf("a bad turn is not told:\n%s", ansi.Strip(m.View()))
	}
	press(m, "g", "9", "9", "9", "enter")
	if !strings.Contains(ansi.Strip(m.View()), "Level 2 has turns 0 to") {
		t.Fatalf("a turn past the level is not told:\n%s", ansi.Strip(m.View()))
	}
	press(m, "g", "5", ":", "1", "enter")
	if !strings.Contains(ansi.Strip(m.View()), "does not reach level 5") {
		t.Fatalf("a level never reached is not told:\n%s", ansi.Strip(m.View()))
	}
	if played, _ := m.pb.Progress(); played != moveOf(2, 1) {
		t.Fatalf("bad input moved the replay to %d", played)
	}
	press(m, "g", "3", "esc")
	if strings.Contains(ansi.Strip(m.View()), "Go to turn") {
		t.Fatal("Esc does not close the prompt")
	}
	if played, _ := m.pb.Progress(); played != moveOf(2, 1) {
		t.Fatalf("Esc moved the replay to %d", played)
	}
	// The prompt holds q as text; it does not quit.
	press(m, "g")
	if _, cmd := m.Update(tea.KeyMsg{Type: tea.KeyRunes, Runes: []rune("q")}); cmd != nil {
		t.Fatal("q typed in the prompt quits")
	}
}

// TestReplayStepBackCoop: in a co-op replay, where the players' moves
// alternate, ← after every move shows the screen of the move before.
func TestReplayStepBackCoop(t *testing.T) {
	g, err := engine.New(engine.Config{Seed: goldenSeed, Players: 2})
	if err != nil {
		t.Fatal(err)
	}
	var moves []byte
	pattern := "ddssaw.wdf"
	for i := 0; i < 40 && g.Turn() != 0; i++ {
		a, _ := engine.ParseAction(pattern[i%len(pattern)])
		if _, err := g.Apply(g.Turn(), a); err != nil {
			continue
		}
		moves = append(moves, byte(a))
	}
	if len(moves) < 10 {
		t.Fatalf("the co-op game took only %d moves", len(moves))
	}
	r := saves.Replay{Seed: goldenSeed, Players: 2, Moves: string(moves)}
	m := viewer(t, r)
	for k := 1; k <= len(moves); k++ {
		press(m, "right")
		press(m, "left")
		if got, want := ansi.Strip(m.View()), stoppedAt(t, r, k-1); got != want {
			t.Fatalf("co-op: ← after %d moves shows\n%s\nwant\n%s", k, got, want)
		}
		press(m, "right")
	}
	if played, _ := m.pb.Progress(); played != len(moves) {
		t.Fatalf("played %d of %d", played, len(moves))
	}
}
