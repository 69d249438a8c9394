package minotaur

import (
	"io"
	"strings"
	"testing"

	tea "github.com/charmbracelet/bubbletea"
	"github.com/charmbracelet/lipgloss"
	"github.com/charmbracelet/x/ansi"

	"github.com/minotaur-game/minotaur/engine"
	"github.com/minotaur-game/minotaur/internal/testboard"
	"github.com/minotaur-game/minotaur/saves"
	"github.com/minotaur-game/minotaur/tui/screen"
)

// coopSession is a two-player session kept by a server, as the game screen
// sees one: it can chat and be resumed, not be saved. It plays seat 1 of
// an engine game and records what the screen asked of it.
type coopSession struct {
	g     *engine.Game
	said  []string
	ended bool
}

func (s *coopSession) Seat() int         { return 1 }
func (s *coopSession) View() engine.View { return s.g.View(1) }
func (s *coopSession) Act(a engine.Action) ([]engine.Event, error) {
	return s.g.Apply(s.g.Turn(), a)
}
func (s *coopSession) Next() tea.Cmd { return nil }
func (s *coopSession) Info() SessionInfo {
	return SessionInfo{Players: 2, Names: []string{"ada", "bob"}, Online: []bool{true, true}}
}
func (s *coopSession) End() tea.Cmd                { s.ended = true; return nil }
func (s *coopSession) Say(text string) error       { s.said = append(s.said, text); return nil }
func (s *coopSession) Server() (addr, name string) { return "127.0.0.1:1", "ada" }

func newCoopDriver(t *testing.T) (*driver, *coopSession) {
	t.Helper()
	g, err := engine.New(engine.Config{Seed: goldenSeed, Players: 2})
	if err != nil {
		t.Fatal(err)
	}
	d := newDriver(t, testConfig(t, goldenSeed), 80, 24)
	s := &coopSession{g: g}
	d.m.Stack = []screen.Screen{newGameScreen(d.m.c, s)}
	return d, s
}

// TestKeyHints: the panel's key hints come from the key maps — play's, with
// a chat line only when there is a partner to talk to; the chat line's while
// typing; the replay viewer's — beside the map and, on a narrow terminal,
// under it.
func TestKeyHints(t *testing.T) {
	solo := newDriver(t, testConfig(t, goldenSeed), 80, 24)
	solo.keys("<enter>")
	scr := solo.screen()
	for _, want := range []string{"WASD/arrows move", "Space wait  F freeze", ">/T travel  O explore", "X look  H/? help", "P/Esc pause"} {
		if !strings.Contains(scr, want) {
			t.Errorf("solo game: no %q in the panel:\n%s", want, scr)
		}
	}
	if strings.Contains(scr, "chat") {
		t.Errorf("solo game: a chat hint with no one to talk to:\n%s", scr)
	}

	d, s := newCoopDriver(t)
	if scr := d.screen(); !strings.Contains(scr, "Enter chat") || !strings.Contains(scr, "bob: ") {
		t.Fatalf("co-op game: no chat hint or partner line:\n%s", scr)
	}
	d.keys("<enter>")
	if scr := d.screen(); !strings.Contains(scr, "Enter send · Esc cancel") {
		t.Fatalf("typing a chat line: no hint how to send it:\n%s", scr)
	}
	d.keys("hi<enter>")
	if len(s.said) != 1 || s.said[0] != "hi" {
		t.Fatalf("the chat line sent was %q, want [hi]", s.said)
	}
	d.send(tea.WindowSizeMsg{Width: 44, Height: 16})
	lines := strings.Split(d.screen(), "\n")
	hints := lines[len(lines)-2:]
	for _, want := range []string{"WASD move", "Space wait", "F freeze", "X look", "T travel", "O explore", "H help", "P pause"} {
		if !strings.Contains(strings.Join(hints, "\n"), want) {
			t.Errorf("narrow terminal: no %q in the hints under the map %q", want, hints)
		}
	}
	for _, l := range hints {
		if ansi.StringWidth(l) > 44 || strings.Contains(l, "…") {
			t.Errorf("narrow terminal: a hint line is cut: %q", l)
		}
	}

	r := saves.Replay{Seed: goldenSeed, Players: 1, Moves: "dd"}
	m, err := NewReplay(r, nil, nil)
	if err != nil {
		t.Fatal(err)
	}
	m.Update(tea.WindowSizeMsg{Width: 80, Height: 24})
	scr = ansi.Strip(m.View())
	if !strings.Contains(scr, "Space pause  ←/→ step") || !strings.Contains(scr, "[/] level  g go to turn") || !strings.Contains(scr, "+/- speed  Q quit") || strings.Contains(scr, "F freeze") {
		t.Fatalf("replay: the panel does not show the viewer's keys:\n%s", scr)
	}
	m.Update(tea.WindowSizeMsg{Width: 44, Height: 16})
	lines = strings.Split(ansi.Strip(m.View()), "\n")
	// The status and the keys do not fit one line: the status has its
	// own, the keys follow whole.
	under := strings.Join(lines[len(lines)-3:], "\n")
	if !strings.HasPrefix(under, "Replay 0/2  4 moves/s\nSpace pause  ←/→ step") || !strings.Contains(under, "Q quit") || strings.Contains(under, "…") {
		t.Fatalf("replay, narrow terminal: the lines under the map are %q", under)
	}
}

// TestOptionalSessionParts: a session that cannot be saved is offered no
// Save (it offered one that always failed) and never asks about unsaved
// progress; a session a server keeps is left alone on a hangup (not
// ended, which would give the seat up).
func TestOptionalSessionParts(t *testing.T) {
	d, s := newCoopDriver(t)
	d.keys("d<esc>")
	d.expectScreen("pause")
	if strings.Contains(d.screen(), "Save") {
		t.Fatalf("the pause menu of a network game offers Save:\n%s", d.screen())
	}
	d.keys("<down><enter>") // Quit to menu
	d.expectScreen("menu")
	d, s = newCoopDriver(t)
	d.keys("d<esc>")
	d.keys("q")
	d.expectScreen("menu")
	if !s.ended {
		t.Fatal("quitting to the menu did not end the session")
	}

	d, s = newCoopDriver(t)
	d.keys("d")
	d.send(HangupMsg{})
	if s.ended || !d.f.Quit {
		t.Fatalf("a hangup in a kept game: ended %v, quit %v; want the program to quit, the session kept", s.ended, d.f.Quit)
	}
}

// TestSessionKinds: a solo game can be saved and has no one to chat with;
// a network game cannot be saved (the server keeps it), has a partner to
// chat with, and outlives a dropped connection.
func TestSessionKinds(t *testing.T) {
	var local, remote Session = &LocalSession{}, &RemoteSession{}
	if _, ok := local.(Saver); !ok {
		t.Error("a solo game cannot be saved")
	}
	if _, ok := local.(Chatter); ok {
		t.Error("a solo game offers a chat")
	}
	if _, ok := local.(Resumable); ok {
		t.Error("a solo game is left alone on a hangup (not saved)")
	}
	if _, ok := remote.(Saver); ok {
		t.Error("a network game offers a save")
	}
	if _, ok := remote.(Chatter); !ok {
		t.Error("a network game offers no chat")
	}
	if _, ok := remote.(Resumable); !ok {
		t.Error("a network game is ended on a hangup, giving the seat up")
	}
}

// TestSightingAndMonsterPanel: a monster coming into light is told in the
// log ("You see a hunter."), and the panel lists each monster in light with
// what it is doing, so that nobody has to count a freeze's actions.
func TestSightingAndMonsterPanel(t *testing.T) {
	rows := []string{
		"+-------------+",
		"|P..H........K|",
		"|.+---------+.|",
		"|E............|",
		"+-------------+",
	}
	text := strings.Join(rows, "\n") + "\n"
	lv := testboard.Level(t, rows...)
	cfg := testConfig(t, 1)
	cfg.Levels = Campaign{{Level: lv, Text: text}}
	d := newDriver(t, cfg, 80, 24)
	d.keys("<enter>")
	g := d.game()
	d.keys("d") // the hunter, waiting on the way to the key, comes into light
	scr := d.screen()
	if !strings.Contains(scr, "You see a hunter.") {
		t.Fatalf("no sighting in the log:\n%s\n%s", scr, g)
	}
	if !strings.Contains(scr, "H hunter") {
		t.Fatalf("the panel does not list the hunter in light:\n%s", scr)
	}
}

func TestMonsterLine(t *testing.T) {
	for _, tc := range []struct {
		m    engine.MonsterView
		want string
	}{
		{engine.MonsterView{Kind: engine.Hunter}, "H hunter"},
		{engine.MonsterView{Kind: engine.Wanderer, Frozen: true, FrozenFor: 2}, "W wanderer  frozen 2"},
		{engine.MonsterView{Kind: engine.Minotaur, Resting: true, Left: 2}, "M Minotaur  resting 2"},
		{engine.MonsterView{Kind: engine.Minotaur, Resting: true}, "M Minotaur  aims next turn"},
		{engine.MonsterView{Kind: engine.Minotaur, Aiming: true, Left: 2}, "M Minotaur  leaps in 2"},
		{engine.MonsterView{Kind: engine.Minotaur, Aiming: true, Left: 1}, "M Minotaur  leaps next turn!"},
	} {
		if got := monsterLine(tc.m); got != tc.want {
			t.Errorf("%+v: %q, want %q", tc.m, got, tc.want)
		}
	}
}

// TestRepeatsMergedAndHistory: the same message said again right after is
// counted on its line, not repeated; Ctrl+P shows every message of the
// level, and any other key goes back to the game.
func TestRepeatsMergedAndHistory(t *testing.T) {
	d := newDriver(t, testConfig(t, goldenSeed), 80, 24)
	d.keys("<enter>www") // seed 4's level 1 starts under a wall
	scr := d.screen()
	if !strings.Contains(scr, "A wall blocks the way. ×3") || strings.Count(scr, "A wall blocks the way.") != 1 {
		t.Fatalf("three bumps are not one line counted ×3:\n%s", scr)
	}
	d.keys("<ctrl+p>")
	scr = d.screen()
	if !strings.Contains(scr, "MESSAGES OF THIS GAME") || strings.Count(scr, "A wall blocks the way.") != 3 ||
		!strings.Contains(scr, "Level 1. Find the key") {
		t.Fatalf("the history must show each message of the level:\n%s", scr)
	}
	d.keys("x")
	if !strings.Contains(d.screen(), "MINOTAUR") {
		t.Fatalf("a key must go back to the game:\n%s", d.screen())
	}
}

// TestConnectionLostFits: the "Connection lost" dialog says the whole reason,
// wrapped inside the terminal (at 80×24 it once ran off the right edge and
// was cut at "(could not r").
func TestConnectionLostFits(t *testing.T) {
	d := newDriver(t, testConfig(t, goldenSeed), 80, 24)
	reason := "read tcp 127.0.0.1:51234->127.0.0.1:7777: connection reset by peer (the server keeps a seat 10m0s; could not get it back)"
	d.m.Stack = append(d.m.Stack, screen.NewMessage(d.m.c.Context, "Connection lost", "The game could not go on: "+reason+".", true))
	scr := d.screen()
	for _, l := range strings.Split(scr, "\n") {
		if w := ansi.StringWidth(l); w > 80 {
			t.Fatalf("a line of %d columns on an 80-column terminal:\n%s", w, scr)
		}
	}
	flat := strings.Join(strings.Fields(strings.NewReplacer("│", " ", "╭", " ", "╰", " ", "─", " ").Replace(scr)), " ")
	if !strings.Contains(flat, "could not get it back") || !strings.Contains(flat, "Connection lost") {
		t.Fatalf("the reason is not whole:\n%s", scr)
	}
}

// longCost is a Forfeiter whose cost is the longest the game says.
type longCost struct{ coopSession }

func (longCost) QuitCost() string {
	return "You give up your seat for good: abcdefghijklmnop plays on alone, and you cannot come back to this game."
}
func (longCost) Forfeit() tea.Cmd { return nil }
func (longCost) Forfeited() bool  { return false }
func (longCost) Keep() tea.Cmd    { return nil }

// TestQuitQuestionsFit: both questions fit whole at 40×12 and 80×24,
// with and without colour.
func TestQuitQuestionsFit(t *testing.T) {
	for _, colour := range []bool{true, false} {
		for _, size := range [][2]int{{80, 24}, {40, 12}} {
			st := NewStyles(nil)
			if !colour {
				st = NewStyles(lipgloss.NewRenderer(io.Discard))
			}
			c := newEnv(&screen.Context{Styles: st.Styles, Width: size[0], Height: size[1]}, nil)
			for _, program := range []bool{false, true} {
				q := &forfeitScreen{c: c, f: &longCost{}, program: program}
				frame := ansi.Strip(q.View())
				checkFits(t, frame, size[0], size[1])
				for _, want := range []string{"N no, keep playing", "come back to this game."} {
					if !strings.Contains(strings.Join(strings.Fields(strings.ReplaceAll(frame, "│", " ")), " "), want) {
						t.Errorf("%dx%d: %q missing:\n%s", size[0], size[1], want, frame)
					}
				}
			}
		}
	}
}

// A message taller than the room under the map (at 40×12 the map keeps
// five rows) shows its start marked as going on, never a bare cut.
func TestUnderPanelMarksACutMessage(t *testing.T) {
	d := newDriver(t, testConfig(t, goldenSeed), 40, 12)
	d.keys("<enter>")
	d.expectScreen("game")
	d.m.game().b.say("ada: hello partner, shall we go for the key first, or shall we look round for a torch, " +
		"since the wanderer we saw by the exit will be back, and I would rather see it coming this time?")
	screen := d.screen()
	checkFits(t, screen, 40, 12)
	if strings.Contains(screen, "coming this time?") {
		t.Fatalf("setup: the message should be taller than the room:\n%s", screen)
	}
	marked := false
	for _, l := range strings.Split(screen, "\n") {
		marked = marked || strings.HasSuffix(strings.TrimRight(l, " "), " …")
	}
	if !strings.Contains(screen, "› ada: hello partner") || !marked {
		t.Errorf("the cut message is not shown from its start, marked as going on:\n%s", screen)
	}
}
