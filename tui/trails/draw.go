package trails

import (
	"fmt"
	"math"
	"strings"

	"github.com/charmbracelet/x/ansi"

	"github.com/minotaur-game/minotaur/games/trails"
	"github.com/minotaur-game/minotaur/tui/keymap"
	"github.com/minotaur-game/minotaur/tui/screen"
)

// layout is where the field is drawn: cw characters a cell; the window of
// rows × cols cells from (left, top) when the field does not fit whole.
type layout struct {
	cw, top, left, rows, cols int
}

// place works out the layout of an n × n field on a w × h screen whose
// panel needs panelW columns, keeping focus in the window.
func place(n, w, h, panelW int, focus trails.Cell) layout {
	l := layout{cw: 2}
	if 2*n+1+panelW > w {
		l.cw = 1
	}
	l.cols = min(n, max((w-panelW-1)/l.cw, 1))
	l.rows = min(n, max(h-1, 1))
	clamp := func(c, size int) int { return min(max(c-size/2, 0), n-size) }
	l.top, l.left = clamp(focus.Y, l.rows), clamp(focus.X, l.cols)
	return l
}

const panelMin = 26

// View draws the screen.
func (s *Screen) View() string {
	if s.c.TooSmall() {
		return s.c.TooSmallView()
	}
	if s.mode == modeEnd {
		return s.endView()
	}
	s.lay = s.layout()
	field := s.field()
	panelW := s.c.Width - s.lay.cols*s.lay.cw - 1
	panel := s.panel(panelW)
	// A note too long for the status line (why a move cannot be made, at
	// 40 columns) is wrapped at the foot of the panel instead, over the
	// key hints if need be: the player reads all of it.
	status := s.status()
	if ansi.StringWidth(status) > s.c.Width && panelW >= 20 {
		note := strings.Split(screen.Wrap(status, panelW), "\n")
		if over := len(panel) + len(note) - (s.c.Height - 1); over > 0 {
			panel = panel[:max(len(panel)-over, 0)]
		}
		panel, status = append(panel, note...), ""
	}
	var b strings.Builder
	for y := 0; y < s.c.Height-1; y++ {
		line := ""
		if y < len(field) {
			line = field[y]
		} else {
			line = strings.Repeat(" ", s.lay.cols*s.lay.cw)
		}
		if y < len(panel) {
			line += " " + ansi.Truncate(panel[y], panelW, "…")
		}
		b.WriteString(line)
		b.WriteByte('\n')
	}
	b.WriteString(ansi.Truncate(status, s.c.Width, "…"))
	return b.String()
}

// layout places the field on the screen, its window (when it does not fit
// whole) around the player to move.
func (s *Screen) layout() layout {
	v := &s.v
	focus := v.Players[0].Pos
	if v.Current != 0 {
		focus = v.Players[v.Current-1].Pos
	}
	return place(v.Size, s.c.Width, s.c.Height, panelMin, focus)
}

// hidden says, when the field does not fit the screen, where more of it
// lies beyond the window ("" when it is whole): the window follows the
// player to move.
func (s *Screen) hidden() string {
	l, n := s.lay, s.v.Size
	var dirs []string
	if l.top > 0 {
		dirs = append(dirs, "above")
	}
	if l.top+l.rows < n {
		dirs = append(dirs, "below")
	}
	if l.left > 0 {
		dirs = append(dirs, "left")
	}
	if l.left+l.cols < n {
		dirs = append(dirs, "right")
	}
	if len(dirs) == 0 {
		return ""
	}
	var shown []string
	if l.rows < n {
		shown = append(shown, fmt.Sprintf("rows %d–%d", l.top+1, l.top+l.rows))
	}
	if l.cols < n {
		shown = append(shown, fmt.Sprintf("columns %d–%d", l.left+1, l.left+l.cols))
	}
	return fmt.Sprintf("More of the field %s (%s of %d shown).", strings.Join(dirs, ", "), strings.Join(shown, ", "), n)
}

// field draws the window of the field, one string a row.
func (s *Screen) field() []string {
	v, l, gl := &s.v, s.lay, s.gl
	owner := map[trails.Cell]int{}
	for _, t := range v.Towers {
		owner[t.Cell] = -1
		if t.Owner != 0 {
			owner[t.Cell] = t.Owner
		}
	}
	marked := map[trails.Cell]bool{}
	if s.markMoves() {
		for _, t := range v.Legal {
			marked[t.To] = true
		}
	}
	rows := make([]string, 0, l.rows)
	var b strings.Builder
	for y := l.top; y < l.top+l.rows; y++ {
		b.Reset()
		row := v.Rows[y]
		for x := l.left; x < l.left+l.cols; x++ {
			ch := row[x]
			c := trails.Cell{X: x, Y: y}
			var k class
			switch ch {
			case 'b':
				k = clsBlueTrail
			case 'r':
				k = clsRedTrail
			case 'B':
				k = clsBlue
			case 'R':
				k = clsRed
			case 'T':
				k = clsTower
			default:
				k, ch = clsFree, '.'
			}
			if o, ok := owner[c]; ok && o > 0 && ch != 'B' && ch != 'R' {
				k, ch = clsTowerBlue+class(o-1), 'T'
			}
			cell := string(ch)
			if v.Current != 0 && c == v.Players[v.Current-1].Pos {
				b.WriteString(screen.CursorMark) // the terminal's cursor: the player to move
			}
			if marked[c] {
				if l.cw == 2 {
					cell += " "
				}
				b.WriteString(gl.paint(gl.marked[k], cell))
				continue
			}
			b.WriteString(gl.paint(gl.cell[k], cell))
			if l.cw == 2 {
				b.WriteByte(' ')
			}
		}
		rows = append(rows, b.String())
	}
	return rows
}

// markMoves: the legal cells are marked on the turn of a player at this
// keyboard.
func (s *Screen) markMoves() bool {
	if s.net != nil {
		return s.mode != modeEnd && s.v.Current != 0 && s.v.Current == s.net.seat
	}
	return s.mode != modeEnd && s.v.Current != 0 && !s.thinking && (s.bot == nil || s.v.Current == 1)
}

// playerLine is a player's towers and boost: the direction of their last
// move and how far the next move in it goes.
func playerLine(p trails.PlayerView, towers, w int) string {
	if w < 34 {
		if p.Next == 0 {
			if l := fmt.Sprintf("  towers %d/%d · no boost yet", p.Towers, towers); len(l) <= w {
				return l
			}
			return fmt.Sprintf("  towers %d/%d · no boost", p.Towers, towers)
		}
		return fmt.Sprintf("  towers %d/%d · boost %s %d", p.Towers, towers, p.Dir.Arrow(), p.Next)
	}
	if p.Next == 0 {
		return fmt.Sprintf("  towers %d of %d · no boost yet", p.Towers, towers)
	}
	return fmt.Sprintf("  towers %d of %d · boost %s next goes %d", p.Towers, towers, p.Dir.Arrow(), p.Next)
}

// who names a player on this screen: "Blue (you)", "Red (computer)".
func (s *Screen) who(n int) string {
	if s.net != nil {
		if n == s.net.seat {
			return s.netName(n) + " (you)"
		}
		return s.netName(n)
	}
	if s.bot == nil {
		return trails.Name(n)
	}
	if n == 1 {
		return "Blue (you)"
	}
	return "Red (computer)"
}

// panel is the side panel during play.
func (s *Screen) panel(w int) []string {
	v, gl := &s.v, s.gl
	lines := []string{gl.paint(gl.title, "TRAILS AND TOWERS")}
	switch {
	case s.thinking:
		lines = append(lines, gl.paint(gl.red, "Red")+" is thinking…")
	default:
		you := s.bot != nil && v.Current == 1 || s.net != nil && v.Current == s.net.seat
		lines = append(lines, gl.paint(gl.player(v.Current), trails.Name(v.Current))+" to move"+map[bool]string{true: " (you)"}[you])
	}
	for i, p := range v.Players {
		n := i + 1
		name := gl.paint(gl.player(n), fmt.Sprintf("%c %s", "BR"[i], s.who(n)))
		lines = append(lines, name, playerLine(p, len(v.Towers), w))
	}
	if v.Last != nil {
		lines = append(lines, fmt.Sprintf("Last: %s %s %d → %v", trails.Name(v.Last.Player), v.Last.Dir.Arrow(), v.Last.Len, v.Last.To))
	} else if start := "Blue starts top left, Red bottom right."; len(start) <= w {
		lines = append(lines, start)
	} else {
		lines = append(lines, "B top left, R bottom right")
	}
	move := fmt.Sprintf("Move %d · %s", v.Moves+1, s.opponent())
	if len([]rune(move)) > w && s.net != nil && s.net.bot > 0 {
		move = fmt.Sprintf("Move %d · online, level %d", v.Moves+1, s.net.bot) // the computer's, said above
	}
	lines = append(lines, move)
	if more := s.hidden(); more != "" {
		lines = append(lines, strings.Split(screen.Wrap(gl.paint(gl.warn, more), w), "\n")...)
	}
	if s.c.Height >= 16 {
		goal := fmt.Sprintf("Take %d of %d towers (T) with a boosted jump onto them to win.", len(v.Towers)/2+1, len(v.Towers))
		lines = append(lines, "")
		lines = append(lines, strings.Split(screen.Wrap(goal, min(w, 39)), "\n")...)
	}
	if s.c.Height >= 16 {
		lines = append(lines, "")
	}
	k := func(keys, text string) string { return gl.paint(gl.key, keys) + " " + text }
	km, g := keymap.Active(), keymap.Trails
	moves, help, pause := km.MoveLabel(g, "arrows WASD"), km.Label(g, "help", "?"), km.Label(g, "pause", "P")
	undoKey, restart := km.Label(g, "undo", "U"), km.Label(g, "restart", "R")
	// The hints offer only what works here: no moves for a spectator, no
	// undo but against the computer.
	switch {
	case s.net != nil && s.net.seat == 0:
		lines = append(lines, k(help, "help · ")+k("Esc", "leave"))
	case s.net != nil:
		lines = append(lines, k(moves, "move · click"), k(help, "help · ")+k(km.Label(g, "pause", "P Esc"), "leave"))
	case w >= 34:
		undo := ""
		if s.bot != nil {
			undo = k(undoKey, "undo · ")
		}
		lines = append(lines, k(moves, "move · click a marked cell"))
		lines = append(lines, undo+k(restart, "restart · ")+k(help, "help · ")+k(pause, "pause"))
	default:
		undo := ""
		if s.bot != nil {
			undo = k(undoKey, "undo ")
		}
		lines = append(lines, k(moves, "or click"), undo+k(restart, "restart"), k(help, "help ")+k(pause, "pause"))
	}
	return lines
}

func (s *Screen) opponent() string {
	if s.net != nil {
		switch {
		case s.net.seat == 0:
			return "watching"
		case s.net.bot > 0:
			return fmt.Sprintf("online, computer level %d", s.net.bot)
		}
		return "online"
	}
	if s.bot != nil {
		return fmt.Sprintf("computer level %d", s.bot.Level)
	}
	return "two players"
}

// endView is the end of a game on the end frame every game shares: who
// won and why, the final field beside the move list (↑↓ scroll it), and
// what next — again, or the menu (online: the lobby).
func (s *Screen) endView() string {
	v, gl, w := &s.v, s.gl, s.c.Width
	// The result in capitals, as every game's end frame; a player's name
	// as they wrote it.
	result := strings.ToUpper(trails.Name(v.Winner)) + " WINS"
	switch {
	case v.Winner == 0:
		result = "THE GAME IS OVER"
	case s.net != nil && s.net.seat != 0:
		result = map[bool]string{true: "YOU WIN", false: s.netName(v.Winner) + " WINS"}[v.Winner == s.net.seat]
	case s.net != nil:
		result = s.netName(v.Winner) + " WINS"
	case s.bot != nil:
		result = map[int]string{1: "YOU WIN", 2: "THE COMPUTER WINS"}[v.Winner]
	}
	hints := "↑↓ moves · "
	switch {
	case s.net != nil:
		hints += "Enter: lobby"
	case s.bot != nil:
		hints += "U: undo · " + screen.EndHints
	default:
		hints += screen.EndHints
	}
	// The body's height: the terminal less the result, the heading, the
	// blank line and the hints.
	top := 2
	if ansi.StringWidth(result+" · Trails and Towers") > w {
		top++
	}
	foot := len(screen.WrapParts(strings.Split(hints, " · "), " · ", w))
	rows := max(s.c.Height-top-1-foot, 3)
	focus := v.Players[0].Pos
	if v.Winner != 0 {
		focus = v.Players[v.Winner-1].Pos
	}
	s.lay = place(v.Size, w, rows+1, panelMin, focus)
	field := s.field()
	fieldW := s.lay.cols * s.lay.cw
	listW := max(w-fieldW-2, 10)
	var list []string
	if more := s.hidden(); more != "" {
		list = strings.Split(screen.Wrap(gl.paint(gl.warn, more), listW), "\n")
	}
	list = append(list, fmt.Sprintf("Moves (%d):", v.Moves))
	s.moves.Width, s.moves.Height = listW, max(rows-len(list), 1)
	s.moves.SetContent(s.moveList(listW))
	list = append(list, strings.Split(s.moves.View(), "\n")...)
	body := screen.Columns(field, list, fieldW, listW, 2, w)
	for i, l := range body {
		body[i] = ansi.Truncate(l, w, "…")
	}
	return screen.EndFrame(s.c, result, " · Trails and Towers", v.Result, body, hints)
}

// moveList is every move, as many a line as fit in w columns:
// "12.B→(3, 0)" with a T after a tower taken.
func (s *Screen) moveList(w int) string {
	var ms []trails.Move
	if s.net != nil {
		ms = s.net.moves
	} else {
		ms = s.g.Moves()
	}
	entries := make([]string, len(ms))
	width := 0
	for i, m := range ms {
		e := fmt.Sprintf("%d.%c%s%d,%d", i+1, "BR"[m.Player-1], m.Dir.Arrow(), m.To.X, m.To.Y)
		if m.Tower >= 0 {
			e += "T"
		}
		entries[i] = e
		width = max(width, ansi.StringWidth(e))
	}
	per := max(1, (w+1)/(width+1))
	var b strings.Builder
	for i, e := range entries {
		b.WriteString(e)
		if (i+1)%per == 0 || i == len(entries)-1 {
			b.WriteByte('\n')
		} else {
			b.WriteString(strings.Repeat(" ", width+1-ansi.StringWidth(e)))
		}
	}
	return strings.TrimSuffix(b.String(), "\n")
}

// status is the bottom line: a note, a question, or what the marks mean.
func (s *Screen) status() string {
	switch s.mode {
	case modeRestart:
		if s.net != nil {
			return s.gl.paint(s.gl.warn, "Leave the game? You lose it. (y/n)")
		}
		return s.gl.paint(s.gl.warn, "Restart the game from the start? (y/n)")
	}
	if s.note != "" {
		return s.note
	}
	if s.markMoves() {
		n := len(s.v.Legal)
		mark := "green"
		if s.gl.mono {
			mark = "highlighted"
		}
		return fmt.Sprintf("%s: %d move%s (%s cells).", trails.Name(s.v.Current), n, plural(n), mark)
	}
	return ""
}

// clicked is the move a mouse click at screen (x, y) asks for: the marked
// cell clicked, or the marked cell most nearly in the direction clicked.
func (s *Screen) clicked(x, y int) (trails.Dir, bool) {
	l := s.layout()
	if !s.markMoves() || x < 0 || y < 0 || x >= l.cols*l.cw || y >= l.rows {
		return trails.NoDir, false
	}
	c := trails.Cell{X: l.left + x/l.cw, Y: l.top + y}
	pos := s.v.Players[s.v.Current-1].Pos
	dx, dy := float64(c.X-pos.X), float64(c.Y-pos.Y)
	if dx == 0 && dy == 0 {
		return trails.NoDir, false
	}
	best, bestCos := trails.NoDir, -2.0
	for _, t := range s.v.Legal {
		if t.To == c {
			return t.Dir, true
		}
		tx, ty := float64(t.To.X-pos.X), float64(t.To.Y-pos.Y)
		cos := (dx*tx + dy*ty) / math.Hypot(dx, dy) / math.Hypot(tx, ty)
		if cos > bestCos {
			best, bestCos = t.Dir, cos
		}
	}
	// "In the general direction": within 60° of the marked cell.
	return best, best != trails.NoDir && bestCos > 0.5
}
