package netplay

import (
	"context"
	"encoding/json"
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/minotaur-game/minotaur/games/chess"
)

// chessState reads the next chess state.
func (c *tclient) chessState() *ChessState {
	c.t.Helper()
	st, ok := c.expect(TypeState).(*ChessState)
	if !ok {
		c.t.Fatalf("%s: a state that is not a chess state", c.name)
	}
	return st
}

// startChess: a invites b to chess, b accepts; both get start (kind chess)
// and their first state.
func startChess(t *testing.T, a, b *tclient) (*ChessState, *ChessState) {
	t.Helper()
	a.send(map[string]any{"t": "invite", "to": b.name, "kind": "chess"})
	a.expect(TypeInviteSent)
	if inv := b.expect(TypeInvited).(*Invited); inv.From != a.name || inv.Kind != KindChess {
		t.Fatalf("invitation %+v", inv)
	}
	b.send(map[string]any{"t": "accept", "from": a.name})
	var sts [2]*ChessState
	for i, c := range []*tclient{a, b} {
		st := c.expect(TypeStart).(*Start)
		if st.Seat != i+1 || st.Kind != KindChess {
			t.Fatalf("%s: start %+v", c.name, st)
		}
		c.seat, c.game = st.Seat, st.Game
		sts[i] = c.chessState()
	}
	return sts[0], sts[1]
}

// checkChessState: what a seat was sent is its side's view of the game
// played beside the server from the same seed — nothing in its fog — and
// the events that side was told, nothing more.
func checkChessState(t *testing.T, who string, st *ChessState, g *chess.Game, side chess.Color, told []chess.Event) {
	t.Helper()
	want := g.View(side)
	got, _ := json.Marshal(st.View)
	exp, _ := json.Marshal(want)
	if string(got) != string(exp) {
		t.Fatalf("%s: the view on the wire is not %v's own:\n%s\n%s", who, side, got, exp)
	}
	for s, c := range st.Cells {
		if c.Sight == chess.Fog && (!c.Piece.Empty() || c.Bonus != chess.NoBonus) {
			t.Fatalf("%s: %v in the fog holds %+v", who, chess.Sq(s), c)
		}
	}
	g1, _ := json.Marshal(st.Told)
	g2, _ := json.Marshal(told)
	if len(st.Told) != len(told) || (len(told) > 0 && string(g1) != string(g2)) {
		t.Fatalf("%s: told %s, want %s", who, g1, g2)
	}
	if len(st.Said) != len(told) {
		t.Fatalf("%s: %d sentences for %d events", who, len(st.Said), len(told))
	}
	for i, e := range told {
		if st.Said[i] != chess.Say(side, e) {
			t.Fatalf("%s: said %q, want %q", who, st.Said[i], chess.Say(side, e))
		}
	}
}

// Two clients play a chess game to its end through the server: every
// state each seat and a spectator get is checked against the same game
// played beside it — each side's own fog, on the wire — with refusals, the
// lobby's listing and the over messages.
func TestChessGameToEnd(t *testing.T) {
	_, addr := startServer(t, testConfig(t))
	alice := loginKinds(t, addr, "alice", "chess")
	bob := loginKinds(t, addr, "bob", "chess")
	carol := loginKinds(t, addr, "carol", "chess")
	g := chess.New(rand.NewPCG(42, chess.SeedSalt)) // testConfig's seed
	sa, sb := startChess(t, alice, bob)
	if !sa.YourTurn || sb.YourTurn || sa.Names[0] != "alice" || sb.Names[1] != "bob" || sa.Side != chess.White || sb.Side != chess.Black {
		t.Fatalf("first states: %+v / %+v", sa, sb)
	}
	checkChessState(t, "alice", sa, g, chess.White, nil)
	checkChessState(t, "bob", sb, g, chess.Black, nil)
	carol.expectLobby(func(l *Lobby) bool { return len(l.Games) == 1 && l.Games[0].Kind == KindChess })
	carol.send(map[string]any{"t": "watch", "game": alice.game, "kind": "chess"})
	if st := carol.expect(TypeStart).(*Start); st.Seat != 0 || st.Kind != KindChess {
		t.Fatalf("spectator's start %+v", st)
	}
	checkChessState(t, "carol", carol.chessState(), g, chess.White, nil)
	for _, c := range []*tclient{alice, bob} {
		c.expect(TypeChat) // carol is watching
	}
	bob.act("e7e5")
	bob.expectError(CodeNotYourTurn)
	alice.act("e2e5")
	if e := alice.expectError(CodeBadAction); e.Msg != "your pawn on e2 cannot go to e5" {
		t.Fatalf("error %q", e.Msg)
	}
	alice.act("zz")
	if e := alice.expectError(CodeBadAction); !strings.Contains(e.Msg, "is not a move") {
		t.Fatalf("error %q", e.Msg)
	}
	pick := rand.New(rand.NewPCG(7, 7))
	for ply := 0; ply < 400 && !g.Over(); ply++ {
		mover, other := alice, bob
		if g.ToMove() == chess.Black {
			mover, other = bob, alice
		}
		l := g.Legal()
		m := l[pick.IntN(len(l))]
		told, err := g.Apply(m)
		if err != nil {
			t.Fatal(err)
		}
		mover.act(m.String())
		a, b := alice.chessState(), bob.chessState()
		checkChessState(t, "alice", a, g, chess.White, told[chess.White])
		checkChessState(t, "bob", b, g, chess.Black, told[chess.Black])
		checkChessState(t, "carol", carol.chessState(), g, chess.White, told[chess.White])
		if !g.Over() && (a.YourTurn != (g.ToMove() == chess.White) || b.YourTurn == a.YourTurn) {
			t.Fatalf("ply %d: the turn is not %v's (mover %s, other %s)", ply, g.ToMove(), mover.name, other.name)
		}
	}
	w, drawn, over := g.Result()
	if !over || drawn {
		t.Fatalf("the random game did not end with a winner in 400 turns (over %v)", over)
	}
	winner, loser := alice, bob
	if w == chess.Black {
		winner, loser = bob, alice
	}
	for c, want := range map[*tclient]string{winner: "won", loser: "lost", carol: "over"} {
		o := c.expect(TypeOver).(*Over)
		if o.Result != want || o.Winner != winner.name || o.Kind != KindChess {
			t.Fatalf("%s: over %+v, want %s", c.name, o, want)
		}
	}
}

// A solo chess game against the server's computer: it answers each move
// in the same state, and the player is told its own move and what it saw
// of the answer; leaving gives the game away.
func TestChessSoloAgainstTheComputer(t *testing.T) {
	_, addr := startServer(t, testConfig(t))
	alice := loginKinds(t, addr, "alice", "chess")
	alice.send(map[string]any{"t": "solo", "kind": "chess", "level": 4})
	alice.expectError(CodeProto)
	alice.send(map[string]any{"t": "solo", "kind": "chess", "level": 3})
	if st := alice.expect(TypeStart).(*Start); st.Bot != 3 || st.Seat != 1 {
		t.Fatalf("start %+v", st)
	}
	if st := alice.chessState(); !st.YourTurn || st.Side != chess.White {
		t.Fatalf("first state %+v", st)
	}
	alice.act("e2e4")
	st := alice.chessState()
	if st.Ply != 2 || !st.YourTurn || len(st.Said) == 0 || st.Said[0] != "Your pawn moved e2→e4." {
		t.Fatalf("after one move: ply %d, your turn %v, said %q", st.Ply, st.YourTurn, st.Said)
	}
	for s, c := range st.Cells {
		if c.Sight == chess.Fog && !c.Piece.Empty() {
			t.Fatalf("%v in the fog holds %+v", chess.Sq(s), c)
		}
	}
	alice.send(map[string]any{"t": "leave"})
	if o := alice.expect(TypeOver).(*Over); o.Result != "lost" || o.Winner != "computer" {
		t.Fatalf("over %+v", o)
	}
}

// A chess game in the data folder comes back after a restart, the
// computer's seed and the last move's news with it.
func TestChessMatchSaved(t *testing.T) {
	m0, _ := chessKind.New(Setup{Seed: 5, People: 1, Bots: 1, Level: 2})
	m := m0.(*chessMatch)
	if err := m.Apply(1, "e2e4"); err != nil {
		t.Fatal(err)
	}
	if err := m.Apply(2, m.Bot(2)); err != nil {
		t.Fatal(err)
	}
	data, err := json.Marshal(m)
	if err != nil {
		t.Fatal(err)
	}
	back, err := chessKind.Load(data)
	if err != nil {
		t.Fatal(err)
	}
	view := func(g Game) string { b, _ := json.Marshal(g.View(1)); return string(b) }
	if view(back) != view(m) || back.Level() != 2 || back.Bot(2) != m.Bot(2) {
		t.Fatal("the game read back is not the one saved")
	}
	if _, err := chessKind.Load([]byte(`{"game":{},"bot":9}`)); err == nil {
		t.Error("a damaged chess game was read")
	}
}

// A chess game survives a lost connection (the token brings the seat back,
// with its side's view and the last move's news) and a restart of the
// server (the data folder).
func TestChessResumeAndRestart(t *testing.T) {
	dir := t.TempDir()
	cfg := testConfig(t)
	cfg.DataDir = dir
	srv, addr := startServer(t, cfg)
	alice := loginKinds(t, addr, "alice", "chess")
	bob := loginKinds(t, addr, "bob", "chess")
	startChess(t, alice, bob)
	g := chess.New(rand.NewPCG(42, chess.SeedSalt))
	told, _ := g.Apply(chess.Move{From: chess.At(4, 1), To: chess.At(4, 3)})
	alice.act("e2e4")
	alice.chessState()
	bob.chessState()

	alice.conn.Close()
	bob.expect(TypePartner)
	bob.chessState()
	a2 := dial(t, addr)
	a2.name = "alice"
	a2.send(map[string]any{"t": "hello", "v": 1, "token": alice.token, "kinds": []string{"chess"}})
	a2.expect(TypeWelcome)
	if st := a2.expect(TypeStart).(*Start); st.Kind != KindChess || st.Seat != 1 {
		t.Fatalf("resumed start %+v", st)
	}
	checkChessState(t, "alice back", a2.chessState(), g, chess.White, told[chess.White])
	bob.expect(TypePartner)

	ctx, cancel := context.WithTimeout(context.Background(), waitFor)
	defer cancel()
	srv.Shutdown(ctx)
	cfg2 := testConfig(t)
	cfg2.DataDir = dir
	_, addr2 := startServer(t, cfg2)
	b2 := dial(t, addr2)
	b2.name = "bob"
	b2.send(map[string]any{"t": "hello", "v": 1, "token": bob.token, "kinds": []string{"chess"}})
	b2.expect(TypeWelcome)
	b2.expect(TypeStart)
	st := b2.chessState()
	checkChessState(t, "bob after the restart", st, g, chess.Black, told[chess.Black])
	if !st.YourTurn || st.Names[0] != "alice" {
		t.Fatalf("after the restart: your turn %v, names %v", st.YourTurn, st.Names)
	}
	b2.act("e7e5")
	b2.chessState()
	b2.send(map[string]any{"t": "leave"})
	if o := b2.expect(TypeOver).(*Over); o.Result != "lost" || o.Winner != "alice" {
		t.Fatalf("bob left: %+v", o)
	}
}

// A spectator of a chess game chooses the side whose fog it sees, and may
// change sides; it never gets the turn.
func TestChessSpectatorChoosesASide(t *testing.T) {
	_, addr := startServer(t, testConfig(t))
	alice := loginKinds(t, addr, "alice", "chess")
	bob := loginKinds(t, addr, "bob", "chess")
	carol := loginKinds(t, addr, "carol", "chess")
	startChess(t, alice, bob)
	g := chess.New(rand.NewPCG(42, chess.SeedSalt))
	carol.send(map[string]any{"t": "watch", "game": alice.game, "seat": 3})
	carol.expectError(CodeProto)
	carol.send(map[string]any{"t": "watch", "game": alice.game, "seat": 2})
	carol.expect(TypeStart)
	st := carol.chessState()
	checkChessState(t, "carol watching Black", st, g, chess.Black, nil)
	if st.YourTurn {
		t.Fatal("a spectator was given the turn")
	}
	told, _ := g.Apply(chess.Move{From: chess.At(4, 1), To: chess.At(4, 3)})
	alice.act("e2e4")
	checkChessState(t, "carol watching Black", carol.chessState(), g, chess.Black, told[chess.Black])
	carol.send(map[string]any{"t": "watch", "game": alice.game, "seat": 1})
	checkChessState(t, "carol watching White", carol.chessState(), g, chess.White, told[chess.White])
}

// Turning to the other side costs the server a whole state, like a new
// watch: it counts against the same limit (5 per 5 s), so a spectator
// cannot flood itself with states (10,000 a second before).
func TestChessSpectatorTurningIsRateLimited(t *testing.T) {
	_, addr := startServer(t, testConfig(t))
	alice := loginKinds(t, addr, "alice", "chess")
	bob := loginKinds(t, addr, "bob", "chess")
	carol := loginKinds(t, addr, "carol", "chess")
	startChess(t, alice, bob)
	carol.send(map[string]any{"t": "watch", "game": alice.game, "seat": 1})
	carol.expect(TypeStart)
	carol.chessState()
	for i := range ChatBurst - 1 {
		carol.send(map[string]any{"t": "watch", "game": alice.game, "seat": 2 - i%2})
		if st := carol.chessState(); st.Side != chess.Color(1-i%2) {
			t.Fatalf("turn %d: watching %v", i+1, st.Side)
		}
	}
	carol.send(map[string]any{"t": "watch", "game": alice.game, "seat": 1 + ChatBurst%2})
	carol.expectError(CodeRateLimited)
	// Still watching: the game's next state comes.
	alice.act("e2e4")
	carol.chessState()
}

// A game resumed from the data folder with the computer to move — a
// server stopped between a person's move and the computer's answer, or a
// file edited by hand — hands the move to the computer: before, every act
// was answered "it is computer's turn" for ever.
func TestChessResumedWithTheComputerToMove(t *testing.T) {
	dir := t.TempDir()
	cfg := testConfig(t)
	cfg.DataDir = dir
	srv, addr := startServer(t, cfg)
	alice := loginKinds(t, addr, "alice", "chess")
	alice.send(map[string]any{"t": "solo", "kind": "chess", "level": 1})
	alice.expect(TypeStart)
	alice.chessState()
	ctx, cancel := context.WithTimeout(context.Background(), waitFor)
	defer cancel()
	srv.Shutdown(ctx)

	// The game as a server stopped right after alice's move would leave it.
	games := journalGames(t, dir)
	var id string
	var file map[string]json.RawMessage
	for gid, data := range games {
		if json.Unmarshal(data, &file) == nil && string(file["kind"]) == `"chess"` {
			id = gid
			break
		}
	}
	if id == "" {
		t.Fatalf("no chess game among the %d games of the journal", len(games))
	}
	m0, err := chessKind.New(Setup{Seed: 9, People: 1, Bots: 1, Level: 1})
	if err != nil {
		t.Fatal(err)
	}
	if err := m0.Apply(1, "e2e4"); err != nil {
		t.Fatal(err)
	}
	if file["game"], err = json.Marshal(m0); err != nil {
		t.Fatal(err)
	}
	data, _ := json.Marshal(file)
	games[id] = data
	writeJournal(t, dir, games)

	cfg2 := testConfig(t)
	cfg2.DataDir = dir
	_, addr2 := startServer(t, cfg2)
	a2 := dial(t, addr2)
	a2.name = "alice"
	a2.send(map[string]any{"t": "hello", "v": 1, "token": alice.token, "kinds": []string{"chess"}})
	a2.expect(TypeWelcome)
	a2.expect(TypeStart)
	st := a2.chessState()
	if st.Ply != 2 || !st.YourTurn {
		t.Fatalf("resumed: ply %d, your turn %v (the computer did not move)", st.Ply, st.YourTurn)
	}
	a2.act("d2d4")
	if st := a2.chessState(); st.Ply != 4 {
		t.Fatalf("after alice's next move: ply %d", st.Ply)
	}
}
