package tui

import (
	"fmt"
	"strings"
	"unicode"

	"github.com/charmbracelet/bubbles/help"
	"github.com/charmbracelet/bubbles/key"
	tea "github.com/charmbracelet/bubbletea"
	"github.com/charmbracelet/lipgloss"

	"github.com/minotaur-game/minotaur/engine"
	"github.com/minotaur-game/minotaur/saves"
	"github.com/minotaur-game/minotaur/tui/chess"
	"github.com/minotaur-game/minotaur/tui/foxhunt"
	"github.com/minotaur-game/minotaur/tui/labyrinth"
	"github.com/minotaur-game/minotaur/tui/screen"
	"github.com/minotaur-game/minotaur/tui/trails"
)

// menuItem is one line of the main menu.
type menuItem int

const (
	itemNew menuItem = iota
	itemContinue
	itemNetwork
	itemLabyrinth
	itemTrails
	itemChess
	itemFoxhunt
	itemScores
	itemHelp
	itemQuit
)

var menuLabels = [...]string{"New game", "Continue", "Network game", "Labyrinth", "Trails and Towers", "Open-world chess", "Fox hunt", "High scores", "Help", "Quit"}

// menuLetters are the keys of the items, one each, drawn beside them: the
// first letter where no other item starts with it, else a letter of the
// name (neTwork game, tRails and towers, Open-world chess, hIgh scores),
// never W, S, K or J, which move the cursor. A key chooses its item at once; ? is Help too.
var menuLetters = [...]rune{'N', 'C', 'T', 'L', 'R', 'O', 'F', 'I', 'H', 'Q'}

// menuScreen is the main menu. It lists the saved games when it opens, to
// grey out Continue when there is none.
type menuScreen struct {
	c      *common
	cursor menuItem
	saves  []saves.SaveInfo
	games  gameSaves // the other games' saves (Trails, chess): Continue lists them too
	listed bool      // the saves folder has been read
	note   string    // a sentence under the menu (an error, "no saved game")
	ended  string    // why the replay of the game just left was not written
	help   help.Model
}

func newMenu(c *common) *menuScreen {
	return &menuScreen{c: c, help: screen.NewHelp(c.st.Styles)}
}

// savesListedMsg carries the list of saved games.
type savesListedMsg struct {
	list []saves.SaveInfo
	err  error
}

// listSaves reads the saves folder.
func listSaves(dir string) tea.Cmd {
	return func() tea.Msg {
		l, err := saves.Store{Dir: dir}.List()
		return savesListedMsg{l, err}
	}
}

// Init reads the saves folder.
func (m *menuScreen) Init() tea.Cmd {
	return tea.Batch(listSaves(m.c.cfg.Saves), listGameSaves(m.c.cfg.Saves))
}

func (m *menuScreen) enabled(i menuItem) bool {
	return i != itemContinue || len(m.saves)+len(m.games.all()) > 0
}

// Update moves the cursor or chooses an item.
func (m *menuScreen) Update(msg tea.Msg) (screen.Nav, tea.Cmd) {
	switch msg := msg.(type) {
	case savesListedMsg:
		m.saves, m.listed = msg.list, true
		if msg.err != nil {
			m.note = msg.err.Error()
		}
	case gameSavesMsg:
		m.games = m.games.with(msg)
	case loadedMsg:
		return startLoaded(m.c, msg, &m.note)
	case EndedMsg:
		// The game left for this menu could not write its replay.
		if msg.Err != nil {
			m.ended = replayFailed(msg.Err)
		}
	case tea.KeyMsg:
		switch {
		case key.Matches(msg, screen.MenuKeys.Up):
			m.move(-1)
		case key.Matches(msg, screen.MenuKeys.Down):
			m.move(+1)
		case key.Matches(msg, screen.MenuKeys.Choose):
			return m.choose(m.cursor)
		case msg.String() == "?":
			return m.choose(itemHelp)
		case msg.Type == tea.KeyRunes && len(msg.Runes) == 1:
			return m.letter(msg.Runes[0])
		}
	}
	return screen.Stay, nil
}

// move steps the cursor, skipping a greyed item.
func (m *menuScreen) move(d int) {
	n := menuItem(len(menuLabels))
	i := m.cursor
	for range menuLabels {
		i = (i + menuItem(d) + n) % n
		if m.enabled(i) {
			break
		}
	}
	m.cursor = i
}

// letter chooses the item of a key (menuLetters), in either case.
func (m *menuScreen) letter(r rune) (screen.Nav, tea.Cmd) {
	r = unicode.ToUpper(r)
	for i, l := range menuLetters {
		if l != r {
			continue
		}
		if !m.enabled(menuItem(i)) {
			m.note = "There is no saved game to continue."
			return screen.Stay, nil
		}
		m.cursor = menuItem(i)
		return m.choose(menuItem(i))
	}
	return screen.Stay, nil
}

// choose acts on an item.
func (m *menuScreen) choose(i menuItem) (screen.Nav, tea.Cmd) {
	m.note = ""
	switch i {
	case itemNew:
		g, err := engine.New(engine.Config{Seed: m.c.takeSeed(), Players: 1, Levels: m.c.cfg.Levels.Levels()})
		if err != nil {
			m.note = "The game could not start: " + err.Error()
			return screen.Stay, nil
		}
		sess := NewLocalSession(g, nil, m.c.cfg.Levels.Texts(), m.c.cfg.Saves, m.c.cfg.Replays, m.c.cfg.Now, false)
		return screen.Replace(newGameScreen(m.c, sess)), nil
	case itemContinue:
		games := m.games.all()
		switch {
		case len(m.saves)+len(games) == 0:
			m.note = "There is no saved game to continue."
			return screen.Stay, nil
		case len(m.saves) == 1 && len(games) == 0 && !m.saves[0].Damaged():
			return screen.Stay, loadSave(m.c.cfg.Saves, m.saves[0].Name)
		case len(m.saves) == 0 && len(games) == 1 && games[0].Err == nil:
			return screen.Replace(resumeGame(m.c, games[0].File)), nil
		}
		return screen.Push(newSavesScreen(m.c)), nil
	case itemNetwork:
		return screen.Push(newNetworkScreen(m.c)), nil
	case itemLabyrinth:
		return screen.Replace(labyrinth.NewMenu(m.c.screens())), nil
	case itemTrails:
		return screen.Replace(trails.NewMenu(m.c.screens())), nil
	case itemChess:
		return screen.Replace(chess.NewMenu(m.c.screens())), nil
	case itemFoxhunt:
		return screen.Replace(foxhunt.NewMenu(m.c.screens())), nil
	case itemScores:
		return screen.Push(newScoresScreen(m.c, 0, nil)), nil
	case itemHelp:
		return screen.Push(newHelpScreen(m.c)), nil
	case itemQuit:
		return screen.Stay, tea.Quit
	}
	return screen.Stay, nil
}

// logo is the game's name as drawn on the main menu.
var logo = []string{
	` __  __ ___ _  _  ___ _____ _   _   _ ___ `,
	`|  \/  |_ _| \| |/ _ \_   _/_\ | | | | _ \`,
	`| |\/| || || .  | (_) || |/ _ \| |_| |   /`,
	`|_|  |_|___|_|\_|\___/ |_/_/ \_\\___/|_|_\`,
}

// View draws the menu in the middle of the terminal.
func (m *menuScreen) View() string {
	st := m.c.st
	var items []string
	for i, label := range menuLabels {
		item := menuItem(i)
		text := fmt.Sprintf("%-17s", label)
		letter := string(menuLetters[i]) + "  "
		switch {
		case !m.enabled(item):
			items = append(items, "  "+st.Disabled.Render(letter+text))
		case item == m.cursor:
			items = append(items, "> "+st.Key.Render(letter)+st.Selected.Render(text))
		default:
			items = append(items, "  "+st.Key.Render(letter)+st.Text.Render(text))
		}
	}
	var logoLines []string
	for _, l := range logo {
		logoLines = append(logoLines, st.Title.Render(l))
	}
	m.help.Width = m.c.w
	// On a small terminal the logo and the motto give way, so that the
	// items and the keys fit.
	var parts []string
	if m.c.h >= 20 && m.c.w >= lipgloss.Width(logo[0]) {
		parts = append(parts, screen.Block(strings.Join(logoLines, "\n")), "")
	}
	if m.c.h >= 14 {
		parts = append(parts, st.Faint.Render(screen.Wrap("Find the key. Reach the exit. Do not get caught.", m.c.w)), "")
	}
	parts = append(parts, screen.Block(strings.Join(items, "\n")))
	// Under the items: the note, why the replay was not written (each
	// whole, wrapped to the width), the keys.
	lines := func(text string) []string {
		if text == "" {
			return nil
		}
		return strings.Split(st.Warn.Render(screen.Wrap(text, max(m.c.w-4, 10))), "\n")
	}
	note, ended := lines(m.note), lines(m.ended)
	keys := m.help.ShortHelpView(screen.MenuKeys.ShortHelp())
	hint := []string{keys + st.Faint.Render(" • a letter picks its item")}
	if lipgloss.Width(hint[0]) > m.c.w {
		hint = []string{keys, st.Faint.Render("a letter picks its item")}
	}
	var under []string
	if m.c.h >= 14 {
		under = append(under, "")
		if note == nil {
			note = []string{""} // its line, kept blank
		}
		under = append(under, note...)
		if ended != nil {
			under = append(append(under, ended...), "")
		}
		under = append(under, hint...)
	} else {
		// On a small terminal the items leave two lines: what is said
		// comes first, the keys' lines give way to it (the second first),
		// and what is said is cut to the room only when it alone is
		// taller.
		said := append(note, ended...)
		room := max(m.c.h-lipgloss.Height(lipgloss.JoinVertical(lipgloss.Center, parts...)), 0)
		for len(said)+len(hint) > room && len(hint) > 0 {
			hint = hint[:len(hint)-1]
		}
		if len(said) > room {
			said = said[:room]
			if room > 0 {
				said[room-1] = screen.Fit(said[room-1]+" …", max(m.c.w-4, 10))
			}
		}
		under = append(said, hint...)
	}
	if len(under) > 0 {
		parts = append(parts, strings.Join(under, "\n"))
	}
	v := lipgloss.Place(m.c.w, m.c.h, lipgloss.Center, lipgloss.Center, lipgloss.JoinVertical(lipgloss.Center, parts...))
	return m.withNotice(v)
}

// withNotice writes Config.Notice, centred and faint, on the last line of
// the menu when that line is blank and the notice fits the width.
func (m *menuScreen) withNotice(v string) string {
	notice := m.c.cfg.Notice
	if notice == "" || lipgloss.Width(notice) > m.c.w {
		return v
	}
	i := strings.LastIndexByte(v, '\n')
	if i < 0 || strings.TrimSpace(v[i+1:]) != "" {
		return v
	}
	return v[:i+1] + lipgloss.PlaceHorizontal(m.c.w, lipgloss.Center, m.c.st.Faint.Render(notice))
}
