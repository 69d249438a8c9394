package trails

import (
	"fmt"
	"strings"

	"github.com/charmbracelet/bubbles/key"
	tea "github.com/charmbracelet/bubbletea"
	"github.com/charmbracelet/x/ansi"

	"github.com/minotaur-game/minotaur/games/trails"
	"github.com/minotaur-game/minotaur/tui/screen"
)

// fields are the setups the menu offers (the command line takes any).
var fields = []trails.Config{
	trails.Classic(),
	{Size: 7, Towers: 1, Distance: 1, First: 1},
	{Size: 9, Towers: 3, Distance: 2, First: 1},
	{Size: 15, Towers: 5, Distance: 2, First: 1},
	{Size: 25, Towers: 7, Distance: 3, First: 1},
}

func fieldText(c trails.Config, w int) string {
	s := fmt.Sprintf("%d×%d, %d tower%s, %d apart", c.Size, c.Size, c.Towers, plural(c.Towers), c.Distance)
	if c == trails.Classic() && w >= 46 {
		s += " (classic)"
	}
	return s
}

// The menu's fixed items; the saved games follow them.
const (
	itemBot = iota
	itemHuman
	itemField
	itemFirst
	itemBack
	numItems
)

// menu is the Trails menu: a new game against the computer or between two
// players, on a field of the list, and the saved games to continue.
type menu struct {
	c      *screen.Context
	cursor int
	level  int // the computer's level
	field  int // index in fields
	first  int // who moves first: 1 or 2
	saves  []screen.SaveInfo
	note   string
}

// NewMenu is the Trails menu, which the main menu's "Trails and Towers"
// opens.
func NewMenu(c *screen.Context) screen.Screen { return &menu{c: c, level: 2, first: 1} }

// Open is the game asked for on the command line.
func Open(c *screen.Context, s Setup) screen.Screen {
	g, err := New(c, s)
	if err != nil { // the command line checks the setup first
		m := &menu{c: c, level: 2, first: 1, note: err.Error()}
		return m
	}
	return g
}

// Init lists the saved games.
func (m *menu) Init() tea.Cmd { return listSaves(m.c.Saves) }

func (m *menu) items() int { return numItems + len(m.saves) }

// Update moves through the menu, changes the level and field, starts or
// continues a game.
func (m *menu) Update(msg tea.Msg) (screen.Nav, tea.Cmd) {
	switch msg := msg.(type) {
	case screen.SavesMsg:
		m.saves = msg.List
		if msg.Err != nil {
			m.note = msg.Err.Error()
		}
		m.cursor = min(m.cursor, m.items()-1)
	case screen.LoadedMsg[saved]:
		if msg.Err != nil {
			m.note = fmt.Sprintf("%s cannot be continued: %v", msg.File, msg.Err)
			return screen.Stay, nil
		}
		g := newScreen(m.c, msg.Game.setup, msg.Game.game, msg.File)
		return screen.Replace(g), nil
	case tea.KeyMsg:
		return m.key(msg)
	}
	return screen.Stay, nil
}

func (m *menu) key(k tea.KeyMsg) (screen.Nav, tea.Cmd) {
	n := m.items()
	switch {
	case key.Matches(k, screen.MenuKeys.Up):
		m.cursor = (m.cursor + n - 1) % n
	case key.Matches(k, screen.MenuKeys.Down), k.String() == "tab":
		m.cursor = (m.cursor + 1) % n
	case k.String() == "left" || k.String() == "right" || k.String() == "a" || k.String() == "d":
		step := 1
		if k.String() == "left" || k.String() == "a" {
			step = -1
		}
		switch m.cursor {
		case itemBot:
			m.level = (m.level-1+step+trails.MaxBotLevel)%trails.MaxBotLevel + 1
		case itemField:
			m.field = (m.field + step + len(fields)) % len(fields)
		case itemFirst:
			m.first = 3 - m.first
		}
	case key.Matches(k, screen.MenuKeys.Back), k.String() == "q" || k.String() == "Q":
		return screen.Replace(m.c.Home()), nil
	case screen.IsHelp(k, false):
		return screen.Push(newHelpScreen(m.c)), nil
	case key.Matches(k, screen.MenuKeys.Choose) || k.String() == " ":
		return m.choose()
	}
	return screen.Stay, nil
}

func (m *menu) choose() (screen.Nav, tea.Cmd) {
	cfg := fields[m.field]
	cfg.First = m.first
	switch m.cursor {
	case itemBot, itemHuman:
		g, err := New(m.c, Setup{Config: cfg, VsBot: m.cursor == itemBot, BotLevel: m.level, Seed: m.c.Seed()})
		if err != nil {
			m.note = err.Error()
			return screen.Stay, nil
		}
		return screen.Replace(g), nil
	case itemField, itemFirst:
		return screen.Stay, nil
	case itemBack:
		return screen.Replace(m.c.Home()), nil
	}
	sv := m.saves[m.cursor-numItems]
	if sv.Err != nil {
		m.note = fmt.Sprintf("%s cannot be continued: %v", sv.File, sv.Err)
		return screen.Stay, nil
	}
	return screen.Stay, readSave(m.c.Saves, sv.File)
}

// View draws the menu.
func (m *menu) View() string {
	c := m.c
	if c.TooSmall() {
		return c.TooSmallView()
	}
	st := c.Styles
	w := min(c.Width-4, 60)
	labels := []string{
		fmt.Sprintf("Play the computer  ‹ level %d ›", m.level),
		"Two players, one keyboard",
		"Field ‹ " + fieldText(fields[m.field], w) + " ›",
		fmt.Sprintf("First move ‹ %s ›", trails.Name(m.first)),
		"Back to the main menu",
	}
	for _, sv := range m.saves {
		if sv.Err != nil {
			labels = append(labels, "Damaged: "+sv.File)
			continue
		}
		when := screen.SavedAt(sv.Saved)
		l := fmt.Sprintf("Continue %s · %s · saved %s", sv.Title, sv.Detail, when)
		if ansi.StringWidth(l) > w {
			// Narrow: what tells the saves apart first, the field last.
			l = fmt.Sprintf("%s · %s · %s", when, sv.Detail, sv.Title)
		}
		labels = append(labels, l)
	}
	lines := []string{st.Title.Render("TRAILS AND TOWERS")}
	if c.Height >= 16 {
		lines = append(lines, st.Faint.Render(screen.Fit("Lay trails, boost, jump, take the towers.", w)), "")
	}
	note := m.note
	if note == "" {
		note = "↑↓ ←→ change · Enter · ? help · Esc back"
		if w < 41 {
			note = "↑↓ ←→ change · Enter · ? help · Esc"
		}
	}
	// A note (why a save cannot be continued) is wrapped whole, not cut:
	// the player needs all of it.
	noteLines := strings.Split(screen.Wrap(note, w), "\n")
	// The saved games scroll when the terminal is short.
	// the "Saved games:" heading takes a line of the room, so that the
	// item chosen is always in view.
	room := max(c.Height-len(lines)-2-len(noteLines), 2)
	if len(m.saves) > 0 {
		room--
	}
	first := screen.Window(len(labels), room, m.cursor)
	for i := first; i < len(labels) && i < first+room; i++ {
		if i == numItems && i != first {
			lines = append(lines, st.Faint.Render("Saved games:"))
		}
		l := screen.Fit(labels[i], w)
		if i == m.cursor {
			lines = append(lines, "> "+st.Selected.Render(l))
		} else {
			lines = append(lines, "  "+l)
		}
	}
	lines = append(lines, "")
	for _, l := range noteLines {
		lines = append(lines, st.Faint.Render(screen.Fit(l, w)))
	}
	return c.Center(strings.Join(lines, "\n"))
}
