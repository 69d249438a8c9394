package foxnet

import (
	"io"
	"strings"
	"testing"
	"time"
)

// inTable reports whether a block's table names name.
func inTable(s *State, name string) bool {
	for _, e := range s.Table {
		if e.Name == name {
			return true
		}
	}
	return false
}

// Players who stay connected and never send give up their seats after
// SilentRounds rounds, and a later arrival plays the next match.
func TestSilentSeatsAreGivenUp(t *testing.T) {
	for _, d := range []Dialect{Wiki, Mica} {
		t.Run(d.String(), func(t *testing.T) {
			ts := startServer(t, Config{Players: 2, Rounds: 40, W: 7, H: 7, Timeout: 30 * time.Millisecond, Wire: d})
			sq1 := dial(t, ts.addr)
			sq1.until("the first squatter's name", func(l string) bool { return l == "YourName:Player1" })
			sq2 := dial(t, ts.addr)
			sq2.until("the second squatter's name", func(l string) bool { return l == "YourName:Player2" })
			sq1.state() // the match has started with both squatters seated
			late := dial(t, ts.addr)
			late.until("the late arrival's name", func(l string) bool { return l == "YourName:Player3" })
			want := benchedText(d, DefaultSilentRounds)
			sq1.until("the squatter told its seat is given up", func(l string) bool { return l+"\n" == want })
			for {
				s := late.state()
				if inTable(s, "Player3") {
					break
				}
			}
			r := <-ts.results
			if r.Rounds >= 40 || !r.Abandoned || r.Winner != "" {
				t.Fatalf("the squatters' match: %+v (want it ended when both seats were given up, no winner)", r)
			}
			// the next match seats the late arrival and the first squatter
			// (the second waits): the late arrival plays, the squatter gives
			// up its seat again and watches the rest of the match
			go func() {
				var r Reader
				for {
					late.conn.SetReadDeadline(time.Now().Add(10 * time.Second))
					l, err := late.br.ReadString('\n')
					if err != nil {
						return
					}
					if s, _ := r.Line(strings.TrimSuffix(l, "\n")); s != nil {
						io.WriteString(late.conn, "n\n")
					}
				}
			}()
			sq1.until("the squatter told again", func(l string) bool { return l+"\n" == want })
			if s := sq1.state(); inTable(s, "Player1") || !inTable(s, "Player3") {
				t.Fatalf("the block after the squatter's seat was given up: %+v", s.Table)
			}
		})
	}
}

// With more players than seats, those who waited play before those who
// just played.
func TestWaitingPlayersGoFirst(t *testing.T) {
	ts := startServer(t, Config{Players: 2, Rounds: 3, W: 7, H: 7, Timeout: 30 * time.Millisecond})
	a := dial(t, ts.addr)
	a.until("A's name", func(l string) bool { return l == "YourName:Player1" })
	b := dial(t, ts.addr)
	b.until("B's name", func(l string) bool { return l == "YourName:Player2" })
	a.state()
	c := dial(t, ts.addr)
	c.until("C's name", func(l string) bool { return l == "YourName:Player3" })
	for {
		s := c.state()
		if inTable(s, "Player3") {
			break
		}
	}
	first := <-ts.results
	for _, e := range first.Table {
		if e.Name == "Player3" {
			t.Fatalf("C played the first match: %+v", first)
		}
	}
}

// When every seated player leaves, the match ends at once, names no
// winner, and its spectators stay for the next match.
func TestEmptyMatchEndsAtOnceAndKeepsSpectators(t *testing.T) {
	for _, d := range []Dialect{Wiki, Mica} {
		t.Run(d.String(), func(t *testing.T) {
			ts := startServer(t, Config{Players: 2, Rounds: 100000, W: 41, H: 41, Timeout: 5 * time.Second, Wire: d})
			spec := dial(t, ts.spec)
			a := dial(t, ts.addr)
			a.until("A's name", func(l string) bool { return l == "YourName:Player1" })
			b := dial(t, ts.addr)
			b.until("B's name", func(l string) bool { return l == "YourName:Player2" })
			a.state()
			b.state()
			spec.state()
			a.send("q")
			b.conn.Close()
			spec.until("the end of the emptied match", func(l string) bool { return l == "game is over" })
			r := <-ts.results
			if r.Rounds > 2 || !r.Abandoned || r.Winner != "" {
				t.Fatalf("result %+v: want it ended in its first rounds, abandoned, no winner", r)
			}
			for _, e := range r.Table {
				if !e.Left {
					t.Fatalf("result %+v: %s did not leave", r, e.Name)
				}
			}
			c := dial(t, ts.addr)
			c.until("C's hello", func(l string) bool { return strings.HasPrefix(l, "YourName:") })
			dd := dial(t, ts.addr)
			dd.until("D's hello", func(l string) bool { return strings.HasPrefix(l, "YourName:") })
			// the spectator, still connected, sees the next match start
			if s := spec.state(); s.Round != 1 || len(s.Table) != 2 {
				t.Fatalf("the spectator's next block: round %d, %d players; want the next match's first", s.Round, len(s.Table))
			}
		})
	}
}

// Players are numbered by players only: spectators do not count; the
// wiki dialect numbers joins, the mica dialect the players connected, as
// the reference server does.
func TestPlayerNumbersCountPlayersOnly(t *testing.T) {
	for _, d := range []Dialect{Wiki, Mica} {
		t.Run(d.String(), func(t *testing.T) {
			// a match of bots alone, so that the spectator is seen to be
			// connected (it reads a block) before anyone else comes
			ts := startServer(t, Config{Players: 2, Bots: 2, Rounds: 1000, W: 7, H: 7, Timeout: time.Second, MinRound: 20 * time.Millisecond, Wire: d})
			spec := dial(t, ts.spec)
			spec.state()
			spec2 := dial(t, ts.spec)
			spec2.state()
			a := dial(t, ts.addr)
			a.until("the first player's name", func(l string) bool { return strings.HasPrefix(l, "YourName:") && check(t, l, "YourName:Player1") })
			b := dial(t, ts.addr)
			b.until("the second player's name", func(l string) bool { return strings.HasPrefix(l, "YourName:") && check(t, l, "YourName:Player2") })
			b.send("q")
			// the server has taken B's leave before it closes the connection
			for {
				if _, err := b.line(); err != nil {
					break
				}
			}
			c := dial(t, ts.addr)
			want := "YourName:Player3" // the third join
			if d == Mica {
				want = "YourName:Player2" // the second player connected
			}
			c.until("the third player's name", func(l string) bool { return strings.HasPrefix(l, "YourName:") && check(t, l, want) })
		})
	}
}

func check(t *testing.T, got, want string) bool {
	t.Helper()
	if got != want {
		t.Fatalf("got %q, want %q", got, want)
	}
	return true
}
