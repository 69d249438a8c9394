package foxhunt

import (
	"fmt"
	"strings"
	"time"

	tea "github.com/charmbracelet/bubbletea"

	"github.com/minotaur-game/minotaur/foxnet"
	"github.com/minotaur-game/minotaur/tui/screen"
)

// The local match's choices.
var (
	botChoices   = []int{1, 2, 3, 4, 5, 6, 7}
	roundChoices = []int{50, 100, 200}
)

// LocalTimeout is a round's timeout in the menu's local match: long
// enough for a person (the bots answer at once, so a round ends as soon as
// the person has moved).
const LocalTimeout = 5 * time.Second

// NewMenu is the main menu's "Fox hunt": a local match, a person against
// computer players, its server in process.
func NewMenu(c *screen.Context) screen.Screen { return &setupScreen{c: c, bots: 2, rounds: 1} }

// setupScreen asks how many bots and how many rounds.
type setupScreen struct {
	c      *screen.Context
	row    int // 0 bots, 1 rounds
	bots   int // index into botChoices
	rounds int // index into roundChoices
}

func (s *setupScreen) Init() tea.Cmd { return nil }

func (s *setupScreen) Update(msg tea.Msg) (screen.Nav, tea.Cmd) {
	k, ok := msg.(tea.KeyMsg)
	if !ok {
		return screen.Stay, nil
	}
	switch strings.ToLower(k.String()) {
	case "esc", "q":
		return screen.Replace(s.c.Home()), nil
	case "up", "w", "k":
		s.row = (s.row + 1) % 2
	case "down", "s", "j", "tab":
		s.row = (s.row + 1) % 2
	case "left", "a", "h":
		s.step(-1)
	case "right", "d", "l":
		s.step(+1)
	case "enter", " ":
		return screen.Replace(s.start()), nil
	}
	return screen.Stay, nil
}

func (s *setupScreen) step(d int) {
	if s.row == 0 {
		s.bots = (s.bots + d + len(botChoices)) % len(botChoices)
	} else {
		s.rounds = (s.rounds + d + len(roundChoices)) % len(roundChoices)
	}
}

// start opens the game screen on a local match.
func (s *setupScreen) start() screen.Screen {
	n := botChoices[s.bots]
	cfg := foxnet.Config{Players: n + 1, Bots: n, Rounds: roundChoices[s.rounds], W: foxnet.DefaultSize, H: foxnet.DefaultSize,
		Timeout: LocalTimeout, Seed: s.c.Seed(), StartDelay: 50 * time.Millisecond, Pause: 2 * time.Second,
		SilentRounds: -1} // a person thinking at their own screen keeps the seat
	m := New(Options{Mode: Play, Local: &cfg, Name: "you", Renderer: s.c.Styles.Renderer, Mono: s.c.Styles.Mono, Now: s.c.Now, Embedded: true})
	return &gameScreen{c: s.c, m: m}
}

func (s *setupScreen) View() string {
	if s.c.TooSmall() {
		return s.c.TooSmallView()
	}
	st := s.c.Styles
	line := func(i int, label, value string) string {
		t := fmt.Sprintf("%-8s ◀ %-4s ▶", label, value)
		if i == s.row {
			return st.Selected.Render(t)
		}
		return t
	}
	body := strings.Join([]string{
		line(0, "Bots", fmt.Sprint(botChoices[s.bots])),
		line(1, "Rounds", fmt.Sprint(roundChoices[s.rounds])),
	}, "\n")
	about := screen.Wrap("You against computer players on a 20×20 map. One player is the fox and scores every round; catch it to become the fox.", s.c.DialogWidth())
	keys := st.Faint.Render(screen.Wrap("↑↓ choose  ←→ change  Enter play  Esc back", s.c.DialogWidth()))
	return s.c.Dialog(st.Title.Render("Fox hunt"), about, body, keys)
}

// gameScreen is the play screen in the main program's stack.
type gameScreen struct {
	c *screen.Context
	m *Model
}

func (g *gameScreen) Init() tea.Cmd {
	g.m.w, g.m.h = g.c.Width, g.c.Height
	return g.m.Init()
}

func (g *gameScreen) Update(msg tea.Msg) (screen.Nav, tea.Cmd) {
	_, cmd := g.m.Update(msg)
	if g.m.leaving {
		return screen.Replace(g.c.Home()), cmd
	}
	return screen.Stay, cmd
}

func (g *gameScreen) View() string {
	g.m.w, g.m.h = g.c.Width, g.c.Height
	if g.c.TooSmall() {
		return g.c.TooSmallView()
	}
	return g.m.View()
}

// Interrupt (Ctrl+C) ends the local match and the program: nothing is
// kept of a match.
func (g *gameScreen) Interrupt(top screen.Screen) (screen.Nav, tea.Cmd) {
	return screen.Stay, tea.Sequence(g.m.closeCmd(), tea.Quit)
}

// Hangup: nothing to keep.
func (g *gameScreen) Hangup() tea.Cmd { return g.m.closeCmd() }
