package screen

import tea "github.com/charmbracelet/bubbletea"

// Screen is one page of the interface. The root model routes messages to
// the screen on top of its stack. A screen never changes the stack itself:
// its Update returns a Nav, the change it asks for (Stay, Push, Pop or
// Replace), and the root carries it out before the next message.
type Screen interface {
	Init() tea.Cmd
	Update(msg tea.Msg) (Nav, tea.Cmd)
	View() string
}

// Nav is a screen change that a screen's Update asks of the root. The zero
// value, Stay, changes nothing.
type Nav struct {
	Op Op
	To Screen // the screen to show, for OpPush and OpReplace
}

// Op is what a Nav does to the stack of screens.
type Op int

// The screen changes.
const (
	OpStay    Op = iota // keep the current screen
	OpPush              // show To above the current screen
	OpPop               // back to the screen below
	OpReplace           // forget every screen and show To
)

// Stay keeps the current screen.
var Stay = Nav{}

// Push shows s above the current screen. The root applies a change as soon
// as the screen's Update returns, so that keys typed right after (by a
// fast player or a script) reach the new screen, not the old one.
func Push(s Screen) Nav { return Nav{OpPush, s} }

// Pop goes back to the screen below.
func Pop() Nav { return Nav{Op: OpPop} }

// Replace forgets every screen and shows s.
func Replace(s Screen) Nav { return Nav{OpReplace, s} }

// QuitMsg ends the program once the commands before it have run (a save,
// a replay): a screen returns tea.Sequence(save, func() tea.Msg { return
// QuitMsg{} }) where tea.Quit would not wait.
type QuitMsg struct{}

// Quit is the command that reports QuitMsg.
func Quit() tea.Msg { return QuitMsg{} }

// Background is a screen that keeps receiving what it waits for (the
// computer's move worked out in a command) while another screen, such as
// the pause menu, is shown above it: the root hands it the messages it
// Owns instead of giving them to the screen on top, which would drop them.
type Background interface {
	Screen
	Owns(msg tea.Msg) bool
}

// Game is a game screen whose player could lose something when the program
// ends: the root finds it in the stack and asks it before it quits.
type Game interface {
	Screen
	// Interrupt handles Ctrl+C while the game is in the stack and top is
	// shown: it asks first when the game has unsaved progress (a second
	// Ctrl+C quits), else it quits (a tea.Quit or Quit command).
	Interrupt(top Screen) (Nav, tea.Cmd)
	// Hangup returns what keeps the game of a player who is gone (its
	// save), or nil when nothing would be lost; the root quits after it.
	Hangup() tea.Cmd
}

// EndedMsg reports that a game's session has ended: Replay is the replay
// file written (for a local game), Err what went wrong. The main menu and
// the screens that are EndTellers tell Err; on any other screen the root
// keeps it to tell once the program has ended. Summary is the run summary
// written beside the replay, or SummaryErr why it was not (the replay is
// kept all the same).
type EndedMsg struct {
	Replay     string
	Err        error
	Summary    string
	SummaryErr error
}

// EndTeller is a screen that tells the player an EndedMsg's Err itself
// (a game's end screen).
type EndTeller interface {
	Screen
	TellsEnded()
}
