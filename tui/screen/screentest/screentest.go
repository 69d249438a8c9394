// Package screentest is what the tests of the interface's packages share
// (tui, tui/labyrinth, tui/trails, tui/foxhunt): a synchronous driver that
// feeds a model or a stack of screens every message its commands report,
// keys by name, golden files and the check that a frame fits the terminal.
// Only tests import it.
//
// It defines no flag: Golden rewrites the files under -update, a flag the
// test package defines itself (or x/exp/golden defines for it, as for
// teatest's users), so that two definitions never meet.
package screentest

import (
	"flag"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"
	"time"

	tea "github.com/charmbracelet/bubbletea"
	"github.com/charmbracelet/lipgloss"
	"github.com/charmbracelet/x/ansi"
	"github.com/muesli/termenv"

	"github.com/minotaur-game/minotaur/tui/screen"
)

// Main runs the tests of m as every screen is tested: without colour
// unless a test asks for it (lipgloss's default renderer in Ascii) and
// with the local time zone UTC, so that frames and saved dates do not
// depend on the machine.
func Main(m *testing.M) {
	lipgloss.SetColorProfile(termenv.Ascii)
	time.Local = time.UTC
	os.Exit(m.Run())
}

// Feeder delivers messages to Update the way bubbletea would, but
// synchronously: every command is run and its message fed back before the
// next input. A batch's commands run in order, as do a sequence's; a
// tea.QuitMsg stops the feeding for good.
type Feeder struct {
	Update func(tea.Msg) tea.Cmd
	Quit   bool
}

// Send feeds one message and everything its commands report.
func (f *Feeder) Send(msg tea.Msg) {
	if msg == nil || f.Quit {
		return
	}
	switch msg := msg.(type) {
	case tea.BatchMsg:
		for _, c := range msg {
			f.Run(c)
		}
		return
	case tea.QuitMsg:
		f.Quit = true
		return
	}
	// tea.Sequence's message is of an unexported slice type.
	if v := reflect.ValueOf(msg); v.Kind() == reflect.Slice && v.Type().Elem() == reflect.TypeOf(tea.Cmd(nil)) {
		for i := 0; i < v.Len(); i++ {
			f.Run(v.Index(i).Interface().(tea.Cmd))
		}
		return
	}
	f.Run(f.Update(msg))
}

// Run runs a command (nil: nothing) and feeds its message.
func (f *Feeder) Run(c tea.Cmd) {
	if c != nil {
		f.Send(c())
	}
}

// Stack drives screens the way tui's root model does: the top screen gets
// each message, and the screen changes it asks for (Push, Pop, Replace)
// are carried out, the new screen's Init run; a screen.Background below
// the top gets the messages it owns. A screen.QuitMsg ends it, as the root
// ends the program.
type Stack struct {
	Feeder
	Screens []screen.Screen
}

// NewStack opens first and runs its Init.
func NewStack(first screen.Screen) *Stack {
	s := &Stack{Screens: []screen.Screen{first}}
	s.Update = func(msg tea.Msg) tea.Cmd {
		if _, ok := msg.(screen.QuitMsg); ok {
			s.Quit = true
			return nil
		}
		to := s.Top()
		for i := len(s.Screens) - 2; i >= 0; i-- {
			if b, ok := s.Screens[i].(screen.Background); ok && b.Owns(msg) {
				to = b // as the root does: not dropped by the screen on top
				break
			}
		}
		n, cmd := to.Update(msg)
		s.Apply(n)
		return cmd
	}
	s.Run(first.Init())
	return s
}

// Top is the screen on top.
func (s *Stack) Top() screen.Screen { return s.Screens[len(s.Screens)-1] }

// Apply carries out a screen change.
func (s *Stack) Apply(n screen.Nav) {
	switch n.Op {
	case screen.OpPush:
		s.Screens = append(s.Screens, n.To)
		s.Run(n.To.Init())
	case screen.OpPop:
		if len(s.Screens) > 1 {
			s.Screens = s.Screens[:len(s.Screens)-1]
		}
	case screen.OpReplace:
		s.Screens = []screen.Screen{n.To}
		s.Run(n.To.Init())
	}
}

// Frame is what tui's root draws of the stack on c's terminal: the page
// asking for a larger terminal, or the screen on top (its cursor mark
// taken out and kept in c.Cursor, as the root does).
func (s *Stack) Frame(c *screen.Context) string {
	if c.TooSmall() {
		c.Cursor = screen.CursorAt{}
		return c.TooSmallView()
	}
	v, x, y, ok := screen.TakeCursor(s.Top().View())
	c.Cursor = screen.CursorAt{X: x, Y: y, On: ok}
	return v
}

// Home stands for tui's main menu in a game package's tests, where the
// game's screens go back to: its Key (either case) opens the game's menu,
// as the main menu's does.
type Home struct {
	C     *screen.Context
	Key   string // one letter
	Label string // the menu item's words
	Menu  func(*screen.Context) screen.Screen
}

func (h *Home) Init() tea.Cmd { return nil }

func (h *Home) Update(msg tea.Msg) (screen.Nav, tea.Cmd) {
	if k, ok := msg.(tea.KeyMsg); ok && strings.EqualFold(k.String(), h.Key) {
		return screen.Replace(h.Menu(h.C)), nil
	}
	return screen.Stay, nil
}

func (h *Home) View() string {
	return h.C.Center("MINOTAUR\n\n" + strings.ToUpper(h.Key) + "  " + h.Label)
}

var named = map[string]tea.KeyType{
	"enter": tea.KeyEnter, "esc": tea.KeyEsc, "up": tea.KeyUp, "down": tea.KeyDown,
	"left": tea.KeyLeft, "right": tea.KeyRight, "space": tea.KeySpace, "backspace": tea.KeyBackspace,
	"tab": tea.KeyTab, "ctrl+c": tea.KeyCtrlC, "ctrl+p": tea.KeyCtrlP,
	"home": tea.KeyHome, "end": tea.KeyEnd, "delete": tea.KeyDelete, "f1": tea.KeyF1,
}

// Key is the key called name: enter, esc, up, down, left, right, space,
// backspace, tab, ctrl+c, ctrl+p, home, end, delete, f1, or else the characters typed as one key.
func Key(name string) tea.KeyMsg {
	if k, ok := named[name]; ok {
		return tea.KeyMsg{Type: k}
	}
	return tea.KeyMsg{Type: tea.KeyRunes, Runes: []rune(name)}
}

// Keys are the keys of s: each character one key, a name in angle
// brackets (<enter>, <ctrl+c>, …) a named key; an unknown name fails t.
func Keys(t testing.TB, s string) []tea.KeyMsg {
	t.Helper()
	var keys []tea.KeyMsg
	for len(s) > 0 {
		if s[0] == '<' {
			end := strings.IndexByte(s, '>')
			if end < 0 {
				t.Fatalf("keys %q: a < without its >", s)
			}
			k, ok := named[s[1:end]]
			if !ok {
				t.Fatalf("unknown key <%s>", s[1:end])
			}
			keys = append(keys, tea.KeyMsg{Type: k})
			s = s[end+1:]
			continue
		}
		r := []rune(s)[0]
		keys = append(keys, tea.KeyMsg{Type: tea.KeyRunes, Runes: []rune{r}})
		s = s[len(string(r)):]
	}
	return keys
}

// Updating reports -update, the flag that rewrites the golden files.
func Updating() bool {
	f := flag.Lookup("update")
	return f != nil && f.Value.String() == "true"
}

// Golden compares got with testdata/name.golden, or rewrites that file
// under -update. A missing file fails the test: it never skips.
func Golden(t testing.TB, name, got string) {
	t.Helper()
	path := filepath.Join("testdata", name+".golden")
	if Updating() {
		if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(path, []byte(got), 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	want, err := os.ReadFile(path)
	if err != nil {
		t.Fatalf("%v (run go test -update to create it)", err)
	}
	if string(want) != got {
		t.Errorf("%s differs from %s:\n--- got ---\n%s\n--- want ---\n%s", name, path, got, want)
	}
}

// Fits fails t unless frame is drawn whole in a w × h terminal: at most h
// lines, none wider than w columns (escape sequences take none).
func Fits(t testing.TB, frame string, w, h int) {
	t.Helper()
	lines := strings.Split(frame, "\n")
	if len(lines) > h {
		t.Errorf("the frame has %d lines, the terminal %d:\n%s", len(lines), h, ansi.Strip(frame))
	}
	for i, l := range lines {
		if n := ansi.StringWidth(l); n > w {
			t.Errorf("line %d is %d columns wide, the terminal %d: %q", i+1, n, w, ansi.Strip(l))
		}
	}
}
