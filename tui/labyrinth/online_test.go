package labyrinth

import (
	"bufio"
	"encoding/json"
	"errors"
	"io"
	"math/rand/v2"
	"net"
	"strings"
	"testing"
	"time"

	tea "github.com/charmbracelet/bubbletea"
	"github.com/charmbracelet/lipgloss"
	"github.com/charmbracelet/x/ansi"
	"github.com/muesli/termenv"

	"github.com/minotaur-game/minotaur/games/labyrinth"
	"github.com/minotaur-game/minotaur/netplay"
	"github.com/minotaur-game/minotaur/tui/screen"
	"github.com/minotaur-game/minotaur/tui/screen/screentest"
)

// fakeNet stands for the lobby's connection: a real client on one end of
// a pipe whose other end the test reads (what the screen sends); the
// messages the test hands in arrive as netMsg.
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

// next is the next request the screen sent, with a generous last-guard
// deadline.
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

// expectAct fails unless the next request is the act a.
func (f *fakeNet) expectAct(t *testing.T, a string) {
	t.Helper()
	if m := f.next(t); m["t"] != "act" || m["a"] != a {
		t.Fatalf("sent %v, want act %q", m, a)
	}
}

func (f *fakeNet) link() screen.Link {
	return screen.Link{
		Client: f.client,
		Wait:   func() tea.Cmd { f.waits++; return nil }, // the test delivers the messages
		Unpack: func(msg tea.Msg) (netplay.Message, error, bool) { m, ok := msg.(netMsg); return m.m, m.err, ok },
		Lobby:  func(m netplay.Message) { f.lobby = append(f.lobby, m) },
		Back: func(waiting bool) screen.Screen {
			f.back, f.waiting = true, waiting
			return &screentest.Home{}
		},
		Lost: func(err error) screen.Screen { return &screentest.Home{} },
	}
}

// referee plays a Labyrinth game as the server does, and writes each
// seat's state message in JSON as docs/protocol.md describes it.
type referee struct {
	seed  uint64
	lab   *labyrinth.File
	g     *labyrinth.Game
	names []string
	logs  [][]labyrinth.Answer
	seq   int64
}

func newReferee(t *testing.T, starts ...labyrinth.Cell) *referee {
	t.Helper()
	r := &referee{seed: 5, names: []string{"alice", "bob", "computer"}[:len(starts)]}
	lab, err := labyrinth.Generate(10, 10, rand.New(rand.NewPCG(r.seed, 0x1ab)))
	if err != nil {
		t.Fatal(err)
	}
	r.lab = lab
	if r.g, err = labyrinth.New(lab, starts); err != nil {
		t.Fatal(err)
	}
	r.logs = make([][]labyrinth.Answer, len(starts))
	r.tell(r.g.Opening())
	return r
}

func (r *referee) tell(answers []labyrinth.Answer) {
	for _, a := range answers {
		r.logs[a.Player-1] = append(r.logs[a.Player-1], a)
	}
}

// act plays the current seat's command.
func (r *referee) act(t *testing.T, cmd string) {
	t.Helper()
	c, err := labyrinth.ParseCommand(cmd)
	if err != nil {
		t.Fatal(err)
	}
	answers, err := r.g.Act(c)
	if err != nil {
		t.Fatal(err)
	}
	r.tell(answers)
}

// wire is seat's state message (seat 0: a spectator's, following follow).
func (r *referee) wire(seat, follow int, over bool) map[string]any {
	view := seat
	if seat == 0 {
		view = follow
	}
	r.seq++
	m := map[string]any{"t": "state", "seq": r.seq, "kind": "labyrinth", "names": r.names,
		"seat": view, "to_act": []int{r.g.Current()}, "phase": "play", "round": r.g.Turn(),
		"rows": 10, "cols": 10, "your_turn": seat != 0 && seat == r.g.Current()}
	answers, said := []labyrinth.Answer{}, []string{}
	if view != 0 {
		answers = r.logs[view-1]
		for _, a := range answers {
			said = append(said, a.Text())
		}
		m["bullets"], m["key"] = r.g.Inventory(view)
	}
	m["answers"], m["said"] = answers, said
	if over {
		m["phase"], m["to_act"], m["your_turn"] = "over", []int{}, false
		m["winner"], m["win_round"] = 1, r.g.Turn()
		var ways []map[string]any
		for i := range r.names {
			p := r.g.Player(i + 1)
			ways = append(ways, map[string]any{"seat": i + 1, "start": p.Start, "path": p.Path})
		}
		m["reveal"] = map[string]any{"seed": r.seed, "rows": 10, "cols": 10, "map": drawField(r.lab), "players": ways}
	}
	return m
}

// state is seat's state as the screen gets it: written, then decoded.
func (r *referee) state(t *testing.T, seat, follow int, over bool) *netplay.LabyrinthState {
	t.Helper()
	return decodeState(t, r.wire(seat, follow, over))
}

// decodeState reads a state as the lobby's client does (through the
// kind's registration, which refuses what the server's check refuses).
func decodeState(t *testing.T, m map[string]any) *netplay.LabyrinthState {
	t.Helper()
	b, err := json.Marshal(m)
	if err != nil {
		t.Fatal(err)
	}
	msg, err := netplay.DecodeMessage(b)
	if err != nil {
		t.Fatal(err)
	}
	st, ok := msg.(*netplay.LabyrinthState)
	if !ok {
		t.Fatalf("a Labyrinth state decoded as %T", msg)
	}
	return st
}

// rawState reads a state without the client's check: what a screen must
// refuse by itself (a client's check may be older or looser than it).
func rawState(t *testing.T, m map[string]any) *netplay.LabyrinthState {
	t.Helper()
	b, err := json.Marshal(m)
	if err != nil {
		t.Fatal(err)
	}
	var st netplay.LabyrinthState
	if err := json.Unmarshal(b, &st); err != nil {
		t.Fatal(err)
	}
	return &st
}

// drawField is the reveal's map of docs/protocol.md: '+' corners, '-' and
// '|' walls, a space for an open side, each cell's character.
func drawField(lab *labyrinth.File) []string {
	f := lab.Fields[0]
	var out []string
	for x := 0; x < f.Rows; x++ {
		top, mid := []byte{'+'}, []byte{'|'}
		for y := 0; y < f.Cols; y++ {
			c := labyrinth.Cell{X: x, Y: y}
			wall := func(d labyrinth.Dir, w byte) byte {
				if f.Open(c, d) {
					return ' '
				}
				if sp, ok := lab.Special(0, c); ok && sp.Kind == "Exit" && sp.Dir == d {
					return ' '
				}
				return w
			}
			top = append(top, wall(labyrinth.Up, '-'), '+')
			if y == 0 {
				mid[0] = wall(labyrinth.Left, '|')
			}
			mid = append(mid, byte(f.Cells[x*f.Cols+y]), wall(labyrinth.Right, '|'))
		}
		out = append(out, string(top), string(mid))
	}
	bottom := []byte{'+'}
	for y := 0; y < f.Cols; y++ {
		if sp, ok := lab.Special(0, labyrinth.Cell{X: f.Rows - 1, Y: y}); ok && sp.Kind == "Exit" && sp.Dir == labyrinth.Down {
			bottom = append(bottom, ' ', '+')
		} else {
			bottom = append(bottom, '-', '+')
		}
	}
	return append(out, string(bottom))
}

// onlineDriver opens the online screen at w × h; mono draws without
// colour. The clock moves on a second at each reading, so that the end's
// key guard lets the next key through.
func onlineDriver(t *testing.T, mono bool, w, h int, open func(c *screen.Context) screen.Screen) (*driver, *screen.Context) {
	st := screen.NewStyles(nil)
	if !mono {
		r := lipgloss.NewRenderer(io.Discard)
		r.SetColorProfile(termenv.ANSI256)
		st = screen.NewStyles(r)
	}
	tick := 0
	c := &screen.Context{Styles: st, Width: w, Height: h, Saves: t.TempDir(),
		Now:  func() time.Time { tick++; return fixedNow.Add(time.Duration(tick) * time.Second) },
		Seed: func() uint64 { return 1 }}
	c.Home = func() screen.Screen { return &screentest.Home{C: c, Key: "l", Label: "Labyrinth", Menu: NewMenu} }
	return &driver{Stack: screentest.NewStack(open(c)), t: t, c: c}, c
}

func (d *driver) online() *onlineScreen {
	d.t.Helper()
	s, ok := d.Top().(*onlineScreen)
	if !ok {
		d.t.Fatalf("no online screen on top: %T", d.Top())
	}
	return s
}

// fitsBoth draws the frame and checks that it fits.
func fitsBoth(t *testing.T, d *driver) string {
	t.Helper()
	out := d.Frame(d.c)
	screentest.Fits(t, out, d.c.Width, d.c.Height)
	return ansi.Strip(out)
}

var (
	aliceStart = labyrinth.Cell{X: 0, Y: 0}
	bobStart   = labyrinth.Cell{X: 9, Y: 9}
)

// A player's screen shows its own answers and notebook only, whose turn
// it is, refuses keys out of turn, and sends the hot-seat game's keys as
// the referee's commands.
func TestOnlinePlay(t *testing.T) {
	for _, sz := range [][2]int{{80, 24}, {40, 12}} {
		f := newFakeNet(t)
		r := newReferee(t, aliceStart, bobStart)
		d, _ := onlineDriver(t, true, sz[0], sz[1], func(c *screen.Context) screen.Screen {
			return Online(c, f.link(), &netplay.Start{Seat: 1, Game: "g1", Kind: "labyrinth"}, r.state(t, 1, 0, false))
		})
		if f.waits != 1 {
			t.Fatalf("the screen started %d waits for the server's messages, not one", f.waits)
		}
		out := fitsBoth(t, d)
		for _, want := range []string{"alice (you)", "Your turn.", "WASD"} {
			if !strings.Contains(out, want) {
				t.Fatalf("%v: alice's screen lacks %q:\n%s", sz, want, out)
			}
		}
		if sz[0] == 80 && !strings.Contains(out, "You start at (0, 0)") {
			t.Fatalf("alice's start is not told:\n%s", out)
		}
		if strings.Contains(out, "(9, 9)") {
			t.Fatalf("alice's screen shows bob's start:\n%s", out)
		}
		d.keys("d")
		f.expectAct(t, "D")
		r.act(t, "D")
		d.Send(netMsg{m: r.state(t, 1, 0, false)})
		out = fitsBoth(t, d)
		if !strings.Contains(out, "Waiting for bob.") {
			t.Fatalf("%v: bob's turn on alice's screen:\n%s", sz, out)
		}
		d.keys("wxe")
		if g := d.online(); g.note != "Wait for bob's turn." {
			t.Fatalf("a key out of turn: %q", g.note)
		}
		r.act(t, "A") // bob
		d.Send(netMsg{m: r.state(t, 1, 0, false)})
		d.keys("xa")
		f.expectAct(t, "X A") // nothing was sent out of turn before it
		d.keys("e")
		f.expectAct(t, "E")
		d.keys("?")
		if h, ok := d.Top().(*labHelpScreen); !ok || !h.online || sz[1] == 24 && !strings.Contains(d.screen(), "leave the game") {
			t.Fatalf("? opens %T:\n%s", h, d.screen())
		}
		d.keys("q")
		d.Send(netMsg{m: &netplay.Chat{T: "chat", Scope: netplay.ScopeGame, From: "bob\x1b[31m", Text: "hi\x1b[2J"}})
		if g := d.online(); g.note != "bob[31m: hi[2J" && strings.ContainsRune(g.note, 0x1b) {
			t.Fatalf("a chat line kept its escapes: %q", g.note)
		}
		d.Send(netMsg{m: &netplay.Lobby{T: "lobby"}})
		if len(f.lobby) != 1 {
			t.Fatalf("the lobby's message went to %v", f.lobby)
		}
		d.keys("<esc>")
		if out := fitsBoth(t, d); !strings.Contains(out, "Leave the game?") {
			t.Fatalf("Esc does not ask:\n%s", out)
		}
		d.keys("y")
		if m := f.next(t); m["t"] != "leave" {
			t.Fatalf("y sent %v", m)
		}
		d.Send(netMsg{m: &netplay.Over{T: "over", Kind: "labyrinth", Result: "lost", Winner: "bob"}})
		out = fitsBoth(t, d)
		if !strings.Contains(out, "BOB WON") {
			t.Fatalf("%v: the over without a reveal:\n%s", sz, out)
		}
		d.keys("<enter>")
		if !f.back || f.waiting {
			t.Fatalf("Enter after over: back %v, waiting %v", f.back, f.waiting)
		}
	}
}

// The start round: the player moves a cursor on the field's frame and
// sends its cell, or asks for a random one; then waits for the others. A
// start the server refuses is chosen again.
func TestOnlineStartRound(t *testing.T) {
	state := func(toAct []int) map[string]any {
		return map[string]any{"t": "state", "seq": 1, "kind": "labyrinth", "your_turn": true, "names": []string{"alice", "bob"},
			"seat": 1, "to_act": toAct, "phase": "start", "round": 0, "rows": 10, "cols": 10, "answers": []any{}, "said": []any{},
			"round_ms": 60000, "left_ms": 59000}
	}
	for _, sz := range [][2]int{{80, 24}, {40, 12}} {
		f := newFakeNet(t)
		d, _ := onlineDriver(t, true, sz[0], sz[1], func(c *screen.Context) screen.Screen {
			return Online(c, f.link(), &netplay.Start{Seat: 1, Game: "g1", Kind: "labyrinth"}, decodeState(t, state([]int{1, 2})))
		})
		out := fitsBoth(t, d)
		if !strings.Contains(out, "Choose your start") || !strings.Contains(out, "@") || !strings.Contains(out, "Within 60 s") {
			t.Fatalf("%v: the start round:\n%s", sz, out)
		}
		d.keys("sd<enter>")
		f.expectAct(t, "start 6,6")
		d.Send(netMsg{m: decodeState(t, state([]int{2}))})
		if out := fitsBoth(t, d); !strings.Contains(out, "Waiting for the others") {
			t.Fatalf("%v: after choosing:\n%s", sz, out)
		}
		d.keys("r")
		if g := d.online(); !strings.Contains(g.note, "Waiting for bob") {
			t.Fatalf("a second choice: %q", g.note)
		}
	}
	// A start the server refuses is chosen again.
	f := newFakeNet(t)
	d, _ := onlineDriver(t, true, 80, 24, func(c *screen.Context) screen.Screen {
		return Online(c, f.link(), &netplay.Start{Seat: 1, Game: "g1", Kind: "labyrinth"}, decodeState(t, state([]int{1, 2})))
	})
	d.keys("<enter>")
	f.expectAct(t, "start 5,5")
	d.Send(netMsg{m: &netplay.Error{T: "error", Code: "bad_action", Msg: "choose your start cell"}})
	if out := fitsBoth(t, d); !strings.Contains(out, "choose your start cell.") || !strings.Contains(out, "Choose your start cell.") {
		t.Fatalf("after a refused start:\n%s", out)
	}
	d.keys("r")
	f.expectAct(t, "start R")
}

// A spectator sees the followed seat's answers and no other's, turns to
// another seat with Tab (watch again with seat), and leaves with Esc.
func TestOnlineWatch(t *testing.T) {
	f := newFakeNet(t)
	r := newReferee(t, aliceStart, bobStart)
	r.act(t, "D")
	d, _ := onlineDriver(t, true, 80, 24, func(c *screen.Context) screen.Screen {
		return Online(c, f.link(), &netplay.Start{Seat: 0, Game: "g7", Kind: "labyrinth"}, r.state(t, 0, 1, false))
	})
	out := fitsBoth(t, d)
	if !strings.Contains(out, "Following alice") || !strings.Contains(out, "(0, 0)") || strings.Contains(out, "(9, 9)") || strings.Contains(out, "WASD") {
		t.Fatalf("a spectator following alice:\n%s", out)
	}
	d.keys("d")
	d.keys("<tab>")
	if m := f.next(t); m["t"] != "watch" || m["game"] != "g7" || m["seat"] != 2.0 {
		t.Fatalf("Tab sent %v", m)
	}
	d.Send(netMsg{m: r.state(t, 0, 2, false)})
	out = fitsBoth(t, d)
	if !strings.Contains(out, "Following bob") || strings.Contains(out, "Following bob…") || !strings.Contains(out, "(9, 9)") || strings.Contains(out, "(0, 0)") {
		t.Fatalf("a spectator following bob:\n%s", out)
	}
	d.keys("<esc>")
	if m := f.next(t); m["t"] != "leave" || !f.back || !f.waiting {
		t.Fatalf("Esc sent %v, back %v, waiting %v", m, f.back, f.waiting)
	}
}

// The end shows the revealed field with each seat's real path (Tab) beside
// the player's own notebook, and goes back to the lobby.
func TestOnlineEnd(t *testing.T) {
	for _, sz := range [][2]int{{80, 24}, {40, 12}} {
		f := newFakeNet(t)
		r := newReferee(t, aliceStart, bobStart)
		d, _ := onlineDriver(t, true, sz[0], sz[1], func(c *screen.Context) screen.Screen {
			return Online(c, f.link(), &netplay.Start{Seat: 2, Game: "g1", Kind: "labyrinth"}, r.state(t, 2, 0, false))
		})
		r.act(t, "D")
		r.act(t, "W")
		d.Send(netMsg{m: r.state(t, 2, 0, true)})
		out := fitsBoth(t, d)
		if !strings.Contains(out, "ALICE GOT OUT IN ROUND 2") || !strings.Contains(out, "alice") {
			t.Fatalf("%v: the end:\n%s", sz, out)
		}
		d.keys("<tab>")
		if out := fitsBoth(t, d); d.online().endSeat != 2 || !strings.Contains(out, "bob") {
			t.Fatalf("%v: Tab at the end:\n%s", sz, out)
		}
		d.Send(netMsg{m: &netplay.Over{T: "over", Kind: "labyrinth", Result: "lost", Winner: "alice"}})
		d.keys("<enter>")
		if !f.back || f.waiting {
			t.Fatalf("Enter after over: back %v, waiting %v", f.back, f.waiting)
		}
	}
}

// A hostile state is refused with a sentence and never drawn: another
// seat's answers, a field too large, a start off the field, seats out of
// range, a reveal that is not the field's; the screen keeps the last good
// state and never panics.
func TestOnlineHostile(t *testing.T) {
	r := newReferee(t, aliceStart, bobStart)
	good := func() map[string]any { return r.wire(1, 0, false) }
	cases := map[string]func(m map[string]any){
		"another seat's answer": func(m map[string]any) { m["answers"] = append(r.logs[0][:1:1], r.logs[1][0]) },
		"huge field":            func(m map[string]any) { m["rows"] = 1 << 30 },
		"seat out of range":     func(m map[string]any) { m["seat"] = 9 },
		"to act out of range":   func(m map[string]any) { m["to_act"] = []int{-3} },
		"no names":              func(m map[string]any) { m["names"] = []string{} },
		"bad phase":             func(m map[string]any) { m["phase"] = "\x1b[2Jx" },
		"start off the field": func(m map[string]any) {
			m["answers"] = []labyrinth.Answer{{Player: 1, Says: []labyrinth.Said{{Fact: labyrinth.FactStart, N: 10, M: 10, Cell: labyrinth.Cell{X: 99, Y: 3}}}}}
		},
		"too many sheets": func(m map[string]any) {
			var answers []labyrinth.Answer
			for i := 0; i < 3000; i++ {
				answers = append(answers, labyrinth.Answer{Player: 1, Turn: i, Says: []labyrinth.Said{{Fact: labyrinth.FactTeleported}}})
			}
			m["answers"] = answers
		},
		"unknown fact": func(m map[string]any) {
			m["answers"] = []labyrinth.Answer{{Player: 1, Says: []labyrinth.Said{{Fact: 200}}}}
		},
		"bad reveal": func(m map[string]any) {
			o := r.wire(1, 0, true)
			o["reveal"].(map[string]any)["map"] = []string{"+-+", "|\x1b|"}
			m["phase"], m["reveal"] = "over", o["reveal"]
		},
		"path off the field": func(m map[string]any) {
			o := r.wire(1, 0, true)
			o["reveal"].(map[string]any)["players"] = []map[string]any{{"seat": 1, "start": labyrinth.Cell{}, "path": []labyrinth.Cell{{X: 50, Y: 50}}}}
			m["phase"], m["reveal"] = "over", o["reveal"]
		},
	}
	for name, spoil := range cases {
		t.Run(name, func(t *testing.T) {
			f := newFakeNet(t)
			bad := good()
			spoil(bad)
			// First as the first state: a sentence, no drawing.
			d, _ := onlineDriver(t, true, 40, 12, func(c *screen.Context) screen.Screen {
				return Online(c, f.link(), &netplay.Start{Seat: 1, Game: "g1", Kind: "labyrinth"}, rawState(t, bad))
			})
			if out := fitsBoth(t, d); !strings.Contains(out, "cannot draw") {
				t.Fatalf("a bad first state:\n%s", out)
			}
			d.keys("dx?<tab>[")
			// Then after a good one: kept, the sentence under it.
			d.Send(netMsg{m: decodeState(t, good())})
			d.Send(netMsg{m: rawState(t, bad)})
			d.c.Width, d.c.Height = 80, 24
			out := fitsBoth(t, d)
			if !strings.Contains(out, "cannot draw") || !strings.Contains(out, "alice (you)") {
				t.Fatalf("a bad state after a good one:\n%s", out)
			}
		})
	}
}

// A lost connection shows the lobby's screen for it.
func TestOnlineLost(t *testing.T) {
	f := newFakeNet(t)
	r := newReferee(t, aliceStart, bobStart)
	d, _ := onlineDriver(t, true, 80, 24, func(c *screen.Context) screen.Screen {
		return Online(c, f.link(), &netplay.Start{Seat: 1, Game: "g1", Kind: "labyrinth"}, r.state(t, 1, 0, false))
	})
	d.Send(netMsg{err: errors.New("gone")})
	if _, ok := d.Top().(*screentest.Home); !ok {
		t.Fatalf("after the connection is lost: %T", d.Top())
	}
}

// The goldens: a turn, the start round and the end, at 80×24 and 40×12,
// with and without colour.
func TestOnlineGolden(t *testing.T) {
	for _, tc := range []struct {
		name string
		mono bool
		w, h int
	}{{"80x24", false, 80, 24}, {"80x24-mono", true, 80, 24}, {"40x12", false, 40, 12}, {"40x12-mono", true, 40, 12}} {
		t.Run(tc.name, func(t *testing.T) {
			f := newFakeNet(t)
			r := newReferee(t, aliceStart, bobStart)
			for _, c := range []string{"D", "A", "S", "W", "D", "A"} {
				r.act(t, c)
			}
			d, _ := onlineDriver(t, tc.mono, tc.w, tc.h, func(c *screen.Context) screen.Screen {
				return Online(c, f.link(), &netplay.Start{Seat: 1, Game: "g1", Kind: "labyrinth"}, r.state(t, 1, 0, false))
			})
			screentest.Golden(t, "online-play-"+tc.name, fitsFrame(t, d))
			d.Send(netMsg{m: r.state(t, 1, 0, true)})
			screentest.Golden(t, "online-end-"+tc.name, fitsFrame(t, d))
			start := map[string]any{"t": "state", "seq": 1, "kind": "labyrinth", "your_turn": true, "names": []string{"alice", "bob", "computer"},
				"seat": 1, "to_act": []int{1, 2}, "phase": "start", "round": 0, "rows": 10, "cols": 10, "answers": []any{}, "said": []any{}}
			d2, _ := onlineDriver(t, tc.mono, tc.w, tc.h, func(c *screen.Context) screen.Screen {
				return Online(c, f.link(), &netplay.Start{Seat: 1, Game: "g2", Kind: "labyrinth"}, decodeState(t, start))
			})
			screentest.Golden(t, "online-start-"+tc.name, fitsFrame(t, d2))
		})
	}
}

func fitsFrame(t *testing.T, d *driver) string {
	t.Helper()
	out := d.Frame(d.c)
	screentest.Fits(t, out, d.c.Width, d.c.Height)
	return out
}

// The state of docs/protocol.md's example, decoded as the client does,
// is drawn: the seat's start and move, whose turn it is.
func TestOnlineDocExample(t *testing.T) {
	const example = `{"t":"state","seq":2,"kind":"labyrinth","your_turn":false,"names":["alice","bob","computer"],"to_act":[2],
 "seat":1,"phase":"play","round":1,"rows":10,"cols":10,"bullets":0,"key":false,
 "answers":[{"player":1,"turn":0,"cmd":{"Kind":0,"Dir":0},"says":[{"fact":0,"n":10,"m":10,"cell":{"X":9,"Y":7}}]},
            {"player":1,"turn":1,"own":true,"cmd":{"Kind":0,"Dir":3},"says":[{"fact":2}]}],
 "said":["You start at (9, 7) on a field of 10 × 10 cells.","You moved."]}`
	msg, err := netplay.DecodeMessage([]byte(strings.ReplaceAll(example, "\n", "")))
	if err != nil {
		t.Fatal(err)
	}
	st, ok := msg.(*netplay.LabyrinthState)
	if !ok {
		t.Fatalf("decoded as %T", msg)
	}
	f := newFakeNet(t)
	d, _ := onlineDriver(t, true, 80, 24, func(c *screen.Context) screen.Screen {
		return Online(c, f.link(), &netplay.Start{Seat: 1, Game: "g1", Kind: "labyrinth"}, st)
	})
	out := fitsBoth(t, d)
	for _, want := range []string{"You start at (9, 7)", "1 D: You moved.", "Waiting for bob.", "alice (you) · round 1"} {
		if !strings.Contains(out, want) {
			t.Fatalf("the example lacks %q:\n%s", want, out)
		}
	}
}
