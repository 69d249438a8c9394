package labyrinth

import (
	"fmt"
	"path/filepath"
	"strings"

	"github.com/charmbracelet/bubbles/key"
	tea "github.com/charmbracelet/bubbletea"
	"github.com/charmbracelet/lipgloss"

	"github.com/minotaur-game/minotaur/games/labyrinth"
	"github.com/minotaur-game/minotaur/tui/keymap"
	"github.com/minotaur-game/minotaur/tui/screen"
)

// Stages of a Labyrinth turn on the shared screen.
const (
	labHandover = iota // "Player 2's turn — press Enter": nothing private shown
	labPlay            // the player's own screen: notebook, answers, inventory
	labAnswered        // the player's turn is spent: they read the answer, then Enter
	labWon             // someone got out
)

// The layout of a player's screen: the side panel's width (as the
// Minotaur board's) and the gap between the notebook and the panel.
const (
	panelMin = 26 // narrowest side panel
	panelMax = 36 // widest side panel
	panelGap = 2  // columns between the notebook and the panel
)

// labKeyMap is the keys of a Labyrinth turn.
type labKeyMap struct {
	Up, Left, Down, Right, Shoot, Inventory, Help, Pause, Quit, PrevSheet, NextSheet, Done key.Binding
}

// labKeys are the keys of a Labyrinth turn as the active keymap binds
// them.
func labKeys() labKeyMap { return labKeysCache.Get() }

var labKeysCache = keymap.NewCached(func(m *keymap.Map) labKeyMap {
	const g = keymap.Labyrinth
	return labKeyMap{
		Up:        m.Binding(g, "up", "W/↑", "up"),
		Left:      m.Binding(g, "left", "A/←", "left"),
		Down:      m.Binding(g, "down", "S/↓", "down"),
		Right:     m.Binding(g, "right", "D/→", "right"),
		Shoot:     m.Binding(g, "shoot", "X", "shoot"),
		Inventory: m.Binding(g, "inventory", "E", "inventory"),
		Help:      m.Binding(g, "help", "?", "help"),
		Pause:     m.Binding(g, "pause", "Esc", "pause"),
		Quit:      m.Binding(g, "quit", "Q", "quit"),
		PrevSheet: m.Binding(g, "prev-sheet", "[", "previous sheet"),
		NextSheet: m.Binding(g, "next-sheet", "]", "next sheet"),
		Done:      key.NewBinding(key.WithKeys("enter", " "), key.WithHelp("Enter", "go on")),
	}
})

// labGameScreen is a Labyrinth game on one shared screen (hot seat): each
// player's turn is shown only to them, between hand-over screens.
type labGameScreen struct {
	c      *screen.Context
	tiles  *screen.Tiles
	lg     *labGame
	stage  int
	aiming bool // X was pressed: the next direction shoots
	shown  int  // the player whose screen is shown (1-based)
	turn   int  // the turn being shown
	sheet  int  // the sheet shown, or -1 for the one being drawn
	since  int  // the player's answers before this index were seen on an earlier turn
	note   string
	// won ignores the keys of the first half second of the result, so
	// that a key held or typed ahead in play does not skip it.
	won screen.KeyGuard
}

func newLabGameScreen(c *screen.Context, lg *labGame, resumed bool) *labGameScreen {
	s := &labGameScreen{c: c, tiles: newTiles(c.Styles), lg: lg, sheet: -1}
	switch {
	case lg.g.Over():
		s.stage = labWon
		s.won = screen.NewKeyGuard(c.Now())
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
func (s *labGameScreen) Update(msg tea.Msg) (screen.Nav, tea.Cmd) {
	switch msg := msg.(type) {
	case screen.SavedMsg:
		s.Saved(msg)
		if msg.Err != nil {
			s.note = screen.SaveFailed(msg.Err)
		}
	case tea.KeyMsg:
		return s.key(msg)
	}
	return screen.Stay, nil
}

func (s *labGameScreen) key(k tea.KeyMsg) (screen.Nav, tea.Cmd) {
	switch s.stage {
	case labHandover:
		switch {
		case key.Matches(k, labKeys().Done) && k.Type == tea.KeyEnter:
			s.begin()
			s.note = ""
		case key.Matches(k, labKeys().Pause):
			return screen.Push(screen.NewPause(s.c, s)), nil
		}
		return screen.Stay, nil
	case labAnswered:
		switch {
		case k.Type == tea.KeyEnter:
			s.stage = labHandover
			s.note = ""
		case key.Matches(k, labKeys().Pause):
			return screen.Push(screen.NewPause(s.c, s)), nil
		}
		return screen.Stay, nil
	case labWon:
		if s.won.Blocks(s.c.Now()) {
			return screen.Stay, nil
		}
		if k.Type == tea.KeyEnter || k.Type == tea.KeyEsc {
			return screen.Replace(newLabEnd(s.c, s.lg)), nil
		}
		return screen.Stay, nil
	}
	if s.aiming {
		if d, ok := labDir(k); ok {
			return screen.Stay, s.act(labyrinth.Command{Kind: labyrinth.Shoot, Dir: d})
		}
		if k.Type == tea.KeyEsc || key.Matches(k, labKeys().Shoot) {
			s.aiming = false
		}
		return screen.Stay, nil
	}
	if d, ok := labDir(k); ok {
		return screen.Stay, s.act(labyrinth.Command{Kind: labyrinth.Step, Dir: d})
	}
	switch {
	case key.Matches(k, labKeys().Shoot):
		s.aiming = true
	case key.Matches(k, labKeys().Inventory):
		return screen.Stay, s.act(labyrinth.Command{Kind: labyrinth.Inventory})
	case key.Matches(k, labKeys().Help):
		return screen.Push(newLabHelp(s.c)), nil
	case key.Matches(k, labKeys().Pause):
		return screen.Push(screen.NewPause(s.c, s)), nil
	case key.Matches(k, labKeys().Quit):
		if s.Unsaved() {
			p := screen.NewPause(s.c, s)
			p.AskLeave()
			return screen.Push(p), nil
		}
		return screen.Replace(s.Menu()), nil
	case key.Matches(k, labKeys().PrevSheet), key.Matches(k, labKeys().NextSheet):
		nb := &s.lg.books[s.player()-1]
		cur := s.sheet
		if cur < 0 {
			cur = nb.Current
		}
		if key.Matches(k, labKeys().PrevSheet) {
			cur = max(cur-1, 0)
		} else {
			cur = min(cur+1, len(nb.Sheets)-1)
		}
		s.sheet = cur
		if cur == nb.Current {
			s.sheet = -1
		}
	default:
		// Enter and Space go on between turns; one too many is no
		// mistake to tell.
		if keymap.IsUnknown(k) && !key.Matches(k, labKeys().Done) {
			s.note = keymap.Active().Unknown(keymap.Labyrinth)
		}
	}
	return screen.Stay, nil
}

// labDir is the direction of a W A S D or arrow key.
func labDir(k tea.KeyMsg) (labyrinth.Dir, bool) {
	switch {
	case key.Matches(k, labKeys().Up):
		return labyrinth.Up, true
	case key.Matches(k, labKeys().Left):
		return labyrinth.Left, true
	case key.Matches(k, labKeys().Down):
		return labyrinth.Down, true
	case key.Matches(k, labKeys().Right):
		return labyrinth.Right, true
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
		s.won = screen.NewKeyGuard(s.c.Now())
		s.lg.unsaved = false
		file := s.lg.file
		s.lg.file = ""
		return screen.RemoveSave(s.c.Saves, file) // a won game needs no place to come back to
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
	st := s.c.Styles
	g := s.lg.g
	switch s.stage {
	case labHandover:
		return screen.HandOver(s.c, s.player(), fmt.Sprintf("Turn %d · %s", g.Turn(), s.lg.name), s.note)
	case labWon:
		w, turn := g.Winner()
		last := ""
		if log := s.lg.logs[w-1]; len(log) > 0 {
			last = log[len(log)-1].Text()
		}
		tw := min(s.c.DialogWidth(), 60)
		return s.c.Dialog(st.Good.Render(fmt.Sprintf("PLAYER %d GOT OUT IN TURN %d", w, turn)),
			screen.Wrap("The referee told player "+fmt.Sprint(w)+": "+last, tw),
			st.Faint.Render(screen.Wrap("Enter: see the true field, every real path and the notebooks", tw)))
	}
	return s.playView()
}

// playView is the player's own screen: the notebook on the left, the
// panel on the right, the keys at the bottom.
func (s *labGameScreen) playView() string {
	st := s.c.Styles
	p := s.player()
	nb := &s.lg.books[p-1]
	w, h := s.c.Width, s.c.Height
	panelW := min(max(w/3, panelMin), panelMax+6)
	mapW := w - panelW - panelGap
	hints := s.hints(w)
	mapH := h - 1 - len(hints)

	// The notebook sheet, in a window that keeps the '@' in view.
	sheet := nb.Sheet()
	idx := nb.Current
	if s.sheet >= 0 && s.sheet < len(nb.Sheets) {
		sheet, idx = nb.Sheets[s.sheet], s.sheet
	}
	cv, px, py := sheetCanvas(nb, sheet)
	vw, vh := min(cv.w, mapW), min(cv.h, mapH)
	mapLines := cv.lines(s.tiles, screen.Window(cv.w, vw, px), screen.Window(cv.h, vh, py), vw, vh)

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
		for j, l := range strings.Split(screen.Wrap(prefix+text, panelW-1), "\n") {
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
	b.WriteString(screen.Fit(title, w) + "\n")
	for i := 0; i < mapH; i++ {
		line := strings.Repeat(" ", margin)
		if i < len(mapLines) {
			line += mapLines[i]
		}
		line += strings.Repeat(" ", max(margin+vw-lipgloss.Width(line), 0)+panelGap)
		if i < len(panel) {
			line += screen.Fit(panel[i], panelW)
		}
		b.WriteString(line + "\n")
	}
	b.WriteString(strings.Join(hints, "\n"))
	return b.String()
}

// hints is the bottom lines: what the keys do now, wrapped whole to w
// columns (two lines on a small terminal).
func (s *labGameScreen) hints(w int) []string {
	st := s.c.Styles
	warn := func(text string) []string {
		lines := strings.Split(screen.Wrap(text, w), "\n")
		for i, l := range lines {
			lines[i] = st.Warn.Render(l)
		}
		return lines
	}
	switch {
	case s.note != "":
		return warn(s.note)
	case s.stage == labAnswered:
		return warn("Your turn is over. Enter: hide your notes and pass the keyboard on")
	case s.aiming:
		return warn("Shoot which way? W A S D · X or Esc: don't shoot")
	}
	k := func(keys, what string) string { return st.Key.Render(keys) + " " + st.Faint.Render(what) }
	km, g := keymap.Active(), keymap.Labyrinth
	return screen.WrapParts([]string{k(km.MoveLabel(g, "WASD"), "step"), k(km.Label(g, "shoot", "X"), "shoot"), k(km.Label(g, "inventory", "E"), "inventory"),
		k(sheetsLabel(), "sheets"), k(km.Label(g, "help", "?"), "help"), k(km.Label(g, "pause", "Esc"), "pause")}, st.Faint.Render(" · "), w)
}

// labHelpScreen explains the commands, the notebook's marks and the rules:
// centred when it fits the terminal, else in a pager that scrolls.
type labHelpScreen struct {
	c     *screen.Context
	tiles *screen.Tiles
	pager *screen.Pager
	// online is set for a game on a server: Esc leaves it (no pause, no
	// save).
	online bool
}

func newLabHelp(c *screen.Context) *labHelpScreen {
	h := &labHelpScreen{c: c, tiles: newTiles(c.Styles)}
	h.pager = screen.NewPager(c, "LABYRINTH — HELP", func(w int) string {
		lines := h.body(w)
		for i, l := range lines {
			lines[i] = screen.Wrap(l, w)
		}
		return strings.Join(lines, "\n")
	}, screen.ScrollHint, false)
	return h
}

// Init does nothing.
func (h *labHelpScreen) Init() tea.Cmd { return nil }

// fits reports whether the whole help fits the terminal.
func (h *labHelpScreen) fits() bool {
	lines := h.body(min(h.c.Width-4, 70))
	w := 0
	for _, l := range lines {
		w = max(w, lipgloss.Width(l))
	}
	return len(lines)+4 <= h.c.Height && w <= h.c.Width
}

// Update returns on any key, or scrolls the pager.
func (h *labHelpScreen) Update(msg tea.Msg) (screen.Nav, tea.Cmd) {
	if _, ok := msg.(tea.MouseMsg); ok && !h.fits() {
		return h.pager.Update(msg) // the wheel scrolls
	}
	if _, ok := msg.(tea.KeyMsg); !ok {
		return screen.Stay, nil
	}
	if !h.fits() {
		return h.pager.Update(msg)
	}
	return screen.Pop(), nil
}

// body is the help under its title, its prose wrapped to w columns.
func (h *labHelpScreen) body(w int) []string {
	st, t := h.c.Styles, h.tiles
	k := func(keys, text string) string { return " " + st.Key.Render(fmt.Sprintf("%-8s", keys)) + " " + text }
	m := func(cl tileClass, g, text string) string { return " " + t.Glyph(int(cl), g) + "  " + text }
	km, g := keymap.Active(), keymap.Labyrinth
	step := "step up, left, down, right (arrows, hjkl, 8462 too)"
	if km.MoveLabel(g, "") != "" {
		step = "step up, left, down, right"
	}
	return []string{
		st.Heading.Render("Commands"),
		k(km.MoveLabel(g, "W A S D"), step),
		k(km.Label(g, "shoot", "X")+" + "+km.MoveLabel(g, "WASD"), "shoot that way (X again or Esc: don't)"),
		k(km.LabelAll(g, "inventory", "E", " "), "your inventory (costs no turn)"),
		k(sheetsLabel(), "turn the notebook's sheets"),
		k(km.LabelAll(g, "help", "? H", " "), "this help"),
		h.escLine(k), "",
		st.Heading.Render("Your notebook, drawn from the answers only"),
		m(clsPlayer, "@", "where you believe you are"),
		m(clsPartner, "o", "your start") + "   " + t.Glyph(int(clsRemembered), ".") + "  a cell you walked",
		m(clsLit, "|-", "a wall you hit"),
		m(clsBonus, "S", "stun") + "  " + t.Glyph(int(clsBonus), "T") + " teleport  " + t.Glyph(int(clsBonus), "A") + " armory  " + t.Glyph(int(clsBonus), "R") + " rubber room",
		m(clsKey, "K", "the key") + "  " + t.Glyph(int(clsExit), "E") + " the exit (its door)", "",
		screen.Wrap("A rubber room lies, a teleport moves you unseen: the notebook is then wrong, as paper would be. After a teleport or a waking it starts a new sheet.", w),
	}
}

// sheetsLabel names the keys that turn the notebook's sheets.
func sheetsLabel() string {
	km, g := keymap.Active(), keymap.Labyrinth
	return km.Label(g, "prev-sheet", "[") + " " + km.Label(g, "next-sheet", "]")
}

// escLine is what Esc does: pause a game at this keyboard, leave one on
// a server.
func (h *labHelpScreen) escLine(k func(keys, text string) string) string {
	if h.online {
		return k("Esc", "leave the game (the computer plays your seat on)")
	}
	km, g := keymap.Active(), keymap.Labyrinth
	return k(km.LabelAll(g, "pause", "Esc P", " "), "pause: save, quit; "+km.Label(g, "quit", "Q")+" quits")
}

// View draws the help.
func (h *labHelpScreen) View() string {
	if !h.fits() {
		return h.pager.View()
	}
	st := h.c.Styles
	lines := append([]string{st.Title.Render("LABYRINTH — HELP"), ""}, h.body(min(h.c.Width-4, 70))...)
	lines = append(lines, "", st.Faint.Render("Press any key to return."))
	return h.c.Center(strings.Join(lines, "\n"))
}

// Summary is the pause menu's line about the game; it shows nothing of
// any player's notes.
func (s *labGameScreen) Summary() string {
	players := fmt.Sprintf("%d players", s.lg.g.Players())
	if s.lg.g.Players() == 1 {
		players = "1 player"
	}
	return fmt.Sprintf("Labyrinth · %s · turn %d · %s", s.lg.name, s.lg.g.Turn(), players)
}

// Unsaved reports whether the game has progress not yet saved.
func (s *labGameScreen) Unsaved() bool { return s.lg.unsaved }

// Save starts writing the game to its save file.
func (s *labGameScreen) Save() (tea.Cmd, error) {
	data, err := s.lg.encode(s.c.Now())
	if err != nil {
		return nil, err
	}
	s.lg.unsaved = false
	return saveLab(s.c.Saves, s.lg.file, data, s.c.Now()), nil
}

// Saved takes the result of a save: the game's file, or unsaved again.
func (s *labGameScreen) Saved(msg screen.SavedMsg) {
	switch {
	case msg.Err != nil:
		s.lg.unsaved = true
	case !s.lg.g.Over():
		s.lg.file = filepath.Base(msg.Path)
	}
}

// Menu is where the pause menu's Quit goes: the Labyrinth menu.
func (s *labGameScreen) Menu() screen.Screen { return newLabMenu(s.c) }

// Interrupt handles Ctrl+C: with unsaved progress the pause menu asks
// first (a second Ctrl+C quits), else the program ends.
func (s *labGameScreen) Interrupt(top screen.Screen) (screen.Nav, tea.Cmd) {
	if p, asking := top.(*screen.Pause); asking && p.Quitting() {
		return screen.Stay, tea.Quit
	}
	if s.lg.unsaved {
		p := screen.NewPause(s.c, s)
		p.AskQuit()
		return screen.Push(p), nil
	}
	return screen.Stay, tea.Quit
}

// Hangup saves a game with unsaved progress when its players are gone.
func (s *labGameScreen) Hangup() tea.Cmd {
	if !s.lg.unsaved {
		return nil
	}
	data, err := s.lg.encode(s.c.Now())
	if err != nil {
		return nil
	}
	return saveLab(s.c.Saves, s.lg.file, data, s.c.Now())
}
