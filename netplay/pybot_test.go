package netplay

import (
	"bytes"
	"context"
	"errors"
	"io"
	"log/slog"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/minotaur-game/minotaur/engine"
	"github.com/minotaur-game/minotaur/internal/testboard"
	"github.com/minotaur-game/minotaur/internal/testenv"
	"github.com/minotaur-game/minotaur/levels"
)

// The Python bot of docs/protocol.md ("Write your own bot") is run from the
// page itself, so that the page and what is tested cannot drift apart.

// pyBot writes the page's python block to a file and returns its path; a
// page without the block fails the test.
func pyBot(t *testing.T) string {
	t.Helper()
	testenv.Tool(t, "python3") // the Python bot of docs/protocol.md
	page, err := os.ReadFile(filepath.Join("..", "docs", "protocol.md"))
	if err != nil {
		t.Fatal(err)
	}
	_, section, ok := strings.Cut(string(page), "\n## Write your own bot\n")
	if !ok {
		t.Fatal(`docs/protocol.md has no section "## Write your own bot"`)
	}
	section, _, _ = strings.Cut(section, "\n## ")
	_, code, ok := strings.Cut(section, "\n```python\n")
	if ok {
		code, _, ok = strings.Cut(code, "\n```\n")
	}
	if !ok {
		t.Fatal(`the section "Write your own bot" of docs/protocol.md has no fenced python block`)
	}
	path := filepath.Join(t.TempDir(), "minibot.py")
	if err := os.WriteFile(path, []byte(code+"\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	return path
}

// pyServer starts a server playing lv, its log kept in the returned buffer.
func pyServer(t *testing.T, lv engine.Level) (string, *syncBuffer) {
	t.Helper()
	cfg := testConfig(t)
	cfg.Levels = []engine.Level{lv}
	var log syncBuffer
	cfg.Logger = slog.New(slog.NewTextHandler(&log, nil))
	_, addr := startServer(t, cfg)
	return addr, &log
}

// runPyBot runs the bot with args until it exits (at most 30 s) and returns
// its output.
// pyResult is how a run of the page's bot ended.
type pyResult struct {
	out, errOut string
	err         error
}

// startPyBot runs the page's bot in the background; its result arrives on
// the channel.
func startPyBot(t *testing.T, script string, args ...string) <-chan pyResult {
	done := make(chan pyResult, 1)
	go func() {
		out, errOut, err := runPyBot(t, script, args...)
		done <- pyResult{out, errOut, err}
	}()
	return done
}

func runPyBot(t *testing.T, script string, args ...string) (stdout, stderr string, err error) {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()
	cmd := exec.CommandContext(ctx, "python3", append([]string{script}, args...)...)
	var out, errb bytes.Buffer
	cmd.Stdout, cmd.Stderr = &out, &errb
	err = cmd.Run()
	if ctx.Err() != nil {
		err = errors.New("still running after 30 s")
	}
	return out.String(), errb.String(), err
}

// TestPythonBotSolo: the page's bot starts a solo game and wins it from its
// state messages — on a small maze whose key is out of sight at the start,
// and on the example level whose locked exit stands in the short way to the
// key, past a wanderer — and the server's log shows the game won.
func TestPythonBotSolo(t *testing.T) {
	t.Parallel()
	script := pyBot(t)
	locked, problems, err := levels.ParseFile(filepath.Join("..", "levels", "examples", "07-locked-door.txt"))
	if err != nil || len(problems) > 0 {
		t.Fatalf("levels/examples/07-locked-door.txt: %v %v", err, problems)
	}
	for _, c := range []struct {
		name  string
		level engine.Level
	}{
		{"maze", parseLevel(t,
			"+-----+-----+",
			"|P....|.....|",
			"|.+-+.|.+-+.|",
			"|.|...|.|K|.|",
			"|.+-+.+.+.+.|",
			"|...........E",
			"+-----------+",
		)},
		{"locked door", locked},
	} {
		t.Run(c.name, func(t *testing.T) {
			addr, log := pyServer(t, c.level)
			out, errOut, err := runPyBot(t, script, addr, "robo", "solo")
			if err != nil || !strings.Contains(out, "game over: won") {
				t.Fatalf("the bot did not win its solo game (%v)\nstdout:\n%s\nstderr:\n%s\nserver log:\n%s", err, out, errOut, log.String())
			}
			if errOut != "" {
				t.Errorf("the bot was told of errors:\n%s", errOut)
			}
			if !strings.Contains(log.String(), `msg="game over"`) || !strings.Contains(log.String(), "result=won") {
				t.Fatalf("the server's log does not show the game won:\n%s", log.String())
			}
		})
	}
}

// TestPythonBotCoop: run without "solo", the page's bot waits in the lobby,
// accepts a player's invitation, plays its seat of a co-op game to the win
// and quits.
func TestPythonBotCoop(t *testing.T) {
	t.Parallel()
	script := pyBot(t)
	addr, log := pyServer(t, corridor(t))
	done := startPyBot(t, script, addr, "robo")

	ada := login(t, addr, "ada")
	// Invite robo once the lobby shows it, as a bot.
	deadline := time.Now().Add(20 * time.Second)
	for found := false; !found; {
		l, ok := ada.recv().(*Lobby)
		if !ok {
			continue
		}
		for _, p := range l.Players {
			if p.Name == "robo" {
				if !p.Bot {
					t.Fatalf("the lobby does not show the Python bot as a bot: %+v", l.Players)
				}
				found = true
			}
		}
		if !found && time.Now().After(deadline) {
			t.Fatal("the Python bot never came into the lobby")
		}
	}
	ada.send(map[string]any{"t": "invite", "to": "robo"})
	ada.expect(TypeInviteSent)
	ada.seat = ada.expect(TypeStart).(*Start).Seat
	moves := 0
	for over := false; !over; {
		switch m := ada.recv().(type) {
		case *State:
			if m.YourTurn {
				ada.act("d")
				moves++
			}
		case *Over:
			if m.Result != "won" {
				t.Fatalf("the co-op game with the Python bot ended %s", m.Result)
			}
			over = true
		}
		if moves > 20 {
			t.Fatalf("no end after ada's %d moves in a corridor", moves)
		}
	}
	r := <-done
	if r.err != nil || !strings.Contains(r.out, "game over: won") {
		t.Fatalf("the bot: %v\nstdout:\n%s\nstderr:\n%s\nserver log:\n%s", r.err, r.out, r.errOut, log.String())
	}
}

// TestPythonBotWatched: a spectator comes and goes all through a co-op game
// with the page's bot, so that the players are told "carol is watching" and
// "carol stopped watching" again and again (game chat lines from nobody;
// until b4a9d79 they were states that answered no action and said
// your_turn again, and the bot acted twice); the bot still acts once per
// turn — never out of turn — and wins with its partner.
func TestPythonBotWatched(t *testing.T) {
	t.Parallel()
	script := pyBot(t)
	lv := parseLevel(t,
		"+-----+-----+",
		"|PP...|.....|",
		"|.+-+.|.+-+.|",
		"|.|...|.|K|.|",
		"|.+-+.+.+.+.|",
		"|...........E",
		"+-----------+",
	)
	addr, log := pyServer(t, lv)
	done := startPyBot(t, script, addr, "robo")
	ada := login(t, addr, "ada")
	for found := false; !found; {
		if l, ok := ada.recv().(*Lobby); ok {
			for _, p := range l.Players {
				found = found || p.Name == "robo"
			}
		}
	}
	ada.send(map[string]any{"t": "invite", "to": "robo"})
	ada.expect(TypeInviteSent)
	start := ada.expect(TypeStart).(*Start)
	ada.seat = start.Seat

	// Carol watches, leaves at her first state, watches again 1 ms after
	// she is back in the lobby, … until the game is over or the server
	// says she switches too often (ChatBurst watches a window).
	carol := login(t, addr, "carol")
	say := func(line string) { io.WriteString(carol.conn, line+"\n") }
	watched := make(chan int, 1)
	began := make(chan struct{}, 1000) // a token each time carol begins to watch
	go func() {
		n, leaving := 0, false
		defer func() { watched <- n }()
		carol.conn.SetDeadline(time.Now().Add(waitFor))
		watch := `{"t":"watch","game":"` + start.Game + `"}`
		say(watch)
		for {
			line, err := carol.r.ReadString('\n')
			if err != nil {
				return
			}
			switch {
			case strings.HasPrefix(line, `{"t":"start"`):
				n++
				began <- struct{}{}
			case strings.HasPrefix(line, `{"t":"state"`) && !leaving:
				say(`{"t":"leave"}`)
				leaving = true
			case strings.HasPrefix(line, `{"t":"lobby"`) && leaving:
				time.Sleep(time.Millisecond)
				say(watch)
				leaving = false
			case strings.HasPrefix(line, `{"t":"error"`), strings.HasPrefix(line, `{"t":"over"`):
				return
			}
		}
	}()

	turns, waiting := 0, false
	for over := false; !over; {
		switch m := ada.recv().(type) {
		case *State:
			// Ada, like the bot, waits for the state that tells her action.
			if waiting && !tells(m, ada.seat) {
				continue
			}
			waiting = m.YourTurn
			if m.YourTurn {
				turns++
				if turns <= 3 {
					// Ada's first three actions wait for carol to begin
					// to watch once more each, so she comes and goes
					// during the game however busy the machine.
					select {
					case <-began:
					case <-time.After(waitFor):
						t.Fatalf("carol did not begin to watch again before ada's turn %d", turns)
					}
				}
				time.Sleep(time.Millisecond) // for carol to come and go
				a := engine.Skip
				if m.Key {
					a, _ = testboard.Step(ada.me().Pos, lv.Exit, testboard.Walkable(lv, true))
				}
				ada.act(string(rune(a)))
			}
		case *Error:
			t.Fatalf("ada was told %s: %s", m.Code, m.Msg)
		case *Over:
			if m.Result != "won" {
				r := <-done
				t.Fatalf("the game ended %s\nbot: %s%s\nserver log:\n%s", m.Result, r.out, r.errOut, log.String())
			}
			over = true
		}
		if turns > 200 {
			select {
			case r := <-done:
				t.Fatalf("no end after 200 turns of ada; the bot stopped: %v\nstdout:\n%s\nstderr:\n%s", r.err, r.out, r.errOut)
			case <-time.After(waitFor):
				t.Fatal("no end after 200 turns of ada; the bot still runs")
			}
		}
	}
	r := <-done
	if r.err != nil || !strings.Contains(r.out, "game over: won") || r.errOut != "" {
		t.Fatalf("the bot: %v\nstdout:\n%s\nstderr:\n%s", r.err, r.out, r.errOut)
	}
	carol.conn.Close()
	if n := <-watched; n < 3 {
		t.Fatalf("carol began to watch only %d times: the test did not test", n)
	}
}

// tells reports whether a state tells an event of the seat.
func tells(s *State, seat int) bool {
	for _, e := range s.Happened {
		if e.Seat == seat {
			return true
		}
	}
	return false
}
