package chess

import (
	"fmt"
	"math/rand/v2"
	"strings"

	"github.com/charmbracelet/bubbles/key"
	tea "github.com/charmbracelet/bubbletea"

	"github.com/minotaur-game/minotaur/games/chess"
	chessbot "github.com/minotaur-game/minotaur/games/chess/bot"
	"github.com/minotaur-game/minotaur/tui/screen"
)

// Setup is a game asked for on the command line (`minotaur chess`): the
// game opens at once (Open).
type Setup struct {
	HotSeat bool
	Human   chess.Color // against the computer
	Level   int         // the computer's, 1 to 3
	Seed    uint64
}

// newMatch starts the game of a setup.
func newMatch(set Setup) *match {
	g := chess.New(rand.NewPCG(set.Seed, chess.SeedSalt))
	m := &match{g: g, hotSeat: set.HotSeat, human: set.Human} // nothing to lose before a move
	if !set.HotSeat {
		m.bot = chessbot.Player{Level: set.Level, Seed: set.Seed ^ chessbot.SeedSalt}
	}
	return m
}

// NewMenu returns the chess menu: new games and the saved chess games.
func NewMenu(c *screen.Context) screen.Screen { return newMenu(c) }

// Open returns the game screen of a game asked for on the command line.
func Open(c *screen.Context, set Setup) screen.Screen {
	return newGameScreen(c, newMatch(set), false)
}

// menuItem is one line of the chess menu.
type menuItem struct {
	label, detail string
	start         *Setup // a new game
	level         bool   // the computer's level
	save          *screen.SaveInfo
}

// menuScreen lists the new games and the saved ones.
type menuScreen struct {
	c      *screen.Context
	items  []menuItem
	saves  []screen.SaveInfo
	level  int
	cursor int
	note   string
}

func newMenu(c *screen.Context) *menuScreen {
	m := &menuScreen{c: c, level: 2}
	m.build()
	return m
}

// Init lists the saved games.
func (m *menuScreen) Init() tea.Cmd { return listSaves(m.c.Saves) }

func (m *menuScreen) build() {
	m.items = m.items[:0]
	m.items = append(m.items,
		menuItem{label: "Play White", detail: "against the computer", start: &Setup{Human: chess.White}},
		menuItem{label: "Play Black", detail: "against the computer", start: &Setup{Human: chess.Black}},
		menuItem{label: "Hot-seat", detail: "two players at this screen", start: &Setup{HotSeat: true}},
		menuItem{label: fmt.Sprintf("Computer: level %d", m.level), detail: "←/→ or Enter: 1 to 3", level: true},
	)
	for i := range m.saves {
		s := &m.saves[i]
		detail := s.Title + " · " + s.Detail
		label := "saved " + screen.SavedAt(s.Saved)
		if s.Err != nil {
			detail, label = "damaged: "+s.Err.Error(), s.File
		}
		m.items = append(m.items, menuItem{label: label, detail: detail, save: s})
	}
	m.cursor = min(m.cursor, len(m.items)-1)
}

// Update moves through the list, sets the level, opens a game.
func (m *menuScreen) Update(msg tea.Msg) (screen.Nav, tea.Cmd) {
	switch msg := msg.(type) {
	case screen.SavesMsg:
		m.saves = msg.List
		if msg.Err != nil {
			m.note = msg.Err.Error()
		}
		m.build()
	case screen.LoadedMsg[*match]:
		if msg.Err != nil {
			m.note = fmt.Sprintf("%s cannot be continued: %v", msg.File, msg.Err)
			return screen.Stay, nil
		}
		msg.Game.file = msg.File // saving again replaces it
		g := newGameScreen(m.c, msg.Game, true)
		return screen.Replace(g), nil
	case tea.KeyMsg:
		it := m.items[m.cursor]
		switch {
		case key.Matches(msg, screen.MenuKeys.Up):
			m.cursor = (m.cursor + len(m.items) - 1) % len(m.items)
		case key.Matches(msg, screen.MenuKeys.Down):
			m.cursor = (m.cursor + 1) % len(m.items)
		case it.level && (msg.String() == "left" || msg.String() == "right" || msg.Type == tea.KeyEnter):
			if msg.String() == "left" {
				m.level = (m.level+1)%chessbot.Levels + 1
			} else {
				m.level = m.level%chessbot.Levels + 1
			}
			m.build()
		case key.Matches(msg, screen.MenuKeys.Back), msg.String() == "q":
			return screen.Replace(m.c.Home()), nil
		case screen.IsHelp(msg, false):
			return screen.Push(newHelp(m.c)), nil
		case key.Matches(msg, screen.MenuKeys.Choose):
			return m.choose()
		}
	}
	return screen.Stay, nil
}

func (m *menuScreen) choose() (screen.Nav, tea.Cmd) {
	it := m.items[m.cursor]
	m.note = ""
	if it.save != nil {
		if it.save.Err != nil {
			m.note = it.save.File + " cannot be continued: " + it.save.Err.Error()
			return screen.Stay, nil
		}
		return screen.Stay, loadSave(m.c.Saves, it.save.File)
	}
	set := *it.start
	set.Level, set.Seed = m.level, m.c.Seed()
	g := Open(m.c, set)
	return screen.Replace(g), nil
}

// View draws the list.
func (m *menuScreen) View() string {
	st := m.c.Styles
	w := min(m.c.Width-4, 76)
	var b strings.Builder
	b.WriteString(st.Title.Render("OPEN-WORLD CHESS") + "\n\n")
	intro := "Chess with hit points: pieces fight when they meet, bonuses lie about, and you see only two cells around your pieces. Kill the enemy king."
	if m.c.Height < 16 {
		intro = "Chess with HP, bonuses and fog."
	}
	b.WriteString(screen.Wrap(intro, w) + "\n\n")
	// On a narrow terminal, where a label and its detail do not fit on a
	// line, the list shows the labels and the chosen item's detail goes
	// under it, whole.
	narrow := false
	for _, it := range m.items {
		narrow = narrow || 2+20+1+len([]rune(it.detail)) > w
	}
	var detail []string
	if narrow && m.note == "" && m.cursor < len(m.items) {
		detail = strings.Split(screen.Wrap(m.items[m.cursor].detail, w), "\n")
	}
	rows := max(m.c.Height-strings.Count(b.String(), "\n")-4-max(len(detail)-1, 0), 3)
	first := min(max(m.cursor-rows/2, 0), max(len(m.items)-rows, 0))
	for i := first; i < len(m.items) && i < first+rows; i++ {
		it := m.items[i]
		line := fmt.Sprintf("%-20s %s", it.label, it.detail)
		if narrow {
			line = it.label
		}
		line = screen.Fit(line, w-2)
		if i == m.cursor {
			line = "> " + st.Selected.Render(line)
		} else {
			line = "  " + line
		}
		b.WriteString(line + "\n")
	}
	if detail != nil {
		b.WriteString("\n" + st.Faint.Render(strings.Join(detail, "\n")) + "\n")
	} else {
		b.WriteString("\n" + st.Warn.Render(screen.Fit(m.note, w)) + "\n")
	}
	b.WriteString(st.Faint.Render(screen.Fit("↑/↓ Enter play · ? help · Esc back", w)))
	return m.c.Center(b.String())
}
