package screentest

import (
	"strings"
	"testing"

	tea "github.com/charmbracelet/bubbletea"

	"github.com/minotaur-game/minotaur/tui/screen"
)

// Keys reads characters (not bytes) and names in angle brackets.
func TestKeys(t *testing.T) {
	got := Keys(t, "a<enter>é<ctrl+c>")
	want := []tea.KeyMsg{{Type: tea.KeyRunes, Runes: []rune{'a'}}, {Type: tea.KeyEnter}, {Type: tea.KeyRunes, Runes: []rune{'é'}}, {Type: tea.KeyCtrlC}}
	if len(got) != len(want) {
		t.Fatalf("%v", got)
	}
	for i := range want {
		if got[i].String() != want[i].String() {
			t.Errorf("key %d: %v, want %v", i, got[i], want[i])
		}
	}
	if Key("up").Type != tea.KeyUp || Key("q").String() != "q" {
		t.Error("Key by name")
	}
}

// page is a screen that pushes a new page on "n", pops on "b", and asks
// for two commands in sequence on "s".
type page struct {
	n   int
	got *[]string
}

type note string

func (p *page) Init() tea.Cmd { return nil }
func (p *page) Update(msg tea.Msg) (screen.Nav, tea.Cmd) {
	switch msg := msg.(type) {
	case note:
		*p.got = append(*p.got, string(msg))
	case tea.KeyMsg:
		switch msg.String() {
		case "n":
			return screen.Push(&page{n: p.n + 1, got: p.got}), nil
		case "b":
			return screen.Pop(), nil
		case "s":
			return screen.Stay, tea.Sequence(func() tea.Msg { return note("one") }, func() tea.Msg { return note("two") })
		case "q":
			return screen.Stay, func() tea.Msg { return screen.QuitMsg{} }
		}
	}
	return screen.Stay, nil
}
func (p *page) View() string { return "" }

// A stack carries out the screens' changes, feeds a sequence's messages in
// order, and stops at a quit.
func TestStack(t *testing.T) {
	var got []string
	s := NewStack(&page{got: &got})
	for _, k := range Keys(t, "nns") {
		s.Send(k)
	}
	if len(s.Screens) != 3 || s.Top().(*page).n != 2 || len(got) != 2 || got[0] != "one" || got[1] != "two" {
		t.Fatalf("%d screens, notes %v", len(s.Screens), got)
	}
	for _, k := range Keys(t, "bbbq") {
		s.Send(k)
	}
	if len(s.Screens) != 1 || !s.Quit {
		t.Fatalf("%d screens, quit %v", len(s.Screens), s.Quit)
	}
	s.Send(Key("n"))
	if len(s.Screens) != 1 {
		t.Fatal("a key after the quit was delivered")
	}
}

// Home opens the game's menu on its key, in either case, and only on it;
// Frame draws the top screen, or the too-small page.
func TestHomeAndFrame(t *testing.T) {
	var got []string
	c := &screen.Context{Styles: screen.NewStyles(nil), Width: 80, Height: 24}
	s := NewStack(&Home{C: c, Key: "o", Label: "Open-world chess", Menu: func(*screen.Context) screen.Screen { return &page{n: 7, got: &got} }})
	if f := s.Frame(c); !strings.Contains(f, "O  Open-world chess") {
		t.Fatalf("the home screen draws %q", f)
	}
	s.Send(Key("x"))
	if _, ok := s.Top().(*Home); !ok {
		t.Fatalf("x left the home screen for %T", s.Top())
	}
	s.Send(Key("O"))
	if p, ok := s.Top().(*page); !ok || p.n != 7 {
		t.Fatalf("O did not open the menu: %T on top", s.Top())
	}
	c.Width, c.Height = 20, 5
	if f := s.Frame(c); f != c.TooSmallView() {
		t.Errorf("at 20×5 the frame is %q, not the too-small page", f)
	}
}
