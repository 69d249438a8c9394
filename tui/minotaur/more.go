package minotaur

import (
	"fmt"
	"strings"
	"unicode"

	"github.com/charmbracelet/bubbles/key"
	tea "github.com/charmbracelet/bubbletea"

	"github.com/minotaur-game/minotaur/engine"
	"github.com/minotaur-game/minotaur/internal/cli"
	"github.com/minotaur-game/minotaur/levels"
	"github.com/minotaur-game/minotaur/tui/screen"
)

// moreItem is a line of Minotaur's menu: its key, its label and what
// choosing it opens.
type moreItem struct {
	letter rune
	label  string
	open   func(m *moreScreen) (screen.Nav, tea.Cmd)
}

// moreScreen is Minotaur's menu of the ways to play beside the main menu's
// New game: a new game, a game on a seed the player types, the tutorial,
// and the replays to watch. Over SSH it is the same menu, on the
// player's own folders.
type moreScreen struct {
	c      *env
	items  []moreItem
	cursor int
	note   string
}

// More is Minotaur's menu of the ways to play (the main menu's More
// Minotaur): New game, Seeded game, Tutorial, Watch a replay.
func More(c *screen.Context, cfg *Config) screen.Screen {
	e := newEnv(c, cfg)
	m := &moreScreen{c: e}
	m.items = []moreItem{
		{'N', "New game", func(m *moreScreen) (screen.Nav, tea.Cmd) {
			return m.start(NewGame(m.c.Context, m.c.cfg))
		}},
		{'D', "Seeded game", func(m *moreScreen) (screen.Nav, tea.Cmd) { return screen.Push(newSeedScreen(m.c)), nil }},
		{'T', "Tutorial", func(m *moreScreen) (screen.Nav, tea.Cmd) {
			t, err := newTutorialScreen(m.c)
			if err != nil {
				m.note = "The tutorial cannot start: " + err.Error()
				return screen.Stay, nil
			}
			return screen.Push(t), nil
		}},
		{'R', "Watch a replay", func(m *moreScreen) (screen.Nav, tea.Cmd) { return screen.Push(newReplaysScreen(m.c)), nil }},
	}
	return m
}

// start opens a game screen, or says why it could not.
func (m *moreScreen) start(s screen.Screen, err error) (screen.Nav, tea.Cmd) {
	if err != nil {
		m.note = "The game could not start: " + err.Error()
		return screen.Stay, nil
	}
	return screen.Replace(s), nil
}

// Init does nothing.
func (m *moreScreen) Init() tea.Cmd { return nil }

// Update moves the cursor, chooses an item (Enter or its key) or goes
// back (Esc, Q).
func (m *moreScreen) Update(msg tea.Msg) (screen.Nav, tea.Cmd) {
	k, ok := msg.(tea.KeyMsg)
	if !ok {
		return screen.Stay, nil
	}
	n := len(m.items)
	switch {
	case key.Matches(k, screen.MenuKeys.Up):
		m.cursor = (m.cursor + n - 1) % n
	case key.Matches(k, screen.MenuKeys.Down):
		m.cursor = (m.cursor + 1) % n
	case key.Matches(k, screen.MenuKeys.Choose):
		m.note = ""
		return m.items[m.cursor].open(m)
	case key.Matches(k, screen.MenuKeys.Back), k.String() == "q", k.String() == "Q":
		return screen.Pop(), nil
	case k.Type == tea.KeyRunes && len(k.Runes) == 1:
		r := unicode.ToUpper(k.Runes[0])
		for i, it := range m.items {
			if it.letter == r {
				m.cursor, m.note = i, ""
				return it.open(m)
			}
		}
	}
	return screen.Stay, nil
}

// View draws the items as the main menu does: the key, then the label.
func (m *moreScreen) View() string {
	st := m.c.Styles
	w := m.c.DialogWidth()
	var lines []string
	for i, it := range m.items {
		text := fmt.Sprintf("%-15s", it.label)
		if i == m.cursor {
			lines = append(lines, "> "+st.Key.Render(string(it.letter)+"  ")+st.Selected.Render(text))
		} else {
			lines = append(lines, "  "+st.Key.Render(string(it.letter)+"  ")+st.Text.Render(text))
		}
	}
	var note string
	if m.note != "" {
		note = st.Warn.Render(screen.Wrap(m.note, w))
	}
	return m.c.Dialog(st.Title.Render("MINOTAUR"), strings.Join(lines, "\n"), note,
		st.Faint.Render(screen.Wrap("↑/↓ Enter or a letter · Esc back", w)))
}

// newSeededGame is a new game of the campaign on seed.
func newSeededGame(c *env, seed uint64) (screen.Screen, error) {
	g, err := engine.New(engine.Config{Seed: seed, Players: 1, Levels: c.cfg.Levels.Levels()})
	if err != nil {
		return nil, err
	}
	sess := NewLocalSession(g, nil, c.cfg.Levels.Texts(), c.Saves, c.cfg.Replays, c.Now, false)
	return newGameScreen(c, sess), nil
}

// seedScreen asks for a seed, typed or pasted, and starts the campaign on
// it: the same seed deals the same mazes, as --seed does.
type seedScreen struct {
	c     *env
	input screen.Input
	note  string
}

func newSeedScreen(c *env) *seedScreen {
	s := &seedScreen{c: c}
	s.input = screen.Input{Prompt: "Seed: ", Limit: 64}
	s.input.Focus()
	return s
}

// Init does nothing.
func (s *seedScreen) Init() tea.Cmd { return nil }

// Update edits the seed (a paste too), starts the game on Enter, goes
// back on Esc.
func (s *seedScreen) Update(msg tea.Msg) (screen.Nav, tea.Cmd) {
	k, ok := msg.(tea.KeyMsg)
	if !ok {
		return screen.Stay, nil
	}
	switch {
	case k.Type == tea.KeyEsc:
		return screen.Pop(), nil
	case k.Type == tea.KeyEnter:
		seed, err := cli.ReadSeed(s.input.Value())
		if err != nil {
			s.note = fmt.Sprintf("%q is %s.", s.input.Value(), err)
			return screen.Stay, nil
		}
		g, err := newSeededGame(s.c, seed)
		if err != nil {
			s.note = "The game could not start: " + err.Error()
			return screen.Stay, nil
		}
		return screen.Replace(g), nil
	case k.Type == tea.KeyRunes && k.Paste:
		// A paste: its printable characters, a line break read as a space.
		pasted := strings.Map(func(r rune) rune {
			switch {
			case r == '\n' || r == '\r' || r == '\t':
				return ' '
			case unicode.IsPrint(r):
				return r
			}
			return -1
		}, string(k.Runes))
		s.input.SetValue(s.input.Value() + pasted)
	default:
		s.input.Update(k)
	}
	s.note = ""
	return screen.Stay, nil
}

// View draws the question, the field and what went wrong.
func (s *seedScreen) View() string {
	st := s.c.Styles
	w := min(s.c.DialogWidth(), 60)
	intro := "Type or paste a seed: the same seed deals the same mazes. \"Seed 1234\", as the game shows it, works too."
	if s.c.Height < 16 {
		intro = "The same seed deals the same mazes."
	}
	var note string
	if s.note != "" {
		note = st.Warn.Render(screen.Wrap(s.note, w))
	}
	return s.c.Dialog(st.Title.Render("SEEDED GAME"), screen.Wrap(intro, w), s.input.View(w), note,
		st.Faint.Render(screen.Wrap("Enter: play · Esc: back", w)))
}

// tutorialScreen tells the tutorial's lesson — the comment of its level
// file — and starts it on Enter.
type tutorialScreen struct {
	c      *env
	lesson string
	level  LevelFile
	top    int // the first line of the lesson shown, when it is taller than the terminal
}

func newTutorialScreen(c *env) (*tutorialScreen, error) {
	lv, text, lesson, err := levels.Tutorial()
	if err != nil {
		return nil, err
	}
	return &tutorialScreen{c: c, lesson: lesson, level: LevelFile{Level: lv, Text: text}}, nil
}

// Init does nothing.
func (t *tutorialScreen) Init() tea.Cmd { return nil }

// Update starts the tutorial on Enter, scrolls the lesson (↑/↓, the
// mouse wheel), goes back on Esc.
func (t *tutorialScreen) Update(msg tea.Msg) (screen.Nav, tea.Cmd) {
	if m, ok := msg.(tea.MouseMsg); ok {
		// The wheel scrolls the lesson as it scrolls a pager (View keeps
		// the last lines on the screen).
		t.top = max(t.top+screen.Wheel(m), 0)
		return screen.Stay, nil
	}
	k, ok := msg.(tea.KeyMsg)
	if !ok {
		return screen.Stay, nil
	}
	switch {
	case k.Type == tea.KeyEsc, k.String() == "q", k.String() == "Q":
		return screen.Pop(), nil
	case key.Matches(k, screen.MenuKeys.Up):
		t.top = max(t.top-1, 0)
	case key.Matches(k, screen.MenuKeys.Down):
		t.top++
	case k.Type == tea.KeyEnter:
		return t.play()
	}
	return screen.Stay, nil
}

// play starts the tutorial: a campaign of its one level, with its own
// high-score table (ScoresFile) and its text in the replay.
func (t *tutorialScreen) play() (screen.Nav, tea.Cmd) {
	cfg := *t.c.cfg
	cfg.Levels = Campaign{t.level}
	e := newEnv(t.c.Context, &cfg)
	g, err := engine.New(engine.Config{Seed: e.Seed(), Players: 1, Levels: cfg.Levels.Levels()})
	if err != nil {
		return screen.Push(screen.NewMessage(t.c.Context, "Tutorial", "The tutorial cannot start: "+err.Error()+".", false)), nil
	}
	sess := NewLocalSession(g, nil, cfg.Levels.Texts(), e.Saves, cfg.Replays, e.Now, false)
	return screen.Replace(newGameScreen(e, sess)), nil
}

// View draws the lesson, scrolled when it is taller than the terminal.
func (t *tutorialScreen) View() string {
	st := t.c.Styles
	w := min(t.c.DialogWidth(), 72)
	title := st.Title.Render("TUTORIAL: " + strings.ToUpper(t.level.Level.Name))
	hint := "Enter: play · Esc: back"
	lines := strings.Split(screen.Wrap(t.lesson, w), "\n")
	room := max(t.c.Height-2-2-3, 1) // the border, the title, the hint and the blank lines between
	if len(lines) > room {
		room = max(t.c.Height-2-2, 1) // no blank lines
		hint = "↑/↓ more · " + hint
		t.top = min(t.top, len(lines)-room)
		lines = lines[t.top : t.top+room]
	} else {
		t.top = 0
	}
	return t.c.Dialog(title, strings.Join(lines, "\n"), st.Faint.Render(screen.Fit(hint, w)))
}
