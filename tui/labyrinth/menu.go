package labyrinth

import (
	"fmt"
	"math/rand/v2"
	"strconv"
	"strings"

	"github.com/charmbracelet/bubbles/key"
	tea "github.com/charmbracelet/bubbletea"

	"github.com/minotaur-game/minotaur/games/labyrinth"
	"github.com/minotaur-game/minotaur/safetext"
	"github.com/minotaur-game/minotaur/tui/screen"
)

// Setup is a Labyrinth game asked for on the command line (`minotaur
// labyrinth FIELD`): the game opens on it instead of the menu (Open).
type Setup struct {
	Name string // the field's name, as shown
	Text string // the field file's text (kept in saves)
	Lab  *labyrinth.File
	// Players is the number of players, or 0 to ask.
	Players int
	// Starts are the start cells given, in player order; RandomStarts
	// draws the others instead of asking each player.
	Starts       []labyrinth.Cell
	RandomStarts bool
	// Seed draws the random start cells.
	Seed uint64
}

// labMenuItem is one line of the Labyrinth menu.
type labMenuItem struct {
	label, detail string
	field         *labyrinth.ExampleField // an example field
	random        bool
	save          *screen.SaveInfo
}

// labMenuScreen lists the example fields, a random field, and the saved
// Labyrinth games.
type labMenuScreen struct {
	c      *screen.Context
	items  []labMenuItem
	saves  []screen.SaveInfo
	cursor int
	note   string
}

// NewMenu returns the Labyrinth menu: the example fields, a random field,
// and the saved Labyrinth games.
func NewMenu(c *screen.Context) screen.Screen { return newLabMenu(c) }

// Open returns the first screen of a game asked for on the command line:
// the setup's questions, or at once the game when the command line
// answered them all.
func Open(c *screen.Context, set *Setup) screen.Screen {
	s := newLabSetup(c, set)
	if s.game != nil {
		return s.game
	}
	return s
}

func newLabMenu(c *screen.Context) *labMenuScreen {
	m := &labMenuScreen{c: c}
	m.build()
	return m
}

// Init lists the saved games.
func (m *labMenuScreen) Init() tea.Cmd { return listLabSaves(m.c.Saves) }

func (m *labMenuScreen) build() {
	m.items = m.items[:0]
	for _, ex := range labyrinth.ExampleFields() {
		detail := ""
		if lab, err := labyrinth.Parse(ex.Name, ex.Text); err == nil {
			f := lab.Fields[0]
			detail = fmt.Sprintf("%d × %d", f.Rows, f.Cols)
			if n := len(lab.Fields) - 1; n > 0 {
				detail += fmt.Sprintf(", %d dream field%s", n, map[bool]string{true: "s"}[n > 1])
			}
		}
		m.items = append(m.items, labMenuItem{label: ex.Name, detail: detail, field: &ex})
	}
	m.items = append(m.items, labMenuItem{label: "random", detail: "a new field, of the size you choose", random: true})
	for i := range m.saves {
		s := &m.saves[i]
		detail := s.Title + " · " + s.Detail
		if s.Err != nil {
			detail = "damaged: " + s.Err.Error()
		}
		label := "saved " + screen.SavedAt(s.Saved)
		if s.Err != nil {
			label = s.File
		}
		m.items = append(m.items, labMenuItem{label: label, detail: detail, save: s})
	}
	m.cursor = min(m.cursor, len(m.items)-1)
}

// Update moves through the list and opens a field or a saved game.
func (m *labMenuScreen) Update(msg tea.Msg) (screen.Nav, tea.Cmd) {
	switch msg := msg.(type) {
	case screen.SavesMsg:
		m.saves = msg.List
		if msg.Err != nil {
			m.note = msg.Err.Error()
		}
		m.build()
	case screen.LoadedMsg[*labGame]:
		if msg.Err != nil {
			m.note = fmt.Sprintf("%s cannot be continued: %v", msg.File, msg.Err)
			return screen.Stay, nil
		}
		msg.Game.file = msg.File // saving again replaces it
		return screen.Replace(newLabGameScreen(m.c, msg.Game, true)), nil
	case tea.KeyMsg:
		switch {
		case key.Matches(msg, screen.MenuKeys.Up):
			m.cursor = (m.cursor + len(m.items) - 1) % len(m.items)
		case key.Matches(msg, screen.MenuKeys.Down):
			m.cursor = (m.cursor + 1) % len(m.items)
		case key.Matches(msg, screen.MenuKeys.Back), msg.String() == "q":
			return screen.Replace(m.c.Home()), nil
		case screen.IsHelp(msg, false):
			return screen.Push(newLabHelp(m.c)), nil
		case key.Matches(msg, screen.MenuKeys.Choose):
			return m.choose()
		}
	}
	return screen.Stay, nil
}

func (m *labMenuScreen) choose() (screen.Nav, tea.Cmd) {
	it := m.items[m.cursor]
	m.note = ""
	switch {
	case it.save != nil:
		if it.save.Err != nil {
			m.note = it.save.File + " cannot be continued: " + it.save.Err.Error()
			return screen.Stay, nil
		}
		return screen.Stay, loadLab(m.c.Saves, it.save.File)
	case it.random:
		return screen.Push(newLabSetup(m.c, &Setup{Name: "random", Seed: m.c.Seed()})), nil
	}
	lab, err := labyrinth.Parse(it.field.Name, it.field.Text)
	if err != nil {
		m.note = err.Error()
		return screen.Stay, nil
	}
	return screen.Push(newLabSetup(m.c, &Setup{Name: it.field.Name, Text: string(it.field.Text), Lab: lab, Seed: m.c.Seed()})), nil
}

// View draws the list.
func (m *labMenuScreen) View() string {
	st := m.c.Styles
	w := min(m.c.Width-4, 76)
	var b strings.Builder
	b.WriteString(st.Title.Render("LABYRINTH") + "\n\n")
	rows := max(m.c.Height-12, 3)
	if m.c.Height >= 16 {
		b.WriteString(screen.Wrap("Only the referee — the program — sees the field. Walk blind, listen to its answers, find the key and get out first.", w) + "\n\n")
	} else {
		// On a small terminal the introduction gives way to the list.
		rows = max(m.c.Height-6, 3)
	}
	// On a narrow terminal the details give way: the list shows the
	// names, and the chosen one's detail is told whole under it.
	narrow := false
	for _, it := range m.items {
		narrow = narrow || len([]rune(fmt.Sprintf("%-22s %s", it.label, it.detail))) > w-2
	}
	var detail string
	if narrow && m.cursor < len(m.items) {
		detail = screen.Wrap(m.items[m.cursor].detail, w)
		rows = max(rows-1-strings.Count(detail, "\n"), 2)
	}
	first := min(max(m.cursor-rows/2, 0), max(len(m.items)-rows, 0))
	for i := first; i < len(m.items) && i < first+rows; i++ {
		it := m.items[i]
		line := screen.Fit(fmt.Sprintf("%-22s %s", it.label, it.detail), w-2)
		if narrow {
			line = screen.Fit(it.label, w-2)
		}
		if i == m.cursor {
			line = "> " + st.Selected.Render(line)
		} else {
			line = "  " + line
		}
		b.WriteString(line + "\n")
	}
	if detail != "" {
		b.WriteString(st.Faint.Render(detail) + "\n")
	}
	b.WriteString("\n" + st.Warn.Render(screen.Fit(m.note, w)) + "\n")
	b.WriteString(st.Faint.Render("↑/↓ Enter play · ? help · Esc back"))
	return m.c.Center(b.String())
}

// Setup stages.
const (
	setupPlayers = iota // how many players
	setupSize           // the size of a random field
	setupPass           // "Player n: choose your start in secret"
	setupStart          // player n types a start cell
)

// labSetupScreen asks what the command line did not say: the number of
// players, the size of a random field, and each player's start, in secret.
type labSetupScreen struct {
	c      *screen.Context
	set    *Setup
	stage  int
	input  screen.Input
	note   string
	starts []labyrinth.Cell
	rng    *rand.Rand
	// game is the game screen once every answer is in.
	game *labGameScreen
}

func newLabSetup(c *screen.Context, set *Setup) *labSetupScreen {
	set.Name = safetext.Clean(set.Name) // a file's name, shown in headers and menus
	s := &labSetupScreen{c: c, set: set, rng: rand.New(rand.NewPCG(set.Seed, labyrinth.SeedSalt))}
	s.starts = append(s.starts, set.Starts...)
	s.input = screen.Input{Prompt: "> ", Limit: 12}
	s.input.Focus()
	s.next()
	return s
}

// next moves to the first stage that still needs an answer, or starts the
// game: it then sets s.game and asks for it in place of every screen.
func (s *labSetupScreen) next() screen.Nav {
	s.input.SetValue("")
	switch {
	case s.set.Players == 0:
		s.stage = setupPlayers
		return screen.Stay
	case s.set.Lab == nil:
		s.stage = setupSize
		s.input.SetValue("10,10")
		return screen.Stay
	}
	for len(s.starts) < s.set.Players && s.set.RandomStarts {
		s.starts = append(s.starts, labyrinth.RandomStart(s.set.Lab, s.rng))
	}
	if len(s.starts) < s.set.Players {
		// Each player chooses in secret, after a screen that passes the
		// keyboard on; one player needs no such screen.
		s.stage = setupPass
		if s.set.Players == 1 {
			s.stage = setupStart
		}
		return screen.Stay
	}
	g, err := labyrinth.New(s.set.Lab, s.starts)
	if err != nil {
		s.note = err.Error()
		return screen.Stay
	}
	text := s.set.Text
	if text == "" {
		text = labyrinth.Format(s.set.Lab)
	}
	lg := newLabGame(s.set.Name, text, g)
	lg.record(g.Opening()) // unsaved once a move is made: nothing to lose before
	s.game = newLabGameScreen(s.c, lg, false)
	return screen.Replace(s.game)
}

// Init does nothing.
func (s *labSetupScreen) Init() tea.Cmd { return nil }

// Update reads the answers.
func (s *labSetupScreen) Update(msg tea.Msg) (screen.Nav, tea.Cmd) {
	k, ok := msg.(tea.KeyMsg)
	if !ok {
		return screen.Stay, nil
	}
	if k.Type == tea.KeyEsc {
		return screen.Replace(newLabMenu(s.c)), nil
	}
	switch s.stage {
	case setupPlayers:
		n := 0
		if k.Type == tea.KeyRunes && len(k.Runes) == 1 {
			n = int(k.Runes[0] - '0')
		}
		if n < 1 || n > labyrinth.MaxPlayers {
			s.note = fmt.Sprintf("Press a number from 1 to %d.", labyrinth.MaxPlayers)
			return screen.Stay, nil
		}
		s.set.Players, s.note = n, ""
		return s.next(), nil
	case setupPass:
		if k.Type == tea.KeyEnter {
			s.stage = setupStart
			s.input.SetValue("")
		}
		return screen.Stay, nil
	}
	if k.Type != tea.KeyEnter {
		if s.stage == setupStart && k.Type == tea.KeyRunes && len(k.Runes) == 1 && (k.Runes[0] == 'r' || k.Runes[0] == 'R') && s.input.Value() == "" {
			s.starts = append(s.starts, labyrinth.RandomStart(s.set.Lab, s.rng))
			s.note = ""
			return s.next(), nil
		}
		s.input.Update(k)
		return screen.Stay, nil
	}
	text := strings.TrimSpace(s.input.Value())
	if text == "" {
		// Nothing typed is no answer, not a wrong one: the Enter a player
		// types after the digit that picked the number of players (as at
		// a prompt) lands here. The question and its hint stay on screen.
		return screen.Stay, nil
	}
	if s.stage == setupSize {
		c, err := parseLabCell(text)
		if err == nil && (c.X < labyrinth.MinGenSide || c.Y < labyrinth.MinGenSide || c.X > labyrinth.MaxGenSide || c.Y > labyrinth.MaxGenSide) {
			err = fmt.Errorf("a random field has %d to %d rows and columns", labyrinth.MinGenSide, labyrinth.MaxGenSide)
		}
		if err != nil {
			s.note = err.Error() + "."
			return screen.Stay, nil
		}
		lab, err := labyrinth.Generate(c.X, c.Y, s.rng)
		if err != nil {
			s.note = err.Error()
			return screen.Stay, nil
		}
		s.set.Lab, s.set.Name, s.note = lab, fmt.Sprintf("random %d × %d", c.X, c.Y), ""
		return s.next(), nil
	}
	if strings.EqualFold(text, "random") {
		s.starts = append(s.starts, labyrinth.RandomStart(s.set.Lab, s.rng))
		s.note = ""
		return s.next(), nil
	}
	c, err := parseLabCell(text)
	if err == nil && !s.set.Lab.Fields[0].In(c) {
		f := s.set.Lab.Fields[0]
		err = fmt.Errorf("%v is outside the field: x goes from 0 to %d, y from 0 to %d", c, f.Rows-1, f.Cols-1)
	}
	if err != nil {
		s.note = err.Error() + "."
		s.input.SetValue("")
		return screen.Stay, nil
	}
	s.starts = append(s.starts, c)
	s.note = ""
	return s.next(), nil
}

// parseLabCell reads "X,Y" or "(X, Y)".
func parseLabCell(s string) (labyrinth.Cell, error) {
	parts := strings.Split(strings.Trim(s, "() "), ",")
	if len(parts) != 2 {
		return labyrinth.Cell{}, fmt.Errorf("write it as x,y (the row, then the column), not %q", s)
	}
	var v [2]int
	for i, p := range parts {
		n, err := strconv.Atoi(strings.TrimSpace(p))
		if err != nil || n < 0 {
			return labyrinth.Cell{}, fmt.Errorf("%q is not a number of 0 or more", strings.TrimSpace(p))
		}
		v[i] = n
	}
	return labyrinth.Cell{X: v[0], Y: v[1]}, nil
}

// View draws the current question.
func (s *labSetupScreen) View() string {
	st := s.c.Styles
	w := min(s.c.DialogWidth(), 64)
	// The sections of the box, a blank line between them where the
	// terminal has room (screen.Dialog).
	parts := []string{st.Title.Render(screen.Fit("LABYRINTH · "+s.set.Name, w))}
	switch s.stage {
	case setupPlayers:
		parts = append(parts, screen.Wrap(fmt.Sprintf("How many players? (1 to %d)", labyrinth.MaxPlayers), w))
	case setupSize:
		parts = append(parts, screen.Wrap(fmt.Sprintf("Size of the random field: rows,columns (%d to %d each).", labyrinth.MinGenSide, labyrinth.MaxGenSide), w), s.input.View(w))
	case setupPass:
		parts = append(parts, screen.Wrap(fmt.Sprintf("Player %d: choose your start cell in secret.", len(s.starts)+1), w),
			"The others look away.", st.Faint.Render("Enter: I am player "+strconv.Itoa(len(s.starts)+1)))
	case setupStart:
		f := s.set.Lab.Fields[0]
		parts = append(parts, screen.Wrap(fmt.Sprintf("Player %d, where do you start?", len(s.starts)+1), w),
			screen.Wrap(fmt.Sprintf("The field has %d × %d cells. Type x,y — the row (0 to %d) and the column (0 to %d), from the top left — or R for a random cell.", f.Rows, f.Cols, f.Rows-1, f.Cols-1), w),
			s.input.View(w))
	}
	if s.note != "" {
		parts = append(parts, st.Warn.Render(screen.Wrap(s.note, w)))
	}
	parts = append(parts, st.Faint.Render(screen.Wrap("Esc: back to the Labyrinth menu", w)))
	return s.c.Dialog(parts...)
}

// Help is the Labyrinth's help (what ? opens in its menu and in play).
func Help(c *screen.Context) screen.Screen { return newLabHelp(c) }
