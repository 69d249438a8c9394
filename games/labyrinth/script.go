package labyrinth

import (
	"bufio"
	"fmt"
	"io"
	"strconv"
	"strings"
)

// ScriptError is a line of a script that the referee refuses: the script
// stops there.
type ScriptError struct {
	Line int // from 1
	Msg  string
}

func (e *ScriptError) Error() string { return fmt.Sprintf("script line %d: %s", e.Line, e.Msg) }

// RunScript plays g headless, as `minotaur labyrinth --script` does: one
// command a line, "p1 W", "p2 X D" or a bare command for the player whose
// turn it is (blank lines and lines starting with # are skipped). Every
// answer is written to out as "P<n>: <answer>", the opening ones first, and
// last "WINNER <n> TURN <t>" or "NO WINNER".
//
// A line the referee refuses stops the script with a *ScriptError (and no
// last line); a read error is returned as it is. When the game ends before
// the script does, the rest is not played and note says so: with countable
// set (the script can be read to its end without waiting, a file) it counts
// the commands left. out has been flushed when RunScript returns.
func RunScript(g *Game, script io.Reader, out io.Writer, countable bool) (note string, err error) {
	w := bufio.NewWriter(out)
	defer w.Flush()
	say := func(answers []Answer) {
		for _, a := range answers {
			fmt.Fprintf(w, "P%d: %s\n", a.Player, a.Text())
		}
	}
	say(g.Opening())
	sc := bufio.NewScanner(script)
	sc.Buffer(make([]byte, 4096), 1<<20)
	for no := 1; sc.Scan(); no++ {
		line := strings.TrimSpace(sc.Text())
		if line == "" || strings.HasPrefix(line, "#") {
			continue
		}
		fail := func(format string, a ...any) (string, error) {
			return "", &ScriptError{Line: no, Msg: fmt.Sprintf(format, a...)}
		}
		if g.Over() {
			// The game is over: the rest is not played (a bot's stream
			// of moves may run on); say how much was left.
			winner, turn := g.Winner()
			if !countable {
				note = fmt.Sprintf("player %d won in turn %d; the script was not played from line %d on", winner, turn, no)
				break
			}
			left := 1
			for sc.Scan() {
				if l := strings.TrimSpace(sc.Text()); l != "" && !strings.HasPrefix(l, "#") {
					left++
				}
			}
			note = fmt.Sprintf("player %d won in turn %d; %s of the script after it (from line %d) not played", winner, turn, plural(left, "command", "commands"), no)
			break
		}
		cmdText := line
		if len(line) >= 2 && (line[0] == 'p' || line[0] == 'P') && line[1] >= '0' && line[1] <= '9' {
			fields := strings.Fields(line)
			n, err := strconv.Atoi(fields[0][1:])
			if err != nil {
				return fail("%q is not a player: write the player and the command, like \"p1 W\", or the command alone", fields[0])
			}
			if n < 1 || n > g.Players() {
				return fail("%q names no player of this game (p1 to p%d)", fields[0], g.Players())
			}
			if n != g.Current() {
				return fail("it is player %d's turn, not player %d's", g.Current(), n)
			}
			cmdText = strings.Join(fields[1:], " ")
		}
		cmd, err := ParseCommand(cmdText)
		if err != nil {
			return fail("%v", err)
		}
		answers, err := g.Act(cmd)
		if err != nil {
			return fail("%v", err)
		}
		say(answers)
	}
	if err := sc.Err(); err != nil {
		return note, err
	}
	if winner, turn := g.Winner(); winner != 0 {
		fmt.Fprintf(w, "WINNER %d TURN %d\n", winner, turn)
	} else {
		fmt.Fprintln(w, "NO WINNER")
	}
	return note, nil
}
