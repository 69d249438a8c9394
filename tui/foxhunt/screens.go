package foxhunt

import (
	"fmt"
	"strings"
	"time"

	tea "github.com/charmbracelet/bubbletea"

	"github.com/minotaur-game/minotaur/foxnet"
	"github.com/minotaur-game/minotaur/tui/keymap"
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
	case "?":
		return screen.Push(newHelp(s.c)), nil
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
	m := New(Options{Mode: Play, Local: &cfg, Name: "you", Renderer: s.c.Styles.Renderer, Mono: s.c.Styles.Mono, Palette: s.c.Styles.Palette, Now: s.c.Now, Embedded: true})
	return &gameScreen{c: s.c, m: m, setup: *s}
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
	keys := st.Faint.Render(screen.Wrap("↑↓ choose  ←→ change  Enter play  ? help  Esc back", s.c.DialogWidth()))
	return s.c.Dialog(st.Title.Render("Fox hunt"), about, body, keys)
}

// gameScreen is the play screen of a local match in the main program's
// stack. It answers the keys of every game (docs/guide.md, "The same keys
// in every game"): ? and H the help, Esc and P the pause menu, Q leaves
// (asking once the match has begun), and the match ends on the end frame,
// where Enter plays again and Esc goes back to the Fox hunt's menu.
type gameScreen struct {
	c     *screen.Context
	m     *Model
	setup setupScreen // the choices it was started with (again, menu)
	ended bool        // the end frame is shown
	moved bool        // the player has sent a command in this match
	guard screen.KeyGuard
}

func (g *gameScreen) Init() tea.Cmd {
	g.m.w, g.m.h = g.c.Width, g.c.Height
	return g.m.Init()
}

func (g *gameScreen) Update(msg tea.Msg) (screen.Nav, tea.Cmd) {
	if k, ok := msg.(tea.KeyMsg); ok {
		return g.key(k)
	}
	if _, size := msg.(tea.WindowSizeMsg); g.ended && !size {
		return screen.Stay, nil // the match is over: no new one is played
	}
	_, cmd := g.m.Update(msg)
	if g.m.over && !g.ended {
		// the match is over: the end frame, and the local server ends
		// (no new match starts by itself)
		g.ended, g.guard = true, screen.NewKeyGuard(g.c.Now())
		return screen.Stay, tea.Batch(cmd, g.m.closeCmd())
	}
	return screen.Stay, cmd
}

func (g *gameScreen) key(k tea.KeyMsg) (screen.Nav, tea.Cmd) {
	if g.ended {
		if g.guard.Blocks(g.c.Now()) {
			return screen.Stay, nil
		}
		switch strings.ToLower(k.String()) {
		case "r": // again, as on every game's end frame (not Space: a round's key)
			again := g.setup
			return screen.Replace(again.start()), nil
		case "enter", "esc", "q", "m":
			return screen.Replace(g.Menu()), nil
		case "?", "h":
			return screen.Push(newHelp(g.c)), nil
		}
		return screen.Stay, nil
	}
	bombing := g.m.bomb
	switch {
	case k.Type == tea.KeyEsc && bombing:
		// Esc takes back a B before it pauses
	case keymap.Active().Is(keymap.FoxHunt, k, "help"):
		return screen.Push(newHelp(g.c)), nil
	case keymap.Active().Is(keymap.FoxHunt, k, "pause"):
		return screen.Push(screen.NewPause(g.c, g)), nil
	case keymap.Active().Is(keymap.FoxHunt, k, "quit"):
		if g.Unsaved() {
			p := screen.NewPause(g.c, g)
			p.AskLeave()
			return screen.Push(p), nil
		}
		return screen.Replace(g.Menu()), g.Leave()
	}
	_, cmd := g.m.Update(k)
	if g.m.sent != "" {
		g.moved = true
	}
	return screen.Stay, cmd
}

func (g *gameScreen) View() string {
	g.m.w, g.m.h = g.c.Width, g.c.Height
	if g.c.TooSmall() {
		return g.c.TooSmallView()
	}
	if g.ended {
		return g.endView()
	}
	return g.m.View()
}

// endView is the end frame: the result, why, the final table, and what
// to do next.
func (g *gameScreen) endView() string {
	m := g.m
	place, points := 0, 0
	for i, e := range m.final {
		if e.Name == m.r.Name {
			place, points = i+1, e.Points
		}
	}
	result := "Match over"
	switch {
	case place == 1:
		result = "You win the Fox hunt!"
	case place > 1:
		result = fmt.Sprintf("You placed %s of %d", ordinal(place), len(m.final))
	}
	rounds := 0
	if m.st != nil {
		rounds = m.st.Rounds
	}
	why := fmt.Sprintf("The %d rounds are played: you have %d points.", rounds, points)
	if len(m.final) > 0 && place > 1 {
		why = fmt.Sprintf("The %d rounds are played: you have %d points, %s has %d.", rounds, points, m.final[0].Name, m.final[0].Points)
	}
	body := []string{""}
	for i, e := range m.final {
		mark := "  "
		if e.Name == m.r.Name {
			mark = "> "
		}
		body = append(body, fmt.Sprintf("%s%2d. %-16s %7d", mark, i+1, e.Name, e.Points))
	}
	return screen.EndFrame(g.c, result, " · Fox hunt", why, body, screen.EndHints)
}

// ordinal is 1st, 2nd, 3rd, 4th …
func ordinal(n int) string {
	switch {
	case n%10 == 1 && n%100 != 11:
		return fmt.Sprintf("%dst", n)
	case n%10 == 2 && n%100 != 12:
		return fmt.Sprintf("%dnd", n)
	case n%10 == 3 && n%100 != 13:
		return fmt.Sprintf("%drd", n)
	}
	return fmt.Sprintf("%dth", n)
}

// Summary is the pause menu's line: the round and the player's points.
func (g *gameScreen) Summary() string {
	st := g.m.st
	if st == nil {
		return "Fox hunt · waiting for the match to start"
	}
	pts := 0
	if me := g.m.me(); me >= 0 {
		pts = st.Table[me].Points
	}
	return fmt.Sprintf("Fox hunt · round %d of %d · you: %d points · the rounds go on while paused", st.Round, st.Rounds, pts)
}

// Unsaved reports whether leaving would lose something: a match under
// way once the player has sent a command or a round has passed (a match
// cannot be saved).
func (g *gameScreen) Unsaved() bool {
	st := g.m.st
	return st != nil && !g.ended && (st.Round > 1 || g.moved)
}

// NoSave: a match cannot be saved.
func (g *gameScreen) NoSave() bool { return true }

// Save is never offered (NoSave).
func (g *gameScreen) Save() (tea.Cmd, error) {
	return nil, fmt.Errorf("a Fox hunt match cannot be saved")
}

// Saved is never called (NoSave).
func (g *gameScreen) Saved(screen.SavedMsg) {}

// Menu is the Fox hunt's menu, with the match's choices.
func (g *gameScreen) Menu() screen.Screen {
	s := g.setup
	return &s
}

// Leave ends the local match (its server and connection).
func (g *gameScreen) Leave() tea.Cmd { return g.m.closeCmd() }

// Owns takes the match's lines and clock while help or the pause menu is
// shown above it: the rounds go on.
func (g *gameScreen) Owns(msg tea.Msg) bool {
	switch msg.(type) {
	case connectedMsg, lineMsg, closedMsg, sentMsg, tickMsg:
		return true
	}
	return false
}

// Interrupt (Ctrl+C) asks first once the match has begun (a second
// Ctrl+C quits), else ends the local match and the program.
func (g *gameScreen) Interrupt(top screen.Screen) (screen.Nav, tea.Cmd) {
	if p, asking := top.(*screen.Pause); asking && p.Quitting() || !g.Unsaved() {
		return screen.Stay, tea.Sequence(g.m.closeCmd(), tea.Quit)
	}
	p := screen.NewPause(g.c, g)
	p.AskQuit()
	return screen.Push(p), nil
}

// Hangup: nothing to keep.
func (g *gameScreen) Hangup() tea.Cmd { return g.m.closeCmd() }
