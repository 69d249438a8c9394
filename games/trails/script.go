package trails

import (
	"bufio"
	"fmt"
	"io"
	"strings"
)

// RunScript plays g headless, as `minotaur trails --script` does: each move
// of a seat in computer is that player's choice; every other move is the
// next line of script, one direction a line (U, L, D or R, or up, left,
// down, right; blank lines and lines starting with # are skipped). Each
// move is written to out as "P<n>: <dir> -> (x, y)[ takes tower k]", an
// illegal one as "P<n>: illegal: <why>" (and the seat moves again), and
// last "WINNER <n> MOVE <m>" or "NO WINNER" when the script ends first.
// The error is the script's read error; out has been flushed by then.
func RunScript(g *Game, script io.Reader, out io.Writer, computer map[int]func(*Position) Dir) error {
	w := bufio.NewWriter(out)
	defer w.Flush()
	sc := bufio.NewScanner(script)
	sc.Buffer(make([]byte, 4096), 1<<20)
	for !g.Over() {
		seat := g.Current()
		var d Dir
		if choose := computer[seat]; choose != nil {
			d = choose(g.Position())
		} else {
			line, ok := "", false
			for sc.Scan() {
				line = strings.TrimSpace(sc.Text())
				if line != "" && !strings.HasPrefix(line, "#") {
					ok = true
					break
				}
			}
			if !ok {
				break
			}
			var err error
			if d, err = ParseDir(line); err != nil {
				fmt.Fprintf(w, "P%d: illegal: %v\n", seat, err)
				continue
			}
		}
		m, err := g.Move(d)
		if err != nil {
			fmt.Fprintf(w, "P%d: illegal: %v\n", seat, err)
			continue
		}
		fmt.Fprintf(w, "P%d: %s\n", seat, g.Line(m))
	}
	if err := sc.Err(); err != nil {
		return err
	}
	if winner, _ := g.Winner(); winner != 0 {
		fmt.Fprintf(w, "WINNER %d MOVE %d\n", winner, len(g.Moves()))
	} else {
		fmt.Fprintln(w, "NO WINNER")
	}
	return nil
}
