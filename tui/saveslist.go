package tui

import (
	"errors"
	"fmt"
	"strings"

	"github.com/charmbracelet/bubbles/key"
	tea "github.com/charmbracelet/bubbletea"

	"github.com/minotaur-game/minotaur/saves"
	ui "github.com/minotaur-game/minotaur/tui/screen"
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

// startLoaded opens the game screen on a loaded game, or puts the reason it
// could not be loaded in *note.
func startLoaded(c *common, msg loadedMsg, note *string) (nav, tea.Cmd) {
	if msg.err != nil {
		*note = fmt.Sprintf("%s cannot be loaded: %s", msg.name, reason(msg.err))
		return stay, nil
	}
	l := msg.loaded
	sess := NewLocalSession(l.Game, l.Recorder, nil, c.cfg.Saves, c.cfg.Replays, c.cfg.Now, true)
	sess.ContinuedFrom(msg.name)
	g := newGameScreen(c, sess)
	if l.Recorder != nil {
		// The whole game's messages, as they were told before the save.
		g.b.log, g.b.history = nil, nil
		g.b.retell(l.Recorder.Replay(), narrator(sess))
	}
	return replace(g), nil
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
	listed   bool
	cursor   int
	note     string
	deleting bool // asking "delete?"
}

func newSavesScreen(c *common) *savesScreen { return &savesScreen{c: c} }

// Init reads the folder.
func (s *savesScreen) Init() tea.Cmd { return listSaves(s.c.cfg.Saves) }

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
func (s *savesScreen) Update(msg tea.Msg) (nav, tea.Cmd) {
	switch msg := msg.(type) {
	case savesListedMsg:
		s.list, s.listed = msg.list, true
		s.cursor = min(s.cursor, max(len(s.list)-1, 0))
		if msg.err != nil {
			s.note = msg.err.Error()
		}
	case deletedMsg:
		if msg.err != nil {
			s.note = msg.err.Error()
		} else {
			s.note = "Deleted " + msg.name + "."
		}
		return stay, listSaves(s.c.cfg.Saves)
	case loadedMsg:
		return startLoaded(s.c, msg, &s.note)
	case tea.KeyMsg:
		if s.deleting {
			switch {
			case key.Matches(msg, yesKey):
				s.deleting = false
				name, dir := s.list[s.cursor].Name, s.c.cfg.Saves
				return stay, func() tea.Msg { return deletedMsg{name, saves.Store{Dir: dir}.Delete(name)} }
			case key.Matches(msg, noKey):
				s.deleting = false
				s.note = ""
			}
			return stay, nil
		}
		switch {
		case key.Matches(msg, menuKeys.Up):
			s.cursor = max(s.cursor-1, 0)
		case key.Matches(msg, menuKeys.Down):
			s.cursor = min(s.cursor+1, max(len(s.list)-1, 0))
		case key.Matches(msg, menuKeys.Back), msg.String() == "q" || msg.String() == "Q":
			return replace(newMenu(s.c)), nil
		case len(s.list) == 0:
		case key.Matches(msg, menuKeys.Choose):
			it := s.list[s.cursor]
			if it.Damaged() {
				s.note = it.Name + " cannot be loaded: " + it.Reason()
				return stay, nil
			}
			s.note = "Loading " + it.Name + "…"
			return stay, loadSave(s.c.cfg.Saves, it.Name)
		case key.Matches(msg, deleteKey):
			s.deleting = true
		}
	}
	return stay, nil
}

// View draws the list.
func (s *savesScreen) View() string {
	st := s.c.st
	w := min(s.c.w-4, 76)
	// The sentence under the list, whole, wrapped to the width: a
	// question, a note, or why the save under the cursor is damaged.
	var note string
	switch {
	case s.deleting && len(s.list) > 0:
		note = "Delete " + s.list[s.cursor].Name + "? It cannot be undone. (Y/N)"
	case s.note != "":
		note = s.note
	case s.cursor < len(s.list) && s.list[s.cursor].Damaged():
		it := s.list[s.cursor]
		note = it.Name + " cannot be loaded: " + it.Reason()
	}
	note = wrap(note, w)
	var b strings.Builder
	b.WriteString(st.Title.Render("SAVED GAMES") + "\n\n")
	switch {
	case !s.listed:
		b.WriteString("Reading the saves folder…\n")
	case len(s.list) == 0:
		b.WriteString("There is no saved game.\n")
	default:
		// Whole rows when they fit; on a narrow terminal a short date,
		// and the seed of the save under the cursor on a line of its own.
		full := w-2 >= 19+2+7+2+5+2+6+2+20
		if full {
			b.WriteString(st.Heading.Render(fmt.Sprintf("  %-19s  %-7s  %5s  %6s  %-20s", "Saved", "Level", "Turn", "Score", "Seed")) + "\n")
		} else {
			b.WriteString(st.Heading.Render(fmt.Sprintf("  %-11s %-5s %4s %6s", "Saved", "Level", "Turn", "Score")) + "\n")
		}
		rows := max(s.c.h-9-strings.Count(note, "\n")-strings.Count(savesHint(w), "\n"), 3)
		if !full {
			rows = max(rows-1, 1)
		}
		first := min(max(s.cursor-rows/2, 0), max(len(s.list)-rows, 0))
		for i := first; i < len(s.list) && i < first+rows; i++ {
			it := s.list[i]
			var line string
			switch {
			case it.Damaged() && full:
				line = fmt.Sprintf("%-19s  damaged: %s", it.Modified.Local().Format("2006-01-02 15:04:05"), it.Reason())
			case it.Damaged():
				line = fmt.Sprintf("%-11s damaged", it.Modified.Local().Format("01-02 15:04"))
			case full:
				line = fmt.Sprintf("%-19s  %-7s  %5d  %6d  %-20d", it.Saved.Local().Format("2006-01-02 15:04:05"),
					fmt.Sprintf("%d/%d", it.Level, it.Levels), it.Turn, it.Score, it.Seed)
			default:
				line = fmt.Sprintf("%-11s %-5s %4d %6d", it.Saved.Local().Format("01-02 15:04"),
					fmt.Sprintf("%d/%d", it.Level, it.Levels), it.Turn, it.Score)
			}
			line = fit(line, w-2)
			switch {
			case i == s.cursor:
				line = "> " + st.Selected.Render(line)
			case it.Damaged():
				line = "  " + st.Bad.Render(line)
			default:
				line = "  " + line
			}
			b.WriteString(line + "\n")
		}
		if it := s.list[s.cursor]; !full && !it.Damaged() {
			b.WriteString(fmt.Sprintf("  seed %d · %s\n", it.Seed, it.Saved.Local().Format("2006-01-02 15:04:05")))
		}
	}
	b.WriteString("\n" + st.Warn.Render(note) + "\n")
	b.WriteString(st.Faint.Render(savesHint(w)))
	return s.c.center(b.String())
}

// savesHint is the list's key line, on two lines when w is narrow.
func savesHint(w int) string {
	return strings.Join(ui.WrapParts([]string{"↑/↓ choose", "Enter continue", "D delete", "Esc back"}, " · ", w), "\n")
}
