package screen

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"time"

	tea "github.com/charmbracelet/bubbletea"
	"github.com/charmbracelet/lipgloss"
	"github.com/charmbracelet/x/ansi"
	"github.com/muesli/termenv"
)

func TestMain(m *testing.M) {
	lipgloss.SetColorProfile(termenv.Ascii)
	time.Local = time.UTC
	os.Exit(m.Run())
}

var fixedNow = time.Date(2025, 3, 14, 15, 9, 26, 0, time.UTC)

// sizes are the terminals every screen fits whole: the usual one and the
// smallest.
var sizes = [][2]int{{80, 24}, {40, 12}}

func context(t *testing.T, w, h int) *Context {
	return &Context{Styles: NewStyles(nil), Width: w, Height: h, Saves: filepath.Join(t.TempDir(), "saves"),
		Now: func() time.Time { return fixedNow }, Seed: func() uint64 { return 1 }}
}

// fits fails unless frame fits w×h whole; it returns its plain text.
func fits(t *testing.T, frame string, w, h int) string {
	t.Helper()
	plain := ansi.Strip(frame)
	lines := strings.Split(plain, "\n")
	if len(lines) > h {
		t.Errorf("%d×%d: the frame has %d lines:\n%s", w, h, len(lines), plain)
	}
	for i, l := range lines {
		if n := ansi.StringWidth(l); n > w {
			t.Errorf("%d×%d: line %d is %d columns wide: %q", w, h, i+1, n, l)
		}
	}
	return plain
}

// prose is the words of a frame in order, box borders left out.
func prose(s string) string {
	return strings.Join(strings.Fields(strings.NewReplacer("│", " ", "╭", " ", "╮", " ", "╰", " ", "╯", " ", "─", " ").Replace(s)), " ")
}

func keyMsg(s string) tea.KeyMsg {
	switch s {
	case "enter":
		return tea.KeyMsg{Type: tea.KeyEnter}
	case "esc":
		return tea.KeyMsg{Type: tea.KeyEsc}
	case "up":
		return tea.KeyMsg{Type: tea.KeyUp}
	case "down":
		return tea.KeyMsg{Type: tea.KeyDown}
	case "pgdown":
		return tea.KeyMsg{Type: tea.KeyPgDown}
	}
	return tea.KeyMsg{Type: tea.KeyRunes, Runes: []rune(s)}
}

// game is a Pausable game as a test plays it.
type game struct {
	unsaved bool
	saves   int
	fail    error // the save's result
	file    string
}

func (g *game) Summary() string { return "Test game · field9.txt · turn 12 · 3 players" }
func (g *game) Unsaved() bool   { return g.unsaved }
func (g *game) Save() (tea.Cmd, error) {
	g.saves++
	g.unsaved = false
	err := g.fail
	return func() tea.Msg {
		if err != nil {
			return SavedMsg{Err: err}
		}
		return SavedMsg{Path: "/saves/test-1.sav"}
	}, nil
}
func (g *game) Saved(m SavedMsg) {
	if m.Err != nil {
		g.unsaved = true
	} else {
		g.file = filepath.Base(m.Path)
	}
}
func (g *game) Menu() Screen { return menuScreen{} }

// menuScreen is where the pause menu's Quit leads.
type menuScreen struct{}

func (menuScreen) Init() tea.Cmd                 { return nil }
func (menuScreen) Update(tea.Msg) (Nav, tea.Cmd) { return Stay, nil }
func (menuScreen) View() string                  { return "the game's menu" }

// press sends k to s and runs the command it returns, feeding its message
// back; it returns the last screen change asked.
func press(s Screen, k tea.KeyMsg) (Nav, tea.Cmd) {
	n, cmd := s.Update(k)
	if cmd != nil {
		if msg := cmd(); msg != nil {
			if _, quit := msg.(QuitMsg); quit {
				return n, cmd
			}
			if n2, cmd2 := s.Update(msg); n2 != Stay || cmd2 != nil {
				return n2, cmd2
			}
		}
	}
	return n, cmd
}

// TestPause: the pause menu fits whole at 80×24 and 40×12 in each of its
// states, saves, asks before a quit loses progress, and leaves to the
// game's menu or, after Ctrl+C, out of the program.
func TestPause(t *testing.T) {
	for _, sz := range sizes {
		c := context(t, sz[0], sz[1])
		g := &game{unsaved: true}
		p := NewPause(c, g)
		s := prose(fits(t, p.View(), sz[0], sz[1]))
		for _, want := range []string{"PAUSED", "Test game · field9.txt · turn 12 · 3 players", "> Continue", "Save", "Quit to menu", "This game has unsaved progress."} {
			if !strings.Contains(s, want) {
				t.Errorf("%v: the pause menu lacks %q:\n%s", sz, want, p.View())
			}
		}
		// Quit with unsaved progress asks; N goes back; the question fits.
		if n, _ := press(p, keyMsg("q")); n != Stay {
			t.Fatalf("%v: Q left a game with unsaved progress", sz)
		}
		if s := prose(fits(t, p.View(), sz[0], sz[1])); !strings.Contains(s, "Y: quit without saving · S: save, then quit · N: back") {
			t.Fatalf("%v: no question:\n%s", sz, p.View())
		}
		press(p, keyMsg("n"))
		// Save: saved, named, and then Quit leaves at once.
		press(p, keyMsg("up"))
		press(p, keyMsg("enter"))
		if g.saves != 1 || g.unsaved || g.file != "test-1.sav" {
			t.Fatalf("%v: after Save: %+v", sz, g)
		}
		if s := prose(fits(t, p.View(), sz[0], sz[1])); !strings.Contains(s, "Saved as test-1.sav.") {
			t.Fatalf("%v: the save is not told:\n%s", sz, p.View())
		}
		n, _ := press(p, keyMsg("q"))
		if n.Op != OpReplace || n.To.View() != "the game's menu" {
			t.Fatalf("%v: Quit to menu after a save: %+v", sz, n)
		}
	}
}

// TestPauseSaveFails: a save that fails is told with what to do, and the
// game stays unsaved; after Ctrl+C, S saves then quits, and Esc goes back.
func TestPauseSaveFails(t *testing.T) {
	c := context(t, 40, 12)
	g := &game{unsaved: true, fail: errors.New("the game was not saved: disk on fire")}
	p := NewPause(c, g)
	press(p, keyMsg("down"))
	press(p, keyMsg("enter"))
	if s := prose(fits(t, p.View(), 40, 12)); !strings.Contains(s, "The game was not saved: disk on fire. Choose another saves folder (--saves), and save again.") || !g.unsaved {
		t.Fatalf("a failed save:\n%s", p.View())
	}
	g.fail = nil
	p = NewPause(c, g)
	p.AskQuit()
	if !p.Quitting() {
		t.Fatal("AskQuit: not quitting")
	}
	if n, _ := p.Update(keyMsg("esc")); n.Op != OpPop {
		t.Fatalf("Esc after Ctrl+C: %+v, want back to the game", n)
	}
	p = NewPause(c, g)
	p.AskQuit()
	n, cmd := press(p, keyMsg("s"))
	if cmd == nil || n != Stay {
		t.Fatalf("S after Ctrl+C: %+v %v", n, cmd)
	}
	if _, ok := cmd().(QuitMsg); !ok || g.file != "test-1.sav" {
		t.Fatalf("S after Ctrl+C did not save, then quit (%+v)", g)
	}
}

// TestHandOver: the box names the player, shows the detail and the note,
// and fits whole.
func TestHandOver(t *testing.T) {
	for _, sz := range sizes {
		c := context(t, sz[0], sz[1])
		s := prose(fits(t, HandOver(c, 3, "Turn 7 · a field with a rather long name.txt", "Welcome back."), sz[0], sz[1]))
		for _, want := range []string{"Player 3's turn — press Enter", "Turn 7 · a field with a rather long name.txt", "The others look away. Esc: pause (save, quit).", "Welcome back."} {
			if !strings.Contains(s, want) {
				t.Errorf("%v: the hand-over lacks %q:\n%s", sz, want, s)
			}
		}
	}
}

// TestDialogCompacts: a box with blank lines between its sections keeps
// them where the terminal has room and drops them where it has not.
func TestDialogCompacts(t *testing.T) {
	sections := []string{"TITLE", "one", "", "two", "three"}
	tall := ansi.Strip(context(t, 40, 24).Dialog(sections...))
	short := ansi.Strip(context(t, 40, 8).Dialog(sections...))
	if !strings.Contains(tall, "TITLE") || strings.Count(strings.TrimSpace(tall), "\n") != 8 {
		t.Errorf("at 24 rows the box has blank lines between its 4 sections:\n%s", tall)
	}
	fits(t, context(t, 40, 8).Dialog(sections...), 40, 8)
	if !strings.Contains(prose(short), "TITLE one two three") {
		t.Errorf("at 8 rows:\n%s", short)
	}
}

// TestEndFrame: the result, the note, the heading, the body and the hints,
// each on its line, within the terminal.
func TestEndFrame(t *testing.T) {
	for _, sz := range sizes {
		c := context(t, sz[0], sz[1])
		body := make([]string, 30)
		for i := range body {
			body[i] = strings.Repeat("#", sz[0])
		}
		s := fits(t, EndFrame(c, "PLAYER 2 GOT OUT IN TURN 9", " · field2.txt", "Player 2: the true field", body,
			"Tab: next player · [ ] sheets · arrows: scroll · Enter: menu"), sz[0], sz[1])
		lines := strings.Split(s, "\n")
		// The hints, whole, on the lines after the last blank one (two
		// at 40 columns: a whole hint at a time, none cut).
		blank := len(lines) - 1
		for blank > 0 && strings.TrimSpace(lines[blank]) != "" {
			blank--
		}
		foot := strings.Join(lines[blank+1:], " · ")
		if !strings.HasPrefix(lines[0], "PLAYER 2 GOT OUT IN TURN 9") || !strings.HasPrefix(lines[1], "Player 2: the true field") ||
			foot != "Tab: next player · [ ] sheets · arrows: scroll · Enter: menu" || len(lines) != sz[1] {
			t.Errorf("%v: the end frame:\n%s", sz, s)
		}
	}
}

// TestKeyGuard: keys of the first half second are ignored, later ones not.
func TestKeyGuard(t *testing.T) {
	g := NewKeyGuard(fixedNow)
	if !g.Blocks(fixedNow) || !g.Blocks(fixedNow.Add(KeyGrace-time.Millisecond)) || g.Blocks(fixedNow.Add(KeyGrace)) {
		t.Fatal("the guard does not hold exactly KeyGrace")
	}
}

// TestPager: the text scrolls by lines in the viewport; it opens at the
// foot when asked (the latest message shows even when the ones before
// wrap), fits whole, and any other key returns.
func TestPager(t *testing.T) {
	for _, sz := range sizes {
		c := context(t, sz[0], sz[1])
		text := func(w int) string {
			var lines []string
			for i := 1; i <= 40; i++ {
				lines = append(lines, Wrap("› message "+itoa(i)+strings.Repeat(" and more words", i%3), w))
			}
			return strings.Join(lines, "\n")
		}
		p := NewPager(c, "MESSAGES", text, "↑/↓ PgUp/PgDn scroll · any other key: back to the game", true)
		s := fits(t, p.View(), sz[0], sz[1])
		if !strings.Contains(s, "› message 40") || strings.Contains(s, "› message 1 ") || !strings.Contains(prose(s), "any other key: back to the game") {
			t.Fatalf("%v: the pager does not open at the foot:\n%s", sz, s)
		}
		for range 200 {
			p.Update(keyMsg("up"))
		}
		if s := fits(t, p.View(), sz[0], sz[1]); !strings.Contains(s, "› message 1\n") && !strings.Contains(s, "› message 1 ") {
			t.Fatalf("%v: ↑ does not reach the top:\n%s", sz, s)
		}
		p.Update(keyMsg("pgdown"))
		if s := fits(t, p.View(), sz[0], sz[1]); strings.Contains(s, "› message 1\n") {
			t.Fatalf("%v: PgDn does not scroll:\n%s", sz, s)
		}
		if n, _ := p.Update(keyMsg("x")); n.Op != OpPop {
			t.Fatalf("%v: X did not return", sz)
		}
	}
}

func itoa(n int) string { return strconv.Itoa(n) }

// TestMenu: the cursor wraps around and the items line up.
func TestMenu(t *testing.T) {
	m := Menu{Items: []string{"Continue", "Save", "Quit"}}
	m.Move(keyMsg("up"))
	if m.Cursor != 2 {
		t.Fatalf("↑ from the top: cursor %d", m.Cursor)
	}
	m.Move(keyMsg("s"))
	if m.Cursor != 0 || m.Move(keyMsg("x")) {
		t.Fatalf("S from the bottom: cursor %d", m.Cursor)
	}
	v := ansi.Strip(m.View(NewStyles(nil), 10))
	if v != "> Continue  \n  Save      \n  Quit      " {
		t.Fatalf("the menu:\n%q", v)
	}
}

// TestInput: typing, Backspace, Ctrl+U, the limit, and the end of a long
// text in view.
func TestInput(t *testing.T) {
	in := Input{Prompt: "> ", Limit: 8}
	in.Focus()
	in.Update(keyMsg("abc"))
	in.Update(tea.KeyMsg{Type: tea.KeySpace})
	in.Update(keyMsg("defghij"))
	if in.Value() != "abc defg" {
		t.Fatalf("value %q, want the first 8 runes", in.Value())
	}
	in.Update(tea.KeyMsg{Type: tea.KeyBackspace})
	if in.Value() != "abc def" || in.View(40) != "> abc def_" {
		t.Fatalf("value %q, view %q", in.Value(), in.View(40))
	}
	if v := in.View(6); v != "> def_" {
		t.Fatalf("narrow view %q, want the end of the text", v)
	}
	in.Update(tea.KeyMsg{Type: tea.KeyCtrlU})
	if in.Value() != "" {
		t.Fatalf("Ctrl+U left %q", in.Value())
	}
}

// TestInputPasteAndEditing: a bracketed paste lands at the cursor (its
// line break and surrounding spaces dropped, the limit kept); ← → Home End
// move; Backspace and Delete work at the cursor; Ctrl+W deletes the word
// before it.
func TestInputPasteAndEditing(t *testing.T) {
	in := Input{Prompt: "Server: ", Limit: 20}
	in.Focus()
	in.Update(tea.KeyMsg{Type: tea.KeyRunes, Runes: []rune(" host:7777\n"), Paste: true})
	if in.Value() != "host:7777" {
		t.Fatalf("a paste into an empty field gave %q", in.Value())
	}
	in.Update(tea.KeyMsg{Type: tea.KeyHome})
	in.Update(tea.KeyMsg{Type: tea.KeyRunes, Runes: []rune("my"), Paste: true})
	in.Update(keyMsg("."))
	if in.Value() != "my.host:7777" {
		t.Fatalf("Home then a paste and a key gave %q", in.Value())
	}
	if v := ansi.Strip(in.View(40)); v != "Server: my.host:7777" {
		t.Fatalf("the cursor inside the text: view %q", v)
	}
	in.Update(tea.KeyMsg{Type: tea.KeyEnd})
	in.Update(tea.KeyMsg{Type: tea.KeyLeft})
	in.Update(tea.KeyMsg{Type: tea.KeyLeft})
	in.Update(tea.KeyMsg{Type: tea.KeyBackspace})
	in.Update(tea.KeyMsg{Type: tea.KeyDelete})
	in.Update(tea.KeyMsg{Type: tea.KeyRight})
	in.Update(keyMsg("8"))
	if in.Value() != "my.host:778" {
		t.Fatalf("End ← ← Backspace Delete → 8 gave %q", in.Value())
	}
	in.SetValue("say hello world")
	in.Update(tea.KeyMsg{Type: tea.KeyCtrlW})
	if in.Value() != "say hello " {
		t.Fatalf("Ctrl+W gave %q", in.Value())
	}
	in.Update(tea.KeyMsg{Type: tea.KeyCtrlW})
	if in.Value() != "say " {
		t.Fatalf("a second Ctrl+W gave %q", in.Value())
	}
	in.SetValue("")
	in.Update(tea.KeyMsg{Type: tea.KeyRunes, Runes: []rune("0123456789abcdefghijKLM"), Paste: true})
	if in.Value() != "0123456789abcdefghij" {
		t.Fatalf("a paste past the limit gave %q", in.Value())
	}
}

// TestTextHelpers: Fit cuts with an ellipsis, Window keeps the cell in
// view inside the axis, PadLines gives exactly h lines.
func TestTextHelpers(t *testing.T) {
	if Fit("abcdef", 4) != "abc…" || Fit("abc", 4) != "abc" {
		t.Errorf("Fit: %q %q", Fit("abcdef", 4), Fit("abc", 4))
	}
	for _, tc := range [][4]int{{100, 20, 0, 0}, {100, 20, 50, 40}, {100, 20, 99, 80}, {10, 20, 5, 0}} {
		if got := Window(tc[0], tc[1], tc[2]); got != tc[3] {
			t.Errorf("Window(%d, %d, %d) = %d, want %d", tc[0], tc[1], tc[2], got, tc[3])
		}
	}
	if PadLines("a\nb\nc", 2) != "a\nb" || PadLines("a", 3) != "a\n\n" {
		t.Errorf("PadLines")
	}
}

// TestTooSmall: below 40×12 the message names the minimum and the size.
func TestTooSmall(t *testing.T) {
	c := context(t, 30, 10)
	if !c.TooSmall() || context(t, 40, 12).TooSmall() {
		t.Fatal("TooSmall's bounds")
	}
	s := prose(fits(t, c.TooSmallView(), 30, 10))
	if !strings.Contains(s, "Terminal too small: need at least 40×12 (now 30×10)") {
		t.Fatalf("too small:\n%s", s)
	}
}

// TestTiles: a glyph table writes the class's prefix and a reset, or the
// plain text for a plain class; without colour it takes the mono prefixes.
func TestTiles(t *testing.T) {
	mono := NewTiles(NewStyles(nil), []lipgloss.Style{lipgloss.NewStyle(), lipgloss.NewStyle().Bold(true)}, []string{"", SGRBold + SGRReverse})
	if mono.Glyph(0, "x") != "x" || mono.Glyph(1, "@") != SGRBold+SGRReverse+"@"+SGRReset {
		t.Fatalf("mono glyphs %q %q", mono.Glyph(0, "x"), mono.Glyph(1, "@"))
	}
	r := lipgloss.NewRenderer(os.Stdout)
	r.SetColorProfile(termenv.ANSI256)
	st := NewStyles(r)
	colour := NewTiles(st, []lipgloss.Style{r.NewStyle(), r.NewStyle().Foreground(lipgloss.Color("9"))}, []string{"", SGRBold})
	if st.Mono || colour.Prefix(1) == "" || colour.Prefix(1) == SGRBold || !strings.HasPrefix(colour.Glyph(1, "@"), "\x1b[") {
		t.Fatalf("colour glyph %q", colour.Glyph(1, "@"))
	}
}

// TestSaves: a game's save is written to a new file, replaced by the next
// save, listed (a damaged one with its reason, other kinds of files not at
// all), read back and removed.
func TestSaves(t *testing.T) {
	dir := filepath.Join(t.TempDir(), "saves")
	if msg := ListSaves(dir, ".testsave", nil)().(SavesMsg); msg.Err != nil || len(msg.List) != 0 {
		t.Fatalf("a folder not made yet: %+v", msg)
	}
	first := WriteSave(dir, "", "test-", ".testsave", []byte("turn 1"), fixedNow)().(SavedMsg)
	if first.Err != nil || filepath.Base(first.Path) != "test-20250314-150926.testsave" {
		t.Fatalf("first save: %+v", first)
	}
	other := WriteSave(dir, "", "test-", ".testsave", []byte("bad"), fixedNow)().(SavedMsg)
	if filepath.Base(other.Path) != "test-20250314-150926-2.testsave" {
		t.Fatalf("a second game's save of the same second: %+v", other)
	}
	again := WriteSave(dir, filepath.Base(first.Path), "test-", ".testsave", []byte("turn 2"), fixedNow)().(SavedMsg)
	if again.Path != first.Path {
		t.Fatalf("saving again wrote %s, not %s", again.Path, first.Path)
	}
	os.WriteFile(filepath.Join(dir, "minotaur.json"), []byte("{}"), 0o644)
	describe := func(data []byte) (SaveInfo, error) {
		if !strings.HasPrefix(string(data), "turn ") {
			return SaveInfo{}, errors.New("it is not a test game")
		}
		return SaveInfo{Title: "field", Detail: string(data)}, nil
	}
	msg := ListSaves(dir, ".testsave", describe)().(SavesMsg)
	if msg.Err != nil || len(msg.List) != 2 {
		t.Fatalf("the list: %+v", msg)
	}
	if msg.List[0].Err == nil || msg.List[1].Detail != "turn 2" || msg.List[1].File != filepath.Base(first.Path) {
		t.Fatalf("the list, newest first: %+v", msg.List)
	}
	loaded := ReadSave(dir, filepath.Base(first.Path), func(data []byte) (string, error) { return string(data), nil })().(LoadedMsg[string])
	if loaded.Err != nil || loaded.Game != "turn 2" {
		t.Fatalf("read back: %+v", loaded)
	}
	RemoveSave(dir, filepath.Base(first.Path))()
	if _, err := os.Stat(first.Path); !os.IsNotExist(err) {
		t.Fatalf("the save of a game that is over is still there (%v)", err)
	}
	if RemoveSave(dir, "") != nil {
		t.Fatal("RemoveSave of no file is a command")
	}
	blocked := WriteSave(filepath.Join(dir, "minotaur.json"), "", "test-", ".testsave", nil, fixedNow)().(SavedMsg)
	if blocked.Err == nil || !strings.Contains(SaveFailed(blocked.Err), "A file stands where a folder is needed") {
		t.Fatalf("a file where the folder should be: %v", blocked.Err)
	}
}

// unsavable is a game that cannot be saved (a Fox hunt match, a game the
// server keeps), with a local server to end when it is left.
type unsavable struct {
	game
	left bool
}

func (u *unsavable) NoSave() bool { return true }
func (u *unsavable) Leave() tea.Cmd {
	return func() tea.Msg { u.left = true; return nil }
}

// TestPauseRule: the keys of every game — ? and H (not h, the vi-keys'
// left) open help (only ? where
// letters are typed), Esc and P open the pause menu and close it again; a
// game that cannot be saved is offered no Save, and leaving it asks a
// plain yes or no, then ends what the game runs; a question opened by Q
// goes back to the game on N.
func TestPauseRule(t *testing.T) {
	for _, k := range []tea.KeyMsg{keyMsg("?"), keyMsg("H")} {
		if !IsHelp(k, true) {
			t.Errorf("%q does not open help", k)
		}
	}
	if IsHelp(keyMsg("h"), true) {
		t.Error("h opens help: it is the vi-keys' left")
	}
	if IsHelp(keyMsg("H"), false) || !IsHelp(keyMsg("?"), false) {
		t.Error("where letters are typed only ? opens help")
	}
	c := context(t, 40, 12)
	for _, k := range []tea.KeyMsg{{Type: tea.KeyEsc}, keyMsg("p"), keyMsg("P")} {
		if !IsPause(k) {
			t.Errorf("%q does not pause", k)
		}
		p := NewPause(c, &game{})
		if n, _ := p.Update(k); n.Op != OpPop {
			t.Errorf("%q does not close the pause menu: %+v", k, n)
		}
	}
	u := &unsavable{game: game{unsaved: true}}
	p := NewPause(c, u)
	s := prose(fits(t, p.View(), 40, 12))
	if strings.Contains(s, "Save") || strings.Contains(s, "unsaved") {
		t.Fatalf("a game that cannot be saved is offered a Save:\n%s", s)
	}
	press(p, keyMsg("q"))
	if s := prose(fits(t, p.View(), 40, 12)); !strings.Contains(s, "Y: leave · N: back") {
		t.Fatalf("no question before leaving:\n%s", s)
	}
	press(p, keyMsg("s"))
	if u.saves != 0 {
		t.Fatal("S saved a game that cannot be saved")
	}
	n, cmd := press(p, keyMsg("y"))
	if n.Op != OpReplace || cmd == nil {
		t.Fatalf("Y: %+v", n)
	}
	cmd()
	if !u.left {
		t.Fatal("leaving did not end what the game runs")
	}
	p = NewPause(c, u)
	p.AskLeave()
	if n, _ := p.Update(keyMsg("n")); n.Op != OpPop {
		t.Fatalf("N after Q: %+v, want back to the game", n)
	}
}

// TestPagerWheel: the mouse wheel scrolls a pager three lines a turn; a
// click does not leave it.
func TestPagerWheel(t *testing.T) {
	c := context(t, 40, 12)
	var lines []string
	for i := 1; i <= 40; i++ {
		lines = append(lines, fmt.Sprintf("line %d", i))
	}
	p := NewPager(c, "T", func(int) string { return strings.Join(lines, "\n") }, "hint", false)
	p.View()
	wheel := func(b tea.MouseButton) Nav {
		n, _ := p.Update(tea.MouseMsg{Button: b, Action: tea.MouseActionPress})
		return n
	}
	first := func() string { return strings.TrimSpace(strings.Split(p.View(), "\n")[2]) }
	if n := wheel(tea.MouseButtonWheelDown); n.Op != OpStay || first() != "line 4" {
		t.Fatalf("the wheel down did not scroll three lines:\n%s", p.View())
	}
	wheel(tea.MouseButtonWheelUp)
	if first() != "line 1" {
		t.Fatalf("the wheel up did not scroll back:\n%s", p.View())
	}
	if n := wheel(tea.MouseButtonLeft); n.Op != OpStay {
		t.Fatalf("a click left the pager: %+v", n)
	}
}

// TestPagerOpensAtItsTopAfterAResize: a text that fitted whole opens at
// its top again when the terminal shrinks (it jumped to its foot).
func TestPagerOpensAtItsTopAfterAResize(t *testing.T) {
	c := context(t, 80, 24)
	var lines []string
	for i := 1; i <= 15; i++ {
		lines = append(lines, fmt.Sprintf("line %d", i))
	}
	p := NewPager(c, "T", func(int) string { return strings.Join(lines, "\n") }, "hint", false)
	p.View()
	c.Width, c.Height = 40, 12
	if first := strings.TrimSpace(strings.Split(p.View(), "\n")[2]); first != "line 1" {
		t.Fatalf("after the resize the pager shows %q first:\n%s", first, p.View())
	}
}
