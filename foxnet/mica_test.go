package foxnet

import (
	"net"
	"strings"
	"testing"
	"time"

	"github.com/minotaur-game/minotaur/games/foxhunt"
)

// Lines that arrive in one read count for the round being collected when
// the read returned, even when that round ends before the reader handles
// the second line: a bot's "w\nd\n" (or "w\n\n") sent as the round's last
// command must not turn into the next round's command, which would refuse
// the bot's real next command.
func TestLinesCountForTheRoundTheyArrivedIn(t *testing.T) {
	s, err := NewServer(Config{Players: 2})
	if err != nil {
		t.Fatal(err)
	}
	s.in = make(chan event) // unbuffered: the test is the match goroutine
	srv, cli := net.Pipe()
	defer cli.Close()
	c := s.newClient(srv, false, false)
	c.inRun.Store(true)
	close(c.hi)
	s.round.Store(5)
	done := make(chan struct{})
	go func() { defer close(done); s.readLoop(c) }()
	// both lines arrive in one read, in round 5
	if _, err := cli.Write([]byte("w\nd\n")); err != nil {
		t.Fatal(err)
	}
	// the reader has taken "w" as round 5's command and waits to hand it
	// over; the round ends (by the timeout, say) before it handles "d"
	for deadline := time.Now().Add(10 * time.Second); c.sent.Load() != 5; time.Sleep(time.Millisecond) {
		if time.Now().After(deadline) {
			t.Fatal("the reader did not take the first line")
		}
	}
	s.round.Store(6)
	e := <-s.in
	if e.line != "w" || e.round != 5 {
		t.Fatalf("first event %q for round %d, want w for round 5", e.line, e.round)
	}
	select {
	case e := <-s.in:
		t.Fatalf("the second line %q of round 5 was posted as a command for round %d", e.line, e.round)
	case b := <-c.out:
		if string(b) != AlreadyText+"\n" {
			t.Fatalf("answered %q, want %q", b, AlreadyText)
		}
	}
	// the next round's command is taken
	if _, err := cli.Write([]byte("s\n\n")); err != nil {
		t.Fatal(err)
	}
	select {
	case e := <-s.in:
		if e.line != "s" || e.round != 6 {
			t.Fatalf("event %q for round %d, want s for round 6", e.line, e.round)
		}
	case b := <-c.out:
		t.Fatalf("the next round's command was answered %q", b)
	}
	cli.Close()
	<-done
	select {
	case b := <-c.out:
		t.Fatalf("a blank line was answered %q", b)
	default:
	}
}

// The mica dialect takes names as the reference server does, a space
// included (cleaned of control characters and escape sequences, cut to
// MaxMicaName), and answers a rename with the YourID:/YourName: lines only.
func TestMicaNamesAndRename(t *testing.T) {
	ts := startServer(t, Config{Players: 2, Rounds: 5, W: 7, H: 7, Wire: Mica})
	a := dial(t, ts.addr)
	a.until("the hello", func(l string) bool { return strings.HasPrefix(l, "YourName:") })
	for _, n := range []struct{ sent, want string }{
		{"Fox Bot", "Fox Bot"},
		{"tab\there", "tab here"},
		{"red\x1b[31m fox\x07", "red fox"},
		{strings.Repeat("n", MaxMicaName+9), strings.Repeat("n", MaxMicaName)},
	} {
		a.send("name:" + n.sent)
		// the echo, then exactly the two lines
		var got []string
		for len(got) < 3 {
			l, err := a.line()
			if err != nil {
				t.Fatalf("after name:%q: %v (got %q)", n.sent, err, got)
			}
			got = append(got, l)
		}
		if !strings.HasPrefix(got[1], "YourID:") || got[2] != "YourName:"+n.want {
			t.Fatalf("name:%q answered %q, want the echo, YourID: and YourName:%s", n.sent, got, n.want)
		}
	}
	// nothing more: the greeting is not repeated
	a.send("x")
	if l, _ := a.line(); l != "x" {
		t.Fatalf("after the renames came %q, want only the echo of x", l)
	}
}

// In the wiki dialect too a rename is answered with the two lines only.
func TestWikiRenameAnswer(t *testing.T) {
	ts := startServer(t, Config{Players: 2, Rounds: 5, W: 7, H: 7})
	a := dial(t, ts.addr)
	a.until("the hello", func(l string) bool { return strings.HasPrefix(l, "YourName:") })
	a.send("name:Foxy")
	var got []string
	for len(got) < 3 {
		if len(got) == 2 {
			a.send("x") // answered: the game waits for players
		}
		l, err := a.line()
		if err != nil {
			t.Fatalf("after name:Foxy: %v (got %q)", err, got)
		}
		got = append(got, l)
	}
	if !strings.HasPrefix(got[0], "YourID:") || got[1] != "YourName:Foxy" || got[2] != "Game waiting for more players." {
		t.Fatalf("name:Foxy answered %q, want YourID:, YourName:Foxy and nothing more", got)
	}
}

// A command that arrived in a round already played (it came as that round
// ended by the timeout) does nothing: it is not taken as the next round's,
// which would refuse the player's real command for it.
func TestCommandOfAPlayedRoundDoesNothing(t *testing.T) {
	s, err := NewServer(Config{Players: 2})
	if err != nil {
		t.Fatal(err)
	}
	g, err := foxhunt.New(foxhunt.Config{W: 7, H: 7, Rounds: 5, Seed: 1}, []string{"a", "b"})
	if err != nil {
		t.Fatal(err)
	}
	a, b := s.newClient(nil, false, false), s.newClient(nil, false, false)
	a.seat, b.seat = 0, 1
	seated := []*client{a, b}
	s.round.Store(7)
	s.matchEvent(g, seated, event{kind: evLine, c: a, line: "d", round: 6})
	if g.Sent(0) {
		t.Fatal("a line of round 6 was taken as round 7's command")
	}
	s.matchEvent(g, seated, event{kind: evLine, c: a, line: "s", round: 7})
	if !g.Sent(0) {
		t.Fatal("round 7's command was not taken")
	}
	select {
	case l := <-a.out:
		t.Fatalf("answered %q", l)
	default:
	}
}
