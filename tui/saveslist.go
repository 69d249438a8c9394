package tui

import (
	"errors"
	"fmt"
	"strings"

	"github.com/charmbracelet/bubbles/key"
	tea "github.com/charmbracelet/bubbletea"

	"github.com/minotaur-game/minotaur/saves"
	"github.com/minotaur-game/minotaur/tui/screen"
)

// loadedMsg carries a saved game read back.
type loadedMsg struct {
	name   string
	loaded saves.Loaded
	err    error
}

// loadSave reads a saved game.
func loadSave(dir, name string) tea.Cmd {
	return func() tea.Msg {
		l, err := saves.Store{Dir: dir}.Load(name)
		return loadedMsg{name: name, loaded: l, err: err}
	}
}

// startLoaded opens the game screen on a loaded game (the game of the
// list whose saves are the saves folder's own), or puts the reason it
// could not be loaded in *note.
func startLoaded(c *common, msg loadedMsg, note *string) (screen.Nav, tea.Cmd) {
	if msg.err != nil {
		*note = fmt.Sprintf("%s cannot be loaded: %s", msg.name, reason(msg.err))
		return screen.Stay, nil
	}
	for _, g := range c.games {
		if g.Store != nil {
			return screen.Replace(g.Store(c.Context, msg.name, msg.loaded)), nil
		}
	}
	*note = msg.name + " is a saved game of no game of this program."
	return screen.Stay, nil
}

// reason is the part of a load error the player needs.
func reason(err error) string {
	var de *saves.DamageError
	if errors.As(err, &de) {
		return de.Detail
	}
	return err.Error()
}

// savesScreen lists the saved games, newest first, to continue one or delete
// one (after a confirmation). Damaged files are listed with their reason.
type savesScreen struct {
	c        *common
	list     []saves.SaveInfo
	games    gameSaves // the other games' saves, listed after Minotaur's
	listed   bool
	cursor   int
	note     string
	deleting bool // asking "delete?"
}

func newSavesScreen(c *common) *savesScreen { return &savesScreen{c: c, games: newGameSaves(c)} }

// Init reads the folder.
func (s *savesScreen) Init() tea.Cmd {
	return tea.Batch(listSaves(s.c.Saves), listGameSaves(s.c))
}

// rows is the number of lines of the list: Minotaur's saves, then the
// other games'.
func (s *savesScreen) rows() int { return len(s.list) + len(s.games.all()) }

// gameAt is the other game's save on line i, if it is one.
func (s *savesScreen) gameAt(i int) (screen.SaveInfo, bool) {
	if i < len(s.list) || i >= s.rows() {
		return screen.SaveInfo{}, false
	}
	return s.games.all()[i-len(s.list)], true
}

// deletedMsg reports a deleted save.
type deletedMsg struct {
	name string
	err  error
}

var (
	deleteKey = key.NewBinding(key.WithKeys("d", "D", "delete", "x", "X"), key.WithHelp("D", "delete"))
	yesKey    = key.NewBinding(key.WithKeys("y", "Y"), key.WithHelp("Y", "yes"))
	noKey     = key.NewBinding(key.WithKeys("n", "N", "esc"), key.WithHelp("N", "no"))
)

// Update moves through the list, loads or deletes.
func (s *savesScreen) Update(msg tea.Msg) (screen.Nav, tea.Cmd) {
	switch msg := msg.(type) {
	case savesListedMsg:
		s.list, s.listed = msg.list, true
		s.cursor = min(s.cursor, max(s.rows()-1, 0))
		if msg.err != nil {
			s.note = msg.err.Error()
		}
	case gameSavesMsg:
		s.games = s.games.with(msg)
		s.cursor = min(s.cursor, max(s.rows()-1, 0))
	case gameDeletedMsg:
		s.note = "Deleted " + msg.name + "."
		return screen.Stay, listGameSaves(s.c)
	case deletedMsg:
		if msg.err != nil {
			s.note = msg.err.Error()
		} else {
			s.note = "Deleted " + msg.name + "."
		}
		return screen.Stay, listSaves(s.c.Saves)
	case loadedMsg:
		return startLoaded(s.c, msg, &s.note)
	case tea.KeyMsg:
		if s.deleting {
			switch {
			case key.Matches(msg, yesKey):
				s.deleting = false
				if gs, ok := s.gameAt(s.cursor); ok {
					name, dir := gs.File, s.c.Saves
					return screen.Stay, func() tea.Msg {
						screen.RemoveSave(dir, name)()
						return gameDeletedMsg{name}
					}
				}
				name, dir := s.list[s.cursor].Name, s.c.Saves
				return screen.Stay, func() tea.Msg { return deletedMsg{name, saves.Store{Dir: dir}.Delete(name)} }
			case key.Matches(msg, noKey):
				s.deleting = false
				s.note = ""
			}
			return screen.Stay, nil
		}
		switch {
		case key.Matches(msg, screen.MenuKeys.Up):
			s.cursor = max(s.cursor-1, 0)
		case key.Matches(msg, screen.MenuKeys.Down):
			s.cursor = min(s.cursor+1, max(s.rows()-1, 0))
		case key.Matches(msg, screen.MenuKeys.Back), msg.String() == "q" || msg.String() == "Q":
			return screen.Replace(newMenu(s.c)), nil
		case s.rows() == 0:
		case key.Matches(msg, screen.MenuKeys.Choose):
			if gs, ok := s.gameAt(s.cursor); ok {
				if gs.Err != nil {
					s.note = gs.File + " cannot be continued: " + gs.Err.Error()
					return screen.Stay, nil
				}
				return screen.Replace(resumeGame(s.c, gs.File)), nil
			}
			it := s.list[s.cursor]
			if it.Damaged() {
				s.note = it.Name + " cannot be loaded: " + it.Reason()
				return screen.Stay, nil
			}
			s.note = "Loading " + it.Name + "…"
			return screen.Stay, loadSave(s.c.Saves, it.Name)
		case key.Matches(msg, deleteKey):
			s.deleting = true
		}
	}
	return screen.Stay, nil
}

// View draws the list.
func (s *savesScreen) View() string {
	st := s.c.st
	w := min(s.c.Width-4, 76)
	// The sentence under the list, whole, wrapped to the width: a
	// question, a note, or why the save under the cursor is damaged.
	var note string
	switch {
	case s.deleting && s.cursor >= len(s.list) && s.cursor < s.rows():
		gs, _ := s.gameAt(s.cursor)
		note = "Delete " + gs.File + "? It cannot be undone. (Y/N)"
	case s.deleting && len(s.list) > 0:
		note = "Delete " + s.list[s.cursor].Name + "? It cannot be undone. (Y/N)"
	case s.note != "":
		note = s.note
	case s.cursor < len(s.list) && s.list[s.cursor].Damaged():
		it := s.list[s.cursor]
		note = it.Name + " cannot be loaded: " + it.Reason()
	}
	note = screen.Wrap(note, w)
	var b strings.Builder
	b.WriteString(st.Title.Render("SAVED GAMES") + "\n\n")
	switch {
	case !s.listed:
		b.WriteString("Reading the saves folder…\n")
	case s.rows() == 0:
		b.WriteString("There is no saved game.\n")
	default:
		// One set of columns for every game's saves — when it was saved,
		// which game, what the game is — and one date format. On a
		// narrow terminal the last column is the line under the list, for
		// the save under the cursor.
		full := w-2 >= 16+2+9+2+30
		if full {
			b.WriteString(st.Heading.Render(screen.Fit(fmt.Sprintf("  %-16s  %-9s  %s", "Saved", "Game", "What"), w)) + "\n")
		} else {
			b.WriteString(st.Heading.Render(screen.Fit(fmt.Sprintf("  %-16s %s", "Saved", "Game"), w)) + "\n")
		}
		rows := max(s.c.Height-9-strings.Count(note, "\n")-strings.Count(savesHint(w), "\n"), 3)
		var detail string // narrow: the save under the cursor, whole
		if !full && s.cursor < s.rows() {
			detail = screen.Wrap(s.row(s.cursor).rest, w-2)
			rows = max(rows-1-strings.Count(detail, "\n"), 1)
		}
		first := min(max(s.cursor-rows/2, 0), max(s.rows()-rows, 0))
		for i := first; i < s.rows() && i < first+rows; i++ {
			r := s.row(i)
			line := fmt.Sprintf("%-16s %s %s", r.when, r.game, r.brief)
			if full {
				line = fmt.Sprintf("%-16s  %-9s  %s", r.when, r.game, r.what)
			}
			line = screen.Fit(line, w-2)
			switch {
			case i == s.cursor:
				line = "> " + st.Selected.Render(line)
			case r.damaged:
				line = "  " + st.Bad.Render(line)
			default:
				line = "  " + line
			}
			b.WriteString(line + "\n")
		}
		for _, l := range strings.Split(detail, "\n") {
			if detail != "" {
				b.WriteString("  " + l + "\n")
			}
		}
	}
	b.WriteString("\n" + st.Warn.Render(note) + "\n")
	b.WriteString(st.Faint.Render(savesHint(w)))
	return s.c.Center(b.String())
}

// saveRow is one line of the list: when, which game, what it is.
type saveRow struct {
	when, game, what string
	brief, rest      string // narrow: the row's part of what, and the line under the list
	damaged          bool
}

// row is line i of the list: Minotaur's saves, then the other games'.
func (s *savesScreen) row(i int) saveRow {
	if ts, ok := s.gameAt(i); ok {
		g := gameOf(s.c, ts.File)
		if ts.Err != nil {
			return saveRow{screen.SavedAt(ts.Saved), g.Short, "damaged: " + ts.Err.Error(), "damaged", ts.Err.Error(), true}
		}
		return saveRow{screen.SavedAt(ts.Saved), g.Short, ts.Title + " · " + ts.Detail, ts.Detail, ts.Title, false}
	}
	it := s.list[i]
	if it.Damaged() {
		return saveRow{screen.SavedAt(it.Modified), "Minotaur", "damaged: " + it.Reason(), "damaged", it.Reason(), true}
	}
	return saveRow{screen.SavedAt(it.Saved), "Minotaur",
		fmt.Sprintf("level %d/%d · turn %d · score %d · seed %d", it.Level, it.Levels, it.Turn, it.Score, it.Seed),
		fmt.Sprintf("turn %d", it.Turn), fmt.Sprintf("level %d/%d · score %d · seed %d", it.Level, it.Levels, it.Score, it.Seed), false}
}

// savesHint is the list's key line, on two lines when w is narrow.
func savesHint(w int) string {
	return strings.Join(screen.WrapParts([]string{"↑/↓ choose", "Enter continue", "D delete", "Esc back"}, " · ", w), "\n")
}

// gameDeletedMsg reports a deleted save of another game.
type gameDeletedMsg struct{ name string }

// gameOf is the game a save file of another game is of (by the end of
// its name): its descriptor in the list of games.
func gameOf(c *common, file string) screen.Descriptor {
	for _, g := range c.games {
		if g.Files != nil && strings.HasSuffix(file, g.Files.Ext) {
			return g
		}
	}
	return screen.Descriptor{Title: "another game", Short: "?"}
}

// resumeGame is the screen that continues another game's save file.
func resumeGame(c *common, file string) screen.Screen {
	g := gameOf(c, file)
	if g.Files == nil {
		return screen.NewMessage(c.Context, "Saved game", file+" is a saved game of no game of this program.", true)
	}
	return g.Files.Resume(c.Context, file)
}

// gameSavesMsg carries the saves of one other game (ext names it), so that
// each game's list replaces only its own: an empty list says which game has
// none.
type gameSavesMsg struct {
	ext  string
	list []screen.SaveInfo
}

// listGameSaves lists the saves of every game that has files of its own,
// a gameSavesMsg each (a game's folder that cannot be read lists none).
func listGameSaves(c *common) tea.Cmd {
	var cmds []tea.Cmd
	for _, g := range c.games {
		if g.Files == nil {
			continue
		}
		list, ext := g.Files.List(c.Saves), g.Files.Ext
		cmds = append(cmds, func() tea.Msg {
			msg, _ := list().(screen.SavesMsg)
			return gameSavesMsg{ext, msg.List}
		})
	}
	return tea.Batch(cmds...)
}

// gameSaves are the saves of the games with files of their own, by game
// (the end of their files' names), in the order of the list of games.
type gameSaves struct {
	order []string
	by    map[string][]screen.SaveInfo
}

// newGameSaves is the saves of c's games before any is listed.
func newGameSaves(c *common) gameSaves {
	var gs gameSaves
	for _, g := range c.games {
		if g.Files != nil {
			gs.order = append(gs.order, g.Files.Ext)
		}
	}
	return gs
}

// with is the saves with one game's list replaced.
func (gs gameSaves) with(msg gameSavesMsg) gameSaves {
	out := gameSaves{order: gs.order, by: map[string][]screen.SaveInfo{msg.ext: msg.list}}
	for ext, l := range gs.by {
		if ext != msg.ext {
			out.by[ext] = l
		}
	}
	return out
}

// all are the saves in the order of the list of games, each game's
// newest first.
func (gs gameSaves) all() []screen.SaveInfo {
	var out []screen.SaveInfo
	for _, ext := range gs.order {
		out = append(out, gs.by[ext]...)
	}
	return out
}
