package minotaur

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	tea "github.com/charmbracelet/bubbletea"
	"github.com/charmbracelet/x/ansi"

	"github.com/minotaur-game/minotaur/engine"
	"github.com/minotaur-game/minotaur/levels"
	"github.com/minotaur-game/minotaur/tui/screen"
)

// A new player's trap: while "Terminal too small" hides the board, game
// keys do nothing — a player cannot walk into what they cannot see.
func TestTooSmallTerminalPlaysNoKeys(t *testing.T) {
	d := newDriver(t, testConfig(t, 42), 80, 24)
	d.keys("n")
	d.expectScreen("game")
	g := d.game()
	before := g.Status().Players[0].Pos
	turn := g.Status().Turn
	d.send(tea.WindowSizeMsg{Width: 30, Height: 10})
	d.keys("<down><down><down>sdX>TO ")
	d.send(tea.MouseMsg{X: 5, Y: 5, Action: tea.MouseActionRelease, Button: tea.MouseButtonLeft})
	d.send(tea.WindowSizeMsg{Width: 80, Height: 24})
	d.expectScreen("game")
	if st := g.Status(); st.Turn != turn || st.Players[0].Pos != before {
		t.Fatalf("keys typed while the terminal was too small were played: turn %d → %d, player %v → %v", turn, st.Turn, before, st.Players[0].Pos)
	}
	// Esc still works: it opens the pause menu.
	d.send(tea.WindowSizeMsg{Width: 30, Height: 10})
	d.keys("<esc>")
	d.send(tea.WindowSizeMsg{Width: 80, Height: 24})
	d.expectScreen("pause")
}

// A new player's trap: the replay's last frame of a lost game shows the
// capture — the catcher, highlighted, on the tile where it caught the
// player — as the live end screen's map does.
func TestReplayLastFrameShowsTheCatch(t *testing.T) {
	r, _ := lostReplay(t)
	pb, err := r.Start(nil)
	if err != nil {
		t.Fatal(err)
	}
	var caught engine.Event
	for !pb.Done() {
		st, err := pb.Step()
		if err != nil {
			t.Fatal(err)
		}
		for _, e := range st.Events {
			if e.Kind == engine.EvCaught {
				caught = e
			}
		}
	}
	if caught.Kind != engine.EvCaught {
		t.Fatal("the replay of a lost game has no capture")
	}
	m := viewer(t, r)
	for range len(r.Moves) {
		press(m, "right")
	}
	screen := ansi.Strip(m.View())
	if !strings.Contains(screen, "the end: lost") {
		t.Fatalf("not at the end:\n%s", screen)
	}
	// The map's row of the catch, in the board's own drawing: the
	// catcher's letter at its column.
	m.b.render(80, 24)
	i := caught.Pos.Y*m.b.d.cols + caught.Pos.X
	if m.b.d.chr[i] != byte(caught.Monster) || m.b.d.cls[i] != clsCatcher {
		t.Fatalf("the last frame draws %q (class %d) where %s caught the player at %v, want the catcher highlighted:\n%s",
			m.b.d.chr[i], m.b.d.cls[i], caught.Monster.Called(), caught.Pos, screen)
	}
	if !strings.ContainsRune(mapPart(screen, 40), rune(caught.Monster)) {
		t.Fatalf("the catcher is not on the map:\n%s", screen)
	}
}

// mapPart is the first n columns of each line of screen: the map beside
// the panel.
func mapPart(screen string, n int) string {
	var b strings.Builder
	for _, l := range strings.Split(screen, "\n") {
		r := []rune(l)
		b.WriteString(string(r[:min(n, len(r))]) + "\n")
	}
	return b.String()
}

// A new player's trap: the log beside the map shows whole messages only —
// its top line is never the cut end of a wrapped message ("open.").
func TestLogShowsWholeMessagesOnly(t *testing.T) {
	r, _ := lostReplay(t)
	m := viewer(t, r)
	for range len(r.Moves) {
		press(m, "right")
	}
	for n := 1; n <= 14; n++ {
		for _, w := range []int{20, 30, 38} {
			lines := m.b.messageLines(nil, w, n)
			if len(lines) == 0 || len(lines) > n {
				t.Fatalf("%d lines for a room of %d", len(lines), n)
			}
			if !strings.HasPrefix(lines[0].text, "› ") {
				t.Fatalf("room of %d lines at %d columns: the log starts with a cut message %q", n, w, lines[0].text)
			}
		}
	}
}

// deadEndDriver starts a game of testdata/dead-end-room.txt (the first
// tutorial's map, a tree with a dead-end room) at 80×24, trips stepping at
// once.
func deadEndDriver(t *testing.T, seed uint64) *driver {
	t.Helper()
	text, err := os.ReadFile(filepath.Join("testdata", "dead-end-room.txt"))
	if err != nil {
		t.Fatal(err)
	}
	lv, _, err := levels.Parse("dead-end-room.txt", text)
	if err != nil {
		t.Fatal(err)
	}
	cfg := testConfig(t, seed)
	cfg.Levels = Campaign{{Level: lv, Text: string(text)}}
	cfg.StepDelay = time.Nanosecond
	d := newDriver(t, cfg, 80, 24)
	d.keys("<enter>")
	d.expectScreen("game")
	return d
}

// A new player's trap: explore does not walk into a dead end when a
// monster was seen near its mouth in the last few turns. On the fixture
// the bottom-left room (row 7) is reached only through (7, 6), below the
// corridor at (7, 5); a wanderer seen two steps up that corridor, at
// (7, 3), makes the room a trap.
func TestExploreKeepsOutOfAGuardedDeadEnd(t *testing.T) {
	inRoom := func(p engine.Point) bool { return p.Y == 7 || p == (engine.Point{X: 7, Y: 6}) }
	for _, seed := range []uint64{1, 2, 3} {
		d := deadEndDriver(t, seed)
		d.keys("ssssddddd") // to (6, 5), beside the corridor's corner
		g := d.game()
		if p := playerAt(t, d); p != (engine.Point{X: 6, Y: 5}) || g.Result() != engine.InProgress {
			t.Fatalf("seed %d: the walk ended at %v, %v", seed, p, g.Result())
		}
		gs := d.m.game()
		v := gs.b.view
		if len(v.Monsters) > 0 {
			t.Fatalf("seed %d: the wanderer is in sight; the test needs it out of sight", seed)
		}
		gs.seen = append(gs.seen, sightingAt{engine.Point{X: 7, Y: 3}, v.Level, v.Turn - 1})
		from := len(gs.b.path)
		d.keys("O")
		for _, p := range gs.b.path[from:] {
			if inRoom(p) {
				t.Fatalf("seed %d: explore walked into the dead-end room (%v) with a wanderer seen by its mouth a turn ago:\n%s", seed, p, d.screen())
			}
		}
	}
}

// The same dead end without a sighting is explored: the guard is about the
// monster, not about dead ends.
func TestExploreEntersAnUnguardedDeadEnd(t *testing.T) {
	d := deadEndDriver(t, 1)
	d.keys("ssssddddd")
	gs := d.m.game()
	from := len(gs.b.path)
	d.keys("O")
	entered := false
	for _, p := range gs.b.path[from:] {
		entered = entered || p.Y == 7
	}
	if !entered {
		t.Fatalf("explore from (6, 5) did not go into the room, though nothing was seen near it:\n%s", d.screen())
	}
}

// The game screen remembers a sighting for guardTurns turns of its level,
// then forgets it.
func TestSightingsRememberedForAFewTurns(t *testing.T) {
	var s sightings
	v := engine.View{Level: 1, Turn: 3, Monsters: []engine.MonsterView{{Kind: engine.Wanderer, Pos: engine.Point{X: 7, Y: 3}}}}
	s = s.note(&v)
	v.Monsters = nil
	for turn := 4; turn < 3+guardTurns; turn++ {
		v.Turn = turn
		if s = s.note(&v); len(s.points(&v)) != 1 {
			t.Fatalf("turn %d: the sighting of turn 3 is forgotten", turn)
		}
	}
	v.Turn = 3 + guardTurns
	if s = s.note(&v); len(s.points(&v)) != 0 {
		t.Fatalf("turn %d: the sighting of turn 3 is still remembered", v.Turn)
	}
	s = s.note(&engine.View{Level: 2, Monsters: []engine.MonsterView{{Pos: engine.Point{X: 1, Y: 1}}}})
	if p := s.points(&engine.View{Level: 2}); len(p) != 1 || p[0] != (engine.Point{X: 1, Y: 1}) {
		t.Fatalf("level 2 remembers %v", p)
	}
}

// Look describes (docs/guide.md, "Look, travel, explore"): X on a monster says what it does, in the
// rules' numbers; on an item, what taking it does — at 80×24 and 40×12.
func TestLookDescribesMonstersAndItems(t *testing.T) {
	level := []string{
		"+---------+",
		"|K.P.H...E|",
		"+---------+",
	}
	for _, size := range [][2]int{{80, 24}, {40, 12}} {
		d := travelDriver(t, level...)
		d.send(tea.WindowSizeMsg{Width: size[0], Height: size[1]})
		d.keys("Xdd") // the cursor on the hunter
		scr := prose(d.screen())
		hunter := fmt.Sprintf("Hunter — keeps its post until it hears you, %d steps away (%d once you hold the key); then it cuts you off on your way to the key, and chases you within two steps.",
			engine.HearingRange, engine.HearingRangeKey)
		if !strings.Contains(scr, hunter) {
			t.Errorf("%v: looking at the hunter does not say what it does:\n%s", size, d.screen())
		}
		d.keys("aaaa") // the cursor on the key
		scr = prose(d.screen())
		if !strings.Contains(scr, "the key — take it and the exit opens.") {
			t.Errorf("%v: looking at the key does not say what taking it does:\n%s", size, d.screen())
		}
		checkFits(t, d.screen(), size[0], size[1])
		if g := d.game(); g.Status().Turn != 0 {
			t.Errorf("looking spent a turn")
		}
	}
}

// The tip of a lost game is on the end screen of a narrow terminal too
// when there is room for it (40×24), after the replay's path.
func TestEndTipOnANarrowTerminal(t *testing.T) {
	d := newDriver(t, testConfig(t, goldenSeed), 40, 24)
	d.keys("<enter>")
	if !d.loseGame() {
		t.Fatalf("could not lose level 1 of seed %d", goldenSeed)
	}
	d.send(screen.EndedMsg{Replay: "/home/ada/.local/share/minotaur/replays/replay-20250314-150926.json"})
	d.expectScreen("end")
	scr := d.screen()
	checkFits(t, scr, 40, 24)
	if !strings.Contains(prose(scr), "Tip: a wanderer sees you") || !strings.Contains(scr, "replay-20250314-150926.json") {
		t.Fatalf("the end screen at 40×24 lacks the tip or the replay:\n%s", scr)
	}
}

// Travel, like explore, keeps out of a guarded dead end: a trip to a tile
// of the room is refused, with the reason, and spends no turn.
func TestTravelRefusesAGuardedDeadEnd(t *testing.T) {
	d := deadEndDriver(t, 1)
	d.keys("ssssdddddd") // to (7, 5), above the room's door
	gs := d.m.game()
	v := gs.b.view
	target := engine.Point{X: 7, Y: 7}
	if c, light := v.At(target); light == engine.Unseen || c != '.' {
		t.Fatalf("the room's tile %v is not known from (6, 5): %q", target, c)
	}
	gs.seen = append(gs.seen, sightingAt{engine.Point{X: 7, Y: 3}, v.Level, v.Turn - 1})
	turn := d.game().Status().Turn
	d.send(gs.clickTravelMsg(target))
	if st := d.game().Status(); st.Turn != turn || st.Players[0].Pos != (engine.Point{X: 7, Y: 5}) {
		t.Fatalf("travel walked into the guarded room: turn %d → %d, at %v", turn, st.Turn, st.Players[0].Pos)
	}
	if !strings.Contains(prose(d.screen()), "A monster was seen near the only way out of there: step by step.") {
		t.Fatalf("the refusal does not say why:\n%s", d.screen())
	}
}

// clickTravelMsg is the left click on tile p of the board at 80×24.
func (g *gameScreen) clickTravelMsg(p engine.Point) tea.MouseMsg {
	for y := 0; y < g.c.Height; y++ {
		for x := 0; x < g.c.Width; x++ {
			if q, ok := g.b.tileAt(x, y, g.c.Width, g.c.Height); ok && q == p {
				return tea.MouseMsg{X: x, Y: y, Action: tea.MouseActionPress, Button: tea.MouseButtonLeft}
			}
		}
	}
	panic("the tile is not on the screen")
}
