package foxhunt

import (
	"bufio"
	"net"
	"strings"
	"testing"
	"time"

	tea "github.com/charmbracelet/bubbletea"
	"github.com/charmbracelet/lipgloss"
	"github.com/charmbracelet/x/ansi"
	"github.com/muesli/termenv"

	"github.com/minotaur-game/minotaur/foxnet"
	"github.com/minotaur-game/minotaur/games/foxhunt"
	"github.com/minotaur-game/minotaur/tui/screen"
)

// block renders the state of g as the server would send it.
func block(g *foxhunt.Game) []string {
	b := foxnet.AppendBlock(nil, foxnet.Wiki, g, foxnet.Frame{Game: 1, Games: 1, Timeout: time.Second})
	return strings.Split(strings.TrimSuffix(string(b), "\n"), "\n")
}

type fixture struct {
	m    *Model
	g    *foxhunt.Game
	sent *bufio.Reader
}

// newFixture is a play screen on a hand-drawn map whose commands are read
// from the other end of a pipe.
func newFixture(t *testing.T, w, h int, mono bool, rows []string) *fixture {
	t.Helper()
	b, err := foxhunt.ParseBoard(rows)
	if err != nil {
		t.Fatal(err)
	}
	g, err := foxhunt.NewOnBoard(b, foxhunt.Config{Rounds: 50, NoRespawn: true}, []string{"fox", "me", "other"},
		[]foxhunt.Point{{X: 1, Y: 1}, {X: 3, Y: 1}, {X: 0, Y: 0}}, 0)
	if err != nil {
		t.Fatal(err)
	}
	r := lipgloss.NewRenderer(nil)
	if mono {
		r.SetColorProfile(termenv.Ascii)
	} else {
		r.SetColorProfile(termenv.ANSI256)
	}
	now := time.Unix(1000, 0)
	m := New(Options{Mode: Play, Renderer: r, Mono: mono, Now: func() time.Time { return now }})
	near, far := net.Pipe()
	t.Cleanup(func() { near.Close(); far.Close() })
	m.link = &link{conn: near}
	m.Update(tea.WindowSizeMsg{Width: w, Height: h})
	m.Update(lineMsg{[]string{"YourName:me"}})
	m.Update(lineMsg{block(g)})
	return &fixture{m: m, g: g, sent: bufio.NewReader(far)}
}

// press sends keys; a command the screen sends is returned.
func (f *fixture) press(t *testing.T, keys ...string) string {
	t.Helper()
	var got string
	for _, k := range keys {
		var msg tea.KeyMsg
		switch k {
		case " ":
			msg = tea.KeyMsg{Type: tea.KeySpace, Runes: []rune{' '}}
		case "up":
			msg = tea.KeyMsg{Type: tea.KeyUp}
		case "esc":
			msg = tea.KeyMsg{Type: tea.KeyEsc}
		default:
			msg = tea.KeyMsg{Type: tea.KeyRunes, Runes: []rune(k)}
		}
		_, cmd := f.m.Update(msg)
		if cmd != nil {
			done := make(chan string)
			go func() {
				l, _ := f.sent.ReadString('\n')
				done <- strings.TrimSuffix(l, "\n")
			}()
			go cmd()
			select {
			case got = <-done:
			case <-time.After(2 * time.Minute):
				t.Fatalf("key %q: nothing sent", k)
			}
		}
	}
	return got
}

var smallMap = []string{
	"_____w__",
	"________",
	"__W_____",
	"________",
}

func TestKeysSendCommands(t *testing.T) {
	for keys, want := range map[string]string{
		"d":     "d",
		"W":     "w",
		"up":    "w",
		" ":     "n",
		"b,s,2": "b2s",
		"B,D,9": "b9d",
		"b,b":   "b",
		"b,a,0": "b0a",
		"b, ":   "b",
		"k":     "w", // the vi-keys
		"h":     "a",
		"8":     "w", // the numpad: 8 4 6 2 step, 5 does nothing
		"4":     "a",
		"5":     "n",
		"b,6,3": "b3d", // after B a digit aims first, then is the reach
		"b,l,2": "b2d",
	} {
		f := newFixture(t, 80, 24, false, smallMap)
		if got := f.press(t, strings.Split(keys, ",")...); got != want {
			t.Errorf("keys %q sent %q, want %q", keys, got, want)
		}
	}
}

func TestOneCommandARoundAndEscCancelsABomb(t *testing.T) {
	f := newFixture(t, 80, 24, false, smallMap)
	f.press(t, "b", "esc")
	if f.m.bomb {
		t.Fatal("Esc did not cancel the bomb")
	}
	if got := f.press(t, "a"); got != "a" {
		t.Fatal(got)
	}
	f.press(t, "d")
	if !strings.Contains(f.m.View(), "already sent a command") {
		t.Fatalf("a second key in the round was not refused:\n%s", f.m.View())
	}
	f.g.Submit(1, "a")
	f.g.EndRound()
	f.m.Update(lineMsg{block(f.g)})
	if got := f.press(t, "d"); got != "d" {
		t.Fatal("a new round does not take a command")
	}
}

func plain(s string) string { return ansi.Strip(s) }

func TestScreenFitsAndShowsTheGame(t *testing.T) {
	for _, size := range [][2]int{{80, 24}, {40, 12}, {120, 40}} {
		for _, mono := range []bool{false, true} {
			f := newFixture(t, size[0], size[1], mono, smallMap)
			f.g.Submit(1, f.press(t, "b", "b"))
			f.g.EndRound()
			f.m.Update(lineMsg{block(f.g)})
			v := f.m.View()
			lines := strings.Split(v, "\n")
			if len(lines) > size[1] {
				t.Fatalf("%v mono=%v: %d lines", size, mono, len(lines))
			}
			for _, l := range lines {
				if w := ansi.StringWidth(l); w > size[0] {
					t.Fatalf("%v mono=%v: a line of %d columns: %q", size, mono, w, plain(l))
				}
			}
			p := plain(v)
			for _, want := range []string{"round 1/50", "me: hunter", "F", "@"} {
				if !strings.Contains(p, want) {
					t.Fatalf("%v mono=%v: %q missing:\n%s", size, mono, want, p)
				}
			}
			if !mono && strings.Contains(v, "\x1b[") == false {
				t.Fatal("no colour")
			}
			if mono && strings.Contains(v, "38;5") {
				t.Fatalf("colour without colour:\n%q", v)
			}
			// the bomb under the player is hidden; once the player steps off, its fuse shows
			f.g.Submit(1, f.press(t, "d"))
			f.g.EndRound()
			f.m.Update(lineMsg{block(f.g)})
			// thrown in round 1, it goes off at the end of round 5: 3 rounds left after round 2
			if p := plain(f.m.View()); !strings.Contains(p, "3 @") && !strings.Contains(p, "3@") {
				t.Fatalf("%v: no fuse digit for the bomb:\n%s", size, p)
			}
		}
	}
}

func TestLargeMapScrollsToThePlayer(t *testing.T) {
	rows := make([]string, 60)
	for i := range rows {
		rows[i] = strings.Repeat("_", 90)
	}
	b, _ := foxhunt.ParseBoard(rows)
	g, _ := foxhunt.NewOnBoard(b, foxhunt.Config{Rounds: 5, NoRespawn: true}, []string{"fox", "me"},
		[]foxhunt.Point{{X: 0, Y: 0}, {X: 85, Y: 55}}, 0)
	m := New(Options{Mode: Play, Mono: true, Renderer: lipgloss.NewRenderer(nil)})
	m.Update(tea.WindowSizeMsg{Width: 80, Height: 24})
	m.Update(lineMsg{[]string{"YourName:me"}})
	m.Update(lineMsg{block(g)})
	var mapPart strings.Builder
	for _, l := range strings.Split(plain(m.View()), "\n")[1:23] {
		mapPart.WriteString(l[:54] + "\n")
	}
	v := mapPart.String()
	if !strings.Contains(v, "@") {
		t.Fatalf("the player far down the map is not in view:\n%s", v)
	}
	if strings.Contains(v, "F") {
		t.Fatalf("the fox at the other corner should be out of view:\n%s", v)
	}
}

func TestFinalTable(t *testing.T) {
	f := newFixture(t, 80, 24, true, smallMap)
	for !f.g.Over() {
		f.g.EndRound()
	}
	f.m.Update(lineMsg{append(block(f.g), "game is over")})
	v := plain(f.m.View())
	if !strings.Contains(v, "Match over") || !strings.Contains(v, "1. fox") || !strings.Contains(v, "> ") {
		t.Fatalf("final table:\n%s", v)
	}
	g2, _ := foxhunt.NewOnBoard(f.g.Board(), foxhunt.Config{Rounds: 50}, []string{"fox", "me", "other"},
		[]foxhunt.Point{{X: 1, Y: 1}, {X: 3, Y: 1}, {X: 0, Y: 0}}, 1)
	f.m.Update(lineMsg{block(g2)})
	if strings.Contains(plain(f.m.View()), "Match over") {
		t.Fatal("the next match's first block did not leave the final table")
	}
}

func TestSetupFits(t *testing.T) {
	for _, size := range [][2]int{{80, 24}, {40, 12}} {
		c := &screen.Context{Styles: screen.NewStyles(lipgloss.NewRenderer(nil)), Width: size[0], Height: size[1],
			Now: time.Now, Seed: func() uint64 { return 1 }, Home: func() screen.Screen { return nil }}
		v := NewMenu(c).View()
		lines := strings.Split(v, "\n")
		if len(lines) > size[1] {
			t.Fatalf("%v: %d lines", size, len(lines))
		}
		for _, l := range lines {
			if ansi.StringWidth(l) > size[0] {
				t.Fatalf("%v: a line of %d columns:\n%s", size, ansi.StringWidth(l), plain(v))
			}
		}
		if !strings.Contains(plain(v), "Bots") || !strings.Contains(plain(v), "Esc back") {
			t.Fatalf("%v:\n%s", size, plain(v))
		}
	}
}

// Blocks a hostile or broken server may send (no players; players' marks
// where the table has nobody) are drawn without a panic.
func TestOddBlocksDrawn(t *testing.T) {
	for _, text := range []string{
		"Runde: 1/3, Spieleranzahl: 0, Spielfeldgröße: x 5 y 2, Cmd-Timeout: 1, \n\n\np|f|P|B|*|\n_|_|_|_|_|\n\nName:\tPunkte:\tFeld:\n\n",
		"Runde: 1/3, Spieleranzahl: 1, Spielfeldgröße: x 5 y 2, Cmd-Timeout: 1, \n\n\np|f|P|B|*|\n_|_|_|_|p|\n\nName:\tPunkte:\tFeld:\nme\t3\tx1 y1\n\n",
	} {
		for _, size := range [][2]int{{80, 24}, {40, 12}} {
			m := New(Options{Mode: Play, Mono: true, Renderer: lipgloss.NewRenderer(nil)})
			m.Update(tea.WindowSizeMsg{Width: size[0], Height: size[1]})
			m.Update(lineMsg{[]string{"YourName:me"}})
			m.Update(lineMsg{strings.Split(text, "\n")})
			if m.st == nil {
				t.Fatalf("not read: %q", text)
			}
			_ = m.View()
			w := New(Options{Mode: Watch, Mono: true, Renderer: lipgloss.NewRenderer(nil)})
			w.Update(tea.WindowSizeMsg{Width: size[0], Height: size[1]})
			w.Update(lineMsg{strings.Split(text, "\n")})
			_ = w.View()
		}
	}
}

// A spectator's time left counts down the rounds as long as they last:
// in a match whose rounds end sooner than the timeout (bots answer at
// once), it counts down from the length of the last rounds, not from the
// full timeout; a round that runs longer counts down the rest of the
// timeout.
func TestSpectatorTimeLeftFollowsTheRounds(t *testing.T) {
	g, err := foxhunt.New(foxhunt.Config{W: 9, H: 7, Rounds: 50, Seed: 2}, []string{"a", "b"})
	if err != nil {
		t.Fatal(err)
	}
	now := time.Unix(1000, 0)
	m := New(Options{Mode: Watch, Now: func() time.Time { return now }})
	m.Update(tea.WindowSizeMsg{Width: 80, Height: 24})
	header := func() string { return strings.SplitN(plain(m.View()), "\n", 2)[0] }
	m.Update(lineMsg{block(g)})
	for i := 0; i < 4; i++ { // rounds of 300 ms under a 1 s timeout
		now = now.Add(300 * time.Millisecond)
		g.EndRound()
		m.Update(lineMsg{block(g)})
	}
	now = now.Add(100 * time.Millisecond)
	m.Update(tickMsg(now))
	if h := header(); !strings.Contains(h, "0.2s left") {
		t.Fatalf("100 ms into a round of a match whose rounds last 300 ms: %q, want 0.2s left", h)
	}
	now = now.Add(300 * time.Millisecond) // this round runs longer
	m.Update(tickMsg(now))
	if h := header(); !strings.Contains(h, "0.6s left") {
		t.Fatalf("400 ms into a round under a 1 s timeout: %q, want 0.6s left", h)
	}
	// a player's round waits for it: the full timeout
	f := newFixture(t, 80, 24, false, []string{"_____", "_____"})
	if h := strings.SplitN(plain(f.m.View()), "\n", 2)[0]; !strings.Contains(h, "1.0s left") {
		t.Fatalf("a player's header %q, want 1.0s left", h)
	}
}

// TestWrongServerSaysSo: a Minotaur game server's JSON, or a server that
// closes before any line of the contest, is told as what it is and what to
// do — not "The server closed the connection." after the wait, nor a raw
// network error.
func TestWrongServerSaysSo(t *testing.T) {
	m := New(Options{Mode: Play, Addr: "127.0.0.1:7777", Now: time.Now})
	near, far := net.Pipe()
	defer far.Close()
	m.link = &link{conn: near}
	m.Update(tea.WindowSizeMsg{Width: 80, Height: 24})
	m.Update(lineMsg{[]string{`{"t":"error","code":"bad_json","msg":"line is not a protocol message"}`}})
	if !strings.Contains(m.gone, "is a Minotaur game server, not a Fox hunt contest server") {
		t.Errorf("after the game server's JSON: %q", m.gone)
	}
	m = New(Options{Mode: Play, Addr: "127.0.0.1:7777", Now: time.Now})
	m.Update(closedMsg{})
	if !strings.Contains(m.gone, "without a word of the Fox hunt") {
		t.Errorf("closed before any line: %q", m.gone)
	}
	m = New(Options{Mode: Play, Addr: "127.0.0.1:1", Now: time.Now})
	m.Update(dial("127.0.0.1:1")())
	if !strings.Contains(m.gone, "Nothing answers at 127.0.0.1:1") || strings.Contains(m.gone, "dial tcp") {
		t.Errorf("a refused connection: %q", m.gone)
	}
}
