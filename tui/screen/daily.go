package screen

import (
	"fmt"

	"github.com/minotaur-game/minotaur/netplay"
)

// DailyTable is the lines of the day's table: at most n entries, best
// first, the entry of name marked "← you" (and shown in the last place
// when it is not among the first n).
func DailyTable(st *Styles, d *netplay.Daily, name string, n, w int) []string {
	if len(d.Entries) == 0 {
		return []string{st.Faint.Render(Fit("nobody has finished it yet", w))}
	}
	mine := -1
	for i, e := range d.Entries {
		if e.Name == name {
			mine = i
			break
		}
	}
	show := make([]int, 0, n)
	for i := 0; i < len(d.Entries) && len(show) < n; i++ {
		show = append(show, i)
	}
	if mine >= n && n > 0 {
		show[n-1] = mine
	}
	var out []string
	for _, i := range show {
		e := d.Entries[i]
		line := fmt.Sprintf("%2d %-16s %5d lvl %d", i+1, e.Name, e.Score, e.Level)
		if e.Won {
			line += " won"
		}
		if i == mine {
			out = append(out, st.Selected.Render(Fit(line+" ← you", w)))
		} else {
			out = append(out, Fit(line, w))
		}
	}
	if len(d.Entries) > len(show) {
		out = append(out, st.Faint.Render(Fit(fmt.Sprintf("    and %d more", len(d.Entries)-len(show)), w)))
	}
	return out
}
