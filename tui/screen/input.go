package screen

import (
	"strings"
	"unicode"

	tea "github.com/charmbracelet/bubbletea"
	"github.com/charmbracelet/x/ansi"
)

// Input is a one-line text field, the one every text field of the program
// uses (server address, name, chat, seed, the Labyrinth's answers): typing
// and pasting (the terminal's bracketed paste: what the player's own
// terminal sends) at the cursor, ← → Home End (and Ctrl+A, Ctrl+E) to
// move, Backspace and Delete, Ctrl+W to delete the word before the cursor,
// Ctrl+U to clear.
//
// It is not bubbles' textinput, for a measured reason: textinput v1.0.0
// imports github.com/atotto/clipboard, a module this one does not require
// (it is not in go.sum), for Ctrl+V — and over SSH that would paste the
// clipboard of the server's machine (shelling out to xclip or xsel there),
// not the player's. This field never reads a clipboard: a paste arrives
// as the text the player's terminal sends.
type Input struct {
	Prompt string
	Limit  int // most runes kept
	value  []rune
	pos    int // the cursor: the index of the rune it stands before
	focus  bool
}

// SetValue replaces the text and puts the cursor at its end.
func (l *Input) SetValue(s string) {
	l.value = []rune(s)
	if l.Limit > 0 && len(l.value) > l.Limit {
		l.value = l.value[:l.Limit]
	}
	l.pos = len(l.value)
}

// Value returns the text.
func (l *Input) Value() string { return string(l.value) }

// Focus shows the cursor; Blur hides it.
func (l *Input) Focus() { l.focus = true }

// Blur hides the cursor.
func (l *Input) Blur() { l.focus = false }

// Update edits the text with a key.
func (l *Input) Update(msg tea.KeyMsg) {
	l.pos = min(max(l.pos, 0), len(l.value))
	switch msg.Type {
	case tea.KeyBackspace, tea.KeyCtrlH:
		if l.pos > 0 {
			l.value = append(l.value[:l.pos-1], l.value[l.pos:]...)
			l.pos--
		}
	case tea.KeyDelete, tea.KeyCtrlD:
		if l.pos < len(l.value) {
			l.value = append(l.value[:l.pos], l.value[l.pos+1:]...)
		}
	case tea.KeyCtrlU:
		l.value, l.pos = l.value[:0], 0
	case tea.KeyCtrlW:
		i := l.pos
		for i > 0 && unicode.IsSpace(l.value[i-1]) {
			i--
		}
		for i > 0 && !unicode.IsSpace(l.value[i-1]) {
			i--
		}
		l.value = append(l.value[:i], l.value[l.pos:]...)
		l.pos = i
	case tea.KeyLeft, tea.KeyCtrlB:
		l.pos = max(l.pos-1, 0)
	case tea.KeyRight, tea.KeyCtrlF:
		l.pos = min(l.pos+1, len(l.value))
	case tea.KeyHome, tea.KeyCtrlA:
		l.pos = 0
	case tea.KeyEnd, tea.KeyCtrlE:
		l.pos = len(l.value)
	case tea.KeySpace:
		l.insert(' ')
	case tea.KeyRunes:
		runes := msg.Runes
		if msg.Paste {
			// A pasted line break or tab is a space in a one-line field;
			// spaces around a pasted address or name are not meant.
			runes = []rune(strings.TrimSpace(strings.Map(func(r rune) rune {
				if r == '\n' || r == '\r' || r == '\t' {
					return ' '
				}
				return r
			}, string(runes))))
		}
		for _, r := range runes {
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
	l.value = append(l.value, 0)
	copy(l.value[l.pos+1:], l.value[l.pos:])
	l.value[l.pos] = r
	l.pos++
}

// View draws the prompt, the text and, while the field has the focus, the
// cursor: a _ at the end of the text, or the character under it in
// reverse video. Text wider than w is cut on the left so that the cursor
// stays in view.
func (l *Input) View(w int) string {
	pos := min(max(l.pos, 0), len(l.value))
	before, after := string(l.value[:pos]), string(l.value[pos:])
	room := w - ansi.StringWidth(l.Prompt) - 1
	if room > 0 && ansi.StringWidth(before) > room {
		before = ansi.TruncateLeft(before, ansi.StringWidth(before)-room, "")
	}
	if room > 0 {
		after = ansi.Truncate(after, max(room-ansi.StringWidth(before), 0), "")
	}
	if !l.focus {
		return l.Prompt + before + after
	}
	if after == "" {
		return l.Prompt + before + "_"
	}
	r := []rune(after)
	return l.Prompt + before + ansi.SGR(ansi.ReverseAttr) + string(r[0]) + ansi.SGR(ansi.NoReverseAttr) + string(r[1:])
}
