package foxhunt

import (
	"bufio"
	"encoding/json"
	"errors"
	"io"
	"net"
	"strings"
	"testing"
	"time"

	tea "github.com/charmbracelet/bubbletea"
	"github.com/charmbracelet/lipgloss"
	"github.com/charmbracelet/x/ansi"
	"github.com/muesli/termenv"

	"github.com/minotaur-game/minotaur/games/foxhunt"
	"github.com/minotaur-game/minotaur/netplay"
	"github.com/minotaur-game/minotaur/tui/screen"
	"github.com/minotaur-game/minotaur/tui/screen/screentest"
)

// fakeNet stands for the lobby's connection: a real client on one end of
// a pipe whose other end the test reads; the messages the test hands in
// arrive as netMsg.
type fakeNet struct {
	client  *netplay.Client
	sent    chan map[string]any
	lobby   []netplay.Message
	waits   int // the waits the screen started
	back    bool
	waiting bool
}

type netMsg struct {
	m   netplay.Message
	err error
}

func newFakeNet(t *testing.T) *fakeNet {
	a, b := net.Pipe()
	f := &fakeNet{client: netplay.NewClient(a), sent: make(chan map[string]any, 16)}
	t.Cleanup(func() { f.client.Close(); b.Close() })
	go func() {
		sc := bufio.NewScanner(b)
		for sc.Scan() {
			var m map[string]any
			if json.Unmarshal(sc.Bytes(), &m) == nil {
				f.sent <- m
			}
		}
	}()
	return f
}

func (f *fakeNet) next(t *testing.T) map[string]any {
	t.Helper()
	select {
	case m := <-f.sent:
		return m
	case <-time.After(10 * time.Second):
		t.Fatal("the screen sent nothing")
	}
	return nil
}

func (f *fakeNet) expectAct(t *testing.T, a string) {
	t.Helper()
	if m := f.next(t); m["t"] != "act" || m["a"] != a {
		t.Fatalf("sent %v, want act %q", m, a)
	}
}

func (f *fakeNet) link() screen.Link {
	return screen.Link{
		Client: f.client,
		Wait:   func() tea.Cmd { f.waits++; return nil },
		Unpack: func(msg tea.Msg) (netplay.Message, error, bool) { m, ok := msg.(netMsg); return m.m, m.err, ok },
		Lobby:  func(m netplay.Message) { f.lobby = append(f.lobby, m) },
		Back: func(waiting bool) screen.Screen {
			f.back, f.waiting = true, waiting
			return &screentest.Home{}
		},
		Lost: func(err error) screen.Screen { return &screentest.Home{} },
	}
}

var foxNames = []string{"alice", "bob", "computer 1", "computer 2"}

// wire is the server's state of g for seat (0: a spectator), in JSON as
// docs/protocol.md describes it.
func wire(g *foxhunt.Game, seat int, toAct []int) map[string]any {
	b := g.Board()
	cells := g.AppendMap(nil)
	var rows []string
	for y := 0; y < b.H; y++ {
		rows = append(rows, string(cells[y*b.W:(y+1)*b.W]))
	}
	var players, bombs []map[string]any
	for i, p := range g.Players() {
		players = append(players, map[string]any{"seat": i + 1, "x": p.At.X, "y": p.At.Y, "points": p.Points, "fox": p.Fox})
	}
	for _, bo := range g.Bombs() {
		bombs = append(bombs, map[string]any{"seat": bo.Owner + 1, "x": bo.At.X, "y": bo.At.Y, "fuse": bo.Fuse, "range": bo.Range})
	}
	m := map[string]any{"t": "state", "seq": 1, "kind": "foxhunt", "names": foxNames, "seat": seat, "to_act": toAct,
		"your_turn": false, "round": min(g.Played()+1, g.Rounds()), "rounds": g.Rounds(), "round_ms": 15000, "left_ms": 12000,
		"w": b.W, "h": b.H, "map": rows, "players": players, "bombs": bombs, "said": []string{}}
	for _, s := range toAct {
		if s == seat {
			m["your_turn"] = true
		}
	}
	return m
}

// decode reads a state as the lobby's client does (through the kind's
// registration, which refuses what the server's check refuses).
func decode(t *testing.T, m map[string]any) *netplay.FoxhuntState {
	t.Helper()
	b, err := json.Marshal(m)
	if err != nil {
		t.Fatal(err)
	}
	msg, err := netplay.DecodeMessage(b)
	if err != nil {
		t.Fatal(err)
	}
	st, ok := msg.(*netplay.FoxhuntState)
	if !ok {
		t.Fatalf("a Fox hunt state decoded as %T", msg)
	}
	return st
}

// raw reads a state without the client's check: what the screen must
// refuse by itself.
func raw(t *testing.T, m map[string]any) *netplay.FoxhuntState {
	t.Helper()
	b, err := json.Marshal(m)
	if err != nil {
		t.Fatal(err)
	}
	var st netplay.FoxhuntState
	if err := json.Unmarshal(b, &st); err != nil {
		t.Fatal(err)
	}
	return &st
}

// newMatch is a match of four seats after a few rounds, a bomb lying.
func newMatch(t *testing.T) *foxhunt.Game {
	g, err := foxhunt.New(foxhunt.Config{W: 20, H: 20, Rounds: 100, Seed: 4}, foxNames)
	if err != nil {
		t.Fatal(err)
	}
	for _, cmds := range [][4]string{{"b", "n", "d", "b"}, {"s", "n", "w", "d"}, {"n", "b2d", "b", "n"}} {
		for i, c := range cmds {
			g.Submit(i, c)
		}
		g.EndRound()
	}
	return g
}

type foxDriver struct {
	*screentest.Stack
	c *screen.Context
}

func openFox(t *testing.T, mono bool, w, h int, f *fakeNet, seat int, first map[string]any) *foxDriver {
	return openFoxState(t, mono, w, h, f, seat, decode(t, first))
}

func openFoxState(t *testing.T, mono bool, w, h int, f *fakeNet, seat int, first *netplay.FoxhuntState) *foxDriver {
	st := screen.NewStyles(nil)
	if !mono {
		r := lipgloss.NewRenderer(io.Discard)
		r.SetColorProfile(termenv.ANSI256)
		st = screen.NewStyles(r)
	}
	tick := 0
	c := &screen.Context{Styles: st, Width: w, Height: h,
		Now: func() time.Time { tick++; return time.Unix(1000, 0).Add(time.Duration(tick) * time.Second) }}
	c.Home = func() screen.Screen { return &screentest.Home{C: c, Key: "f", Label: "Fox hunt", Menu: NewMenu} }
	s := Online(c, f.link(), &netplay.Start{Seat: seat, Game: "g3", Kind: "foxhunt"}, first)
	s.(*onlineScreen).tick = nil // the tests draw at chosen moments
	return &foxDriver{Stack: screentest.NewStack(s), c: c}
}

func (d *foxDriver) keys(t *testing.T, s string) {
	for _, k := range screentest.Keys(t, s) {
		d.Send(k)
	}
}

func (d *foxDriver) plain(t *testing.T) string {
	t.Helper()
	out := d.Frame(d.c)
	screentest.Fits(t, out, d.c.Width, d.c.Height)
	return ansi.Strip(out)
}

// A player's screen: the map and the table, the round and the time left,
// the local match's keys sent as the round's command, "waiting for the
// others" after sending, one command a round, and the final table.
func TestOnlineFoxPlay(t *testing.T) {
	for _, sz := range [][2]int{{80, 24}, {40, 12}} {
		f := newFakeNet(t)
		g := newMatch(t)
		d := openFox(t, true, sz[0], sz[1], f, 2, wire(g, 2, []int{1, 2}))
		if f.waits != 1 {
			t.Fatalf("the screen started %d waits for the server's messages, not one", f.waits)
		}
		out := d.plain(t)
		if !strings.Contains(out, "round 4/100") || !strings.Contains(out, "bob") {
			t.Fatalf("%v: bob's screen:\n%s", sz, out)
		}
		if sz[0] == 80 && (!strings.Contains(out, "computer 1") || !strings.Contains(out, "Scores") || !strings.Contains(out, "left")) {
			t.Fatalf("the table and the time:\n%s", out)
		}
		d.keys(t, "b")
		d.keys(t, "w")
		d.keys(t, "3")
		f.expectAct(t, "b3w")
		if out := d.plain(t); !strings.Contains(out, "waiting for the others") {
			t.Fatalf("%v: after sending:\n%s", sz, out)
		}
		d.keys(t, "d")
		if out := d.plain(t); !strings.Contains(out, "already sent") {
			t.Fatalf("%v: a second command:\n%s", sz, out)
		}
		// The next round: a move, then nothing.
		for i, c := range []string{"n", "b3w", "n", "n"} {
			g.Submit(i, c)
		}
		g.EndRound()
		d.Send(netMsg{m: decode(t, wire(g, 2, []int{1, 2}))})
		d.keys(t, "<right>")
		f.expectAct(t, "d") // nothing was sent in between
		for i, c := range []string{"n", "d", "n", "n"} {
			g.Submit(i, c)
		}
		g.EndRound()
		d.Send(netMsg{m: decode(t, wire(g, 2, []int{1, 2}))})
		d.keys(t, "n")
		f.expectAct(t, "n")
		// Leaving asks first.
		d.keys(t, "q")
		if out := d.plain(t); !strings.Contains(out, "Leave the match?") {
			t.Fatalf("%v: q:\n%s", sz, out)
		}
		d.keys(t, "n")
		// The end: the final table, winners marked.
		end := wire(g, 2, []int{})
		end["winners"] = []int{1}
		d.Send(netMsg{m: decode(t, end)})
		d.Send(netMsg{m: &netplay.Over{T: "over", Kind: "foxhunt", Result: "lost", Winner: "alice", Scores: []int{9, 1, 0, 3}}})
		out = d.plain(t)
		if !strings.Contains(out, "alice won") || !strings.Contains(out, "1. alice") || !strings.Contains(out, "> 3. bob") {
			t.Fatalf("%v: the final table:\n%s", sz, out)
		}
		d.keys(t, "<enter>")
		if !f.back || f.waiting {
			t.Fatalf("Enter after over: back %v, waiting %v", f.back, f.waiting)
		}
	}
}

// A spectator sees the same, without keys to play; Esc leaves at once.
func TestOnlineFoxWatch(t *testing.T) {
	f := newFakeNet(t)
	g := newMatch(t)
	d := openFox(t, true, 80, 24, f, 0, wire(g, 0, []int{1, 2}))
	out := d.plain(t)
	if !strings.Contains(out, "watching") || strings.Contains(out, "B dir") {
		t.Fatalf("a spectator's screen:\n%s", out)
	}
	d.keys(t, "wb")
	d.keys(t, "<esc>")
	if m := f.next(t); m["t"] != "leave" || !f.back || !f.waiting {
		t.Fatalf("Esc sent %v, back %v, waiting %v", m, f.back, f.waiting)
	}
}

// A hostile state is refused with a sentence and never drawn.
func TestOnlineFoxHostile(t *testing.T) {
	g := newMatch(t)
	cases := map[string]func(m map[string]any){
		"huge map":          func(m map[string]any) { m["w"] = 1 << 30 },
		"short row":         func(m map[string]any) { m["map"].([]string)[3] = "__" },
		"escape in the map": func(m map[string]any) { r := m["map"].([]string); r[0] = "\x1b" + r[0][1:] },
		"player off the map": func(m map[string]any) {
			m["players"].([]map[string]any)[0]["x"] = 99
		},
		"seat out of range": func(m map[string]any) { m["players"].([]map[string]any)[0]["seat"] = 9 },
		"twice the seat":    func(m map[string]any) { m["players"].([]map[string]any)[1]["seat"] = 1 },
		"bomb off the map":  func(m map[string]any) { m["bombs"] = []map[string]any{{"x": -1, "y": 0, "fuse": 2}} },
		"no names":          func(m map[string]any) { m["names"] = []string{} },
		"winner unknown":    func(m map[string]any) { m["winners"] = []int{7} },
		"rounds":            func(m map[string]any) { m["round"] = 500 },
	}
	for name, spoil := range cases {
		t.Run(name, func(t *testing.T) {
			f := newFakeNet(t)
			bad := wire(g, 1, []int{1})
			spoil(bad)
			d := openFoxState(t, true, 40, 12, f, 1, raw(t, bad))
			if out := d.plain(t); !strings.Contains(out, "cannot draw") {
				t.Fatalf("a bad first state:\n%s", out)
			}
			d.keys(t, "wb3")
			d.Send(netMsg{m: decode(t, wire(g, 1, []int{1}))})
			d.Send(netMsg{m: raw(t, bad)})
			d.c.Width, d.c.Height = 80, 24
			if out := d.plain(t); !strings.Contains(out, "cannot draw") || !strings.Contains(out, "alice") {
				t.Fatalf("a bad state after a good one:\n%s", out)
			}
		})
	}
}

// Names and sentences from the wire are cleaned; a lost connection shows
// the lobby's screen for it.
func TestOnlineFoxClean(t *testing.T) {
	f := newFakeNet(t)
	g := newMatch(t)
	m := wire(g, 1, []int{1})
	m["names"] = []string{"al\x1b[2Jice", "bob", "c1", "c2"}
	m["said"] = []string{"boom\x1b]0;owned\x07"}
	d := openFoxState(t, true, 80, 24, f, 1, raw(t, m))
	if out := d.Frame(d.c); strings.Contains(out, "\x1b[2J") || strings.Contains(out, "\x1b]0") {
		t.Fatalf("an escape from the wire reached the screen: %q", out)
	}
	// A paralysed player is told so.
	m = wire(g, 1, []int{1})
	m["round"] = 9
	m["players"].([]map[string]any)[0]["paralysed"] = 2
	d.Send(netMsg{m: decode(t, m)})
	if out := ansi.Strip(d.Frame(d.c)); !strings.Contains(out, "You are paralysed") {
		t.Fatalf("a paralysed player is not told:\n%s", out)
	}
	d.Send(netMsg{err: errors.New("gone")})
	if _, ok := d.Top().(*screentest.Home); !ok {
		t.Fatalf("after the connection is lost: %T", d.Top())
	}
}

// The goldens: play at 80×24 and 40×12 with and without colour, a
// spectator's and the final table at 80×24.
func TestOnlineFoxGolden(t *testing.T) {
	for _, tc := range []struct {
		name string
		seat int
		mono bool
		w, h int
		end  bool
	}{
		{"online-play-80x24", 2, false, 80, 24, false},
		{"online-play-80x24-mono", 2, true, 80, 24, false},
		{"online-play-40x12", 2, false, 40, 12, false},
		{"online-play-40x12-mono", 2, true, 40, 12, false},
		{"online-watch-80x24-mono", 0, true, 80, 24, false},
		{"online-end-80x24-mono", 2, true, 80, 24, true},
		{"online-end-40x12", 2, false, 40, 12, true},
	} {
		t.Run(tc.name, func(t *testing.T) {
			f := newFakeNet(t)
			g := newMatch(t)
			m := wire(g, tc.seat, []int{1, 2})
			if tc.end {
				m["to_act"], m["winners"] = []int{}, []int{1, 4}
			}
			d := openFox(t, tc.mono, tc.w, tc.h, f, tc.seat, m)
			got := d.Frame(d.c)
			screentest.Golden(t, tc.name, got)
			screentest.Fits(t, got, tc.w, tc.h)
		})
	}
}

// A state without a round deadline (no round_ms: the room waits for every
// command) names no time left, rather than "0.0s left".
func TestOnlineFoxNoDeadline(t *testing.T) {
	for _, sz := range [][2]int{{80, 24}, {40, 12}} {
		f := newFakeNet(t)
		g := newMatch(t)
		st := wire(g, 2, []int{1, 2})
		delete(st, "round_ms")
		delete(st, "left_ms")
		d := openFox(t, true, sz[0], sz[1], f, 2, st)
		head := strings.SplitN(d.plain(t), "\n", 2)[0]
		if !strings.Contains(head, "round 4/100") || strings.Contains(head, "0.0s") || strings.Contains(head, "left") {
			t.Fatalf("%v: the header without a deadline: %q", sz, head)
		}
	}
}
