package screen

import tea "github.com/charmbracelet/bubbletea"

// Root is the root of a program's screens: it owns the stack of screens,
// handles the keys that work everywhere (Ctrl+C) and the terminal's size
// (which it keeps in its Context), and routes every other message to the
// screen on top, carrying out the screen changes the screens ask for.
type Root struct {
	c     *Context
	Stack []Screen
	// farewell is what the player must still be told when the program
	// ends (see Farewell).
	farewell string
}

// NewRoot is the root of the screens on c, first shown.
func NewRoot(c *Context, first Screen) *Root { return &Root{c: c, Stack: []Screen{first}} }

// Farewell is a sentence for the front end to print once the program has
// ended — that the replay of the game quit last could not be written, and
// what to do — or "".
func (m *Root) Farewell() string { return m.farewell }

// Init starts the first screen.
func (m *Root) Init() tea.Cmd { return m.Top().Init() }

// Top is the screen on top.
func (m *Root) Top() Screen { return m.Stack[len(m.Stack)-1] }

// game returns the screen of the game in the stack (a Game), if
// any: the root asks it before the program ends.
func (m *Root) game() Game {
	for i := len(m.Stack) - 1; i >= 0; i-- {
		if g, ok := m.Stack[i].(Game); ok {
			return g
		}
	}
	return nil
}

// Update routes a message, and carries out the screen change that the
// screen's Update returns.
func (m *Root) Update(msg tea.Msg) tea.Cmd {
	switch msg := msg.(type) {
	case tea.WindowSizeMsg:
		// Every screen of the stack gets the new size: a game's screen
		// stops what walks on by itself (a trip over the map) when the
		// terminal becomes too small to see it.
		m.c.Width, m.c.Height = msg.Width, msg.Height
		var cmds []tea.Cmd
		var navs []Nav
		for _, s := range m.Stack {
			n, cmd := s.Update(msg)
			cmds, navs = append(cmds, cmd), append(navs, n)
		}
		for _, n := range navs {
			cmds = append(cmds, m.apply(n))
		}
		return tea.Batch(cmds...)
	case tea.KeyMsg:
		if msg.Type == tea.KeyCtrlC {
			n, cmd := m.interrupt()
			return tea.Batch(cmd, m.apply(n))
		}
		if m.c.TooSmall() && msg.Type != tea.KeyEsc {
			// The screen cannot be seen: no key may act on it unseen
			// (Esc still opens the pause menu or goes back).
			return nil
		}
		if msg.Type == tea.KeyRunes && len(msg.Runes) > 1 && !msg.Paste {
			return m.typed(msg)
		}
	case tea.MouseMsg:
		if m.c.TooSmall() {
			return nil
		}
	case QuitMsg:
		return tea.Quit
	case EndedMsg:
		// A replay that could not be written is told on the screen that
		// shows it (the menu, a game's end screen), else once the
		// program has ended (Farewell).
		if _, tells := m.Top().(EndTeller); !tells {
			if msg.Err != nil {
				m.farewell = ReplayFailed(msg.Err)
			}
		}
	}
	if s := m.owner(msg); s != nil {
		// A game's report while help, the pause menu or a level's
		// score is shown: the screen whose session it is takes it (and
		// waits for the next), instead of the screen on top dropping it.
		n, cmd := s.Update(msg)
		return tea.Batch(cmd, m.apply(n))
	}
	n, cmd := m.Top().Update(msg)
	return tea.Batch(cmd, m.apply(n))
}

// owner returns the screen under the top one that owns msg, or nil.
func (m *Root) owner(msg tea.Msg) Screen {
	for i := len(m.Stack) - 2; i >= 0; i-- {
		if b, ok := m.Stack[i].(Background); ok && b.Owns(msg) {
			return m.Stack[i]
		}
	}
	return nil
}

// apply carries out a screen change and returns the new screen's Init
// command.
func (m *Root) apply(n Nav) tea.Cmd {
	switch n.Op {
	case OpPush:
		m.Stack = append(m.Stack, n.To)
		return n.To.Init()
	case OpPop:
		if len(m.Stack) > 1 {
			m.Stack = m.Stack[:len(m.Stack)-1]
		}
	case OpReplace:
		m.Stack = []Screen{n.To}
		return n.To.Init()
	}
	return nil
}

// typed handles several runes that arrived together (fast typing, or keys
// sent by a script) one at a time. When a key starts a command (a screen
// change, a save), the rest waits until that command has reported.
func (m *Root) typed(msg tea.KeyMsg) tea.Cmd {
	for i, r := range msg.Runes {
		one := tea.KeyMsg{Type: tea.KeyRunes, Runes: []rune{r}, Alt: msg.Alt}
		cmd := m.Update(one)
		if cmd != nil && i+1 < len(msg.Runes) {
			rest := tea.KeyMsg{Type: tea.KeyRunes, Runes: msg.Runes[i+1:], Alt: msg.Alt}
			return tea.Sequence(cmd, func() tea.Msg { return rest })
		}
		if cmd != nil {
			return cmd
		}
	}
	return nil
}

// interrupt handles Ctrl+C: the game in the stack decides (it asks first
// when it has unsaved progress, a second Ctrl+C quits); with no game the
// program quits.
func (m *Root) interrupt() (Nav, tea.Cmd) {
	if g := m.game(); g != nil {
		return g.Interrupt(m.Top())
	}
	return Stay, tea.Quit
}

// Hangup saves what a player who is gone would lose (the terminal
// closed, the connection dropped, the server is stopping), then quits.
func (m *Root) Hangup() tea.Cmd {
	if g := m.game(); g != nil {
		if save := g.Hangup(); save != nil {
			return tea.Sequence(save, Quit)
		}
	}
	return tea.Quit
}

// View draws the screen on top; the cell its cursor mark stood on is
// kept in the Context (Cursor).
func (m *Root) View() string {
	if m.c.TooSmall() {
		m.c.Cursor = CursorAt{}
		return m.c.TooSmallView()
	}
	v, x, y, ok := TakeCursor(m.Top().View())
	m.c.Cursor = CursorAt{X: x, Y: y, On: ok}
	return v
}
