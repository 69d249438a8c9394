package minotaur

import (
	"fmt"
	"path/filepath"
	"slices"
	"strings"
	"time"

	"github.com/charmbracelet/bubbles/key"
	tea "github.com/charmbracelet/bubbletea"
	"github.com/charmbracelet/lipgloss"
	"github.com/charmbracelet/x/ansi"

	"github.com/minotaur-game/minotaur/engine"
	"github.com/minotaur-game/minotaur/tui/keymap"
	"github.com/minotaur-game/minotaur/tui/screen"
)

// helpScreen lists every symbol, key and the scoring formula. Any key
// returns; on a terminal too small for the two columns (40×12) the page is
// one column that ↑/↓ and PgUp/PgDn scroll.
type helpScreen struct {
	c   *env
	top int // first line shown of the one-column page
}

func newHelpScreen(c *env) *helpScreen { return &helpScreen{c: c} }

// Init does nothing.
func (h *helpScreen) Init() tea.Cmd { return nil }

// Update scrolls a one-column page, or returns to the previous screen.
func (h *helpScreen) Update(msg tea.Msg) (screen.Nav, tea.Cmd) {
	if m, ok := msg.(tea.MouseMsg); ok {
		if left, right, fits := h.columns(); !fits {
			last := max(0, len(left)+1+len(right)-(h.c.Height-2))
			h.top = min(last, max(0, h.top+screen.Wheel(m)))
		}
		return screen.Stay, nil
	}
	k, ok := msg.(tea.KeyMsg)
	if !ok {
		return screen.Stay, nil
	}
	if left, right, fits := h.columns(); !fits {
		rows := h.rows()
		last := max(0, len(left)+1+len(right)-rows)
		switch k.String() {
		case "up", "w", "k", "W", "K":
			h.top = max(0, h.top-1)
			return screen.Stay, nil
		case "down", "s", "j", "S", "J":
			h.top = min(last, h.top+1)
			return screen.Stay, nil
		case "pgup":
			h.top = max(0, h.top-rows)
			return screen.Stay, nil
		case "pgdown", " ":
			h.top = min(last, h.top+rows)
			return screen.Stay, nil
		}
	}
	return screen.Pop(), nil
}

// hint is the one-column page's hint, wrapped to the terminal.
func (h *helpScreen) hint() []string {
	return screen.WrapParts(strings.Split(screen.ScrollHint, " · "), " · ", h.c.Width)
}

// rows is how many lines of the one-column page are shown.
func (h *helpScreen) rows() int { return max(1, h.c.Height-1-len(h.hint())) }

// glyph draws a symbol with its map style.
func (c *env) glyph(k tileClass, s string) string {
	if c.st.tiles[k] == "" {
		return s
	}
	return c.st.tiles[k] + s + c.st.reset
}

// View draws the help page: two columns when they fit, else one that
// scrolls.
func (h *helpScreen) View() string {
	c, st := h.c, h.c.st
	left, right, fits := h.columns()
	if !fits {
		lines := append(append(append([]string(nil), left...), ""), right...)
		rows := h.rows()
		top := max(0, min(h.top, len(lines)-rows))
		var b strings.Builder
		b.WriteString(st.Title.Render("HELP") + "\n")
		for _, l := range lines[top:min(len(lines), top+rows)] {
			b.WriteString(l + "\n")
		}
		for i, l := range h.hint() {
			if i > 0 {
				b.WriteString("\n")
			}
			b.WriteString(st.Faint.Render(cut(l, c.Width)))
		}
		return c.Center(b.String())
	}
	lw := 0
	for _, l := range left {
		lw = max(lw, lipgloss.Width(l))
	}
	var b strings.Builder
	b.WriteString(st.Title.Render("HELP") + "\n\n")
	for i := 0; i < max(len(left), len(right)); i++ {
		var l, r string
		if i < len(left) {
			l = left[i]
		}
		if i < len(right) {
			r = right[i]
		}
		b.WriteString(l + strings.Repeat(" ", lw-lipgloss.Width(l)+4) + r + "\n")
	}
	b.WriteString("\n" + st.Faint.Render("Press any key to return."))
	return c.Center(b.String())
}

// columns returns the page's two columns and whether they fit the
// terminal side by side.
func (h *helpScreen) columns() (left, right []string, fits bool) {
	c, st := h.c, h.c.st
	sym := func(k tileClass, g, text string) string {
		return " " + c.glyph(k, g) + strings.Repeat(" ", 4-len(g)) + text
	}
	// Without colour the page names what the terminal shows instead.
	col := func(colour, mono string) string {
		if st.Mono {
			return mono
		}
		return colour
	}
	left = []string{
		st.Heading.Render("Symbols"),
		sym(clsPlayer, "P", col("you (in bold)", "you (bold, reversed)")),
		sym(clsPartner, "P", col("your partner (cyan, co-op)", "your partner (reversed)")),
		sym(clsHunter, "H", "hunter: hears 6 (12 w/ key)"),
		sym(clsHeard, "h", "a hunter heard, not seen"),
		sym(clsWanderer, "W", col("wanderer (magenta): roams", "wanderer: roams")),
		sym(clsMinotaur, "M", "Minotaur (level 7): leaps"),
		sym(clsMark, "!", "where the Minotaur lands"),
		sym(clsKey, "K", "the key: opens the exit"),
		sym(clsExit, "E", col("exit (green; bright if open)", "exit (reversed if open)")),
		sym(clsBonus, "*", "freeze: pocket it, F uses"),
		sym(clsBonus, "^", "torch: see further"),
		sym(clsBonus, "?", "compass: shows the way"),
		sym(clsCompass, ".", col("a compass mark (blue)", "a compass mark (reversed)")),
		sym(clsLit, "+-|", "wall   "+c.glyph(clsLit, ".")+" floor"),
		"",
		st.Heading.Render("Light"),
		" " + c.glyph(clsLit, "+-+") + col(" in light: all you see", " in light (bold): all"),
		" " + c.glyph(clsPenumbra, "+-+") + " penumbra: map only",
		" " + c.glyph(clsRemembered, "+-+") + col(" remembered (grey)", " remembered (dim)"),
	}
	k := func(keys, text string) string { return " " + st.Key.Render(fmt.Sprintf("%-11s", keys)) + " " + text }
	km, g := keymap.Active(), keymap.Minotaur
	step := "step; hjkl 8462 too"
	if km.MoveLabel(g, "") != "" {
		step = "step" // the moves are the player's own
	}
	right = []string{
		st.Heading.Render("Keys"),
		k(km.MoveLabel(g, "WASD arrows"), step),
		k(km.LabelAll(g, "wait", "Space 5", " "), "wait a turn"),
		k(km.LabelAll(g, "freeze", "F", " "), "use a pocketed freeze"),
		k(km.LabelAll(g, "look", "X", " "), "look: name what is there"),
		k(km.LabelAll(g, "travel", "> T", " ")+" click", "travel to key/exit/tile"),
		k(km.LabelAll(g, "explore", "O", " "), "explore; any key stops"),
		k(km.LabelAll(g, "messages", "Ctrl+P", " "), "the game's messages"),
		k(km.LabelAll(g, "help", "H ?", " "), "this help"),
		k(km.LabelAll(g, "pause", "P Esc", " "), "pause: save, quit"),
		k(km.LabelAll(g, "chat", "Enter", " "), "chat (co-op)"),
		k(km.LabelAll(g, "quit", "Q", " ")+" Ctrl+C", "quit (asks if unsaved)"),
		"",
		st.Heading.Render("Score of a level"),
		" 100 + max(0, 300 − turns)",
		" + 20 × bonuses; game: sum of levels",
		"",
		st.Heading.Render("Rules"),
		" A wall bump costs no turn.",
		" Caught once: the game is over.",
	}
	lw, rw := 0, 0
	for _, l := range left {
		lw = max(lw, lipgloss.Width(l))
	}
	for _, r := range right {
		rw = max(rw, lipgloss.Width(r))
	}
	fits = lw+4+rw <= c.Width && max(len(left), len(right))+4 <= c.Height
	return left, right, fits
}

// pauseScreen is the pause menu: Continue, Save, Quit to menu.
type pauseScreen struct {
	c      *env
	g      *gameScreen
	cursor int
	note   string
	saving bool
}

func newPauseScreen(c *env, g *gameScreen) *pauseScreen { return &pauseScreen{c: c, g: g} }

// Init does nothing.
func (p *pauseScreen) Init() tea.Cmd { return nil }

var pauseLabels = []string{"Continue", "Save", "Quit to menu"}

// labels are the pause menu's items: a game that cannot be saved (a
// network game, which its server keeps) is offered no Save that could
// only fail.
func (p *pauseScreen) labels() []string {
	if _, ok := p.g.sess.(Saver); !ok {
		return []string{"Continue", "Quit to menu"}
	}
	return pauseLabels
}

// Update moves through the menu, saves, or leaves.
func (p *pauseScreen) Update(msg tea.Msg) (screen.Nav, tea.Cmd) {
	switch msg := msg.(type) {
	case SavedMsg:
		p.saving = false
		if msg.Err != nil {
			saveFailedIn(p.g.sess)
			p.note = screen.SaveFailed(msg.Err)
		} else {
			p.note = "Saved as " + filepath.Base(msg.Path) + "."
		}
	case tea.KeyMsg:
		switch {
		case key.Matches(msg, screen.MenuKeys.Up):
			p.cursor = (p.cursor + len(p.labels()) - 1) % len(p.labels())
		case key.Matches(msg, screen.MenuKeys.Down):
			p.cursor = (p.cursor + 1) % len(p.labels())
		case key.Matches(msg, playKeys().Pause):
			return screen.Pop(), nil
		case key.Matches(msg, screen.MenuKeys.Choose):
			return p.choose(p.labels()[p.cursor])
		case msg.Type == tea.KeyRunes && len(msg.Runes) == 1:
			switch strings.ToUpper(string(msg.Runes)) {
			case "C":
				return p.choose("Continue")
			case "Q":
				return p.choose("Quit to menu")
			}
		}
	}
	return screen.Stay, nil
}

func (p *pauseScreen) choose(item string) (screen.Nav, tea.Cmd) {
	p.cursor = max(slices.Index(p.labels(), item), 0)
	switch item {
	case "Continue":
		return screen.Pop(), nil
	case "Save":
		if p.saving {
			return screen.Stay, nil
		}
		sv, ok := p.g.sess.(Saver)
		if !ok {
			p.note = "A network game cannot be saved."
			return screen.Stay, nil
		}
		p.saving = true
		p.note = "Saving…"
		return screen.Stay, sv.Save()
	}
	if _, ok := forfeiter(p.g.sess); ok {
		return screen.Push(forfeitConfirm(p.c, p.g, false)), nil
	}
	if unsaved(p.g.sess) {
		return screen.Push(quitConfirm(p.c, p.g, false)), nil
	}
	return leaveGame(p.c, p.g)
}

// leaveGame ends the game's session (writing its replay) and shows the menu.
func leaveGame(c *env, g *gameScreen) (screen.Nav, tea.Cmd) {
	return screen.Replace(c.Home()), g.sess.End()
}

// View draws the pause menu.
func (p *pauseScreen) View() string {
	st := p.c.st
	var items []string
	for i, l := range p.labels() {
		if _, ok := forfeiter(p.g.sess); ok && l == "Quit to menu" {
			l = "Quit the game" // not to the menu: it asks, then the end screen and the lobby
		}
		if i == p.cursor {
			items = append(items, "> "+st.Selected.Render(fmt.Sprintf("%-14s", l)))
		} else {
			items = append(items, "  "+fmt.Sprintf("%-14s", l))
		}
	}
	v := p.g.b.view
	note := p.note
	if note == "" && unsaved(p.g.sess) {
		note = "This game has unsaved progress."
	}
	tw := p.c.DialogWidth()
	return p.c.Dialog(st.Title.Render("PAUSED"),
		screen.Wrap(fmt.Sprintf("Level %d/%d · turn %d · score %d", v.Level, v.Levels, v.Turn, v.Score), tw),
		strings.Join(items, "\n"),
		screen.Wrap(note, tw),
		st.Faint.Render(screen.Wrap("↑/↓ Enter choose · P/Esc back to the game", tw)))
}

// confirmScreen asks before quitting a game with unsaved progress.
type confirmScreen struct {
	c        *env
	g        *gameScreen
	question string
	leave    func() (screen.Nav, tea.Cmd)
	note     string
	saving   bool
}

// quitConfirm asks before quitting a game with unsaved progress: to the
// menu (from the pause screen) or out of the program (Ctrl+C).
func quitConfirm(c *env, g *gameScreen, program bool) *confirmScreen {
	q := &confirmScreen{c: c, g: g, question: "This game has unsaved progress.\nQuit to the menu without saving?"}
	q.leave = func() (screen.Nav, tea.Cmd) { return leaveGame(c, g) }
	if program {
		q.question = "This game has unsaved progress.\nQuit the game without saving?"
		q.leave = func() (screen.Nav, tea.Cmd) {
			return screen.Stay, tea.Sequence(g.sess.End(), func() tea.Msg { return screen.QuitMsg{} })
		}
	}
	return q
}

// forfeitScreen asks before a game kept by a server is given up: from the
// pause menu (quit the game: the end screen, then the lobby) or with
// Ctrl+C (quit the program, keeping the seat unless the player gives it up).
type forfeitScreen struct {
	c       *env
	g       *gameScreen
	f       Forfeiter
	program bool
}

func forfeitConfirm(c *env, g *gameScreen, program bool) *forfeitScreen {
	f, _ := forfeiter(g.sess)
	return &forfeitScreen{c: c, g: g, f: f, program: program}
}

// Init does nothing.
func (q *forfeitScreen) Init() tea.Cmd { return nil }

// quitKeeping quits the program, the seat kept for the grace period.
func (q *forfeitScreen) quitKeeping() (screen.Nav, tea.Cmd) {
	return screen.Pop(), tea.Sequence(q.f.Keep(), func() tea.Msg { return screen.QuitMsg{} })
}

// Update: from the pause menu Y gives the game up, N or Esc goes back;
// after Ctrl+C, K (or Ctrl+C again) quits keeping the seat, G quits giving
// it up, N or Esc goes back.
func (q *forfeitScreen) Update(msg tea.Msg) (screen.Nav, tea.Cmd) {
	k, ok := msg.(tea.KeyMsg)
	if !ok {
		return screen.Stay, nil
	}
	if k.Type == tea.KeyCtrlC {
		return q.quitKeeping()
	}
	switch strings.ToLower(k.String()) {
	case "n", "esc":
		return screen.Pop(), nil
	case "y":
		if !q.program {
			// Back to the game, whose end the server's answer brings.
			return screen.Pop(), q.f.Forfeit()
		}
		return q.quitKeeping()
	case "k":
		if q.program {
			return q.quitKeeping()
		}
	case "g":
		if q.program {
			return screen.Stay, tea.Sequence(q.g.sess.End(), func() tea.Msg { return screen.QuitMsg{} })
		}
	}
	return screen.Stay, nil
}

// View draws the question and what each answer costs.
func (q *forfeitScreen) View() string {
	st := q.c.st
	tw := q.c.DialogWidth()
	if !q.program {
		return q.c.Dialog(st.Warn.Render("QUIT THE GAME?"), screen.Wrap(q.f.QuitCost(), tw),
			st.Key.Render("Y")+"  yes, quit and give up the seat\n"+
				st.Key.Render("N")+"  no, keep playing")
	}
	return q.c.Dialog(st.Warn.Render("QUIT?"),
		screen.Wrap("Your seat is kept a while: start minotaur again to come back.", tw),
		st.Key.Render("K")+"  quit, keep my seat\n"+
			st.Key.Render("G")+"  quit and give up the seat\n"+
			st.Key.Render("N")+"  no, keep playing",
		screen.Wrap("G: "+q.f.QuitCost(), tw))
}

// Init does nothing.
func (q *confirmScreen) Init() tea.Cmd { return nil }

// Update: Y quits, S saves then quits, N or Esc goes back.
func (q *confirmScreen) Update(msg tea.Msg) (screen.Nav, tea.Cmd) {
	switch msg := msg.(type) {
	case SavedMsg:
		q.saving = false
		if msg.Err != nil {
			saveFailedIn(q.g.sess)
			q.note = screen.SaveFailed(msg.Err)
			return screen.Stay, nil
		}
		return q.leave()
	case tea.KeyMsg:
		if q.saving {
			return screen.Stay, nil
		}
		switch strings.ToLower(msg.String()) {
		case "y":
			return q.leave()
		case "s":
			sv, ok := q.g.sess.(Saver)
			if !ok {
				return q.leave()
			}
			q.saving = true
			q.note = "Saving…"
			return screen.Stay, sv.Save()
		case "n", "esc":
			return screen.Pop(), nil
		}
	}
	return screen.Stay, nil
}

// View draws the question.
func (q *confirmScreen) View() string {
	st := q.c.st
	tw := q.c.DialogWidth()
	return q.c.Dialog(st.Warn.Render("QUIT?"), screen.Wrap(q.question, tw),
		st.Key.Render("Y")+"  yes, quit without saving\n"+
			st.Key.Render("S")+"  save, then quit\n"+
			st.Key.Render("N")+"  no, keep playing",
		screen.Wrap(q.note, tw))
}

// passedScreen shows the score of a passed level.
type passedScreen struct {
	c      *env
	score  engine.LevelScore
	next   int // the level that starts next
	total  int
	opened time.Time // keys typed in play just before are not for it (screen.KeyGrace)
}

func newPassedScreen(c *env, sc engine.LevelScore, v engine.View) *passedScreen {
	return &passedScreen{c: c, score: sc, next: v.Level, total: v.Score, opened: c.Now()}
}

// Init does nothing.
func (p *passedScreen) Init() tea.Cmd { return nil }

var continueKey = key.NewBinding(key.WithKeys("enter", " ", "esc"), key.WithHelp("Enter", "continue"))

// Update returns to the game on Enter or Space (not on a move key, which the
// player may still be pressing).
func (p *passedScreen) Update(msg tea.Msg) (screen.Nav, tea.Cmd) {
	if k, ok := msg.(tea.KeyMsg); ok && key.Matches(k, continueKey) && p.c.Now().Sub(p.opened) >= screen.KeyGrace {
		return screen.Pop(), nil
	}
	return screen.Stay, nil
}

// scoreLines is the breakdown of a level's score.
func scoreLines(st *Styles, sc engine.LevelScore) []string {
	return []string{
		fmt.Sprintf("%-28s %5d", "Escaped", engine.BaseLevelScore),
		fmt.Sprintf("%-28s %5d", fmt.Sprintf("Time bonus (300 − %d turns)", sc.Turns), sc.TimeBonus),
		fmt.Sprintf("%-28s %5d", fmt.Sprintf("Bonuses (%d × %d)", sc.Bonuses, engine.BonusScore), sc.Bonuses*engine.BonusScore),
		strings.Repeat(" ", 28) + " -----",
		st.Heading.Render(fmt.Sprintf("%-28s %5d", fmt.Sprintf("Level %d", sc.Level), sc.Score)),
	}
}

// View draws the breakdown.
func (p *passedScreen) View() string {
	st := p.c.st
	return p.c.Dialog(st.Good.Render(fmt.Sprintf("LEVEL %d PASSED", p.score.Level)),
		strings.Join(scoreLines(st, p.score), "\n"),
		fmt.Sprintf("%-28s %5d", "Total so far", p.total),
		st.Faint.Render(fmt.Sprintf("Enter or Space: on to level %d", p.next)))
}

// wrapPath breaks a file path into lines of at most w columns after a
// separator (or anywhere, for a name longer than the line); nothing is cut,
// so that the whole path can be read and typed again.
func wrapPath(p string, w int) string {
	var lines []string
	for ansi.StringWidth(p) > w {
		head := ansi.Truncate(p, w, "")
		i := strings.LastIndexAny(head, `/\`)
		if i <= 0 {
			i = len(head) - 1
		}
		lines = append(lines, p[:i+1])
		p = p[i+1:]
	}
	return strings.Join(append(lines, p), "\n")
}

// newHistoryScreen shows every message of the game (Ctrl+P), each
// level's under a heading of its own, the latest at the foot, in a pager
// (bubbles' viewport, which scrolls by lines); ↑/↓ and PgUp/PgDn scroll,
// any other key returns.
func newHistoryScreen(c *env, history []histLine) *screen.Pager {
	msgs := append([]histLine(nil), history...)
	st := c.st
	text := func(w int) string {
		if len(msgs) == 0 {
			return st.Faint.Render("Nothing yet.")
		}
		var b strings.Builder
		level := 0
		for i, m := range msgs {
			if i > 0 {
				b.WriteByte('\n')
			}
			if m.level != level {
				if level != 0 {
					b.WriteByte('\n')
				}
				level = m.level
				b.WriteString(st.Key.Render(fmt.Sprintf("── Level %d ──", level)) + "\n")
			}
			b.WriteString(ansi.Wrap("› "+m.text, w, ""))
		}
		return b.String()
	}
	return screen.NewPager(c.Context, "MESSAGES OF THIS GAME", text, screen.ScrollHint, true)
}
