package minotaur

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"time"

	"github.com/charmbracelet/bubbles/key"
	tea "github.com/charmbracelet/bubbletea"

	"github.com/minotaur-game/minotaur/engine"
	"github.com/minotaur-game/minotaur/levels"
	"github.com/minotaur-game/minotaur/safetext"
	"github.com/minotaur-game/minotaur/saves"
	"github.com/minotaur-game/minotaur/tui/screen"
)

// maxListedReplays is how many replays the list shows, the newest.
const maxListedReplays = 200

// replayEntry is a file of the replays folder as the list shows it.
type replayEntry struct {
	file    string    // the file's name in the folder, as it is
	name    string    // the name as drawn (safetext)
	date    time.Time // when the game ended: the time in its name, else written
	written time.Time // when the file was written, as the disk tells
	read    bool      // the file has been read (and played through)
	why     string    // why it cannot be watched ("" when it can)
	r       saves.Replay
	lvs     []engine.Level
	marks   []replayMark
	what    string // the outcome in a few words: "won, 2694", "lost L3, 799"
	seed    string // "seed 44"
	custom  bool   // the game was played on level files (which the replay holds)
}

// replaysScreen lists the replays folder, newest first, with each game's
// date, outcome and seed; a file that cannot be played is listed with
// the reason. Enter opens the viewer (replayScreen).
type replaysScreen struct {
	c       *env
	dir     string
	entries []replayEntry
	listed  bool
	err     string // the folder could not be read
	cursor  int
	note    string
}

func newReplaysScreen(c *env) *replaysScreen { return &replaysScreen{c: c, dir: c.cfg.Replays} }

// replaysListedMsg is the folder's replay files, newest first.
type replaysListedMsg struct {
	entries []replayEntry
	err     error
}

// replayReadMsg is one file read and played through.
type replayReadMsg struct {
	i int
	e replayEntry
}

// listReplays reads the folder's names: only the regular files of the
// folder itself that end in .json (no link is followed, no folder
// entered), the newest maxListedReplays.
func listReplays(dir string) tea.Cmd {
	return func() tea.Msg {
		des, err := os.ReadDir(dir)
		if errors.Is(err, fs.ErrNotExist) {
			return replaysListedMsg{}
		}
		if err != nil {
			return replaysListedMsg{err: err}
		}
		var out []replayEntry
		for _, de := range des {
			name := de.Name()
			if !de.Type().IsRegular() || strings.HasPrefix(name, ".") || !strings.EqualFold(filepath.Ext(name), ".json") {
				continue
			}
			e := replayEntry{file: name, name: safetext.Clean(name)}
			if info, err := de.Info(); err == nil {
				e.written = info.ModTime()
			}
			// The time in the game's own name (replay-<time>.json) is when
			// the game ended; a file named otherwise is dated by the disk.
			e.date = e.written
			if t, ok := replayTime(name); ok {
				e.date = t
			}
			out = append(out, e)
		}
		slices.SortFunc(out, func(a, b replayEntry) int {
			if c := b.date.Compare(a.date); c != 0 {
				return c
			}
			if c := b.written.Compare(a.written); c != 0 {
				return c
			}
			return strings.Compare(b.file, a.file)
		})
		return replaysListedMsg{entries: out[:min(len(out), maxListedReplays)]}
	}
}

// replayTime is the time in a replay's name as the game writes it,
// replay-20060102-150405.json (or -2.json…), read in the local zone as
// it was written.
func replayTime(name string) (time.Time, bool) {
	rest, ok := strings.CutPrefix(name, "replay-")
	if !ok || len(rest) < len("20060102-150405") {
		return time.Time{}, false
	}
	t, err := time.ParseInLocation("20060102-150405", rest[:len("20060102-150405")], time.Local)
	return t, err == nil
}

// readReplay reads the i-th file and plays it through, for its outcome
// and the viewer's marks.
func readReplay(dir string, i int, e replayEntry) tea.Cmd {
	return func() tea.Msg {
		e.read = true
		path := filepath.Join(dir, e.file)
		r, err := saves.ReadReplay(path)
		if err != nil {
			e.why = reason(err)
			return replayReadMsg{i, e}
		}
		lvs, err := levels.ReplayLevels(e.name, r.Levels)
		if err != nil {
			e.why = "a level of it cannot be played"
			return replayReadMsg{i, e}
		}
		marks, g, err := replayPlay(r, lvs)
		if err != nil {
			e.why = reason(err)
			return replayReadMsg{i, e}
		}
		e.r, e.lvs, e.marks = r, lvs, marks
		switch g.Result() {
		case engine.Won:
			e.what = fmt.Sprintf("won, %d", g.Score())
		case engine.Lost:
			e.what = fmt.Sprintf("lost L%d, %d", g.LevelNumber(), g.Score())
		default:
			e.what = fmt.Sprintf("left L%d, %d", g.LevelNumber(), g.Score())
		}
		if r.Players == 2 {
			e.what += " (co-op)"
		}
		e.seed = fmt.Sprintf("seed %d", r.Seed)
		e.custom = r.Levels != nil
		return replayReadMsg{i, e}
	}
}

// reason is why a replay cannot be played, without the file's path (the
// list names the file), cleaned for the screen.
func reason(err error) string {
	var re *saves.ReplayError
	var pe *fs.PathError
	switch {
	case errors.As(err, &re):
		err = re.Err
	case errors.As(err, &pe):
		err = pe.Err
	}
	return safetext.Clean(err.Error())
}

// Init reads the folder.
func (s *replaysScreen) Init() tea.Cmd { return listReplays(s.dir) }

// next reads the first file not read yet, or returns nil.
func (s *replaysScreen) next() tea.Cmd {
	for i, e := range s.entries {
		if !e.read {
			return readReplay(s.dir, i, e)
		}
	}
	return nil
}

// Update lists, moves the cursor, opens a replay.
func (s *replaysScreen) Update(msg tea.Msg) (screen.Nav, tea.Cmd) {
	switch msg := msg.(type) {
	case replaysListedMsg:
		s.entries, s.listed = msg.entries, true
		if msg.err != nil {
			s.err = "The replays folder cannot be read: " + safetext.Clean(msg.err.Error())
		}
		return screen.Stay, s.next()
	case replayReadMsg:
		if msg.i < len(s.entries) && s.entries[msg.i].file == msg.e.file {
			s.entries[msg.i] = msg.e
		}
		return screen.Stay, s.next()
	case tea.MouseMsg:
		// The wheel moves the cursor, and the list with it, a few
		// entries at a time.
		if n := screen.Wheel(msg); n != 0 && len(s.entries) > 0 {
			s.cursor, s.note = max(0, min(s.cursor+n, len(s.entries)-1)), ""
		}
	case tea.KeyMsg:
		n := len(s.entries)
		switch {
		case key.Matches(msg, screen.MenuKeys.Back), msg.String() == "q", msg.String() == "Q":
			return screen.Pop(), nil
		case n == 0:
		case key.Matches(msg, screen.MenuKeys.Up):
			s.cursor, s.note = (s.cursor+n-1)%n, ""
		case key.Matches(msg, screen.MenuKeys.Down):
			s.cursor, s.note = (s.cursor+1)%n, ""
		case msg.Type == tea.KeyHome:
			s.cursor = 0
		case msg.Type == tea.KeyEnd:
			s.cursor = n - 1
		case msg.Type == tea.KeyPgUp:
			s.cursor = max(s.cursor-s.rows(), 0)
		case msg.Type == tea.KeyPgDown:
			s.cursor = min(s.cursor+s.rows(), n-1)
		case key.Matches(msg, screen.MenuKeys.Choose):
			return s.open()
		}
	}
	return screen.Stay, nil
}

// open opens the viewer on the replay under the cursor.
func (s *replaysScreen) open() (screen.Nav, tea.Cmd) {
	e := s.entries[s.cursor]
	switch {
	case !e.read:
		s.note = "Still reading it: a moment."
		return screen.Stay, nil
	case e.why != "":
		s.note = e.name + " cannot be watched: " + e.why + "."
		return screen.Stay, nil
	}
	m, err := newReplayModel(s.c, e.r, e.lvs, e.marks)
	if err != nil {
		s.note = e.name + " cannot be watched: " + safetext.Clean(err.Error()) + "."
		return screen.Stay, nil
	}
	m.back, m.hints, m.narrow = true, hintCache{}, ""
	return screen.Push(&replayScreen{m: m}), nil
}

// rows is how many entries the list shows at once.
func (s *replaysScreen) rows() int { return max(s.c.Height-10, 2) }

// View draws the list: each replay's date and outcome, and under the list
// the chosen one's seed and file name (or why it cannot be watched).
func (s *replaysScreen) View() string {
	st := s.c.Styles
	w := min(s.c.DialogWidth(), 72)
	var body string
	var detail string
	switch {
	case s.err != "":
		body = st.Warn.Render(screen.Wrap(s.err, w))
	case !s.listed:
		body = "Reading the replays…"
	case len(s.entries) == 0:
		body = screen.Wrap("No replays yet: every game played leaves one here.", w)
	default:
		rows := s.rows()
		top := screen.Window(len(s.entries), min(rows, len(s.entries)), s.cursor)
		end := min(top+rows, len(s.entries))
		// The seed in a column of its own where the row has room for it
		// (else it is told under the list for the entry chosen).
		whatW, seedW := 0, 0
		for _, e := range s.entries[top:end] {
			whatW, seedW = max(whatW, len([]rune(e.shown()))), max(seedW, len(e.seed))
		}
		withSeed := 16+2+whatW+2+seedW <= w-2
		var lines []string
		for i := top; i < end; i++ {
			e := s.entries[i]
			date := "date unknown    "
			if !e.date.IsZero() {
				date = e.date.Local().Format("2006-01-02 15:04")
			}
			line := date + "  " + e.shown()
			if withSeed && e.seed != "" {
				line = fmt.Sprintf("%s  %-*s  %s", date, whatW, e.shown(), e.seed)
			}
			line = screen.Fit(line, w-2)
			if i == s.cursor {
				lines = append(lines, "> "+st.Selected.Render(fmt.Sprintf("%-*s", w-2, line)))
			} else {
				lines = append(lines, "  "+line)
			}
		}
		body = strings.Join(lines, "\n")
		detail = s.detail(w)
	}
	var note string
	if s.note != "" {
		note = st.Warn.Render(screen.Fit(s.note, w))
	}
	hint := "↑/↓ Enter watch · Esc back"
	return s.c.Dialog(st.Title.Render("REPLAYS"), body, detail, note, st.Faint.Render(screen.Fit(hint, w)))
}

// shown is the entry's outcome as the list shows it.
func (e replayEntry) shown() string {
	switch {
	case !e.read:
		return "…"
	case e.why != "":
		return "cannot be played"
	}
	return e.what
}

// detail is what the list tells of the entry under the cursor, in lines
// of w columns: its seed and its file's name, or its name and why it
// cannot be watched (two lines of it at most).
func (s *replaysScreen) detail(w int) string {
	st := s.c.Styles
	e := s.entries[s.cursor]
	if e.why == "" {
		var lines []string
		if e.seed != "" {
			// The seed whole; "your levels" when there is room for it.
			seed := e.seed
			if e.custom && len([]rune(seed+" · your levels")) <= w {
				seed += " · your levels"
			}
			lines = append(lines, screen.Fit(seed, w))
		}
		lines = append(lines, screen.Fit(e.name, w))
		return st.Faint.Render(strings.Join(lines, "\n"))
	}
	why := strings.Split(screen.Wrap(capital(e.why)+".", w), "\n")
	if len(why) > 2 {
		why = []string{why[0], screen.Fit(why[1]+" "+why[2], w)}
	}
	return st.Faint.Render(screen.Fit(e.name, w)) + "\n" + st.Warn.Render(strings.Join(why, "\n"))
}

// replayScreen is the replay viewer opened from the list: the viewer of
// `minotaur replay`, where Q and Esc go back to the list instead of
// ending the program.
type replayScreen struct{ m *ReplayModel }

// Init starts playing.
func (r *replayScreen) Init() tea.Cmd { return r.m.Init() }

// Update hands the viewer its keys and ticks; Q or Esc goes back (Esc
// still cancels the go-to-turn prompt first).
func (r *replayScreen) Update(msg tea.Msg) (screen.Nav, tea.Cmd) {
	if k, ok := msg.(tea.KeyMsg); ok && !r.m.asking && k.Type != tea.KeyCtrlC && key.Matches(k, replayKeys(true).Quit) {
		return screen.Pop(), nil
	}
	_, cmd := r.m.Update(msg)
	return screen.Stay, cmd
}

// View draws the viewer.
func (r *replayScreen) View() string { return r.m.View() }
