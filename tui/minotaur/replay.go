package minotaur

import (
	"fmt"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/charmbracelet/bubbles/key"
	tea "github.com/charmbracelet/bubbletea"
	"github.com/charmbracelet/x/ansi"

	"github.com/minotaur-game/minotaur/engine"
	"github.com/minotaur-game/minotaur/saves"
	"github.com/minotaur-game/minotaur/tui/keymap"
	"github.com/minotaur-game/minotaur/tui/screen"
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
	Pause, Step, Back, Next, Prev, GoTo, Faster, Slower, Quit key.Binding
	// Speed is Faster and Slower as one hint, Steps Step and Back, Levels
	// Next and Prev; they are never matched.
	Speed, Steps, Levels key.Binding
}

// replayKeys are the viewer's keys as the active keymap binds Minotaur's
// actions: its right and left keys step (with N and . , B and ,), its
// pause keys but Esc pause (with Space), its quit keys and Esc quit; the
// rest are the viewer's own. back is true for the viewer opened from the
// replays list, where the quit keys go back to it.
func replayKeys(back bool) replayKeyMap {
	if back {
		return replayKeysCache.Get()[1]
	}
	return replayKeysCache.Get()[0]
}

var replayKeysCache = keymap.NewCached(func(m *keymap.Map) [2]replayKeyMap {
	const g = keymap.Minotaur
	without := func(keys []string, drop ...string) []string {
		return slices.DeleteFunc(keys, func(k string) bool { return slices.Contains(drop, k) })
	}
	pause := append([]string{" "}, without(m.Keys(g, "pause"), "esc", " ")...)
	step := append(m.Keys(g, "right"), "n", "N", ".")
	back := append(m.Keys(g, "left"), "b", "B", ",")
	quit := append(m.Keys(g, "quit"), "esc", "ctrl+c")
	stepLabel, backLabel := "→", "←"
	steps := "←/→"
	if m.Changed(g, "right") || m.Changed(g, "left") {
		stepLabel, backLabel = m.Label(g, "right", "→"), m.Label(g, "left", "←")
		steps = m.Label(g, "left", "←") + "/" + m.Label(g, "right", "→")
	}
	k := replayKeyMap{
		Pause:  key.NewBinding(key.WithKeys(pause...), key.WithHelp("Space", "pause")),
		Step:   key.NewBinding(key.WithKeys(step...), key.WithHelp(stepLabel, "step")),
		Back:   key.NewBinding(key.WithKeys(back...), key.WithHelp(backLabel, "back")),
		Next:   key.NewBinding(key.WithKeys("]"), key.WithHelp("]", "next level")),
		Prev:   key.NewBinding(key.WithKeys("["), key.WithHelp("[", "previous level")),
		GoTo:   key.NewBinding(key.WithKeys("g", "G"), key.WithHelp("g", "go to turn")),
		Steps:  key.NewBinding(key.WithKeys("left", "right"), key.WithHelp(steps, "step")),
		Levels: key.NewBinding(key.WithKeys("[", "]"), key.WithHelp("[/]", "level")),
		Faster: key.NewBinding(key.WithKeys("+", "="), key.WithHelp("+", "faster")),
		Slower: key.NewBinding(key.WithKeys("-", "_"), key.WithHelp("-", "slower")),
		Quit:   key.NewBinding(key.WithKeys(quit...), key.WithHelp(m.Label(g, "quit", "Q"), "quit")),
		Speed:  key.NewBinding(key.WithKeys("+", "=", "-", "_"), key.WithHelp("+/-", "speed")),
	}
	b := k
	b.Quit = key.NewBinding(key.WithKeys(quit...), key.WithHelp(m.Label(g, "quit", "Q"), "back"))
	return [2]replayKeyMap{k, b}
})

// ShortHelp is the one line of hints under the map.
func (k replayKeyMap) ShortHelp() []key.Binding {
	return []key.Binding{k.Pause, k.Steps, k.Levels, k.GoTo, k.Speed, k.Quit}
}

// FullHelp is the hints of the side panel, one group a line.
func (k replayKeyMap) FullHelp() [][]key.Binding {
	return [][]key.Binding{{k.Pause, k.Steps}, {k.Levels, k.GoTo}, {k.Speed, k.Quit}}
}

// ReplayModel plays a recorded game back on screen, on the same board as
// play: Space pauses, → plays one move, ← goes one move back, ] and [ go to
// the next and previous level, g to a turn, + and - change the speed, Q
// quits.
//
// Going back re-runs the game from its start up to the move before, on a
// new board, so the screen is exactly the one a replay stopped there shows
// (the engine is deterministic and fast: no snapshots are kept).
type ReplayModel struct {
	c      *env
	r      saves.Replay
	levels []engine.Level
	pb     *saves.Playback
	b      *board
	speed  int
	paused bool
	gen    int    // the tick chain that is current; older ticks are ignored
	done   string // why the playback stopped, when it has
	hints  hintCache
	// narrow is narrowHints' lines for the width narrowW.
	narrow  string
	narrowW int
	// narrator words the events for seat 1, as its player saw them.
	narrator engine.Narrator
	// marks[i] is the level and turn after i moves, for every position the
	// playback can reach (up to the first move the game refuses).
	marks []replayMark
	// goTo is the prompt of g; asking is true while it is open.
	goTo   screen.Input
	asking bool
	// back is true for the viewer opened from the replays list: its quit
	// keys go back to the list, and its hints say so.
	back bool
}

// replayMark is where the game stands after some moves.
type replayMark struct{ level, turn int }

// NewReplay starts playing r back; levels are r.Levels parsed (nil for the
// generated campaign). st may be nil for the local terminal's styles.
func NewReplay(r saves.Replay, levels []engine.Level, st *screen.Styles) (*ReplayModel, error) {
	marks, err := replayMarks(r, levels)
	if err != nil {
		return nil, err
	}
	if st == nil {
		st = screen.NewStyles(nil)
	}
	return newReplayModel(newEnv(&screen.Context{Styles: st, Width: 80, Height: 24}, nil), r, levels, marks)
}

// newReplayModel is the viewer of r on c's terminal; marks are
// replayMarks(r, levels).
func newReplayModel(c *env, r saves.Replay, levels []engine.Level, marks []replayMark) (*ReplayModel, error) {
	m := &ReplayModel{c: c, r: r, levels: levels, speed: 2, marks: marks}
	m.goTo = screen.Input{Limit: 12}
	if err := m.restart(); err != nil {
		return nil, err
	}
	return m, nil
}

// restart puts the playback and the board back at the start of the game.
func (m *ReplayModel) restart() error {
	pb, err := m.r.Start(m.levels)
	if err != nil {
		return err
	}
	m.pb, m.done = pb, ""
	m.b = newBoard(m.c.st, 1, pb.Game().View(1))
	m.b.accessible = m.c.Accessible
	players := pb.Game().Players()
	m.b.info = func() SessionInfo { return SessionInfo{Players: players} }
	m.narrator = engine.Narrator{Seat: 1, FirstPerson: true, Players: players}
	m.b.keys = m.keyHints
	m.b.welcome()
	m.status()
	return nil
}

// replayMarks plays r through once and notes the level and turn after
// every move, up to the end or the first move the game refuses.
func replayMarks(r saves.Replay, levels []engine.Level) ([]replayMark, error) {
	marks, _, err := replayPlay(r, levels)
	return marks, err
}

// replayPlay is replayMarks, and the game as it stands after the last
// move played.
func replayPlay(r saves.Replay, levels []engine.Level) ([]replayMark, *engine.Game, error) {
	pb, err := r.Start(levels)
	if err != nil {
		return nil, nil, err
	}
	g := pb.Game()
	marks := make([]replayMark, 1, len(r.Moves)+1)
	marks[0] = replayMark{g.LevelNumber(), g.Status().Turn}
	for !pb.Done() {
		if _, err := pb.Step(); err != nil {
			break
		}
		marks = append(marks, replayMark{g.LevelNumber(), g.Status().Turn})
	}
	return marks, g, nil
}

// seek shows the game after n moves, paused: the game is played again
// from its start, on a new board, exactly as → would have shown it.
func (m *ReplayModel) seek(n int) {
	n = max(0, min(n, len(m.marks)-1))
	if played, _ := m.pb.Progress(); played > n || m.done != "" {
		if err := m.restart(); err != nil {
			m.b.say("The replay cannot start again: " + err.Error() + ".")
			return
		}
	}
	for {
		played, _ := m.pb.Progress()
		if played >= n || m.done != "" {
			break
		}
		m.step()
	}
	m.paused = true
	m.gen++
	m.status()
}

// here is where the game stands now.
func (m *ReplayModel) here() replayMark {
	played, _ := m.pb.Progress()
	return m.marks[min(played, len(m.marks)-1)]
}

// levelStart returns the number of moves after which level starts, or -1
// when the replay never reaches it.
func (m *ReplayModel) levelStart(level int) int {
	for i, mk := range m.marks {
		if mk.level == level {
			return i
		}
	}
	return -1
}

// nextLevel goes to the start of the next level, or to the end of the
// replay on its last level.
func (m *ReplayModel) nextLevel() {
	if i := m.levelStart(m.here().level + 1); i >= 0 {
		m.seek(i)
		return
	}
	m.seek(len(m.marks) - 1)
}

// prevLevel goes to the start of the previous level, or to the start of
// the replay on the first.
func (m *ReplayModel) prevLevel() {
	lv := m.here().level
	if i := m.levelStart(lv - 1); i >= 0 {
		m.seek(i)
		return
	}
	m.seek(max(m.levelStart(lv), 0))
}

// goToTurn goes to where a turn starts: "T" is turn T of the level on
// screen, "L:T" turn T of level L. It returns why it cannot, for the player.
func (m *ReplayModel) goToTurn(text string) string {
	text = strings.TrimSpace(text)
	level, turnText := m.here().level, text
	if l, t, ok := strings.Cut(text, ":"); ok {
		n, err := strconv.Atoi(strings.TrimSpace(l))
		if err != nil || n < 1 {
			return fmt.Sprintf("%q is not a level number: type a turn (12) or a level and a turn (3:12).", l)
		}
		level, turnText = n, strings.TrimSpace(t)
	}
	turn, err := strconv.Atoi(turnText)
	if err != nil || turn < 0 {
		return fmt.Sprintf("%q is not a turn number: type a turn (12) or a level and a turn (3:12).", turnText)
	}
	last := -1
	for i, mk := range m.marks {
		if mk.level != level {
			continue
		}
		if mk.turn == turn {
			m.seek(i)
			return ""
		}
		last = max(last, mk.turn)
	}
	if last < 0 {
		return fmt.Sprintf("The replay does not reach level %d.", level)
	}
	return fmt.Sprintf("Level %d has turns 0 to %d in this replay.", level, last)
}

// turnRange tells the level on screen and its last turn, for the prompt.
func (m *ReplayModel) turnRange() (level, last int) {
	level = m.here().level
	for _, mk := range m.marks {
		if mk.level == level {
			last = max(last, mk.turn)
		}
	}
	return level, last
}

// keyHints are the viewer's key hints, from replayKeys through bubbles'
// help; under the map they follow the status line.
func (m *ReplayModel) keyHints(w int) ([]string, pline) {
	st := m.c.st
	side, under := m.hints.get(w, 0, func() ([]string, string) {
		h := screen.HintHelp(st.Styles, "  ", false)
		var side []string
		keys := replayKeys(m.back)
		for _, row := range keys.FullHelp() {
			side = append(side, screen.Fit(h.ShortHelpView(row), w))
		}
		return side, screen.HintHelp(st.Styles, " · ", true).ShortHelpView(keys.ShortHelp())
	})
	if line := m.b.status + "  " + under; ansi.StringWidth(line) <= w {
		return side, pline{st.text.warn, line}
	}
	// A narrow terminal: the status on a line of its own, the keys whole
	// on the lines under it, as play's hints.
	return side, pline{st.text.warn, cut(m.b.status, w) + "\n" + m.narrowHints(w)}
}

// narrowHints are the keys' hints on lines of w columns, under the
// status on a narrow terminal (built once per width).
func (m *ReplayModel) narrowHints(w int) string {
	if m.narrowW != w || m.narrow == "" {
		m.narrowW, m.narrow = w, shortHints(replayKeys(m.back).ShortHelp(), w)
	}
	return m.narrow
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
	if m.asking {
		s = m.goTo.View(60)
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
	o := m.b.play(st.Events, m.pb.Game().View(1), m.narrator)
	if o.end == engine.EvGameLost && o.caught != nil {
		// The last frame shows the capture, as the end screen's map does:
		// the catcher, highlighted, where it caught the player.
		m.b.catch = o.caught
	}
	if m.pb.Done() {
		m.finish(nil)
	}
}

// finish says how the replay ended.
func (m *ReplayModel) finish(err error) {
	g := m.pb.Game()
	quits := m.quitLabel() + " quits."
	if m.back {
		quits = m.quitLabel() + " goes back to the list."
	}
	switch {
	case err != nil:
		m.done = "stopped"
		m.b.say("The replay stops: " + err.Error() + ".")
	case g.Result() == engine.Won:
		m.done = "the end: won"
		m.b.say(fmt.Sprintf("The end: won with %d points. %s", g.Score(), quits))
	case g.Result() == engine.Lost:
		m.done = "the end: lost"
		m.b.say(fmt.Sprintf("The end: lost on level %d with %d points. %s", g.LevelNumber(), g.Score(), quits))
	default:
		m.done = "the end: in progress"
		m.b.say("The recording ends here (the game was left unfinished). " + quits)
	}
	m.paused = true
	m.status()
}

// Update handles the keys and the ticks.
func (m *ReplayModel) Update(msg tea.Msg) (tea.Model, tea.Cmd) {
	switch msg := msg.(type) {
	case tea.WindowSizeMsg:
		m.c.Width, m.c.Height = msg.Width, msg.Height
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
		if m.asking && msg.Type != tea.KeyCtrlC {
			m.askKey(msg)
			return m, nil
		}
		keys := replayKeys(m.back)
		switch {
		case key.Matches(msg, keys.Quit):
			return m, tea.Quit
		case key.Matches(msg, keys.Pause):
			if m.done != "" {
				return m, nil
			}
			m.paused = !m.paused
			m.gen++
			m.status()
			if !m.paused {
				return m, m.tick()
			}
		case key.Matches(msg, keys.Step):
			m.paused = true
			m.gen++
			m.step()
			m.status()
		case key.Matches(msg, keys.Back):
			played, _ := m.pb.Progress()
			m.seek(played - 1)
		case key.Matches(msg, keys.Next):
			m.nextLevel()
		case key.Matches(msg, keys.Prev):
			m.prevLevel()
		case key.Matches(msg, keys.GoTo):
			m.paused = true
			m.gen++
			m.asking = true
			_, last := m.turnRange()
			m.goTo.Prompt = fmt.Sprintf("Go to turn (0-%d): ", last)
			m.goTo.SetValue("")
			m.goTo.Focus()
			m.status()
		case key.Matches(msg, keys.Faster):
			m.speed = min(m.speed+1, len(replaySpeeds)-1)
			m.status()
		case key.Matches(msg, keys.Slower):
			m.speed = max(m.speed-1, 0)
			m.status()
		}
	}
	return m, nil
}

// quitLabel names the keys that quit (or go back to the list).
func (m *ReplayModel) quitLabel() string { return replayKeys(m.back).Quit.Help().Key }

// askKey handles a key while the prompt of g is open: Enter goes, Esc
// cancels.
func (m *ReplayModel) askKey(msg tea.KeyMsg) {
	switch msg.Type {
	case tea.KeyEsc:
		m.asking = false
	case tea.KeyEnter:
		m.asking = false
		if why := m.goToTurn(m.goTo.Value()); why != "" {
			m.b.say(why)
		}
	default:
		m.goTo.Update(msg)
	}
	m.status()
}

// View draws the game as it stands in the replay.
func (m *ReplayModel) View() string {
	if m.c.TooSmall() {
		return m.c.TooSmallView()
	}
	return m.b.View(m.c.Width, m.c.Height)
}
