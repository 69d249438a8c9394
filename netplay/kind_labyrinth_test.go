package netplay

import (
	"context"
	"encoding/json"
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/minotaur-game/minotaur/games/labyrinth"
	"github.com/minotaur-game/minotaur/levels"
)

// labState reads the next Labyrinth state and checks what no seat may
// ever get: another seat's answers (its start among them), or the field
// before the game is over.
func (c *tclient) labState() *LabyrinthState {
	c.t.Helper()
	st, ok := c.expect(TypeState).(*LabyrinthState)
	if !ok {
		c.t.Fatalf("%s: a state that is not a Labyrinth state", c.name)
	}
	checkLabSecret(c.t, c.name, st)
	return st
}

// checkLabSecret fails when a Labyrinth state holds an answer given to
// another seat than its own, or the field before the end.
func checkLabSecret(t *testing.T, who string, st *LabyrinthState) {
	t.Helper()
	for _, a := range st.Answers {
		if a.Player != st.Seat {
			t.Fatalf("%s: the state of seat %d holds an answer to player %d: %+v", who, st.Seat, a.Player, a)
		}
	}
	if st.Reveal != nil && st.Phase != "over" {
		t.Fatalf("%s: the field revealed while the game goes on", who)
	}
	if st.Seat == 0 && len(st.Answers) > 0 {
		t.Fatalf("%s: answers in a view of nobody's seat", who)
	}
}

// labField is the field the test server draws for the Labyrinth (its seed
// is 42), as a client regenerates it from reveal's seed.
func labField(t *testing.T) *levels.Labyrinth {
	t.Helper()
	lab, err := labyrinth.Generate(LabyrinthSize, LabyrinthSize, rand.New(rand.NewPCG(42, labFieldSalt)))
	if err != nil {
		t.Fatal(err)
	}
	return lab
}

// labWalker plays a seat: the shortest way out from its start (which it
// learns from its own first answer), then steps round when the way is used
// up (another took the key).
type labWalker struct {
	c    *tclient
	way  []levels.Dir
	step int
	st   *LabyrinthState
}

func (w *labWalker) next(t *testing.T, lab *levels.Labyrinth) string {
	if w.way == nil {
		start := w.st.Answers[0].Says[0]
		if start.Fact != labyrinth.FactStart {
			t.Fatalf("%s: first answer %+v", w.c.name, w.st.Answers[0])
		}
		way, ok := labyrinth.Solve(lab, start.Cell)
		if !ok {
			t.Fatalf("%s: no way out from %v", w.c.name, start.Cell)
		}
		w.way = way
	}
	w.step++
	if w.step <= len(w.way) {
		return dirKey(w.way[w.step-1])
	}
	return "WASD"[w.step%4 : w.step%4+1]
}

// Two people and a computer play a Labyrinth game through the server to
// its end: each seat hears only its own answers, a spectator follows one
// seat at a time, out-of-turn and bad commands change nothing, the server
// restarts in the middle and the game goes on from its data folder, and
// the end reveals the field to everyone.
func TestLabyrinthGameOverTCP(t *testing.T) {
	dir := t.TempDir()
	cfg := testConfig(t)
	cfg.DataDir = dir
	srv, addr := startServer(t, cfg)
	alice := loginKinds(t, addr, "alice", "labyrinth")
	bob := loginKinds(t, addr, "bob", "labyrinth")
	dave := login(t, addr, "dave") // a client of before the new kinds

	alice.send(map[string]any{"t": "invite", "to": "dave", "kind": "labyrinth", "bots": 1})
	if e := alice.expectError(CodeBadKind); !strings.Contains(e.Msg, "dave's program does not play the Labyrinth") {
		t.Fatalf("error %q", e.Msg)
	}
	alice.send(map[string]any{"t": "invite", "to": "bob", "kind": "labyrinth", "bots": 3})
	if e := alice.expectError(CodeProto); !strings.Contains(e.Msg, "0 to 2 computer seats") {
		t.Fatalf("error %q", e.Msg)
	}
	alice.send(map[string]any{"t": "invite", "to": "bob", "kind": "labyrinth", "bots": 1})
	alice.expect(TypeInviteSent)
	if inv := bob.expect(TypeInvited).(*Invited); inv.Kind != KindLabyrinth || inv.Bots != 1 {
		t.Fatalf("invitation %+v", inv)
	}
	bob.send(map[string]any{"t": "accept", "from": "alice"})
	w := map[*tclient]*labWalker{}
	for i, c := range []*tclient{alice, bob} {
		st := c.expect(TypeStart).(*Start)
		if st.Seat != i+1 || st.Kind != KindLabyrinth || st.Bot != 1 {
			t.Fatalf("%s: start %+v", c.name, st)
		}
		c.seat, c.game = st.Seat, st.Game
		w[c] = &labWalker{c: c, st: c.labState()}
		if n := w[c].st.Names; len(n) != 3 || n[0] != "alice" || n[1] != "bob" || n[2] != "computer" {
			t.Fatalf("names %v", n)
		}
		if w[c].st.Phase != "play" || len(w[c].st.Answers) != 1 {
			t.Fatalf("%s: first state %+v", c.name, w[c].st)
		}
	}
	if !w[alice].st.YourTurn || w[bob].st.YourTurn {
		t.Fatal("seat 1 does not move first")
	}

	// A spectator follows bob's seat, then alice's: one seat's answers
	// at a time.
	carol := loginKinds(t, addr, "carol", "labyrinth")
	carol.send(map[string]any{"t": "watch", "game": alice.game, "seat": 2})
	if st := carol.expect(TypeStart).(*Start); st.Seat != 0 || st.Kind != KindLabyrinth {
		t.Fatalf("spectator's start %+v", st)
	}
	if st := carol.labState(); st.Seat != 2 || st.YourTurn || len(st.Answers) != 1 {
		t.Fatalf("spectator's state %+v", st)
	}
	alice.expect(TypeChat) // carol is watching
	bob.expect(TypeChat)
	carol.send(map[string]any{"t": "watch", "game": alice.game, "seat": 5})
	carol.expectError(CodeProto)

	// Refusals change nothing.
	bob.act("W")
	if e := bob.expectError(CodeNotYourTurn); !strings.Contains(e.Msg, "alice's turn") {
		t.Fatalf("error %q", e.Msg)
	}
	alice.act("Q")
	alice.expectError(CodeBadAction)
	alice.act("start 1,1")
	alice.expectError(CodeBadAction)
	carol.act("W")
	carol.expectError(CodeNotInGame)

	lab := labField(t)
	turn := func(c *tclient) {
		t.Helper()
		c.act(w[c].next(t, lab))
	}
	read := func(cs ...*tclient) {
		t.Helper()
		for _, c := range cs {
			w[c].st = c.labState()
		}
	}
	// A few rounds, then the server restarts. The spectator, following
	// bob, gets bob's answers and never alice's.
	for range 3 {
		turn(alice)
		read(alice, bob)
		if st := carol.labState(); st.Seat != 2 || len(st.Answers) != len(w[bob].st.Answers) {
			t.Fatalf("the spectator of bob's seat got %+v", st)
		}
		turn(bob)
		read(alice, bob)
		carol.labState()
	}
	carol.send(map[string]any{"t": "watch", "game": alice.game, "seat": 1})
	if st := carol.labState(); st.Seat != 1 || len(st.Answers) != len(w[alice].st.Answers) {
		t.Fatalf("the spectator turned to alice's seat got %+v", st)
	}
	before := len(w[alice].st.Answers)
	ctx, cancel := context.WithTimeout(context.Background(), waitFor)
	defer cancel()
	srv.Shutdown(ctx)
	cfg2 := testConfig(t)
	cfg2.DataDir = dir
	_, addr2 := startServer(t, cfg2)
	resume := func(old *tclient) *tclient {
		t.Helper()
		c := dial(t, addr2)
		c.name = old.name
		c.send(map[string]any{"t": "hello", "v": 1, "token": old.token, "kinds": []string{"labyrinth"}})
		c.expect(TypeWelcome)
		st := c.expect(TypeStart).(*Start)
		c.seat, c.game, c.token = st.Seat, st.Game, old.token
		return c
	}
	a2 := resume(alice)
	w[a2] = w[alice]
	w[a2].st = a2.labState()
	if len(w[a2].st.Answers) != before || !w[a2].st.YourTurn || w[a2].st.Round != 4 {
		t.Fatalf("after the restart alice has %d answers (had %d), your_turn %v, round %d", len(w[a2].st.Answers), before, w[a2].st.YourTurn, w[a2].st.Round)
	}
	b2 := resume(bob)
	w[b2] = w[bob]
	read(b2)
	if p := a2.expect(TypePartner).(*Partner); p.Name != "bob" || p.Status != PartnerReconnected {
		t.Fatalf("partner %+v", p)
	}

	// On to the end.
	var over [2]*Over
	for n := 0; over[0] == nil; n++ {
		if n > 2000 {
			t.Fatal("no end after 2000 turns")
		}
		mover := a2
		if w[b2].st.YourTurn {
			mover = b2
		}
		turn(mover)
		for i, c := range []*tclient{a2, b2} {
			switch m := c.recv().(type) {
			case *LabyrinthState:
				checkLabSecret(t, c.name, m)
				w[c].st = m
			case *Over:
				over[i] = m
			}
		}
		if st := w[a2].st; st.Phase == "over" {
			for i, c := range []*tclient{a2, b2} {
				if over[i] == nil {
					over[i] = c.expect(TypeOver).(*Over)
				}
			}
		}
	}
	final := w[a2].st
	if final.Reveal == nil || len(final.Reveal.Map) != 2*LabyrinthSize+1 || len(final.Reveal.Players) != 3 || final.Reveal.Seed != 42 {
		t.Fatalf("the end reveals %+v", final.Reveal)
	}
	if final.Winner < 1 || final.Winner > 3 {
		t.Fatalf("winner %d", final.Winner)
	}
	winner := final.Names[final.Winner-1]
	for i, c := range []*tclient{a2, b2} {
		want := "lost"
		if final.Winner == i+1 {
			want = "won"
		}
		if over[i].Result != want || over[i].Winner != winner || over[i].Kind != KindLabyrinth {
			t.Fatalf("%s: over %+v, want %s (winner %s)", c.name, over[i], want, winner)
		}
	}
	// An act after the end is refused: the players are back in the lobby.
	a2.act("W")
	a2.expectError(CodeNotInGame)
	// The reveal's map draws the field the client can regenerate.
	if got := drawField(lab); strings.Join(got, "\n") != strings.Join(final.Reveal.Map, "\n") {
		t.Fatalf("the revealed map is not the field of the seed:\n%s", strings.Join(final.Reveal.Map, "\n"))
	}
	_ = dave
}

// A game that asks for start cells opens with a round in which every
// seat chooses in secret; the computer chooses at once; a cell off the
// field is refused.
func TestLabyrinthChooseStarts(t *testing.T) {
	_, addr := startServer(t, testConfig(t))
	alice := loginKinds(t, addr, "alice", "labyrinth")
	alice.send(map[string]any{"t": "solo", "kind": "labyrinth", "bots": 2, "choose": true})
	if st := alice.expect(TypeStart).(*Start); st.Seat != 1 || st.Partner != "" {
		t.Fatalf("start %+v", st)
	}
	st := alice.labState()
	if st.Phase != "start" || !st.YourTurn || len(st.ToAct) != 1 || st.ToAct[0] != 1 || st.RoundMS == 0 {
		t.Fatalf("start round %+v", st)
	}
	if n := st.Names; len(n) != 3 || n[1] != "computer 1" || n[2] != "computer 2" {
		t.Fatalf("names %v", n)
	}
	alice.act("W")
	alice.expectError(CodeBadAction)
	alice.act("start 10,0")
	if e := alice.expectError(CodeBadAction); !strings.Contains(e.Msg, "outside the field") {
		t.Fatalf("error %q", e.Msg)
	}
	alice.act("start 2,3")
	st = alice.labState()
	if st.Phase != "play" || len(st.Answers) == 0 {
		t.Fatalf("after choosing: %+v", st)
	}
	if a := st.Answers[0]; a.Says[0].Fact != labyrinth.FactStart || a.Says[0].Cell != (levels.Cell{X: 2, Y: 3}) {
		t.Fatalf("first answer %+v", a)
	}
	alice.act("start 2,3")
	alice.expectError(CodeBadAction)
	alice.send(map[string]any{"t": "leave"})
	if o := alice.expect(TypeOver).(*Over); o.Result != "lost" || o.Kind != KindLabyrinth {
		t.Fatalf("over %+v", o)
	}
}

// The computer's notebook walk gets out of a field on its own: a game of
// computers alone ends.
func TestLabyrinthComputerGetsOut(t *testing.T) {
	old := labMaxRounds
	labMaxRounds = 100000
	t.Cleanup(func() { labMaxRounds = old })
	for seed := uint64(1); seed <= 5; seed++ {
		g, err := newLabMatch(Setup{Seed: seed, People: 0, Bots: 2})
		if err != nil {
			t.Fatal(err)
		}
		for n := 0; !g.Outcome().Over; n++ {
			if n > 20000 {
				t.Fatalf("seed %d: no end after %d turns", seed, n)
			}
			s := g.ToAct()[0]
			if err := g.Apply(s, g.Bot(s)); err != nil {
				t.Fatalf("seed %d: the computer's %q: %v", seed, g.Bot(s), err)
			}
		}
		data, err := json.Marshal(g)
		if err != nil {
			t.Fatal(err)
		}
		back, err := loadLabMatch(data)
		if err != nil {
			t.Fatalf("seed %d: %v", seed, err)
		}
		if !back.Outcome().Over || back.Outcome().Winners[0] != g.Outcome().Winners[0] {
			t.Fatalf("seed %d: read back as %+v", seed, back.Outcome())
		}
	}
}

// A seat may send only a few commands that cost no turn in one turn (each
// adds to every later state), and a game nobody wins ends after its last
// round, with no winner.
func TestLabyrinthLimits(t *testing.T) {
	old := labMaxRounds
	labMaxRounds = 4
	t.Cleanup(func() { labMaxRounds = old })
	_, addr := startServer(t, testConfig(t))
	alice := loginKinds(t, addr, "alice", "labyrinth")
	alice.send(map[string]any{"t": "solo", "kind": "labyrinth", "bots": 1})
	alice.expect(TypeStart)
	alice.labState()
	for range LabyrinthFreePerTurn {
		alice.act("E")
		if st := alice.labState(); !st.YourTurn {
			t.Fatal("E spent the turn")
		}
	}
	alice.act("?")
	if e := alice.expectError(CodeBadAction); !strings.Contains(e.Msg, "cost no turn") {
		t.Fatalf("error %q", e.Msg)
	}
	alice.act("X W") // no bullets: costs no turn either
	alice.expectError(CodeBadAction)
	var st *LabyrinthState
	for r := 1; ; r++ {
		// Steps into the start cell's walls or out of it: any keeps the
		// game going until its last round.
		alice.act("WASD"[r%4 : r%4+1])
		m := alice.recv()
		if o, ok := m.(*Over); ok {
			if o.Winner != "" || o.Result != "lost" || st.Reveal == nil || st.Phase != "over" {
				t.Fatalf("over %+v after %+v", o, st)
			}
			return
		}
		if r > 20 {
			t.Fatal("no end after the last round")
		}
		st = m.(*LabyrinthState)
		checkLabSecret(t, "alice", st)
	}
}

// A seat given up goes to the computer and the game goes on for the
// others; when the last person leaves, the spectators get over with no
// winner.
func TestLabyrinthGivenUpSeat(t *testing.T) {
	_, addr := startServer(t, testConfig(t))
	alice := loginKinds(t, addr, "alice", "labyrinth")
	bob := loginKinds(t, addr, "bob", "labyrinth")
	carol := loginKinds(t, addr, "carol", "labyrinth")
	alice.send(map[string]any{"t": "invite", "to": "bob", "kind": "labyrinth"})
	alice.expect(TypeInviteSent)
	bob.expect(TypeInvited)
	bob.send(map[string]any{"t": "accept", "from": "alice"})
	for _, c := range []*tclient{alice, bob} {
		st := c.expect(TypeStart).(*Start)
		c.game = st.Game
		c.labState()
	}
	carol.send(map[string]any{"t": "watch", "game": alice.game})
	carol.expect(TypeStart)
	carol.labState()
	alice.expect(TypeChat)
	bob.expect(TypeChat)

	bob.send(map[string]any{"t": "leave"})
	if o := bob.expect(TypeOver).(*Over); o.Result != "lost" || o.Winner != "" {
		t.Fatalf("bob's over %+v", o)
	}
	if p := alice.expect(TypePartner).(*Partner); p.Status != PartnerLeft || p.Name != "bob (computer)" {
		t.Fatalf("partner %+v", p)
	}
	st := alice.labState()
	if st.Names[1] != "bob (computer)" || !st.YourTurn {
		t.Fatalf("after bob left: %+v", st)
	}
	carol.labState()
	alice.act("W")
	if st := alice.labState(); st.Round != 2 || !st.YourTurn {
		t.Fatalf("the computer did not play bob's seat: %+v", st)
	}
	carol.labState()
	alice.send(map[string]any{"t": "leave"})
	alice.expect(TypeOver)
	for {
		m := carol.recv()
		if o, ok := m.(*Over); ok {
			if o.Result != "over" || o.Winner != "" {
				t.Fatalf("the spectator's over %+v", o)
			}
			break
		}
	}
}
