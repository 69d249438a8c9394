package netplay

import (
	"runtime"
	"strings"
	"sync"
	"testing"
	"time"
)

// blockedThinker makes every computer's thought wait until the test
// releases it; started tells when a thinker took one.
type blockedThinker struct {
	started chan struct{}
	release chan struct{}
	once    sync.Once
}

func newBlockedThinker(t *testing.T, cfg *Config) *blockedThinker {
	b := &blockedThinker{started: make(chan struct{}, 16), release: make(chan struct{})}
	cfg.thinkVia = func(run func() string) string {
		b.started <- struct{}{}
		<-b.release
		return run()
	}
	return b
}

// free lets every thought go on; the server's Shutdown waits for them.
func (b *blockedThinker) free() { b.once.Do(func() { close(b.release) }) }

func (b *blockedThinker) waitStarted(t *testing.T) {
	t.Helper()
	select {
	case <-b.started:
	case <-time.After(waitFor):
		t.Fatal("no computer's thought reached a thinker")
	}
}

// computerGame logs name in and starts a game of kind against the computer
// at level 3; its first state is read.
func computerGame(t *testing.T, addr, name, kind string) *tclient {
	t.Helper()
	c := loginKinds(t, addr, name, kind)
	c.send(map[string]any{"t": "solo", "kind": kind, "level": 3})
	c.expect(TypeStart)
	if kind == KindChess {
		c.chessState()
	} else {
		c.trailsState()
	}
	return c
}

// While the only thinker is held by a computer's move, people are answered:
// a Trails game between two people goes on, and the computer's answer
// comes, in one state with the player's move, once the thinker is free.
func TestPeopleAnsweredWhileTheComputerThinks(t *testing.T) {
	cfg := testConfig(t)
	cfg.Thinkers = 1
	cfg.ThinkTime = waitFor // never late here
	bt := newBlockedThinker(t, &cfg)
	_, addr := startServer(t, cfg)
	t.Cleanup(bt.free) // before the server's Shutdown (cleanups run last first)

	alice := computerGame(t, addr, "alice", KindChess)
	alice.act("e2e4")
	bt.waitStarted(t)

	// A second computer game waits in the queue behind the first.
	dave := computerGame(t, addr, "dave", KindTrails)
	dave.act("R")

	bob := loginKinds(t, addr, "bob", "trails")
	carol := loginKinds(t, addr, "carol", "trails")
	startTrails(t, bob, carol)
	for i, mover := range []*tclient{bob, carol, bob, carol} {
		dir := "R"
		if mover == carol {
			dir = "L"
		}
		mover.act(dir)
		for _, c := range []*tclient{bob, carol} {
			if st := c.trailsState(); st.Moves != i+1 {
				t.Fatalf("%s: %d moves after move %d", c.name, st.Moves, i+1)
			}
		}
	}

	bt.free()
	st := alice.chessState()
	if st.Ply != 2 || !st.YourTurn || len(st.Said) == 0 || st.Said[0] != "Your pawn moved e2→e4." {
		t.Fatalf("the computer's answer: ply %d, your turn %v, said %q", st.Ply, st.YourTurn, st.Said)
	}
	if st := dave.trailsState(); st.Moves != 2 || !st.YourTurn {
		t.Fatalf("dave's answer: %d moves, your turn %v", st.Moves, st.YourTurn)
	}
}

// A thought not back by its deadline is never waited for: the computer's
// first level moves at once, and the late thought is thrown away.
func TestLateThoughtPlaysTheQuickMove(t *testing.T) {
	cfg := testConfig(t)
	cfg.Thinkers = 1
	cfg.ThinkTime = 1 // the deadline passes at once
	bt := newBlockedThinker(t, &cfg)
	srv, addr := startServer(t, cfg)
	t.Cleanup(bt.free)

	alice := computerGame(t, addr, "alice", KindTrails)
	alice.act("R")
	st := alice.trailsState()
	if st.Moves != 2 || !st.YourTurn || st.Last == nil || st.Last.Player != 2 || len(st.Legal) == 0 {
		t.Fatalf("after one move, the thinker held: %+v", st)
	}
	if n := srv.lateThoughts.Load(); n != 1 {
		t.Fatalf("%d late thoughts, want 1", n)
	}
	bt.free()
	alice.act(st.Legal[0].Dir.Letter())
	if st := alice.trailsState(); st.Moves != 4 || !st.YourTurn {
		t.Fatalf("after the second move: %d moves, your turn %v (the late thought was played?)", st.Moves, st.YourTurn)
	}
}

// The server plays at most its cap of computer games of each kind; one more
// is refused with a sentence, and accepted again once one ended. Games
// between people are not counted.
func TestComputerGamesCapped(t *testing.T) {
	cfg := testConfig(t)
	cfg.ComputerGames = map[string]int{KindTrails: 1, KindChess: 0}
	_, addr := startServer(t, cfg)
	alice := loginKinds(t, addr, "alice", "trails", "chess")
	bob := loginKinds(t, addr, "bob", "trails", "chess")
	alice.send(map[string]any{"t": "solo", "kind": "trails", "level": 3})
	alice.expect(TypeStart)
	alice.trailsState()

	bob.send(map[string]any{"t": "solo", "kind": "trails", "level": 1})
	if e := bob.expectError(CodeRateLimited); !strings.Contains(e.Msg, "the computer is busy with 1 Trails and Towers games: invite a player") {
		t.Fatalf("refusal %q", e.Msg)
	}
	bob.send(map[string]any{"t": "solo", "kind": "chess"})
	if e := bob.expectError(CodeRateLimited); !strings.Contains(e.Msg, "no Open-world chess against the computer on this server") {
		t.Fatalf("refusal %q", e.Msg)
	}

	carol := loginKinds(t, addr, "carol", "trails")
	startTrails(t, carol, bob)

	alice.send(map[string]any{"t": "leave"})
	alice.expect(TypeOver)
	dave := loginKinds(t, addr, "dave", "trails")
	dave.send(map[string]any{"t": "solo", "kind": "trails", "level": 1})
	if st := dave.expect(TypeStart).(*Start); st.Bot != 1 {
		t.Fatalf("start %+v", st)
	}
}

// serve's --computer-games: N for every kind, KIND=N for some; anything
// else is refused with a sentence naming it.
func TestParseComputerGames(t *testing.T) {
	if m, err := ParseComputerGames(""); err != nil || m != nil {
		t.Fatalf("empty: %v, %v", m, err)
	}
	if m, err := ParseComputerGames("7"); err != nil || m[KindChess] != 7 || m[KindTrails] != 7 || m[KindFoxhunt] != 7 {
		t.Fatalf("7: %v, %v", m, err)
	}
	if m, err := ParseComputerGames("trails=50, chess=0"); err != nil || m[KindTrails] != 50 || m[KindChess] != 0 || len(m) != 2 {
		t.Fatalf("list: %v, %v", m, err)
	}
	for _, bad := range []string{"-1", "go=3", "trails", "trails=x", "chess=-2"} {
		if _, err := ParseComputerGames(bad); err == nil {
			t.Errorf("%q accepted", bad)
		}
	}
}

// procsRecorder records the processors a server lends Go for its thinkers.
type procsRecorder chan int

func (p procsRecorder) next(t *testing.T, want int, when string) {
	t.Helper()
	select {
	case got := <-p:
		if got != want {
			t.Fatalf("%s: %d processors lent, want %d", when, got, want)
		}
	case <-time.After(waitFor):
		t.Fatalf("%s: no processors lent or given back (want %d)", when, want)
	}
}

// While the computer thinks, Go is lent a processor more per thinker, so
// that a thinker at the lowest priority never holds one the people need;
// once the thinkers are idle the processors are given back (an idle one
// costs the people's work), and lent again for the next thought.
func TestThinkersAreLentProcessors(t *testing.T) {
	cfg := testConfig(t)
	cfg.Thinkers = 2
	cfg.ThinkTime = waitFor // never late here
	cfg.lendLinger = time.Millisecond
	rec := make(procsRecorder, 16)
	cfg.Processors = func(extra int) { rec <- extra }
	bt := newBlockedThinker(t, &cfg)
	_, addr := startServer(t, cfg)
	t.Cleanup(bt.free)

	alice := computerGame(t, addr, "alice", KindChess)
	alice.act("e2e4")
	bt.waitStarted(t)
	rec.next(t, 2, "the computer thinking")
	bt.free()
	if st := alice.chessState(); st.Ply != 2 || !st.YourTurn {
		t.Fatalf("the computer's answer: ply %d, your turn %v", st.Ply, st.YourTurn)
	}
	rec.next(t, 0, "the computer idle")
	alice.act("d2d4")
	rec.next(t, 2, "the computer thinking again")
	if st := alice.chessState(); st.Ply != 4 {
		t.Fatalf("the computer's second answer: ply %d", st.Ply)
	}
}

// A thinker still at work keeps its processors, however long ago the last
// thought ended; an idle pool gives them back once.
func TestLentProcessorsKeptWhileThinking(t *testing.T) {
	var calls []int
	p := &thinkPool{n: 1, linger: time.Hour, procs: func(extra int) { calls = append(calls, extra) }}
	p.busy.Add(1)
	p.lend()
	p.giveBack() // the last thought ended long ago (never), but one is on
	if !p.lent.Load() || len(calls) != 1 || calls[0] != 1 {
		t.Fatalf("a busy thinker's processor: lent %v, calls %v", p.lent.Load(), calls)
	}
	p.busy.Add(-1)
	p.thoughtEnded(time.Now().Add(-2 * time.Hour))
	p.giveBack()
	p.giveBack()
	if p.lent.Load() || len(calls) != 2 || calls[1] != 0 {
		t.Fatalf("an idle pool's processor: lent %v, calls %v", p.lent.Load(), calls)
	}
	p.back.Stop()
}

// A thinker's search goes on only while a processor is left idle besides
// the people's lines being handled and the thinkers running: on two
// processors with one thinker it waits while any connection handles a
// line, and goes on once none does.
func TestThinkerWaitsForPeople(t *testing.T) {
	cfg := testConfig(t)
	cfg.Thinkers = 1
	cfg.cores = 2
	srv, _ := startServer(t, cfg)
	srv.pool.busy.Add(1) // the thinker has a thought
	defer srv.pool.busy.Add(-1)
	if waits, _ := yieldOf(t, srv); waits {
		t.Fatal("a thinker waited with nobody handling a line")
	}
	srv.people.Add(2) // two connections handling a line
	waits, returned := yieldOf(t, srv)
	if !waits {
		t.Fatal("the thinker went on at once while a connection handled a line")
	}
	srv.peopleDone()
	select {
	case <-returned:
		t.Fatal("the thinker went on while a connection still handled a line")
	default:
	}
	srv.peopleDone()
	select {
	case <-returned:
	case <-time.After(waitFor):
		t.Fatal("the thinker still waits after every connection handled its line")
	}
}

// On four processors with two thinkers, one person's line keeps neither
// waiting (a processor is still idle); with two lines one thinker waits,
// the other goes on, and the first goes on when a line is handled.
func TestThinkersUseSpareProcessors(t *testing.T) {
	cfg := testConfig(t)
	cfg.Thinkers = 2
	cfg.cores = 4
	srv, _ := startServer(t, cfg)
	srv.pool.busy.Add(2)
	defer srv.pool.busy.Add(-2)
	srv.people.Add(1)
	if waits, _ := yieldOf(t, srv); waits {
		t.Fatal("a thinker waited for one person's line with two processors idle")
	}
	srv.people.Add(1)
	waits, returned := yieldOf(t, srv)
	if !waits {
		t.Fatal("neither thinker waited with every processor taken")
	}
	if waits, _ := yieldOf(t, srv); waits {
		t.Fatal("the second thinker waited too, with a processor idle")
	}
	srv.peopleDone()
	select {
	case <-returned:
	case <-time.After(waitFor):
		t.Fatal("the waiting thinker still waits with a processor idle")
	}
}

// yieldOf calls yieldToPeople as a thinker would and tells whether it
// waits (it counted itself waiting) or went on at once (it returned); a
// waiting one's returned is closed when it goes on. The server's Shutdown
// releases a thinker still waiting.
func yieldOf(t *testing.T, srv *Server) (waits bool, returned <-chan struct{}) {
	t.Helper()
	before := srv.thinkWait.Load()
	done := make(chan struct{})
	go func() { srv.yieldToPeople(); close(done) }()
	for {
		select {
		case <-done:
			return false, done
		default:
		}
		if srv.thinkWait.Load() > before {
			return true, done
		}
		runtime.Gosched()
	}
}
