package screen

import (
	"unicode"

	tea "github.com/charmbracelet/bubbletea"
	"github.com/charmbracelet/x/ansi"
)

// Input is a one-line text field: typing, Backspace, Ctrl+U to clear.
//
// It is not bubbles' textinput, for a measured reason: textinput v1.0.0
// imports github.com/atotto/clipboard, a module this one does not require
// (it is not in go.sum), for Ctrl+V — and over SSH that would paste the
// clipboard of the server's machine (shelling out to xclip or xsel there),
// not the player's. Pasted text reaches the game as a paste event, which
// the field ignores, as it did before.
type Input struct {
	Prompt string
	Limit  int // most runes kept
	value  []rune
	focus  bool
}

// SetValue replaces the text.
func (l *Input) SetValue(s string) {
	l.value = []rune(s)
	if l.Limit > 0 && len(l.value) > l.Limit {
		l.value = l.value[:l.Limit]
	}
}

// Value returns the text.
func (l *Input) Value() string { return string(l.value) }

// Focus shows the cursor; Blur hides it.
func (l *Input) Focus() { l.focus = true }

// Blur hides the cursor.
func (l *Input) Blur() { l.focus = false }

// Update edits the text with a key.
func (l *Input) Update(msg tea.KeyMsg) {
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

func (l *Input) insert(r rune) {
	if l.Limit > 0 && len(l.value) >= l.Limit {
		return
	}
	l.value = append(l.value, r)
}

// View draws the prompt, the text (its end when it is wider than w) and the
// cursor.
func (l *Input) View(w int) string {
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
