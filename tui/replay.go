package tui

import (
	"fmt"
	"time"

	"github.com/charmbracelet/bubbles/key"
	tea "github.com/charmbracelet/bubbletea"

	"github.com/minotaur-game/minotaur/engine"
	"github.com/minotaur-game/minotaur/saves"
)

// replaySpeeds are the viewer's delays between moves, slowest first.
var replaySpeeds = []struct {
	delay time.Duration
	label string
}{
	{time.Second, "1 move/s"}, {500 * time.Millisecond, "2 moves/s"}, {250 * time.Millisecond, "4 moves/s"},
	{125 * time.Millisecond, "8 moves/s"}, {60 * time.Millisecond, "16 moves/s"}, {30 * time.Millisecond, "33 moves/s"},
}

// replayKeyMap is the viewer's keys. Its FullHelp rows are the key hints
// at the foot of the side panel, its ShortHelp the hints under the map.
type replayKeyMap struct {
	Pause, Step, Faster, Slower, Quit key.Binding
	// Speed is Faster and Slower as one hint; it is never matched.
	Speed key.Binding
}

var replayKeys = replayKeyMap{
	Pause:  key.NewBinding(key.WithKeys(" ", "p", "P"), key.WithHelp("Space", "pause")),
	Step:   key.NewBinding(key.WithKeys("right", "l", "L", "n", "N", "."), key.WithHelp("→", "step")),
	Faster: key.NewBinding(key.WithKeys("+", "="), key.WithHelp("+", "faster")),
	Slower: key.NewBinding(key.WithKeys("-", "_"), key.WithHelp("-", "slower")),
	Quit:   key.NewBinding(key.WithKeys("q", "Q", "esc", "ctrl+c"), key.WithHelp("Q", "quit")),
	Speed:  key.NewBinding(key.WithKeys("+", "=", "-", "_"), key.WithHelp("+/-", "speed")),
}

// ShortHelp is the one line of hints under the map.
func (k replayKeyMap) ShortHelp() []key.Binding {
	return []key.Binding{k.Pause, k.Step, k.Speed, k.Quit}
}

// FullHelp is the hints of the side panel, one group a line.
func (k replayKeyMap) FullHelp() [][]key.Binding {
	return [][]key.Binding{{k.Pause, k.Step}, {k.Speed, k.Quit}}
}

// ReplayModel plays a recorded game back on screen, on the same board as
// play: Space pauses, → plays one move, + and - change the speed, Q quits.
type ReplayModel struct {
	c      *common
	pb     *saves.Playback
	b      *board
	speed  int
	paused bool
	gen    int    // the tick chain that is current; older ticks are ignored
	done   string // why the playback stopped, when it has
	hints  hintCache
	// narrator words the events for seat 1, as its player saw them.
	narrator engine.Narrator
}

// NewReplay starts playing r back; levels are r.Levels parsed (nil for the
// generated campaign). st may be nil for the local terminal's styles.
func NewReplay(r saves.Replay, levels []engine.Level, st *Styles) (*ReplayModel, error) {
	pb, err := r.Start(levels)
	if err != nil {
		return nil, err
	}
	if st == nil {
		st = NewStyles(nil)
	}
	c := &common{st: st, w: 80, h: 24}
	m := &ReplayModel{c: c, pb: pb, speed: 2}
	m.b = newBoard(st, 1, pb.Game().View(1))
	players := pb.Game().Players()
	m.b.info = func() SessionInfo { return SessionInfo{Players: players} }
	m.narrator = engine.Narrator{Seat: 1, FirstPerson: true, Players: players}
	m.b.keys = m.keyHints
	m.b.welcome()
	m.status()
	return m, nil
}

// keyHints are the viewer's key hints, from replayKeys through bubbles'
// help; under the map they follow the status line.
func (m *ReplayModel) keyHints(w int) ([]string, pline) {
	st := m.c.st
	side, under := m.hints.get(w, 0, func() ([]string, string) {
		h := keyHelp(st, "  ", false)
		var side []string
		for _, row := range replayKeys.FullHelp() {
			side = append(side, fit(h.ShortHelpView(row), w))
		}
		return side, keyHelp(st, " · ", true).ShortHelpView(replayKeys.ShortHelp())
	})
	return side, pline{st.text.warn, cut(m.b.status+"  "+under, w)}
}

// replayTick asks for the next move of tick chain gen.
type replayTick struct{ gen int }

func (m *ReplayModel) tick() tea.Cmd {
	gen := m.gen
	return tea.Tick(replaySpeeds[m.speed].delay, func(time.Time) tea.Msg { return replayTick{gen} })
}

// Init starts playing.
func (m *ReplayModel) Init() tea.Cmd { return m.tick() }

// status refreshes the panel's replay line.
func (m *ReplayModel) status() {
	played, total := m.pb.Progress()
	s := fmt.Sprintf("Replay %d/%d  %s", played, total, replaySpeeds[m.speed].label)
	switch {
	case m.done != "":
		s = fmt.Sprintf("Replay %d/%d  %s", played, total, m.done)
	case m.paused:
		s += "  PAUSED"
	}
	m.b.status = s
	m.b.touch()
}

// step plays one move; at the end, or on a move the game refuses, it stops.
func (m *ReplayModel) step() {
	if m.done != "" {
		return
	}
	if m.pb.Done() {
		m.finish(nil)
		return
	}
	st, err := m.pb.Step()
	if err != nil {
		m.finish(err)
		return
	}
	m.b.play(st.Events, m.pb.Game().View(1), m.narrator)
	if m.pb.Done() {
		m.finish(nil)
	}
}

// finish says how the replay ended.
func (m *ReplayModel) finish(err error) {
	g := m.pb.Game()
	switch {
	case err != nil:
		m.done = "stopped"
		m.b.say("The replay stops: " + err.Error() + ".")
	case g.Result() == engine.Won:
		m.done = "the end: won"
		m.b.say(fmt.Sprintf("The end: won with %d points. Q quits.", g.Score()))
	case g.Result() == engine.Lost:
		m.done = "the end: lost"
		m.b.say(fmt.Sprintf("The end: lost on level %d with %d points. Q quits.", g.LevelNumber(), g.Score()))
	default:
		m.done = "the end: in progress"
		m.b.say("The recording ends here (the game was left unfinished). Q quits.")
	}
	m.paused = true
	m.status()
}

// Update handles the keys and the ticks.
func (m *ReplayModel) Update(msg tea.Msg) (tea.Model, tea.Cmd) {
	switch msg := msg.(type) {
	case tea.WindowSizeMsg:
		m.c.w, m.c.h = msg.Width, msg.Height
	case replayTick:
		if msg.gen != m.gen || m.paused {
			return m, nil
		}
		m.step()
		m.status()
		if m.paused {
			return m, nil
		}
		return m, m.tick()
	case tea.KeyMsg:
		switch {
		case key.Matches(msg, replayKeys.Quit):
			return m, tea.Quit
		case key.Matches(msg, replayKeys.Pause):
			if m.done != "" {
				return m, nil
			}
			m.paused = !m.paused
			m.gen++
			m.status()
			if !m.paused {
				return m, m.tick()
			}
		case key.Matches(msg, replayKeys.Step):
			m.paused = true
			m.gen++
			m.step()
			m.status()
		case key.Matches(msg, replayKeys.Faster):
			m.speed = min(m.speed+1, len(replaySpeeds)-1)
			m.status()
		case key.Matches(msg, replayKeys.Slower):
			m.speed = max(m.speed-1, 0)
			m.status()
		}
	}
	return m, nil
}

// View draws the game as it stands in the replay.
func (m *ReplayModel) View() string {
	if m.c.tooSmall() {
		return m.c.tooSmallView()
	}
	return m.b.View(m.c.w, m.c.h)
}
