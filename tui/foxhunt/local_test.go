package foxhunt

import (
	"strings"
	"testing"
	"time"

	tea "github.com/charmbracelet/bubbletea"
	"github.com/charmbracelet/lipgloss"

	"github.com/minotaur-game/minotaur/foxnet"
	"github.com/minotaur-game/minotaur/games/foxhunt"
	"github.com/minotaur-game/minotaur/tui/screen"
	"github.com/minotaur-game/minotaur/tui/screen/screentest"
)

// localDriver is the menu's local match on a hand-drawn map, its
// commands read from a pipe (as in newFixture), in a stack of screens as
// the root keeps them.
type localDriver struct {
	*screentest.Stack
	c   *screen.Context
	f   *fixture
	now *time.Time
}

func newLocal(t *testing.T, w, h int) *localDriver {
	t.Helper()
	f := newFixture(t, w, h, true, smallMap)
	now := time.Unix(1000, 0)
	c := &screen.Context{Styles: screen.NewStyles(lipgloss.NewRenderer(nil)), Width: w, Height: h,
		Now: func() time.Time { return now }, Seed: func() uint64 { return 1 }}
	c.Home = func() screen.Screen { return &screentest.Home{C: c, Key: "f", Label: "Fox hunt", Menu: NewMenu} }
	f.m.opt.Embedded = true
	g := &gameScreen{c: c, m: f.m, setup: setupScreen{c: c, bots: 1, rounds: 0}}
	d := &localDriver{c: c, f: f, now: &now}
	d.Stack = &screentest.Stack{Screens: []screen.Screen{g}}
	d.Stack.Update = func(msg tea.Msg) tea.Cmd {
		n, _ := d.Top().Update(msg)
		d.Apply(n)
		return nil // the commands (sending, closing) are not run here
	}
	return d
}

func (d *localDriver) key(t *testing.T, s string) {
	t.Helper()
	for _, k := range screentest.Keys(t, s) {
		d.Update(k)
	}
}

func (d *localDriver) plain() string { return plain(d.Frame(d.c)) }

// nextRound plays a round (the blocks before and after the first round
// both say round 1) of the fixture's game and shows its block.
func (d *localDriver) nextRound() {
	d.f.g.EndRound()
	d.f.m.Update(lineMsg{block(d.f.g)})
}

// Before a first round is played leaving loses nothing: Q goes back to
// the Fox hunt's menu at once. Once the match is under way, Esc and P
// open the pause menu (and close it), and Q and Ctrl+C ask before the
// match is dropped (they dropped it at once).
func TestLocalMatchAsksBeforeItIsLeft(t *testing.T) {
	d := newLocal(t, 80, 24)
	d.key(t, "q")
	if _, menu := d.Top().(*setupScreen); !menu {
		t.Fatalf("Q at round 1, nothing sent, did not go to the menu:\n%s", d.plain())
	}

	for _, open := range []string{"<esc>", "p", "P"} {
		d = newLocal(t, 80, 24)
		d.key(t, "d")
		d.key(t, open)
		if _, paused := d.Top().(*screen.Pause); !paused || !strings.Contains(d.plain(), "PAUSED") {
			t.Fatalf("%s after a step did not pause:\n%s", open, d.plain())
		}
		if strings.Contains(d.plain(), "Save") {
			t.Fatalf("the pause menu offers a Save a match cannot do:\n%s", d.plain())
		}
		d.key(t, open)
		if _, game := d.Top().(*gameScreen); !game {
			t.Fatalf("%s did not close the pause menu", open)
		}
	}

	d = newLocal(t, 80, 24)
	d.key(t, "d") // a step: the match is under way
	d.key(t, "q")
	if !strings.Contains(d.plain(), "Leaving now ends this game") {
		t.Fatalf("Q after a step did not ask:\n%s", d.plain())
	}
	d.key(t, "n")
	if _, game := d.Top().(*gameScreen); !game {
		t.Fatalf("N did not go back to the match:\n%s", d.plain())
	}
	d.key(t, "q")
	d.key(t, "y")
	if _, menu := d.Top().(*setupScreen); !menu {
		t.Fatalf("Y did not leave to the Fox hunt's menu:\n%s", d.plain())
	}

	d = newLocal(t, 80, 24)
	d.nextRound()
	d.nextRound() // round 2
	n, cmd := d.Screens[0].(screen.Game).Interrupt(d.Top())
	if cmd != nil || n.Op != screen.OpPush {
		t.Fatal("Ctrl+C in round 2 quit without asking")
	}
}

// ? and H open the help, which explains the keys and every glyph of the
// map; any other key goes back to the match.
func TestLocalMatchHelp(t *testing.T) {
	for _, size := range [][2]int{{80, 24}, {40, 12}} {
		for _, k := range []string{"?", "H"} { // h is the vi-keys' left
			d := newLocal(t, size[0], size[1])
			d.key(t, k)
			if !strings.Contains(d.plain(), "FOX HUNT — HELP") {
				t.Fatalf("%s did not open the help:\n%s", k, d.plain())
			}
			screentest.Fits(t, d.Frame(d.c), size[0], size[1])
			d.key(t, "x")
			if _, game := d.Top().(*gameScreen); !game {
				t.Fatal("a key did not leave the help")
			}
		}
	}
	text := helpText(true)
	for _, want := range []string{"B, direction, 0-9", "0-9 a bomb", "*   a beam", "++", "##", "  r   special", "  b   special", "  h   special", "  p   another hunter", "  P   several players", "F   the fox (in reverse)"} {
		if !strings.Contains(text, want) {
			t.Errorf("the help does not explain %q", want)
		}
	}
	if !strings.Contains(helpText(false), "▒▒") {
		t.Error("the colour help does not show the walls as drawn")
	}
}

// A local match ends on the end frame — the result, why, what next — and
// stays there: no new match starts by itself. R plays again, Enter or Esc
// goes to the Fox hunt's menu, as on every game's end frame; keys of the
// first half second are ignored.
func TestLocalMatchEndsOnTheEndFrame(t *testing.T) {
	for _, size := range [][2]int{{80, 24}, {40, 12}} {
		d := newLocal(t, size[0], size[1])
		d.nextRound()
		d.Update(lineMsg{[]string{"game is over"}})
		got := d.plain()
		for _, want := range []string{"Fox hunt", "rounds are played", "R: play again", "Enter: menu", "me"} {
			if !strings.Contains(got, want) {
				t.Fatalf("%v: the end frame lacks %q:\n%s", size, want, got)
			}
		}
		screentest.Fits(t, d.Frame(d.c), size[0], size[1])
		// the server's next match is not played
		g2, _ := foxhunt.NewOnBoard(d.f.g.Board(), foxhunt.Config{Rounds: 50}, []string{"fox", "me", "other"},
			[]foxhunt.Point{{X: 1, Y: 1}, {X: 3, Y: 1}, {X: 0, Y: 0}}, 1)
		d.Update(lineMsg{block(g2)})
		if !strings.Contains(d.plain(), "R: play again") {
			t.Fatalf("a new match started by itself:\n%s", d.plain())
		}
		d.key(t, "<enter>") // within the key guard
		if _, game := d.Top().(*gameScreen); !game || !d.Top().(*gameScreen).ended {
			t.Fatal("a key typed ahead dismissed the end frame")
		}
		*d.now = d.now.Add(time.Second)
		d.key(t, "<esc>")
		if _, menu := d.Top().(*setupScreen); !menu {
			t.Fatalf("Esc on the end frame did not go to the menu:\n%s", d.plain())
		}
	}
}

// The local match's panel names its help and pause keys.
func TestLocalMatchPanelNamesTheKeys(t *testing.T) {
	d := newLocal(t, 80, 24)
	d.f.m.opt.Local = &foxnet.Config{}
	if s := d.plain(); !strings.Contains(s, "? help  Esc pause") || !strings.Contains(s, "q  leave (asks)") {
		t.Fatalf("the panel does not name ? and Esc:\n%s", s)
	}
	d = newLocal(t, 40, 12)
	d.f.m.opt.Local = &foxnet.Config{}
	if s := d.plain(); !strings.Contains(s, "? help, Esc") {
		t.Fatalf("the narrow hint does not name ? and Esc:\n%s", s)
	}
}

// The terminal's cursor stands on the player's field (@).
func TestCursorOnThePlayer(t *testing.T) {
	for _, size := range [][2]int{{80, 24}, {40, 12}} {
		d := newLocal(t, size[0], size[1])
		lines := strings.Split(d.plain(), "\n")
		at := d.c.Cursor
		if !at.On || at.Y >= len(lines) || at.X >= len([]rune(lines[at.Y])) || []rune(lines[at.Y])[at.X] != '@' {
			t.Fatalf("%v: the cursor is at %+v, not on @:\n%s", size, at, d.plain())
		}
	}
}

// R on a local match's end frame plays again with the same choices, as
// on every game's end frame.
func TestLocalMatchEndPlaysAgain(t *testing.T) {
	d := newLocal(t, 80, 24)
	d.nextRound()
	d.Update(lineMsg{[]string{"game is over"}})
	*d.now = d.now.Add(time.Second)
	d.key(t, "r")
	if g, game := d.Top().(*gameScreen); !game || g.ended {
		t.Fatalf("R on the end frame did not start a new match: %T\n%s", d.Top(), d.plain())
	}
}
