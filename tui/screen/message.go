package screen

import (
	"strings"

	tea "github.com/charmbracelet/bubbletea"
)

// Message shows a sentence with a way back: to the screen below, or home
// to the main menu.
type Message struct {
	c      *Context
	title  string
	text   string
	toMenu bool // Enter returns to the menu (else to the screen below)
}

// NewMessage is a message titled title; toMenu: its keys go home to the
// main menu, else back to the screen below.
func NewMessage(c *Context, title, text string, toMenu bool) *Message {
	return &Message{c: c, title: title, text: text, toMenu: toMenu}
}

// Init does nothing.
func (m *Message) Init() tea.Cmd { return nil }

// Update leaves on Enter, Esc or Q.
func (m *Message) Update(msg tea.Msg) (Nav, tea.Cmd) {
	if k, ok := msg.(tea.KeyMsg); ok {
		switch strings.ToLower(k.String()) {
		case "enter", "esc", "q", " ":
			if m.toMenu {
				return Replace(m.c.Home()), nil
			}
			return Pop(), nil
		}
	}
	return Stay, nil
}

// View draws the message.
func (m *Message) View() string {
	st := m.c.Styles
	where := "back"
	if m.toMenu {
		where = "to the menu"
	}
	return m.c.Dialog(st.Title.Render(m.title), Wrap(m.text, m.c.DialogWidth()), st.Faint.Render("Enter or Esc: "+where))
}
