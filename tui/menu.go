package tui

import (
	"fmt"
	"os"
	"strings"
	"unicode"

	"github.com/charmbracelet/bubbles/help"
	"github.com/charmbracelet/bubbles/key"
	tea "github.com/charmbracelet/bubbletea"
	"github.com/charmbracelet/lipgloss"

	"github.com/minotaur-game/minotaur/saves"
	"github.com/minotaur-game/minotaur/tui/screen"
)

// menuItem is one line of the main menu: its label, its key (drawn
// beside it) and what it does.
type menuItem struct {
	label  string
	letter rune
	choose func(m *menuScreen) (screen.Nav, tea.Cmd)
	saves  bool // Continue: greyed out while there is no saved game
}

// menuItems are the main menu's lines, built from the list of games: the
// first game's item (Minotaur's New game), Continue and Network game, the
// other games' items, every game's further items (High scores, Help),
// Settings and Quit. The keys are the first letter where no other item
// starts with it, else a letter of the name (neTwork game, tRails and
// towers, Open-world chess, hIgh scores, settinGs), never W, S, K or J,
// which move the cursor. A key
// chooses its item at once; ? is Help too.
func menuItems(games []screen.Descriptor) []menuItem {
	open := func(g screen.Descriptor) menuItem {
		return menuItem{label: g.Menu, letter: g.Letter, choose: func(m *menuScreen) (screen.Nav, tea.Cmd) {
			s, err := g.Open(m.c.Context)
			if err != nil {
				m.note = "The game could not start: " + err.Error()
				return screen.Stay, nil
			}
			return screen.Replace(s), nil
		}}
	}
	var items []menuItem
	if len(games) > 0 {
		items = append(items, open(games[0]))
	}
	items = append(items,
		menuItem{label: "Continue", letter: 'C', saves: true, choose: (*menuScreen).continueGame},
		menuItem{label: "Network game", letter: 'T', choose: func(m *menuScreen) (screen.Nav, tea.Cmd) {
			return screen.Push(newNetworkScreen(m.c)), nil
		}})
	for _, g := range games[min(1, len(games)):] {
		items = append(items, open(g))
	}
	for _, g := range games {
		for _, x := range g.Extra {
			items = append(items, menuItem{label: x.Label, letter: x.Letter, choose: func(m *menuScreen) (screen.Nav, tea.Cmd) {
				return screen.Push(x.Open(m.c.Context)), nil
			}})
		}
	}
	items = append(items, menuItem{label: "Settings", letter: 'G', choose: func(m *menuScreen) (screen.Nav, tea.Cmd) {
		return screen.Push(newSettingsScreen(m.c)), nil
	}})
	return append(items, menuItem{label: "Quit", letter: 'Q', choose: func(*menuScreen) (screen.Nav, tea.Cmd) {
		return screen.Stay, tea.Quit
	}})
}

// menuScreen is the main menu. It lists the saved games when it opens, to
// grey out Continue when there is none.
type menuScreen struct {
	c      *common
	items  []menuItem
	cursor int
	saves  []saves.SaveInfo
	games  gameSaves // the other games' saves (Trails, chess): Continue lists them too
	listed bool      // the saves folder has been read
	note   string    // a sentence under the menu (an error, "no saved game")
	ended  string    // why the replay of the game just left was not written
	help   help.Model
	// replays tells whether the replays folder holds a replay (known
	// once read): with no saved game either, this is a first run, and
	// the menu offers the tutorial (firstRunOffer).
	replays, replaysRead bool
}

func newMenu(c *common) *menuScreen {
	return &menuScreen{c: c, items: menuItems(c.games), games: newGameSaves(c), help: screen.NewHelp(c.st)}
}

// TellsEnded marks the menu as a screen that tells why the replay of the
// game just left was not written (screen.EndTeller).
func (m *menuScreen) TellsEnded() {}

// labels are the menu's items.
func (m *menuScreen) labels() []string {
	var out []string
	for _, it := range m.items {
		out = append(out, it.label)
	}
	return out
}

// index is the line of the item labelled label (-1: none).
func (m *menuScreen) index(label string) int {
	for i, it := range m.items {
		if it.label == label {
			return i
		}
	}
	return -1
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

// replaysSeenMsg tells whether the replays folder holds a replay.
type replaysSeenMsg struct{ any bool }

// seeReplays looks for a replay in dir.
func seeReplays(dir string) tea.Cmd {
	return func() tea.Msg {
		des, _ := os.ReadDir(dir)
		for _, de := range des {
			if strings.HasSuffix(de.Name(), ".json") && !strings.HasPrefix(de.Name(), ".") {
				return replaysSeenMsg{true}
			}
		}
		return replaysSeenMsg{false}
	}
}

// Init reads the saves folder, and looks for a replay.
func (m *menuScreen) Init() tea.Cmd {
	return tea.Batch(listSaves(m.c.Saves), listGameSaves(m.c), seeReplays(m.c.cfg.Replays))
}

// firstRun reports a player who has played no game yet: no saved game,
// no replay (every game played leaves one).
func (m *menuScreen) firstRun() bool {
	return m.listed && m.replaysRead && !m.replays && len(m.saves)+len(m.games.all()) == 0
}

func (m *menuScreen) enabled(i int) bool {
	return !m.items[i].saves || len(m.saves)+len(m.games.all()) > 0
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
	case replaysSeenMsg:
		m.replays, m.replaysRead = msg.any, true
	case loadedMsg:
		return startLoaded(m.c, msg, &m.note)
	case screen.EndedMsg:
		// The game left for this menu could not write its replay.
		if msg.Err != nil {
			m.ended = screen.ReplayFailed(msg.Err)
		}
		// Its replay may be written after the menu read the folder: the
		// player has played now, and the tutorial's offer goes.
		if msg.Err == nil && msg.Replay != "" {
			m.replays = true
		}
	case tea.KeyMsg:
		switch {
		case key.Matches(msg, screen.MenuKeys.Up):
			m.move(-1)
		case key.Matches(msg, screen.MenuKeys.Down):
			m.move(+1)
		case key.Matches(msg, screen.MenuKeys.Choose):
			return m.choose(m.cursor)
		case msg.String() == "?" && m.index("Help") >= 0:
			return m.choose(m.index("Help"))
		case msg.Type == tea.KeyRunes && len(msg.Runes) == 1:
			return m.letter(msg.Runes[0])
		}
	}
	return screen.Stay, nil
}

// move steps the cursor, skipping a greyed item.
func (m *menuScreen) move(d int) {
	n := len(m.items)
	i := m.cursor
	for range m.items {
		i = (i + d + n) % n
		if m.enabled(i) {
			break
		}
	}
	m.cursor = i
}

// letter chooses the item of a key, in either case.
func (m *menuScreen) letter(r rune) (screen.Nav, tea.Cmd) {
	r = unicode.ToUpper(r)
	for i, it := range m.items {
		if it.letter != r {
			continue
		}
		if !m.enabled(i) {
			m.note = "There is no saved game to continue."
			return screen.Stay, nil
		}
		m.cursor = i
		return m.choose(i)
	}
	return screen.Stay, nil
}

// choose acts on an item.
func (m *menuScreen) choose(i int) (screen.Nav, tea.Cmd) {
	m.note = ""
	return m.items[i].choose(m)
}

// continueGame continues the one saved game there is, or lists them.
func (m *menuScreen) continueGame() (screen.Nav, tea.Cmd) {
	games := m.games.all()
	switch {
	case len(m.saves)+len(games) == 0:
		m.note = "There is no saved game to continue."
		return screen.Stay, nil
	case len(m.saves) == 1 && len(games) == 0 && !m.saves[0].Damaged():
		return screen.Stay, loadSave(m.c.Saves, m.saves[0].Name)
	case len(m.saves) == 0 && len(games) == 1 && games[0].Err == nil:
		return screen.Replace(resumeGame(m.c, games[0].File)), nil
	}
	return screen.Push(newSavesScreen(m.c)), nil
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
	for item, it := range m.items {
		text := fmt.Sprintf("%-17s", it.label)
		letter := string(it.letter) + "  "
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
	m.help.Width = m.c.Width
	// On a small terminal the logo and the motto give way, so that the
	// items and the keys fit.
	var parts []string
	if m.c.Height >= 20 && m.c.Width >= lipgloss.Width(logo[0]) {
		parts = append(parts, screen.Block(strings.Join(logoLines, "\n")), "")
	}
	if m.c.Height >= 14 {
		parts = append(parts, st.Faint.Render(screen.Wrap("Find the key. Reach the exit. Do not get caught.", m.c.Width)), "")
	}
	// On a terminal too low for the items and a line under them, the
	// items stand in two columns, each letter with one space.
	if m.c.Height < 14 && len(m.items)+1 > m.c.Height {
		if cols, ok := m.twoColumns(); ok {
			items = cols
		}
	}
	parts = append(parts, screen.Block(strings.Join(items, "\n")))
	// Under the items: the note, why the replay was not written (each
	// whole, wrapped to the width), the keys.
	lines := func(text string) []string {
		if text == "" {
			return nil
		}
		return strings.Split(st.Warn.Render(screen.Wrap(text, max(m.c.Width-4, 10))), "\n")
	}
	note, ended := lines(m.note), lines(m.ended)
	if note == nil && m.firstRun() {
		note = strings.Split(st.Faint.Render(screen.Wrap(firstRunOffer, max(m.c.Width-4, 10))), "\n")
	}
	keys := m.help.ShortHelpView(screen.MenuKeys.ShortHelp())
	hint := []string{keys + st.Faint.Render(" • a letter picks its item")}
	if lipgloss.Width(hint[0]) > m.c.Width {
		hint = []string{keys, st.Faint.Render("a letter picks its item")}
	}
	var under []string
	if m.c.Height >= 14 {
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
		room := max(m.c.Height-lipgloss.Height(lipgloss.JoinVertical(lipgloss.Center, parts...)), 0)
		if len(hint) == 2 && len(said)+2 > room {
			// The keys on one line, their names only.
			k := screen.MenuKeys
			compact := st.Key.Render(k.Up.Help().Key+" "+k.Down.Help().Key+" "+k.Choose.Help().Key) + st.Faint.Render(" • a letter picks its item")
			if lipgloss.Width(compact) <= m.c.Width {
				hint = []string{compact}
			}
		}
		for len(said)+len(hint) > room && len(hint) > 0 {
			hint = hint[:len(hint)-1]
		}
		if len(said) > room {
			said = said[:room]
			if room > 0 {
				said[room-1] = screen.Fit(said[room-1]+" …", max(m.c.Width-4, 10))
			}
		}
		under = append(said, hint...)
	}
	if len(under) > 0 {
		parts = append(parts, strings.Join(under, "\n"))
	}
	v := lipgloss.Place(m.c.Width, m.c.Height, lipgloss.Center, lipgloss.Center, lipgloss.JoinVertical(lipgloss.Center, parts...))
	return m.withNotice(v)
}

// twoColumns draws the items in two columns, the first half on the left,
// or says they do not fit the width.
func (m *menuScreen) twoColumns() ([]string, bool) {
	st := m.c.st
	half := (len(m.items) + 1) / 2
	cell := func(item int) (string, int) {
		it := m.items[item]
		letter, text := string(it.letter)+" ", it.label
		w := 2 + lipgloss.Width(letter+text)
		switch {
		case !m.enabled(item):
			return "  " + st.Disabled.Render(letter+text), w
		case item == m.cursor:
			return "> " + st.Key.Render(letter) + st.Selected.Render(text), w
		default:
			return "  " + st.Key.Render(letter) + st.Text.Render(text), w
		}
	}
	left := 0
	for i := 0; i < half; i++ {
		_, w := cell(i)
		left = max(left, w)
	}
	var rows []string
	widest := 0
	for i := 0; i < half; i++ {
		l, w := cell(i)
		row := l + strings.Repeat(" ", left-w)
		rw := left
		if j := i + half; j < len(m.items) {
			r, rw2 := cell(j)
			row += " " + r
			rw += 1 + rw2
		}
		widest = max(widest, rw)
		rows = append(rows, row)
	}
	return rows, widest <= m.c.Width
}

// withNotice writes Config.Notice, centred and faint, on the last line of
// the menu when that line is blank and the notice fits the width.
func (m *menuScreen) withNotice(v string) string {
	notice := m.c.cfg.Notice
	if notice == "" || lipgloss.Width(notice) > m.c.Width {
		return v
	}
	i := strings.LastIndexByte(v, '\n')
	if i < 0 || strings.TrimSpace(v[i+1:]) != "" {
		return v
	}
	return v[:i+1] + lipgloss.PlaceHorizontal(m.c.Width, lipgloss.Center, m.c.st.Faint.Render(notice))
}
