package screen

import (
	"fmt"
	"strings"

	"github.com/charmbracelet/bubbles/key"
	tea "github.com/charmbracelet/bubbletea"
)

// Menu is a short list of choices with a cursor that wraps around, moved
// with MenuKeys.
type Menu struct {
	Items  []string
	Cursor int
}

// Move moves the cursor on an Up or Down key and reports whether k was one.
func (m *Menu) Move(k tea.KeyMsg) bool {
	n := len(m.Items)
	switch {
	case n == 0:
		return false
	case key.Matches(k, MenuKeys.Up):
		m.Cursor = (m.Cursor + n - 1) % n
	case key.Matches(k, MenuKeys.Down):
		m.Cursor = (m.Cursor + 1) % n
	default:
		return false
	}
	return true
}

// View draws the items one a line, each padded to w columns, the one
// under the cursor marked with "> " and the Selected style.
func (m *Menu) View(st *Styles, w int) string {
	lines := make([]string, len(m.Items))
	for i, l := range m.Items {
		if i == m.Cursor {
			lines[i] = "> " + st.Selected.Render(fmt.Sprintf("%-*s", w, l))
		} else {
			lines[i] = "  " + fmt.Sprintf("%-*s", w, l)
		}
	}
	return strings.Join(lines, "\n")
}
