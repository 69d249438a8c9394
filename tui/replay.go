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

// replayKeys are the viewer's keys.
var replayKeys = struct {
	Pause, Step, Faster, Slower, Quit key.Binding
}{
	Pause:  key.NewBinding(key.WithKeys(" ", "p", "P"), key.WithHelp("Space", "pause")),
	Step:   key.NewBinding(key.WithKeys("right", "l", "L", "n", "N", "."), key.WithHelp("→", "one step")),
	Faster: key.NewBinding(key.WithKeys("+", "="), key.WithHelp("+", "faster")),
	Slower: key.NewBinding(key.WithKeys("-", "_"), key.WithHelp("-", "slower")),
	Quit:   key.NewBinding(key.WithKeys("q", "Q", "esc", "ctrl+c"), key.WithHelp("Q", "quit")),
}

// ReplayModel plays a recorded game back on screen, through the same game
// screen as play: Space pauses, → plays one move, + and - change the speed,
// Q quits.
type ReplayModel struct {
	c      *common
	pb     *saves.Playback
	g      *gameScreen
	speed  int
	paused bool
	gen    int // the tick chain that is current; older ticks are ignored
	total  int
}

// replaySession shows a playback's game to the game screen.
type replaySession struct{ pb *saves.Playback }

func (r replaySession) Seat() int                                 { return 1 }
func (r replaySession) View() engine.View                         { return r.pb.Game().View(1) }
func (r replaySession) Act(engine.Action) ([]engine.Event, error) { return nil, engine.ErrGameOver }
func (r replaySession) Next() tea.Cmd                             { return nil }
func (r replaySession) Info() SessionInfo                         { return SessionInfo{Players: r.pb.Game().Players()} }
func (r replaySession) Say(string) error                          { return nil }
func (r replaySession) Save() tea.Cmd                             { return nil }
func (r replaySession) Unsaved() bool                             { return false }
func (r replaySession) End() tea.Cmd                              { return nil }

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
	c := &common{cfg: Config{Now: time.Now}, st: st, w: 80, h: 24}
	m := &ReplayModel{c: c, pb: pb, speed: 2}
	m.g = newGameScreen(c, replaySession{pb})
	_, m.total = pb.Progress()
	m.g.replay = &replayStatus{total: m.total}
	m.status()
	return m, nil
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
	r := m.g.replay
	r.played, r.total, r.paused, r.speed = played, total, m.paused, replaySpeeds[m.speed].label
	m.g.dirty = true
}

// step plays one move; at the end, or on a move the game refuses, it stops.
func (m *ReplayModel) step() {
	if m.g.replay.done != "" {
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
	m.g.apply(st.Events)
	if m.pb.Done() {
		m.finish(nil)
	}
}

// finish says how the replay ended.
func (m *ReplayModel) finish(err error) {
	g := m.pb.Game()
	switch {
	case err != nil:
		m.g.replay.done = "stopped"
		m.g.say("The replay stops: " + err.Error() + ".")
	case g.Result() == engine.Won:
		m.g.replay.done = "the end: won"
		m.g.say(fmt.Sprintf("The end: won with %d points. Q quits.", g.Score()))
	case g.Result() == engine.Lost:
		m.g.replay.done = "the end: lost"
		m.g.say(fmt.Sprintf("The end: lost on level %d with %d points. Q quits.", g.LevelNumber(), g.Score()))
	default:
		m.g.replay.done = "the end: in progress"
		m.g.say("The recording ends here (the game was left unfinished). Q quits.")
	}
	m.paused = true
	m.status()
}

// Update handles the keys and the ticks.
func (m *ReplayModel) Update(msg tea.Msg) (tea.Model, tea.Cmd) {
	switch msg := msg.(type) {
	case tea.WindowSizeMsg:
		m.c.w, m.c.h = msg.Width, msg.Height
		m.g.dirty = true
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
			if m.g.replay.done != "" {
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
	return m.g.View()
}
