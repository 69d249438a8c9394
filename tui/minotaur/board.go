package minotaur

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/charmbracelet/x/ansi"

	"github.com/minotaur-game/minotaur/engine"
	"github.com/minotaur-game/minotaur/levels"
	"github.com/minotaur-game/minotaur/safetext"
	"github.com/minotaur-game/minotaur/saves"
	"github.com/minotaur-game/minotaur/tui/screen"
)

// Side panel sizes.
const (
	panelMin = 26 // narrowest side panel
	panelMax = 36 // widest side panel
	panelGap = 2  // columns between the map and the panel
	logKeep  = 40 // messages kept
)

// logLine is one message of the side panel.
type logLine struct {
	text    string
	times   int    // how many times in a row it was said: shown "×3" from 2 on
	pre     string // the style of a line in its own colour (a sighting: the monster's); "" plain
	chat    bool
	batch   int      // the turn that said it: the latest turn's lines are bright
	wrapped []string // text wrapped to wrapW columns
	wrapW   int
}

// wrap wraps the message to w columns, once per width.
func (m *logLine) wrap(w int) {
	if m.wrapW == w {
		return
	}
	text := m.text
	if m.times > 1 {
		text += " ×" + strconv.Itoa(m.times)
	}
	m.wrapped = strings.Split(ansi.Wrap(text, max(w-2, 8), ""), "\n")
	for j := range m.wrapped {
		if j == 0 {
			m.wrapped[j] = "› " + m.wrapped[j]
		} else {
			m.wrapped[j] = "  " + m.wrapped[j]
		}
	}
	m.wrapW = w
}

// board is what a player sees of one seat of a game: the map drawn from an
// engine.View, the side panel (or the lines under the map on a narrow
// terminal) with the figures, and the log of messages told from the
// engine's events. The game screen and the replay viewer each own one (and
// so would a spectator's screen); what differs between them — who the
// players are, a status line, the key hints — they hand in through the
// fields below. The frame is built once per change (new events, a message,
// a resize) and cached.
type board struct {
	st   *Styles
	seat int
	view engine.View
	log  []logLine
	turn int // batches of messages so far
	// history is every message of the game, for Ctrl+P: each with the
	// level it was said on, so that the levels are told apart.
	history []histLine
	// path is where this seat stood on the level being played, in order
	// (a repeated tile once in a row), for the end screen's map.
	path      []engine.Point
	pathLevel int
	d         mapDrawer

	frame string
	dirty bool
	w, h  int // the terminal the frame was drawn for
	panel []pline

	// info describes the players for the partner line (nil: solo).
	info func() SessionInfo
	// turns adds "· your turn" to the partner line when it is this seat's
	// turn (a game being played, not watched).
	turns bool
	// status is a line under the figures (the replay's progress); "" for
	// none.
	status string
	// keys returns the key hints for a panel of w columns: the lines at
	// the foot of the panel beside the map, and the line under the map on
	// a narrow terminal.
	keys func(w int) (side []string, under pline)
	// cursor, when set, is the look cursor's tile: drawn highlighted, and
	// the map keeps it in view.
	cursor *engine.Point
	// accessible is the layout for screen readers and magnifiers: the
	// newest message first, monsters named in words with where they
	// stand from the player ("hunter 3 east, 1 north").
	accessible bool
	// catch, when set, is the capture that ended the game: its monster is
	// drawn highlighted on the tile of the catch, as the end screen's map
	// draws it (the replay's last frame).
	catch *engine.Event
}

// newBoard shows seat's view v.
func newBoard(st *Styles, seat int, v engine.View) *board {
	b := &board{st: st, seat: seat, view: v, dirty: true}
	b.d.st = st
	b.keys = func(int) ([]string, pline) { return nil, pline{} }
	b.walked()
	return b
}

// walked notes where this seat stands in the view it shows: a new level
// starts a new path.
func (b *board) walked() {
	p, ok := b.view.Player(b.seat)
	if !ok {
		return
	}
	if b.view.Level != b.pathLevel {
		b.path, b.pathLevel = b.path[:0], b.view.Level
	}
	if n := len(b.path); n == 0 || b.path[n-1] != p.Pos {
		b.path = append(b.path, p.Pos)
	}
}

// welcome is the first message: what to do on a level that starts, or
// where a game picked up again stands.
func (b *board) welcome() {
	if v := b.view; v.Turn == 0 && len(v.Passed) == 0 {
		b.say(fmt.Sprintf("Level %d. Find the key, then the exit.", v.Level))
	} else {
		b.say(fmt.Sprintf("Welcome back: level %d, turn %d.", v.Level, v.Turn))
	}
}

// say adds a message to the log; the same message said again right after
// is counted on its line instead ("A wall blocks the way. ×3").
func (b *board) say(s string) {
	b.history = append(b.history, histLine{b.view.Level, s})
	if n := len(b.log); n > 0 && !b.log[n-1].chat && b.log[n-1].text == s {
		m := &b.log[n-1]
		m.times = max(m.times, 1) + 1
		m.batch, m.wrapW = b.turn, 0
		b.dirty = true
		return
	}
	b.log = append(b.log, logLine{text: s, batch: b.turn})
	b.trim()
}

// said adds a player's chat line (or, from "", a notice) to the log.
func (b *board) said(from, text string) {
	if from == "" {
		b.say(text)
		return
	}
	b.history = append(b.history, histLine{b.view.Level, from + ": " + text})
	b.log = append(b.log, logLine{text: from + ": " + text, chat: true, batch: b.turn})
	b.trim()
}

// refused tells why an action was refused, as a turn of its own.
func (b *board) refused(why string) {
	b.turn++
	b.say(why)
}

// trim keeps the last logKeep messages and asks for a new frame.
func (b *board) trim() {
	if len(b.log) > logKeep {
		b.log = append(b.log[:0], b.log[len(b.log)-logKeep:]...)
	}
	b.dirty = true
}

// histLine is one message of the history and the level it was said on.
type histLine struct {
	level int
	text  string
}

// retell fills the log and the history with what the player of seat was
// told in the game of r up to where it stands (a game continued from a
// save, whose recording plays it again from the start: the messages are
// the narrator's words for the same events), then says the welcome. A
// recording that cannot be played again leaves only the welcome.
func (b *board) retell(r saves.Replay, n engine.Narrator) {
	var lvs []engine.Level
	for i, text := range r.Levels {
		lv, _, err := levels.Parse(fmt.Sprintf("level %d", i+1), []byte(text))
		if err != nil {
			b.welcome()
			return
		}
		lvs = append(lvs, lv)
	}
	pb, err := r.Start(lvs)
	if err != nil {
		b.welcome()
		return
	}
	t := newBoard(b.st, b.seat, pb.Game().View(b.seat))
	t.welcome()
	for !pb.Done() {
		st, err := pb.Step()
		if err != nil {
			break
		}
		t.play(st.Events, pb.Game().View(b.seat), n)
	}
	b.log, b.history = t.log, t.history
	for i := range b.log {
		b.log[i].batch = -1 // all of it is old news
	}
	b.welcome()
}

// touch asks for a new frame (a hint or the status changed).
func (b *board) touch() { b.dirty = true }

// outcome is what a batch of events means for the screen that shows them.
type outcome struct {
	passed *engine.LevelScore // a level was passed
	end    engine.EventKind   // EvGameWon or EvGameLost; 0 while the game goes on
	// caught is the last capture of the batch (this seat's first), with
	// the monsters this seat saw just before it.
	caught *engine.Event
	seen   []engine.MonsterView
}

// play tells a batch of events as messages, in n's words (this batch's
// bright, the older faint), and shows v, the view after them.
func (b *board) play(ev []engine.Event, v engine.View, n engine.Narrator) outcome {
	b.turn++
	var o outcome
	for _, e := range ev {
		if e.Kind == engine.EvLevelStarted {
			b.view.Level = e.Level // the level's messages are filed under it
		}
		if t := n.Say(e); t != "" {
			b.say(t)
			if e.Kind == engine.EvSighted {
				b.log[len(b.log)-1].pre = b.st.tiles[monsterClass(e.Monster)]
			}
		}
		switch e.Kind {
		case engine.EvLevelPassed:
			sc := e.Score
			o.passed = &sc
		case engine.EvGameWon, engine.EvGameLost:
			o.end = e.Kind
		case engine.EvCaught:
			if o.caught == nil || o.caught.Seat != b.seat {
				c := e
				o.caught, o.seen = &c, b.view.Monsters
			}
		}
	}
	b.view = v
	b.walked()
	b.dirty = true
	return o
}

// View returns the frame for a terminal of w×h, rebuilding it after a
// change.
func (b *board) View(w, h int) string {
	if b.dirty || w != b.w || h != b.h {
		b.render(w, h)
	}
	return b.frame
}

// layout is where the map and the panel go for the terminal's size.
type layout struct {
	side    bool // the panel beside the map (else under it)
	wide    bool // tiles two columns wide
	vw, vh  int  // tiles shown
	x0, y0  int  // first tile shown
	margin  int  // blank columns left of the map
	panelW  int
	panelH  int // lines of the panel when it is under the map
	mapCols int // columns the map takes
}

func (b *board) layout(w, h int) layout {
	v := &b.view
	var l layout
	avail := w - panelGap - panelMin
	if avail >= 2*10 {
		l.side = true
		l.wide = avail >= 2*v.Cols+1 || avail/2 >= 15
		l.vh = min(v.Rows, h)
	} else {
		l.wide = w >= 2*v.Cols || w/2 >= 15
		b.underPanel(w, h) // as many lines as the figures, message and hints take
		l.panelH = len(b.panel)
		l.vh = max(1, min(v.Rows, h-l.panelH))
		avail = w
	}
	cw := 1
	if l.wide {
		cw = 2
	}
	l.vw = min(v.Cols, avail/cw)
	l.mapCols = l.vw * cw
	if l.side {
		rest := w - l.mapCols - panelGap
		if rest > panelMin+1 {
			l.margin = 1
			rest--
		}
		l.panelW = min(rest, panelMax)
		// On a wide terminal the map and the panel stand in the middle.
		l.margin = max(l.margin, (w-l.mapCols-panelGap-l.panelW)/2)
	} else {
		l.panelW = w
	}
	px, py := v.Cols/2, v.Rows/2
	if p, ok := b.focus(); ok {
		px, py = p.X, p.Y
	}
	l.x0 = screen.Window(v.Cols, l.vw, px)
	l.y0 = screen.Window(v.Rows, l.vh, py)
	return l
}

// focus is the tile the map keeps in view: this seat's player, or an
// active partner when this seat is off the board.
func (b *board) focus() (engine.Point, bool) {
	if b.cursor != nil {
		return *b.cursor, true
	}
	if p, ok := b.view.Player(b.seat); ok && p.State == engine.Active {
		return p.Pos, true
	}
	for _, p := range b.view.Players {
		if p.State == engine.Active {
			return p.Pos, true
		}
	}
	if p, ok := b.view.Player(b.seat); ok {
		return p.Pos, true
	}
	return engine.Point{}, false
}

const blanks = "                                                                                                                                "

// spaces writes n spaces.
func spaces(sb *strings.Builder, n int) {
	for n > len(blanks) {
		sb.WriteString(blanks)
		n -= len(blanks)
	}
	if n > 0 {
		sb.WriteString(blanks[:n])
	}
}

// pline is one line of the side panel: text between an escape prefix of
// the glyph table's kind and a reset. Lines are written into the frame in
// pieces, so that a frame costs few allocations.
type pline struct {
	pre  string
	text string
}

// render rebuilds the frame for a terminal of w×h.
func (b *board) render(w, h int) {
	b.dirty, b.w, b.h = false, w, h
	l := b.layout(w, h)
	b.d.wide = l.wide
	b.d.load(&b.view, b.seat)
	if c := b.cursor; c != nil && c.X >= 0 && c.Y >= 0 && c.X < b.d.cols && c.Y < b.d.rows {
		b.d.cls[c.Y*b.d.cols+c.X] = clsCursor
	}
	if c := b.catch; c != nil && c.Pos.X >= 0 && c.Pos.Y >= 0 && c.Pos.X < b.d.cols && c.Pos.Y < b.d.rows {
		i := c.Pos.Y*b.d.cols + c.Pos.X
		b.d.chr[i], b.d.cls[i] = byte(c.Monster), clsCatcher
	}
	if l.side {
		b.sidePanel(l.panelW, h)
	}
	panel := b.panel
	reset := b.st.reset
	var sb strings.Builder
	sb.Grow((l.mapCols+l.panelW+16)*h + l.vw*l.vh*8)
	writeP := func(p pline) {
		if p.pre != "" {
			sb.WriteString(p.pre)
			sb.WriteString(p.text)
			sb.WriteString(reset)
		} else {
			sb.WriteString(p.text)
		}
	}
	if l.side {
		n := max(l.vh, len(panel))
		for y := 0; y < n; y++ {
			if y > 0 {
				sb.WriteByte('\n')
			}
			spaces(&sb, l.margin)
			if y < l.vh {
				b.d.writeRow(&sb, l.y0+y, l.x0, l.vw)
			} else if y < len(panel) && panel[y].text != "" {
				spaces(&sb, l.mapCols)
			}
			if y < len(panel) && panel[y].text != "" {
				spaces(&sb, panelGap)
				writeP(panel[y])
			}
		}
	} else {
		for y := 0; y < l.vh; y++ {
			if y > 0 {
				sb.WriteByte('\n')
			}
			b.d.writeRow(&sb, l.y0+y, l.x0, l.vw)
		}
		for _, p := range panel {
			sb.WriteByte('\n')
			writeP(p)
		}
	}
	b.frame = sb.String()
}

// cut cuts a plain line to w columns.
func cut(s string, w int) string {
	if len(s) <= w {
		return s
	}
	return screen.Fit(s, w)
}

// sidePanel builds the lines of the panel beside the map, at most h, into
// b.panel.
func (b *board) sidePanel(w, h int) {
	st := b.st
	v := &b.view
	p := b.panel[:0]
	add := func(pre, text string) { p = append(p, pline{pre, cut(text, w)}) }
	add(st.text.title, "MINOTAUR")
	level := "Level " + strconv.Itoa(v.Level) + "/" + strconv.Itoa(v.Levels)
	add(st.text.heading, level+blanks[:max(1, 13-len(level))]+"Turn "+strconv.Itoa(v.Turn))
	// The level's name came from a file or a server: cleaned before it
	// is drawn, however it reached the view (no cost when it is clean).
	if name := safetext.Clean(v.Name); name != "" && (len(name) < 6 || name[:6] != "Level ") {
		add(st.text.faint, name)
	}
	add("", scoreLine(v))
	if v.Key {
		add(st.text.good, "Key    found: exit open")
	} else {
		add("", "Key    not found")
	}
	if v.Torch {
		add(st.text.warn, "Torch  lit")
	} else {
		add("", "Torch  none")
	}
	if v.Freezes > 0 {
		add(st.text.warn, "Freeze "+strconv.Itoa(v.Freezes)+" in pocket (F)")
	} else {
		add("", "Freeze none")
	}
	add("", "Seed   "+strconv.FormatUint(v.Seed, 10))
	for _, m := range v.Monsters {
		if b.accessible {
			add(st.tiles[monsterClass(m.Kind)], b.monsterWords(m))
			continue
		}
		add(st.tiles[monsterClass(m.Kind)], monsterLine(m))
	}
	for _, h := range v.Heard {
		if b.accessible {
			add(st.text.warn, heardWords(h))
			continue
		}
		add(st.text.warn, heardLine(h))
	}
	if partner := b.partnerLine(); partner != "" {
		add(st.text.key, partner)
	}
	if b.status != "" {
		add(st.text.warn, b.status)
	}
	top := len(p)
	keys, under := b.keys(w)
	var keyLines []pline
	for _, k := range keys {
		keyLines = append(keyLines, pline{text: k})
	}
	msgLines := h - top - 1 - len(keyLines) - 1
	if msgLines < 2 && under.text != "" {
		// A short panel (50×15): the hints packed, as under the map,
		// rather than none.
		keyLines = keyLines[:0]
		for _, l := range strings.Split(under.text, "\n") {
			keyLines = append(keyLines, pline{under.pre, l})
		}
		msgLines = h - top - 1 - len(keyLines) - 1
	}
	if msgLines < 2 {
		keyLines = nil
		msgLines = h - top - 1
	}
	if msgLines < 1 {
		b.panel = p[:min(len(p), h)]
		return
	}
	p = append(p, pline{})
	p = b.messageLines(p, w, msgLines)
	if keyLines != nil {
		for len(p) < h-len(keyLines) {
			p = append(p, pline{})
		}
		p = append(p, keyLines...)
	}
	b.panel = p
}

// underPanel builds the lines shown under the map into b.panel: the
// figures, wrapped a whole figure at a time (nothing is cut: on a narrow
// terminal the key, the torch and the seed move down a line), the latest
// message, and the key hints (which may take two lines). The latest message
// is shown whole: when it wraps, the map gives up rows for it, down to
// underMapMin of its own (a longer message shows its start, marked " …").
func (b *board) underPanel(w, h int) {
	st := b.st
	v := &b.view
	keyText, torch := "not found", "none"
	if v.Key {
		keyText = "found"
	}
	if v.Torch {
		torch = "lit"
	}
	fields := []string{fmt.Sprintf("Level %d/%d", v.Level, v.Levels), "Turn " + strconv.Itoa(v.Turn),
		"Score " + strconv.Itoa(v.Score), "Key " + keyText, "Torch " + torch}
	if v.Freezes > 0 {
		fields = append(fields, "Freeze "+strconv.Itoa(v.Freezes))
	}
	for _, h := range v.Heard { // "H hears 5 NE": the short form of the side panel's line
		if b.accessible {
			fields = append(fields, heardWords(h))
			continue
		}
		fields = append(fields, strings.Replace(heardLine(h), "hears you  ", "hears ", 1))
	}
	if b.accessible {
		for _, m := range v.Monsters {
			fields = append(fields, b.monsterWords(m))
		}
	}
	fields = append(fields, "Seed "+strconv.FormatUint(v.Seed, 10))
	if pl := b.partnerLine(); pl != "" {
		fields = append(fields, pl)
	}
	lines := screen.WrapParts(fields, "  ", w)
	p := b.panel[:0]
	for i, l := range lines {
		pre := ""
		if i == 0 {
			pre = st.text.heading
		}
		p = append(p, pline{pre, cut(l, w)})
	}
	_, under := b.keys(w)
	hints := strings.Split(under.text, "\n")
	room := 1
	if n := len(b.log); n > 0 {
		m := &b.log[n-1]
		m.wrap(w)
		spare := h - len(p) - len(hints) - min(v.Rows, underMapMin)
		room = max(1, min(len(m.wrapped), spare))
	}
	p = b.messageLines(p, w, room)
	for _, l := range hints {
		p = append(p, pline{under.pre, cut(l, w)})
	}
	b.panel = p
}

// underMapMin is the fewest map rows kept under-panel for a long message.
const underMapMin = 5

// partnerLine tells the partner's name and state in co-op.
func (b *board) partnerLine() string {
	if b.info == nil {
		return ""
	}
	info := b.info()
	if b.seat == 0 {
		return b.playersLine(info)
	}
	if info.Players < 2 {
		return ""
	}
	other := 3 - b.seat
	name := "Partner"
	if other-1 < len(info.Names) && info.Names[other-1] != "" {
		name = info.Names[other-1]
	}
	state := "waiting"
	if p, ok := b.view.Player(other); ok {
		state = p.State.String()
		if p.State == engine.Away {
			// Connected again (the offline case is below), off the
			// board until the level ends.
			state = "back next level"
		}
	}
	if other-1 < len(info.Online) && !info.Online[other-1] {
		state = "away"
	}
	if b.turns && b.view.YourTurn {
		state += " · your turn"
	}
	return name + ": " + state
}

// playersLine tells a spectator every player's name and state: "alice
// active · bob caught".
func (b *board) playersLine(info SessionInfo) string {
	var parts []string
	for seat := 1; seat <= info.Players && seat <= 2; seat++ {
		name := "Player " + strconv.Itoa(seat)
		if seat-1 < len(info.Names) && info.Names[seat-1] != "" {
			name = info.Names[seat-1]
		}
		state := "waiting"
		if p, ok := b.view.Player(seat); ok {
			state = p.State.String()
		}
		parts = append(parts, name+" "+state)
	}
	return strings.Join(parts, " · ")
}

// messageLines appends the lines of the last messages that fit whole in n
// lines, wrapped to w (once per message and width), the latest turn's
// bright and the older faint.
func (b *board) messageLines(p []pline, w, n int) []pline {
	st := b.st
	start := len(p)
	for i := len(b.log) - 1; i >= 0 && len(p)-start < n; i-- {
		m := &b.log[i]
		m.wrap(w)
		pre := st.text.faint
		switch {
		case m.chat:
			pre = st.text.key
		case m.batch == b.turn:
			pre = m.pre
		}
		lines := m.wrapped
		if len(p)-start+len(lines) > n {
			if len(p) > start {
				break // whole messages only: no cut fragment at the top
			}
			// The latest alone is taller than the room: its start, marked
			// as going on (Ctrl+P shows it whole).
			lines = append(lines[:n-1:n-1], ansi.Truncate(lines[n-1], max(w-2, 1), "")+" …")
		}
		if b.accessible { // the newest first, each message in reading order
			for _, l := range lines {
				p = append(p, pline{pre, l})
			}
			continue
		}
		for j := len(lines) - 1; j >= 0; j-- {
			p = append(p, pline{pre, lines[j]})
		}
	}
	if b.accessible {
		return p
	}
	for i, j := start, len(p)-1; i < j; i, j = i+1, j-1 {
		p[i], p[j] = p[j], p[i]
	}
	return p
}

// monsterWords names a monster in light and where it stands from this
// seat's player, in words, with what it is doing: "hunter 3 east, 1
// north", "Minotaur 2 west, leaps next turn!".
func (b *board) monsterWords(m engine.MonsterView) string {
	s := m.Kind.Name()
	seat := b.seat
	if seat == 0 {
		seat = 1
	}
	if me, ok := b.view.Player(seat); ok {
		s += " " + relWords(m.Pos.X-me.Pos.X, m.Pos.Y-me.Pos.Y)
	}
	if state := strings.TrimSpace(strings.TrimPrefix(monsterLine(m), string(rune(m.Kind))+" "+m.Kind.Name())); state != "" {
		s += ", " + state
	}
	return s
}

// relWords tells a step from the player in words: "3 east, 1 north",
// "here".
func relWords(dx, dy int) string {
	var parts []string
	switch {
	case dx > 0:
		parts = append(parts, strconv.Itoa(dx)+" east")
	case dx < 0:
		parts = append(parts, strconv.Itoa(-dx)+" west")
	}
	switch {
	case dy > 0:
		parts = append(parts, strconv.Itoa(dy)+" south")
	case dy < 0:
		parts = append(parts, strconv.Itoa(-dy)+" north")
	}
	if len(parts) == 0 {
		return "here"
	}
	return strings.Join(parts, ", ")
}

// heardWords is heardLine in words: "hunter hears you, 5 steps north-east".
func heardWords(h engine.HeardHunter) string {
	whom := "you"
	if h.Seat != 0 {
		whom = "player " + strconv.Itoa(h.Seat)
	}
	steps := " steps "
	if h.Dist == 1 {
		steps = " step "
	}
	return h.Kind.Name() + " hears " + whom + ", " + strconv.Itoa(h.Dist) + steps + h.Dir.Name()
}

// monsterLine tells a monster in light and what it is doing, so that
// nobody has to count its actions: "H hunter  frozen 2", "M Minotaur  leaps
// next turn!".
func monsterLine(m engine.MonsterView) string {
	s := string(rune(m.Kind)) + " " + m.Kind.Name()
	switch {
	case m.Frozen:
		s += "  frozen " + strconv.Itoa(m.FrozenFor)
	case m.Aiming && m.Left <= 1:
		s += "  leaps next turn!"
	case m.Aiming:
		s += "  leaps in " + strconv.Itoa(m.Left)
	case m.Resting && m.Left == 0:
		s += "  aims next turn"
	case m.Resting:
		s += "  resting " + strconv.Itoa(m.Left)
	}
	return s
}

// heardLine is the panel's line for a hunter that hears this seat: what
// hearing tells, "H hears you  5 NE" (5 steps away, to the north-east); a
// spectator's, "H hears player 2  5 NE".
func heardLine(h engine.HeardHunter) string {
	whom := "you"
	if h.Seat != 0 { // a spectator's view: each player's hearing
		whom = "player " + strconv.Itoa(h.Seat)
	}
	return string(rune(h.Kind)) + " hears " + whom + "  " + strconv.Itoa(h.Dist) + " " + h.Dir.String()
}

// scoreLine tells the score of the passed levels with this level's bonuses,
// which count when it is passed: "Score  412 (+20 this level)".
func scoreLine(v *engine.View) string {
	s := "Score  " + strconv.Itoa(v.Score)
	if v.Bonuses > 0 {
		s += " (+" + strconv.Itoa(engine.BonusScore*v.Bonuses) + " this level)"
	}
	return s
}

// tileAt returns the map tile drawn at column x, row y of the frame for a
// terminal of w×h (where a mouse click fell), and false off the map.
func (b *board) tileAt(x, y, w, h int) (engine.Point, bool) {
	l := b.layout(w, h)
	cw := 1
	if l.wide {
		cw = 2
	}
	margin := 0
	if l.side {
		margin = l.margin
	}
	x -= margin
	if x < 0 || y < 0 || x >= l.mapCols || y >= l.vh {
		return engine.Point{}, false
	}
	return engine.Point{X: l.x0 + x/cw, Y: l.y0 + y}, true
}
