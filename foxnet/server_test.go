package foxnet

import (
	"bufio"
	"io"
	"log/slog"
	"net"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/minotaur-game/minotaur/games/foxhunt/bot"
)

type testServer struct {
	*Server
	addr, spec string
	results    chan Result
	rounds     chan RoundStat
}

func startServer(t *testing.T, cfg Config) *testServer {
	t.Helper()
	ts := &testServer{results: make(chan Result, 16), rounds: make(chan RoundStat, 100000)}
	cfg.OnMatch = func(r Result) { ts.results <- r }
	cfg.OnRound = func(r RoundStat) {
		select {
		case ts.rounds <- r:
		default:
		}
	}
	if cfg.Pause == 0 {
		cfg.Pause = 10 * time.Millisecond
	}
	if cfg.StartDelay == 0 {
		cfg.StartDelay = 20 * time.Millisecond
	}
	s, err := NewServer(cfg)
	if err != nil {
		t.Fatal(err)
	}
	ts.Server = s
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	sl, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	ts.addr, ts.spec = ln.Addr().String(), sl.Addr().String()
	go s.Serve(ln)
	go s.ServeSpectators(sl)
	go s.Run()
	t.Cleanup(func() { s.Close(); s.Wait() })
	return ts
}

type tclient struct {
	t    *testing.T
	conn net.Conn
	br   *bufio.Reader
	r    Reader
}

func dial(t *testing.T, addr string) *tclient {
	t.Helper()
	c, err := net.Dial("tcp", addr)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { c.Close() })
	return &tclient{t: t, conn: c, br: bufio.NewReader(c)}
}

func (c *tclient) send(line string) {
	c.t.Helper()
	if _, err := io.WriteString(c.conn, line+"\n"); err != nil {
		c.t.Fatal(err)
	}
}

// line reads one line (without its newline) within 5 s.
func (c *tclient) line() (string, error) {
	c.conn.SetReadDeadline(time.Now().Add(2 * time.Minute))
	l, err := c.br.ReadString('\n')
	return strings.TrimSuffix(l, "\n"), err
}

// until reads lines until one satisfies ok; it fails the test on EOF.
func (c *tclient) until(what string, ok func(string) bool) string {
	c.t.Helper()
	for {
		l, err := c.line()
		if err != nil {
			c.t.Fatalf("waiting for %s: %v", what, err)
		}
		if ok(l) {
			return l
		}
	}
}

// state reads lines until a whole state block has been read.
func (c *tclient) state() *State {
	c.t.Helper()
	for {
		l, err := c.line()
		if err != nil {
			c.t.Fatalf("waiting for a state block: %v", err)
		}
		s, err := c.r.Line(l)
		if err != nil {
			c.t.Fatal(err)
		}
		if s != nil {
			return s
		}
	}
}

func TestMatchToTheEndWithABot(t *testing.T) {
	for _, d := range []Dialect{Wiki, Mica} {
		t.Run(d.String(), func(t *testing.T) {
			ts := startServer(t, Config{Players: 2, Bots: 1, Rounds: 6, W: 9, H: 7, Timeout: 2 * time.Second, Matches: 1, Seed: 3, Wire: d})
			c := dial(t, ts.addr)
			c.until("the hello", func(l string) bool { return l == "YourName:Player1" })
			blocks := 0
			for {
				s := c.state()
				blocks++
				if s.W != 9 || s.H != 7 || s.Players != 2 || s.Rounds != 6 {
					t.Fatalf("block %+v", s)
				}
				if blocks == 7 {
					break
				}
				c.send("n")
			}
			c.until("the end", func(l string) bool { return l == "game is over" })
			select {
			case r := <-ts.results:
				if len(r.Table) != 2 || r.Rounds != 6 {
					t.Fatalf("result %+v", r)
				}
			case <-time.After(2 * time.Minute):
				t.Fatal("no result")
			}
		})
	}
}

func TestSecondCommandAnswered(t *testing.T) {
	ts := startServer(t, Config{Players: 2, Rounds: 3, W: 7, H: 7, Timeout: 2 * time.Second, Matches: 1})
	silent := dial(t, ts.addr)
	_ = silent // connected, never sends: the round waits for its timeout
	c := dial(t, ts.addr)
	c.state()
	// the silent player keeps the round open, so both commands fall in it
	// (with one player the first would end the round and the second could
	// be read as the next round's command)
	io.WriteString(c.conn, "n\nd\n")
	c.until("the answer", func(l string) bool { return l == AlreadyText })
}

func TestSilentPlayerDoesNotHoldTheRound(t *testing.T) {
	ts := startServer(t, Config{Players: 3, Bots: 1, Rounds: 4, W: 7, H: 7, Timeout: 50 * time.Millisecond, Matches: 1})
	silent := dial(t, ts.addr)
	_ = silent // connected, never sends: a player doing nothing each round
	c := dial(t, ts.addr)
	c.state()
	c.send("w")
	select {
	case r := <-ts.results:
		if r.Rounds != 4 || len(r.Table) != 3 {
			t.Fatalf("%+v", r)
		}
	case <-time.After(2 * time.Minute):
		t.Fatal("the match did not end: a silent player held the rounds")
	}
	timedOut := 0
	for len(ts.rounds) > 0 {
		if r := <-ts.rounds; r.TimedOut {
			timedOut++
			if r.Wait > 2*time.Second {
				t.Fatalf("a round waited %v for a %v timeout", r.Wait, 50*time.Millisecond)
			}
		}
	}
	if timedOut != 4 {
		t.Fatalf("%d rounds ended by the timeout, want all 4", timedOut)
	}
}

func TestHostileInput(t *testing.T) {
	ts := startServer(t, Config{Players: 2, Rounds: 50, W: 7, H: 7, Timeout: 100 * time.Millisecond, MaxPerAddr: 2, Wire: Mica})
	long := dial(t, ts.addr)
	long.until("the hello", func(l string) bool { return strings.HasPrefix(l, "YourName:") })
	long.send(strings.Repeat("x", 10*MaxLine))
	long.until("the refusal", func(l string) bool { return strings.HasPrefix(l, "E: line too long") })
	if _, err := long.line(); err == nil {
		// drain until the close
		for err == nil {
			_, err = long.line()
		}
	}

	for deadline := time.Now().Add(2 * time.Minute); ts.Open() > 0 && time.Now().Before(deadline); {
		time.Sleep(5 * time.Millisecond)
	}
	a := dial(t, ts.addr)
	a.until("the hello", func(l string) bool { return strings.HasPrefix(l, "YourName:") })
	// what would break the mica table or is empty is refused
	// (TestMicaNames has the names it takes)
	for _, bad := range []string{"name:", "name:a,b", "name:x;y", "name:\x1b[2J\x07"} {
		a.send(bad)
		a.until("the refusal of "+bad, func(l string) bool { return strings.HasPrefix(l, "E: invalid name") })
	}
	a.send("name:Foxy")
	a.until("the new name", func(l string) bool { return l == "YourName:Foxy" })
	a.send("name:Fox")
	a.until("the new name", func(l string) bool { return l == "YourName:Fox" })
	a.send("name:Foxy")
	a.until("the new name", func(l string) bool { return l == "YourName:Foxy" })
	b := dial(t, ts.addr)
	b.until("the hello", func(l string) bool { return strings.HasPrefix(l, "YourName:") })
	b.send("name:Foxy")
	b.until("the refusal", func(l string) bool { return l == "E: name already taken" })
	// a flood of names is refused after a few a second
	for i := 0; i < 3*MaxNamesPerSecond; i++ {
		a.send("name:Foxy")
	}
	a.until("the refusal", func(l string) bool { return l == "E: too many name changes: wait a second" })
	// the address cap: a and b; a third is refused
	d := dial(t, ts.addr)
	d.until("the refusal", func(l string) bool { return strings.HasPrefix(l, "E: too many connections from your address") })

	// garbage as commands: nothing breaks, the match goes on
	b.state()
	for _, junk := range []string{"", "\x00\x01\x02", "b99999999999999999999w", "bbbbbbbbb", "💣", "w a s d", "name:", "b-1w"} {
		a.send(junk)
		b.send(junk)
	}
	for i := 0; i < 3; i++ {
		if s := b.state(); s.Players != 2 {
			t.Fatalf("%+v", s)
		}
	}
	// a name changed during the match shows in the table
	b.send("name:Hound")
	b.until("the new name", func(l string) bool { return l == "YourName:Hound" })
	for i := 0; ; i++ {
		s := b.state()
		found := false
		for _, e := range s.Table {
			found = found || e.Name == "Hound"
		}
		if found {
			break
		}
		if i > 3 {
			t.Fatalf("the new name is not in the table: %+v", s.Table)
		}
	}
}

func TestSpectatorsChangeNothing(t *testing.T) {
	ts := startServer(t, Config{Players: 2, Bots: 2, Rounds: 30, W: 9, H: 9, Timeout: 100 * time.Millisecond, Matches: 1})
	sp := dial(t, ts.spec)
	var mu sync.Mutex
	go func() {
		for i := 0; i < 200; i++ {
			mu.Lock()
			io.WriteString(sp.conn, []string{"w", "b3d", "name:Evil", "q", "n"}[i%5]+"\n")
			mu.Unlock()
			time.Sleep(time.Millisecond)
		}
	}()
	seen := 0
	for {
		s := sp.state()
		seen++
		if s.Players != 2 || len(s.Table) != 2 {
			t.Fatalf("a spectator became a player: %+v", s.Table)
		}
		for _, e := range s.Table {
			if !strings.HasPrefix(e.Name, "bot") {
				t.Fatalf("table %+v", s.Table)
			}
		}
		if s.Round == 30 && seen > 1 {
			break
		}
	}
	r := <-ts.results
	if len(r.Table) != 2 {
		t.Fatal(r)
	}
}

func TestSlowReaderIsClosedAndTheMatchGoesOn(t *testing.T) {
	// a second person stays in the match (silent, its seat kept), so that
	// the match goes on once the one who does not read is closed
	ts := startServer(t, Config{Players: 3, Bots: 1, Rounds: 40, W: 7, H: 7, Timeout: 20 * time.Millisecond, Matches: 1, QueueLen: 4, SilentRounds: -1})
	stays := dial(t, ts.addr)
	stays.until("the hello", func(l string) bool { return strings.HasPrefix(l, "YourName:") })
	near, far := net.Pipe()
	defer near.Close()
	go ts.ServeConn(far) // nobody reads near: the writer blocks, the queue fills
	select {
	case r := <-ts.results:
		if r.Rounds != 40 {
			t.Fatal(r)
		}
		left := false
		for _, e := range r.Table {
			left = left || e.Left
		}
		if !left {
			t.Fatalf("the player who never read is still seated: %+v", r.Table)
		}
	case <-time.After(2 * time.Minute):
		t.Fatal("the match stalled on a client that does not read")
	}
}

func TestMicaHelloAndHeader(t *testing.T) {
	ts := startServer(t, Config{Players: 1, Rounds: 2, W: 7, H: 7, Timeout: time.Second, Matches: 1, Wire: Mica})
	c := dial(t, ts.addr)
	for _, want := range []string{"Successfully connected to Bomberman-Server", "Enter q to disconnect."} {
		if l, _ := c.line(); l != want {
			t.Fatalf("got %q, want %q", l, want)
		}
	}
	if l, _ := c.line(); !strings.HasPrefix(l, "YourID:") || len(l) != len("YourID:")+8 {
		t.Fatalf("id line %q", l)
	}
	if l, _ := c.line(); l != "YourName:Player1" {
		t.Fatal(l)
	}
	// the header, then exactly that many bytes of block
	c.conn.SetReadDeadline(time.Now().Add(2 * time.Minute))
	head := make([]byte, len("messageLength:"))
	io.ReadFull(c.br, head)
	if string(head) != "messageLength:" {
		t.Fatalf("%q", head)
	}
	var digits []byte
	for {
		b, _ := c.br.ReadByte()
		if b < '0' || b > '9' {
			c.br.UnreadByte()
			break
		}
		digits = append(digits, b)
	}
	n, _ := strconv.Atoi(string(digits))
	block := make([]byte, n)
	if _, err := io.ReadFull(c.br, block); err != nil {
		t.Fatal(err)
	}
	if !strings.HasPrefix(string(block), "\033[H\033[2J***") || !strings.HasSuffix(string(block), "/scoretable\n"+strings.Repeat("*", 59)+"\n") {
		t.Fatalf("block %q", block)
	}
	if l, _ := c.line(); l != "wfyc: waiting for your command" {
		t.Fatal(l)
	}
	c.send("n")
	if l, _ := c.line(); l != "n" {
		t.Fatalf("the reference server echoes each line; got %q", l)
	}
}

func TestMinRoundPacesABotMatch(t *testing.T) {
	ts := startServer(t, Config{Players: 2, Bots: 2, Rounds: 5, W: 7, H: 7, Timeout: time.Second, MinRound: 40 * time.Millisecond, Matches: 1})
	<-ts.results
	n := 0
	for len(ts.rounds) > 0 {
		r := <-ts.rounds
		n++
		if r.Wait < 40*time.Millisecond {
			t.Fatalf("a round of bots lasted %v, less than --min-round", r.Wait)
		}
	}
	if n != 5 {
		t.Fatal(n)
	}
}

// In the mica dialect a bomb command the reference server cannot read is
// answered as it answers it, after the block.
func TestMicaBombNotes(t *testing.T) {
	ts := startServer(t, Config{Players: 1, Rounds: 20, W: 9, H: 9, Timeout: time.Second, Matches: 1, Wire: Mica})
	c := dial(t, ts.addr)
	c.state()
	for _, tc := range []struct{ cmd, want string }{
		{"b1n", "E: invalid direction n. Must be in [wasd]."},
		{"b1", "E: incomplete bomb command."},
	} {
		c.until("wfyc", func(l string) bool { return strings.HasPrefix(l, "wfyc") })
		c.send(tc.cmd)
		c.until(tc.want, func(l string) bool { return l == tc.want })
		// the bomb lies; wait for it to go off before the next
		for i := 0; i < 5; i++ {
			c.until("wfyc", func(l string) bool { return strings.HasPrefix(l, "wfyc") })
			c.send("n")
		}
	}
}

// A player who sends lines the moment it connects gets the greeting
// first, in both dialects (the reference server writes it on accepting);
// one who comes while a match runs and sends a command is told it plays
// in the next match, not that the game waits for players.
func TestGreetingBeforeAnyAnswer(t *testing.T) {
	for _, d := range []Dialect{Wiki, Mica} {
		t.Run(d.String(), func(t *testing.T) {
			// paced, so that the spectator keeps up with a match of bots alone
			ts := startServer(t, Config{Players: 2, Bots: 2, Rounds: 10000, W: 9, H: 7, Timeout: time.Second, MinRound: 5 * time.Millisecond, Seed: 3, Wire: d})
			w := dial(t, ts.spec)
			w.state() // a match of bots runs
			for i := 0; i < 5; i++ {
				c := dial(t, ts.addr)
				io.WriteString(c.conn, "w\nname:late"+strconv.Itoa(i)+"\nd\n")
				if l, err := c.line(); err != nil || l != "Successfully connected to Bomberman-Server" {
					t.Fatalf("connection %d: the first line is %q (%v), want the greeting", i, l, err)
				}
				// the greeting, the join's note, the answers to w and d, the rename
				running, renamed := 0, false
				for running < 3 || !renamed {
					l, err := c.line()
					if err != nil {
						t.Fatalf("connection %d: %v (told %d times it plays in the next match, renamed %v)", i, err, running, renamed)
					}
					switch l {
					case "Game waiting for more players.":
						t.Fatalf("connection %d: told %q while a match runs", i, l)
					case "Game running: you play in the next match.":
						running++
					case "YourName:late" + strconv.Itoa(i):
						renamed = true
					}
				}
				c.conn.Close()
			}
		})
	}
}

// An in-process bot that fails (a panic in its decision) leaves the match,
// which plays on to its end without it and with the person still playing;
// the next match seats a fresh bot in its place.
func TestFailingBotLeavesAndTheServerGoesOn(t *testing.T) {
	var failed atomic.Bool
	decide = func(b *bot.Brain, s *bot.View) string {
		if b.Name == "bot2" && s.Round >= 3 && failed.CompareAndSwap(false, true) {
			panic("a bug in the bot")
		}
		return b.Decide(s)
	}
	t.Cleanup(func() { decide = (*bot.Brain).Decide })
	var logs strings.Builder
	var mu sync.Mutex
	ts := startServer(t, Config{Players: 3, Bots: 2, Rounds: 8, W: 9, H: 7, Timeout: time.Second, Matches: 2, Seed: 5,
		Logger: slog.New(slog.NewTextHandler(lockedWriter{&mu, &logs}, nil))})
	c := dial(t, ts.addr)
	for m := 1; m <= 2; m++ {
		var last *State
		for {
			s := c.state()
			last = s
			if s.Round == s.Rounds {
				break
			}
			c.send("n")
		}
		var r Result
		select {
		case r = <-ts.results:
		case <-time.After(2 * time.Minute):
			t.Fatalf("match %d: no result", m)
		}
		gone := map[string]bool{}
		for _, e := range r.Table {
			gone[e.Name] = e.Left
		}
		if m == 1 {
			if !failed.Load() || !gone["bot2"] || gone["bot1"] || r.Rounds != 8 {
				t.Fatalf("match 1: failed %v, result %+v: want bot2 gone and 8 rounds played", failed.Load(), r)
			}
			if len(last.Table) != 2 {
				t.Fatalf("match 1's last block still has %d players", len(last.Table))
			}
			mu.Lock()
			log := logs.String()
			mu.Unlock()
			if !strings.Contains(log, "a bot failed and leaves") || !strings.Contains(log, "a bug in the bot") {
				t.Fatalf("the log does not tell it:\n%s", log)
			}
		} else if len(r.Table) != 3 || gone["bot2"] {
			t.Fatalf("match 2: %+v, want a fresh bot2 playing", r)
		}
		c.until("the end", func(l string) bool { return l == "game is over" })
	}
}

type lockedWriter struct {
	mu *sync.Mutex
	b  *strings.Builder
}

func (w lockedWriter) Write(p []byte) (int, error) {
	w.mu.Lock()
	defer w.mu.Unlock()
	return w.b.Write(p)
}
