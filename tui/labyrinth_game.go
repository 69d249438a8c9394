package tui

import (
	"fmt"
	"path/filepath"
	"strings"

	"github.com/charmbracelet/bubbles/key"
	tea "github.com/charmbracelet/bubbletea"
	"github.com/charmbracelet/lipgloss"

	"github.com/minotaur-game/minotaur/games/labyrinth"
	"github.com/minotaur-game/minotaur/levels"
)

// Stages of a Labyrinth turn on the shared screen.
const (
	labHandover = iota // "Player 2's turn — press Enter": nothing private shown
	labPlay            // the player's own screen: notebook, answers, inventory
	labAnswered        // the player's turn is spent: they read the answer, then Enter
	labWon             // someone got out
)

// labKeys are the keys of a Labyrinth turn.
var labKeys = struct {
	Up, Left, Down, Right, Shoot, Inventory, Help, Pause, PrevSheet, NextSheet, Done key.Binding
}{
	Up:        key.NewBinding(key.WithKeys("w", "W", "up"), key.WithHelp("W/↑", "up")),
	Left:      key.NewBinding(key.WithKeys("a", "A", "left"), key.WithHelp("A/←", "left")),
	Down:      key.NewBinding(key.WithKeys("s", "S", "down"), key.WithHelp("S/↓", "down")),
	Right:     key.NewBinding(key.WithKeys("d", "D", "right"), key.WithHelp("D/→", "right")),
	Shoot:     key.NewBinding(key.WithKeys("x", "X"), key.WithHelp("X", "shoot")),
	Inventory: key.NewBinding(key.WithKeys("e", "E"), key.WithHelp("E", "inventory")),
	Help:      key.NewBinding(key.WithKeys("?", "h", "H"), key.WithHelp("?", "help")),
	Pause:     key.NewBinding(key.WithKeys("esc", "p", "P"), key.WithHelp("Esc", "pause")),
	PrevSheet: key.NewBinding(key.WithKeys("["), key.WithHelp("[", "previous sheet")),
	NextSheet: key.NewBinding(key.WithKeys("]"), key.WithHelp("]", "next sheet")),
	Done:      key.NewBinding(key.WithKeys("enter", " "), key.WithHelp("Enter", "go on")),
}

// labGameScreen is a Labyrinth game on one shared screen (hot seat): each
// player's turn is shown only to them, between hand-over screens.
type labGameScreen struct {
	c      *common
	lg     *labGame
	stage  int
	aiming bool // X was pressed: the next direction shoots
	shown  int  // the player whose screen is shown (1-based)
	turn   int  // the turn being shown
	sheet  int  // the sheet shown, or -1 for the one being drawn
	since  int  // the player's answers before this index were seen on an earlier turn
	note   string
}

func newLabGameScreen(c *common, lg *labGame, resumed bool) *labGameScreen {
	s := &labGameScreen{c: c, lg: lg, sheet: -1}
	switch {
	case lg.g.Over():
		s.stage = labWon
	case lg.g.Players() > 1:
		s.stage = labHandover
	default:
		s.begin()
	}
	if resumed {
		s.note = "Welcome back."
	}
	return s
}

// player is the player whose screen is shown: the one whose turn it is,
// or who has just spent it and reads the answer (1-based).
func (s *labGameScreen) player() int {
	if s.stage == labHandover || s.shown == 0 {
		return s.lg.g.Current()
	}
	return s.shown
}

// begin shows the current player's own screen.
func (s *labGameScreen) begin() {
	s.stage = labPlay
	s.shown, s.turn = s.lg.g.Current(), s.lg.g.Turn()
	s.since = s.lg.seen[s.shown-1]
	s.sheet, s.aiming = -1, false
}

// Init does nothing.
func (s *labGameScreen) Init() tea.Cmd { return nil }

// Update plays the keys of the stage.
func (s *labGameScreen) Update(msg tea.Msg) (nav, tea.Cmd) {
	switch msg := msg.(type) {
	case labSavedMsg:
		if msg.err != nil {
			s.lg.unsaved = true
			s.note = saveFailed(msg.err)
		} else if !s.lg.g.Over() {
			s.lg.file = filepath.Base(msg.path)
		}
	case tea.KeyMsg:
		return s.key(msg)
	}
	return stay, nil
}

func (s *labGameScreen) key(k tea.KeyMsg) (nav, tea.Cmd) {
	switch s.stage {
	case labHandover:
		switch {
		case key.Matches(k, labKeys.Done) && k.Type == tea.KeyEnter:
			s.begin()
			s.note = ""
		case key.Matches(k, labKeys.Pause):
			return push(newLabPause(s.c, s)), nil
		}
		return stay, nil
	case labAnswered:
		switch {
		case k.Type == tea.KeyEnter:
			s.stage = labHandover
			s.note = ""
		case key.Matches(k, labKeys.Pause):
			return push(newLabPause(s.c, s)), nil
		}
		return stay, nil
	case labWon:
		if k.Type == tea.KeyEnter || k.Type == tea.KeyEsc {
			return replace(newLabEnd(s.c, s.lg)), nil
		}
		return stay, nil
	}
	if s.aiming {
		if d, ok := labDir(k); ok {
			return stay, s.act(labyrinth.Command{Kind: labyrinth.Shoot, Dir: d})
		}
		if k.Type == tea.KeyEsc || key.Matches(k, labKeys.Shoot) {
			s.aiming = false
		}
		return stay, nil
	}
	if d, ok := labDir(k); ok {
		return stay, s.act(labyrinth.Command{Kind: labyrinth.Step, Dir: d})
	}
	switch {
	case key.Matches(k, labKeys.Shoot):
		s.aiming = true
	case key.Matches(k, labKeys.Inventory):
		return stay, s.act(labyrinth.Command{Kind: labyrinth.Inventory})
	case key.Matches(k, labKeys.Help):
		return push(newLabHelp(s.c)), nil
	case key.Matches(k, labKeys.Pause):
		return push(newLabPause(s.c, s)), nil
	case key.Matches(k, labKeys.PrevSheet), key.Matches(k, labKeys.NextSheet):
		nb := &s.lg.books[s.player()-1]
		cur := s.sheet
		if cur < 0 {
			cur = nb.Current
		}
		if key.Matches(k, labKeys.PrevSheet) {
			cur = max(cur-1, 0)
		} else {
			cur = min(cur+1, len(nb.Sheets)-1)
		}
		s.sheet = cur
		if cur == nb.Current {
			s.sheet = -1
		}
	}
	return stay, nil
}

// labDir is the direction of a W A S D or arrow key.
func labDir(k tea.KeyMsg) (levels.Dir, bool) {
	switch {
	case key.Matches(k, labKeys.Up):
		return levels.Up, true
	case key.Matches(k, labKeys.Left):
		return levels.Left, true
	case key.Matches(k, labKeys.Down):
		return levels.Down, true
	case key.Matches(k, labKeys.Right):
		return levels.Right, true
	}
	return 0, false
}

// act sends a command to the referee.
func (s *labGameScreen) act(cmd labyrinth.Command) tea.Cmd {
	s.aiming, s.note = false, ""
	p := s.player()
	answers, err := s.lg.g.Act(cmd)
	if err != nil {
		s.note = "That did not work: " + err.Error() + "."
		return nil
	}
	s.lg.record(answers)
	if !cmd.CostsTurn() || answers[0].Has(labyrinth.FactNoBullets) {
		return nil
	}
	s.lg.unsaved = true
	s.lg.seen[p-1] = len(s.lg.logs[p-1])
	s.sheet = -1
	switch {
	case s.lg.g.Over():
		s.stage = labWon
		s.lg.unsaved = false
		file := s.lg.file
		s.lg.file = ""
		return removeLabSave(s.c.cfg.Saves, file) // a won game needs no place to come back to
	case s.lg.g.Players() > 1:
		s.stage = labAnswered
	default:
		s.begin()
		s.since = s.lg.seen[p-1] - countOwn(answers, p)
	}
	return nil
}

// countOwn counts the answers to player p.
func countOwn(answers []labyrinth.Answer, p int) int {
	n := 0
	for _, a := range answers {
		if a.Player == p {
			n++
		}
	}
	return n
}

// View draws the stage.
func (s *labGameScreen) View() string {
	st := s.c.st
	g := s.lg.g
	switch s.stage {
	case labHandover:
		body := st.Title.Render(fmt.Sprintf("Player %d's turn — press Enter", s.player())) + "\n\n" +
			fmt.Sprintf("Turn %d · %s", g.Turn(), s.lg.name) + "\n\n" +
			st.Faint.Render("The others look away. Esc: pause (save, quit).")
		if s.note != "" {
			body += "\n\n" + st.Warn.Render(s.note)
		}
		return s.c.center(st.Box.Render(body))
	case labWon:
		w, turn := g.Winner()
		last := ""
		if log := s.lg.logs[w-1]; len(log) > 0 {
			last = log[len(log)-1].Text()
		}
		body := st.Good.Render(fmt.Sprintf("PLAYER %d GOT OUT IN TURN %d", w, turn)) + "\n\n" +
			wrap("The referee told player "+fmt.Sprint(w)+": "+last, min(s.c.w-10, 60)) + "\n\n" +
			st.Faint.Render("Enter: see the true field, every real path and the notebooks")
		return s.c.center(st.Box.Render(body))
	}
	return s.playView()
}

// playView is the player's own screen: the notebook on the left, the
// panel on the right, the keys at the bottom.
func (s *labGameScreen) playView() string {
	st := s.c.st
	p := s.player()
	nb := &s.lg.books[p-1]
	w, h := s.c.w, s.c.h
	panelW := min(max(w/3, panelMin), panelMax+6)
	mapW := w - panelW - panelGap
	mapH := h - 2

	// The notebook sheet, in a window that keeps the '@' in view.
	sheet := nb.Sheet()
	idx := nb.Current
	if s.sheet >= 0 && s.sheet < len(nb.Sheets) {
		sheet, idx = nb.Sheets[s.sheet], s.sheet
	}
	cv, px, py := sheetCanvas(nb, sheet)
	vw, vh := min(cv.w, mapW), min(cv.h, mapH)
	mapLines := cv.lines(s.c, window(cv.w, vw, px), window(cv.h, vh, py), vw, vh)

	// The panel.
	g := s.lg.g
	bullets, hasKey := g.Inventory(p)
	keyText := "no key"
	if hasKey {
		keyText = "the key"
	}
	var panel []string
	panel = append(panel, st.Heading.Render(fmt.Sprintf("Player %d", p))+st.Faint.Render(fmt.Sprintf(" · turn %d", s.turn)))
	panel = append(panel, fmt.Sprintf("%d of %d bullets, %s", bullets, labyrinth.MaxBullets, keyText))
	sheetLine := fmt.Sprintf("Notebook sheet %d of %d", idx+1, len(nb.Sheets))
	if idx != nb.Current {
		sheetLine = fmt.Sprintf("Old sheet %d of %d: ] goes on", idx+1, len(nb.Sheets))
	}
	panel = append(panel, st.Faint.Render(sheetLine), "")
	panel = append(panel, st.Heading.Render("The referee told you"))
	var logLines []string
	log := s.lg.logs[p-1]
	for i, a := range log {
		text := a.Text()
		prefix := fmt.Sprintf("%d: ", a.Turn)
		if a.Own {
			prefix = fmt.Sprintf("%d %s: ", a.Turn, a.Cmd)
		}
		if a.Turn == 0 {
			prefix = ""
		}
		for j, l := range strings.Split(wrap(prefix+text, panelW-1), "\n") {
			if j > 0 {
				l = " " + l
			}
			if i >= s.since {
				l = st.Text.Render(l)
			} else {
				l = st.Faint.Render(l)
			}
			logLines = append(logLines, l)
		}
	}
	room := mapH - len(panel)
	if len(logLines) > room {
		logLines = logLines[len(logLines)-room:]
	}
	panel = append(panel, logLines...)

	// The map and the panel stand together in the middle.
	margin := max((w-vw-panelGap-panelW)/2, 0)
	var b strings.Builder
	title := st.Title.Render("LABYRINTH") + st.Faint.Render(" · "+s.lg.name)
	b.WriteString(fit(title, w) + "\n")
	for i := 0; i < mapH; i++ {
		line := strings.Repeat(" ", margin)
		if i < len(mapLines) {
			line += mapLines[i]
		}
		line += strings.Repeat(" ", max(margin+vw-lipgloss.Width(line), 0)+panelGap)
		if i < len(panel) {
			line += fit(panel[i], panelW)
		}
		b.WriteString(line + "\n")
	}
	b.WriteString(s.hints(w))
	return b.String()
}

// hints is the bottom line: what the keys do now.
func (s *labGameScreen) hints(w int) string {
	st := s.c.st
	switch {
	case s.note != "":
		return st.Warn.Render(fit(s.note, w))
	case s.stage == labAnswered:
		return st.Warn.Render(fit("Your turn is over. Enter: hide your notes and pass the keyboard on", w))
	case s.aiming:
		return st.Warn.Render(fit("Shoot which way? W A S D · X or Esc: don't shoot", w))
	}
	k := func(keys, what string) string { return st.Key.Render(keys) + " " + st.Faint.Render(what) }
	return fit(strings.Join([]string{k("WASD", "step"), k("X", "shoot"), k("E", "inventory"), k("[ ]", "sheets"), k("?", "help"), k("Esc", "pause")}, st.Faint.Render(" · ")), w)
}

// labHelpScreen explains the commands, the notebook's marks and the rules.
type labHelpScreen struct{ c *common }

func newLabHelp(c *common) *labHelpScreen { return &labHelpScreen{c: c} }

// Init does nothing.
func (h *labHelpScreen) Init() tea.Cmd { return nil }

// Update returns on any key.
func (h *labHelpScreen) Update(msg tea.Msg) (nav, tea.Cmd) {
	if _, ok := msg.(tea.KeyMsg); ok {
		return pop(), nil
	}
	return stay, nil
}

// View draws the help.
func (h *labHelpScreen) View() string {
	c, st := h.c, h.c.st
	k := func(keys, text string) string { return " " + st.Key.Render(fmt.Sprintf("%-8s", keys)) + " " + text }
	m := func(cl tileClass, g, text string) string { return " " + c.glyph(cl, g) + "  " + text }
	lines := []string{
		st.Title.Render("LABYRINTH — HELP"), "",
		st.Heading.Render("Commands"),
		k("W A S D", "step up, left, down, right (arrows too)"),
		k("X + WASD", "shoot that way (X again or Esc: don't)"),
		k("E", "your inventory (costs no turn)"),
		k("[ ]", "turn the notebook's sheets"),
		k("Esc", "pause: save, quit"), "",
		st.Heading.Render("Your notebook, drawn from the answers only"),
		m(clsPlayer, "@", "where you believe you are"),
		m(clsPartner, "o", "your start") + "   " + c.glyph(clsRemembered, ".") + "  a cell you walked",
		m(clsLit, "|-", "a wall you hit"),
		m(clsBonus, "S", "stun") + "  " + c.glyph(clsBonus, "T") + " teleport  " + c.glyph(clsBonus, "A") + " armory  " + c.glyph(clsBonus, "R") + " rubber room",
		m(clsKey, "K", "the key") + "  " + c.glyph(clsExit, "E") + " the exit (its door)", "",
		wrap("A rubber room lies, a teleport moves you unseen: the notebook is then wrong, as paper would be. After a teleport or a waking it starts a new sheet.", min(c.w-4, 70)),
		"", st.Faint.Render("Press any key to return."),
	}
	return c.center(strings.Join(lines, "\n"))
}

// labPauseScreen is the pause menu of a Labyrinth game.
type labPauseScreen struct {
	c       *common
	s       *labGameScreen
	cursor  int
	note    string
	saving  bool
	quitAsk bool // "unsaved: quit anyway?"
	program bool // quitting leaves the program (Ctrl+C), not only the game
}

func newLabPause(c *common, s *labGameScreen) *labPauseScreen { return &labPauseScreen{c: c, s: s} }

// Init does nothing.
func (p *labPauseScreen) Init() tea.Cmd { return nil }

// Update moves through Continue, Save, Quit to menu.
func (p *labPauseScreen) Update(msg tea.Msg) (nav, tea.Cmd) {
	switch msg := msg.(type) {
	case labSavedMsg:
		p.saving = false
		if msg.err != nil {
			p.s.lg.unsaved = true
			p.note = saveFailed(msg.err)
			return stay, nil
		}
		p.s.lg.file = filepath.Base(msg.path)
		p.note = "Saved as " + filepath.Base(msg.path) + "."
		if p.quitAsk {
			return p.leave()
		}
	case tea.KeyMsg:
		if p.saving {
			return stay, nil
		}
		if p.quitAsk {
			switch strings.ToLower(msg.String()) {
			case "y":
				return p.leave()
			case "s":
				return stay, p.save()
			case "n", "esc":
				if p.program {
					return pop(), nil
				}
				p.quitAsk, p.note = false, ""
			}
			return stay, nil
		}
		switch {
		case key.Matches(msg, menuKeys.Up):
			p.cursor = (p.cursor + 2) % 3
		case key.Matches(msg, menuKeys.Down):
			p.cursor = (p.cursor + 1) % 3
		case msg.Type == tea.KeyEsc:
			return pop(), nil
		case key.Matches(msg, menuKeys.Choose):
			return p.choose(p.cursor)
		case msg.String() == "c" || msg.String() == "C":
			return p.choose(0)
		case msg.String() == "q" || msg.String() == "Q":
			return p.choose(2)
		}
	}
	return stay, nil
}

// leave quits the game: to the Labyrinth menu, or out of the program.
func (p *labPauseScreen) leave() (nav, tea.Cmd) {
	if p.program {
		return stay, func() tea.Msg { return quitMsg{} }
	}
	return replace(newLabMenu(p.c)), nil
}

func (p *labPauseScreen) save() tea.Cmd {
	data, err := p.s.lg.encode(p.c.now())
	if err != nil {
		p.note = "The game could not be saved: " + err.Error()
		return nil
	}
	p.saving, p.note = true, "Saving…"
	p.s.lg.unsaved = false
	return saveLab(p.c.cfg.Saves, p.s.lg.file, data, p.c.now())
}

func (p *labPauseScreen) choose(i int) (nav, tea.Cmd) {
	p.cursor = i
	switch i {
	case 0:
		return pop(), nil
	case 1:
		return stay, p.save()
	}
	if p.s.lg.unsaved {
		p.quitAsk = true
		return stay, nil
	}
	return replace(newLabMenu(p.c)), nil
}

// View draws the menu; nothing of any player's notes shows.
func (p *labPauseScreen) View() string {
	st := p.c.st
	var items []string
	for i, l := range []string{"Continue", "Save", "Quit to menu"} {
		if i == p.cursor {
			items = append(items, "> "+st.Selected.Render(fmt.Sprintf("%-14s", l)))
		} else {
			items = append(items, "  "+fmt.Sprintf("%-14s", l))
		}
	}
	g := p.s.lg.g
	body := st.Title.Render("PAUSED") + "\n\n" +
		fmt.Sprintf("Labyrinth · %s · turn %d · %d players", p.s.lg.name, g.Turn(), g.Players()) + "\n\n" +
		strings.Join(items, "\n") + "\n\n"
	note := p.note
	switch {
	case p.quitAsk && !p.saving:
		note = "This game has unsaved progress. Y: quit without saving · S: save, then quit · N: back"
	case note == "" && p.s.lg.unsaved:
		note = "This game has unsaved progress."
	}
	body += wrap(note, max(p.c.w-10, 20)) + "\n\n" + st.Faint.Render("↑/↓ Enter choose · Esc back to the game")
	return p.c.center(st.Box.Render(body))
}
