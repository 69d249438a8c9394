package tui

import (
	"fmt"
	"strings"
	"sync"

	"github.com/charmbracelet/bubbles/key"
	tea "github.com/charmbracelet/bubbletea"
	"github.com/charmbracelet/x/ansi"

	"github.com/minotaur-game/minotaur/saves"
	"github.com/minotaur-game/minotaur/tui/screen"
)

// The settings screen's rows.
const (
	rowName = iota
	rowPalette
	rowLayout
	rowKeys
	rowServer
	numRows
)

// layouts are the layouts a player may choose, in order.
var layouts = []string{saves.LayoutStandard, saves.LayoutAccessible}

// settingsScreen shows and changes the player's settings: name, palette,
// layout, the keymap file (its path) and the default server. Each change
// takes effect at once and is written to the settings file (over SSH, the
// server keeps it under the player's name); Esc goes back to the menu.
type settingsScreen struct {
	c       *common
	row     int
	set     saves.Settings // what the file holds
	editing bool
	input   screen.Input
	note    string
	bad     bool // the note is a problem
	seq     int  // the latest change written
}

func newSettingsScreen(c *common) *settingsScreen {
	return &settingsScreen{c: c, set: c.cfg.Saved}
}

// settingsSavedMsg reports the settings file written with the settings
// of change seq.
type settingsSavedMsg struct {
	seq int
	err error
}

// settingsWriter writes the settings file in commands, one write at a
// time, each with the latest settings: quick changes, whose commands run
// at once, never leave an older choice in the file.
type settingsWriter struct {
	write  sync.Mutex // held while the file is written
	mu     sync.Mutex // guards latest and seq
	latest saves.Settings
	seq    int
}

// save is a command writing the latest settings (set, change seq) to path.
func (w *settingsWriter) save(path string, set saves.Settings) (int, tea.Cmd) {
	w.mu.Lock()
	w.seq++
	w.latest = set
	seq := w.seq
	w.mu.Unlock()
	return seq, func() tea.Msg {
		w.write.Lock()
		defer w.write.Unlock()
		w.mu.Lock()
		set, seq := w.latest, w.seq
		w.mu.Unlock()
		return settingsSavedMsg{seq: seq, err: saves.SaveSettings(path, set)}
	}
}

// Init does nothing: the settings were read at the start.
func (s *settingsScreen) Init() tea.Cmd { return nil }

// Update moves between the rows, changes a value or edits a text.
func (s *settingsScreen) Update(msg tea.Msg) (screen.Nav, tea.Cmd) {
	switch msg := msg.(type) {
	case settingsSavedMsg:
		switch {
		case msg.seq != s.seq:
			// An earlier write: the latest is on its way.
		case msg.err != nil && s.c.cfg.Connect != nil:
			// Over SSH: the server's paths are not the player's business.
			s.note, s.bad = "Not saved: the server could not write your settings; try again later.", true
		case msg.err != nil:
			s.note, s.bad = "Not saved: "+msg.err.Error(), true
		case s.c.cfg.Connect != nil:
			s.note, s.bad = "Saved on this server under your name.", false
		default:
			s.note, s.bad = "Saved in "+s.c.cfg.Settings, false
		}
	case tea.KeyMsg:
		if s.editing {
			return s.edit(msg)
		}
		switch {
		case key.Matches(msg, screen.MenuKeys.Up):
			s.row = (s.row + numRows - 1) % numRows
		case key.Matches(msg, screen.MenuKeys.Down):
			s.row = (s.row + 1) % numRows
		case key.Matches(msg, screen.MenuKeys.Back), msg.String() == "q", msg.String() == "Q":
			// A fresh menu, so that its items take the new name and
			// layout and its hints the new colours.
			return screen.Replace(s.c.Home()), nil
		case msg.Type == tea.KeyLeft:
			return screen.Stay, s.step(-1)
		case msg.Type == tea.KeyRight, msg.Type == tea.KeySpace:
			return screen.Stay, s.step(+1)
		case key.Matches(msg, screen.MenuKeys.Choose):
			switch s.row {
			case rowServer:
				if s.c.cfg.Connect != nil {
					s.note, s.bad = "Over SSH the network game is this server's.", false
					break
				}
				s.startEdit()
			case rowName:
				s.startEdit()
			case rowKeys:
				s.note, s.bad = keysNote(s.c.cfg.Keys), false
				if s.c.cfg.Connect != nil {
					s.note = "Over SSH every player has the game's own keys: a keymap file is for the game on your own machine."
				}
			default:
				return screen.Stay, s.step(+1)
			}
		}
	}
	return screen.Stay, nil
}

// keysNote says what the keymap file is for.
func keysNote(path string) string {
	if path == "" {
		return "The keys here are the game's own: there is no keymap file."
	}
	return "Edit " + path + " to change the keys (see docs/guide.md); the game reads it when it starts."
}

// keysNoteShort is keysNote in the fewest words, for a small terminal.
func keysNoteShort(path string) string { return "Edit " + path + " to change the keys." }

// startEdit opens the text of the row for typing.
func (s *settingsScreen) startEdit() {
	s.editing, s.note = true, ""
	if s.row == rowName {
		s.input = screen.Input{Limit: saves.MaxNameWidth}
		s.input.SetValue(s.set.Name)
	} else {
		s.input = screen.Input{Limit: 255}
		s.input.SetValue(s.set.Server)
	}
	s.input.Focus()
}

// edit types into the open text: Enter keeps it, Esc leaves it as it was.
func (s *settingsScreen) edit(msg tea.KeyMsg) (screen.Nav, tea.Cmd) {
	switch msg.Type {
	case tea.KeyEsc:
		s.editing = false
		return screen.Stay, nil
	case tea.KeyEnter:
		v := strings.TrimSpace(s.input.Value())
		if s.row == rowServer && strings.ContainsAny(v, " \t") {
			s.note, s.bad = "Write the server as host:port, without spaces.", true
			return screen.Stay, nil
		}
		s.editing = false
		if s.row == rowName {
			s.set.Name = saves.CleanName(v)
		} else {
			s.set.Server = v
		}
		return screen.Stay, s.apply()
	}
	s.input.Update(msg)
	return screen.Stay, nil
}

// step changes the palette or the layout to the next (d +1) or previous
// (d -1) choice.
func (s *settingsScreen) step(d int) tea.Cmd {
	var choices []string
	var v *string
	switch s.row {
	case rowPalette:
		choices, v = screen.PaletteNames, &s.set.Palette
	case rowLayout:
		choices, v = layouts, &s.set.Layout
	default:
		return nil
	}
	i := 0
	for k, c := range choices {
		if c == *v {
			i = k
		}
	}
	*v = choices[(i+d+len(choices))%len(choices)]
	return s.apply()
}

// apply makes the settings take effect in this run and writes them.
func (s *settingsScreen) apply() tea.Cmd {
	c := s.c
	if s.set.Name != "" {
		c.cfg.Name = s.set.Name
	}
	if s.set.Server != "" {
		c.cfg.Server = s.set.Server
	}
	c.cfg.Accessible = s.set.Accessible()
	if s.set.Palette != c.cfg.Palette {
		c.cfg.Palette = s.set.Palette
		st := screen.NewStylesWith(c.st.Renderer, screen.ChoosePalette(s.set.Palette, c.cfg.AskDark))
		c.st, c.Context.Styles = st, st
	}
	c.cfg.Saved = s.set
	c.games = gameList(c)
	path, set := c.cfg.Settings, s.set
	if path == "" {
		s.note, s.bad = "These settings last until you quit: there is no settings file here.", false
		return nil
	}
	var cmd tea.Cmd
	s.seq, cmd = c.settingsOut.save(path, set)
	return cmd
}

// paletteValue is how the palette row reads: the setting, and the
// palette in use when auto picked it or a flag (or MINOTAUR_PALETTE) chose
// another for this run.
func (s *settingsScreen) paletteValue() string {
	v := s.set.Palette
	if v == "" {
		v = screen.PaletteAuto
	}
	switch now := s.c.st.Palette.Name; {
	case s.c.cfg.Palette != s.set.Palette && now != v:
		v += " (now " + now + ")"
	case s.c.st.Mono:
		// NO_COLOR, CLICOLOR=0 or a terminal without colour: the
		// palette is kept for another run, and changes nothing here.
		v += " (no colour here)"
	case v == screen.PaletteAuto:
		v += " (" + now + ")"
	}
	return v
}

// View draws the rows in a box, the note and the keys under them.
func (s *settingsScreen) View() string {
	c, st := s.c.Context, s.c.st
	w := c.DialogWidth()
	const labelW = 9
	valueW := max(w-labelW-3, 8)
	name := s.set.Name
	if name == "" {
		name = s.c.cfg.Name + " (your user name)"
	}
	server := s.set.Server
	switch {
	case s.c.cfg.Connect != nil:
		server = "this server"
	case server == "":
		server = defaultServer + " (default)"
	}
	layout := s.set.Layout
	if layout == "" {
		layout = saves.LayoutStandard
	}
	keys := s.c.cfg.Keys
	if keys == "" {
		keys = "the game's own"
	}
	values := [numRows]string{
		rowName: name, rowPalette: "‹ " + s.paletteValue() + " ›", rowLayout: "‹ " + layout + " ›",
		rowKeys: keys, rowServer: server,
	}
	labels := [numRows]string{rowName: "Name", rowPalette: "Palette", rowLayout: "Layout", rowKeys: "Keys", rowServer: "Server"}
	var rows []string
	for i := range numRows {
		v := values[i]
		if ansi.StringWidth(v) > valueW {
			// A narrow terminal: the explanation in brackets goes first.
			if k := strings.Index(v, " ("); k > 0 {
				v = v[:k]
			}
		}
		v = fitLeft(v, valueW)
		if s.editing && i == s.row {
			v = s.input.View(valueW)
		}
		line := fmt.Sprintf("%-*s %s", labelW, labels[i], v)
		if i == s.row {
			rows = append(rows, "> "+st.Selected.Render(fmt.Sprintf("%-*s", labelW, labels[i]))+" "+v)
		} else {
			rows = append(rows, "  "+line)
		}
	}
	hint := "↑↓ choose · ←→ change · Enter edit · Esc back"
	if s.editing {
		hint = "type · Enter keep · Esc cancel"
	}
	if ansi.StringWidth(hint) > w {
		hint = "↑↓ · ←→ change · Enter · Esc back"
	}
	hint = screen.Wrap(hint, w)
	var note string
	if s.note != "" {
		style := st.Good
		if s.bad {
			style = st.Warn
		}
		note = screen.Wrap(s.note, w)
		// The box fits the terminal: its title and rows (with the
		// border, numRows+3 lines) and the keys first; a note too long
		// for the rest keeps its end when it is a path, else its start.
		room := max(c.Height-numRows-3-strings.Count(hint, "\n")-1, 1)
		if short := keysNoteShort(s.c.cfg.Keys); s.note == keysNote(s.c.cfg.Keys) && strings.Count(note, "\n") >= room {
			// The keymap file's path whole before the rest of the words.
			note = screen.Wrap(short, w)
		}
		if lines := strings.Split(note, "\n"); len(lines) > room {
			if !s.bad && strings.HasPrefix(s.note, "Saved in ") {
				note = "Saved in " + fitLeft(s.c.cfg.Settings, w-len("Saved in "))
			} else {
				lines = lines[:room]
				lines[room-1] = screen.Fit(lines[room-1]+" …", w)
				note = strings.Join(lines, "\n")
			}
		}
		note = style.Render(note)
	}
	return c.Dialog(st.Title.Render("Settings"), strings.Join(rows, "\n"), note, st.Faint.Render(hint))
}

// fitLeft cuts s to w columns, keeping its end (a path's file name).
func fitLeft(s string, w int) string {
	if ansi.StringWidth(s) <= w {
		return s
	}
	return "…" + ansi.TruncateLeft(s, ansi.StringWidth(s)-w+1, "")
}
