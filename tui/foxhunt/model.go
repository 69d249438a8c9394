package foxhunt

import (
	"fmt"
	"sort"
	"strconv"
	"strings"
	"time"

	tea "github.com/charmbracelet/bubbletea"
	"github.com/charmbracelet/lipgloss"
	"github.com/charmbracelet/x/ansi"

	"github.com/minotaur-game/minotaur/foxnet"
	"github.com/minotaur-game/minotaur/games/foxhunt"
	"github.com/minotaur-game/minotaur/games/foxhunt/bot"
	"github.com/minotaur-game/minotaur/safetext"
	"github.com/minotaur-game/minotaur/tui/keymap"
	"github.com/minotaur-game/minotaur/tui/screen"
)

// Mode is what the screen is for.
type Mode uint8

const (
	Play  Mode = iota // a person plays a seat
	Watch             // a spectator
)

// Options set up a screen.
type Options struct {
	Mode Mode
	// Addr is the server to connect to; empty with Local set.
	Addr string
	// Local, when not nil, is the match to start in process (a person
	// against bots) instead of connecting to Addr.
	Local *foxnet.Config
	Name  string // the name to ask for (play)
	// Renderer and Mono: the terminal's renderer and whether it has no
	// colour (NO_COLOR or a plain terminal).
	Renderer *lipgloss.Renderer
	Mono     bool
	// Palette is the colours of the board (nil: screen.Dark).
	Palette *screen.Palette
	// Now tells the time (for the round's time left).
	Now func() time.Time
	// Embedded is set when the screen lives in the main program's stack
	// (the menu's local match): leaving it goes back instead of quitting.
	Embedded bool
}

// Model is the play or watch screen.
type Model struct {
	opt  Options
	link *link
	srv  *foxnet.Server

	r       foxnet.Reader
	st      *foxnet.State
	fuses   bot.Fuses             // the bombs' rounds left
	known   map[foxhunt.Point]int // the bombs' rounds left, as a lobby's state tells them
	colors  map[string]int
	roundAt time.Time
	timeout time.Duration
	lens    []time.Duration // the last rounds' lengths (a spectator's time left)
	now     time.Time

	sent     string // the command sent this round
	bomb     bool   // B pressed: a direction and a distance follow
	bombDir  string
	note     string
	over     bool
	final    []foxnet.Entry
	gone     string // why the connection ended
	heard    bool   // a line of the contest came: the server is a Fox hunt one
	panX     int    // a spectator's view moved by hand
	panY     int
	w, h     int
	glyph    *glyphs
	glyphFor bool // the glyph table's cell width
	leaving  bool // the player left an embedded screen
}

// New makes the screen; Init connects.
func New(opt Options) *Model {
	if opt.Now == nil {
		opt.Now = time.Now
	}
	return &Model{opt: opt, colors: map[string]int{}, w: 80, h: 24}
}

type tickMsg time.Time

func tick() tea.Cmd {
	return tea.Tick(100*time.Millisecond, func(t time.Time) tea.Msg { return tickMsg(t) })
}

// Init connects to the server (or starts the local match).
func (m *Model) Init() tea.Cmd {
	if m.opt.Local != nil {
		return tea.Batch(localMatch(*m.opt.Local), tick())
	}
	return tea.Batch(dial(m.opt.Addr), tick())
}

// Close ends the connection and a local match (call it when the screen is
// left).
func (m *Model) closeCmd() tea.Cmd {
	l, srv := m.link, m.srv
	return func() tea.Msg {
		if l != nil {
			l.conn.Close()
		}
		if srv != nil {
			srv.Close()
		}
		return nil
	}
}

func (m *Model) quit() tea.Cmd {
	c := m.closeCmd()
	if m.opt.Embedded {
		m.leaving = true
		return c
	}
	return tea.Sequence(c, tea.Quit)
}

// Update handles the server's lines, the clock and the keys.
func (m *Model) Update(msg tea.Msg) (tea.Model, tea.Cmd) {
	switch msg := msg.(type) {
	case tea.WindowSizeMsg:
		m.w, m.h = msg.Width, msg.Height
	case connectedMsg:
		m.link, m.srv = msg.l, msg.srv
		cmds := []tea.Cmd{m.link.next()}
		if m.opt.Name != "" && m.opt.Mode == Play {
			cmds = append(cmds, m.link.send("name:"+m.opt.Name))
		}
		return m, tea.Batch(cmds...)
	case lineMsg:
		for _, line := range msg.lines {
			m.line(line)
		}
		return m, m.link.next()
	case closedMsg:
		switch {
		case msg.err != nil:
			m.gone = screen.ConnectProblem(m.opt.Addr, "a Fox hunt server", msg.err)
		case !m.heard && m.gone == "":
			m.gone = notFoxServer(m.opt.Addr)
		case m.gone == "":
			m.gone = "The server closed the connection."
		}
	case sentMsg:
		if msg.err != nil {
			m.note = "Could not send: " + msg.err.Error()
		}
	case tickMsg:
		m.now = m.opt.Now() // one clock for the round's start and now
		return m, tick()
	case tea.KeyMsg:
		return m, m.key(msg)
	}
	return m, nil
}

// gameServerNotFox is said when the server at addr answers as a
// Minotaur game server does (JSON): it hosts the Fox hunt in its lobby.
func gameServerNotFox(addr string) string {
	return safetext.Clean(addr) + " is a Minotaur game server, not a Fox hunt contest server: play the Fox hunt there " +
		"from its lobby (minotaur, then Network game), or point foxhunt play at a contest server (minotaur foxhunt serve)."
}

// notFoxServer is said when the server at addr closed the connection
// before saying anything of the contest.
func notFoxServer(addr string) string {
	return safetext.Clean(addr) + " closed the connection without a word of the Fox hunt: it may not be a Fox hunt " +
		"contest server (a Minotaur game server hosts the Fox hunt in its lobby: minotaur, then Network game). Check the address and the port."
}

// line takes one line from the server. Every string of it that reaches the
// screen — a note, the player's own name, the table's names — is cleaned
// here, the one way in: a server of the contest may be anybody's.
func (m *Model) line(line string) {
	if !m.heard && strings.HasPrefix(line, `{"t":`) {
		// A Minotaur game server's JSON, not the contest's lines.
		m.gone = gameServerNotFox(m.opt.Addr)
		if m.link != nil {
			m.link.conn.Close()
		}
		return
	}
	s, err := m.r.Line(line)
	m.r.Name = safetext.Clean(m.r.Name)
	if err != nil {
		m.note = safetext.Clean("The server sent a block this screen cannot read: " + err.Error())
		return
	}
	m.heard = true
	if strings.HasPrefix(line, "E: ") {
		m.note = safetext.Clean(line[3:])
	}
	if line == foxnet.AlreadyText {
		m.note = line
	}
	if m.r.Over && !m.over {
		m.over = true
		if m.st != nil {
			m.final = append([]foxnet.Entry(nil), m.st.Table...)
			sort.SliceStable(m.final, func(i, j int) bool { return m.final[i].Points > m.final[j].Points })
		}
	}
	if s == nil {
		return
	}
	now := m.opt.Now()
	if m.over && s.Round <= 1 || m.st != nil && s.Round < m.st.Round {
		// a new match
		m.over, m.r.Over = false, false
		m.fuses.Reset()
		m.lens = m.lens[:0]
	} else if m.st != nil && !m.roundAt.IsZero() {
		// how long the round just played lasted
		m.lens = append(m.lens, now.Sub(m.roundAt))
		if len(m.lens) > 4 {
			m.lens = m.lens[1:]
		}
	}
	safetext.All(&s.Table)
	m.fuses.Update(&s.View)
	m.st = s
	m.roundAt = now
	m.timeout = parseTimeout(s.Timeout)
	m.sent, m.bomb, m.bombDir = "", false, ""
	for _, e := range s.Table {
		if _, ok := m.colors[e.Name]; !ok {
			m.colors[e.Name] = len(m.colors) % numColors
		}
	}
}

func parseTimeout(s string) time.Duration {
	f, err := strconv.ParseFloat(strings.TrimSpace(s), 64)
	if err != nil || f <= 0 {
		return time.Second
	}
	return time.Duration(f * float64(time.Second))
}

// foxKey is what a key means in a match, as the active keymap binds it:
// its action ("up", "wait", "bomb", "quit", …; "" for none), the command
// letter of a step (w a s d; "" for none), and the key in lower case.
func foxKey(k tea.KeyMsg) (act, dir, s string) {
	act = keymap.Active().Action(keymap.FoxHunt, k)
	dir = map[string]string{"up": "w", "left": "a", "down": "s", "right": "d"}[act]
	return act, dir, strings.ToLower(k.String())
}

// isDigit reports whether s is one of the digits of a bomb's reach.
func isDigit(s string) bool { return len(s) == 1 && s[0] >= '0' && s[0] <= '9' }

func (m *Model) key(k tea.KeyMsg) tea.Cmd {
	act, dir, s := foxKey(k)
	if s == "ctrl+c" {
		return m.quit()
	}
	if m.opt.Mode == Watch {
		m.pan(act, s)
		if act == "quit" || s == "esc" {
			return m.quit()
		}
		return nil
	}
	if act == "quit" {
		if m.link == nil {
			return m.quit()
		}
		return tea.Sequence(m.link.send("q"), m.quit())
	}
	if s == "esc" {
		if m.bomb {
			m.bomb, m.bombDir, m.note = false, "", ""
			return nil
		}
		return m.quit()
	}
	if m.st == nil || m.link == nil || m.over || m.gone != "" {
		return nil
	}
	if m.bomb {
		// after a direction, a digit is the bomb's reach (before it, the
		// numpad's digits aim)
		if isDigit(s) && m.bombDir != "" {
			return m.send("b" + s + m.bombDir)
		}
		if dir != "" {
			m.bombDir = dir
			m.note = "Bomb " + dirName(dir) + ": how far? 0-9"
			return nil
		}
		if act == "bomb" {
			return m.send("b")
		}
		if s == " " || s == "space" || s == "enter" {
			if m.bombDir == "" {
				return m.send("b")
			}
			return m.send("b1" + m.bombDir)
		}
		return nil
	}
	switch {
	case dir != "":
		return m.send(dir)
	case act == "bomb":
		if m.sent != "" {
			m.note = "You already sent a command this round."
			return nil
		}
		m.bomb, m.bombDir = true, ""
		m.note = "Bomb: a direction (WASD), or B again for your own field"
	case act == "wait":
		return m.send("n")
	case act == "" && keymap.IsUnknown(k):
		m.note = keymap.Active().Unknown(keymap.FoxHunt)
	}
	return nil
}

// pan moves a spectator's view of the map.
func (m *Model) pan(act, s string) {
	switch act {
	case "up":
		m.panY--
	case "down":
		m.panY++
	case "left":
		m.panX--
	case "right":
		m.panX++
	case "centre":
		m.panX, m.panY = 0, 0
	}
}

func dirName(d string) string {
	return map[string]string{"w": "up", "a": "left", "s": "down", "d": "right"}[d]
}

func (m *Model) send(cmd string) tea.Cmd {
	m.bomb, m.bombDir = false, ""
	if m.sent != "" {
		m.note = "You already sent a command this round."
		return nil
	}
	m.sent = cmd
	m.note = ""
	if me := m.me(); me >= 0 && strings.HasPrefix(cmd, "b") {
		m.fuses.Thrown(m.st.Table[me].At)
	}
	return m.link.send(cmd)
}

// me is the player's row in the table (-1 for a spectator or before the
// name is known).
func (m *Model) me() int {
	if m.opt.Mode != Play || m.st == nil {
		return -1
	}
	for i, e := range m.st.Table {
		if e.Name == m.r.Name {
			return i
		}
	}
	return -1
}

// cursorMark marks the player's field for the terminal's cursor, in a
// match shown by the program's screens (whose root takes the mark out).
func (m *Model) cursorMark(b *strings.Builder) {
	if m.opt.Embedded {
		b.WriteString(screen.CursorMark)
	}
}

// View draws the whole screen.
func (m *Model) View() string {
	if m.w < 40 || m.h < 12 {
		return fmt.Sprintf("Terminal too small: need at least 40×12 (now %d×%d)", m.w, m.h)
	}
	var lines []string
	if m.st == nil {
		msg := "Connecting…"
		switch {
		case m.gone != "":
			msg = m.gone + "  (q leaves)"
		case m.link != nil && m.opt.Mode == Play:
			msg = "Waiting for the match to start… (q leaves)"
			if m.note != "" {
				msg += "\n" + m.note
			}
		case m.link != nil:
			msg = "Waiting for a match to watch… (q leaves)"
		}
		return lipgloss.Place(m.w, m.h, lipgloss.Center, lipgloss.Center, msg)
	}
	if m.over {
		return m.finalView()
	}
	wide := m.w >= 64
	panelW := 0
	if wide {
		panelW = 26
	}
	mapCols := m.w - panelW
	mapRows := m.h - 2 // the header and the hint line
	if !wide {
		mapRows = m.h - 4 // and two lines of score
	}
	cellWide := mapCols >= 2*m.st.W
	if m.glyph == nil || m.glyphFor != cellWide {
		m.glyph = newGlyphs(m.opt.Renderer, m.opt.Palette, m.opt.Mono, cellWide)
		m.glyphFor = cellWide
	}
	mapLines := m.drawMap(mapCols, mapRows)
	lines = append(lines, m.header())
	var panel []string
	if wide {
		panel = m.panel(panelW, mapRows)
	}
	for i := 0; i < mapRows; i++ {
		l := mapLines[i]
		if wide {
			l += " " + panel[i]
		}
		lines = append(lines, l)
	}
	if !wide {
		lines = append(lines, m.shortScores()...)
	}
	lines = append(lines, m.hint())
	for i, l := range lines {
		lines[i] = ansi.Truncate(l, m.w, "")
	}
	return strings.Join(lines, "\n")
}

func (m *Model) header() string {
	st := m.st
	s := fmt.Sprintf("Fox hunt  round %d/%d", st.Round, st.Rounds)
	if m.w < 64 {
		s = fmt.Sprintf("round %d/%d", st.Round, st.Rounds)
	}
	// A round without a deadline (a room that waits for every command)
	// has no time left to name.
	if m.timeout > 0 {
		left := m.timeLeft()
		if m.w < 64 {
			s += fmt.Sprintf(" %.1fs", left.Seconds())
		} else {
			s += fmt.Sprintf("  %.1fs left", left.Seconds())
		}
	}
	if me := m.me(); me >= 0 {
		role := "hunter"
		if me == 0 {
			role = "the FOX"
		}
		s += fmt.Sprintf("  %s: %s", m.r.Name, role)
	} else if m.opt.Mode == Watch {
		s += "  watching"
	}
	return s
}

// timeLeft is the round's time left. A player's round waits for it up to
// the timeout. A spectator's ends when every player has sent a command,
// which it cannot see: it counts down from the longest of the last rounds
// (when they ended before the timeout), then, in a round that runs longer,
// what is left of the timeout.
func (m *Model) timeLeft() time.Duration {
	el := m.now.Sub(m.roundAt)
	if m.now.IsZero() || m.now.Before(m.roundAt) {
		el = 0
	}
	left := m.timeout - el
	if m.opt.Mode == Watch && len(m.lens) > 0 {
		est := 0 * time.Second
		for _, l := range m.lens {
			est = max(est, l)
		}
		if est < m.timeout && el < est {
			left = est - el
		}
	}
	return max(left, 0)
}

// drawMap draws the part of the map that fits cols×rows, centred on the
// player (or the fox for a spectator).
func (m *Model) drawMap(cols, rows int) []string {
	st, g := m.st, m.glyph
	cw := g.width()
	visW, visH := min(st.W, cols/cw), min(st.H, rows)
	focus := foxhunt.Point{X: st.W / 2, Y: st.H / 2}
	if len(st.Table) > 0 {
		focus = st.Table[0].At
	}
	if me := m.me(); me >= 0 {
		focus = st.Table[me].At
	}
	focus.X += m.panX
	focus.Y += m.panY
	x0 := clamp(focus.X-visW/2, 0, st.W-visW)
	y0 := clamp(focus.Y-visH/2, 0, st.H-visH)
	// who stands where, for the colours
	type who struct{ i, n int }
	at := map[foxhunt.Point]who{}
	for i, e := range st.Table {
		w := at[e.At]
		if w.n == 0 {
			w.i = i
		}
		w.n++
		at[e.At] = w
	}
	me := m.me()
	out := make([]string, rows)
	var b strings.Builder
	for y := 0; y < rows; y++ {
		b.Reset()
		if y < visH {
			row := st.Rows[y0+y]
			for x := x0; x < x0+visW; x++ {
				p := foxhunt.Point{X: x, Y: y0 + y}
				c := row[x]
				switch c {
				case '_':
					b.WriteString(g.free)
				case 'w':
					b.WriteString(g.wall)
				case 'W':
					b.WriteString(g.rock)
				case '*':
					b.WriteString(g.beam)
				case 'r':
					b.WriteString(g.special[0])
				case 'b':
					b.WriteString(g.special[1])
				case 'h':
					b.WriteString(g.special[2])
				case 'B':
					b.WriteString(g.bomb[clamp(m.fuseAt(p), 0, 9)])
				case 'f':
					b.WriteString(g.fox)
				case 'P':
					if w := at[p]; me >= 0 && st.Table[me].At == p {
						m.cursorMark(&b)
						b.WriteString(g.me[m.colors[st.Table[me].Name]])
					} else if w.n > 0 && w.i == 0 {
						b.WriteString(g.fox)
					} else {
						b.WriteString(g.several)
					}
				case 'p':
					w, col := at[p], 0
					if w.n > 0 {
						col = m.colors[st.Table[w.i].Name]
					}
					if w.n > 0 && w.i == me {
						m.cursorMark(&b)
						b.WriteString(g.me[col])
					} else {
						b.WriteString(g.hunter[col])
					}
				default:
					b.WriteString(g.blank())
				}
			}
		}
		pad := cols - visW*cw
		if y >= visH {
			pad = cols
		}
		b.WriteString(strings.Repeat(" ", max(pad, 0)))
		out[y] = b.String()
	}
	return out
}

// fuseAt is the rounds left to the bomb at p: as the lobby's state tells
// them (known), else as the contest's blocks let the screen count them.
func (m *Model) fuseAt(p foxhunt.Point) int {
	if f, ok := m.known[p]; ok {
		return f
	}
	return m.fuses.Left(p)
}

func clamp(v, lo, hi int) int {
	if hi < lo {
		return lo
	}
	return min(max(v, lo), hi)
}

// panel is the scoreboard and the keys, beside the map.
func (m *Model) panel(w, rows int) []string {
	st, g := m.st, m.glyph
	out := []string{"Scores", ""}
	order := make([]int, len(st.Table))
	for i := range order {
		order[i] = i
	}
	sort.SliceStable(order, func(a, b int) bool { return st.Table[order[a]].Points > st.Table[order[b]].Points })
	me := m.me()
	maxRows := rows - 9
	for k, i := range order {
		if k >= maxRows && i != me && i != 0 {
			continue
		}
		e := st.Table[i]
		mark := " "
		if i == 0 {
			mark = g.foxMark
		}
		name := e.Name
		if len(name) > w-12 {
			name = name[:w-12]
		}
		line := fmt.Sprintf("%s%s %-*s %6d", g.swatch[m.colors[e.Name]], mark, w-11, name, e.Points)
		if i == me {
			line += " <"
		}
		out = append(out, line)
	}
	out = append(out, "")
	if m.opt.Mode == Play {
		km, fg := keymap.Active(), keymap.FoxHunt
		bomb := km.Label(fg, "bomb", "B")
		out = append(out, km.MoveLabel(fg, "WASD/arrows")+" move", bomb+" dir 0-9  throw", bomb+" "+bomb+"  bomb here", km.Label(fg, "wait", "Space")+"  nothing")
		if m.opt.Embedded && m.opt.Local != nil {
			// the menu's local match: the keys of every game (docs/guide.md)
			out = append(out, km.Label(fg, "help", "?")+" help  "+km.Label(fg, "pause", "Esc")+" pause", km.Label(fg, "quit", "q")+"  leave (asks)")
		} else {
			out = append(out, km.Label(fg, "quit", "q")+"  leave")
		}
	} else {
		out = append(out, "arrows  pan", "c  back to the fox", "q  leave")
	}
	for len(out) < rows {
		out = append(out, "")
	}
	return out[:rows]
}

// shortScores are the two lines of score under the map on a narrow
// terminal: the fox, and the player (or the best hunter).
func (m *Model) shortScores() []string {
	st := m.st
	if len(st.Table) == 0 {
		return []string{"No players", ""}
	}
	fox := st.Table[0]
	l1 := fmt.Sprintf("Fox %s %d", fox.Name, fox.Points)
	l2 := ""
	if me := m.me(); me > 0 {
		l2 = fmt.Sprintf("You %s %d", st.Table[me].Name, st.Table[me].Points)
	} else if len(st.Table) > 1 {
		best := st.Table[1]
		for _, e := range st.Table[1:] {
			if e.Points > best.Points {
				best = e
			}
		}
		l2 = fmt.Sprintf("Best hunter %s %d", best.Name, best.Points)
	}
	return []string{l1, l2}
}

func (m *Model) hint() string {
	switch {
	case m.gone != "":
		return m.gone + " q leaves"
	case m.note != "":
		return m.note
	case m.opt.Mode == Watch:
		return "Watching. Arrows pan, c the fox, q leaves."
	case m.sent != "":
		return "Sent " + m.sent + ": waiting for the others."
	case m.w < 64 && m.opt.Embedded && m.opt.Local != nil:
		return "WASD, B dir 0-9, Space, ? help, Esc"
	case m.w < 64:
		return "WASD move, B dir 0-9 throw, Space wait"
	}
	return "Your move: WASD, B+direction+distance, Space waits."
}

// finalView is the match's final table.
func (m *Model) finalView() string {
	var b strings.Builder
	b.WriteString("Match over: the final table\n\n")
	me := ""
	if m.opt.Mode == Play {
		me = m.r.Name
	}
	n := min(len(m.final), m.h-7)
	for i, e := range m.final[:max(n, 0)] {
		mark := "  "
		if e.Name == me {
			mark = "> "
		}
		fmt.Fprintf(&b, "%s%2d. %-16s %7d\n", mark, i+1, e.Name, e.Points)
	}
	if len(m.final) > n {
		fmt.Fprintf(&b, "   … %d more\n", len(m.final)-n)
	}
	b.WriteString("\n")
	if m.gone != "" {
		b.WriteString(m.gone + " q leaves.")
	} else {
		b.WriteString("A new match starts soon. q leaves.")
	}
	return lipgloss.Place(m.w, m.h, lipgloss.Center, lipgloss.Center, b.String())
}
