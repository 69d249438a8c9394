package labyrinth

import (
	"errors"
	"fmt"
	"slices"
	"strings"

	"github.com/charmbracelet/bubbles/key"
	tea "github.com/charmbracelet/bubbletea"
	"github.com/charmbracelet/lipgloss"

	"github.com/minotaur-game/minotaur/games/labyrinth"
	"github.com/minotaur-game/minotaur/netplay"
	"github.com/minotaur-game/minotaur/safetext"
	"github.com/minotaur-game/minotaur/tui/keymap"
	"github.com/minotaur-game/minotaur/tui/screen"
)

// The phases of a Labyrinth game on a server (docs/protocol.md).
const (
	phaseStart = "start"
	phasePlay  = "play"
	phaseOver  = "over"
)

// Bounds of what a state may hold before it is drawn: the server's games
// are far inside them; a state beyond them is refused, not drawn.
const (
	maxAnswers   = 20000 // answers told one seat
	maxSheetSide = 400   // cells a notebook sheet spans
	maxSheets    = 2000  // notebook sheets (a teleport or a waking starts one)
)

// onlineScreen is a Labyrinth game played or watched through a server:
// the server is the referee; the screen shows one seat's answers only —
// the player's own, or those of the seat a spectator follows — and draws
// that seat's notebook from them alone, as the hot-seat game does.
type onlineScreen struct {
	c     *screen.Context
	tiles *screen.Tiles
	link  screen.Link
	game  string // the game's id, to follow another seat
	seat  int    // the player's seat; 0 for a spectator
	bot   int

	st    *netplay.LabyrinthState // the last state drawn (nil: none could be)
	names []string                // the seats' names, cleaned
	book  labyrinth.Notebook
	since int // answers before this one were told before the player's last command

	sheet   int  // the notebook sheet shown, or -1 for the one being drawn
	aiming  bool // X was pressed: the next direction shoots
	asking  bool // "Leave the game?" is asked
	chosen  bool // the player sent a start cell; the server's state confirms it
	cursor  labyrinth.Cell
	note    string
	refused string // why the last state was not drawn

	over    *netplay.Over
	ending  bool // the end is shown
	endSeat int  // whose path the end shows
	dx, dy  int  // the end's scroll of the field
	guard   screen.KeyGuard
}

// Online is the screen of a Labyrinth game through a server: start and
// the first state are the server's; a spectator's start has seat 0.
func Online(c *screen.Context, link screen.Link, start *netplay.Start, first *netplay.LabyrinthState) screen.Screen {
	s := &onlineScreen{c: c, tiles: newTiles(c.Styles), link: link, game: start.Game, seat: start.Seat, bot: start.Bot, sheet: -1}
	s.take(first)
	return s
}

// Init waits for the server's next message: the game has taken the
// connection over from the lobby.
func (s *onlineScreen) Init() tea.Cmd { return s.link.Wait() }

// checkState refuses a state the screen could not draw safely, and draws
// the seat's notebook from its answers. A seat's answers are its own: a
// state that holds another seat's is refused, never shown.
func checkState(st *netplay.LabyrinthState) (*labyrinth.Notebook, error) {
	switch {
	case st == nil:
		return nil, errors.New("no state")
	case len(st.Names) < 1 || len(st.Names) > labyrinth.MaxPlayers:
		return nil, fmt.Errorf("a game of %d seats", len(st.Names))
	case st.Seat < 0 || st.Seat > len(st.Names) || st.Winner < 0 || st.Winner > len(st.Names):
		return nil, errors.New("a seat out of range")
	case st.Phase != phaseStart && st.Phase != phasePlay && st.Phase != phaseOver:
		return nil, fmt.Errorf("a phase %q", safetext.Short(st.Phase, 20))
	case st.Rows < labyrinth.MinGenSide || st.Cols < labyrinth.MinGenSide || st.Rows > labyrinth.MaxGenSide || st.Cols > labyrinth.MaxGenSide:
		return nil, fmt.Errorf("a field of %d × %d cells", st.Rows, st.Cols)
	case st.Bullets < 0 || st.Bullets > labyrinth.MaxBullets:
		return nil, fmt.Errorf("%d bullets", st.Bullets)
	case len(st.Answers) > maxAnswers:
		return nil, fmt.Errorf("%d answers", len(st.Answers))
	case st.Seat == 0 && len(st.Answers) > 0:
		return nil, errors.New("answers told to no seat")
	}
	for _, t := range st.ToAct {
		if t < 1 || t > len(st.Names) {
			return nil, errors.New("a seat to act out of range")
		}
	}
	nb := &labyrinth.Notebook{}
	for _, a := range st.Answers {
		if err := a.Check(len(st.Names)); err != nil {
			return nil, err
		}
		if a.Player != st.Seat {
			return nil, errors.New("another seat's answer")
		}
		if len(a.Says) > 8 {
			return nil, errors.New("an answer of more than eight facts")
		}
		for _, said := range a.Says {
			if said.Fact == labyrinth.FactStart && (said.N != st.Rows || said.M != st.Cols ||
				said.Cell.X < 0 || said.Cell.Y < 0 || said.Cell.X >= st.Rows || said.Cell.Y >= st.Cols) {
				return nil, errors.New("a start off the field")
			}
		}
		nb.Observe(a)
		if len(nb.Sheets) > maxSheets {
			return nil, errors.New("a notebook of too many sheets")
		}
	}
	for _, sh := range nb.Sheets {
		x0, y0, x1, y1 := nb.Bounds(sh)
		if x1-x0 >= maxSheetSide || y1-y0 >= maxSheetSide {
			return nil, errors.New("a notebook sheet too large to draw")
		}
	}
	if r := st.Reveal; r != nil {
		if err := checkReveal(r, st); err != nil {
			return nil, err
		}
	}
	return nb, nil
}

// checkReveal refuses an end's field that is not the state's, or paths
// off it.
func checkReveal(r *netplay.LabyrinthReveal, st *netplay.LabyrinthState) error {
	if r.Rows != st.Rows || r.Cols != st.Cols || len(r.Map) != 2*r.Rows+1 {
		return errors.New("a revealed field of another size")
	}
	for _, l := range r.Map {
		if len(l) != 2*r.Cols+1 {
			return errors.New("a revealed field of another size")
		}
		for i := 0; i < len(l); i++ {
			if l[i] < ' ' || l[i] > '~' {
				return errors.New("a revealed field with a character that is not a field's")
			}
		}
	}
	in := func(c labyrinth.Cell) bool { return c.X >= 0 && c.Y >= 0 && c.X < r.Rows && c.Y < r.Cols }
	if len(r.Players) > len(st.Names) {
		return errors.New("more paths than seats")
	}
	for _, w := range r.Players {
		if w.Seat < 1 || w.Seat > len(st.Names) || !in(w.Start) || len(w.Path) > maxAnswers {
			return errors.New("a revealed path out of range")
		}
		for _, c := range w.Path {
			if !in(c) {
				return errors.New("a revealed path off the field")
			}
		}
	}
	return nil
}

// take draws a state of the server's, or refuses it with a sentence.
func (s *onlineScreen) take(st *netplay.LabyrinthState) {
	nb, err := checkState(st)
	if err != nil {
		s.refused = "The server sent a Labyrinth state this screen cannot draw (" + err.Error() + "); waiting for the next."
		return
	}
	s.refused = ""
	if s.seat == 0 {
		s.note = "" // "Following …" is answered
	}
	first := s.st == nil
	s.st, s.book = st, *nb
	s.names = make([]string, len(st.Names))
	for i, n := range st.Names {
		s.names[i] = safetext.Short(n, 24)
	}
	if s.sheet >= len(s.book.Sheets) {
		s.sheet = -1
	}
	if first || st.Phase == phaseStart {
		s.cursor = labyrinth.Cell{X: st.Rows / 2, Y: st.Cols / 2}
	}
	if !s.myTurn() {
		s.chosen = s.chosen && st.Phase == phaseStart
		s.aiming = false
	}
	if st.Phase == phaseOver && !s.ending {
		s.enterEnd()
	}
}

// myTurn reports whether the last state expects the player's action.
func (s *onlineScreen) myTurn() bool {
	return s.seat != 0 && s.st != nil && slices.Contains(s.st.ToAct, s.seat)
}

// name is a seat's name ("seat 3" when the state names nobody there).
func (s *onlineScreen) name(seat int) string {
	if seat >= 1 && seat <= len(s.names) {
		return s.names[seat-1]
	}
	return fmt.Sprintf("seat %d", seat)
}

// waitingFor names the seats whose action is expected.
func (s *onlineScreen) waitingFor() string {
	var out []string
	for _, t := range s.st.ToAct {
		if t != s.seat {
			out = append(out, s.name(t))
		}
	}
	return strings.Join(out, ", ")
}

func (s *onlineScreen) enterEnd() {
	s.ending = true
	s.guard = screen.NewKeyGuard(s.c.Now())
	s.endSeat = s.st.Winner
	if s.endSeat == 0 {
		s.endSeat = max(s.st.Seat, 1)
	}
	s.sheet = -1
}

// Update takes the server's messages and the keys.
func (s *onlineScreen) Update(msg tea.Msg) (screen.Nav, tea.Cmd) {
	if m, err, ok := s.link.Unpack(msg); ok {
		return s.netUpdate(m, err)
	}
	if k, ok := msg.(tea.KeyMsg); ok {
		return s.key(k)
	}
	return screen.Stay, nil
}

// netUpdate handles what the connection reported.
func (s *onlineScreen) netUpdate(m netplay.Message, err error) (screen.Nav, tea.Cmd) {
	if err != nil {
		return screen.Replace(s.link.Lost(err)), nil
	}
	switch m := m.(type) {
	case *netplay.LabyrinthState:
		s.take(m)
	case *netplay.Over:
		s.over = m
		s.note = ""
		if !s.ending {
			s.ending = true
			s.guard = screen.NewKeyGuard(s.c.Now())
		}
		// Back in the lobby on the server: what follows is the lobby's,
		// read by its own wait once the player goes back.
		return screen.Stay, nil
	case *netplay.Error:
		s.note = safetext.Clean(m.Msg) + "."
		s.chosen = false // a start refused: the player chooses again
	case *netplay.Partner:
		s.note = safetext.Short(m.Name, 24) + ": " + safetext.Short(m.Status, 20) + "."
	case *netplay.Chat:
		if m.Scope != netplay.ScopeGame {
			s.link.Lobby(m)
			break
		}
		if m.From == "" {
			s.note = safetext.Clean(m.Text) + "."
		} else {
			s.note = safetext.Short(m.From, 24) + ": " + safetext.Clean(m.Text)
		}
	case *netplay.Start, *netplay.State:
		// Not this game's (never sent while it runs).
	default:
		s.link.Lobby(m)
	}
	return screen.Stay, s.link.Wait()
}

// send sends one action of the player's.
func (s *onlineScreen) send(f func(*netplay.Client) error) tea.Cmd {
	c := s.link.Client
	return func() tea.Msg {
		f(c)
		return nil
	}
}

func (s *onlineScreen) act(a string) tea.Cmd {
	s.aiming = false
	s.since = len(s.st.Answers)
	s.sheet = -1
	return s.send(func(c *netplay.Client) error { return c.Move(a) })
}

// key handles a key: the end's, a spectator's, the start round's or a
// turn's.
func (s *onlineScreen) key(k tea.KeyMsg) (screen.Nav, tea.Cmd) {
	if s.ending {
		return s.endKey(k)
	}
	if s.asking {
		s.asking = false
		if strings.EqualFold(k.String(), "y") {
			s.note = "Leaving…"
			return screen.Stay, s.send(func(c *netplay.Client) error { return c.Leave() })
		}
		return screen.Stay, nil
	}
	s.note = ""
	if key.Matches(k, labKeys().Help) {
		h := newLabHelp(s.c)
		h.online = true
		return screen.Push(h), nil
	}
	if s.seat == 0 {
		return s.watchKey(k)
	}
	if key.Matches(k, labKeys().Pause) && !(s.aiming && k.Type == tea.KeyEsc) || key.Matches(k, labKeys().Quit) {
		s.asking, s.aiming = true, false
		return screen.Stay, nil
	}
	if s.st == nil {
		return screen.Stay, nil
	}
	if key.Matches(k, labKeys().PrevSheet) || key.Matches(k, labKeys().NextSheet) {
		s.turnSheet(key.Matches(k, labKeys().PrevSheet))
		return screen.Stay, nil
	}
	if s.st.Phase == phaseStart {
		return s.startKey(k)
	}
	if !s.myTurn() {
		if _, ok := labDir(k); ok || key.Matches(k, labKeys().Shoot) || key.Matches(k, labKeys().Inventory) {
			s.note = "Wait for " + s.waitingFor() + "'s turn."
		}
		return screen.Stay, nil
	}
	if s.aiming {
		if d, ok := labDir(k); ok {
			return screen.Stay, s.act(labyrinth.Command{Kind: labyrinth.Shoot, Dir: d}.String())
		}
		if k.Type == tea.KeyEsc || key.Matches(k, labKeys().Shoot) {
			s.aiming = false
		}
		return screen.Stay, nil
	}
	if d, ok := labDir(k); ok {
		return screen.Stay, s.act(labyrinth.Command{Kind: labyrinth.Step, Dir: d}.String())
	}
	switch {
	case key.Matches(k, labKeys().Shoot):
		s.aiming = true
	case key.Matches(k, labKeys().Inventory):
		return screen.Stay, s.act("E")
	default:
		if keymap.IsUnknown(k) && !key.Matches(k, labKeys().Done) {
			s.note = keymap.Active().Unknown(keymap.Labyrinth)
		}
	}
	return screen.Stay, nil
}

// startKey moves the start round's cursor and sends the choice.
func (s *onlineScreen) startKey(k tea.KeyMsg) (screen.Nav, tea.Cmd) {
	if !s.myTurn() || s.chosen {
		s.note = "Waiting for " + s.waitingFor() + " to choose."
		return screen.Stay, nil
	}
	if d, ok := labDir(k); ok {
		c := s.cursor.Step(d)
		if c.X >= 0 && c.Y >= 0 && c.X < s.st.Rows && c.Y < s.st.Cols {
			s.cursor = c
		}
		return screen.Stay, nil
	}
	switch {
	case k.Type == tea.KeyEnter:
		s.chosen = true
		a := fmt.Sprintf("start %d,%d", s.cursor.X, s.cursor.Y)
		return screen.Stay, s.send(func(c *netplay.Client) error { return c.Move(a) })
	case strings.EqualFold(k.String(), "r"):
		s.chosen = true
		return screen.Stay, s.send(func(c *netplay.Client) error { return c.Move("start R") })
	}
	return screen.Stay, nil
}

// watchKey is a spectator's key: follow another seat, turn the followed
// seat's sheets, leave.
func (s *onlineScreen) watchKey(k tea.KeyMsg) (screen.Nav, tea.Cmd) {
	switch {
	case k.Type == tea.KeyEsc || strings.EqualFold(k.String(), "q") || strings.EqualFold(k.String(), "p"):
		// The wait under way brings the server's answer (the lobby
		// list) to the lobby.
		return screen.Replace(s.link.Back(true)), s.send(func(c *netplay.Client) error { return c.Leave() })
	case s.st == nil:
	case key.Matches(k, labKeys().PrevSheet) || key.Matches(k, labKeys().NextSheet):
		s.turnSheet(key.Matches(k, labKeys().PrevSheet))
	case k.Type == tea.KeyTab || k.Type == tea.KeyShiftTab || len(k.Runes) == 1 && k.Runes[0] >= '1' && k.Runes[0] <= '4':
		n := len(s.names)
		to := s.st.Seat%n + 1
		switch {
		case k.Type == tea.KeyShiftTab:
			to = (s.st.Seat+n-2)%n + 1
		case k.Type == tea.KeyRunes:
			to = int(k.Runes[0] - '0')
		}
		if to > n || to == s.st.Seat {
			return screen.Stay, nil
		}
		s.note = "Following " + s.name(to) + "…"
		id := s.game
		return screen.Stay, s.send(func(c *netplay.Client) error { return c.WatchSeat(id, to) })
	}
	return screen.Stay, nil
}

func (s *onlineScreen) turnSheet(back bool) {
	nb := &s.book
	if len(nb.Sheets) == 0 {
		return
	}
	cur := s.sheet
	if cur < 0 {
		cur = nb.Current
	}
	if back {
		cur = max(cur-1, 0)
	} else {
		cur = min(cur+1, len(nb.Sheets)-1)
	}
	s.sheet = cur
	if cur == nb.Current {
		s.sheet = -1
	}
}

// endKey: whose path to show, the sheets, the scroll, back to the lobby.
func (s *onlineScreen) endKey(k tea.KeyMsg) (screen.Nav, tea.Cmd) {
	if s.guard.Blocks(s.c.Now()) {
		return screen.Stay, nil
	}
	n := max(len(s.names), 1)
	switch k.String() {
	case "tab":
		s.endSeat = s.endSeat%n + 1
	case "shift+tab":
		s.endSeat = (s.endSeat+n-2)%n + 1
	case "1", "2", "3", "4":
		if p := int(k.Runes[0] - '0'); p <= n {
			s.endSeat = p
		}
	case "[", "]":
		s.turnSheet(k.String() == "[")
	case "up", "w", "W":
		s.dy -= 2
	case "down", "s", "S":
		s.dy += 2
	case "left", "a", "A":
		s.dx -= 2
	case "right", "d", "D":
		s.dx += 2
	case "enter", "esc", "q", "Q":
		if s.over == nil && s.seat == 0 {
			// A spectator leaves before the server's over.
			return screen.Replace(s.link.Back(true)), s.send(func(c *netplay.Client) error { return c.Leave() })
		}
		return screen.Replace(s.link.Back(s.over == nil)), nil
	}
	return screen.Stay, nil
}

// View draws the start round, a turn, or the end.
func (s *onlineScreen) View() string {
	if s.c.TooSmall() {
		return s.c.TooSmallView()
	}
	if s.st == nil {
		st := s.c.Styles
		w := s.c.DialogWidth()
		return s.c.Dialog(st.Title.Render("LABYRINTH"), screen.Wrap(s.refused, w),
			st.Faint.Render(screen.Wrap("Esc: leave the game", w)))
	}
	if s.ending {
		return s.endView()
	}
	return s.playView()
}

// title is the top line's words after LABYRINTH.
func (s *onlineScreen) title() string {
	if s.seat == 0 {
		return " · watching " + strings.Join(s.names, ", ")
	}
	return " · online · " + strings.Join(s.names, ", ")
}

// playView is the seat's screen: its notebook (or, in the start round,
// the field's frame with the cursor) on the left, the panel on the right,
// the keys at the bottom.
func (s *onlineScreen) playView() string {
	st := s.c.Styles
	v := s.st
	w, h := s.c.Width, s.c.Height
	panelW := min(max(w/3, panelMin), panelMax+6)
	mapW := w - panelW - panelGap
	hints := s.hints(w)
	mapH := h - 1 - len(hints)

	var cv *canvas
	var px, py int
	nb := &s.book
	choosing := v.Phase == phaseStart
	idx := nb.Current
	if choosing {
		cv, px, py = startCanvas(v.Rows, v.Cols, s.cursor, s.myTurn() && !s.chosen)
	} else {
		sheet := nb.Sheet()
		if s.sheet >= 0 && s.sheet < len(nb.Sheets) {
			sheet, idx = nb.Sheets[s.sheet], s.sheet
		}
		cv, px, py = sheetCanvas(nb, sheet)
	}
	vw, vh := min(cv.w, mapW), min(cv.h, mapH)
	mapLines := cv.lines(s.tiles, screen.Window(cv.w, vw, px), screen.Window(cv.h, vh, py), vw, vh)

	// The panel.
	var panel []string
	who := s.name(v.Seat)
	switch {
	case s.seat != 0:
		who += " (you)"
	case v.Seat != 0:
		who = "Following " + who
	}
	round := " · choosing"
	if !choosing {
		round = fmt.Sprintf(" · round %d", v.Round)
	}
	panel = append(panel, st.Heading.Render(screen.Fit(who, panelW-lipgloss.Width(round)))+st.Faint.Render(round))
	switch {
	case v.Seat == 0:
		panel = append(panel, st.Faint.Render("No seat followed."))
	case !choosing:
		keyText := "no key"
		if v.Key {
			keyText = "the key"
		}
		panel = append(panel, fmt.Sprintf("%d of %d bullets, %s", v.Bullets, labyrinth.MaxBullets, keyText))
		sheetLine := fmt.Sprintf("Notebook sheet %d of %d", idx+1, len(nb.Sheets))
		if idx != nb.Current {
			sheetLine = fmt.Sprintf("Old sheet %d of %d: ] goes on", idx+1, len(nb.Sheets))
		}
		panel = append(panel, st.Faint.Render(sheetLine))
	}
	panel = append(panel, s.turnLine(), "")
	if choosing && s.myTurn() && !s.chosen {
		panel = append(panel, st.Heading.Render("Choose your start"),
			fmt.Sprintf("%v: row %d, column %d", s.cursor, s.cursor.X, s.cursor.Y),
			st.Faint.Render("Nobody else sees it."))
		if v.RoundMS > 0 {
			panel = append(panel, st.Faint.Render(fmt.Sprintf("Within %d s, or a random cell.", (v.RoundMS+999)/1000)))
		}
	}
	heading := "The referee told you"
	if s.seat == 0 {
		heading = "The referee told " + s.name(v.Seat)
	}
	if len(v.Answers) > 0 {
		panel = append(panel, st.Heading.Render(screen.Fit(heading, panelW)))
	}
	var logLines []string
	for i, a := range v.Answers {
		prefix := fmt.Sprintf("%d: ", a.Turn)
		if a.Own {
			prefix = fmt.Sprintf("%d %s: ", a.Turn, a.Cmd)
		}
		if a.Turn == 0 {
			prefix = ""
		}
		for j, l := range strings.Split(screen.Wrap(prefix+a.Text(), panelW-1), "\n") {
			if j > 0 {
				l = " " + l
			}
			if i >= s.since || s.seat == 0 {
				l = st.Text.Render(l)
			} else {
				l = st.Faint.Render(l)
			}
			logLines = append(logLines, l)
		}
	}
	room := max(mapH-len(panel), 0)
	if len(logLines) > room {
		logLines = logLines[len(logLines)-room:]
	}
	panel = append(panel, logLines...)

	margin := max((w-vw-panelGap-panelW)/2, 0)
	var b strings.Builder
	b.WriteString(screen.Fit(st.Title.Render("LABYRINTH")+st.Faint.Render(s.title()), w) + "\n")
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

// turnLine says whose action the game waits for.
func (s *onlineScreen) turnLine() string {
	st := s.c.Styles
	v := s.st
	switch {
	case v.Phase == phaseStart && s.myTurn() && !s.chosen:
		return st.Good.Render("Choose your start cell.")
	case v.Phase == phaseStart:
		return st.Faint.Render("Waiting for the others to choose.")
	case s.myTurn():
		return st.Good.Render("Your turn.")
	case len(v.ToAct) == 0:
		return ""
	}
	return st.Faint.Render("Waiting for " + s.waitingFor() + ".")
}

// hints are the bottom lines: a note, or what the keys do now.
func (s *onlineScreen) hints(w int) []string {
	st := s.c.Styles
	warn := func(text string) []string {
		lines := strings.Split(screen.Wrap(text, w), "\n")
		if len(lines) > 2 {
			lines = append(lines[:1], screen.Fit(lines[1]+" …", w))
		}
		for i, l := range lines {
			lines[i] = st.Warn.Render(l)
		}
		return lines
	}
	switch {
	case s.refused != "":
		return warn(s.refused)
	case s.asking:
		return warn("Leave the game? The computer plays your seat on. (y/n)")
	case s.note != "":
		return warn(s.note)
	case s.aiming:
		return warn("Shoot which way? W A S D · X or Esc: don't shoot")
	}
	k := func(keys, what string) string { return st.Key.Render(keys) + " " + st.Faint.Render(what) }
	var parts []string
	switch {
	case s.seat == 0:
		parts = []string{k("Tab", "next player"), k("[ ]", "sheets"), k("?", "help"), k("Esc", "leave")}
	case s.st.Phase == phaseStart && s.myTurn() && !s.chosen:
		parts = []string{k("WASD", "move"), k("Enter", "start here"), k("R", "random"), k("Esc", "leave")}
	case s.myTurn():
		km, g := keymap.Active(), keymap.Labyrinth
		parts = []string{k(km.MoveLabel(g, "WASD"), "step"), k(km.Label(g, "shoot", "X"), "shoot"), k(km.Label(g, "inventory", "E"), "inventory"),
			k(sheetsLabel(), "sheets"), k(km.Label(g, "help", "?"), "help"), k("Esc", "leave")}
	default:
		parts = []string{k("[ ]", "sheets"), k("?", "help"), k("Esc", "leave")}
	}
	return screen.WrapParts(parts, st.Faint.Render(" · "), w)
}

// startCanvas draws the field's frame, its cells as dots, and the cursor
// as '@' (shown only while the player chooses).
func startCanvas(rows, cols int, cur labyrinth.Cell, show bool) (cv *canvas, px, py int) {
	cv = newCanvas(2*cols+1, 2*rows+1)
	for r := 0; r < rows; r++ {
		cv.set(0, 2*r+1, '|', clsLit)
		cv.set(2*cols, 2*r+1, '|', clsLit)
		for c := 0; c < cols; c++ {
			cv.set(2*c+1, 2*r+1, '.', clsRemembered)
		}
	}
	for c := 0; c < cols; c++ {
		cv.set(2*c+1, 0, '-', clsLit)
		cv.set(2*c+1, 2*rows, '-', clsLit)
	}
	cv.corners()
	px, py = 2*cur.Y+1, 2*cur.X+1
	if show {
		cv.set(px, py, '@', clsPlayer)
	}
	return cv, px, py
}

// revealCanvas draws the revealed field (docs/protocol.md: walls, open
// sides, each cell's character) with one seat's path as '.' and its last
// place as '@', in the classes of the hot-seat end's true field.
func revealCanvas(r *netplay.LabyrinthReveal, w *netplay.LabyrinthWay) *canvas {
	cv := newCanvas(2*r.Cols+1, 2*r.Rows+1)
	for y, l := range r.Map {
		for x := 0; x < len(l); x++ {
			ch := l[x]
			cl := clsPlain
			switch {
			case ch == '+' || ch == '-' || ch == '|':
				cl = clsLit
			case ch == ' ' || ch == '.':
				ch = ' '
			case ch == 'E':
				cl = clsExitOpen
			case ch == 'K':
				cl = clsKey
			default:
				cl = clsBonus
			}
			cv.set(x, y, ch, cl)
		}
	}
	if w == nil {
		return cv
	}
	pos := func(c labyrinth.Cell) (int, int) { return 2*c.Y + 1, 2*c.X + 1 }
	for _, c := range w.Path {
		if x, y := pos(c); cv.at(x, y) == ' ' {
			cv.set(x, y, '.', clsRemembered)
		}
	}
	at := w.Start
	if len(w.Path) > 0 {
		at = w.Path[len(w.Path)-1]
	}
	x, y := pos(at)
	cv.set(x, y, '@', clsPlayer)
	return cv
}

// endView shows the revealed field with one seat's real path beside the
// notebook of the seat this screen followed; without a reveal (a game
// left before its end), the result alone.
func (s *onlineScreen) endView() string {
	v := s.st
	result := "THE GAME IS OVER"
	switch {
	case v.Winner != 0:
		result = fmt.Sprintf("%s GOT OUT IN ROUND %d", strings.ToUpper(s.name(v.Winner)), v.WinRound)
	case s.over != nil && s.over.Winner != "":
		result = strings.ToUpper(safetext.Short(s.over.Winner, 40)) + " WON"
	case s.over != nil && s.seat != 0 && s.over.Result == "lost":
		result = "YOU LEFT THE GAME"
	case s.over != nil:
		result = "THE GAME WAS GIVEN UP"
	}
	back := "Enter: back to the lobby"
	if v.Reveal == nil {
		st := s.c.Styles
		dw := s.c.DialogWidth()
		body := "Nobody got out while you were in the game: the field stays hidden."
		if s.over == nil {
			body = "Waiting for the server's word…"
		}
		return s.c.Dialog(st.Good.Render(screen.Fit(result, dw)), screen.Wrap(body, dw), st.Faint.Render(screen.Wrap(back, dw)))
	}
	w, h := s.c.Width, s.c.Height
	var way *netplay.LabyrinthWay
	for i := range v.Reveal.Players {
		if v.Reveal.Players[i].Seat == s.endSeat {
			way = &v.Reveal.Players[i]
		}
	}
	field := revealCanvas(v.Reveal, way)
	nb := &s.book
	sheet := nb.Sheet()
	idx := nb.Current
	if s.sheet >= 0 && s.sheet < len(nb.Sheets) {
		sheet, idx = nb.Sheets[s.sheet], s.sheet
	}
	book, bx, by := sheetCanvas(nb, sheet)
	whose := "your"
	if s.seat == 0 {
		whose = s.name(v.Seat) + "'s"
	}
	heading := fmt.Sprintf("%s: the true field and the real path  ·  %s notebook, sheet %d of %d",
		s.name(s.endSeat), whose, idx+1, len(nb.Sheets))
	hints := "@ where they ended · . their path · Tab: next player · [ ] sheets · arrows: scroll · " + back
	if w < 60 {
		heading = fmt.Sprintf("%s's path · %s notebook %d/%d", s.name(s.endSeat), whose, idx+1, len(nb.Sheets))
		hints = "Tab: next player · [ ] sheets · arrows: scroll · Enter: lobby"
	}
	// The body's room, as EndFrame lays it out.
	top := 1 + len(strings.Split(screen.Wrap(heading, w), "\n"))
	if lipgloss.Width(result+" · online") > w {
		top++
	}
	areaH := h - top - 1 - len(screen.WrapParts(strings.Split(hints, " · "), " · ", w)) + 1
	bookW := min(book.w, max((w-3)/2, 10))
	fieldW := min(field.w, w-3-bookW)
	fh, bh := min(field.h, areaH-1), min(book.h, areaH-1)
	cx, cy := field.w/2, field.h/2
	if way != nil && len(way.Path) > 0 {
		last := way.Path[len(way.Path)-1]
		cx, cy = 2*last.Y+1, 2*last.X+1
	}
	fLines := field.lines(s.tiles, screen.Window(field.w, fieldW, cx+s.dx), screen.Window(field.h, fh, cy+s.dy), fieldW, fh)
	bLines := book.lines(s.tiles, screen.Window(book.w, bookW, bx), screen.Window(book.h, bh, by), bookW, bh)
	return screen.EndFrame(s.c, result, " · online", heading, screen.Columns(fLines, bLines, fieldW, bookW, 3, w), hints)
}
