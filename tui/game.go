package tui

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/charmbracelet/bubbles/key"
	tea "github.com/charmbracelet/bubbletea"
	"github.com/charmbracelet/x/ansi"

	"github.com/minotaur-game/minotaur/engine"
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
	chat    bool
	batch   int      // the turn that said it: the latest turn's lines are bright
	wrapped []string // text wrapped to wrapW columns
	wrapW   int
}

// gameScreen is the game: the map drawn from the session's View, and the
// side panel. Every frame is built once per change (a turn, a message, a
// resize) and cached; View returns the cached frame.
type gameScreen struct {
	c    *common
	sess Session
	seat int
	view engine.View
	log  []logLine
	turn int // batches of messages so far
	d    mapDrawer

	frame string
	dirty bool
	panel []pline

	hints     []string // key hints, built for hintsW columns and hintsMode
	hintsW    int
	hintsMode int

	chatting bool
	chat     lineInput

	// replay is set when the screen shows a replay: the panel's key hints
	// become the viewer's and its status line is shown.
	replay *replayStatus
	// over is set once the game has been won or lost.
	over bool
}

// replayStatus is what the replay viewer shows in the panel.
type replayStatus struct {
	played, total int
	speed         string
	paused        bool
	done          string // why the playback stopped, when it has
}

func newGameScreen(c *common, sess Session) *gameScreen {
	g := &gameScreen{c: c, sess: sess, seat: sess.Seat(), dirty: true}
	g.d.st = c.st
	g.view = sess.View()
	g.chat = lineInput{Prompt: "> ", Limit: 200}
	if g.view.Turn == 0 && len(g.view.Passed) == 0 {
		g.say(fmt.Sprintf("Level %d. Find the key, then the exit.", g.view.Level))
	} else {
		g.say(fmt.Sprintf("Welcome back: level %d, turn %d.", g.view.Level, g.view.Turn))
	}
	return g
}

// Init waits for whatever the session reports unasked.
func (g *gameScreen) Init() tea.Cmd { return tea.Batch(g.sess.Next(), g.dealAhead()) }

// dealAhead deals the next level in the background when the session can,
// so that passing this one shows the next at once.
func (g *gameScreen) dealAhead() tea.Cmd {
	if d, ok := g.sess.(interface{ DealAhead() tea.Cmd }); ok && g.replay == nil {
		return d.DealAhead()
	}
	return nil
}

// say adds a message to the panel.
func (g *gameScreen) say(s string) {
	g.log = append(g.log, logLine{text: s, batch: g.turn})
	if len(g.log) > logKeep {
		g.log = append(g.log[:0], g.log[len(g.log)-logKeep:]...)
	}
	g.dirty = true
}

// Update handles a key or a session's report.
func (g *gameScreen) Update(msg tea.Msg) (nav, tea.Cmd) {
	switch msg := msg.(type) {
	case tea.WindowSizeMsg:
		g.dirty = true
	case tea.KeyMsg:
		return g.key(msg)
	case EventsMsg:
		n, cmd := g.apply(msg.Events)
		return n, tea.Batch(cmd, g.sess.Next())
	case ChatMsg:
		if msg.From == "" {
			g.say(msg.Text)
		} else {
			g.log = append(g.log, logLine{text: msg.From + ": " + msg.Text, chat: true, batch: g.turn})
			g.dirty = true
		}
		return stay, g.sess.Next()
	case SessionErrorMsg:
		g.say("Connection lost: " + msg.Err.Error())
		return push(newMessageScreen(g.c, "Connection lost",
			"The game could not go on: "+msg.Err.Error()+".", true)), nil
	case SavedMsg:
		// A save finished after the pause screen was left.
		if msg.Err != nil {
			if l, ok := g.sess.(*LocalSession); ok {
				l.markUnsaved()
			}
			g.say("The game was not saved: " + msg.Err.Error())
		}
	}
	return stay, nil
}

// key handles a key in play.
func (g *gameScreen) key(msg tea.KeyMsg) (nav, tea.Cmd) {
	if g.chatting {
		return stay, g.chatKey(msg)
	}
	switch {
	case key.Matches(msg, playKeys.Help):
		return push(newHelpScreen(g.c)), nil
	case key.Matches(msg, playKeys.Pause):
		return push(newPauseScreen(g.c, g)), nil
	case key.Matches(msg, playKeys.Chat):
		if g.sess.Info().Players == 2 && g.sess.Info().Remote {
			g.chatting = true
			g.chat.SetValue("")
			g.chat.Focus()
			g.dirty = true
			return stay, nil
		}
		return stay, nil
	}
	if g.over {
		return stay, nil
	}
	var a engine.Action
	switch {
	case key.Matches(msg, playKeys.Up):
		a = engine.Up
	case key.Matches(msg, playKeys.Left):
		a = engine.Left
	case key.Matches(msg, playKeys.Down):
		a = engine.Down
	case key.Matches(msg, playKeys.Right):
		a = engine.Right
	case key.Matches(msg, playKeys.Skip):
		a = engine.Skip
	case key.Matches(msg, playKeys.Freeze):
		a = engine.UseFreeze
	default:
		return stay, nil
	}
	ev, err := g.sess.Act(a)
	if err != nil {
		g.turn++
		g.say(actionError(err))
		return stay, nil
	}
	return g.apply(ev)
}

// chatKey handles a key while a chat line is typed.
func (g *gameScreen) chatKey(msg tea.KeyMsg) tea.Cmd {
	g.dirty = true
	switch msg.Type {
	case tea.KeyEsc:
		g.chatting = false
		g.chat.Blur()
		return nil
	case tea.KeyEnter:
		g.chatting = false
		g.chat.Blur()
		if text := strings.TrimSpace(g.chat.Value()); text != "" {
			if err := g.sess.Say(text); err != nil {
				g.say("Not sent: " + err.Error())
			}
		}
		return nil
	}
	g.chat.Update(msg)
	return nil
}

// apply turns events into messages, reads the new view and moves to the
// level-passed or end screen when the events say so.
func (g *gameScreen) apply(ev []engine.Event) (nav, tea.Cmd) {
	g.turn++
	keyed := g.view.Key
	var passed *engine.LevelScore
	var end engine.EventKind
	var caughtBy engine.MonsterKind
	for _, e := range ev {
		if t := eventText(e, g.seat, keyed); t != "" {
			g.say(t)
		}
		switch e.Kind {
		case engine.EvTookKey:
			keyed = true
		case engine.EvLevelStarted:
			keyed = false
		case engine.EvLevelPassed:
			sc := e.Score
			passed = &sc
		case engine.EvGameWon, engine.EvGameLost:
			end = e.Kind
		case engine.EvCaught:
			if e.Seat == g.seat {
				caughtBy = e.Monster
			}
		}
	}
	g.view = g.sess.View()
	g.dirty = true
	if g.replay != nil {
		return stay, nil
	}
	switch {
	case end != 0:
		g.over = true
		e := newEndScreen(g.c, g.sess, g.view, end == engine.EvGameWon)
		e.caughtBy = caughtBy
		return replace(e), nil
	case passed != nil:
		return push(newPassedScreen(g.c, *passed, g.view)), g.dealAhead()
	}
	return stay, nil
}

// View returns the cached frame, rebuilding it after a change.
func (g *gameScreen) View() string {
	if g.dirty {
		g.render()
	}
	return g.frame
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

// underPanel is the number of lines of the panel under the map.
const underPanel = 4

func (g *gameScreen) layout() layout {
	v := &g.view
	w, h := g.c.w, g.c.h
	var l layout
	avail := w - panelGap - panelMin
	if avail >= 2*10 {
		l.side = true
		l.wide = avail >= 2*v.Cols+1 || avail/2 >= 15
		l.vh = min(v.Rows, h)
	} else {
		l.wide = w >= 2*v.Cols || w/2 >= 15
		l.panelH = underPanel
		l.vh = min(v.Rows, h-underPanel)
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
	if p, ok := g.focus(); ok {
		px, py = p.X, p.Y
	}
	l.x0 = window(v.Cols, l.vw, px)
	l.y0 = window(v.Rows, l.vh, py)
	return l
}

// focus is the tile the map keeps in view: this seat's player, or an
// active partner when this seat is off the board.
func (g *gameScreen) focus() (engine.Point, bool) {
	if p, ok := g.view.Player(g.seat); ok && p.State == engine.Active {
		return p.Pos, true
	}
	for _, p := range g.view.Players {
		if p.State == engine.Active {
			return p.Pos, true
		}
	}
	if p, ok := g.view.Player(g.seat); ok {
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

// render rebuilds the frame.
func (g *gameScreen) render() {
	g.dirty = false
	l := g.layout()
	g.d.wide = l.wide
	g.d.load(&g.view, g.seat)
	if l.side {
		g.sidePanel(l.panelW, g.c.h)
	} else {
		g.underPanel(l.panelW)
	}
	panel := g.panel
	reset := g.c.st.reset
	var sb strings.Builder
	sb.Grow((l.mapCols+l.panelW+16)*g.c.h + l.vw*l.vh*8)
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
				g.d.writeRow(&sb, l.y0+y, l.x0, l.vw)
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
			g.d.writeRow(&sb, l.y0+y, l.x0, l.vw)
		}
		for _, p := range panel {
			sb.WriteByte('\n')
			writeP(p)
		}
	}
	g.frame = sb.String()
}

// fit cuts a styled line to w columns.
func fit(s string, w int) string {
	if ansi.StringWidth(s) <= w {
		return s
	}
	return ansi.Truncate(s, w, "…")
}

// cut cuts a plain line to w columns.
func cut(s string, w int) string {
	if len(s) <= w {
		return s
	}
	return fit(s, w)
}

// hintLines returns the key hints of the panel, built once per width and mode.
func (g *gameScreen) hintLines(w int) []string {
	mode := 0
	switch {
	case g.chatting:
		return []string{g.c.st.Faint.Render("Enter send · Esc cancel"), g.chat.View(w)}
	case g.replay != nil:
		mode = 1
	case g.sess.Info().Remote && g.sess.Info().Players == 2:
		mode = 2
	}
	if g.hints != nil && g.hintsW == w && g.hintsMode == mode {
		return g.hints
	}
	st := g.c.st
	var keys []string
	if mode == 1 {
		keys = []string{
			st.Key.Render("Space") + " pause  " + st.Key.Render("→") + " step",
			st.Key.Render("+/-") + " speed  " + st.Key.Render("Q") + " quit",
		}
	} else {
		keys = []string{
			st.Key.Render("WASD") + "/" + st.Key.Render("arrows") + " move",
			st.Key.Render("Space") + " wait  " + st.Key.Render("F") + " freeze",
			st.Key.Render("H/?") + " help  " + st.Key.Render("P/Esc") + " pause",
		}
		if mode == 2 {
			keys = append(keys, st.Key.Render("Enter/T")+" chat")
		}
	}
	for i := range keys {
		keys[i] = fit(keys[i], w)
	}
	g.hints, g.hintsW, g.hintsMode = keys, w, mode
	return keys
}

// sidePanel builds the lines of the panel beside the map, at most h, into
// g.panel.
func (g *gameScreen) sidePanel(w, h int) {
	st := g.c.st
	v := &g.view
	p := g.panel[:0]
	add := func(pre, text string) { p = append(p, pline{pre, cut(text, w)}) }
	add(st.text.title, "MINOTAUR")
	level := "Level " + strconv.Itoa(v.Level) + "/" + strconv.Itoa(v.Levels)
	add(st.text.heading, level+blanks[:max(1, 13-len(level))]+"Turn "+strconv.Itoa(v.Turn))
	if v.Name != "" && (len(v.Name) < 6 || v.Name[:6] != "Level ") {
		add(st.text.faint, v.Name)
	}
	add("", "Score  "+strconv.Itoa(v.Score))
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
	if partner := g.partnerLine(); partner != "" {
		add(st.text.key, partner)
	}
	if g.replay != nil {
		add(st.text.warn, g.replayLine())
	}
	top := len(p)
	keys := g.hintLines(w)
	msgLines := h - top - 1 - len(keys) - 1
	if msgLines < 2 {
		keys = nil
		msgLines = h - top - 1
	}
	if msgLines < 1 {
		g.panel = p[:min(len(p), h)]
		return
	}
	p = append(p, pline{})
	p = g.messageLines(p, w, msgLines)
	if keys != nil {
		for len(p) < h-len(keys) {
			p = append(p, pline{})
		}
		for _, k := range keys {
			p = append(p, pline{text: k})
		}
	}
	g.panel = p
}

// underPanel builds the lines shown under the map into g.panel.
func (g *gameScreen) underPanel(w int) {
	st := g.c.st
	v := &g.view
	keyText, torch := "not found", "none"
	if v.Key {
		keyText = "found"
	}
	if v.Torch {
		torch = "lit"
	}
	if v.Freezes > 0 {
		torch += "  Freeze " + strconv.Itoa(v.Freezes)
	}
	p := g.panel[:0]
	p = append(p,
		pline{st.text.heading, cut(fmt.Sprintf("Level %d/%d  Turn %d  Score %d  Key %s  Torch %s", v.Level, v.Levels, v.Turn, v.Score, keyText, torch), w)},
		pline{"", cut("Seed "+strconv.FormatUint(v.Seed, 10)+"  "+g.partnerLine(), w)},
	)
	p = g.messageLines(p, w, 1)
	switch {
	case g.chatting:
		p = append(p, pline{text: g.chat.View(w)})
	case g.replay != nil:
		p = append(p, pline{st.text.warn, cut(g.replayLine()+"  Space pause · → step · +/- speed · Q quit", w)})
	default:
		p = append(p, pline{st.text.faint, cut("WASD/arrows move · Space wait · F freeze · H help · P pause", w)})
	}
	g.panel = p
}

// partnerLine tells the partner's name and state in co-op.
func (g *gameScreen) partnerLine() string {
	info := g.sess.Info()
	if info.Players < 2 {
		return ""
	}
	other := 3 - g.seat
	name := "Partner"
	if other-1 < len(info.Names) && info.Names[other-1] != "" {
		name = info.Names[other-1]
	}
	state := "waiting"
	if p, ok := g.view.Player(other); ok {
		state = p.State.String()
	}
	if other-1 < len(info.Online) && !info.Online[other-1] {
		state = "offline"
	}
	if info.Remote && g.view.YourTurn {
		state += " · your turn"
	}
	return name + ": " + state
}

// replayLine is the replay viewer's status.
func (g *gameScreen) replayLine() string {
	r := g.replay
	s := fmt.Sprintf("Replay %d/%d  %s", r.played, r.total, r.speed)
	if r.paused {
		s += "  PAUSED"
	}
	if r.done != "" {
		s = fmt.Sprintf("Replay %d/%d  %s", r.played, r.total, r.done)
	}
	return s
}

// messageLines appends the last n lines of the messages, wrapped to w (once
// per message and width), the latest turn's bright and the older faint.
func (g *gameScreen) messageLines(p []pline, w, n int) []pline {
	st := g.c.st
	start := len(p)
	for i := len(g.log) - 1; i >= 0 && len(p)-start < n; i-- {
		m := &g.log[i]
		if m.wrapW != w {
			m.wrapped = strings.Split(ansi.Wrap(m.text, max(w-2, 8), ""), "\n")
			for j := range m.wrapped {
				if j == 0 {
					m.wrapped[j] = "› " + m.wrapped[j]
				} else {
					m.wrapped[j] = "  " + m.wrapped[j]
				}
			}
			m.wrapW = w
		}
		pre := st.text.faint
		switch {
		case m.chat:
			pre = st.text.key
		case m.batch == g.turn:
			pre = ""
		}
		for j := len(m.wrapped) - 1; j >= 0 && len(p)-start < n; j-- {
			p = append(p, pline{pre, m.wrapped[j]})
		}
	}
	for i, j := start, len(p)-1; i < j; i, j = i+1, j-1 {
		p[i], p[j] = p[j], p[i]
	}
	return p
}
