package tui

import (
	"unicode"

	tea "github.com/charmbracelet/bubbletea"
	"github.com/charmbracelet/x/ansi"
)

// lineInput is a one-line text field: typing, Backspace, Ctrl+U to clear.
// (bubbles' textinput would pull in a clipboard module the game does not
// need.)
type lineInput struct {
	Prompt string
	Limit  int // most runes kept
	value  []rune
	focus  bool
}

// SetValue replaces the text.
func (l *lineInput) SetValue(s string) {
	l.value = []rune(s)
	if l.Limit > 0 && len(l.value) > l.Limit {
		l.value = l.value[:l.Limit]
	}
}

// Value returns the text.
func (l *lineInput) Value() string { return string(l.value) }

// Focus shows the cursor; Blur hides it.
func (l *lineInput) Focus() { l.focus = true }

// Blur hides the cursor.
func (l *lineInput) Blur() { l.focus = false }

// Update edits the text with a key.
func (l *lineInput) Update(msg tea.KeyMsg) {
	switch msg.Type {
	case tea.KeyBackspace, tea.KeyCtrlH:
		if len(l.value) > 0 {
			l.value = l.value[:len(l.value)-1]
		}
	case tea.KeyCtrlU:
		l.value = l.value[:0]
	case tea.KeySpace:
		l.insert(' ')
	case tea.KeyRunes:
		if msg.Paste {
			break
		}
		for _, r := range msg.Runes {
			if unicode.IsPrint(r) {
				l.insert(r)
			}
		}
	}
}

func (l *lineInput) insert(r rune) {
	if l.Limit > 0 && len(l.value) >= l.Limit {
		return
	}
	l.value = append(l.value, r)
}

// View draws the prompt, the text (its end when it is wider than w) and the
// cursor.
func (l *lineInput) View(w int) string {
	s := string(l.value)
	room := w - ansi.StringWidth(l.Prompt) - 1
	if room > 0 && ansi.StringWidth(s) > room {
		s = ansi.TruncateLeft(s, ansi.StringWidth(s)-room, "")
	}
	if l.focus {
		s += "_"
	}
	return l.Prompt + s
}
