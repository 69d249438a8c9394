package main

import (
	"bytes"
	"context"
	"io"
	"math/rand/v2"
	"net"
	"regexp"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/minotaur-game/minotaur/engine"
)

// TestMixedLoad runs a small mixed load against a server in process: co-op
// pairs, solo players, a reference bot and spectators all play, the
// spectators' states are matched to the players' actions, and nobody is
// dropped or refused. It measures for a second, and on until every kind of
// client was measured at work (--until-all), however busy the machine.
func TestMixedLoad(t *testing.T) {
	var out, errb bytes.Buffer
	status := run([]string{"--inproc", "--games", "3", "--solo", "2", "--bots", "1", "--watchers", "4",
		"--duration", "1s", "--until-all", "--ramp", "300ms", "--think", "10ms"}, &out, &errb)
	report := out.String()
	if status != 0 {
		t.Fatalf("status %d\n%s%s", status, report, errb.String())
	}
	for _, want := range []string{
		"connections: 13 connected (co-op 6, solo 2, bots 1, watchers 4), 0 dropped by the server\n",
		"players' action→state latency:    p50 ",
		"spectators' action→state latency: p50 ",
	} {
		if !strings.Contains(report, want) {
			t.Errorf("the report lacks %q:\n%s", want, report)
		}
	}
	if strings.Contains(report, "\nerror ") {
		t.Errorf("the server refused requests:\n%s", report)
	}
	// Every kind of player acted while measured, co-op and solo games
	// were started, and spectators began watches.
	if !regexp.MustCompile(`players \d+ actions \(co-op \d+, solo \d+, bots \d+\)`).MatchString(report) {
		t.Errorf("not every kind of player acted:\n%s", report)
	}
	if !regexp.MustCompile(`games started \d+ \(co-op \d+, solo \d+`).MatchString(report) {
		t.Errorf("co-op and solo games were not started:\n%s", report)
	}
	if regexp.MustCompile(`, 0 watches begun`).MatchString(report) {
		t.Errorf("no spectator began to watch:\n%s", report)
	}
}

func TestUsage(t *testing.T) {
	for _, args := range [][]string{{"--games", "-1"}, {"--games", "0"}, {"--duration", "0"}, {"--watchers", "-2"}, {"stray"}} {
		var out, errb bytes.Buffer
		if status := run(args, &out, &errb); status != 2 || !strings.HasPrefix(errb.String(), "minoload: ") {
			t.Errorf("%q: status %d, stderr %q", args, status, errb.String())
		}
	}
}

// TestSpectatorMatch: a spectator's state is matched to the last action of
// its seat on its level and turn — a seat alone on the board acts twice on
// one turn number, and the older action must not be taken for the newer
// (it would add a whole think time to the spectators' latency).
func TestSpectatorMatch(t *testing.T) {
	var g game
	g.acted(action{level: 1, turn: 5, seat: 1, sent: 100})
	g.acted(action{level: 1, turn: 5, seat: 2, sent: 200})
	g.acted(action{level: 1, turn: 5, seat: 2, sent: 900})
	if sent, ok := g.sentAt(1, 5, 2); !ok || sent != 900 {
		t.Errorf("seat 2 on turn 5: sent %d, %v; want 900", sent, ok)
	}
	if sent, ok := g.sentAt(1, 5, 1); !ok || sent != 100 {
		t.Errorf("seat 1 on turn 5: sent %d, %v; want 100", sent, ok)
	}
	if _, ok := g.sentAt(2, 5, 1); ok {
		t.Error("an action of level 1 was matched on level 2")
	}
	for i := 0; i < 20; i++ {
		g.acted(action{level: 3, turn: i, seat: 1, sent: int64(1000 + i)})
	}
	if _, ok := g.sentAt(1, 5, 2); ok {
		t.Error("an action long answered is still matched")
	}
}

// TestScanWatched: the spectators' quick reading of a state line agrees with
// decoding it.
func TestScanWatched(t *testing.T) {
	for _, c := range []struct {
		line              string
		level, turn, seat int
	}{
		{`{"t":"state","seq":9,"level":3,"levels":7,"turn":41,"score":0,"seat":0,"events":[],"happened":[{"kind":"skipped","seat":2},{"kind":"sighted","seat":1,"monster":"W"}]}`, 3, 41, 2},
		{`{"t":"state","seq":9,"level":2,"levels":7,"turn":0,"passed":[{"level":1,"turns":12}],"happened":[{"kind":"moved","seat":1},{"kind":"escaped","seat":1},{"kind":"level_passed","level":1},{"kind":"level_started","level":2}]}`, 2, 0, 1},
		{`{"t":"state","seq":2,"level":1,"levels":7,"turn":7,"events":["carol is watching"]}`, 1, 7, 0},
		{`{"t":"state","seq":2,"level":1,"levels":7,"turn":7,"happened":[{"kind":"caught","seat":1},{"kind":"moved","seat":2}]}`, 1, 7, 2},
	} {
		level, turn, seat, ok := scanWatched([]byte(c.line))
		if !ok || level != c.level || turn != c.turn || seat != c.seat {
			t.Errorf("%s: level %d turn %d seat %d ok %v; want %d %d %d", c.line, level, turn, seat, ok, c.level, c.turn, c.seat)
		}
	}
	if _, _, _, ok := scanWatched([]byte(`{"t":"state","seq":2}`)); ok {
		t.Error("a line without level and turn was read")
	}
}

// TestWaryMove: a wary random bot never steps onto or next to a monster it
// sees while it has another step; an unwary one does, now and then.
func TestWaryMove(t *testing.T) {
	s := &wireState{Map: []string{
		"+-----+",
		"|.....|",
		"|.....|",
		"+-----+",
	}}
	s.Players = append(s.Players, struct {
		Seat int `json:"seat"`
		X    int `json:"x"`
		Y    int `json:"y"`
	}{Seat: 1, X: 3, Y: 1})
	s.Monsters = append(s.Monsters, struct {
		X int `json:"x"`
		Y int `json:"y"`
	}{X: 5, Y: 1})
	rng := rand.New(rand.NewPCG(1, 2))
	unwary := 0
	for i := 0; i < 1000; i++ {
		if a := randomMove(s, 1, true, rng); a == engine.Right {
			t.Fatalf("a wary bot stepped next to the monster")
		}
		if randomMove(s, 1, false, rng) == engine.Right {
			unwary++
		}
	}
	if unwary == 0 {
		t.Error("an unwary bot never stepped right: the test tests nothing")
	}
}

// TestEveryKind runs one game of every kind the server plays beside the
// Minotaur players: Trails and chess between people and against the
// computer, the Labyrinth, the Fox hunt and the daily challenge; each kind
// is measured at work, with no error and nobody dropped.
func TestEveryKind(t *testing.T) {
	var out, errb bytes.Buffer
	status := run([]string{"--inproc", "--games", "1", "--daily", "1", "--trails", "1", "--trails-ai", "1", "--chess", "1",
		"--chess-ai", "1", "--labyrinth", "1", "--foxhunt", "1", "--ai-level", "2",
		"--duration", "1s", "--until-all", "--ramp", "100ms", "--think", "10ms"}, &out, &errb)
	report := out.String()
	if status != 0 {
		t.Fatalf("status %d\n%s%s", status, report, errb.String())
	}
	if !strings.Contains(report, "connections: 13 connected (co-op 2, daily 1, trails 2, trails-ai 1, chess 2, chess-ai 1, labyrinth 2, foxhunt 2), 0 dropped by the server\n") {
		t.Errorf("not every kind connected:\n%s", report)
	}
	for _, k := range []string{"co-op", "daily", "trails", "trails-ai", "chess", "chess-ai", "labyrinth", "foxhunt"} {
		if !regexp.MustCompile(`\n  ` + k + `: +p50 .*; errors 0\n`).MatchString(report) {
			t.Errorf("no latency of %s, or errors:\n%s", k, report)
		}
	}
	if strings.Contains(report, "\nerror ") {
		t.Errorf("the server refused requests:\n%s", report)
	}
}

// TestReadLinesLong: a state line longer than the reader's buffer (a long
// Labyrinth game's, which carries every answer since its start) is read
// whole, and the connection is not counted as dropped.
func TestReadLinesLong(t *testing.T) {
	server, client := net.Pipe()
	long := `{"t":"state","said":["` + strings.Repeat("x", 200_000) + `"]}` + "\n"
	go func() {
		io.WriteString(server, long)
		io.WriteString(server, `{"t":"state","said":[]}`+"\n")
		server.Close()
	}()
	st := &stats{errs: map[string]int{}}
	var got []int
	err := readLines(context.Background(), client, st, 0, "labyrinth",
		func([]byte) {}, func(l []byte, _ time.Time) error { got = append(got, len(l)); return nil }, func(*wireMsg) {})
	if want := []int{len(long), 24}; !slices.Equal(got, want) {
		t.Errorf("state lines of %v bytes, want %v", got, want)
	}
	if err == nil || !strings.Contains(err.Error(), "EOF") {
		t.Errorf("the end of the connection: %v, want EOF", err)
	}
}
