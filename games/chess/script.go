package chess

import (
	"bufio"
	"fmt"
	"io"
	"strings"
)

// RunScript plays g headless, as `minotaur chess --script` does: the moves
// of a side in computer are that player's own; every other move is the
// next line of script, one move a line (blank lines and lines starting
// with # are skipped). Each move is written to out as "<side> <move>: "
// and what the mover saw happen, an illegal one as "<side>: illegal: <why>"
// (and the side moves again), and last "WINNER <side> MOVE <n>" or
// "NO WINNER". The error is the script's read error; out has been flushed
// by then.
func RunScript(g *Game, script io.Reader, out io.Writer, computer map[Color]func(*View) (Move, bool)) error {
	w := bufio.NewWriter(out)
	defer w.Flush()
	move := func(m Move) error {
		side := g.ToMove()
		told, err := g.Apply(m)
		if err != nil {
			return err
		}
		fmt.Fprintf(w, "%s %v: %s\n", side, m, sentences(side, told[side]))
		return nil
	}
	computers := func() {
		for !g.Over() {
			choose := computer[g.ToMove()]
			if choose == nil {
				return
			}
			v := g.View(g.ToMove())
			m, ok := choose(&v)
			if !ok { // the game passes for a side with no move: not reached
				return
			}
			if err := move(m); err != nil {
				fmt.Fprintf(w, "%s: illegal: %v\n", g.ToMove(), err)
				return
			}
		}
	}
	computers()
	sc := bufio.NewScanner(script)
	sc.Buffer(make([]byte, 4096), 1<<20)
	for !g.Over() && sc.Scan() {
		line := strings.TrimSpace(sc.Text())
		if line == "" || strings.HasPrefix(line, "#") {
			continue
		}
		m, err := ParseMove(line)
		if err == nil {
			err = move(m)
		}
		if err != nil {
			fmt.Fprintf(w, "%s: illegal: %v\n", g.ToMove(), err)
			continue
		}
		computers()
	}
	if err := sc.Err(); err != nil {
		return err
	}
	if winner, drawn, over := g.Result(); over && !drawn {
		fmt.Fprintf(w, "WINNER %s MOVE %d\n", winner, (g.Ply()+1)/2)
	} else {
		fmt.Fprintln(w, "NO WINNER")
	}
	return nil
}

// sentences words what a side was told of a move, in one line.
func sentences(side Color, told []Event) string {
	var s []string
	for _, e := range told {
		s = append(s, sayWire(side, e))
	}
	return strings.Join(s, " ")
}
