package screen

import (
	"path/filepath"
	"slices"
	"strings"

	"github.com/charmbracelet/bubbles/key"
	tea "github.com/charmbracelet/bubbletea"
)

// Pausable is a game as its pause menu sees it.
type Pausable interface {
	// Summary is the line under PAUSED: the game, its field, its turn.
	Summary() string
	// Unsaved reports whether the game has progress not yet saved.
	Unsaved() bool
	// Save starts saving the game: its command reports a SavedMsg. An
	// error means the game could not even be written out.
	Save() (tea.Cmd, error)
	// Saved tells the game how its save went (its file, or that it is
	// unsaved again).
	Saved(SavedMsg)
	// Menu is the screen that Quit to menu goes to: the game's own menu.
	Menu() Screen
}

// Unsavable is a Pausable that cannot be saved: a game the server keeps,
// a Fox hunt match. Its pause menu offers no Save (one that could only
// fail), and leaving asks a plain yes or no when something would be lost.
type Unsavable interface {
	Pausable
	// NoSave reports whether the game cannot be saved now.
	NoSave() bool
}

// Leaver is a Pausable with something to end when it is left (a local
// server, a connection): Leave's command runs as the pause menu leaves.
type Leaver interface {
	Pausable
	Leave() tea.Cmd
}

// Pause is the pause menu of a game: Continue, Save, Quit to menu, with
// "unsaved progress: quit anyway?" before a quit would lose something.
// Nothing of any player's secrets shows on it, so a hot-seat game can be
// paused between turns.
type Pause struct {
	c       *Context
	g       Pausable
	menu    Menu
	note    string
	saving  bool
	quitAsk bool // "unsaved: quit anyway?"
	program bool // quitting leaves the program (Ctrl+C), not only the game
	noSave  bool // the game cannot be saved: no Save item
	opened  bool // opened on the question (Q, Ctrl+C): N goes back to the game
}

// NewPause returns the pause menu of g.
func NewPause(c *Context, g Pausable) *Pause {
	if u, ok := g.(Unsavable); ok && u.NoSave() {
		return &Pause{c: c, g: g, noSave: true, menu: Menu{Items: []string{"Continue", "Quit to menu"}}}
	}
	return &Pause{c: c, g: g, menu: Menu{Items: []string{"Continue", "Save", "Quit to menu"}}}
}

// AskQuit opens the menu on the question "quit without saving?", asked
// because of Ctrl+C: quitting then leaves the program.
func (p *Pause) AskQuit() {
	p.quitAsk, p.program, p.opened = true, true, true
}

// AskLeave opens the menu on the question whether to leave the game (Q
// in play): leaving then goes to the game's menu.
func (p *Pause) AskLeave() {
	p.quitAsk, p.opened = true, true
}

// Quitting reports whether the menu asks because of Ctrl+C (a second
// Ctrl+C then quits at once).
func (p *Pause) Quitting() bool { return p.program }

// Init does nothing.
func (p *Pause) Init() tea.Cmd { return nil }

// Update moves through Continue, Save, Quit to menu.
func (p *Pause) Update(msg tea.Msg) (Nav, tea.Cmd) {
	switch msg := msg.(type) {
	case SavedMsg:
		p.saving = false
		p.g.Saved(msg)
		if msg.Err != nil {
			p.note = SaveFailed(msg.Err)
			return Stay, nil
		}
		p.note = "Saved as " + filepath.Base(msg.Path) + "."
		if p.quitAsk {
			return p.leave()
		}
	case tea.KeyMsg:
		if p.saving {
			return Stay, nil
		}
		if p.quitAsk {
			switch strings.ToLower(msg.String()) {
			case "y":
				return p.leave()
			case "s":
				if p.noSave {
					return Stay, nil
				}
				return Stay, p.save()
			case "n", "esc":
				if p.opened {
					return Pop(), nil
				}
				p.quitAsk, p.note = false, ""
			}
			return Stay, nil
		}
		switch {
		case p.menu.Move(msg):
		case IsPause(msg):
			// the keys that opened the menu close it
			return Pop(), nil
		case key.Matches(msg, MenuKeys.Choose):
			return p.choose(p.menu.Items[p.menu.Cursor])
		case msg.String() == "c" || msg.String() == "C":
			return p.choose("Continue")
		case msg.String() == "q" || msg.String() == "Q":
			return p.choose("Quit to menu")
		}
	}
	return Stay, nil
}

// leave quits the game: to its menu, or out of the program.
func (p *Pause) leave() (Nav, tea.Cmd) {
	var end tea.Cmd
	if l, ok := p.g.(Leaver); ok {
		end = l.Leave()
	}
	if p.program {
		return Stay, tea.Sequence(end, Quit)
	}
	return Replace(p.g.Menu()), end
}

func (p *Pause) save() tea.Cmd {
	cmd, err := p.g.Save()
	if err != nil {
		p.note = "The game could not be saved: " + err.Error()
		return nil
	}
	p.saving, p.note = true, "Saving…"
	return cmd
}

func (p *Pause) choose(item string) (Nav, tea.Cmd) {
	p.menu.Cursor = max(slices.Index(p.menu.Items, item), 0)
	switch item {
	case "Continue":
		return Pop(), nil
	case "Save":
		return Stay, p.save()
	}
	if p.g.Unsaved() {
		p.quitAsk = true
		return Stay, nil
	}
	return p.leave()
}

// View draws the menu.
func (p *Pause) View() string {
	st := p.c.Styles
	tw := p.c.DialogWidth()
	note := p.note
	hint := st.Faint.Render(Wrap("↑/↓ Enter choose · Esc back to the game", tw))
	switch {
	case p.quitAsk && p.noSave:
		note, hint = "Leaving now ends this game: it cannot be saved. Y: leave · N: back", ""
	case p.quitAsk && !p.saving:
		// The question names its own keys.
		note, hint = "This game has unsaved progress. Y: quit without saving · S: save, then quit · N: back", ""
	case note == "" && p.g.Unsaved() && !p.noSave:
		note = "This game has unsaved progress."
	}
	title, summary, items := st.Title.Render("PAUSED"), Wrap(p.g.Summary(), tw), p.menu.View(st, 14)
	note = Wrap(note, tw)
	// On a short terminal the keys' hint gives way first, then the summary
	// keeps one line: the note (a failed save's advice) stays whole.
	if DialogHeight(title, summary, items, note, hint) > p.c.Height {
		hint = ""
	}
	if DialogHeight(title, summary, items, note, hint) > p.c.Height {
		summary = Fit(p.g.Summary(), tw)
	}
	return p.c.Dialog(title, summary, items, note, hint)
}
